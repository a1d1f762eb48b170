import {
  ErrorCode,
  TALENT_BUSINESS_CATEGORY_TYPE,
  TALENT_BUSINESS_SLOTS,
  TALENT_CHOICE_ENUMS,
  enumLabel,
  findEnumOption,
  maskPhone,
  pageOffset,
  toPage,
  type AdminTalentFilter,
  type AdminTalentRow,
  talentBusinessDuplicateMessage,
  talentFieldShown,
  talentFields,
  talentPostTypes,
  talentSectionFields,
  talentSectionProblem,
  type Lang,
  type RegionNode,
  type TalentBusinessRelation,
  type TalentEditable,
  type TalentField,
  type TalentRecord,
  type TalentSection,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import { findRegionTree } from '../region/index.ts';
import type {
  AdminTalentListRow,
  AdminTalentQuery,
  TalentPerson,
  TalentRepository,
  TalentRow,
} from './talent.repository.ts';

/** The enumeration each choice field takes its values from (the contract's). */
export const CHOICES = TALENT_CHOICE_ENUMS;

const TALENT_TYPES = [1, 2, 3];

/** A field's value when nothing is stored: '' for typed text and dates, [] for lists, else null. */
function emptyOf(field: TalentField): unknown {
  const kind = talentFields[field].kind;
  if (kind === 'region' || kind === 'business') return [];
  if (kind === 'choice') return null;
  return '';
}

/** The region tree a talent type picks from: type 3 the national provinces and cities, else Guangxi's cities and districts. */
function regionTreeOf(talentType: number): RegionNode[] {
  return talentType === 3 ? findRegionTree('national', 2) : findRegionTree('guangxi', 3);
}

/** The names along a region path, or null when the path is not one of the tree's, down to a leaf. */
export function regionNames(talentType: number, codes: string[]): string[] | null {
  let level: RegionNode[] | undefined = regionTreeOf(talentType);
  const names: string[] = [];
  for (const code of codes) {
    const node: RegionNode | undefined = level?.find((n) => n.code === code);
    if (!node) return null;
    names.push(node.name);
    level = node.children;
  }
  return level && level.length > 0 ? null : names;
}

/** The codes along a path of region names (the export's 南宁市/青秀区), or null when it is not one of the tree's, down to a leaf. */
export function regionCodes(talentType: number, names: string[]): string[] | null {
  let level: RegionNode[] | undefined = regionTreeOf(talentType);
  const codes: string[] = [];
  for (const name of names) {
    const node: RegionNode | undefined = level?.find((n) => n.name === name);
    if (!node) return null;
    codes.push(node.code);
    level = node.children;
  }
  return codes.length === 0 || (level && level.length > 0) ? null : codes;
}

/** Today in China (the dates a learner gives are China days). */
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD text is a day of the calendar. */
export function realDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A real day, not after today; a birthday before today (account-area.md section 5). */
export function validDay(field: TalentField, value: string): boolean {
  if (!realDay(value)) return false;
  return field === 'birthday' ? value < chinaToday() : value <= chinaToday();
}

/** A business category's ancestors, root first (the cascader's path). */
export function categoryPath<C extends { id: number; parentId: number | null }>(
  byId: Map<number, C>,
  category: C,
): number[] {
  const path: number[] = [];
  // The categories' moves keep their tree free of cycles; the bound only guards corrupt data.
  for (let p = category.parentId; p !== null && path.length < 10; p = byId.get(p)?.parentId ?? null) {
    path.unshift(p);
  }
  return path;
}

/**
 * The talent-pool record (issue 24, decision 059): read whole, saved one section at a time by the
 * rules of the contract's `talent.ts`, which the form uses too.
 */
export class TalentService {
  constructor(private readonly repo: TalentRepository) {}

  async view(who: Learner, lang: Lang): Promise<TalentRecord> {
    const [row, person] = await Promise.all([this.repo.recordOf(who), this.repo.personOf(who)]);
    if (!person) throw new AppError(ErrorCode.NOT_SIGNED_IN);
    return this.present(row, person, lang, await this.areaNames(who.eid, row, lang));
  }

  /** A member's record for the back office: as the member sees it; 9606 when there is none. */
  async adminView(eid: number, accountId: number, lang: Lang): Promise<TalentRecord> {
    const who = { eid, accountId };
    const [row, person] = await Promise.all([this.repo.recordOf(who), this.repo.personOf(who)]);
    if (!row || !person) throw new AppError(ErrorCode.TALENT_RECORD_NOT_FOUND);
    return this.present(row, person, lang, await this.areaNames(eid, row, lang));
  }

  /** The back office's filter as SQL wants it; an unknown department is refused. */
  async adminQuery(eid: number, f: AdminTalentFilter): Promise<AdminTalentQuery> {
    const keyword = f.keyword.trim();
    let departmentIds: number[] | null = null;
    if (f.departmentId !== undefined) {
      departmentIds = await this.repo.departmentSubtree(eid, f.departmentId);
      if (departmentIds.length === 0) throw new AppError(ErrorCode.DEPARTMENT_NOT_FOUND);
    }
    return {
      pattern: keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
      phoneToo: /^\d{3,}$/.test(keyword),
      talentType: f.talentType ?? null,
      talentClassification: f.talentClassification ?? null,
      departmentIds,
    };
  }

  async adminPage(eid: number, f: AdminTalentFilter & { pageCurrent: number; pageSize: number }) {
    const q = await this.adminQuery(eid, f);
    const { rows, total } = await this.repo.adminPage(eid, q, pageOffset(f.pageCurrent, f.pageSize), f.pageSize);
    return toPage(rows.map(presentAdminRow), total, f.pageCurrent, f.pageSize);
  }

  /** The business areas' names now, in the reader's language (a name stored at saving is the saver's). */
  private async areaNames(eid: number, row: TalentRow | null, lang: Lang): Promise<Map<number, string>> {
    const saved = row?.details.talentBusinessRelationList;
    if (!Array.isArray(saved) || saved.length === 0) return new Map();
    const categories = await this.repo.businessCategories(eid, TALENT_BUSINESS_CATEGORY_TYPE);
    return new Map(categories.map((c) => [c.id, lang === 'en' && c.nameEn ? c.nameEn : c.name]));
  }

  private present(
    row: TalentRow | null,
    person: TalentPerson,
    lang: Lang,
    areaNames: Map<number, string>,
  ): TalentRecord {
    const details = row?.details ?? {};
    const editable = Object.fromEntries(
      (Object.keys(talentFields) as TalentField[]).map((f) => [f, details[f] ?? emptyOf(f)]),
    ) as Omit<TalentEditable, 'talentType'>;
    editable.talentBusinessRelationList = editable.talentBusinessRelationList.map((b) => ({
      ...b,
      businessCategoryName: areaNames.get(b.businessCategoryId) ?? b.businessCategoryName,
    }));
    const talentType = row?.talentType ?? 1;
    const source = row?.talentSource ?? 1;
    return {
      ...editable,
      id: row?.id ?? null,
      talentType,
      talentSource: source,
      talentTypeList: TALENT_TYPES,
      name: person.realName || person.userName,
      phone: maskPhone(person.phone),
      // An imported record has no staff number (talentSource 2 clears userNo).
      userNo: source === 2 ? '' : (person.employeeNo ?? ''),
      tagList: person.tags,
      regionNames: regionNames(talentType, editable.region) ?? [],
      politicalStatusText: enumLabel('politicalStatus', editable.politicalStatus, lang),
      savedSections: row?.savedSections ?? [],
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  async edit(
    who: Learner,
    input: Partial<TalentEditable> & { saveType: TalentSection },
    lang: Lang,
  ): Promise<TalentRecord> {
    const section = input.saveType;
    const current: TalentRow | null = await this.repo.recordOf(who);
    const talentType = section === 2 ? (input.talentType ?? current?.talentType ?? 1) : (current?.talentType ?? 1);
    const values: Partial<Record<TalentField, unknown>> = {};
    for (const field of talentSectionFields(section)) values[field] = input[field] ?? emptyOf(field);
    const facts = {
      talentClassification: (section === 2 ? values.talentClassification : current?.talentClassification) as
        number | null,
      postType: (values.postType ?? null) as number | null,
    };
    // Fields the classification or post type hides are cleared, whatever was sent.
    for (const field of talentSectionFields(section)) if (!talentFieldShown(field, facts)) values[field] = null;
    facts.postType = (values.postType ?? null) as number | null;

    const problem = talentSectionProblem(section, values, facts, 'zh');
    if (problem) {
      const en = talentSectionProblem(section, values, facts, 'en')!;
      throw new AppError(ErrorCode.TALENT_FIELD_MISSING, {
        message: { zh: problem.message, en: en.message },
        data: { field: problem.field },
      });
    }
    for (const field of talentSectionFields(section)) {
      const value = values[field];
      const enumName = CHOICES[field];
      if (enumName && value !== null) {
        const known = findEnumOption(enumName, value as number) !== undefined && !(field === 'sex' && value === 3);
        if (!known) throw new AppError(ErrorCode.TALENT_CHOICE_UNKNOWN, { data: { field } });
      }
      if (talentFields[field].kind === 'date' && value !== '' && !validDay(field, value as string)) {
        throw new AppError(ErrorCode.TALENT_DATE_INVALID, { data: { field } });
      }
      if (typeof value === 'string') values[field] = value.trim();
    }
    if (section === 2) {
      if (facts.postType !== null && !talentPostTypes(facts.talentClassification).includes(facts.postType)) {
        throw new AppError(ErrorCode.TALENT_CHOICE_UNKNOWN, { data: { field: 'postType' } });
      }
      if (regionNames(talentType, values.region as string[]) === null) {
        throw new AppError(ErrorCode.TALENT_REGION_UNKNOWN);
      }
    }
    if (section === 3) {
      values.talentBusinessRelationList = await this.businessSlots(
        who.eid,
        values.talentBusinessRelationList as TalentBusinessRelation[],
        lang,
      );
    }
    await this.repo.saveSection(
      who,
      section,
      section === 2 ? { talentType, talentClassification: facts.talentClassification } : null,
      values,
    );
    return this.view(who, lang);
  }

  /**
   * The business slots as stored: each a leaf of the enterprise's business categories, none twice,
   * slots 1–3 once each; the names and the path are the server's, not the request's.
   */
  private async businessSlots(
    eid: number,
    slots: TalentBusinessRelation[],
    lang: Lang,
  ): Promise<TalentBusinessRelation[]> {
    const categories = await this.repo.businessCategories(eid, TALENT_BUSINESS_CATEGORY_TYPE);
    const byId = new Map(categories.map((c) => [c.id, c]));
    const parents = new Set(categories.map((c) => c.parentId).filter((id): id is number => id !== null));
    const ids = new Set<number>();
    const orders = new Set<number>();
    const stored: TalentBusinessRelation[] = [];
    for (const slot of slots) {
      const category = byId.get(slot.businessCategoryId);
      if (category && ids.has(category.id)) {
        throw new AppError(ErrorCode.TALENT_CATEGORY_UNKNOWN, {
          message: { zh: talentBusinessDuplicateMessage('zh'), en: talentBusinessDuplicateMessage('en') },
        });
      }
      const refused =
        !category ||
        parents.has(category.id) ||
        ids.has(category.id) ||
        orders.has(slot.recommendOrder) ||
        slot.recommendOrder > TALENT_BUSINESS_SLOTS;
      if (refused) throw new AppError(ErrorCode.TALENT_CATEGORY_UNKNOWN);
      ids.add(category.id);
      orders.add(slot.recommendOrder);
      stored.push({
        businessCategoryId: category.id,
        businessCategoryName: lang === 'en' && category.nameEn ? category.nameEn : category.name,
        parentCategoryIdList: categoryPath(byId, category),
        recommendOrder: slot.recommendOrder,
      });
    }
    // Ordered by priority from the first slot: 1, or 1 and 2, or 1, 2 and 3 (the form's slots).
    stored.sort((a, b) => a.recommendOrder - b.recommendOrder);
    if (stored.some((b, i) => b.recommendOrder !== i + 1)) throw new AppError(ErrorCode.TALENT_CATEGORY_UNKNOWN);
    return stored;
  }
}

/** A row of the back office's list. */
export function presentAdminRow(row: AdminTalentListRow): AdminTalentRow {
  const text = (key: string) => (typeof row.details[key] === 'string' ? (row.details[key] as string) : '');
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.real_name || row.user_name,
    phone: maskPhone(row.phone),
    userNo: row.talent_source === 2 ? '' : (row.employee_no ?? ''),
    departmentName: row.department_name,
    talentType: row.talent_type,
    talentSource: row.talent_source,
    talentClassification: row.talent_classification,
    companyName: text('companyName'),
    companyPosition: text('companyPosition'),
    savedSections: row.saved_sections,
    updatedAt: row.updated_at.toISOString(),
  };
}
