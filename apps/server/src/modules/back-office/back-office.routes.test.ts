import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApplicationStatus,
  EnrolRule,
  ErrorCode,
  TaskTarget,
  allCalls,
  applyProject,
  assignStudyTask,
  decideProjectApplication,
  defineCall,
  findAuditLog,
  pathParamsOf,
  unassignStudyTask,
  viewDashboard,
  type CallDef,
} from '@portal/contract';
import { DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_TENANTS, schema, withTenant } from '@portal/db';
import { z } from 'zod';
import { defineModule } from '../../platform/module.ts';
import { recordStudyNow } from '../../test/back-office-factories.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createProject } from '../../test/project-factories.ts';
import { createDepartment, createTask } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
const db = () => t.database.db;

/** An admin write that forgets its audit row: a bug the gateway answers 500 rather than let pass. */
const forgetfulWrite = defineCall({
  name: 'probeForgetfulWrite',
  method: 'POST',
  path: '/probe/auth/admin/forgetful',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({}),
  response: z.object({ done: z.boolean() }),
});
const probes = defineModule({
  name: 'probes',
  register(gateway) {
    gateway.call(forgetfulWrite, () => ({ done: true }));
  },
});

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { extraModules: [probes] });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
});
afterAll(async () => t?.close());

const adminCalls = allCalls.filter((c) => c.access === 'admin');

/** Any input at all: the gateway settles who is calling before it reads an admin call's input. */
const anyInput = (call: CallDef) => unchecked(Object.fromEntries(pathParamsOf(call.path).map((p) => [p, 1])));

describe('the demo sites', () => {
  it('each have an administrator who can open the back office', () => {
    for (const site of DEMO_TENANTS) {
      const admins = [...DEMO_ACCOUNTS, ...DEMO_ADMINS].filter((p) => p.isAdmin && p.eids.includes(site.eid));
      expect(admins.length, `site ${site.eid}`).toBeGreaterThanOrEqual(1);
      // Named in the site's language: Latin letters on the English site, Chinese elsewhere.
      for (const admin of admins) expect(/^[A-Za-z ]+$/.test(admin.name), admin.name).toBe(site.lang === 'en');
    }
  });
});

describe('the admin access kind', () => {
  it('covers the back office and the tasks and projects administrators manage, all under /auth/admin/', () => {
    const names = adminCalls.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'findAuditLog',
        'viewDashboard',
        'assignStudyTask',
        'unassignStudyTask',
        'findProjectApplications',
        'decideProjectApplication',
      ]),
    );
    for (const call of adminCalls) expect(call.path).toMatch(/^\/[a-z-]+\/auth\/admin\//);
  });

  it('refuses every admin call to a visitor (301), a learner (3403) and an administrator of another enterprise (3403)', async () => {
    const learner = await t.learner(a);
    // An administrator in B who is a plain member of A, signed in to A: being an administrator
    // elsewhere gives nothing here.
    const adminOfB = await t.learner(a, { alsoIn: [b] });
    await db()
      .update(schema.enterpriseUsers)
      .set({ isAdmin: true })
      .where(
        sql`${schema.enterpriseUsers.eid} = ${b.eid} AND ${schema.enterpriseUsers.accountId} = ${adminOfB.accountId}`,
      );
    expect(adminCalls.length).toBeGreaterThanOrEqual(6);
    for (const call of adminCalls) {
      const visitor = await t.call(call, anyInput(call), { as: visitorOf(a) });
      expect(visitor.code, `${call.name} for a visitor`).toBe(ErrorCode.NOT_SIGNED_IN);
      const asLearner = await t.call(call, anyInput(call), { as: learner });
      expect(asLearner.code, `${call.name} for a learner`).toBe(ErrorCode.NOT_ADMIN);
      const asOther = await t.call(call, anyInput(call), { as: adminOfB, lang: 'en' });
      expect(asOther.code, `${call.name} for another enterprise's administrator`).toBe(ErrorCode.NOT_ADMIN);
      expect(asOther.message).toBe('You do not have access to the back office');
    }
    expect((await t.call(viewDashboard, {}, { as: learner })).message).toBe('无权限访问管理后台');
  });
});

describe('the audit log', () => {
  let admin: Learner;
  let me: Learner;
  let taskId: number;

  beforeAll(async () => {
    admin = await t.learner(a, { member: { isAdmin: true, realName: '李管理' } });
    me = await t.learner(a);
    taskId = (await createTask(db(), a.eid, {})).task.id;
  });

  it('records an administrator’s write with who, what, and before and after, in its transaction', async () => {
    const input = { taskId, targetType: TaskTarget.PERSON, targetIds: [me.accountId] };
    expect((await t.call(assignStudyTask, input, { as: admin })).data).toEqual({ assigned: 1 });
    expect((await t.call(unassignStudyTask, input, { as: admin })).data).toEqual({ removed: 1 });

    const page = await t.call(findAuditLog, { entityType: 'study_task', entityId: String(taskId) }, { as: admin });
    expect(page.code).toBe(200);
    expect(page.data.totalCount).toBe(2);
    const [unassigned, assigned] = page.data.list;
    expect(assigned).toMatchObject({
      accountId: admin.accountId,
      actorName: '李管理',
      action: 'assignStudyTask',
      entityType: 'study_task',
      entityId: String(taskId),
      before: { targetType: TaskTarget.PERSON, targetIds: [] },
      after: { targetType: TaskTarget.PERSON, targetIds: [me.accountId] },
      ip: '127.0.0.1',
    });
    expect(assigned!.requestId).not.toBe('');
    expect(unassigned).toMatchObject({
      action: 'unassignStudyTask',
      before: { targetIds: [me.accountId] },
      after: { targetIds: [] },
    });
  });

  it('records a decision on an application with its status before and after', async () => {
    const { project } = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.APPROVAL } });
    expect((await t.call(applyProject, { projectId: project.id }, { as: me })).code).toBe(200);
    const decided = await t.call(
      decideProjectApplication,
      { projectId: project.id, accountId: me.accountId, approve: false, reason: '名额已满' },
      { as: admin },
    );
    expect(decided.code).toBe(200);
    const page = await t.call(findAuditLog, { entityType: 'study_project_application' }, { as: admin });
    expect(page.data.list[0]).toMatchObject({
      action: 'decideProjectApplication',
      entityId: `${project.id}:${me.accountId}`,
      before: { status: ApplicationStatus.PENDING, reason: '' },
      after: { status: ApplicationStatus.REJECTED, reason: '名额已满' },
    });
  });

  it('answers 500 to an admin write that recorded nothing, which no module may register', async () => {
    const res = await t.call(forgetfulWrite, {}, { as: admin });
    expect(res.code).toBe(ErrorCode.INTERNAL);
  });

  it('records nothing for a write that is refused (the row is in the change’s transaction)', async () => {
    const before = await db().$count(schema.adminAuditLog, eq(schema.adminAuditLog.eid, a.eid));
    const outsider = await t.learner(b);
    const refused = await t.call(
      assignStudyTask,
      { taskId, targetType: TaskTarget.PERSON, targetIds: [outsider.accountId] },
      { as: admin },
    );
    expect(refused.code).toBe(ErrorCode.STUDY_TASK_TARGET_UNKNOWN);
    expect(await db().$count(schema.adminAuditLog, eq(schema.adminAuditLog.eid, a.eid))).toBe(before);
  });

  it('filters by actor and days, pages, and refuses a malformed day in the user’s language', async () => {
    const other = await t.learner(a, { member: { isAdmin: true } });
    await t.call(assignStudyTask, { taskId, targetType: TaskTarget.PERSON, targetIds: [me.accountId] }, { as: other });
    const byOther = await t.call(findAuditLog, { actorId: other.accountId }, { as: admin });
    expect(byOther.data.list.map((e) => e.accountId)).toEqual([other.accountId]);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const todays = await t.call(findAuditLog, { from: today, to: today, pageSize: 1 }, { as: admin });
    expect(todays.data).toMatchObject({ totalCount: 4, totalPage: 4, pageSize: 1 });
    expect(todays.data.list[0]!.accountId).toBe(other.accountId);
    const yesterday = await t.call(findAuditLog, { to: '2000-01-01' }, { as: admin });
    expect(yesterday.data.totalCount).toBe(0);

    const bad = await t.call(findAuditLog, unchecked({ from: '27/11/2026' }), { as: admin, lang: 'en' });
    expect(bad.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalidFields(bad)[0]!.field).toBe('from');
    expect(bad.message).toMatch(/^Invalid input: from/);
    const badZh = await t.call(findAuditLog, unchecked({ entityType: 'nothing' }), { as: admin });
    expect(badZh.message).toMatch(/^参数错误：entityType/);
  });

  it('shows an enterprise only its own rows: the call and row-level security alike', async () => {
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    // Its site's domain and A's eid in the query change nothing: the session's enterprise counts.
    const seen = await t.call(
      findAuditLog,
      {},
      { as: { ...adminOfB, domain: a.domain }, query: { eid: String(a.eid) } },
    );
    expect(seen.data.totalCount).toBe(0);
    // The app's role, bound to B, sees none of A's rows even without a filter by eid.
    const rows = await withTenant(b.eid, async () => await t.platform.db.select().from(schema.adminAuditLog));
    expect(rows).toEqual([]);
    const own = await withTenant(a.eid, async () => await t.platform.db.select().from(schema.adminAuditLog));
    expect(own.length).toBe(4);
  });
});

describe('the dashboard', () => {
  it('counts this week’s active learners, completions and credit hours, by department and course', async () => {
    const ent = await createEnterprise(db(), { name: '看板企业' });
    const admin = await t.learner(ent, { member: { isAdmin: true } });
    const [ann, bob, cat] = [await t.learner(ent), await t.learner(ent), await t.learner(ent)];
    const sales = await createDepartment(db(), ent.eid, [ann.accountId, bob.accountId]);
    await db()
      .update(schema.departments)
      .set({ name: '销售部', nameEn: 'Sales' })
      .where(eq(schema.departments.id, sales.id));
    await createDepartment(db(), ent.eid, [cat.accountId]); // nobody studied: left out
    const popular = await createCourse(db(), ent.eid, { title: '安全生产' });
    const other = await createCourse(db(), ent.eid, { title: '合规' });
    await recordStudyNow(db(), ent.eid, ann.accountId, popular.id, { completed: true, creditTenths: 15 });
    await recordStudyNow(db(), ent.eid, bob.accountId, popular.id);
    await recordStudyNow(db(), ent.eid, ann.accountId, other.id);
    // Last month's study is not this week's.
    await db()
      .insert(schema.courseLearners)
      .values({
        eid: ent.eid,
        courseId: other.id,
        accountId: cat.accountId,
        lastStudiedAt: new Date(Date.now() - 40 * 86_400_000),
        completedAt: new Date(Date.now() - 40 * 86_400_000),
        progressPercent: 100,
      });

    const zh = await t.call(viewDashboard, {}, { as: admin });
    expect(zh.code).toBe(200);
    expect(zh.data).toMatchObject({ learners: 4, activeLearners: 2, completions: 1, creditHours: 1.5 });
    expect(zh.data.departments).toEqual([
      { departmentId: sales.id, name: '销售部', activeLearners: 2, completions: 1, creditHours: 1.5 },
    ]);
    expect(zh.data.topCourses).toEqual([
      { courseId: popular.id, title: '安全生产', learners: 2 },
      { courseId: other.id, title: '合规', learners: 1 },
    ]);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(zh.data.daily.at(-1)).toEqual({ day: today, completions: 1, creditHours: 1.5 });
    expect(zh.data.daily.length).toBeGreaterThanOrEqual(1);
    expect(zh.data.daily.length).toBeLessThanOrEqual(7);
    const en = await t.call(viewDashboard, {}, { as: admin, lang: 'en' });
    expect(en.data.departments[0]!.name).toBe('Sales');
  });
});
