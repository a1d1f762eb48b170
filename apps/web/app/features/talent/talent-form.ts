import type { Rule } from 'antd/es/form';
import type { CallRequest } from '@portal/contract/call';
import type { CategoryNode } from '@portal/contract/calls/category';
import type { RegionNode } from '@portal/contract/calls/system';
import type { editTalentInfo, TalentBusinessRelation, TalentEditable } from '@portal/contract/calls/talent';
import {
  TALENT_BUSINESS_SLOTS,
  TALENT_CHOICE_ENUMS,
  talentFields,
  talentFieldShown,
  talentFieldsClearedBy,
  talentRequiredMessage,
  talentBusinessDuplicateMessage,
  talentSectionFields,
  talentTooLongMessage,
  talentValueGiven,
  type TalentField,
  type TalentFieldRule,
  type TalentSection,
} from '@portal/contract/talent';
import { format, pick } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/navigation.ts';
import { talentMessages } from './messages.ts';

/**
 * The talent record's forms, without React: one antd form per section (saveType), its values as
 * the form holds them (dates as YYYY-MM-DD strings, choices as numbers or undefined, the region as
 * its codes, the business areas as three cascader paths), the antd rules built from the contract's
 * `talentFields`, and the request each section sends.
 */

/** The values of one section's form, by field name. */
export type SectionValues = Record<string, unknown>;
export type EditRequest = CallRequest<typeof editTalentInfo>;
/** One business slot: the cascader's path of category ids, root first, ending with the leaf; or none. */
export type BusinessSlot = number[] | undefined;

/** Section 3's form field: the three slots, in priority order. */
export const BUSINESS_SLOTS_FIELD = 'businessSlots';
/** Section 2 holds the talent type too (it decides the region's tree). */
export const TALENT_TYPE_FIELD = 'talentType';

/** Which enumeration each choice field offers (the contract's, also the server's check). */
export { TALENT_CHOICE_ENUMS };

/** The values a choice field may take where the enumeration has more (sex: male or female only). */
export const TALENT_CHOICE_VALUES: Partial<Record<TalentField, readonly number[]>> = { sex: [1, 2] };

const rule = (field: TalentField): TalentFieldRule => talentFields[field];
const typed = (field: TalentField) => rule(field).kind === 'text' || rule(field).kind === 'textarea';

/** The names a section's form holds, in the form's order. */
export function sectionFormFields(section: TalentSection): string[] {
  if (section === 3) return [BUSINESS_SLOTS_FIELD];
  const fields = talentSectionFields(section);
  return section === 2 ? [TALENT_TYPE_FIELD, ...fields] : fields;
}

/** A section's form values from the record. */
export function valuesFromRecord(section: TalentSection, record: TalentEditable): SectionValues {
  if (section === 3) return { [BUSINESS_SLOTS_FIELD]: slotsFromRelations(record.talentBusinessRelationList) };
  const values: SectionValues = {};
  if (section === 2) values[TALENT_TYPE_FIELD] = record.talentType;
  for (const field of talentSectionFields(section)) {
    const value = record[field as keyof TalentEditable];
    const kind = rule(field).kind;
    if (kind === 'choice') values[field] = value ?? undefined;
    else if (kind === 'region') values[field] = Array.isArray(value) ? [...(value as string[])] : [];
    else values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/**
 * The request saving a section: its fields and saveType. Texts are trimmed; a field the
 * classification hides goes as empty (the server clears it too); choices not made are null.
 */
export function requestFromValues(
  section: TalentSection,
  values: SectionValues,
  categories: readonly CategoryNode[],
): EditRequest {
  if (section === 3) {
    const slots = (values[BUSINESS_SLOTS_FIELD] as BusinessSlot[] | undefined) ?? [];
    return { saveType: 3, talentBusinessRelationList: relationsFromSlots(slots, categories) };
  }
  const out: Record<string, unknown> = { saveType: section };
  if (section === 2) out[TALENT_TYPE_FIELD] = values[TALENT_TYPE_FIELD];
  const facts = showFacts(values);
  for (const field of talentSectionFields(section)) {
    const shown = talentFieldShown(field, facts);
    const value = values[field];
    switch (rule(field).kind) {
      case 'choice':
        out[field] = shown && typeof value === 'number' ? value : null;
        break;
      case 'region':
        out[field] = shown && Array.isArray(value) ? value.map(String) : [];
        break;
      default:
        out[field] = shown && typeof value === 'string' ? value.trim() : '';
    }
  }
  return out as EditRequest;
}

/**
 * Where the form shows a problem the server names by field (its 9601–9605 answers carry the
 * field): the field's item in this section's form, the first slot for the business areas; null
 * for a field this section's form does not hold.
 */
export function formNameOf(section: TalentSection, field: unknown): Array<string | number> | null {
  if (typeof field !== 'string') return null;
  if (section === 3) return field === 'talentBusinessRelationList' ? [BUSINESS_SLOTS_FIELD, 0] : null;
  return sectionFormFields(section).includes(field) ? [field] : null;
}

/** What decides the conditional display, from a form's values. */
export function showFacts(values: SectionValues): { talentClassification: number | null; postType: number | null } {
  const n = (v: unknown) => (typeof v === 'number' ? v : null);
  return { talentClassification: n(values.talentClassification), postType: n(values.postType) };
}

/** A value as compared: empty ones alike, texts trimmed, slots and region codes as given. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(comparable);
    return items.every((v) => v === null) ? null : items;
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value === undefined ? null : value;
}

/** Whether two sets of a section's values are the same (the form is not dirty). */
export function sameValues(section: TalentSection, a: SectionValues, b: SectionValues): boolean {
  const key = (f: string, values: SectionValues) => {
    const v = comparable(values[f]);
    if (f !== BUSINESS_SLOTS_FIELD) return JSON.stringify(v);
    // Three slots, however many of them the form holds.
    return JSON.stringify(
      Array.from({ length: TALENT_BUSINESS_SLOTS }, (_, i) => (Array.isArray(v) ? (v[i] as unknown) : null) ?? null),
    );
  };
  return sectionFormFields(section).every((f) => key(f, a) === key(f, b));
}

/**
 * The values a change of these fields clears (account-area.md section 4): a new classification
 * everything below it, a new job title or rank the post type and below, a new post type its levels;
 * a new talent type the region (its tree is another one).
 */
export function clearedBy(changed: readonly string[]): SectionValues {
  const out: SectionValues = {};
  for (const key of changed) {
    if (key === TALENT_TYPE_FIELD) out.region = [];
    else if (key in talentFields) for (const f of talentFieldsClearedBy(key as TalentField)) out[f] = undefined;
  }
  // A field changed itself is never cleared by the same change.
  for (const key of changed) delete out[key];
  return out;
}

const today = () => {
  const d = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};

/**
 * The problem of a date (YYYY-MM-DD, local time) beside its being required: after `now`, or for
 * the birthday today or later (account-area.md section 5); null when fine or empty.
 */
export function dateProblem(field: TalentField, value: unknown, lang: Lang, now: string = today()): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const t = pick(talentMessages, lang);
  const label = rule(field).label[lang];
  if (field === 'birthday') return value < now ? null : format(t.dateNotBeforeToday, { label });
  return value <= now ? null : format(t.dateAfterToday, { label });
}

/**
 * The antd rules of a field from `talentFields` (account-area.md section 5): required where shown
 * (the form renders only shown fields) with 请输入{label} checked on blur for typed fields and
 * 请选择{label} on change for choices, dates and the region; the limit of typed fields; no future
 * dates. The business slots have their own (`businessSlotRules`).
 */
export function talentFieldRules(field: TalentField, lang: Lang, now?: string): Rule[] {
  const r = rule(field);
  const rules: Rule[] = [];
  if (r.required) {
    const message = talentRequiredMessage(field, lang);
    rules.push({
      required: true,
      validateTrigger: typed(field) ? 'onBlur' : 'onChange',
      validator: (_rule, value: unknown) =>
        talentValueGiven(value) ? Promise.resolve() : Promise.reject(new Error(message)),
    });
  }
  if (r.max !== undefined) {
    const max = r.max;
    const message = talentTooLongMessage(field, lang);
    rules.push({
      validateTrigger: ['onChange', 'onBlur'],
      validator: (_rule, value: unknown) =>
        typeof value === 'string' && [...value].length > max ? Promise.reject(new Error(message)) : Promise.resolve(),
    });
  }
  if (r.kind === 'date') {
    rules.push({
      validateTrigger: 'onChange',
      validator: (_rule, value: unknown) => {
        const problem = dateProblem(field, value, lang, now);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });
  }
  return rules;
}

/** The triggers a field's Form.Item validates on. */
export function talentValidateTrigger(field: TalentField): string[] {
  return typed(field) ? ['onChange', 'onBlur'] : ['onChange'];
}

/**
 * The rules of business slot `index` (0 first): the first is required (业务领域至少选择一个); a
 * category chosen in an earlier slot may not be chosen again (业务领域不能重复).
 */
export function businessSlotRules(index: number, lang: Lang): Rule[] {
  const rules: Rule[] = [];
  if (index === 0) {
    const message = talentRequiredMessage('talentBusinessRelationList', lang);
    rules.push({
      required: true,
      validator: (_rule, value: unknown) =>
        talentValueGiven(value) ? Promise.resolve() : Promise.reject(new Error(message)),
    });
  }
  rules.push(({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const slots = (getFieldValue(BUSINESS_SLOTS_FIELD) as BusinessSlot[] | undefined) ?? [];
      return repeatsEarlierSlot(slots, index, value as BusinessSlot)
        ? Promise.reject(new Error(talentBusinessDuplicateMessage(lang)))
        : Promise.resolve();
    },
  }));
  return rules;
}

const leafOf = (slot: BusinessSlot): number | undefined => (slot && slot.length > 0 ? slot.at(-1) : undefined);

/** Whether slot `index`'s category is already the category of an earlier slot. */
export function repeatsEarlierSlot(slots: readonly BusinessSlot[], index: number, value: BusinessSlot): boolean {
  const leaf = leafOf(value);
  return leaf !== undefined && slots.slice(0, index).some((s) => leafOf(s) === leaf);
}

/** The three slots of the stored business areas: slot recommendOrder − 1 holds its path. */
export function slotsFromRelations(list: readonly TalentBusinessRelation[]): BusinessSlot[] {
  const slots: BusinessSlot[] = Array.from({ length: TALENT_BUSINESS_SLOTS }, () => undefined);
  for (const r of list) {
    const i = r.recommendOrder - 1;
    if (i >= 0 && i < TALENT_BUSINESS_SLOTS) slots[i] = [...r.parentCategoryIdList, r.businessCategoryId];
  }
  return slots;
}

/** The category of an id in the tree, with its path of ids (root first), or undefined. */
export function findCategory(
  tree: readonly CategoryNode[],
  id: number,
  path: number[] = [],
): { node: CategoryNode; path: number[] } | undefined {
  for (const node of tree) {
    if (node.id === id) return { node, path: [...path, node.id] };
    const found = findCategory(node.childrenList, id, [...path, node.id]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The stored business areas from the slots: each slot chosen, its leaf with its name and
 * ancestors (root first), recommendOrder its place among the chosen slots (1 to 3).
 */
export function relationsFromSlots(
  slots: readonly BusinessSlot[],
  tree: readonly CategoryNode[],
): TalentBusinessRelation[] {
  const out: TalentBusinessRelation[] = [];
  slots.slice(0, TALENT_BUSINESS_SLOTS).forEach((slot) => {
    const leaf = leafOf(slot);
    if (leaf === undefined || !slot) return;
    out.push({
      businessCategoryId: leaf,
      businessCategoryName: findCategory(tree, leaf)?.node.categoryName ?? '',
      parentCategoryIdList: slot.slice(0, -1),
      // By priority among those chosen: a gap (the first and third chosen) closes up, as the
      // server stores slots 1 to n.
      recommendOrder: out.length + 1,
    });
  });
  return out;
}

export interface CascaderOption<V extends string | number> {
  value: V;
  label: string;
  children?: CascaderOption<V>[];
  disabled?: boolean;
}

/**
 * The business categories as cascader options: only a leaf is chosen; a category that is not a
 * leaf but has nothing under it cannot be chosen.
 */
export function categoryOptions(tree: readonly CategoryNode[]): CascaderOption<number>[] {
  return tree.map((node) => {
    const children = node.childrenList.length > 0 ? categoryOptions(node.childrenList) : undefined;
    return {
      value: node.id,
      label: node.categoryName,
      ...(children ? { children } : {}),
      ...(!children && !node.isLeaf ? { disabled: true } : {}),
    };
  });
}

/** The region tree of a talent type: type 3 the national provinces and cities; else Guangxi's cities and districts. */
export function regionTreeOf(talentType: unknown): { kind: 'national' | 'guangxi'; depth: 2 | 3 } {
  return talentType === 3 ? { kind: 'national', depth: 2 } : { kind: 'guangxi', depth: 3 };
}

export function regionOptions(tree: readonly RegionNode[]): CascaderOption<string>[] {
  return tree.map((n) => ({
    value: n.code,
    label: n.name,
    ...(n.children && n.children.length > 0 ? { children: regionOptions(n.children) } : {}),
  }));
}

/**
 * Options that name the stored region until its tree has loaded (the server's HTML, a slow
 * answer): one chain of its codes and names.
 */
export function storedRegionOptions(codes: readonly string[], names: readonly string[]): CascaderOption<string>[] {
  let chain: CascaderOption<string>[] = [];
  for (let i = codes.length - 1; i >= 0; i--) {
    const code = codes[i]!;
    chain = [{ value: code, label: names[i] ?? code, ...(chain.length > 0 ? { children: chain } : {}) }];
  }
  return chain;
}
