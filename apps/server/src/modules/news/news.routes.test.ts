import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@portal/db';
import { findNews, findNewsCategories, viewNews } from '@portal/contract';
import { createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  const [notices, policy] = await db
    .insert(schema.newsCategories)
    .values([
      { eid: a.eid, name: '通知公告', nameEn: 'Notices', sort: 1 },
      { eid: a.eid, name: '政策解读', nameEn: '', sort: 2 },
    ])
    .returning();
  const [other] = await db.insert(schema.newsCategories).values({ eid: b.eid, name: '乙的分类' }).returning();
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 2));
  // 13 articles of a: one a day, every third a policy one; one unpublished; one of b.
  for (let i = 1; i <= 13; i++) {
    const [row] = await db
      .insert(schema.news)
      .values({
        eid: a.eid,
        categoryId: i % 3 === 0 ? policy!.id : notices!.id,
        title: i === 7 ? '年度培训计划（100%完成）' : `第${i}条新闻`,
        summary: i === 5 ? '关于医保结算的说明' : '',
        content:
          i === 2
            ? '<p style="color:red" onclick="alert(1)">正文<script>alert(1)</script><img src="/a.png" onerror="x()"></p>'
            : '<p>正文</p>',
        publishedAt: day(i),
      })
      .returning();
    ids[`a${i}`] = row!.id;
  }
  const [hidden] = await db
    .insert(schema.news)
    .values({ eid: a.eid, categoryId: notices!.id, title: '草稿', published: false, publishedAt: day(20) })
    .returning();
  ids.hidden = hidden!.id;
  const [theirs] = await db
    .insert(schema.news)
    .values({ eid: b.eid, categoryId: other!.id, title: '乙的新闻', publishedAt: day(3) })
    .returning();
  ids.b = theirs!.id;
  ids.notices = notices!.id;
  ids.policy = policy!.id;
});
afterAll(async () => t?.close());

const onA = () => ({ as: visitorOf(a) });

describe('news', () => {
  it('lists the categories in order, in the page language where the site gave one', async () => {
    expect((await t.call(findNewsCategories, {}, onA())).data).toEqual([
      { id: ids.notices, name: '通知公告' },
      { id: ids.policy, name: '政策解读' },
    ]);
    expect((await t.call(findNewsCategories, {}, { ...onA(), lang: 'en' })).data.map((c) => c.name)).toEqual([
      'Notices',
      '政策解读',
    ]);
  });

  it('pages published news newest first, 10 by default, at most 50 a page', async () => {
    const first = (await t.call(findNews, {}, onA())).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 13, totalPage: 2 });
    expect(first.list[0]).toMatchObject({ id: ids.a13, title: '第13条新闻', categoryName: '通知公告', viewCount: 0 });
    expect(first.list.map((n) => n.title)).not.toContain('草稿');
    const second = (await t.call(findNews, { pageCurrent: 2 }, onA())).data;
    expect(second.list.map((n) => n.id)).toEqual([ids.a3, ids.a2, ids.a1]);
    const big = await t.call(findNews, { pageSize: 51 }, onA());
    expect(big.code).toBe(400);
  });

  it('filters by category and by keyword in the title or summary (Chinese, and % taken literally)', async () => {
    const policy = (await t.call(findNews, { categoryId: ids.policy, pageSize: 50 }, onA())).data;
    expect(policy.list.map((n) => n.id)).toEqual([ids.a12, ids.a9, ids.a6, ids.a3]);
    expect((await t.call(findNews, { keyword: '医保' }, onA())).data.list.map((n) => n.id)).toEqual([ids.a5]);
    expect((await t.call(findNews, { keyword: '100%' }, onA())).data.list.map((n) => n.id)).toEqual([ids.a7]);
    expect((await t.call(findNews, { keyword: '%' }, onA())).data.totalCount).toBe(1);
  });

  it('an article: sanitised content, its newer and older neighbours, and a view counted', async () => {
    const view = (await t.call(viewNews, { id: ids.a2 }, onA())).data;
    // The platform's sanitiser (platform.md section 2): scripts and handlers go, only style, class,
    // mode and data-id stay.
    expect(view.content).toBe('<p style="color: red">正文<img></p>');
    expect(view.newer).toEqual({ id: ids.a3, title: '第3条新闻' });
    expect(view.older).toEqual({ id: ids.a1, title: '第1条新闻' });
    expect(view.viewCount).toBe(1);
    expect((await t.call(viewNews, { id: ids.a2 }, onA())).data.viewCount).toBe(2);
    const newest = (await t.call(viewNews, { id: ids.a13 }, onA())).data;
    expect(newest.newer).toBeNull();
  });

  it('neighbours of articles published in the same millisecond, at microsecond times, are never the article itself', async () => {
    const { sql } = await import('drizzle-orm');
    const db = t.database.db;
    const c = await createEnterprise(db, { name: '丙企业' });
    const [cat] = await db.insert(schema.newsCategories).values({ eid: c.eid, name: '分类' }).returning();
    const rows = await db
      .insert(schema.news)
      .values([
        { eid: c.eid, categoryId: cat!.id, title: '早' },
        { eid: c.eid, categoryId: cat!.id, title: '晚' },
      ])
      .returning();
    await db.execute(
      sql`UPDATE news SET published_at = '2026-11-01 00:00:00.123456+00' WHERE eid = ${c.eid} AND id = ${rows[1]!.id}`,
    );
    await db.execute(
      sql`UPDATE news SET published_at = '2026-11-01 00:00:00.123400+00' WHERE eid = ${c.eid} AND id = ${rows[0]!.id}`,
    );
    const late = (await t.call(viewNews, { id: rows[1]!.id }, { as: visitorOf(c) })).data;
    expect(late.newer).toBeNull();
    expect(late.older).toEqual({ id: rows[0]!.id, title: '早' });
    const early = (await t.call(viewNews, { id: rows[0]!.id }, { as: visitorOf(c) })).data;
    expect(early.newer).toEqual({ id: rows[1]!.id, title: '晚' });
    expect(early.older).toBeNull();
  });

  it('ids beyond the integer range are invalid input, not a server error', async () => {
    expect((await t.call(viewNews, { id: '99999999999' }, onA())).code).toBe(400);
    expect((await t.call(findNews, { categoryId: 99999999999 }, onA())).code).toBe(400);
  });

  it("an unpublished article and another enterprise's are not found; nothing of b is listed on a", async () => {
    expect((await t.call(viewNews, { id: ids.hidden }, onA())).code).toBe(404);
    expect((await t.call(viewNews, { id: ids.b }, onA())).code).toBe(404);
    const all = (await t.call(findNews, { pageSize: 50 }, onA())).data.list.map((n) => n.title);
    expect(all).not.toContain('乙的新闻');
    expect((await t.call(findNews, { categoryId: ids.policy }, { as: visitorOf(b) })).data.totalCount).toBe(0);
    expect((await t.call(viewNews, { id: ids.b }, { as: visitorOf(b) })).data.title).toBe('乙的新闻');
  });
});

describe('a site whose visitor mode is off (its /news pages send visitors to /login)', () => {
  let closed: Awaited<ReturnType<typeof createEnterprise>>;
  let article: number;
  let learner: Awaited<ReturnType<TestApp['learner']>>;
  beforeAll(async () => {
    const db = t.database.db;
    closed = await createEnterprise(db, { name: '闭门企业', settings: { visitorOpenSet: false } });
    const [cat] = await db.insert(schema.newsCategories).values({ eid: closed.eid, name: '内部' }).returning();
    const [row] = await db
      .insert(schema.news)
      .values({ eid: closed.eid, categoryId: cat!.id, title: '内部新闻', content: '<p>仅员工可见</p>' })
      .returning();
    article = row!.id;
    learner = await t.learner(closed);
  });

  it('refuses an article to a visitor (301), also named by ?eid= from another domain', async () => {
    expect(await t.call(viewNews, { id: article }, { as: visitorOf(closed) })).toEqual({
      code: 301,
      message: '请先登录',
      data: null,
    });
    const byEid = await t.call(viewNews, { id: article, eid: closed.eid }, onA());
    expect(byEid.code).toBe(301);
  });

  it('answers a signed-in learner of that site', async () => {
    expect(await t.call(viewNews, { id: article }, { as: learner })).toMatchObject({
      code: 200,
      data: { title: '内部新闻', content: '<p>仅员工可见</p>' },
    });
  });

  it('keeps the list and the categories public: /news/categorySearch shows them to everyone (spec section 6)', async () => {
    const visitor = { as: visitorOf(closed) };
    expect((await t.call(findNews, {}, visitor)).data.list.map((n) => n.title)).toEqual(['内部新闻']);
    expect((await t.call(findNewsCategories, {}, visitor)).data).toHaveLength(1);
  });
});
