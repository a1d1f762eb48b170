/**
 * The talent-pool record's rules (account-area.md section 3 "Talent-pool record", section 4
 * "Talent conditional display", section 6 "Talent record"), one source for the server's check of
 * `talent/info/edit` and the record's antd form: the six sections saved one at a time (saveType),
 * each field's label in both languages, its limit, whether it is required, and which fields show
 * for which talent classification and post type.
 */
import type { EnumName } from './enums.ts';
import type { Lang } from './errors.ts';

/** saveType: the record's six sections, each saved on its own. */
export const TALENT_SECTIONS = [1, 2, 3, 4, 5, 6] as const;
export type TalentSection = (typeof TALENT_SECTIONS)[number];

export const talentSectionTitles: Record<TalentSection, Record<Lang, string>> = {
  1: { zh: '个人信息', en: 'Personal information' },
  2: { zh: '人员信息', en: 'Employment information' },
  3: { zh: '业务信息', en: 'Business areas' },
  4: { zh: '学历类型', en: 'Education' },
  5: { zh: '职业信息', en: 'Career information' },
  6: { zh: '主要经历', en: 'Main experience' },
};

/** How a field is entered: typed text (请输入…), a choice (请选择…), or the business slots. */
type FieldKind = 'text' | 'textarea' | 'choice' | 'date' | 'region' | 'business';

export interface TalentFieldRule {
  section: TalentSection;
  kind: FieldKind;
  label: Record<Lang, string>;
  /** The English required message where "Enter/Choose" + label does not read well. */
  promptEn?: string;
  /** Characters at most (typed fields). */
  max?: number;
  required: boolean;
}

/** Every field the learner edits, in the order the form shows them. */
export const talentFields = {
  // 1 个人信息
  sex: { section: 1, kind: 'choice', label: { zh: '性别', en: 'Gender' }, required: true },
  birthday: { section: 1, kind: 'date', label: { zh: '出生日期', en: 'Date of birth' }, required: true },
  nation: { section: 1, kind: 'choice', label: { zh: '民族', en: 'Ethnic group' }, required: true },
  nativePlace: { section: 1, kind: 'text', label: { zh: '籍贯', en: 'Native place' }, max: 15, required: false },
  birthPlace: { section: 1, kind: 'text', label: { zh: '出生地', en: 'Place of birth' }, max: 15, required: false },
  politicalStatus: { section: 1, kind: 'choice', label: { zh: '政治面貌', en: 'Political status' }, required: true },
  partyJoinDate: {
    section: 1,
    kind: 'date',
    label: { zh: '入党时间', en: 'Joined the Party' },
    promptEn: 'Choose when you joined the Party',
    required: false,
  },
  healthStatus: { section: 1, kind: 'text', label: { zh: '健康状况', en: 'Health' }, max: 100, required: false },
  highestEducation: {
    section: 1,
    kind: 'choice',
    label: { zh: '最高学历', en: 'Highest education' },
    required: false,
  },
  // 2 人员信息
  startWorkDate: {
    section: 2,
    kind: 'date',
    label: { zh: '参加工作时间', en: 'Started work' },
    promptEn: 'Choose when you started work',
    required: true,
  },
  companyName: { section: 2, kind: 'text', label: { zh: '工作单位', en: 'Employer' }, max: 100, required: true },
  companyPosition: {
    section: 2,
    kind: 'text',
    label: { zh: '单位职务', en: 'Position at work' },
    max: 100,
    required: true,
  },
  region: { section: 2, kind: 'region', label: { zh: '所在地区', en: 'Region' }, required: true },
  talentClassification: {
    section: 2,
    kind: 'choice',
    label: { zh: '人员类别', en: 'Staff category' },
    required: true,
  },
  jobTitle: { section: 2, kind: 'choice', label: { zh: '职务', en: 'Leadership post' }, required: true },
  jobRank: { section: 2, kind: 'choice', label: { zh: '职级', en: 'Civil service rank' }, required: true },
  postType: { section: 2, kind: 'choice', label: { zh: '岗位类型', en: 'Post type' }, required: true },
  postLevel: { section: 2, kind: 'choice', label: { zh: '管理岗位等级', en: 'Management post level' }, required: true },
  professionalRank: {
    section: 2,
    kind: 'choice',
    label: { zh: '专业技术岗位等级', en: 'Professional post level' },
    required: true,
  },
  skillLevel: { section: 2, kind: 'choice', label: { zh: '工勤技能岗位等级', en: 'Skill post level' }, required: true },
  positionHierarchy: {
    section: 2,
    kind: 'choice',
    label: { zh: '岗位层级', en: 'Position level' },
    required: true,
  },
  // 3 业务信息
  talentBusinessRelationList: {
    section: 3,
    kind: 'business',
    label: { zh: '业务领域', en: 'Business areas' },
    required: true,
  },
  // 4 学历类型
  education: { section: 4, kind: 'choice', label: { zh: '全日制学历', en: 'Full-time education' }, required: false },
  graduateSchool: {
    section: 4,
    kind: 'text',
    label: { zh: '毕业院校', en: 'Graduated from' },
    promptEn: 'Enter the school you graduated from',
    max: 100,
    required: false,
  },
  major: { section: 4, kind: 'text', label: { zh: '所学专业', en: 'Major' }, max: 100, required: false },
  jobEducation: { section: 4, kind: 'choice', label: { zh: '在职学历', en: 'In-service education' }, required: false },
  jobGraduateSchool: {
    section: 4,
    kind: 'text',
    label: { zh: '在职毕业院校', en: 'In-service school' },
    max: 100,
    required: false,
  },
  jobMajor: {
    section: 4,
    kind: 'text',
    label: { zh: '在职所学专业', en: 'In-service major' },
    max: 100,
    required: false,
  },
  // 5 职业信息
  technicalTitle: {
    section: 5,
    kind: 'text',
    label: { zh: '专业技术职务', en: 'Technical title' },
    max: 100,
    required: true,
  },
  professionalTitle: {
    section: 5,
    kind: 'text',
    label: { zh: '职业资格', en: 'Professional qualification' },
    max: 100,
    required: false,
  },
  expertise: { section: 5, kind: 'textarea', label: { zh: '专长', en: 'Expertise' }, max: 200, required: false },
  remark: { section: 5, kind: 'textarea', label: { zh: '备注', en: 'Remarks' }, max: 200, required: false },
  // 6 主要经历
  studyWorkExperience: {
    section: 6,
    kind: 'textarea',
    label: { zh: '学习工作经历', en: 'Study and work experience' },
    max: 500,
    required: true,
  },
  assessmentRewardPunishment: {
    section: 6,
    kind: 'textarea',
    label: { zh: '近三年考核及奖惩情况', en: 'Assessments, rewards and penalties of the last three years' },
    max: 500,
    required: true,
  },
} as const satisfies Record<string, TalentFieldRule>;

export type TalentField = keyof typeof talentFields;

/** The enumeration each choice field takes its values from (account-area.md section 3). */
export const TALENT_CHOICE_ENUMS: Partial<Record<TalentField, EnumName>> = {
  sex: 'gender',
  nation: 'nation',
  politicalStatus: 'politicalStatus',
  highestEducation: 'education',
  education: 'education',
  jobEducation: 'education',
  talentClassification: 'talentClassification',
  jobTitle: 'jobTitle',
  jobRank: 'jobRank',
  postType: 'postType',
  postLevel: 'postLevel',
  professionalRank: 'professionalRank',
  skillLevel: 'skillLevel',
  positionHierarchy: 'positionHierarchy',
};

export const TALENT_FIELD_NAMES = Object.keys(talentFields) as TalentField[];

export function talentSectionFields(section: TalentSection): TalentField[] {
  return TALENT_FIELD_NAMES.filter((f) => talentFields[f].section === section);
}

/** Business category slots (account-area.md section 9). */
export const TALENT_BUSINESS_SLOTS = 3;
/** The category type of the talent business categories. */
export const TALENT_BUSINESS_CATEGORY_TYPE = 14;

/** talentClassification values. */
export const TalentClassification = { CIVIL_SERVANT: 1, STAFFED: 2, CONTRACT: 3, ENTERPRISE: 4 } as const;
/** postType values. */
export const PostType = { MANAGEMENT: 1, PROFESSIONAL: 2, SKILL: 3 } as const;

/** What decides which of section 2's conditional fields show. */
export interface TalentShowFacts {
  talentClassification?: number | null;
  postType?: number | null;
}

/**
 * Section 4's conditional display: jobTitle and jobRank for civil servants; postType for public
 * institution staff, staffed or contract (the management post only for staffed ones); postLevel
 * for a management post, professionalRank for a professional one, skillLevel for a skill one;
 * positionHierarchy for enterprise staff. Every other field always shows.
 */
export function talentFieldShown(field: TalentField, r: TalentShowFacts): boolean {
  const c = r.talentClassification ?? null;
  const institution = c === TalentClassification.STAFFED || c === TalentClassification.CONTRACT;
  switch (field) {
    case 'jobTitle':
    case 'jobRank':
      return c === TalentClassification.CIVIL_SERVANT;
    case 'postType':
      return institution;
    case 'postLevel':
      return institution && r.postType === PostType.MANAGEMENT;
    case 'professionalRank':
      return institution && r.postType === PostType.PROFESSIONAL;
    case 'skillLevel':
      return institution && r.postType === PostType.SKILL;
    case 'positionHierarchy':
      return c === TalentClassification.ENTERPRISE;
    default:
      return true;
  }
}

/** The post types a classification may choose: the management post for staffed staff only. */
export function talentPostTypes(talentClassification: number | null | undefined): number[] {
  if (talentClassification === TalentClassification.STAFFED) return [1, 2, 3];
  if (talentClassification === TalentClassification.CONTRACT) return [2, 3];
  return [];
}

/**
 * The fields a change clears (section 4): a new classification clears everything below it; a
 * new job title or rank clears the post type and below; a new post type its levels.
 */
export function talentFieldsClearedBy(field: TalentField): TalentField[] {
  if (field === 'talentClassification') {
    return ['jobTitle', 'jobRank', 'postType', 'postLevel', 'professionalRank', 'skillLevel', 'positionHierarchy'];
  }
  if (field === 'jobTitle' || field === 'jobRank') {
    return ['postType', 'postLevel', 'professionalRank', 'skillLevel', 'positionHierarchy'];
  }
  if (field === 'postType') return ['postLevel', 'professionalRank', 'skillLevel', 'positionHierarchy'];
  return [];
}

/**
 * The required message of a field: 请输入{label} for typed fields, 请选择{label} for choices, and
 * for the business areas {label}至少选择一个 (account-area.md section 6).
 */
export function talentRequiredMessage(field: TalentField, lang: Lang): string {
  const rule: TalentFieldRule = talentFields[field];
  const typed = rule.kind === 'text' || rule.kind === 'textarea';
  const label = rule.label[lang];
  if (rule.kind === 'business') return lang === 'en' ? 'Choose at least one business area' : `${label}至少选择一个`;
  if (lang === 'en') {
    return rule.promptEn ?? `${typed ? 'Enter' : 'Choose'} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  }
  return `${typed ? '请输入' : '请选择'}${label}`;
}

/** The business areas' message for one chosen twice: {label}不能重复. */
export function talentBusinessDuplicateMessage(lang: Lang): string {
  return lang === 'en'
    ? 'A business area cannot be chosen twice'
    : `${talentFields.talentBusinessRelationList.label.zh}不能重复`;
}

/** The too-long message of a typed field. */
export function talentTooLongMessage(field: TalentField, lang: Lang): string {
  const rule: TalentFieldRule = talentFields[field];
  return lang === 'en'
    ? `${rule.label.en} is at most ${rule.max} characters`
    : `${rule.label.zh}不能超过${rule.max}个字`;
}

/** Whether a value counts as given (an empty list, string or null does not). */
export function talentValueGiven(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Every problem of a section's values, in the form's order: a required field shown and not given,
 * a typed field over its limit (one a field). The history import (decision 062) lists them all.
 */
export function talentSectionProblems(
  section: TalentSection,
  values: Partial<Record<TalentField, unknown>>,
  facts: TalentShowFacts,
  lang: Lang,
): Array<{ field: TalentField; message: string }> {
  const problems: Array<{ field: TalentField; message: string }> = [];
  for (const field of talentSectionFields(section)) {
    if (!talentFieldShown(field, facts)) continue;
    const rule: TalentFieldRule = talentFields[field];
    const value = values[field];
    if (rule.required && !talentValueGiven(value))
      problems.push({ field, message: talentRequiredMessage(field, lang) });
    else if (rule.max !== undefined && typeof value === 'string' && [...value].length > rule.max) {
      problems.push({ field, message: talentTooLongMessage(field, lang) });
    }
  }
  return problems;
}

/**
 * The first problem of a section's values, in the form's order, or null: a required field shown
 * and not given, a typed field over its limit. The server answers it as the edit's error; the form
 * shows the same texts under each field.
 */
export function talentSectionProblem(
  section: TalentSection,
  values: Partial<Record<TalentField, unknown>>,
  facts: TalentShowFacts,
  lang: Lang,
): { field: TalentField; message: string } | null {
  return talentSectionProblems(section, values, facts, lang)[0] ?? null;
}
