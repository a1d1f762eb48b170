import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTopicBanners, findTopicCourses, findTopics } from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let learner: Learner;
let learnerB: Learner;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  const topics = await db
    .insert(schema.topics)
    .values([
      { eid: a.eid, name: '安全生产专题', nameEn: 'Work safety', summary: '安全第一', sort: 2 },
      { eid: a.eid, name: '新员工入职', coverUrl: '/c.svg', sort: 1 },
      { eid: a.eid, name: '草稿专题', sort: 0, published: false },
      { eid: a.eid, name: '空专题', sort: 3 },
    ])
    .returning();
  for (const row of topics) ids[row.name] = row.id;
  const [theirs] = await db.insert(schema.topics).values({ eid: b.eid, name: '乙的专题' }).returning();
  ids.b = theirs!.id;

  await db.insert(schema.topicBanners).values([
    { eid: a.eid, topicId: ids['安全生产专题']!, title: '第二张', imageUrl: '/2.svg', sort: 2 },
    { eid: a.eid, topicId: ids['安全生产专题']!, title: '第一张', imageUrl: '/1.svg', linkUrl: '/news', sort: 1 },
    { eid: a.eid, topicId: ids['草稿专题']!, title: '草稿', imageUrl: '/d.svg' },
    { eid: b.eid, topicId: ids.b, title: '乙的横幅', imageUrl: '/b.svg' },
  ]);

  const [lecturer] = await db.insert(schema.lecturers).values({ eid: a.eid, name: '王建华' }).returning();
  const [hidden] = await db
    .insert(schema.lecturers)
    .values({ eid: a.eid, name: '隐藏讲师', published: false })
    .returning();
  // 15 published courses in the safety topic (in reverse id order by the topic's sort), one hidden.
  const safety = ids['安全生产专题']!;
  const links: Array<typeof schema.topicCourses.$inferInsert> = [];
  for (let i = 0; i < 15; i++) {
    const course = await createCourse(db, a.eid, {
      title: `安全课程${i}`,
      lecturerId: i === 0 ? lecturer!.id : i === 1 ? hidden!.id : null,
      priceFen: i === 0 ? 1990 : 0,
      learnerCount: 100 + i,
      coverUrl: `/cover${i}.svg`,
    });
    ids[`course${i}`] = course.id;
    links.push({ eid: a.eid, topicId: safety, courseId: course.id, sort: 100 - i });
  }
  const unpublished = await createCourse(db, a.eid, { title: '未发布课程', published: false });
  links.push({ eid: a.eid, topicId: safety, courseId: unpublished.id, sort: 0 });
  const theirCourse = await createCourse(db, b.eid, { title: '乙的课程' });
  await db.insert(schema.topicCourses).values(links);
  await db.insert(schema.topicCourses).values({ eid: b.eid, topicId: ids.b, courseId: theirCourse.id });

  learner = await t.learner(a);
  learnerB = await t.learner(b);
});
afterAll(async () => t?.close());

describe('topics', () => {
  it("lists the enterprise's published topics in order, English names on English pages", async () => {
    expect((await t.call(findTopics, {}, { as: learner })).data).toEqual([
      { id: ids['新员工入职'], name: '新员工入职', coverUrl: '/c.svg', summary: '' },
      { id: ids['安全生产专题'], name: '安全生产专题', coverUrl: '', summary: '安全第一' },
      { id: ids['空专题'], name: '空专题', coverUrl: '', summary: '' },
    ]);
    const en = (await t.call(findTopics, {}, { as: learner, lang: 'en' })).data.map((x) => x.name);
    expect(en).toEqual(['新员工入职', 'Work safety', '空专题']);
    const theirs = (await t.call(findTopics, {}, { as: { ...learnerB, domain: a.domain } })).data;
    expect(theirs).toEqual([{ id: ids.b, name: '乙的专题', coverUrl: '', summary: '' }]);
  });

  it("a topic's banners in order", async () => {
    expect((await t.call(findTopicBanners, { topicId: ids['安全生产专题'] }, { as: learner })).data).toEqual([
      { id: expect.any(Number), title: '第一张', imageUrl: '/1.svg', linkUrl: '/news' },
      { id: expect.any(Number), title: '第二张', imageUrl: '/2.svg', linkUrl: '' },
    ]);
    expect((await t.call(findTopicBanners, { topicId: ids['空专题'] }, { as: learner })).data).toEqual([]);
  });

  it("a topic's published courses in its order as course cards, 12 a page by default, at most 50", async () => {
    const first = (await t.call(findTopicCourses, { topicId: ids['安全生产专题'] }, { as: learner })).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 12, totalCount: 15, totalPage: 2 });
    expect(first.list).toHaveLength(12);
    // Sorted by the topic's sort (descending index here), the unpublished course left out.
    expect(first.list.map((c) => c.title).slice(0, 3)).toEqual(['安全课程14', '安全课程13', '安全课程12']);
    const second = (await t.call(findTopicCourses, { topicId: ids['安全生产专题'], pageCurrent: 2 }, { as: learner }))
      .data;
    expect(second.list.map((c) => c.title)).toEqual(['安全课程2', '安全课程1', '安全课程0']);
    expect(second.list[2]).toEqual({
      id: ids.course0,
      title: '安全课程0',
      coverUrl: '/cover0.svg',
      lecturerId: expect.any(Number),
      lecturerName: '王建华',
      learnerCount: 100,
      price: 19.9,
    });
    // An unpublished lecturer is not named.
    expect(second.list[1]).toMatchObject({ lecturerId: null, lecturerName: '', price: 0 });
    const all = (await t.call(findTopicCourses, { topicId: ids['安全生产专题'], pageSize: 50 }, { as: learner })).data;
    expect(all.list.map((c) => c.title)).not.toContain('未发布课程');
    expect(all.totalCount).toBe(15);
    expect((await t.call(findTopicCourses, { topicId: ids['安全生产专题'], pageSize: 51 }, { as: learner })).code).toBe(
      400,
    );
    expect(
      (await t.call(findTopicCourses, { topicId: ids['安全生产专题'], pageCurrent: 0 }, { as: learner })).code,
    ).toBe(400);
    expect((await t.call(findTopicCourses, { topicId: 2147483648 }, { as: learner })).code).toBe(400);
    expect((await t.call(findTopicCourses, unchecked({}), { as: learner })).code).toBe(400);
    const empty = (await t.call(findTopicCourses, { topicId: ids['空专题'] }, { as: learner })).data;
    expect(empty).toMatchObject({ totalCount: 0, totalPage: 0, list: [] });
  });

  it("another enterprise's or an unpublished topic is not found, in the page's language", async () => {
    for (const topicId of [ids.b, ids['草稿专题'], 999999]) {
      const banners = await t.call(findTopicBanners, { topicId }, { as: learner });
      expect(banners).toMatchObject({ code: 404, message: '专题不存在' });
      expect((await t.call(findTopicCourses, { topicId }, { as: learner })).code).toBe(404);
    }
    expect((await t.call(findTopicBanners, { topicId: ids.b }, { as: learner, lang: 'en' })).message).toBe(
      'The topic does not exist',
    );
    // And the other enterprise cannot read ours.
    expect(
      (await t.call(findTopicCourses, { topicId: ids['安全生产专题'] }, { as: { ...learnerB, domain: a.domain } }))
        .code,
    ).toBe(404);
  });

  it('visitors are refused with the session codes', async () => {
    const visitor = { as: visitorOf(a) };
    expect((await t.call(findTopics, {}, visitor)).code).toBe(301);
    expect((await t.call(findTopicBanners, { topicId: ids['安全生产专题']! }, visitor)).code).toBe(301);
    expect((await t.call(findTopicCourses, { topicId: ids['安全生产专题']! }, visitor)).code).toBe(301);
    const expired = await t.call(findTopics, {}, { as: { domain: a.domain, token: 'not-a-token' } });
    expect([301, 305, 307]).toContain(expired.code);
  });
});
