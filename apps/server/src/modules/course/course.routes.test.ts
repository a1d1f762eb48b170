import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findCourses,
  findCoursesAuth,
  findLecturerCourses,
  findZoneCourses,
  findZoneCoursesAuth,
  findZoneLecturers,
  findZoneLecturersAuth,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createCourse, createEnterprise, createZone, type Learner } from '../../test/factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let closed: Ent;
let learnerA: Learner;
let learnerClosed: Learner;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // Visitors' answers of public GET calls are not cached here (the test changes data between calls).
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业', settings: { visitorOpenSet: true } });
  b = await createEnterprise(db, { name: '乙企业', settings: { visitorOpenSet: true } });
  closed = await createEnterprise(db, { name: '闭门企业', settings: { visitorOpenSet: false } });
  const lecturers = await db
    .insert(schema.lecturers)
    .values([
      { eid: a.eid, name: '王建华', title: '培训部部长', featured: true, sort: 2 },
      { eid: a.eid, name: 'Grace Wang', title: 'Head of training', featured: true, sort: 1 },
      { eid: a.eid, name: '李红', featured: false, sort: 0 },
      { eid: a.eid, name: '隐藏讲师', featured: true, sort: 0, published: false },
      { eid: a.eid, name: '张伟', featured: true, sort: 3 },
    ])
    .returning();
  for (const row of lecturers) ids[row.name] = row.id;
  const [theirs] = await db
    .insert(schema.lecturers)
    .values({ eid: b.eid, name: '乙的讲师', featured: true })
    .returning();
  ids.bLecturer = theirs!.id;
  const day = (n: number) => new Date(Date.UTC(2026, 9, n, 2));
  // 14 published courses of a, one a day (c1 oldest); learners 100·(i mod 5) + i; every third
  // recommended; c2 priced 19.90.
  for (let i = 1; i <= 14; i++) {
    const row = await createCourse(db, a.eid, {
      title: i === 4 ? '医保政策解读' : i === 6 ? 'Excel Data Analysis' : i === 8 ? '目标达成率100%的秘诀' : `课程${i}`,
      summary: i === 10 ? '讲解 Leadership 与团队管理' : i === 11 ? '如何提高医保结算效率' : '',
      lecturerId: i <= 3 ? ids['王建华'] : i === 5 ? ids['隐藏讲师'] : i === 6 ? ids['Grace Wang'] : null,
      learnerCount: 100 * (i % 5) + i,
      recommended: i % 3 === 0,
      sort: i === 12 ? -1 : 0,
      priceFen: i === 2 ? 1990 : 0,
      publishedAt: day(i),
    });
    ids[`c${i}`] = row.id;
  }
  const draft = await createCourse(db, a.eid, {
    title: '草稿医保课程',
    published: false,
    recommended: true,
    learnerCount: 9999,
    lecturerId: ids['王建华'],
    publishedAt: day(30),
  });
  ids.draft = draft.id;
  const other = await createCourse(db, b.eid, {
    title: '乙的医保课程 Excel',
    recommended: true,
    learnerCount: 99999,
    lecturerId: ids.bLecturer,
    publishedAt: day(31),
  });
  ids.bCourse = other.id;
  await createCourse(db, closed.eid, { title: '闭门课程' });
  ids.newest = (await createZone(db, a.eid, { zoneType: 2, relationType: 1, showNum: 3 })).id;
  ids.popular = (await createZone(db, a.eid, { zoneType: 2, relationType: 2, showNum: 4 })).id;
  ids.recommended = (await createZone(db, a.eid, { zoneType: 2, relationType: 3, showNum: 20 })).id;
  ids.lecturerZone = (await createZone(db, a.eid, { zoneType: 4, showNum: 2 })).id;
  ids.newsZone = (await createZone(db, a.eid, { zoneType: 3 })).id;
  ids.bZone = (await createZone(db, b.eid, { zoneType: 2, relationType: 2, showNum: 1 })).id;
  learnerA = await t.learner(a);
  learnerClosed = await t.learner(closed);
});
afterAll(async () => t?.close());

const idsOf = (list: Array<{ id: number }>) => list.map((c) => c.id);
const titles = (list: Array<{ title: string }>) => list.map((c) => c.title);

describe('course zones', () => {
  it('relationType 1 lists the newest, 2 the most learners, 3 the recommended in their order', async () => {
    const newest = (await t.call(findZoneCourses, { relationType: '1', showNum: '3' }, { as: visitorOf(a) })).data;
    expect(idsOf(newest)).toEqual([ids.c14, ids.c13, ids.c12]);
    const popular = (await t.call(findZoneCourses, { relationType: '2', showNum: '3' }, { as: visitorOf(a) })).data;
    // 100·(i mod 5) + i: 14 → 414, 9 → 409, 4 → 404.
    expect(idsOf(popular)).toEqual([ids.c14, ids.c9, ids.c4]);
    expect(popular.map((c) => c.learnerCount)).toEqual([414, 409, 404]);
    const recommended = (await t.call(findZoneCourses, { relationType: '3' }, { as: visitorOf(a) })).data;
    // Recommended: 3, 6, 9, 12 (sort -1 first), then newest first.
    expect(idsOf(recommended)).toEqual([ids.c12, ids.c9, ids.c6, ids.c3]);
  });

  it("a zone's own relationType and showNum apply; 8 by default, at most 50", async () => {
    expect(
      idsOf((await t.call(findZoneCourses, { zoneId: String(ids.newest), showNum: '10' }, { as: visitorOf(a) })).data),
    ).toEqual([ids.c14, ids.c13, ids.c12]);
    expect(
      (await t.call(findZoneCourses, { zoneId: String(ids.popular), relationType: '1' }, { as: visitorOf(a) })).data,
    ).toHaveLength(4);
    expect(idsOf((await t.call(findZoneCourses, { zoneId: String(ids.popular) }, { as: visitorOf(a) })).data)[0]).toBe(
      ids.c14,
    );
    expect(
      (await t.call(findZoneCourses, { zoneId: String(ids.recommended) }, { as: visitorOf(a) })).data,
    ).toHaveLength(4);
    expect((await t.call(findZoneCourses, {}, { as: visitorOf(a) })).data).toHaveLength(8);
    expect((await t.call(findZoneCourses, { showNum: '50' }, { as: visitorOf(a) })).data).toHaveLength(14);
    expect((await t.call(findZoneCourses, { showNum: '51' }, { as: visitorOf(a) })).code).toBe(400);
    expect((await t.call(findZoneCourses, { relationType: '4' }, { as: visitorOf(a) })).code).toBe(400);
    // Not a course zone, and another enterprise's zone: not found.
    expect((await t.call(findZoneCourses, { zoneId: String(ids.newsZone) }, { as: visitorOf(a) })).code).toBe(404);
    expect((await t.call(findZoneCourses, { zoneId: String(ids.bZone) }, { as: visitorOf(a) })).code).toBe(404);
    expect((await t.call(findZoneCourses, { zoneId: '99999999999' }, { as: visitorOf(a) })).code).toBe(400);
  });

  it('a card: lecturer of the same enterprise (published), learners, price in yuan', async () => {
    const all = (await t.call(findZoneCourses, { showNum: '50' }, { as: visitorOf(a) })).data as Array<
      Record<string, unknown>
    >;
    const byId = (id: number) => all.find((c) => c.id === id)!;
    expect(byId(ids.c2!)).toEqual({
      id: ids.c2,
      title: '课程2',
      coverUrl: '',
      lecturerId: ids['王建华'],
      lecturerName: '王建华',
      learnerCount: 202,
      price: 19.9,
    });
    // An unpublished lecturer is not shown.
    expect(byId(ids.c5!)).toMatchObject({ lecturerId: null, lecturerName: '' });
    expect(byId(ids.c7!)).toMatchObject({ lecturerId: null, lecturerName: '', price: 0 });
  });

  it('unpublished courses and other enterprises’ courses are never listed', async () => {
    for (const relationType of ['1', '2', '3']) {
      const list = (await t.call(findZoneCourses, { relationType, showNum: '50' }, { as: visitorOf(a) })).data;
      expect(idsOf(list)).not.toContain(ids.draft);
      expect(idsOf(list)).not.toContain(ids.bCourse);
    }
    const theirs = (await t.call(findZoneCourses, { relationType: '2', showNum: '50' }, { as: visitorOf(b) })).data;
    expect(titles(theirs)).toEqual(['乙的医保课程 Excel']);
    expect(theirs[0]).toMatchObject({ lecturerName: '乙的讲师' });
  });

  it('the auth variant lists the session’s enterprise and needs a session', async () => {
    const mine = (
      await t.call(findZoneCoursesAuth, { relationType: '2', showNum: '2' }, { as: { ...learnerA, domain: b.domain } })
    ).data;
    expect(idsOf(mine)).toEqual([ids.c14, ids.c9]);
    expect((await t.call(findZoneCoursesAuth, { relationType: '2' }, { as: visitorOf(a) })).code).toBe(301);
    expect((await t.call(findZoneCoursesAuth, { zoneId: String(ids.bZone) }, { as: learnerA })).code).toBe(404);
  });

  it('visitors of a site with visitor mode off are refused (301); its learners are not', async () => {
    const refused = await t.call(findZoneCourses, {}, { as: visitorOf(closed) });
    expect(refused.code).toBe(301);
    expect(refused.data).toBeNull();
    expect((await t.call(findCourses, {}, { as: visitorOf(closed) })).code).toBe(301);
    expect((await t.call(findZoneLecturers, {}, { as: visitorOf(closed) })).code).toBe(301);
    const learner = await t.call(findZoneCourses, {}, { as: learnerClosed });
    expect(titles(learner.data)).toEqual(['闭门课程']);
    expect((await t.call(findZoneCoursesAuth, {}, { as: learnerClosed })).code).toBe(200);
    expect((await t.call(findZoneLecturers, {}, { as: learnerClosed })).code).toBe(200);
    // A bad token is a visitor's.
    expect((await t.call(findZoneCourses, {}, { as: { domain: closed.domain, token: 'no-such-token' } })).code).toBe(
      301,
    );
  });
});

describe('course page', () => {
  it('pages published courses newest first, 12 by default, at most 50 a page', async () => {
    const first = (await t.call(findCourses, {}, { as: visitorOf(a) })).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 12, totalCount: 14, totalPage: 2 });
    expect(first.list[0]!.id).toBe(ids.c14);
    const second = (await t.call(findCourses, { pageCurrent: 2 }, { as: visitorOf(a) })).data;
    expect(idsOf(second.list)).toEqual([ids.c2, ids.c1]);
    expect((await t.call(findCourses, { pageSize: 50 }, { as: visitorOf(a) })).data.list).toHaveLength(14);
    expect((await t.call(findCourses, { pageSize: 51 }, { as: visitorOf(a) })).code).toBe(400);
    expect((await t.call(findCourses, { pageSize: 0 }, { as: visitorOf(a) })).code).toBe(400);
    expect((await t.call(findCourses, { pageCurrent: 0 }, { as: visitorOf(a) })).code).toBe(400);
    expect((await t.call(findCourses, { pageCurrent: 9 }, { as: visitorOf(a) })).data).toMatchObject({
      totalCount: 14,
      list: [],
    });
  });

  it('finds by a Chinese keyword and an English one in the title or summary, case-insensitive', async () => {
    // 医保: c4's title and c11's summary, never the draft nor b's.
    expect(idsOf((await t.call(findCourses, { keyword: '医保' }, { as: visitorOf(a) })).data.list)).toEqual([
      ids.c11,
      ids.c4,
    ]);
    expect(idsOf((await t.call(findCourses, { keyword: 'excel' }, { as: visitorOf(a) })).data.list)).toEqual([ids.c6]);
    expect(idsOf((await t.call(findCourses, { keyword: 'LEADERSHIP' }, { as: learnerA })).data.list)).toEqual([
      ids.c10,
    ]);
    expect((await t.call(findCourses, { keyword: '  医保政策 ' }, { as: visitorOf(a) })).data.totalCount).toBe(1);
    expect((await t.call(findCourses, { keyword: 'x'.repeat(51) }, { as: visitorOf(a) })).code).toBe(400);
  });

  it('takes % and _ in a keyword literally', async () => {
    expect(idsOf((await t.call(findCourses, { keyword: '100%' }, { as: visitorOf(a) })).data.list)).toEqual([ids.c8]);
    expect((await t.call(findCourses, { keyword: '%' }, { as: visitorOf(a) })).data.totalCount).toBe(1);
    expect((await t.call(findCourses, { keyword: '_' }, { as: visitorOf(a) })).data.totalCount).toBe(0);
  });

  it('filters by lecturer; another enterprise’s lecturer gives nothing', async () => {
    expect(idsOf((await t.call(findCourses, { lecturerId: ids['王建华'] }, { as: visitorOf(a) })).data.list)).toEqual([
      ids.c3,
      ids.c2,
      ids.c1,
    ]);
    expect((await t.call(findCourses, { lecturerId: ids.bLecturer }, { as: visitorOf(a) })).data.totalCount).toBe(0);
    expect((await t.call(findCourses, { lecturerId: 99999999999 }, { as: visitorOf(a) })).code).toBe(400);
  });

  it('the auth variant pages the session’s enterprise, whatever the domain', async () => {
    const page = (await t.call(findCoursesAuth, { keyword: '医保' }, { as: { ...learnerA, domain: b.domain } })).data;
    expect(idsOf(page.list)).toEqual([ids.c11, ids.c4]);
    expect((await t.call(findCoursesAuth, {}, { as: visitorOf(a) })).code).toBe(301);
    const theirs = (await t.call(findCourses, { keyword: '医保' }, { as: visitorOf(b) })).data;
    expect(titles(theirs.list)).toEqual(['乙的医保课程 Excel']);
  });
});

describe("a lecturer's courses", () => {
  it('pages one lecturer’s published courses newest first; 12 by default, at most 50', async () => {
    const page = (await t.call(findLecturerCourses, { lecturerId: ids['王建华'] }, { as: learnerA })).data;
    expect(page).toMatchObject({ pageCurrent: 1, pageSize: 12, totalCount: 3, totalPage: 1 });
    expect(idsOf(page.list)).toEqual([ids.c3, ids.c2, ids.c1]);
    const paged = (
      await t.call(findLecturerCourses, { lecturerId: ids['王建华'], pageSize: 2, pageCurrent: 2 }, { as: learnerA })
    ).data;
    expect(paged).toMatchObject({ totalCount: 3, totalPage: 2 });
    expect(idsOf(paged.list)).toEqual([ids.c1]);
    expect(
      (await t.call(findLecturerCourses, { lecturerId: ids['王建华'], pageSize: 51 }, { as: learnerA })).code,
    ).toBe(400);
  });

  it('needs a session and a lecturerId; another enterprise’s lecturer has no courses here', async () => {
    expect((await t.call(findLecturerCourses, { lecturerId: ids['王建华'] }, { as: visitorOf(a) })).code).toBe(301);
    expect((await t.call(findLecturerCourses, unchecked({}), { as: learnerA })).code).toBe(400);
    expect((await t.call(findLecturerCourses, { lecturerId: ids.bLecturer }, { as: learnerA })).data).toMatchObject({
      totalCount: 0,
      list: [],
    });
  });
});

describe('lecturer zone', () => {
  it('lists the featured published lecturers in their order, as many as the zone shows', async () => {
    const all = (await t.call(findZoneLecturers, {}, { as: visitorOf(a) })).data;
    expect(all.map((l) => l.name)).toEqual(['Grace Wang', '王建华', '张伟']);
    expect(all[1]).toMatchObject({ id: ids['王建华'], title: '培训部部长' });
    const zone = (await t.call(findZoneLecturers, { zoneId: String(ids.lecturerZone) }, { as: visitorOf(a) })).data;
    expect(zone.map((l) => l.name)).toEqual(['Grace Wang', '王建华']);
    expect((await t.call(findZoneLecturers, { showNum: '1' }, { as: visitorOf(a) })).data).toHaveLength(1);
    expect((await t.call(findZoneLecturers, { showNum: '51' }, { as: visitorOf(a) })).code).toBe(400);
    expect((await t.call(findZoneLecturers, { zoneId: String(ids.newest) }, { as: visitorOf(a) })).code).toBe(404);
  });

  it('never lists another enterprise’s lecturers; the auth variant follows the session', async () => {
    const theirs = (await t.call(findZoneLecturers, {}, { as: visitorOf(b) })).data;
    expect(theirs.map((l) => l.name)).toEqual(['乙的讲师']);
    const mine = (await t.call(findZoneLecturersAuth, {}, { as: { ...learnerA, domain: b.domain } })).data;
    expect(mine.map((l) => l.name)).toEqual(['Grace Wang', '王建华', '张伟']);
    expect((await t.call(findZoneLecturersAuth, {}, { as: visitorOf(a) })).code).toBe(301);
  });
});
