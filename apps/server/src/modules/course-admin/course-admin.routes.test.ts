import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  deleteAdminChapter,
  deleteAdminCourse,
  deleteAdminPeriod,
  findAdminCourses,
  findAuditLog,
  findCoursePeriods,
  findCourses,
  findZoneCourses,
  findZoneCoursesAuth,
  publishAdminCourse,
  reorderAdminCourse,
  saveAdminChapter,
  saveAdminCourse,
  saveAdminPeriod,
  viewAdminCourse,
  viewCourse,
  watchStudyResource,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createCourseRefs, createMaterial } from '../../test/course-admin-factories.ts';
import { createEnterprise, createStudyCourse, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let learner: Learner;
let adminOfB: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  learner = await t.learner(a);
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

/** A course of A made through the calls: one chapter, one image-text period; published when asked. */
async function buildCourse(title = '安全生产课', publish = false) {
  const saved = await t.call(saveAdminCourse, { title }, { as: admin });
  expect(saved.code).toBe(200);
  const courseId = saved.data.courseId;
  const chapter = await t.call(saveAdminChapter, { courseId, title: '第一章' }, { as: admin });
  const period = await t.call(
    saveAdminPeriod,
    {
      courseId,
      chapterId: chapter.data.chapterId,
      title: '图文一',
      periodType: 3,
      content: '<p>正文</p>',
      durationSeconds: 30,
    },
    { as: admin },
  );
  expect(period.code).toBe(200);
  if (publish) expect((await t.call(publishAdminCourse, { courseId, published: true }, { as: admin })).code).toBe(200);
  return { courseId, chapterId: chapter.data.chapterId, periodId: period.data.periodId };
}

describe('courses in the back office (decision 039)', () => {
  it('creates a course with every field, unpublished, sanitising its intro; edits it; lists it; audits both', async () => {
    const { category, lecturer, tag } = await createCourseRefs(db(), a.eid);
    const input = {
      title: '  新员工入职培训  ',
      summary: '入职第一课',
      coverUrl: '/uploads/avatars/1/c.png',
      categoryId: category.id,
      lecturerId: lecturer.id,
      tagIds: [tag.id],
      creditTenths: 15,
      points: 20,
      priceFen: 990,
      visitorVisible: false,
      intro: '<p onclick="x()">介绍<script>alert(1)</script></p>',
    };
    const saved = await t.call(saveAdminCourse, input, { as: admin });
    expect(saved.code).toBe(200);
    const courseId = saved.data.courseId;
    const view = await t.call(viewAdminCourse, { courseId }, { as: admin });
    expect(view.data).toMatchObject({
      title: '新员工入职培训',
      categoryId: category.id,
      lecturerId: lecturer.id,
      tagIds: [tag.id],
      creditTenths: 15,
      points: 20,
      priceFen: 990,
      visitorVisible: false,
      published: false,
      intro: '<p>介绍</p>',
      chapters: [],
    });
    expect(
      (await t.call(saveAdminCourse, { ...input, courseId, title: '入职培训', tagIds: [] }, { as: admin })).code,
    ).toBe(200);

    const list = await t.call(findAdminCourses, { keyword: '入职', status: 'unpublished' }, { as: admin });
    expect(list.data.list.map((c) => c.id)).toEqual([courseId]);
    expect(list.data.list[0]).toMatchObject({
      title: '入职培训',
      categoryName: category.name,
      lecturerName: lecturer.name,
    });
    expect((await t.call(findAdminCourses, { categoryId: category.id }, { as: admin })).data.totalCount).toBe(1);
    expect(
      (await t.call(findAdminCourses, { keyword: '入职', status: 'published' }, { as: admin })).data.totalCount,
    ).toBe(0);

    const audit = await t.call(findAuditLog, { entityType: 'course', entityId: String(courseId) }, { as: admin });
    expect(audit.data.list.map((e) => e.action)).toEqual(['saveAdminCourse', 'saveAdminCourse']);
    expect(audit.data.list[0]).toMatchObject({
      before: { title: '新员工入职培训', tagIds: [tag.id] },
      after: { title: '入职培训', tagIds: [] },
    });
    expect(audit.data.list[1]).toMatchObject({ before: null, after: { title: '新员工入职培训', published: false } });
  });

  it('refuses bad input with its field, and references of another enterprise as not found', async () => {
    const empty = await t.call(saveAdminCourse, unchecked({ title: ' ', priceFen: -1 }), { as: admin, lang: 'en' });
    expect(empty.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalidFields(empty).map((f) => f.field)).toEqual(expect.arrayContaining(['title', 'priceFen']));
    const script = await t.call(saveAdminCourse, unchecked({ title: 'x', coverUrl: 'javascript:alert(1)' }), {
      as: admin,
    });
    expect(script.code).toBe(ErrorCode.BAD_INPUT);

    const theirs = await createCourseRefs(db(), b.eid);
    const cat = await t.call(
      saveAdminCourse,
      { title: 'x', categoryId: theirs.category.id },
      { as: admin, lang: 'en' },
    );
    expect(cat).toMatchObject({
      code: ErrorCode.ADMIN_CATEGORY_NOT_FOUND,
      message: 'The course category does not exist',
    });
    expect((await t.call(saveAdminCourse, { title: 'x', lecturerId: theirs.lecturer.id }, { as: admin })).code).toBe(
      ErrorCode.ADMIN_LECTURER_NOT_FOUND,
    );
    expect((await t.call(saveAdminCourse, { title: 'x', tagIds: [theirs.tag.id] }, { as: admin })).code).toBe(
      ErrorCode.ADMIN_TAG_NOT_FOUND,
    );
  });

  it('keeps another enterprise’s courses, chapters, periods and materials out of reach', async () => {
    const mine = await buildCourse('我的课');
    const theirs = (await t.call(saveAdminCourse, { title: '他们的课' }, { as: adminOfB })).data.courseId;
    const theirMaterial = await createMaterial(db(), b.eid, 1);
    expect((await t.call(viewAdminCourse, { courseId: theirs }, { as: admin })).code).toBe(
      ErrorCode.ADMIN_COURSE_NOT_FOUND,
    );
    expect((await t.call(saveAdminCourse, { courseId: theirs, title: '改' }, { as: admin })).code).toBe(
      ErrorCode.ADMIN_COURSE_NOT_FOUND,
    );
    expect((await t.call(deleteAdminCourse, { courseId: theirs }, { as: admin })).code).toBe(
      ErrorCode.ADMIN_COURSE_NOT_FOUND,
    );
    expect((await t.call(saveAdminChapter, { courseId: theirs, title: '章' }, { as: admin })).code).toBe(
      ErrorCode.ADMIN_COURSE_NOT_FOUND,
    );
    // Their administrator cannot reach my chapter or period through their own course either.
    expect(
      (
        await t.call(
          saveAdminChapter,
          { courseId: mine.courseId, chapterId: mine.chapterId, title: '改' },
          { as: adminOfB },
        )
      ).code,
    ).toBe(ErrorCode.ADMIN_COURSE_NOT_FOUND);
    const theirChapter = (await t.call(saveAdminChapter, { courseId: theirs, title: '章' }, { as: adminOfB })).data
      .chapterId;
    expect(
      (await t.call(deleteAdminChapter, { courseId: theirs, chapterId: mine.chapterId }, { as: adminOfB })).code,
    ).toBe(ErrorCode.ADMIN_CHAPTER_NOT_FOUND);
    expect(
      (await t.call(deleteAdminPeriod, { courseId: theirs, periodId: mine.periodId }, { as: adminOfB })).code,
    ).toBe(ErrorCode.ADMIN_PERIOD_NOT_FOUND);
    expect(
      (
        await t.call(
          saveAdminPeriod,
          {
            courseId: mine.courseId,
            chapterId: mine.chapterId,
            title: '视频',
            periodType: 1,
            materialId: theirMaterial.id,
          },
          { as: admin },
        )
      ).code,
    ).toBe(ErrorCode.ADMIN_MATERIAL_NOT_FOUND);
    expect(theirChapter).toBeGreaterThan(0);
    // Nothing of theirs appears in my list.
    const list = await t.call(findAdminCourses, { keyword: '他们的课' }, { as: admin });
    expect(list.data.totalCount).toBe(0);
  });

  it('adds periods of every type, checking the material’s kind; a video takes the material’s length', async () => {
    const { courseId, chapterId } = await buildCourse('三种课时');
    const video = await createMaterial(db(), a.eid, 1, 300);
    const doc = await createMaterial(db(), a.eid, 2);
    const base = { courseId, chapterId, freeTrial: true, required: false };
    const v = await t.call(
      saveAdminPeriod,
      { ...base, title: '视频', periodType: 1, materialId: video.id, durationSeconds: 5 },
      { as: admin },
    );
    expect(v.code).toBe(200);
    expect(
      (await t.call(saveAdminPeriod, { ...base, title: '错', periodType: 1, materialId: doc.id }, { as: admin })).code,
    ).toBe(ErrorCode.ADMIN_MATERIAL_KIND);
    expect((await t.call(saveAdminPeriod, { ...base, title: '缺', periodType: 2 }, { as: admin })).code).toBe(
      ErrorCode.PERIOD_MATERIAL_MISSING,
    );
    expect(
      (await t.call(saveAdminPeriod, { ...base, title: '空', periodType: 3, content: '<p> </p>' }, { as: admin })).code,
    ).toBe(ErrorCode.PERIOD_CONTENT_EMPTY);
    const d = await t.call(
      saveAdminPeriod,
      { ...base, title: '文档', periodType: 2, materialId: doc.id, durationSeconds: 60 },
      { as: admin },
    );
    expect(d.code).toBe(200);
    const view = await t.call(viewAdminCourse, { courseId }, { as: admin });
    const periods = view.data.chapters[0]!.periods;
    expect(periods.map((p) => [p.title, p.periodType, p.durationSeconds])).toEqual([
      ['图文一', 3, 30],
      ['视频', 1, 300],
      ['文档', 2, 60],
    ]);
    expect(periods[1]).toMatchObject({ freeTrial: true, required: false, materialTitle: video.title });
  });

  it('reorders chapters and periods in one call, moving a period between chapters; refuses anything but a permutation', async () => {
    const { courseId, chapterId: first, periodId: p1 } = await buildCourse('排序课');
    const second = (await t.call(saveAdminChapter, { courseId, title: '第二章' }, { as: admin })).data.chapterId;
    const p2 = (
      await t.call(
        saveAdminPeriod,
        { courseId, chapterId: second, title: '图文二', periodType: 3, content: '<p>二</p>' },
        { as: admin },
      )
    ).data.periodId;
    const bad = [
      [{ chapterId: first, periodIds: [p1, p2] }],
      [
        { chapterId: second, periodIds: [p2, p1] },
        { chapterId: first, periodIds: [p1] },
      ],
      [
        { chapterId: second, periodIds: [p2] },
        { chapterId: first, periodIds: [] },
      ],
    ];
    for (const chapters of bad) {
      const res = await t.call(reorderAdminCourse, { courseId, chapters }, { as: admin, lang: 'en' });
      expect(res.code).toBe(ErrorCode.ORDER_NOT_PERMUTATION);
    }
    const done = await t.call(
      reorderAdminCourse,
      {
        courseId,
        chapters: [
          { chapterId: second, periodIds: [p2, p1] },
          { chapterId: first, periodIds: [] },
        ],
      },
      { as: admin },
    );
    expect(done.data).toEqual({ chapters: 2, periods: 2 });
    const view = await t.call(viewAdminCourse, { courseId }, { as: admin });
    expect(view.data.chapters.map((c) => [c.id, c.periods.map((p) => p.id)])).toEqual([
      [second, [p2, p1]],
      [first, []],
    ]);
    const audit = await t.call(findAuditLog, { entityType: 'course', entityId: String(courseId) }, { as: admin });
    expect(audit.data.list[0]).toMatchObject({
      action: 'reorderAdminCourse',
      after: { order: [{ chapterId: second }, { chapterId: first }] },
    });
  });

  it('publishes only a course with periods; deletes an unstudied course, refuses a studied one (unpublish instead)', async () => {
    const empty = (await t.call(saveAdminCourse, { title: '空课' }, { as: admin })).data.courseId;
    expect((await t.call(publishAdminCourse, { courseId: empty, published: true }, { as: admin })).code).toBe(
      ErrorCode.COURSE_WITHOUT_PERIODS,
    );
    expect((await t.call(deleteAdminCourse, { courseId: empty }, { as: admin })).data).toEqual({ deleted: true });
    expect((await t.call(viewAdminCourse, { courseId: empty }, { as: admin })).code).toBe(
      ErrorCode.ADMIN_COURSE_NOT_FOUND,
    );

    const { course, periods } = await createStudyCourse(db(), a.eid, { videos: [60] });
    expect(
      (await t.call(watchStudyResource, { courseId: course.id, periodId: periods[0]!.id }, { as: learner })).code,
    ).toBe(200);
    await db()
      .insert(schema.courseLearners)
      .values({ eid: a.eid, courseId: course.id, accountId: learner.accountId })
      .onConflictDoNothing();
    const refused = await t.call(deleteAdminCourse, { courseId: course.id }, { as: admin, lang: 'en' });
    expect(refused).toMatchObject({ code: ErrorCode.COURSE_HAS_LEARNERS });
    expect(refused.message).toContain('unpublish');
    expect((await t.call(publishAdminCourse, { courseId: course.id, published: false }, { as: admin })).code).toBe(200);
    const audit = await t.call(findAuditLog, { entityType: 'course', entityId: String(course.id) }, { as: admin });
    expect(audit.data.list[0]).toMatchObject({ before: { published: true }, after: { published: false } });
    expect(
      await db().$count(schema.courses, and(eq(schema.courses.eid, a.eid), eq(schema.courses.id, course.id))),
    ).toBe(1);
  });

  it('deletes a chapter and a period (audited), and refuses to delete a period learners studied', async () => {
    const { courseId, chapterId, periodId } = await buildCourse('删除课');
    await db().insert(schema.periodProgress).values({ eid: a.eid, accountId: learner.accountId, periodId, courseId });
    expect((await t.call(deleteAdminPeriod, { courseId, periodId }, { as: admin })).code).toBe(
      ErrorCode.PERIOD_STUDIED,
    );
    expect((await t.call(deleteAdminChapter, { courseId, chapterId }, { as: admin })).code).toBe(
      ErrorCode.PERIOD_STUDIED,
    );
    await db().execute(sql`DELETE FROM period_progress WHERE eid = ${a.eid} AND period_id = ${periodId}`);
    expect((await t.call(deleteAdminPeriod, { courseId, periodId }, { as: admin })).code).toBe(200);
    expect((await t.call(deleteAdminChapter, { courseId, chapterId }, { as: admin })).code).toBe(200);
    const audit = await t.call(
      findAuditLog,
      { entityType: 'course_chapter', entityId: String(chapterId) },
      { as: admin },
    );
    expect(audit.data.list.map((e) => e.action)).toEqual(['deleteAdminChapter', 'saveAdminChapter']);
    const periodAudit = await t.call(
      findAuditLog,
      { entityType: 'course_period', entityId: String(periodId) },
      { as: admin },
    );
    expect(periodAudit.data.list[0]).toMatchObject({
      action: 'deleteAdminPeriod',
      after: null,
      before: { title: '图文一' },
    });
  });
});

describe('a course change reaches the learner’s next call (decision 039)', () => {
  it('a new title, a new period and unpublishing show at once, though zones and visitors’ answers were cached', async () => {
    const { courseId, chapterId } = await buildCourse('缓存前的标题', true);
    const zone = { relationType: 1, showNum: 50 };
    const titles = async () => (await t.call(findZoneCoursesAuth, zone, { as: learner })).data.map((c) => c.title);
    const visitorTitles = async () =>
      (await t.call(findZoneCourses, { ...zone, eid: a.eid }, { as: visitorOf(a) })).data.map((c) => c.title);
    expect(await titles()).toContain('缓存前的标题');
    expect(await visitorTitles()).toContain('缓存前的标题');

    await t.call(saveAdminCourse, { courseId, title: '改过的标题' }, { as: admin });
    expect(await titles()).toContain('改过的标题');
    expect(await titles()).not.toContain('缓存前的标题');
    expect(await visitorTitles()).toContain('改过的标题');
    expect((await t.call(viewCourse, { courseId }, { as: learner })).data.title).toBe('改过的标题');

    const periods = async () =>
      (await t.call(findCoursePeriods, { courseId }, { as: learner })).data.flatMap((c) =>
        c.periods.map((p) => p.title),
      );
    expect(await periods()).toEqual(['图文一']);
    await t.call(
      saveAdminPeriod,
      { courseId, chapterId, title: '新课时', periodType: 3, content: '<p>新</p>' },
      { as: admin },
    );
    expect(await periods()).toEqual(['图文一', '新课时']);

    // Hidden from visitors: their lists leave it out, the learner's keep it.
    await t.call(saveAdminCourse, { courseId, title: '改过的标题', visitorVisible: false }, { as: admin });
    expect(await visitorTitles()).not.toContain('改过的标题');
    expect(
      (await t.call(findCourses, { keyword: '改过的标题', eid: a.eid }, { as: visitorOf(a) })).data.totalCount,
    ).toBe(0);
    expect(await titles()).toContain('改过的标题');

    await t.call(publishAdminCourse, { courseId, published: false }, { as: admin });
    expect(await titles()).not.toContain('改过的标题');
    expect((await t.call(viewCourse, { courseId }, { as: learner })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(findCoursePeriods, { courseId }, { as: learner })).code).toBe(ErrorCode.NOT_FOUND);
  });
});
