import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { findLecturerRanks, findLecturers, viewLecturerBase, viewLecturerDetail } from '@portal/contract';
import { createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let learner: Learner;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  const [gold, senior] = await db
    .insert(schema.lecturerRanks)
    .values([
      { eid: a.eid, name: '金牌讲师', nameEn: 'Gold', sort: 1 },
      { eid: a.eid, name: '高级讲师', sort: 2 },
    ])
    .returning();
  ids.gold = gold!.id;
  ids.senior = senior!.id;
  const rows = await db
    .insert(schema.lecturers)
    .values([
      {
        eid: a.eid,
        rankId: gold!.id,
        name: '王建华',
        title: '培训部部长',
        sort: 1,
        intro: '<p onclick="x()">讲授<script>1</script>管理课程</p>',
      },
      { eid: a.eid, rankId: senior!.id, name: '李红', title: '高级工程师', sort: 2 },
      { eid: a.eid, rankId: null, name: '张伟', sort: 3 },
      { eid: a.eid, rankId: gold!.id, name: '隐藏讲师', sort: 0, published: false },
    ])
    .returning();
  for (const row of rows) ids[row.name] = row.id;
  const [theirs] = await db.insert(schema.lecturers).values({ eid: b.eid, name: '乙的讲师' }).returning();
  ids.b = theirs!.id;
  learner = await t.learner(a);
});
afterAll(async () => t?.close());

describe('lecturers', () => {
  it('ranks in order, in the page language where given', async () => {
    expect((await t.call(findLecturerRanks, {}, { as: learner })).data).toEqual([
      { id: ids.gold, name: '金牌讲师' },
      { id: ids.senior, name: '高级讲师' },
    ]);
    expect((await t.call(findLecturerRanks, {}, { as: learner, lang: 'en' })).data.map((r) => r.name)).toEqual([
      'Gold',
      '高级讲师',
    ]);
  });

  it('pages the published lecturers in order, by rank and by a name keyword', async () => {
    const all = (await t.call(findLecturers, {}, { as: learner })).data;
    expect(all).toMatchObject({ pageCurrent: 1, pageSize: 12, totalCount: 3 });
    expect(all.list[0]).toEqual({
      id: ids['王建华'],
      name: '王建华',
      title: '培训部部长',
      organization: '',
      avatarUrl: '',
      rankId: ids.gold,
      rankName: '金牌讲师',
    });
    expect(all.list.map((l) => l.name)).toEqual(['王建华', '李红', '张伟']);
    const gold = (await t.call(findLecturers, { rankId: ids.gold }, { as: learner })).data;
    expect(gold.list.map((l) => l.name)).toEqual(['王建华']);
    expect((await t.call(findLecturers, { keyword: '李' }, { as: learner })).data.list.map((l) => l.name)).toEqual([
      '李红',
    ]);
    expect((await t.call(findLecturers, { pageSize: 51 }, { as: learner })).code).toBe(400);
  });

  it('detail with the sanitised introduction, and the base view', async () => {
    const detail = (await t.call(viewLecturerDetail, { lecturerId: ids['王建华'] }, { as: learner })).data;
    expect(detail.intro).toBe('<p>讲授管理课程</p>');
    const base = (await t.call(viewLecturerBase, { lecturerId: ids['张伟'] }, { as: learner })).data;
    expect(base).toMatchObject({ name: '张伟', rankId: null, rankName: '' });
  });

  it("another enterprise's or an unpublished lecturer is not found; visitors are asked to sign in", async () => {
    expect((await t.call(viewLecturerDetail, { lecturerId: ids.b }, { as: learner })).code).toBe(404);
    expect((await t.call(viewLecturerBase, { lecturerId: ids['隐藏讲师'] }, { as: learner })).code).toBe(404);
    const names = (await t.call(findLecturers, { pageSize: 50 }, { as: learner })).data.list.map((l) => l.name);
    expect(names).not.toContain('乙的讲师');
    const visitor = await t.call(findLecturers, {}, { as: visitorOf(a) });
    expect(visitor.code).toBe(301);
  });

  it("removing a rank leaves its lecturers without one (the enterprise's rows stay)", async () => {
    await t.database.db
      .delete(schema.lecturerRanks)
      .where(and(eq(schema.lecturerRanks.eid, a.eid), eq(schema.lecturerRanks.id, ids.senior!)));
    const base = (await t.call(viewLecturerBase, { lecturerId: ids['李红'] }, { as: learner })).data;
    expect(base).toMatchObject({ name: '李红', rankId: null, rankName: '' });
  });
});
