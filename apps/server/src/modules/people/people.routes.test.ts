import { verify } from '@node-rs/argon2';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  deleteDepartment,
  editDepartment,
  editLearner,
  exportLearners,
  findAuditLog,
  findDepartmentTree,
  findExportRecords,
  findLearners,
  moveDepartment,
  resetLearnerPassword,
  saveDepartment,
  setLearnerAdmin,
  setLearnerDepartments,
  setLearnerStatus,
  setLearnerTags,
  viewCurrentUser,
  viewLearner,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, invalidFields, unchecked, type TestApp } from '../../test/harness.ts';
import { createDepartment, createTag } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let adminOfB: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  // Sessions kept a minute, as in production's spirit: a change of the role or status must be
  // forgotten on purpose, not left to the cache's expiry.
  t = await createTestApp({ TENANT_CODES: '', SESSION_CACHE_TTL_MS: '60000' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '李管理' } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

const auditOf = async (entityType: 'department' | 'learner' | 'learner_export', entityId: number) =>
  (await t.call(findAuditLog, { entityType, entityId: String(entityId), order: 'asc' }, { as: admin })).data.list;

describe('the department tree', () => {
  it('adds departments at the top and below, lists them parent first, and audits each', async () => {
    const hq = await t.call(saveDepartment, { name: '总部', nameEn: 'HQ' }, { as: admin });
    expect(hq.code).toBe(200);
    const sales = await t.call(saveDepartment, { parentId: hq.data.id, name: '销售部' }, { as: admin });
    const east = await t.call(saveDepartment, { parentId: sales.data.id, name: '华东区' }, { as: admin });
    const it2 = await t.call(saveDepartment, { parentId: hq.data.id, name: '信息部' }, { as: admin });
    const tree = await t.call(findDepartmentTree, {}, { as: admin });
    const names = tree.data.list.map((d) => d.name);
    expect(names.indexOf('总部')).toBeLessThan(names.indexOf('销售部'));
    expect(names.indexOf('销售部')).toBeLessThan(names.indexOf('华东区'));
    expect(names.indexOf('华东区')).toBeLessThan(names.indexOf('信息部'));
    expect(tree.data.list.find((d) => d.id === east.data.id)).toMatchObject({
      parentId: sales.data.id,
      memberCount: 0,
    });
    expect(it2.data.sort).toBe(1);
    // Another enterprise's administrator sees none of it.
    expect((await t.call(findDepartmentTree, {}, { as: adminOfB })).data.list).toEqual([]);
    const [row] = await auditOf('department', hq.data.id);
    expect(row).toMatchObject({
      action: 'saveDepartment',
      before: null,
      after: { name: '总部', nameEn: 'HQ', parentId: null },
    });
  });

  it('refuses an empty or long name, a parent of another enterprise and a name its siblings have', async () => {
    const empty = await t.call(saveDepartment, unchecked({ name: '  ' }), { as: admin });
    expect(empty.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalidFields(empty)[0]!.field).toBe('name');
    const long = await t.call(saveDepartment, { name: '部'.repeat(51) }, { as: admin, lang: 'en' });
    expect(long.code).toBe(ErrorCode.BAD_INPUT);
    const theirs = await createDepartment(db(), b.eid);
    const foreign = await t.call(saveDepartment, { parentId: theirs.id, name: '渗透' }, { as: admin, lang: 'en' });
    expect(foreign).toMatchObject({ code: ErrorCode.DEPARTMENT_NOT_FOUND, message: 'The department does not exist' });
    await t.call(saveDepartment, { name: '重名' }, { as: admin });
    const twice = await t.call(saveDepartment, { name: '重名' }, { as: admin });
    expect(twice).toMatchObject({ code: ErrorCode.DEPARTMENT_NAME_TAKEN, message: '同一级下已有同名部门' });
  });

  it('renames, and refuses another enterprise’s department as not found', async () => {
    const d = (await t.call(saveDepartment, { name: '旧名' }, { as: admin })).data;
    const renamed = await t.call(editDepartment, { id: d.id, name: '新名', nameEn: 'New' }, { as: admin });
    expect(renamed.data).toMatchObject({ id: d.id, name: '新名', nameEn: 'New' });
    const audit = await auditOf('department', d.id);
    expect(audit[1]).toMatchObject({ action: 'editDepartment', before: { name: '旧名' }, after: { name: '新名' } });
    const theirs = await createDepartment(db(), b.eid);
    expect((await t.call(editDepartment, { id: theirs.id, name: 'x' }, { as: admin })).code).toBe(
      ErrorCode.DEPARTMENT_NOT_FOUND,
    );
  });

  it('moves under another parent at a position, to the top, never under itself or its descendant', async () => {
    const root = (await t.call(saveDepartment, { name: '移动根' }, { as: admin })).data;
    const child = (await t.call(saveDepartment, { parentId: root.id, name: '子' }, { as: admin })).data;
    const grandchild = (await t.call(saveDepartment, { parentId: child.id, name: '孙' }, { as: admin })).data;
    const other = (await t.call(saveDepartment, { name: '别处' }, { as: admin })).data;
    const first = (await t.call(saveDepartment, { parentId: other.id, name: '原有' }, { as: admin })).data;

    const intoOwn = await t.call(moveDepartment, { id: root.id, parentId: grandchild.id }, { as: admin, lang: 'en' });
    expect(intoOwn).toMatchObject({
      code: ErrorCode.DEPARTMENT_MOVE_INTO_OWN,
      message: 'A department cannot be moved under itself or one of its sub-departments',
    });
    expect((await t.call(moveDepartment, { id: root.id, parentId: root.id }, { as: admin })).code).toBe(
      ErrorCode.DEPARTMENT_MOVE_INTO_OWN,
    );

    const moved = await t.call(moveDepartment, { id: child.id, parentId: other.id, index: 0 }, { as: admin });
    expect(moved.data).toMatchObject({ id: child.id, parentId: other.id, sort: 0 });
    const tree = (await t.call(findDepartmentTree, {}, { as: admin })).data.list;
    expect(tree.find((d) => d.id === first.id)!.sort).toBe(1);
    // Its sub-department came with it.
    expect(tree.find((d) => d.id === grandchild.id)!.parentId).toBe(child.id);
    const audit = await auditOf('department', child.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'moveDepartment',
      before: { parentId: root.id },
      after: { parentId: other.id },
    });

    const top = await t.call(moveDepartment, { id: child.id, parentId: null }, { as: admin });
    expect(top.data.parentId).toBeNull();
    const theirs = await createDepartment(db(), b.eid);
    expect((await t.call(moveDepartment, { id: child.id, parentId: theirs.id }, { as: admin })).code).toBe(
      ErrorCode.DEPARTMENT_NOT_FOUND,
    );
  });

  it('deletes only an empty department: no members, no sub-departments', async () => {
    const member = await t.learner(a);
    const parent = (await t.call(saveDepartment, { name: '待删' }, { as: admin })).data;
    const sub = (await t.call(saveDepartment, { parentId: parent.id, name: '待删子' }, { as: admin })).data;
    await t.call(setLearnerDepartments, { accountId: member.accountId, departmentIds: [sub.id] }, { as: admin });

    expect((await t.call(deleteDepartment, { id: parent.id }, { as: admin })).code).toBe(
      ErrorCode.DEPARTMENT_HAS_CHILDREN,
    );
    const withMember = await t.call(deleteDepartment, { id: sub.id }, { as: admin });
    expect(withMember).toMatchObject({ code: ErrorCode.DEPARTMENT_HAS_MEMBERS, message: '部门下还有学员，不能删除' });
    await t.call(setLearnerDepartments, { accountId: member.accountId, departmentIds: [] }, { as: admin });
    expect((await t.call(deleteDepartment, { id: sub.id }, { as: admin })).code).toBe(200);
    expect((await t.call(deleteDepartment, { id: parent.id }, { as: admin })).code).toBe(200);
    const audit = await auditOf('department', parent.id);
    expect(audit.at(-1)).toMatchObject({ action: 'deleteDepartment', before: { name: '待删' }, after: null });
    const theirs = await createDepartment(db(), b.eid);
    expect((await t.call(deleteDepartment, { id: theirs.id }, { as: admin })).code).toBe(
      ErrorCode.DEPARTMENT_NOT_FOUND,
    );
  });
});

describe('the learner list', () => {
  let ent: Ent;
  let boss: Learner;
  let people: Learner[];
  let dept: { id: number };
  let subDept: { id: number };
  let tag: { id: number };

  beforeAll(async () => {
    ent = await createEnterprise(db(), { name: '名单企业' });
    boss = await t.learner(ent, { member: { isAdmin: true, realName: '管理员' } });
    people = [];
    for (const [i, name] of ['张三', '李四', '王五', '赵六', '钱七'].entries()) {
      people.push(
        await t.learner(ent, {
          phone: `1390000000${i}`,
          member: { realName: name, employeeNo: `E00${i}`, status: i === 4 ? 2 : 1 },
        }),
      );
    }
    dept = await createDepartment(db(), ent.eid, [people[0]!.accountId]);
    subDept = await createDepartment(db(), ent.eid, [people[1]!.accountId]);
    await db().update(schema.departments).set({ parentId: dept.id }).where(eq(schema.departments.id, subDept.id));
    tag = await createTag(db(), ent.eid, [people[2]!.accountId]);
    // Someone of another enterprise never shows.
    await t.learner(b, { member: { realName: '张三丰' } });
  });

  const list = (q: Parameters<typeof t.call<typeof findLearners>>[1] = {}) => t.call(findLearners, q, { as: boss });

  it('lists the members newest first with departments and tags, counted', async () => {
    const page = await list();
    expect(page.code).toBe(200);
    expect(page.data).toMatchObject({ totalCount: 6, countCapped: false, nextCursor: null });
    expect(page.data.list[0]!.realName).toBe('钱七');
    const zhang = page.data.list.find((l) => l.realName === '张三')!;
    expect(zhang).toMatchObject({ phone: '13900000000', employeeNo: 'E000', status: 1, isAdmin: false });
    expect(zhang.departments.map((d) => d.id)).toEqual([dept.id]);
    expect(page.data.list.find((l) => l.realName === '王五')!.tags.map((x) => x.id)).toEqual([tag.id]);
  });

  it('searches name, employee number and phone; filters department with those below, tag and status', async () => {
    const names = async (q: Parameters<typeof list>[0]) => (await list(q)).data.list.map((l) => l.realName).sort();
    expect(await names({ keyword: '张' })).toEqual(['张三']);
    // One or two characters (the short-part index) and three or more (trigrams), either case.
    expect(await names({ keyword: '三' })).toEqual(['张三']);
    expect(await names({ keyword: '张三' })).toEqual(['张三']);
    expect(await names({ keyword: '张三丰' })).toEqual([]);
    expect(await names({ keyword: 'E3' })).toEqual([]);
    expect(await names({ keyword: 'e0' })).toEqual(['张三', '李四', '王五', '赵六', '钱七'].sort());
    expect(await names({ keyword: 'e003' })).toEqual(['赵六']);
    expect(await names({ keyword: '0000001' })).toEqual(['李四']);
    expect(await names({ keyword: '%' })).toEqual([]);
    expect(await names({ departmentId: dept.id })).toEqual(['张三', '李四'].sort());
    expect(await names({ departmentId: subDept.id })).toEqual(['李四']);
    expect(await names({ tagId: tag.id })).toEqual(['王五']);
    expect(await names({ status: 'disabled' })).toEqual(['钱七']);
    expect(await names({ status: 'admin' })).toEqual(['管理员']);
    expect((await list({ status: 'enabled' })).data.totalCount).toBe(5);
  });

  it('sorts by name and walks keyset pages to the same rows as page numbers', async () => {
    const all = (await list({ sort: 'realName', pageSize: 100 })).data.list.map((l) => l.accountId);
    const walked: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await list({ sort: 'realName', pageSize: 2, ...(cursor ? { cursor } : {}) });
      walked.push(...page.data.list.map((l) => l.accountId));
      if (!page.data.nextCursor) break;
      cursor = page.data.nextCursor;
    }
    expect(walked).toEqual(all);
    const byPage = [1, 2, 3].map((p) => list({ sort: 'realName', pageSize: 2, pageCurrent: p }));
    expect((await Promise.all(byPage)).flatMap((p) => p.data.list.map((l) => l.accountId))).toEqual(all);
    const desc = (await list({ sort: '-createdAt', pageSize: 3 })).data;
    const next = (await list({ sort: '-createdAt', pageSize: 3, cursor: desc.nextCursor! })).data.list;
    expect(next.map((l) => l.accountId)).toEqual(
      (await list({ sort: '-createdAt', pageSize: 6 })).data.list.slice(3).map((l) => l.accountId),
    );
  });

  it('refuses a bad cursor, sort, or another enterprise’s department or tag', async () => {
    expect((await list({ cursor: 'nonsense' })).code).toBe(ErrorCode.LEARNER_CURSOR_INVALID);
    expect((await list(unchecked({ sort: 'password' }))).code).toBe(ErrorCode.BAD_INPUT);
    const theirs = await createDepartment(db(), b.eid);
    expect((await list({ departmentId: theirs.id })).code).toBe(ErrorCode.DEPARTMENT_NOT_FOUND);
    const theirTag = await createTag(db(), b.eid);
    expect((await list({ tagId: theirTag.id })).code).toBe(ErrorCode.TAG_NOT_FOUND);
  });

  it('views one learner with the form’s fields; another enterprise’s is not found', async () => {
    const one = await t.call(viewLearner, { accountId: people[0]!.accountId }, { as: boss });
    expect(one.data).toMatchObject({ realName: '张三', inOtherEnterprises: false });
    expect(one.data.fields.map((f) => f.field)).toContain('gender');
    expect((await t.call(viewLearner, { accountId: adminOfB.accountId }, { as: boss })).code).toBe(
      ErrorCode.LEARNER_NOT_FOUND,
    );
  });

  it('exports the filter as XLSX in a job, audited', async () => {
    const started = await t.call(exportLearners, { departmentId: dept.id, sort: 'realName' }, { as: boss });
    expect(started.code).toBe(200);
    await waitFor('the export', async () => {
      const records = await t.call(findExportRecords, {}, { as: boss });
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
    });
    const { workbook } = await downloadExport(t, boss, started.data.id);
    const { values } = sheetValues(workbook);
    expect(values[0]![0]).toBe('姓名');
    expect(
      values
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['张三', '李四'].sort());
    const [audit] = (await t.call(findAuditLog, { entityType: 'learner_export' }, { as: boss })).data.list;
    expect(audit).toMatchObject({ entityId: String(started.data.id), after: { departmentId: dept.id } });
  });
});

describe('changing a learner', () => {
  it('edits the profile, refuses a taken employee number and a bad detail, audits before and after', async () => {
    const l = await t.learner(a, { member: { realName: '原名', employeeNo: 'A1' } });
    await t.learner(a, { member: { employeeNo: 'TAKEN' } });
    const ok = await t.call(
      editLearner,
      { accountId: l.accountId, realName: '新名', employeeNo: 'A2', userDetail: { email: 'x@example.com' } },
      { as: admin },
    );
    expect(ok.code).toBe(200);
    const taken = await t.call(editLearner, { accountId: l.accountId, employeeNo: 'TAKEN' }, { as: admin, lang: 'en' });
    expect(taken).toMatchObject({
      code: ErrorCode.EMPLOYEE_NO_TAKEN,
      message: 'This employee number is used by another learner',
    });
    const bad = await t.call(editLearner, { accountId: l.accountId, userDetail: { email: 'not-mail' } }, { as: admin });
    expect(bad.code).toBe(ErrorCode.BAD_INPUT);
    const audit = await auditOf('learner', l.accountId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'editLearner',
      before: { realName: '原名', employeeNo: 'A1' },
      after: { realName: '新名', employeeNo: 'A2', userDetail: { email: 'x@example.com' } },
    });
    expect((await t.call(editLearner, { accountId: adminOfB.accountId, realName: 'x' }, { as: admin })).code).toBe(
      ErrorCode.LEARNER_NOT_FOUND,
    );
  });

  it('disables: the learner’s next call ends their session (308), and enabling does not revive it', async () => {
    const l = await t.learner(a);
    expect((await t.call(viewCurrentUser, {}, { as: l })).code).toBe(200); // now cached
    const off = await t.call(setLearnerStatus, { accountId: l.accountId, enabled: false }, { as: admin });
    expect(off.data).toEqual({ accountId: l.accountId, status: 2 });
    expect((await t.call(viewCurrentUser, {}, { as: l })).code).toBe(ErrorCode.ACCOUNT_DISABLED);
    expect((await t.call(setLearnerStatus, { accountId: l.accountId, enabled: true }, { as: admin })).code).toBe(200);
    expect((await t.call(viewCurrentUser, {}, { as: l })).code).toBe(ErrorCode.SESSION_ENDED);
    const audit = await auditOf('learner', l.accountId);
    expect(audit.map((r) => [r.before, r.after])).toEqual([
      [expect.objectContaining({ status: 1 }), expect.objectContaining({ status: 2 })],
      [expect.objectContaining({ status: 2 }), expect.objectContaining({ status: 1 })],
    ]);
    const self = await t.call(setLearnerStatus, { accountId: admin.accountId, enabled: false }, { as: admin });
    expect(self).toMatchObject({ code: ErrorCode.LEARNER_SELF_DISABLE, message: '不能停用自己的账号' });
    expect(
      (await t.call(setLearnerStatus, { accountId: adminOfB.accountId, enabled: false }, { as: admin })).code,
    ).toBe(ErrorCode.LEARNER_NOT_FOUND);
  });

  it('sets and removes the administrator role, in effect on the learner’s very next call', async () => {
    const l = await t.learner(a);
    expect((await t.call(findDepartmentTree, {}, { as: l })).code).toBe(ErrorCode.NOT_ADMIN); // cached: not admin
    expect((await t.call(setLearnerAdmin, { accountId: l.accountId, isAdmin: true }, { as: admin })).code).toBe(200);
    expect((await t.call(findDepartmentTree, {}, { as: l })).code).toBe(200);
    expect((await t.call(setLearnerAdmin, { accountId: l.accountId, isAdmin: false }, { as: admin })).code).toBe(200);
    expect((await t.call(findDepartmentTree, {}, { as: l })).code).toBe(ErrorCode.NOT_ADMIN);
    const self = await t.call(
      setLearnerAdmin,
      { accountId: admin.accountId, isAdmin: false },
      { as: admin, lang: 'en' },
    );
    expect(self).toMatchObject({
      code: ErrorCode.LEARNER_SELF_UNADMIN,
      message: 'You cannot remove your own administrator role',
    });
    const audit = await auditOf('learner', l.accountId);
    expect(
      audit.map((r) => [(r.before as { isAdmin: boolean }).isAdmin, (r.after as { isAdmin: boolean }).isAdmin]),
    ).toEqual([
      [false, true],
      [true, false],
    ]);
    expect((await t.call(setLearnerAdmin, { accountId: adminOfB.accountId, isAdmin: true }, { as: admin })).code).toBe(
      ErrorCode.LEARNER_NOT_FOUND,
    );
  });

  it('resets a password: shown once or sent by SMS, hashed, sessions ended, never in the audit log', async () => {
    const l = await t.learner(a);
    const shown = await t.call(resetLearnerPassword, { accountId: l.accountId, mode: 'temporary' }, { as: admin });
    expect(shown.code).toBe(200);
    const password = shown.data.password!;
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    const [account] = await db().select().from(schema.accounts).where(eq(schema.accounts.id, l.accountId));
    expect(account!.passwordHash).not.toContain(password);
    expect(await verify(account!.passwordHash!, password)).toBe(true);
    expect((await t.call(viewCurrentUser, {}, { as: l })).code).toBe(ErrorCode.SESSION_ENDED);
    const audit = await auditOf('learner', l.accountId);
    expect(JSON.stringify(audit)).not.toContain(password);
    expect(JSON.stringify(audit)).not.toContain(account!.passwordHash!);

    const sms = await t.call(resetLearnerPassword, { accountId: l.accountId, mode: 'sms' }, { as: admin });
    expect(sms.data).toMatchObject({ password: null, sentTo: expect.stringContaining('****') });
    const [message] = await db()
      .select()
      .from(schema.smsOutbox)
      .where(eq(schema.smsOutbox.phone, l.phone))
      .orderBy(desc(schema.smsOutbox.id))
      .limit(1);
    const sent = /临时密码为 (\S+)，/.exec(message!.content)![1]!;
    const [again] = await db().select().from(schema.accounts).where(eq(schema.accounts.id, l.accountId));
    expect(await verify(again!.passwordHash!, sent)).toBe(true);

    const both = await t.learner(a, { alsoIn: [b] });
    expect(
      (await t.call(resetLearnerPassword, { accountId: both.accountId, mode: 'temporary' }, { as: admin })).code,
    ).toBe(ErrorCode.LEARNER_PASSWORD_SMS_ONLY);
    expect((await t.call(resetLearnerPassword, { accountId: admin.accountId, mode: 'sms' }, { as: admin })).code).toBe(
      ErrorCode.LEARNER_SELF_RESET,
    );
    expect(
      (await t.call(resetLearnerPassword, { accountId: adminOfB.accountId, mode: 'sms' }, { as: admin })).code,
    ).toBe(ErrorCode.LEARNER_NOT_FOUND);
  });

  it('replaces tags and departments, refusing another enterprise’s, audited as id sets', async () => {
    const l = await t.learner(a);
    const [t1, t2] = [await createTag(db(), a.eid), await createTag(db(), a.eid)];
    const d1 = await createDepartment(db(), a.eid);
    expect(
      (await t.call(setLearnerTags, { accountId: l.accountId, tagIds: [t2.id, t1.id] }, { as: admin })).data,
    ).toEqual({
      accountId: l.accountId,
      tagIds: [t1.id, t2.id].sort((x, y) => x - y),
    });
    await t.call(setLearnerTags, { accountId: l.accountId, tagIds: [t2.id] }, { as: admin });
    const theirTag = await createTag(db(), b.eid);
    expect((await t.call(setLearnerTags, { accountId: l.accountId, tagIds: [theirTag.id] }, { as: admin })).code).toBe(
      ErrorCode.TAG_NOT_FOUND,
    );
    const theirDept = await createDepartment(db(), b.eid);
    expect(
      (await t.call(setLearnerDepartments, { accountId: l.accountId, departmentIds: [theirDept.id] }, { as: admin }))
        .code,
    ).toBe(ErrorCode.DEPARTMENT_NOT_FOUND);
    expect(
      (await t.call(setLearnerDepartments, { accountId: l.accountId, departmentIds: [d1.id] }, { as: admin })).code,
    ).toBe(200);
    const rows = await db()
      .select()
      .from(schema.learnerTags)
      .where(and(eq(schema.learnerTags.eid, a.eid), eq(schema.learnerTags.accountId, l.accountId)));
    expect(rows.map((r) => r.tagId)).toEqual([t2.id]);
    const audit = await auditOf('learner', l.accountId);
    expect(audit.map((r) => r.after)).toEqual([
      { tagIds: [t1.id, t2.id].sort((x, y) => x - y) },
      { tagIds: [t2.id] },
      { departmentIds: [d1.id] },
    ]);
    expect((await t.call(setLearnerTags, { accountId: adminOfB.accountId, tagIds: [] }, { as: admin })).code).toBe(
      ErrorCode.LEARNER_NOT_FOUND,
    );
  });
});
