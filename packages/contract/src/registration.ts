/**
 * The registration form (account-area.md section 4): the always-present fields (group `default`)
 * and the detail fields kept in userDetail (group `userTitle`), each with a default label and
 * whether it shows and is required when the site configures nothing (decision 009). The site's
 * configuration (registration_fields) overrides name, show, required and sort per field.
 */
import type { EnumName } from './enums.ts';
import type { Lang } from './errors.ts';

export type FieldKind = 'text' | 'select' | 'date' | 'email' | 'telephone' | 'textarea' | 'photo' | 'cascade';

export interface FieldDef {
  kind: FieldKind;
  label: Record<Lang, string>;
  /** Options of a select, from the shared enumerations. */
  enumName?: EnumName;
  max?: number;
  show: boolean;
  required: boolean;
}

export const DEFAULT_GROUP_FIELDS = {
  userName: { kind: 'text', label: { zh: '昵称', en: 'Nickname' }, max: 15, show: true, required: false },
  realName: { kind: 'text', label: { zh: '真实姓名', en: 'Real name' }, max: 15, show: true, required: true },
} as const satisfies Record<string, FieldDef>;

export const DETAIL_FIELDS = {
  gender: { kind: 'select', enumName: 'gender', label: { zh: '性别', en: 'Gender' }, show: true, required: false },
  birthday: { kind: 'date', label: { zh: '出生日期', en: 'Date of birth' }, show: true, required: false },
  nation: {
    kind: 'select',
    enumName: 'nation',
    label: { zh: '民族', en: 'Ethnic group' },
    show: false,
    required: false,
  },
  education: {
    kind: 'select',
    enumName: 'education',
    label: { zh: '学历', en: 'Education' },
    show: true,
    required: false,
  },
  degree: { kind: 'select', enumName: 'degree', label: { zh: '学位', en: 'Degree' }, show: false, required: false },
  email: { kind: 'email', label: { zh: '工作邮箱', en: 'Work email' }, max: 50, show: true, required: false },
  telephone: { kind: 'telephone', label: { zh: '联系电话', en: 'Telephone' }, max: 20, show: false, required: false },
  graduateSchool: { kind: 'text', label: { zh: '毕业院校', en: 'School' }, max: 50, show: false, required: false },
  major: { kind: 'text', label: { zh: '所学专业', en: 'Major' }, max: 50, show: false, required: false },
  companyName: { kind: 'text', label: { zh: '工作单位', en: 'Employer' }, max: 50, show: true, required: false },
  companyPositionName: { kind: 'text', label: { zh: '职务', en: 'Position' }, max: 50, show: false, required: false },
  personalCategory: {
    kind: 'cascade',
    label: { zh: '人员类别', en: 'Personal category' },
    show: false,
    required: false,
  },
  headshot: { kind: 'photo', label: { zh: '一寸照', en: 'One-inch photo' }, show: false, required: false },
  remark: { kind: 'textarea', label: { zh: '备注', en: 'Remarks' }, max: 200, show: true, required: false },
} as const satisfies Record<string, FieldDef>;

export type DetailField = keyof typeof DETAIL_FIELDS;

/** The levels under personalCategory, in the order they load. */
export const CASCADE_LEVELS = ['personalCategory', 'jobCategory', 'administrativeDuty', 'rank'] as const;

/**
 * Personal category types (level 1 of the position hierarchy): 1 civil servant, 2 managed like
 * civil servants, 3 public institution, 4 manual work, 5 state-owned enterprise, 0 other.
 */
export const CATEGORY_TYPES = {
  CIVIL: 1,
  CIVIL_MANAGED: 2,
  INSTITUTION: 3,
  MANUAL: 4,
  STATE_OWNED: 5,
  OTHER: 0,
} as const;

/** The job-type label for a category type ('' = no job types), account-area.md section 4. */
export function jobCategoryLabel(categoryType: number, lang: Lang): string {
  if (categoryType === 1 || categoryType === 2) return lang === 'zh' ? '职位类型' : 'Job position type';
  if (categoryType === 3 || categoryType === 4) return lang === 'zh' ? '岗位类型' : 'Post type';
  if (categoryType === 5) return lang === 'zh' ? '行政岗位' : 'Administrative post';
  return '';
}

/** Ranks load only for civil servants and those managed like them. */
export function hasRanks(categoryType: number): boolean {
  return categoryType === 1 || categoryType === 2;
}

export const CASCADE_LABELS: Record<'administrativeDuty' | 'rank', Record<Lang, string>> = {
  administrativeDuty: { zh: '行政职务', en: 'Administrative duty' },
  rank: { zh: '职级', en: 'Rank' },
};

export interface ConfiguredField {
  field: string;
  name: string;
  required: boolean;
  show: boolean;
  sort: number;
}

/** The fields of a group as the form shows them: defaults merged with the site's configuration. */
/**
 * A field's label: the site's own name for it, else the default. A site configures one name per
 * field, usually Chinese; English pages use it only when it is not Chinese (an English site's own
 * name), else the default English label.
 */
export function fieldLabel(def: FieldDef, configuredName: string | undefined, lang: Lang): string {
  if (!configuredName) return def.label[lang];
  return lang === 'en' && /[\u3400-\u9fff]/.test(configuredName) ? def.label.en : configuredName;
}

/** A label inside an English sentence: "Please enter real name", but "ID number" stays. */
export function labelInSentence(label: string): string {
  return /^[A-Z]{2,}\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

export function formFields<F extends string>(
  defaults: Record<F, FieldDef>,
  configured: ConfiguredField[] | undefined,
  lang: Lang,
): Array<{
  field: F;
  def: FieldDef;
  label: string;
  /** The label in both languages (the server's messages carry both). */
  labels: Record<Lang, string>;
  required: boolean;
  show: boolean;
  sort: number;
}> {
  const byField = new Map((configured ?? []).map((c) => [c.field, c]));
  return (Object.keys(defaults) as F[])
    .map((field, i) => {
      const def = defaults[field];
      const c = byField.get(field);
      const labels = { zh: fieldLabel(def, c?.name, 'zh'), en: fieldLabel(def, c?.name, 'en') };
      return {
        field,
        def,
        label: labels[lang],
        labels,
        required: c ? c.required : def.required,
        show: c ? c.show : def.show,
        sort: c ? c.sort : 1000 + i,
      };
    })
    .filter((f) => f.show)
    .sort((a, b) => a.sort - b.sort);
}
