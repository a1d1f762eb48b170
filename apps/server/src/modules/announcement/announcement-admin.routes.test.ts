import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  countUnreadAnnouncements,
  deleteAnnouncement,
  findAdminAnnouncements,
  findAnnouncementDepartments,
  findAnnouncementRecords,
  findAuditLog,
  saveAnnouncement,
  setAnnouncementPublished,
  viewAdminAnnouncement,
  viewAnnouncement,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createDepartment } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let adminOfB: Learner;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

const as = () => ({ as: admin });
const titlesOf = async (l: Learner) =>
  (await t.call(findAnnouncementRecords, { pageSize: 50 }, { as: l })).data.list.map((r) => r.title);

describe('announcements in the back office', () => {
  it('writes a draft, publishes it to everyone, edits, takes it back and deletes it; each write audited', async () => {
    const learner = await t.learner(a);
    const saved = await t.call(
      saveAnnouncement,
      { title: '国庆放假通知', content: '<p onclick="x()">十月一日起放假<script>1</script></p>', popup: true },
      as(),
    );
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ title: '国庆放假通知', published: false, popup: true, departments: [] });
    expect(saved.data.content).toBe('<p>十月一日起放假</p>');
    const id = saved.data.id;
    expect(await titlesOf(learner)).not.toContain('国庆放假通知');

    expect((await t.call(setAnnouncementPublished, { id, published: true }, as())).data.published).toBe(true);
    expect(await titlesOf(learner)).toContain('国庆放假通知');
    expect((await t.call(countUnreadAnnouncements, {}, { as: learner })).data.count).toBe(1);

    const edited = await t.call(
      saveAnnouncement,
      { id, title: '国庆放假通知（更新）', content: '<p>改</p>', published: true, commentOpen: false },
      as(),
    );
    expect(edited.data).toMatchObject({ title: '国庆放假通知（更新）', commentOpen: false, popup: false });
    expect(await titlesOf(learner)).toContain('国庆放假通知（更新）');

    await t.call(setAnnouncementPublished, { id, published: false }, as());
    expect(await titlesOf(learner)).toEqual([]);
    expect((await t.call(deleteAnnouncement, { id }, as())).data).toEqual({ id });
    expect((await t.call(viewAdminAnnouncement, { id }, as())).code).toBe(404);

    const log = (await t.call(findAuditLog, { entityType: 'announcement', entityId: String(id) }, as())).data.list;
    expect(log.map((e) => e.action)).toEqual([
      'deleteAnnouncement',
      'setAnnouncementPublished',
      'saveAnnouncement',
      'setAnnouncementPublished',
      'saveAnnouncement',
    ]);
    expect(log[0]!.after).toBeNull();
    expect(log[4]!.before).toBeNull();
  });

  it('publishes to departments: their members and those of departments under them see it, nobody else', async () => {
    const [inSales, inSalesEast, inHr, inNone] = await Promise.all([
      t.learner(a),
      t.learner(a),
      t.learner(a),
      t.learner(a),
    ]);
    const sales = await createDepartment(t.database.db, a.eid, [inSales.accountId]);
    const [east] = await t.database.db
      .insert(schema.departments)
      .values({ eid: a.eid, name: '华东销售', parentId: sales.id })
      .returning();
    await t.database.db
      .insert(schema.departmentMembers)
      .values({ eid: a.eid, departmentId: east!.id, accountId: inSalesEast.accountId });
    const hr = await createDepartment(t.database.db, a.eid, [inHr.accountId]);
    const departments = (await t.call(findAnnouncementDepartments, {}, as())).data;
    expect(departments).toEqual(expect.arrayContaining([{ id: east!.id, name: '华东销售', parentId: sales.id }]));

    const saved = await t.call(
      saveAnnouncement,
      { title: '销售部例会', content: '<p>周一例会</p>', published: true, departmentIds: [sales.id] },
      as(),
    );
    expect(saved.data.departments).toEqual([{ id: sales.id, name: sales.name }]);
    const id = saved.data.id;
    expect(await titlesOf(inSales)).toEqual(['销售部例会']);
    expect(await titlesOf(inSalesEast)).toEqual(['销售部例会']);
    expect(await titlesOf(inHr)).toEqual([]);
    expect(await titlesOf(inNone)).toEqual([]);
    expect((await t.call(countUnreadAnnouncements, {}, { as: inHr })).data.count).toBe(0);
    // The public view by id: not for those it does not reach, nor for visitors.
    expect((await t.call(viewAnnouncement, { id }, { as: inSalesEast })).code).toBe(200);
    expect((await t.call(viewAnnouncement, { id }, { as: inHr })).code).toBe(404);
    expect((await t.call(viewAnnouncement, { id }, { as: visitorOf(a) })).code).toBe(404);

    // Moved to HR: sales lose it at once, HR gets it.
    await t.call(
      saveAnnouncement,
      { id, title: '销售部例会', content: '<p>周一例会</p>', published: true, departmentIds: [hr.id] },
      as(),
    );
    expect(await titlesOf(inSales)).toEqual([]);
    expect(await titlesOf(inSalesEast)).toEqual([]);
    expect(await titlesOf(inHr)).toEqual(['销售部例会']);
    // And to everyone again.
    await t.call(saveAnnouncement, { id, title: '全员例会', content: '<p>周一例会</p>', published: true }, as());
    expect(await titlesOf(inNone)).toEqual(['全员例会']);
    expect(await titlesOf(inSales)).toEqual(['全员例会']);

    const listed = (await t.call(findAdminAnnouncements, { keyword: '例会' }, as())).data;
    expect(listed.list).toEqual([expect.objectContaining({ id, title: '全员例会', departments: [] })]);
  });

  it('refuses unknown or foreign departments (9403) and bad input in the user’s language', async () => {
    const theirs = await createDepartment(t.database.db, b.eid);
    const foreign = await t.call(
      saveAnnouncement,
      { title: '通知', content: '<p>x</p>', departmentIds: [theirs.id] },
      { as: admin, lang: 'en' },
    );
    expect(foreign).toMatchObject({
      code: ErrorCode.ANNOUNCEMENT_DEPARTMENT_UNKNOWN,
      message: 'A chosen department does not exist',
    });
    const bad = await t.call(saveAnnouncement, unchecked({ title: ' ', content: '' }), as());
    expect(bad.code).toBe(400);
    expect(invalidFields(bad)).toEqual(
      expect.arrayContaining([
        { field: 'title', message: '请输入标题' },
        { field: 'content', message: '请输入正文' },
      ]),
    );
  });

  it('lists drafts and published ones by status, and nothing of another enterprise (its ids: 404)', async () => {
    await t.call(saveAnnouncement, { title: '草稿公告', content: '<p>x</p>' }, as());
    const drafts = (await t.call(findAdminAnnouncements, { status: 'draft' }, as())).data.list.map((r) => r.title);
    expect(drafts).toContain('草稿公告');
    expect(drafts).not.toContain('全员例会');
    const theirs = (await t.call(saveAnnouncement, { title: '乙的公告', content: '<p>乙</p>' }, { as: adminOfB })).data
      .id;
    expect((await t.call(viewAdminAnnouncement, { id: theirs }, as())).code).toBe(404);
    expect((await t.call(setAnnouncementPublished, { id: theirs, published: true }, as())).code).toBe(404);
    expect((await t.call(deleteAnnouncement, { id: theirs }, as())).code).toBe(404);
    expect((await t.call(saveAnnouncement, { id: theirs, title: 'x', content: '<p>x</p>' }, as())).code).toBe(404);
    expect((await t.call(findAdminAnnouncements, { keyword: '乙的公告' }, as())).data.totalCount).toBe(0);
  });
});
