import { describe, expect, it } from 'vitest';
import type { RuleObject, RuleRender } from 'antd/es/form';
import type { CategoryNode } from '@portal/contract/calls/category';
import type { TalentEditable } from '@portal/contract/calls/talent';
import {
  BUSINESS_SLOTS_FIELD,
  businessSlotRules,
  categoryOptions,
  clearedBy,
  dateProblem,
  formNameOf,
  regionTreeOf,
  relationsFromSlots,
  repeatsEarlierSlot,
  requestFromValues,
  sameValues,
  sectionFormFields,
  slotsFromRelations,
  storedRegionOptions,
  talentFieldRules,
  talentValidateTrigger,
  valuesFromRecord,
} from './talent-form.ts';

const TREE: CategoryNode[] = [
  {
    id: 1,
    categoryName: '综合管理',
    isLeaf: false,
    childrenList: [
      { id: 11, categoryName: '行政管理', isLeaf: true, childrenList: [] },
      { id: 12, categoryName: '人力资源', isLeaf: true, childrenList: [] },
    ],
  },
  { id: 2, categoryName: '业务经办', isLeaf: false, childrenList: [] },
  { id: 3, categoryName: '其他', isLeaf: true, childrenList: [] },
];

const EMPTY: TalentEditable = {
  talentType: 1,
  sex: null,
  birthday: '',
  nation: null,
  nativePlace: '',
  birthPlace: '',
  politicalStatus: null,
  partyJoinDate: '',
  healthStatus: '',
  highestEducation: null,
  startWorkDate: '',
  companyName: '',
  companyPosition: '',
  region: [],
  talentClassification: null,
  jobTitle: null,
  jobRank: null,
  postType: null,
  postLevel: null,
  professionalRank: null,
  skillLevel: null,
  positionHierarchy: null,
  talentBusinessRelationList: [],
  education: null,
  graduateSchool: '',
  major: '',
  jobEducation: null,
  jobGraduateSchool: '',
  jobMajor: '',
  technicalTitle: '',
  professionalTitle: '',
  expertise: '',
  remark: '',
  studyWorkExperience: '',
  assessmentRewardPunishment: '',
};

/** Runs a field's rules on a value as antd would (every rule, whatever its trigger): the messages. */
async function check(rules: Array<RuleObject | RuleRender>, value: unknown, form: Record<string, unknown> = {}) {
  const errors: string[] = [];
  for (const r of rules) {
    const obj = typeof r === 'function' ? r({ getFieldValue: (n: string) => form[n] } as never) : r;
    try {
      await obj.validator?.(obj, value, () => undefined);
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  return errors;
}

describe('the rules built from talentFields', () => {
  it('asks for a required choice on change with 请选择{label}, a typed field on blur with 请输入{label}', async () => {
    const sex = talentFieldRules('sex', 'zh') as RuleObject[];
    expect(sex[0]).toMatchObject({ required: true, validateTrigger: 'onChange' });
    expect(await check(sex, undefined)).toEqual(['请选择性别']);
    expect(await check(sex, 1)).toEqual([]);
    const company = talentFieldRules('companyName', 'zh') as RuleObject[];
    expect(company[0]).toMatchObject({ required: true, validateTrigger: 'onBlur' });
    expect(await check(company, '   ')).toEqual(['请输入工作单位']);
    expect(await check(company, 'x'.repeat(101))).toEqual(['工作单位不能超过100个字']);
    expect(await check(company, '单'.repeat(100))).toEqual([]);
    expect(talentValidateTrigger('companyName')).toEqual(['onChange', 'onBlur']);
    expect(talentValidateTrigger('sex')).toEqual(['onChange']);
    expect(await check(talentFieldRules('region', 'en'), [])).toEqual(['Choose region']);
  });

  it('leaves optional fields free but keeps their limit', async () => {
    const place = talentFieldRules('nativePlace', 'zh');
    expect(await check(place, '')).toEqual([]);
    expect(await check(place, '籍'.repeat(16))).toEqual(['籍贯不能超过15个字']);
    expect((place as RuleObject[]).some((r) => r.required)).toBe(false);
  });

  it('refuses a date after today, and a birthday of today or later', async () => {
    expect(dateProblem('startWorkDate', '2026-05-02', 'zh', '2026-05-01')).toBe('参加工作时间不能晚于今天');
    expect(dateProblem('startWorkDate', '2026-05-01', 'zh', '2026-05-01')).toBeNull();
    expect(dateProblem('birthday', '2026-05-01', 'zh', '2026-05-01')).toBe('出生日期必须早于今天');
    expect(dateProblem('birthday', '2026-04-30', 'en', '2026-05-01')).toBeNull();
    expect(dateProblem('partyJoinDate', '2030-01-01', 'en', '2026-05-01')).toBe(
      'Joined the Party cannot be after today',
    );
    expect(await check(talentFieldRules('birthday', 'zh', '2026-05-01'), '')).toEqual(['请选择出生日期']);
    expect(await check(talentFieldRules('partyJoinDate', 'zh', '2026-05-01'), '')).toEqual([]);
  });

  it('asks for the first business area and refuses one chosen twice', async () => {
    expect(await check(businessSlotRules(0, 'zh'), undefined)).toEqual(['业务领域至少选择一个']);
    expect(await check(businessSlotRules(0, 'en'), [1, 11])).toEqual([]);
    expect(await check(businessSlotRules(1, 'zh'), undefined)).toEqual([]);
    const slots = [[1, 11], [1, 11], undefined];
    expect(await check(businessSlotRules(1, 'zh'), [1, 11], { [BUSINESS_SLOTS_FIELD]: slots })).toEqual([
      '业务领域不能重复',
    ]);
    expect(await check(businessSlotRules(1, 'en'), [1, 12], { [BUSINESS_SLOTS_FIELD]: slots })).toEqual([]);
    expect(repeatsEarlierSlot([[1, 11], undefined, [1, 11]], 2, [1, 11])).toBe(true);
    expect(repeatsEarlierSlot([[1, 11], undefined, [1, 11]], 0, [1, 11])).toBe(false);
  });
});

describe('slots ↔ stored business areas', () => {
  it('puts each stored area in the slot of its recommendOrder, as its path', () => {
    expect(
      slotsFromRelations([
        { businessCategoryId: 3, businessCategoryName: '其他', parentCategoryIdList: [], recommendOrder: 3 },
        { businessCategoryId: 11, businessCategoryName: '行政管理', parentCategoryIdList: [1], recommendOrder: 1 },
      ]),
    ).toEqual([[1, 11], undefined, [3]]);
    expect(slotsFromRelations([])).toEqual([undefined, undefined, undefined]);
  });

  it('stores each chosen slot with its name, ancestors and order', () => {
    expect(relationsFromSlots([[1, 12], undefined, [3]], TREE)).toEqual([
      { businessCategoryId: 12, businessCategoryName: '人力资源', parentCategoryIdList: [1], recommendOrder: 1 },
      { businessCategoryId: 3, businessCategoryName: '其他', parentCategoryIdList: [], recommendOrder: 2 },
    ]);
    const back = relationsFromSlots(slotsFromRelations(relationsFromSlots([[1, 11], [3], undefined], TREE)), TREE);
    expect(back.map((r) => r.businessCategoryId)).toEqual([11, 3]);
  });

  it('offers only leaves: a category with nothing under it that is not a leaf is disabled', () => {
    expect(categoryOptions(TREE)).toEqual([
      {
        value: 1,
        label: '综合管理',
        children: [
          { value: 11, label: '行政管理' },
          { value: 12, label: '人力资源' },
        ],
      },
      { value: 2, label: '业务经办', disabled: true },
      { value: 3, label: '其他' },
    ]);
  });
});

describe('form values ↔ record and request', () => {
  it('lists each section’s form fields; section 2 holds the talent type', () => {
    expect(sectionFormFields(1)).toEqual([
      'sex',
      'birthday',
      'nation',
      'nativePlace',
      'birthPlace',
      'politicalStatus',
      'partyJoinDate',
      'healthStatus',
      'highestEducation',
    ]);
    expect(sectionFormFields(2)[0]).toBe('talentType');
    expect(sectionFormFields(3)).toEqual([BUSINESS_SLOTS_FIELD]);
  });

  it('reads a record into a form: empty choices undefined, dates as strings', () => {
    const record = { ...EMPTY, sex: 2, birthday: '1990-05-01', region: ['450100', '450102'], talentType: 3 };
    expect(valuesFromRecord(1, record)).toMatchObject({ sex: 2, birthday: '1990-05-01', nation: undefined });
    expect(valuesFromRecord(2, record)).toMatchObject({ talentType: 3, region: ['450100', '450102'] });
  });

  it('sends only the section’s fields with saveType, hidden ones empty, texts trimmed', () => {
    const values = {
      ...valuesFromRecord(2, EMPTY),
      startWorkDate: '2012-07-01',
      companyName: ' 单位 ',
      companyPosition: '科员',
      region: ['450100', '450102'],
      talentClassification: 4,
      postType: 1,
      postLevel: 3,
      positionHierarchy: 2,
    };
    const req = requestFromValues(2, values, TREE);
    expect(req).toMatchObject({
      saveType: 2,
      talentType: 1,
      companyName: '单位',
      talentClassification: 4,
      positionHierarchy: 2,
      postType: null,
      postLevel: null,
      jobTitle: null,
    });
    expect(Object.keys(req)).not.toContain('sex');
    expect(requestFromValues(3, { [BUSINESS_SLOTS_FIELD]: [[1, 11]] }, TREE)).toEqual({
      saveType: 3,
      talentBusinessRelationList: [
        { businessCategoryId: 11, businessCategoryName: '行政管理', parentCategoryIdList: [1], recommendOrder: 1 },
      ],
    });
    expect(requestFromValues(1, valuesFromRecord(1, EMPTY), TREE)).toMatchObject({
      saveType: 1,
      sex: null,
      birthday: '',
    });
  });

  it('finds the item of a field the server names', () => {
    expect(formNameOf(1, 'sex')).toEqual(['sex']);
    expect(formNameOf(2, 'region')).toEqual(['region']);
    expect(formNameOf(2, 'sex')).toBeNull();
    expect(formNameOf(3, 'talentBusinessRelationList')).toEqual([BUSINESS_SLOTS_FIELD, 0]);
    expect(formNameOf(1, undefined)).toBeNull();
  });

  it('tells a changed form from an unchanged one, empty values alike', () => {
    const base = valuesFromRecord(1, EMPTY);
    expect(sameValues(1, base, { ...base, nativePlace: '  ', sex: undefined })).toBe(true);
    expect(sameValues(1, base, { ...base, sex: 1 })).toBe(false);
    const slots = valuesFromRecord(3, EMPTY);
    expect(sameValues(3, slots, { [BUSINESS_SLOTS_FIELD]: [] })).toBe(true);
    expect(sameValues(3, slots, { [BUSINESS_SLOTS_FIELD]: [undefined, [1, 11]] })).toBe(false);
    const two = valuesFromRecord(2, EMPTY);
    expect(sameValues(2, two, { ...two, region: ['450100'] })).toBe(false);
    expect(sameValues(2, two, { ...two, talentType: 2 })).toBe(false);
  });
});

describe('clearing and the region tree', () => {
  it('clears what a change of the classification, job title or rank, post type or talent type clears', () => {
    expect(Object.keys(clearedBy(['talentClassification']))).toEqual([
      'jobTitle',
      'jobRank',
      'postType',
      'postLevel',
      'professionalRank',
      'skillLevel',
      'positionHierarchy',
    ]);
    expect(Object.keys(clearedBy(['postType']))).toEqual([
      'postLevel',
      'professionalRank',
      'skillLevel',
      'positionHierarchy',
    ]);
    expect(Object.keys(clearedBy(['jobRank']))).not.toContain('jobTitle');
    expect(clearedBy(['talentType'])).toEqual({ region: [] });
    expect(clearedBy(['companyName'])).toEqual({});
  });

  it('takes the national provinces and cities for talent type 3, else the Guangxi cities and districts', () => {
    expect(regionTreeOf(3)).toEqual({ kind: 'national', depth: 2 });
    expect(regionTreeOf(1)).toEqual({ kind: 'guangxi', depth: 3 });
    expect(regionTreeOf(2)).toEqual({ kind: 'guangxi', depth: 3 });
  });

  it('names the stored region before its tree has loaded', () => {
    expect(storedRegionOptions(['450100', '450102'], ['南宁市', '兴宁区'])).toEqual([
      { value: '450100', label: '南宁市', children: [{ value: '450102', label: '兴宁区' }] },
    ]);
    expect(storedRegionOptions([], [])).toEqual([]);
  });
});
