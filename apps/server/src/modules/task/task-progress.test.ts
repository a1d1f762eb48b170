import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  countUnreadAnnouncements,
  findAdminStudyTasks,
  findAnnouncementRecords,
  findAuditLog,
  remindStudyTask,
  viewStudyTaskDepartmentProgress,
  viewStudyTaskProgress,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createDepartment, createTag, createTask } from '../../test/task-factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let zhang: Learner;
let li: Learner;
let wang: Learner;
let zhao: Learner;
let disabled: Learner;
let outsider: Learner;
let sales: number;
let taskId: number;
const db = () => t.database.db;

/** A learner's standing row, as the task module writes it when they study. */
async function standing(who: Learner, status: number, percent: number) {
  await db()
    .insert(schema.studyTaskLearners)
    .values({
      eid: who.eid!,
      taskId,
      accountId: who.accountId,
      status,
      progressPercent: percent,
      requiredCount: 2,
      requiredDone: Math.round((percent / 100) * 2),
      completedAt: status === 3 ? new Date() : null,
    });
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '任务进度企业' });
  b = await createEnterprise(db(), { name: '他人企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '管理员' } });
  zhang = await t.learner(a, { member: { realName: '张三', employeeNo: 'E001' } });
  li = await t.learner(a, { member: { realName: '李四' } });
  wang = await t.learner(a, { member: { realName: '王五' } });
  zhao = await t.learner(a, { member: { realName: '赵六' } });
  disabled = await t.learner(a, { member: { realName: '停用者', status: 2 } });
  outsider = await t.learner(a, { member: { realName: '未分配' } });
  // The task reaches 销售部 (张三, 李四, the disabled member), 王五 by a tag and 赵六 by name.
  sales = (await createDepartment(db(), a.eid, [zhang.accountId, li.accountId, disabled.accountId])).id;
  const tag = await createTag(db(), a.eid, [wang.accountId]);
  const created = await createTask(db(), a.eid, {
    task: { title: '新员工入职学习' },
    assign: [
      [2, sales],
      [3, tag.id],
      [1, zhao.accountId],
    ],
  });
  taskId = created.task.id;
  await standing(zhang, 3, 100); // finished
  await standing(li, 2, 50); // learning
  // 王五 and 赵六 have not started.
});
afterAll(async () => t?.close());

describe('a study task’s progress in the back office', () => {
  it('lists the tasks with the learners they reach now and those finished', async () => {
    const r = await t.call(findAdminStudyTasks, {}, { as: admin });
    expect(r.code).toBe(200);
    expect(r.data.list).toEqual([
      expect.objectContaining({ id: taskId, title: '新员工入职学习', assigned: 4, finished: 1, finishedRate: 25 }),
    ]);
    expect((await t.call(findAdminStudyTasks, { keyword: '不存在' }, { as: admin })).data.list).toEqual([]);
  });

  it('one task: its learners, not started first, with totals; filtered by standing, department and name', async () => {
    const r = await t.call(viewStudyTaskProgress, { id: taskId }, { as: admin });
    expect(r.code).toBe(200);
    expect(r.data.totals).toEqual({ assigned: 4, finished: 1, learning: 1, notStarted: 2, finishedRate: 25 });
    expect(r.data.page.list.map((p) => [p.name, p.status, p.progressPercent])).toEqual([
      ['王五', 1, 0],
      ['赵六', 1, 0],
      ['李四', 2, 50],
      ['张三', 3, 100],
    ]);
    expect(r.data.page.list.find((p) => p.name === '张三')).toMatchObject({ employeeNo: 'E001' });
    expect(r.data.page.list.find((p) => p.name === '李四')?.departments).toMatch(/^部门/);
    const notStarted = await t.call(viewStudyTaskProgress, { id: taskId, status: 'notStarted' }, { as: admin });
    expect(notStarted.data.page.list.map((p) => p.name)).toEqual(['王五', '赵六']);
    expect(notStarted.data.page.totalCount).toBe(2);
    const inSales = await t.call(viewStudyTaskProgress, { id: taskId, departmentId: sales }, { as: admin });
    expect(inSales.data.totals).toMatchObject({ assigned: 2, finished: 1, learning: 1, notStarted: 0 });
    const byName = await t.call(viewStudyTaskProgress, { id: taskId, keyword: 'E001' }, { as: admin });
    expect(byName.data.page.list.map((p) => p.name)).toEqual(['张三']);
  });

  it('by department: its members the task reaches and how far they are', async () => {
    const r = await t.call(viewStudyTaskDepartmentProgress, { id: taskId }, { as: admin });
    expect(r.data.list).toEqual([
      {
        departmentId: sales,
        name: expect.stringMatching(/^部门/),
        assigned: 2,
        finished: 1,
        learning: 1,
        notStarted: 0,
        finishedRate: 50,
      },
    ]);
  });

  it('reminds those not finished once a day, concurrent calls too; the notice is theirs alone; audited', async () => {
    const results = await Promise.all([
      t.call(remindStudyTask, { taskId }, { as: admin }),
      t.call(remindStudyTask, { taskId }, { as: admin }),
      t.call(remindStudyTask, { taskId, accountIds: [wang.accountId] }, { as: admin }),
    ]);
    expect(results.map((r) => r.code)).toEqual([200, 200, 200]);
    // 李四, 王五 and 赵六, each once across the three calls.
    expect(results.reduce((n, r) => n + r.data.reminded, 0)).toBe(3);
    const again = await t.call(remindStudyTask, { taskId }, { as: admin });
    expect(again.data).toEqual({ reminded: 0, already: 3 });

    for (const who of [li, wang, zhao]) {
      const mine = await t.call(findAnnouncementRecords, { kind: 2 }, { as: who });
      expect(
        mine.data.list.map((n) => n.title),
        who.realName,
      ).toEqual(['学习提醒：新员工入职学习']);
      expect((await t.call(countUnreadAnnouncements, {}, { as: who })).code).toBe(200);
    }
    // Neither the finished learner, nor someone the task does not reach, gets it.
    for (const who of [zhang, outsider]) {
      expect((await t.call(findAnnouncementRecords, { kind: 2 }, { as: who })).data.list).toEqual([]);
    }
    const progress = await t.call(viewStudyTaskProgress, { id: taskId }, { as: admin });
    expect(
      progress.data.page.list
        .filter((p) => p.remindedAt !== null)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['李四', '王五', '赵六'].sort());
    const log = await t.call(findAuditLog, { entityType: 'study_task' }, { as: admin });
    expect(log.data.list.filter((e) => e.action === 'remindStudyTask').length).toBe(4);
  });

  it('an ended task is not reminded (8112), in the caller’s language', async () => {
    const ended = await createTask(db(), a.eid, {
      task: { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) },
      assign: [[1, zhao.accountId]],
    });
    const r = await t.call(remindStudyTask, { taskId: ended.task.id }, { as: admin });
    expect(r).toMatchObject({ code: ErrorCode.STUDY_TASK_ENDED, message: '该学习任务已结束，不能再提醒' });
    const en = await t.call(remindStudyTask, { taskId: ended.task.id }, { as: admin, lang: 'en' });
    expect(en.message).toBe('This study task has ended; its learners can no longer be reminded');
  });

  it('is the administrators’ only, and only of their own enterprise', async () => {
    expect((await t.call(findAdminStudyTasks, {}, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    expect((await t.call(remindStudyTask, { taskId }, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect((await t.call(findAdminStudyTasks, {}, { as: adminOfB })).data.list).toEqual([]);
    for (const call of [viewStudyTaskProgress, viewStudyTaskDepartmentProgress] as const) {
      expect((await t.call(call, { id: taskId }, { as: adminOfB })).code).toBe(ErrorCode.STUDY_TASK_NOT_FOUND);
    }
    expect((await t.call(remindStudyTask, { taskId }, { as: adminOfB })).code).toBe(ErrorCode.STUDY_TASK_NOT_FOUND);
  });
});
