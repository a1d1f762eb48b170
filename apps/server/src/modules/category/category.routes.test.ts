import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryType } from '@portal/contract';
import { schema } from '@portal/db';
import { clientHeaders, createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createSignedInUser } from '../../test/factories.ts';
import { presentCategoryTree } from './category.presenter.ts';

const CATEGORIES = '/gateway/system/api/category/list';

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

const call = (body: object, opts: { lang?: string; domain?: string; url?: string; token?: string } = {}) =>
  t.app
    .inject({
      method: 'POST',
      url: opts.url ?? CATEGORIES,
      headers: {
        ...clientHeaders(opts.domain ?? a.domain),
        ...(opts.lang ? { lang: opts.lang } : {}),
        ...(opts.token ? { token: opts.token } : {}),
      },
      payload: body,
    })
    .then((r) => r.json());

describe('findCategories (POST /system/api/category/list)', () => {
  it('answers one categoryType of the site as a tree in order, for visitors too', async () => {
    const res = await call({ categoryType: 3 });
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
    expect((await call({ categoryType: '14' })).data).toEqual([
      { id: ids.claims, categoryName: '医保结算', isLeaf: true, childrenList: [] },
    ]);
    expect((await call({ categoryType: 99 })).data).toEqual([]);
  });

  it("names in the page's language where the site gave one", async () => {
    const en = (await call({ categoryType: 3 }, { lang: 'en' })).data;
    expect(en.map((c: { categoryName: string }) => c.categoryName)).toEqual(['技术类', 'Management']);
    expect(en[1].childrenList.map((c: { categoryName: string }) => c.categoryName)).toEqual(['团队管理', 'Leadership']);
  });

  it('bad input: 400 naming categoryType, in zh and en', async () => {
    for (const body of [{}, { categoryType: 'abc' }, { categoryType: 0 }, { categoryType: 1.5 }]) {
      const zh = await call(body);
      expect(zh.code).toBe(400);
      expect(zh.message).toBe('参数错误：categoryType 请选择分类类型');
      expect(zh.data.fields[0].field).toBe('categoryType');
    }
    const en = await call({}, { lang: 'en' });
    expect(en.message).toBe('Invalid input: categoryType: Please choose a category type');
  });

  it("the site's enterprise only: another's categories never show; a body eid is ignored", async () => {
    const onA = (await call({ categoryType: 3, eid: b.eid })).data;
    expect(JSON.stringify(onA)).not.toContain('乙的分类');
    const onB = (await call({ categoryType: 3 }, { domain: b.domain })).data;
    expect(onB).toEqual([{ id: ids.theirs, categoryName: '乙的分类', isLeaf: true, childrenList: [] }]);
    // Signed in to b, the session's enterprise decides even on a's domain.
    const learnerB = await createSignedInUser(t.database.db, t.platform.sessions, [b.eid]);
    const signedIn = (await call({ categoryType: 3 }, { token: learnerB.token })).data;
    expect(signedIn.map((c: { id: number }) => c.id)).toEqual([ids.theirs]);
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
