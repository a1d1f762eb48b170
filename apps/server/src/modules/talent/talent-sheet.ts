import {
  TALENT_BUSINESS_SLOTS,
  TALENT_SECTIONS,
  enumLabel,
  enumerations,
  talentBusinessDuplicateMessage,
  talentFieldShown,
  talentFields,
  talentPostTypes,
  talentSectionFields,
  talentSectionProblems,
  talentSectionTitles,
  type EnumName,
  type Lang,
  type TalentBusinessRelation,
  type TalentField,
  type TalentSection,
  type TalentShowFacts,
} from '@portal/contract';
import type { SheetColumn } from '../../platform/sheet-rows.ts';
import { CHOICES, categoryPath, realDay, regionCodes, regionNames, validDay } from './talent.service.ts';

/**
 * The talent records' sheet (decisions 059 and 062): the export's columns, of which the history
 * import reads the phone, the talent type and every field by its label (the template is these),
 * so an exported file imports back as it is. Choices are written and read by their labels,
 * regions by their names along the tree (南宁市/青秀区), business areas by their names joined by 、.
 */

export interface TalentColumn extends SheetColumn {
  width: number;
}

export const TALENT_FIELD_NAMES = Object.keys(talentFields) as TalentField[];

const column = (key: string, zh: string, en: string, width: number, required = false): TalentColumn => ({
  key,
  header: { zh, en },
  width,
  required,
});

const NAME = column('name', '姓名', 'Name', 12);
const PHONE = column('phone', '手机号', 'Phone', 14, true);
const TALENT_TYPE = column('talentType', '人才类型', 'Talent type', 12);
const FIELD_COLUMNS: TalentColumn[] = TALENT_FIELD_NAMES.map((field) => ({
  key: field,
  header: talentFields[field].label,
  width: talentFields[field].kind === 'textarea' ? 40 : 16,
  required: false,
}));

/** The export's columns: the member's profile, the record's type and source, every field, its state. */
export const TALENT_EXPORT_COLUMNS: TalentColumn[] = [
  NAME,
  PHONE,
  column('userNo', '工号', 'Staff number', 12),
  column('departmentName', '部门', 'Department', 16),
  TALENT_TYPE,
  column('talentSource', '来源', 'Source', 12),
  ...FIELD_COLUMNS,
  column('savedSections', '已保存部分', 'Sections saved', 30),
  column('updatedAt', '更新时间', 'Updated', 18),
];

/**
 * The columns the import reads (the template's): the export's others (staff number, department,
 * source, sections saved, updated) are the profile's or the record's own and are left unread.
 * 姓名 is read only to name a row whose phone is no member's.
 */
export const TALENT_IMPORT_COLUMNS: TalentColumn[] = [NAME, PHONE, TALENT_TYPE, ...FIELD_COLUMNS];

/** The separator of business areas in a cell (the export's, in both languages). */
const AREA_SEPARATOR = '、';

/** A field's value as a cell: choices by their label, regions and business areas by name. */
export function talentCell(
  field: TalentField,
  details: Record<string, unknown>,
  talentType: number,
  lang: Lang,
  areaNames: Map<number, string>,
): string {
  const value = details[field];
  const enumName = CHOICES[field];
  if (enumName) return typeof value === 'number' ? enumLabel(enumName, value, lang) : '';
  if (field === 'region')
    return Array.isArray(value) ? (regionNames(talentType, value as string[]) ?? []).join('/') : '';
  if (field === 'talentBusinessRelationList') {
    return Array.isArray(value)
      ? (value as TalentBusinessRelation[])
          .map((b) => areaNames.get(b.businessCategoryId) ?? b.businessCategoryName)
          .join(AREA_SEPARATOR)
      : '';
  }
  return typeof value === 'string' ? value : '';
}

// ---- Reading a row back (the history import) ----

/** A business category of type 14 as the import looks it up. */
export interface AreaCategory {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
}

const norm = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toLowerCase();

/**
 * The enterprise's business areas by name: a leaf (a category with none below it) is found by its
 * Chinese or English name; two leaves of one name are ambiguous.
 */
export class AreaBook {
  private readonly byId: Map<number, AreaCategory>;
  private readonly leaves = new Map<string, AreaCategory[]>();

  constructor(categories: AreaCategory[]) {
    this.byId = new Map(categories.map((c) => [c.id, c]));
    const parents = new Set(categories.map((c) => c.parentId).filter((id): id is number => id !== null));
    for (const c of categories) {
      if (parents.has(c.id)) continue;
      for (const name of new Set([norm(c.name), norm(c.nameEn)])) {
        if (name === '') continue;
        const list = this.leaves.get(name) ?? [];
        if (!list.includes(c)) list.push(c);
        this.leaves.set(name, list);
      }
    }
  }

  find(name: string): AreaCategory[] {
    return this.leaves.get(norm(name)) ?? [];
  }

  /** The leaves' names in a language, for the template's notes. */
  leafNames(lang: Lang): string[] {
    const names = new Set<string>();
    for (const list of this.leaves.values())
      for (const c of list) names.add(lang === 'en' && c.nameEn ? c.nameEn : c.name);
    return [...names];
  }

  slot(c: AreaCategory, order: number, lang: Lang): TalentBusinessRelation {
    return {
      businessCategoryId: c.id,
      businessCategoryName: lang === 'en' && c.nameEn ? c.nameEn : c.name,
      parentCategoryIdList: categoryPath(this.byId, c),
      recommendOrder: order,
    };
  }
}

const READ_PROBLEMS = {
  choice: { zh: '{label}无法识别：{value}', en: '{label} not recognised: {value}' },
  date: { zh: '{label}不是有效日期：{value}', en: '{label} is not a valid date: {value}' },
  future: { zh: '{label}不能晚于今天：{value}', en: '{label} cannot be after today: {value}' },
  birthday: { zh: '{label}须早于今天：{value}', en: '{label} must be before today: {value}' },
  region: {
    zh: '{label}无法识别：{value}（按地区名称逐级填写，如 {example}）',
    en: '{label} not recognised: {value} (names level by level, e.g. {example})',
  },
  postType: {
    zh: '{label}“{value}”不适用于{classification}',
    en: '{label} “{value}” does not apply to {classification}',
  },
  areaUnknown: { zh: '{label}无法识别：{value}', en: '{label} not recognised: {value}' },
  areaAmbiguous: {
    zh: '{label}“{value}”有多个同名分类，请先修改分类名称',
    en: 'More than one business area is named “{value}”: rename the categories first',
  },
  areaTooMany: {
    zh: '{label}最多{max}个',
    en: 'At most {max} business areas',
  },
  sectionNotImported: { zh: '{section}未导入：{problems}', en: '{section} not imported: {problems}' },
} as const;

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));

/** A read problem's text, the field named by its label in the administrator's language. */
function readProblem(
  key: keyof typeof READ_PROBLEMS,
  lang: Lang,
  field: TalentField | 'talentType',
  params: Record<string, string | number> = {},
): string {
  const label = field === 'talentType' ? TALENT_TYPE.header[lang] : talentFields[field].label[lang];
  return fill(READ_PROBLEMS[key][lang], { label, ...params });
}

/** The region example of a talent type: province and city for type 3, city and district otherwise. */
export const regionExample = (talentType: number) => (talentType === 3 ? '广西壮族自治区/南宁市' : '南宁市/青秀区');

/** A choice's value by either language's label or its number, or null; sex 3 (保密) is not one. */
export function choiceOf(enumName: EnumName, text: string, field?: TalentField): number | null {
  const t = norm(text);
  const options = enumerations[enumName].filter((o) => !(field === 'sex' && o.value === 3));
  if (/^\d+$/.test(t)) return options.find((o) => o.value === Number(t))?.value ?? null;
  return options.find((o) => norm(o.label) === t || norm(o.labelEn) === t)?.value ?? null;
}

/** Excel's day 0 (its serial numbers count days from it). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A date as written: 2010-09-01 (the export's), 2010/9/1, 2010.9.1, 2010年9月1日, or a spreadsheet's
 * day number (a date cell); as YYYY-MM-DD, or null when it is none of these.
 */
export function dayOf(text: string): string | null {
  const t = text.trim();
  if (/^\d{5}(\.0+)?$/.test(t)) {
    const d = new Date(EXCEL_EPOCH + Number(t) * 86_400_000);
    return d.toISOString().slice(0, 10);
  }
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(t);
  if (!m) return null;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return realDay(day) ? day : null;
}

/** A phone as written, normalised: spaces and dashes out, a +86 or 86 in front dropped. */
export function phoneOf(text: string): string {
  const t = text.replace(/[\s\-–—()（）]/g, '');
  return /^(\+?86)1\d{10}$/.test(t) ? t.replace(/^\+?86/, '') : t;
}

/** A section of a row as read: its values as the edit stores them, or why it is not imported. */
export interface ReadSection {
  values: Partial<Record<TalentField, unknown>>;
  /** Section 2's type and classification (the record's columns); null for the others. */
  columns: { talentType: number; talentClassification: number | null } | null;
  /** The problems' texts, in the fields' order ([]: the section is imported). */
  problems: string[];
}

/** A row as read: the phone and name written, each section it gives (any of its fields filled). */
export interface ReadTalentRow {
  row: number;
  phone: string;
  name: string;
  sections: Map<TalentSection, ReadSection>;
}

/**
 * A row's cells as the record's sections: each section the row gives is read field by field
 * (choices by label, dates, regions and business areas by name), the fields its classification
 * hides cleared as the edit clears them, and checked by the contract's rules (required, limits).
 * A section the row leaves empty is not read: the export writes nothing for a section not saved.
 */
export function readTalentRow(row: number, cells: Record<string, string>, areas: AreaBook, lang: Lang): ReadTalentRow {
  const cell = (key: string) => (cells[key] ?? '').trim();
  const sections = new Map<TalentSection, ReadSection>();
  for (const section of TALENT_SECTIONS) {
    const fields = talentSectionFields(section);
    if (!fields.some((f) => cell(f) !== '')) continue;
    const values: Partial<Record<TalentField, unknown>> = {};
    const problems = new Map<TalentField | 'talentType', string>();
    let talentType = 1;
    if (section === 2 && cell('talentType') !== '') {
      const type = choiceOf('talentType', cell('talentType'));
      if (type === null)
        problems.set('talentType', readProblem('choice', lang, 'talentType', { value: cell('talentType') }));
      else talentType = type;
    }
    for (const field of fields) {
      const text = cell(field);
      const rule = talentFields[field];
      const enumName = CHOICES[field];
      if (enumName) {
        const value = text === '' ? null : choiceOf(enumName, text, field);
        if (text !== '' && value === null) problems.set(field, readProblem('choice', lang, field, { value: text }));
        values[field] = value;
      } else if (rule.kind === 'date') {
        const day = text === '' ? '' : dayOf(text);
        if (day === null) problems.set(field, readProblem('date', lang, field, { value: text }));
        else if (day !== '' && !validDay(field, day))
          problems.set(field, readProblem(field === 'birthday' ? 'birthday' : 'future', lang, field, { value: text }));
        values[field] = day ?? '';
      } else if (rule.kind === 'region') {
        const names = text.split(/\s*[/／]\s*/).filter(Boolean);
        const codes = text === '' || problems.has('talentType') ? [] : regionCodes(talentType, names);
        if (codes === null)
          problems.set(field, readProblem('region', lang, field, { value: text, example: regionExample(talentType) }));
        values[field] = codes ?? [];
      } else if (rule.kind === 'business') {
        const { slots, problem } = readAreas(text, areas, lang);
        if (problem) problems.set(field, problem);
        values[field] = slots;
      } else {
        values[field] = text;
      }
    }
    const facts: TalentShowFacts = {
      talentClassification: (values.talentClassification ?? null) as number | null,
      postType: (values.postType ?? null) as number | null,
    };
    // A post type the classification may not choose (the management post of contract staff) is
    // named and cleared: the levels of a post the person cannot hold are not asked for.
    const postType = facts.postType ?? null;
    if (
      section === 2 &&
      postType !== null &&
      talentFieldShown('postType', facts) &&
      !talentPostTypes(facts.talentClassification).includes(postType)
    ) {
      problems.set(
        'postType',
        readProblem('postType', lang, 'postType', {
          value: cell('postType'),
          classification: enumLabel('talentClassification', facts.talentClassification, lang),
        }),
      );
      values.postType = null;
      facts.postType = null;
    }
    // Fields the classification or post type hides are cleared, whatever the row wrote (as the edit does).
    for (const field of fields) {
      if (talentFieldShown(field, facts)) continue;
      values[field] = null;
      problems.delete(field);
    }
    // Required and too long, by the contract's rules; a field already unreadable is named once.
    // A region is read by its talent type's tree: with the type unreadable it is not named again.
    const unread = (f: TalentField) => f === 'region' && problems.has('talentType') && cell('region') !== '';
    for (const p of talentSectionProblems(section, values, facts, lang)) {
      if (!problems.has(p.field) && !unread(p.field)) problems.set(p.field, p.message);
    }
    const ordered = (['talentType', ...fields] as const).flatMap((f) => problems.get(f) ?? []);
    sections.set(section, {
      values,
      columns: section === 2 ? { talentType, talentClassification: facts.talentClassification as number | null } : null,
      problems:
        ordered.length === 0
          ? []
          : [
              fill(READ_PROBLEMS.sectionNotImported[lang], {
                section: talentSectionTitles[section][lang],
                problems: ordered.join(lang === 'en' ? '; ' : '；'),
              }),
            ],
    });
  }
  return { row, phone: phoneOf(cell('phone')), name: cell('name'), sections };
}

/** The business areas of a cell: leaves by name, in priority order, at most three, none twice. */
function readAreas(
  text: string,
  areas: AreaBook,
  lang: Lang,
): { slots: TalentBusinessRelation[]; problem: string | null } {
  const names = text
    .split(/\s*[、;；\n]\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length > TALENT_BUSINESS_SLOTS)
    return {
      slots: [],
      problem: readProblem('areaTooMany', lang, 'talentBusinessRelationList', { max: TALENT_BUSINESS_SLOTS }),
    };
  const slots: TalentBusinessRelation[] = [];
  for (const name of names) {
    const found = areas.find(name);
    if (found.length === 0)
      return { slots: [], problem: readProblem('areaUnknown', lang, 'talentBusinessRelationList', { value: name }) };
    if (found.length > 1)
      return { slots: [], problem: readProblem('areaAmbiguous', lang, 'talentBusinessRelationList', { value: name }) };
    if (slots.some((s) => s.businessCategoryId === found[0]!.id))
      return { slots: [], problem: talentBusinessDuplicateMessage(lang) };
    slots.push(areas.slot(found[0]!, slots.length + 1, lang));
  }
  return { slots, problem: null };
}
