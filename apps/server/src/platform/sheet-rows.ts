import { Readable } from 'node:stream';
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
 * exceljs's streaming reader, driven in the order it needs (decision 050). Its own `parse` reads
 * the zip front to back and, for a file whose `xl/workbook.xml` comes last (exceljs's own writer
 * puts it there, so our templates and other systems' exports), now and then parses the sheet
 * before the workbook and throws (exceljs#3064: about 1 read in 150 on Node 20, most on Node 22).
 * The zip's central directory gives every entry by name: the relations, the workbook and the
 * shared strings are read first, then the sheet, still row by row. These are the reader's own
 * steps, private to exceljs 4.4 (pinned; sheet-rows.test.ts reads a file many times over).
 */
interface ReaderSteps {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ id: number; name: string; rId: string }> };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}

/** The file's first sheet (by the workbook's order, not the zip's), as exceljs's sheet reader. */
async function firstSheet(data: Buffer): Promise<AsyncIterable<ExcelJS.Row> | null> {
  const [{ default: Excel }, { Open }] = await Promise.all([import('exceljs'), import('unzipper')]);
  const directory = await Open.buffer(data);
  const files = new Map(directory.files.filter((f) => f.type === 'File').map((f) => [f.path, f]));
  // As text: exceljs decodes each chunk alone, so a character split between two chunks would be
  // lost (two U+FFFD); a stream with an encoding decodes across chunks.
  const entry = (name: string) => {
    const file = files.get(name);
    return file && (() => file.stream().setEncoding('utf8'));
  };
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  }) as unknown as ReaderSteps;
  const rels = entry('xl/_rels/workbook.xml.rels');
  const book = entry('xl/workbook.xml');
  if (!rels || !book) throw new Error('not a workbook');
  await reader._parseRels(rels());
  await reader._parseWorkbook(book());
  const strings = entry('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings()));
  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((r) => r.Id === first?.rId)?.Target;
  const sheetNo = target ? /(?:^|\/)worksheets\/sheet(\d+)\.xml$/.exec(target)?.[1] : undefined;
  const sheet = sheetNo ? entry(`xl/worksheets/sheet${sheetNo}.xml`) : undefined;
  if (!sheetNo || !sheet) return null;
  for (const { eventType, value } of reader._parseWorksheet(sheet(), sheetNo)) {
    if (eventType === 'worksheet') return value as AsyncIterable<ExcelJS.Row>;
  }
  return null;
}

/**
 * The rows of the file's first sheet: the header row maps columns, then every row with any cell
 * is yielded, but those `skip` names (a template's example row). Memory stays small: the sheet is
 * inflated and parsed as it is read.
 */
export async function* readSheetRows<C extends SheetColumn>(
  data: Buffer,
  columns: C[],
  skip: (row: SheetRow) => boolean = () => false,
  /** A cell is cut at this many characters (more than any field an import takes). */
  maxCell = 10_000,
): AsyncGenerator<SheetRow> {
  const sheet = await firstSheet(data);
  if (!sheet) return;
  let map: Array<string | undefined> | null = null;
  for await (const row of sheet) {
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
