import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  deleteNews,
  deleteNewsCategory,
  findAdminNews,
  findAdminNewsCategories,
  findAuditLog,
  findNews,
  findNewsCategories,
  saveNews,
  saveNewsCategory,
  setNewsPublished,
  viewAdminNews,
  viewNews,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let adminOfB: Learner;

beforeAll(async () => {
  // Visitors' site answers cached for a minute: only forgetting them shows a change at once.
  t = await createTestApp({ TENANT_CODES: '', SITE_CACHE_TTL_MS: '60000' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '李管理' } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

const as = () => ({ as: admin });

async function newCategory(name: string, sort = 0) {
  const res = await t.call(saveNewsCategory, { name, nameEn: '', sort }, as());
  expect(res.code).toBe(200);
  return res.data;
}

describe('news categories in the back office', () => {
  it('adds, renames and deletes an unused category; each write audited; visitors see the change at once', async () => {
    const visitor = { as: visitorOf(a) };
    expect((await t.call(findNewsCategories, {}, visitor)).data).toEqual([]);
    const made = await newCategory('行业动态', 2);
    expect(made).toMatchObject({ name: '行业动态', nameEn: '', sort: 2, newsCount: 0 });
    // Cached for the visitor now; a rename must still show on the next call.
    expect((await t.call(findNewsCategories, {}, visitor)).data).toEqual([{ id: made.id, name: '行业动态' }]);
    const renamed = await t.call(
      saveNewsCategory,
      { id: made.id, name: '行业新闻', nameEn: 'Industry', sort: 1 },
      as(),
    );
    expect(renamed.data).toMatchObject({ id: made.id, name: '行业新闻', nameEn: 'Industry', sort: 1 });
    expect((await t.call(findNewsCategories, {}, visitor)).data).toEqual([{ id: made.id, name: '行业新闻' }]);

    expect((await t.call(deleteNewsCategory, { id: made.id }, as())).data).toEqual({ id: made.id });
    expect((await t.call(findNewsCategories, {}, visitor)).data).toEqual([]);

    const log = (await t.call(findAuditLog, { entityType: 'news_category', entityId: String(made.id) }, as())).data;
    expect(log.list.map((e) => e.action)).toEqual(['deleteNewsCategory', 'saveNewsCategory', 'saveNewsCategory']);
    expect(log.list[1]).toMatchObject({
      actorName: '李管理',
      before: { name: '行业动态', sort: 2 },
      after: { name: '行业新闻', nameEn: 'Industry', sort: 1 },
    });
    expect(log.list[0]!.after).toBeNull();
  });

  it('refuses a taken name (9404), an empty or long name (400, in the user’s language), and a category with news (9401)', async () => {
    const used = await newCategory('公司新闻');
    expect((await t.call(saveNewsCategory, { name: '公司新闻' }, as())).code).toBe(ErrorCode.NEWS_CATEGORY_NAME_TAKEN);
    const empty = await t.call(saveNewsCategory, { name: '  ' }, { as: admin, lang: 'en' });
    expect(empty.code).toBe(400);
    expect(invalidFields(empty)).toEqual([{ field: 'name', message: 'Please enter the category name' }]);
    const long = await t.call(saveNewsCategory, { name: '一'.repeat(21) }, as());
    expect(invalidFields(long)[0]!.message).toBe('分类名称不能超过20个字');

    await t.call(saveNews, { categoryId: used.id, title: '一条新闻', content: '<p>正文</p>' }, as());
    const refused = await t.call(deleteNewsCategory, { id: used.id }, { as: admin, lang: 'en' });
    expect(refused).toMatchObject({ code: 9401, message: 'This category still holds news; move or delete them first' });
    const list = (await t.call(findAdminNewsCategories, {}, as())).data;
    expect(list.find((c) => c.id === used.id)).toMatchObject({ newsCount: 1 });
  });

  it("answers 404 for another enterprise's category, and never lists it", async () => {
    const theirs = (await t.call(saveNewsCategory, { name: '乙的分类' }, { as: adminOfB })).data;
    expect((await t.call(deleteNewsCategory, { id: theirs.id }, as())).code).toBe(404);
    expect((await t.call(saveNewsCategory, { id: theirs.id, name: '改名' }, as())).code).toBe(404);
    expect((await t.call(findAdminNewsCategories, {}, as())).data.map((c) => c.name)).not.toContain('乙的分类');
    expect((await t.call(saveNews, { categoryId: theirs.id, title: '新闻', content: '<p>x</p>' }, as())).code).toBe(
      ErrorCode.NEWS_CATEGORY_UNKNOWN,
    );
  });
});

describe('news in the back office', () => {
  let categoryId: number;
  beforeAll(async () => {
    categoryId = (await newCategory('培训动态')).id;
  });

  it('writes an article as a draft, sanitises its rich content, publishes it, and visitors read it', async () => {
    const saved = await t.call(
      saveNews,
      {
        categoryId,
        title: '新员工培训开班',
        summary: '第一期',
        author: '培训中心',
        coverUrl: '/uploads/cover.png',
        content: '<p style="color:red" onclick="x()">开班了<script>alert(1)</script></p>',
      },
      as(),
    );
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ title: '新员工培训开班', published: false, categoryName: '培训动态' });
    expect(saved.data.content).toBe('<p style="color: red">开班了</p>');
    const id = saved.data.id;
    const visitor = { as: visitorOf(a) };
    expect((await t.call(viewNews, { id }, visitor)).code).toBe(404);

    const published = await t.call(setNewsPublished, { id, published: true }, as());
    expect(published.data).toMatchObject({ id, published: true });
    expect((await t.call(findNews, {}, visitor)).data.list.map((n) => n.title)).toContain('新员工培训开班');
    expect((await t.call(viewNews, { id }, visitor)).data.content).toBe('<p style="color: red">开班了</p>');

    const edited = await t.call(
      saveNews,
      { id, categoryId, title: '新员工培训开班（更新）', content: '<p>改</p>', published: true },
      as(),
    );
    expect(edited.data).toMatchObject({ title: '新员工培训开班（更新）', summary: '', published: true });
    expect((await t.call(viewAdminNews, { id }, as())).data.content).toBe('<p>改</p>');

    const log = (await t.call(findAuditLog, { entityType: 'news', entityId: String(id) }, as())).data.list;
    expect(log.map((e) => e.action)).toEqual(['saveNews', 'setNewsPublished', 'saveNews']);
    expect(log[1]).toMatchObject({ before: { published: false }, after: { published: true } });
    expect(log[2]!.before).toBeNull();

    expect((await t.call(deleteNews, { id }, as())).data).toEqual({ id });
    expect((await t.call(viewNews, { id }, visitor)).code).toBe(404);
    expect((await t.call(viewAdminNews, { id }, as())).code).toBe(404);
  });

  it('keeps a scheduled article from learners until its publish time', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const saved = await t.call(
      saveNews,
      { categoryId, title: '明日发布', content: '<p>稍后</p>', published: true, publishedAt: later },
      as(),
    );
    expect(saved.data.publishedAt).toBe(later);
    expect((await t.call(viewNews, { id: saved.data.id }, { as: visitorOf(a) })).code).toBe(404);
  });

  it('lists drafts and published ones, by keyword, category and status, sorted, with paging', async () => {
    const other = (await newCategory('政策解读')).id;
    for (const [title, cat, published, views] of [
      ['甲文章', categoryId, true, 5],
      ['乙文章', categoryId, false, 1],
      ['丙文章', other, true, 9],
    ] as const) {
      const { data } = await t.call(saveNews, { categoryId: cat, title, content: '<p>x</p>', published }, as());
      await t.database.db
        .update(schema.news)
        .set({ viewCount: views })
        .where(and(eq(schema.news.eid, a.eid), eq(schema.news.id, data.id)));
    }
    const byViews = (await t.call(findAdminNews, { keyword: '文章', sort: '-viewCount' }, as())).data;
    expect(byViews.list.map((n) => n.title)).toEqual(['丙文章', '甲文章', '乙文章']);
    expect(byViews.totalCount).toBe(3);
    const drafts = (await t.call(findAdminNews, { keyword: '文章', status: 'draft' }, as())).data;
    expect(drafts.list.map((n) => n.title)).toEqual(['乙文章']);
    const inOther = (await t.call(findAdminNews, { categoryId: other }, as())).data;
    expect(inOther.list.map((n) => n.title)).toEqual(['丙文章']);
    const paged = (await t.call(findAdminNews, { keyword: '文章', sort: 'title', pageSize: 2, pageCurrent: 2 }, as()))
      .data;
    expect(paged).toMatchObject({ totalCount: 3, totalPage: 2 });
    expect(paged.list).toHaveLength(1);
    expect((await t.call(findAdminNews, unchecked({ sort: 'eid' }), as())).code).toBe(400);
  });

  it('refuses bad input with the field named in the user’s language', async () => {
    const bad = await t.call(saveNews, unchecked({ title: '', content: '<p></p>' }), { as: admin, lang: 'en' });
    expect(bad.code).toBe(400);
    expect(invalidFields(bad).map((f) => f.message)).toEqual(
      expect.arrayContaining(['Please choose a news category', 'Please enter the title', 'Please enter the body']),
    );
    const cover = await t.call(
      saveNews,
      { categoryId, title: '封面', content: '<p>x</p>', coverUrl: 'javascript:alert(1)' },
      as(),
    );
    expect(invalidFields(cover)).toEqual([{ field: 'coverUrl', message: '封面地址不正确' }]);
  });

  it("answers 404 for another enterprise's article to every call, and lists none of it", async () => {
    const theirCat = (await t.call(saveNewsCategory, { name: '乙分类二' }, { as: adminOfB })).data.id;
    const theirs = (
      await t.call(saveNews, { categoryId: theirCat, title: '乙的文章', content: '<p>乙</p>' }, { as: adminOfB })
    ).data.id;
    expect((await t.call(viewAdminNews, { id: theirs }, as())).code).toBe(404);
    expect((await t.call(setNewsPublished, { id: theirs, published: true }, as())).code).toBe(404);
    expect((await t.call(deleteNews, { id: theirs }, as())).code).toBe(404);
    expect((await t.call(saveNews, { id: theirs, categoryId, title: 'x', content: '<p>x</p>' }, as())).code).toBe(404);
    expect((await t.call(findAdminNews, { keyword: '乙的文章' }, as())).data.totalCount).toBe(0);
    expect((await t.call(viewAdminNews, { id: theirs }, { as: adminOfB })).data.title).toBe('乙的文章');
  });
});
