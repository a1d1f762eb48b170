import { DETAIL_FIELDS, validate, type DetailField, type FieldDef, type Lang } from '@portal/contract';
import { MissingColumnsError, readSheetRows, type SheetColumn, type SheetRow } from '../../platform/sheet-rows.ts';

export { MissingColumnsError };

/**
 * The import file's columns and rows (decision 038): the template an administrator downloads and
 * the streaming reader of the file they upload. Columns are found by their header in either
 * language, in any order, so a template downloaded in English imports on a Chinese page too.
 */

/** One column of the sheet: its key, headers, whether a row must have it, and the notes' text. */
export interface ImportColumn extends SheetColumn {
  note: Record<Lang, string>;
  example: Record<Lang, string>;
  /** A detail field of the site's registration form (kept in userDetail). */
  detail?: { kind: FieldDef['kind']; max: number };
}

const FIXED: ImportColumn[] = [
  {
    key: 'realName',
    header: { zh: '姓名', en: 'Name' },
    required: true,
    note: { zh: '必填，最多15个字', en: 'Required, at most 15 characters' },
    example: { zh: '张三', en: 'Zhang San' },
  },
  {
    key: 'phone',
    header: { zh: '手机号', en: 'Mobile number' },
    required: true,
    note: {
      zh: '必填，11位手机号，学员用它登录；同一企业内已存在的手机号不会重复创建',
      en: 'Required, an 11-digit mobile number the learner signs in with; a number already in the enterprise is not created again',
    },
    example: { zh: EXAMPLE_PHONE(), en: EXAMPLE_PHONE() },
  },
  {
    key: 'employeeNo',
    header: { zh: '工号', en: 'Employee no.' },
    required: false,
    note: {
      zh: '选填，企业内唯一，可用工号登录',
      en: 'Optional, unique in the enterprise; the learner can sign in with it',
    },
    example: { zh: 'E0001', en: 'E0001' },
  },
  {
    key: 'department',
    header: { zh: '部门', en: 'Department' },
    required: false,
    note: {
      zh: '选填，用“/”分隔上下级，如 总部/研发部；不存在的部门会自动创建',
      en: 'Optional, levels separated by "/", e.g. Head office/R&D; missing departments are created',
    },
    example: { zh: '总部/研发部', en: 'Head office/R&D' },
  },
  {
    key: 'tags',
    header: { zh: '标签', en: 'Tags' },
    required: false,
    note: {
      zh: '选填，多个标签用逗号分隔；不存在的标签会自动创建',
      en: 'Optional, several tags separated by commas; missing tags are created',
    },
    example: { zh: '新员工,技术', en: 'New hire,Engineering' },
  },
];

/** The example row's phone: a row with it is the template's example and is skipped on import. */
function EXAMPLE_PHONE(): string {
  return '13800138000';
}
export const TEMPLATE_EXAMPLE_PHONE = EXAMPLE_PHONE();

/** Detail fields an import can fill: free text, e-mail, telephone and dates (selects and cascades are set in the profile). */
const IMPORTABLE_KINDS: ReadonlySet<FieldDef['kind']> = new Set(['text', 'textarea', 'email', 'telephone', 'date']);

/** The site's shown detail fields (its registration form's configuration). */
export interface ConfiguredDetail {
  field: string;
  name: string;
  show: boolean;
}

/** The columns of this site's file: the fixed ones, then the form's shown detail fields an import can fill. */
export function importColumns(configured: ConfiguredDetail[]): ImportColumn[] {
  const byField = new Map(configured.map((c) => [c.field, c]));
  const detail: ImportColumn[] = [];
  for (const [field, def] of Object.entries(DETAIL_FIELDS) as Array<[DetailField, FieldDef]>) {
    const c = byField.get(field);
    const show = c ? c.show : def.show;
    if (!show || !IMPORTABLE_KINDS.has(def.kind)) continue;
    const name = c?.name?.trim();
    const max = def.max ?? (def.kind === 'date' ? 10 : 50);
    detail.push({
      key: field,
      header: { zh: name || def.label.zh, en: def.label.en },
      required: false,
      note:
        def.kind === 'date'
          ? { zh: '选填，格式 2000-01-31', en: 'Optional, as 2000-01-31' }
          : { zh: `选填，最多${max}个字`, en: `Optional, at most ${max} characters` },
      example: { zh: '', en: '' },
      detail: { kind: def.kind, max },
    });
  }
  return [...FIXED, ...detail];
}

/** Writes the template: the columns' headers and an example row, and a sheet of notes. */
export async function writeTemplate(columns: ImportColumn[], lang: Lang): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(lang === 'zh' ? '学员' : 'Learners');
  sheet.columns = columns.map((c) => ({ header: c.header[lang], key: c.key, width: c.key === 'department' ? 24 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const c of columns)
    if (c.required) sheet.getCell(1, columns.indexOf(c) + 1).font = { bold: true, color: { argb: 'FFCC0000' } };
  const example = sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.example[lang]])));
  example.font = { italic: true, color: { argb: 'FF888888' } };
  // Phones and numbers stay text (a phone typed as a number loses nothing, but a leading 0 would).
  for (let i = 1; i <= columns.length; i++) sheet.getColumn(i).numFmt = '@';
  const notes = workbook.addWorksheet(lang === 'zh' ? '填写说明' : 'Notes');
  notes.columns = [
    { header: lang === 'zh' ? '列' : 'Column', width: 18 },
    { header: lang === 'zh' ? '说明' : 'Notes', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of columns) notes.addRow([c.header[lang], c.note[lang]]);
  notes.addRow([]);
  for (const line of GENERAL_NOTES[lang]) notes.addRow(['', line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const GENERAL_NOTES: Record<Lang, string[]> = {
  zh: [
    `第2行为示例（手机号 ${EXAMPLE_PHONE()}），导入时自动跳过，可直接覆盖或删除。`,
    '只读取第一个工作表；第一行为表头，列的顺序可以调整，中文或英文表头均可。',
    '新建学员的初始密码为导入时设置的初始密码；已有账号的学员密码不变。',
    '同一文件重复导入不会重复创建学员：已存在的学员只补充部门和标签，计为“未变化”或“已更新”。',
    '导入完成后可下载结果文件，列出每一条未导入的行及原因。',
  ],
  en: [
    `Row 2 is an example (mobile number ${EXAMPLE_PHONE()}); it is skipped on import, overwrite or delete it.`,
    'Only the first sheet is read; row 1 holds the headers, in any order, in Chinese or English.',
    'New learners get the initial password set when importing; existing accounts keep their password.',
    'Importing the same file again creates nobody twice: existing learners only get missing departments and tags ("unchanged" or "updated").',
    'When the import is done, the result file lists every row that was not imported and why.',
  ],
};

/** The rows of the file's first sheet (the template's example row apart). */
export const readRows = (data: Buffer, columns: ImportColumn[]): AsyncGenerator<SheetRow> =>
  readSheetRows(data, columns, (r) => r.row === 2 && r.cells.phone === TEMPLATE_EXAMPLE_PHONE);

/** A row the import does not add, and why (in the administrator's language): the result file's rows. */
export interface Rejection {
  row: number;
  phone: string;
  name: string;
  reason: string;
}

/** A row of the file as the import takes it: one to add, or one rejected. */
export type SheetItem = CheckedRow | Rejection;

/**
 * Every row of the file's first sheet, checked, in the file's order: a row repeating an earlier
 * row's mobile number or employee no. is rejected with that row's number. Stops after `maxRows`
 * + 1 rows (the import refuses a file with more and needs to read no further).
 */
export async function* checkedRows(
  data: Buffer,
  columns: ImportColumn[],
  lang: Lang,
  maxRows: number,
): AsyncGenerator<SheetItem> {
  const phones = new Map<string, number>();
  const numbers = new Map<string, number>();
  let count = 0;
  for await (const r of readRows(data, columns)) {
    if (++count > maxRows + 1) return;
    const checked = checkRow(r, columns, lang);
    if ('reason' in checked) {
      yield { row: r.row, phone: r.cells.phone ?? '', name: r.cells.realName ?? '', reason: checked.reason };
      continue;
    }
    const samePhone = phones.get(checked.phone);
    const sameNumber = checked.employeeNo ? numbers.get(checked.employeeNo) : undefined;
    const repeat =
      samePhone !== undefined
        ? reasonText('duplicatePhone', lang, { row: samePhone })
        : sameNumber !== undefined
          ? reasonText('duplicateEmployeeNo', lang, { row: sameNumber })
          : null;
    if (repeat) {
      yield { row: r.row, phone: checked.phone, name: checked.realName, reason: repeat };
      continue;
    }
    phones.set(checked.phone, r.row);
    if (checked.employeeNo) numbers.set(checked.employeeNo, r.row);
    yield checked;
  }
}

/** A row checked: what it adds, or why it is rejected (in the administrator's language). */
export interface CheckedRow {
  row: number;
  realName: string;
  phone: string;
  employeeNo: string | null;
  /** The department's path, root first ([] none). */
  department: string[];
  tags: string[];
  detail: Record<string, string>;
}

const REASONS = {
  nameRequired: { zh: '请填写姓名', en: 'The name is missing' },
  nameTooLong: { zh: '姓名最多15个字', en: 'The name may be at most 15 characters' },
  employeeNoTooLong: { zh: '工号最多32个字符', en: 'The employee no. may be at most 32 characters' },
  badDepartment: {
    zh: '部门格式有误：用“/”分隔上下级，每级最多30个字，最多10级',
    en: 'The department is malformed: levels separated by "/", each at most 30 characters, at most 10 levels',
  },
  badTags: {
    zh: '标签有误：最多10个，每个最多20个字',
    en: 'The tags are malformed: at most 10, each at most 20 characters',
  },
  duplicatePhone: { zh: '手机号与第{row}行重复', en: 'The mobile number repeats row {row}' },
  duplicateEmployeeNo: { zh: '工号与第{row}行重复', en: 'The employee no. repeats row {row}' },
  employeeNoTaken: {
    zh: '工号已被本企业其他学员使用',
    en: 'The employee no. belongs to another learner of the enterprise',
  },
  badDate: { zh: '{field}格式应为 2000-01-31', en: '{field} must be a date like 2000-01-31' },
  tooLong: { zh: '{field}最多{max}个字', en: '{field} may be at most {max} characters' },
} as const;

export type ReasonKey = keyof typeof REASONS;

export function reasonText(key: ReasonKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return REASONS[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** Checks one row with the shared validators; answers the row or the reason it is rejected. */
export function checkRow(r: SheetRow, columns: ImportColumn[], lang: Lang): CheckedRow | { reason: string } {
  const c = r.cells;
  const realName = c.realName ?? '';
  if (!realName) return { reason: reasonText('nameRequired', lang) };
  if ([...realName].length > 15) return { reason: reasonText('nameTooLong', lang) };
  const phone = (c.phone ?? '').replace(/[\s-]/g, '');
  const phoneError = validate('mobile', phone, { lang });
  if (phoneError) return { reason: phoneError };
  const employeeNo = c.employeeNo || null;
  if (employeeNo && employeeNo.length > 32) return { reason: reasonText('employeeNoTooLong', lang) };
  const department = (c.department ?? '')
    .split(/[/／]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (department.length > 10 || department.some((d) => [...d].length > 30))
    return { reason: reasonText('badDepartment', lang) };
  const tags = [
    ...new Set(
      (c.tags ?? '')
        .split(/[,，;；、]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.length > 10 || tags.some((t) => [...t].length > 20)) return { reason: reasonText('badTags', lang) };
  const detail: Record<string, string> = {};
  for (const col of columns) {
    if (!col.detail) continue;
    const value = c[col.key] ?? '';
    if (!value) continue;
    const field = col.header[lang];
    if (col.detail.kind === 'email' || col.detail.kind === 'telephone') {
      const error = validate(col.detail.kind, value, { lang });
      if (error) return { reason: `${field}：${error}` };
    }
    if (col.detail.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value))
      return { reason: reasonText('badDate', lang, { field }) };
    if ([...value].length > col.detail.max)
      return { reason: reasonText('tooLong', lang, { field, max: col.detail.max }) };
    detail[col.key] = value;
  }
  return { row: r.row, realName, phone, employeeNo, department, tags, detail };
}
