import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryType, findCategories } from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise } from '../../test/factories.ts';
import { presentCategoryTree } from './category.presenter.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  const insert = async (
    eid: number,
    categoryType: number,
    name: string,
    sort: number,
    parentId?: number,
    nameEn = '',
  ) => {
    const [row] = await db
      .insert(schema.categories)
      .values({ eid, categoryType, name, nameEn, sort, parentId: parentId ?? null })
      .returning();
    return row!.id;
  };
  ids.mgmt = await insert(a.eid, CategoryType.COURSE, '管理类', 2, undefined, 'Management');
  ids.tech = await insert(a.eid, CategoryType.COURSE, '技术类', 1);
  ids.leader = await insert(a.eid, CategoryType.COURSE, '领导力', 2, ids.mgmt, 'Leadership');
  ids.team = await insert(a.eid, CategoryType.COURSE, '团队管理', 1, ids.mgmt);
  ids.coach = await insert(a.eid, CategoryType.COURSE, '教练技术', 1, ids.team);
  ids.claims = await insert(a.eid, CategoryType.TALENT_BUSINESS, '医保结算', 1);
  ids.theirs = await insert(b.eid, CategoryType.COURSE, '乙的分类', 1);
});
afterAll(async () => t?.close());

const onA = () => ({ as: visitorOf(a) });

describe('findCategories (POST /system/api/category/list)', () => {
  it('answers one categoryType of the site as a tree in order, for visitors too', async () => {
    const res = await t.call(findCategories, { categoryType: 3 }, onA());
    expect(res.code).toBe(200);
    expect(res.data).toEqual([
      { id: ids.tech, categoryName: '技术类', isLeaf: true, childrenList: [] },
      {
        id: ids.mgmt,
        categoryName: '管理类',
        isLeaf: false,
        childrenList: [
          {
            id: ids.team,
            categoryName: '团队管理',
            isLeaf: false,
            childrenList: [{ id: ids.coach, categoryName: '教练技术', isLeaf: true, childrenList: [] }],
          },
          { id: ids.leader, categoryName: '领导力', isLeaf: true, childrenList: [] },
        ],
      },
    ]);
    expect((await t.call(findCategories, { categoryType: '14' }, onA())).data).toEqual([
      { id: ids.claims, categoryName: '医保结算', isLeaf: true, childrenList: [] },
    ]);
    expect((await t.call(findCategories, { categoryType: 99 }, onA())).data).toEqual([]);
  });

  it("names in the page's language where the site gave one", async () => {
    const en = (await t.call(findCategories, { categoryType: 3 }, { ...onA(), lang: 'en' })).data;
    expect(en.map((c) => c.categoryName)).toEqual(['技术类', 'Management']);
    expect(en[1]!.childrenList.map((c) => c.categoryName)).toEqual(['团队管理', 'Leadership']);
  });

  it('bad input: 400 naming categoryType, in zh and en', async () => {
    for (const body of [{}, { categoryType: 'abc' }, { categoryType: 0 }, { categoryType: 1.5 }]) {
      const zh = await t.call(findCategories, unchecked(body), onA());
      expect(zh.code).toBe(400);
      expect(zh.message).toBe('参数错误：categoryType 请选择分类类型');
      expect(invalidFields(zh)[0]!.field).toBe('categoryType');
    }
    const en = await t.call(findCategories, unchecked({}), { ...onA(), lang: 'en' });
    expect(en.message).toBe('Invalid input: categoryType: Please choose a category type');
  });

  it("the site's enterprise only: another's categories never show; a body eid is ignored", async () => {
    const seenOnA = (await t.call(findCategories, unchecked({ categoryType: 3, eid: b.eid }), onA())).data;
    expect(JSON.stringify(seenOnA)).not.toContain('乙的分类');
    const onB = (await t.call(findCategories, { categoryType: 3 }, { as: visitorOf(b) })).data;
    expect(onB).toEqual([{ id: ids.theirs, categoryName: '乙的分类', isLeaf: true, childrenList: [] }]);
    // Signed in to b, the session's enterprise decides even on a's domain.
    const learnerB = await t.learner(b);
    const signedIn = (await t.call(findCategories, { categoryType: 3 }, { as: { ...learnerB, domain: a.domain } }))
      .data;
    expect(signedIn.map((c) => c.id)).toEqual([ids.theirs]);
  });

  it('a category whose parent is not among the rows stands at the top (nothing is lost)', () => {
    const tree = presentCategoryTree(
      [
        { id: 1, parentId: 99, name: '孤儿', nameEn: '' },
        { id: 2, parentId: null, name: '根', nameEn: '' },
      ],
      'zh',
    );
    expect(tree.map((n) => n.id)).toEqual([1, 2]);
  });
});
