import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  createLecturer,
  deleteLecturer,
  editLecturer,
  findAdminLecturerCourses,
  findAdminLecturers,
  findAuditLog,
  findLecturers,
  findZoneCoursesAuth,
  findZoneLecturers,
  findZoneLecturersAuth,
  uploadPic,
  viewAdminLecturer,
  viewLecturerDetail,
} from '@portal/contract';
import { schema } from '@portal/db';
import { TINY_PNG, createLecturer as insertLecturer, createLecturerRank } from '../../test/catalog-factories.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let adminOfB: Learner;
let learner: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业', settings: { visitorOpenSet: true } });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
  learner = await t.learner(a);
});
afterAll(async () => t?.close());

const uploadPhoto = async (who: Learner) => {
  const res = await t.call(uploadPic, {}, { as: who, file: { field: 'picFile', filename: 'p.png', data: TINY_PNG } });
  expect(res.code).toBe(200);
  return res.data.url;
};

describe('lecturers in the back office', () => {
  it('creates a lecturer with a rank, an uploaded photo and a sanitised introduction, audited', async () => {
    const rank = await createLecturerRank(db(), a.eid, { name: '金牌讲师', nameEn: 'Gold' });
    const photo = await uploadPhoto(admin);
    const created = await t.call(
      createLecturer,
      {
        name: '  周明  ',
        title: '首席培训师',
        organization: '培训中心',
        rankId: rank.id,
        avatarUrl: photo,
        intro: '<p onclick="x()">十年<script>alert(1)</script>经验</p>',
        sort: 3,
        published: true,
        featured: true,
      },
      { as: admin },
    );
    expect(created.code).toBe(200);
    const id = created.data.id;
    const view = await t.call(viewAdminLecturer, { id }, { as: admin, lang: 'en' });
    expect(view.data).toMatchObject({ name: '周明', rankName: 'Gold', avatarUrl: photo, sort: 3, courseCount: 0 });
    expect(view.data.intro).not.toMatch(/script|onclick/);
    expect(view.data.intro).toContain('十年');
    // The site owns the photo now: claimed, no longer any person's (not swept, not gone with them).
    const key = photo.slice('/uploads/'.length);
    const [upload] = await db().select().from(schema.uploads).where(eq(schema.uploads.key, key));
    expect(upload).toMatchObject({ accountId: null });
    expect(upload!.claimedAt).not.toBeNull();
    // The learner sees the lecturer at once.
    const detail = await t.call(viewLecturerDetail, { lecturerId: id }, { as: learner });
    expect(detail.data).toMatchObject({ name: '周明', title: '首席培训师' });

    const log = await t.call(findAuditLog, { entityType: 'lecturer', entityId: String(id) }, { as: admin });
    expect(log.data.list[0]).toMatchObject({
      action: 'createLecturer',
      before: null,
      after: { name: '周明', rankId: rank.id, published: true, featured: true },
    });
  });

  it('refuses bad input with the field named in the caller’s language, and an unknown rank or photo', async () => {
    const empty = await t.call(createLecturer, unchecked({ name: ' ' }), { as: admin, lang: 'en' });
    expect(empty.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalidFields(empty)[0]).toEqual({ field: 'name', message: 'Please enter the lecturer name' });
    const long = await t.call(createLecturer, unchecked({ name: '名'.repeat(51) }), { as: admin });
    expect(invalidFields(long)[0]).toEqual({ field: 'name', message: '讲师姓名最多50个字' });
    const badSort = await t.call(createLecturer, unchecked({ name: '甲', sort: -1 }), { as: admin });
    expect(invalidFields(badSort)[0]!.field).toBe('sort');

    const theirRank = await createLecturerRank(db(), b.eid);
    const rank = await t.call(createLecturer, unchecked({ name: '甲', rankId: theirRank.id }), { as: admin });
    expect(rank.code).toBe(ErrorCode.LECTURER_RANK_UNKNOWN);
    expect(rank.message).toBe('讲师等级不存在');
    const elsewhere = await t.call(createLecturer, unchecked({ name: '甲', avatarUrl: 'https://evil.example/x.png' }), {
      as: admin,
      lang: 'en',
    });
    expect(elsewhere.code).toBe(ErrorCode.LECTURER_PHOTO_UNUSABLE);
    expect(elsewhere.message).toBe('The lecturer photo is not usable, please upload it again');
    // Someone else's upload is not this administrator's to use.
    const learnersPhoto = await uploadPhoto(learner);
    const stolen = await t.call(createLecturer, unchecked({ name: '甲', avatarUrl: learnersPhoto }), { as: admin });
    expect(stolen.code).toBe(ErrorCode.LECTURER_PHOTO_UNUSABLE);
  });

  it('lists hidden lecturers too, by keyword and state, with their course counts', async () => {
    const shown = await insertLecturer(db(), a.eid, { name: '列表讲师甲', sort: 100 });
    const hidden = await insertLecturer(db(), a.eid, { name: '列表讲师乙', sort: 101, published: false });
    await createCourse(db(), a.eid, { lecturerId: shown.id });
    const all = await t.call(findAdminLecturers, { keyword: '列表讲师' }, { as: admin });
    expect(all.data.list.map((l) => [l.name, l.published, l.courseCount])).toEqual([
      ['列表讲师甲', true, 1],
      ['列表讲师乙', false, 0],
    ]);
    const hiddenOnly = await t.call(findAdminLecturers, { keyword: '列表讲师', published: '0' }, { as: admin });
    expect(hiddenOnly.data.list.map((l) => l.id)).toEqual([hidden.id]);
    const paged = await t.call(findAdminLecturers, { pageSize: 1, pageCurrent: 2 }, { as: admin });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.totalCount).toBeGreaterThanOrEqual(3);
  });

  it('hiding or renaming a lecturer reaches the learner’s and the visitor’s next call (caches forgotten)', async () => {
    const lecturer = await insertLecturer(db(), a.eid, { name: '缓存讲师', featured: true, sort: 0 });
    await createCourse(db(), a.eid, { title: '缓存课程', lecturerId: lecturer.id });
    // Read once so the zone answers are cached for the learner and the visitor.
    const names = (list: Array<{ name: string }>) => list.map((l) => l.name);
    expect(names((await t.call(findZoneLecturersAuth, {}, { as: learner })).data)).toContain('缓存讲师');
    expect(names((await t.call(findZoneLecturers, {}, { as: visitorOf(a) })).data)).toContain('缓存讲师');
    const card = async () =>
      (await t.call(findZoneCoursesAuth, {}, { as: learner })).data.find((c) => c.title === '缓存课程');
    expect((await card())?.lecturerName).toBe('缓存讲师');

    const form = { name: '新名讲师', featured: true, sort: 0 };
    expect((await t.call(editLecturer, unchecked({ id: lecturer.id, ...form }), { as: admin })).code).toBe(200);
    expect(names((await t.call(findZoneLecturersAuth, {}, { as: learner })).data)).toContain('新名讲师');
    expect(names((await t.call(findZoneLecturers, {}, { as: visitorOf(a) })).data)).toContain('新名讲师');
    expect((await card())?.lecturerName).toBe('新名讲师');

    const hide = { ...form, published: false };
    expect((await t.call(editLecturer, unchecked({ id: lecturer.id, ...hide }), { as: admin })).code).toBe(200);
    expect(names((await t.call(findZoneLecturersAuth, {}, { as: learner })).data)).not.toContain('新名讲师');
    expect(names((await t.call(findZoneLecturers, {}, { as: visitorOf(a) })).data)).not.toContain('新名讲师');
    expect(names((await t.call(findLecturers, {}, { as: learner })).data.list)).not.toContain('新名讲师');
    expect((await card())?.lecturerName).toBe('');
    expect((await t.call(viewLecturerDetail, { lecturerId: lecturer.id }, { as: learner })).code).toBe(404);
  });

  it('refuses to delete a lecturer with courses (9252), shows their courses, and deletes one without', async () => {
    const busy = await insertLecturer(db(), a.eid, { name: '有课讲师' });
    const course = await createCourse(db(), a.eid, { title: '他的课', lecturerId: busy.id, published: false });
    const courses = await t.call(findAdminLecturerCourses, { id: busy.id }, { as: admin });
    expect(courses.data.list).toEqual([
      { id: course.id, title: '他的课', published: false, categoryName: '', learnerCount: 0 },
    ]);
    const refused = await t.call(deleteLecturer, { id: busy.id }, { as: admin, lang: 'en' });
    expect(refused.code).toBe(ErrorCode.LECTURER_IN_USE);
    expect(refused.message).toMatch(/still teaches courses/);
    expect(await db().$count(schema.lecturers, eq(schema.lecturers.id, busy.id))).toBe(1);

    const free = await insertLecturer(db(), a.eid, { name: '无课讲师' });
    expect((await t.call(deleteLecturer, { id: free.id }, { as: admin })).code).toBe(200);
    expect(await db().$count(schema.lecturers, eq(schema.lecturers.id, free.id))).toBe(0);
    const log = await t.call(findAuditLog, { entityType: 'lecturer', entityId: String(free.id) }, { as: admin });
    expect(log.data.list[0]).toMatchObject({ action: 'deleteLecturer', before: { name: '无课讲师' }, after: null });
  });

  it('treats another enterprise’s lecturer as not found, and changes nothing of it', async () => {
    const theirs = await insertLecturer(db(), b.eid, { name: '乙的讲师' });
    const form = { name: '改名' };
    expect((await t.call(viewAdminLecturer, { id: theirs.id }, { as: admin })).code).toBe(404);
    expect((await t.call(editLecturer, unchecked({ id: theirs.id, ...form }), { as: admin })).code).toBe(404);
    expect((await t.call(deleteLecturer, { id: theirs.id }, { as: admin })).code).toBe(404);
    expect((await t.call(findAdminLecturerCourses, { id: theirs.id }, { as: admin })).code).toBe(404);
    const [row] = await db()
      .select()
      .from(schema.lecturers)
      .where(and(eq(schema.lecturers.eid, b.eid), eq(schema.lecturers.id, theirs.id)));
    expect(row!.name).toBe('乙的讲师');
    // Their own administrator does not see A's lecturers either.
    const list = await t.call(findAdminLecturers, {}, { as: adminOfB });
    expect(list.data.list.map((l) => l.name)).toEqual(['乙的讲师']);
  });
});
