import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editTalentInfo, viewTalentInfo, type TalentEditable } from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';

/**
 * The talent-pool record (issue 24, decision 059): one's own, in the session's enterprise, saved a
 * section at a time by the contract's rules (required fields and their messages, hidden fields
 * cleared, choices, regions, business areas and dates checked), never another's or another
 * enterprise's.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let learner: Learner;
let other: Learner;
let learnerOfB: Learner;
let leaf: { id: number; parentId: number };
let secondLeaf: { id: number };
let parentCategory: number;
let foreignLeaf: number;

const db = () => t.database.db;
const as = (who: Learner, lang?: string) => ({ as: who, ...(lang ? { lang } : {}) });

const SECTION_1: Partial<TalentEditable> = {
  sex: 2,
  birthday: '1990-05-01',
  nation: 1,
  politicalStatus: 3,
  partyJoinDate: '2015-07-01',
  nativePlace: '广西南宁',
  highestEducation: 5,
};
// 南宁市 / 青秀区 in the Guangxi tree (city and district).
const SECTION_2: Partial<TalentEditable> = {
  talentType: 1,
  startWorkDate: '2012-07-01',
  companyName: '中国人寿南宁分公司',
  companyPosition: '培训主管',
  region: ['450100', '450103'],
  talentClassification: 2,
  postType: 1,
  postLevel: 7,
};

async function category(eid: number, name: string, parentId: number | null, nameEn = '') {
  const [row] = await db()
    .insert(schema.categories)
    .values({ eid, categoryType: 14, name, parentId, nameEn })
    .returning({ id: schema.categories.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  learner = await t.learner(a, { member: { realName: '王芳', employeeNo: 'A0012' } });
  other = await t.learner(a);
  learnerOfB = await t.learner(b);
  parentCategory = await category(a.eid, '寿险业务', null);
  leaf = { id: await category(a.eid, '个人寿险', parentCategory, 'Individual life'), parentId: parentCategory };
  secondLeaf = { id: await category(a.eid, '团体寿险', parentCategory) };
  foreignLeaf = await category(b.eid, '乙的业务', null);
});
afterAll(async () => t?.close());

describe('the talent record', () => {
  it('is empty before the first save: the profile’s name, masked phone and staff number, nothing stored', async () => {
    const view = await t.call(viewTalentInfo, {}, as(learner));
    expect(view.code).toBe(200);
    expect(view.data).toMatchObject({
      id: null,
      talentType: 1,
      talentSource: 1,
      talentTypeList: [1, 2, 3],
      name: '王芳',
      userNo: 'A0012',
      sex: null,
      region: [],
      talentBusinessRelationList: [],
      savedSections: [],
    });
    expect(view.data!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('refuses a section whose required fields are missing, with the field’s message in both languages', async () => {
    const zh = await t.call(editTalentInfo, { saveType: 1 }, as(learner));
    expect(zh.code).toBe(9601);
    expect(zh.message).toBe('请选择性别');
    const en = await t.call(editTalentInfo, { saveType: 6, studyWorkExperience: '2012 年入职' }, as(learner, 'en'));
    expect(en.code).toBe(9601);
    expect(en.message).toBe('Enter assessments, rewards and penalties of the last three years');
    const long = await t.call(editTalentInfo, { ...SECTION_1, saveType: 1, nativePlace: '广'.repeat(16) }, as(learner));
    expect(long.code).toBe(9601);
    expect(long.message).toBe('籍贯不能超过15个字');
    expect((await t.call(viewTalentInfo, {}, as(learner))).data!.id).toBeNull();
  });

  it('saves one section at a time and keeps the others', async () => {
    const one = await t.call(editTalentInfo, { ...SECTION_1, saveType: 1 }, as(learner));
    expect(one.code).toBe(200);
    expect(one.data).toMatchObject({ sex: 2, birthday: '1990-05-01', politicalStatusText: '中共党员' });
    expect(one.data!.id).toBeGreaterThan(0);
    const two = await t.call(editTalentInfo, { ...SECTION_2, saveType: 2 }, as(learner));
    expect(two.code).toBe(200);
    expect(two.data).toMatchObject({
      sex: 2,
      companyName: '中国人寿南宁分公司',
      postLevel: 7,
      regionNames: ['南宁市', '青秀区'],
      savedSections: [1, 2],
    });
    // Saving section 1 again with other values leaves section 2 as it was.
    const again = await t.call(editTalentInfo, { ...SECTION_1, saveType: 1, nation: 8 }, as(learner));
    expect(again.data).toMatchObject({ nation: 8, companyName: '中国人寿南宁分公司', savedSections: [1, 2] });
  });

  it('clears the fields the classification hides and requires the ones it shows', async () => {
    // Enterprise staff: the institution's post type and level are hidden, so cleared.
    const missing = await t.call(editTalentInfo, { ...SECTION_2, saveType: 2, talentClassification: 4 }, as(learner));
    expect(missing.code).toBe(9601);
    expect(missing.message).toBe('请选择岗位层级');
    const saved = await t.call(
      editTalentInfo,
      { ...SECTION_2, saveType: 2, talentClassification: 4, positionHierarchy: 2 },
      as(learner),
    );
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({
      talentClassification: 4,
      positionHierarchy: 2,
      postType: null,
      postLevel: null,
    });
    // A contract member of staff has no management post to choose.
    const contract = await t.call(
      editTalentInfo,
      { ...SECTION_2, saveType: 2, talentClassification: 3, postType: 1, postLevel: 7 },
      as(learner),
    );
    expect(contract.code).toBe(9602);
    const [row] = await withTenant(a.eid, async () =>
      t.database.tenantDb
        .select()
        .from(schema.talentRecords)
        .where(and(eq(schema.talentRecords.eid, a.eid), eq(schema.talentRecords.accountId, learner.accountId))),
    );
    expect(row!.talentClassification).toBe(4);
  });

  it('checks choices, dates and regions against their lists', async () => {
    const cases: Array<[Partial<TalentEditable> & { saveType: 1 | 2 }, number]> = [
      [{ ...SECTION_1, saveType: 1, nation: 57 }, 9602],
      [{ ...SECTION_1, saveType: 1, sex: 3 }, 9602],
      [{ ...SECTION_1, saveType: 1, birthday: '2999-01-01' }, 9605],
      [{ ...SECTION_1, saveType: 1, birthday: '1990-02-30' }, 9605],
      // A birthday is before today (China's day); another date may be today.
      [{ ...SECTION_1, saveType: 1, birthday: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10) }, 9605],
      // A city alone where it has districts; a district of another city; type 3's provinces.
      [{ ...SECTION_2, saveType: 2, region: ['450100'] }, 9603],
      [{ ...SECTION_2, saveType: 2, region: ['450100', '450203'] }, 9603],
      [{ ...SECTION_2, saveType: 2, talentType: 3, region: ['450100', '450103'] }, 9603],
    ];
    for (const [input, code] of cases) expect((await t.call(editTalentInfo, input, as(learner))).code).toBe(code);
    // Type 3 picks a province and a city of the national tree.
    const expert = await t.call(
      editTalentInfo,
      { ...SECTION_2, saveType: 2, talentType: 3, region: ['450000', '450100'] },
      as(learner),
    );
    expect(expert.code).toBe(200);
    expect(expert.data).toMatchObject({ talentType: 3, regionNames: ['广西壮族自治区', '南宁市'] });
  });

  it('keeps up to three business areas: leaves of the enterprise’s own categories, each once', async () => {
    const slot = (id: number, recommendOrder: number) => ({
      businessCategoryId: id,
      businessCategoryName: 'anything',
      parentCategoryIdList: [],
      recommendOrder,
    });
    const duplicate = await t.call(
      editTalentInfo,
      { saveType: 3, talentBusinessRelationList: [slot(leaf.id, 1), slot(leaf.id, 2)] },
      as(learner),
    );
    expect([duplicate.code, duplicate.message]).toEqual([9604, '业务领域不能重复']);
    const refused = [
      [slot(parentCategory, 1)],
      [slot(foreignLeaf, 1)],
      [slot(leaf.id, 1), slot(secondLeaf.id, 1)],
      // Slots by priority from the first.
      [slot(leaf.id, 2)],
    ];
    for (const list of refused) {
      expect((await t.call(editTalentInfo, { saveType: 3, talentBusinessRelationList: list }, as(learner))).code).toBe(
        9604,
      );
    }
    expect((await t.call(editTalentInfo, { saveType: 3, talentBusinessRelationList: [] }, as(learner))).message).toBe(
      '业务领域至少选择一个',
    );
    const saved = await t.call(
      editTalentInfo,
      { saveType: 3, talentBusinessRelationList: [slot(secondLeaf.id, 2), slot(leaf.id, 1)] },
      as(learner),
    );
    expect(saved.code).toBe(200);
    expect(saved.data!.talentBusinessRelationList).toEqual([
      {
        businessCategoryId: leaf.id,
        businessCategoryName: '个人寿险',
        parentCategoryIdList: [parentCategory],
        recommendOrder: 1,
      },
      {
        businessCategoryId: secondLeaf.id,
        businessCategoryName: '团体寿险',
        parentCategoryIdList: [parentCategory],
        recommendOrder: 2,
      },
    ]);
    // Read in English: the areas' names now, in the reader's language, not as saved.
    const en = await t.call(viewTalentInfo, {}, as(learner, 'en'));
    expect(en.data!.talentBusinessRelationList.map((b) => b.businessCategoryName)).toEqual([
      'Individual life',
      '团体寿险',
    ]);
  });

  it('is each person’s own: another learner and another enterprise see only their own', async () => {
    expect((await t.call(viewTalentInfo, {}, as(other))).data!.id).toBeNull();
    expect((await t.call(viewTalentInfo, {}, as(learnerOfB))).data!.id).toBeNull();
    // Enterprise B's learner cannot pick A's categories.
    const foreign = await t.call(
      editTalentInfo,
      {
        saveType: 3,
        talentBusinessRelationList: [
          { businessCategoryId: leaf.id, businessCategoryName: '', parentCategoryIdList: [], recommendOrder: 1 },
        ],
      },
      as(learnerOfB),
    );
    expect(foreign.code).toBe(9604);
    // Row-level security: in B's scope, A's record is not there.
    const seen = await withTenant(b.eid, async () =>
      t.database.tenantDb.select().from(schema.talentRecords).where(eq(schema.talentRecords.eid, a.eid)),
    );
    expect(seen).toEqual([]);
  });

  it('two first saves at once make one record', async () => {
    const fresh = await t.learner(a);
    const [x, y] = await Promise.all([
      t.call(editTalentInfo, { ...SECTION_1, saveType: 1 }, as(fresh)),
      t.call(editTalentInfo, { ...SECTION_2, saveType: 2 }, as(fresh)),
    ]);
    expect([x.code, y.code]).toEqual([200, 200]);
    const rows = await db()
      .select()
      .from(schema.talentRecords)
      .where(and(eq(schema.talentRecords.eid, a.eid), eq(schema.talentRecords.accountId, fresh.accountId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.savedSections).toEqual([1, 2]);
  });
});
