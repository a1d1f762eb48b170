import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Lang } from '@portal/contract';

/**
 * Reading an import file's first sheet (decisions 038 and 046): columns are found by their header
 * in either language, in any order, so a template downloaded in English imports on a Chinese page
 * too. Streaming (exceljs's WorkbookReader): memory stays small however many rows.
 */

/** A column an import reads: its key, its headers, whether the file must have it. */
export interface SheetColumn {
  key: string;
  header: Record<Lang, string>;
  required: boolean;
}

/** One row of the file as read: its row number and its cells by column key (trimmed text). */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

/** The header row did not name the required columns. */
export class MissingColumnsError<C extends SheetColumn = SheetColumn> extends Error {
  constructor(readonly missing: C[]) {
    super(`missing columns: ${missing.map((c) => c.key).join(', ')}`);
  }
}

/** A cell's value as text: numbers, dates, rich text, hyperlinks and formula results too. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

/**
 * The rows of the file's first sheet: the header row maps columns, then every row with any cell
 * is yielded, but those `skip` names (a template's example row). `open` gives the file's stream.
 */
export async function* readSheetRows<C extends SheetColumn>(
  open: () => Promise<Readable>,
  columns: C[],
  skip: (row: SheetRow) => boolean = () => false,
  /** A cell is cut at this many characters (more than any field an import takes). */
  maxCell = 10_000,
): AsyncGenerator<SheetRow> {
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(await open(), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    let map: Array<string | undefined> | null = null;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      if (!map) {
        map = headerMap(values, columns);
        continue;
      }
      const cells: Record<string, string> = {};
      let any = false;
      map.forEach((key, i) => {
        if (!key) return;
        const whole = cellText(values[i]);
        const text = whole.length > maxCell ? whole.slice(0, maxCell) : whole;
        cells[key] = text;
        if (text) any = true;
      });
      if (!any) continue;
      const read = { row: row.number, cells };
      if (!skip(read)) yield read;
    }
    // The first sheet only (the notes sheet and any other are not read).
    return;
  }
}

/** Which column key each cell index holds, by the header's text in either language. */
function headerMap<C extends SheetColumn>(values: ExcelJS.CellValue[], columns: C[]): Array<string | undefined> {
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    byHeader.set(normalizeHeader(c.header.zh), c.key);
    byHeader.set(normalizeHeader(c.header.en), c.key);
  }
  const map: Array<string | undefined> = [];
  values.forEach((v, i) => {
    map[i] = byHeader.get(normalizeHeader(cellText(v)));
  });
  const missing = columns.filter((c) => c.required && !map.includes(c.key));
  if (missing.length) throw new MissingColumnsError(missing);
  return map;
}

const normalizeHeader = (s: string) => s.replace(/[\s*＊]/g, '').toLowerCase();
