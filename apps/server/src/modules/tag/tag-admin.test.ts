import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, createTag, deleteTag, editTag, findAdminTags, findAuditLog, findTags } from '@portal/contract';
import { schema } from '@portal/db';
import { createTag as insertTag } from '../../test/catalog-factories.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, unchecked, type TestApp } from '../../test/harness.ts';
import { createTask } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let learner: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  learner = await t.learner(a);
});
afterAll(async () => t?.close());

describe('learner tags in the back office', () => {
  it('adds, renames and reorders tags; learners’ tag lists show it at once; audited', async () => {
    const created = await t.call(createTag, { name: '新员工', nameEn: 'New hire', sort: 2 }, { as: admin });
    expect(created.code).toBe(200);
    const id = created.data.id;
    await t.call(createTag, { name: '骨干', nameEn: '', sort: 1 }, { as: admin });
    const list = await t.call(findAdminTags, {}, { as: admin });
    expect(list.data.list.map((g) => g.name)).toEqual(['骨干', '新员工']);
    expect(list.data.list[1]).toMatchObject({ nameEn: 'New hire', learnerCount: 0, taskCount: 0 });

    expect((await t.call(editTag, { id, name: '新人', nameEn: 'Newcomer', sort: 0 }, { as: admin })).code).toBe(200);
    const learners = await t.call(findTags, {}, { as: learner, lang: 'en' });
    expect(learners.data.map((g) => g.tagName)).toEqual(['Newcomer', '骨干']);
    const keyword = await t.call(findAdminTags, { keyword: 'newc' }, { as: admin });
    expect(keyword.data.list.map((g) => g.id)).toEqual([id]);

    const log = await t.call(findAuditLog, { entityType: 'tag', entityId: String(id) }, { as: admin });
    expect(log.data.list.map((e) => [e.action, e.before, e.after])).toEqual([
      ['editTag', { name: '新员工', nameEn: 'New hire', sort: 2 }, { name: '新人', nameEn: 'Newcomer', sort: 0 }],
      ['createTag', null, { name: '新员工', nameEn: 'New hire', sort: 2 }],
    ]);
  });

  it('refuses a name the enterprise has (any case) and bad input, in the caller’s language', async () => {
    await insertTag(db(), a.eid, { name: 'Java' });
    const taken = await t.call(createTag, { name: 'java', nameEn: '', sort: 0 }, { as: admin, lang: 'en' });
    expect([taken.code, taken.message]).toEqual([ErrorCode.TAG_NAME_TAKEN, 'A tag with this name already exists']);
    const other = await insertTag(db(), a.eid, { name: 'Go' });
    expect((await t.call(editTag, { id: other.id, name: 'JAVA', nameEn: '', sort: 0 }, { as: admin })).code).toBe(
      ErrorCode.TAG_NAME_TAKEN,
    );
    // Keeping its own name is no clash.
    expect((await t.call(editTag, { id: other.id, name: 'Go', nameEn: 'Go', sort: 5 }, { as: admin })).code).toBe(200);
    // Another enterprise's names do not count.
    await insertTag(db(), b.eid, { name: '乙的标签' });
    expect((await t.call(createTag, { name: '乙的标签', nameEn: '', sort: 0 }, { as: admin })).code).toBe(200);

    const blank = await t.call(createTag, unchecked({ name: ' ' }), { as: admin });
    expect(invalidFields(blank)[0]).toEqual({ field: 'name', message: '请填写标签名称' });
    const long = await t.call(createTag, unchecked({ name: 'x'.repeat(51) }), { as: admin, lang: 'en' });
    expect(invalidFields(long)[0]).toEqual({ field: 'name', message: 'The tag name has at most 50 characters' });
  });

  it('deletes a tag with its learners’ labels, but not one study tasks are assigned to', async () => {
    const carried = await insertTag(db(), a.eid, { name: '有人用' });
    await db().insert(schema.learnerTags).values({ eid: a.eid, tagId: carried.id, accountId: learner.accountId });
    const listed = await t.call(findAdminTags, { keyword: '有人用' }, { as: admin });
    expect(listed.data.list[0]).toMatchObject({ learnerCount: 1, taskCount: 0 });
    expect((await t.call(deleteTag, { id: carried.id }, { as: admin })).code).toBe(200);
    expect(await db().$count(schema.learnerTags, eq(schema.learnerTags.tagId, carried.id))).toBe(0);
    const log = await t.call(findAuditLog, { entityType: 'tag', entityId: String(carried.id) }, { as: admin });
    expect(log.data.list[0]).toMatchObject({
      action: 'deleteTag',
      before: { name: '有人用', learners: 1 },
      after: null,
    });

    const assigned = await insertTag(db(), a.eid, { name: '有任务' });
    const { task } = await createTask(db(), a.eid, {});
    await db()
      .insert(schema.studyTaskAssignments)
      .values({ eid: a.eid, taskId: task.id, targetType: 3, targetId: assigned.id });
    const refused = await t.call(deleteTag, { id: assigned.id }, { as: admin });
    expect([refused.code, refused.message]).toEqual([ErrorCode.TAG_IN_USE, '该标签已用于分配学习任务，不能删除']);
    expect(await db().$count(schema.tags, eq(schema.tags.id, assigned.id))).toBe(1);
  });

  it('treats another enterprise’s tag as not found', async () => {
    const theirs = await insertTag(db(), b.eid, { name: '乙专用' });
    expect((await t.call(editTag, { id: theirs.id, name: '改', nameEn: '', sort: 0 }, { as: admin })).code).toBe(404);
    expect((await t.call(deleteTag, { id: theirs.id }, { as: admin })).code).toBe(404);
    const mine = await t.call(findAdminTags, { keyword: '乙专用' }, { as: admin });
    expect(mine.data.list).toEqual([]);
  });
});
