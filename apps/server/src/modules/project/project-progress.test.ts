import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  findAnnouncementRecords,
  findAuditLog,
  remindStudyProject,
  viewStudyProjectProgress,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createProject } from '../../test/project-factories.ts';
import { createDepartment } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let zhang: Learner;
let li: Learner;
let wang: Learner;
let pending: Learner;
let projectId: number;
let taskIds: number[];
let sales: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '项目进度企业' });
  b = await createEnterprise(db(), { name: '他人企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '管理员' } });
  zhang = await t.learner(a, { member: { realName: '张三' } });
  li = await t.learner(a, { member: { realName: '李四', employeeNo: 'E002' } });
  wang = await t.learner(a, { member: { realName: '王五' } });
  pending = await t.learner(a, { member: { realName: '待审核' } });
  sales = (await createDepartment(db(), a.eid, [li.accountId])).id;
  const created = await createProject(db(), a.eid, { stages: [2, 1] });
  projectId = created.project.id;
  taskIds = created.taskIds;
  // 张三 completed the project; 李四 finished one task of three and began another; 王五 has not
  // started; 待审核's application waits (not enrolled).
  const apply = (who: Learner, status: number, completedAt: Date | null = null) =>
    db()
      .insert(schema.studyProjectApplications)
      .values({ eid: a.eid, projectId, accountId: who.accountId, status, completedAt });
  await apply(zhang, 2, new Date());
  await apply(li, 2);
  await apply(wang, 2);
  await apply(pending, 1);
  const standing = (who: Learner, taskId: number, status: number) =>
    db()
      .insert(schema.studyTaskLearners)
      .values({ eid: a.eid, taskId, accountId: who.accountId, status, progressPercent: status === 3 ? 100 : 50 });
  for (const id of taskIds) await standing(zhang, id, 3);
  await standing(li, taskIds[0]!, 3);
  await standing(li, taskIds[1]!, 2);
});
afterAll(async () => t?.close());

describe('a study project’s progress in the back office', () => {
  it('its enrolled learners over its stage tasks, not started first, with totals; filtered', async () => {
    const r = await t.call(viewStudyProjectProgress, { id: projectId }, { as: admin });
    expect(r.code).toBe(200);
    expect(r.data.project).toMatchObject({ id: projectId, tasks: 3 });
    expect(r.data.totals).toEqual({ enrolled: 3, finished: 1, learning: 1, notStarted: 1, finishedRate: 33.3 });
    expect(r.data.page.list.map((p) => [p.name, p.tasksFinished, p.tasksTotal, p.progressPercent])).toEqual([
      ['王五', 0, 3, 0],
      ['李四', 1, 3, 33],
      ['张三', 3, 3, 100],
    ]);
    expect(r.data.page.list.find((p) => p.name === '张三')?.completedAt).not.toBeNull();
    const learning = await t.call(viewStudyProjectProgress, { id: projectId, status: 'learning' }, { as: admin });
    expect(learning.data.page.list.map((p) => p.name)).toEqual(['李四']);
    const inSales = await t.call(viewStudyProjectProgress, { id: projectId, departmentId: sales }, { as: admin });
    expect(inSales.data.totals.enrolled).toBe(1);
    const byNo = await t.call(viewStudyProjectProgress, { id: projectId, keyword: 'E002' }, { as: admin });
    expect(byNo.data.page.list.map((p) => p.name)).toEqual(['李四']);
  });

  it('reminds the enrolled learners not completed once a day, concurrent calls too; audited', async () => {
    const results = await Promise.all([
      t.call(remindStudyProject, { projectId }, { as: admin }),
      t.call(remindStudyProject, { projectId }, { as: admin }),
      t.call(remindStudyProject, { projectId, accountIds: [wang.accountId, pending.accountId] }, { as: admin }),
    ]);
    expect(results.map((r) => r.code)).toEqual([200, 200, 200]);
    // 李四 and 王五 (not completed), each once; not 张三 (completed) nor 待审核 (not enrolled).
    expect(results.reduce((n, r) => n + r.data.reminded, 0)).toBe(2);
    expect((await t.call(remindStudyProject, { projectId }, { as: admin })).data).toEqual({ reminded: 0, already: 2 });
    for (const who of [li, wang]) {
      const mine = await t.call(findAnnouncementRecords, { kind: 2 }, { as: who });
      expect(mine.data.list.map((n) => n.title)).toEqual([expect.stringMatching(/^培训提醒：培训项目\d+$/)]);
    }
    for (const who of [zhang, pending]) {
      expect((await t.call(findAnnouncementRecords, { kind: 2 }, { as: who })).data.list).toEqual([]);
    }
    const progress = await t.call(viewStudyProjectProgress, { id: projectId }, { as: admin });
    expect(
      progress.data.page.list
        .filter((p) => p.remindedAt !== null)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['李四', '王五'].sort());
    const log = await t.call(findAuditLog, { entityType: 'study_project' }, { as: admin });
    expect(log.data.list.filter((e) => e.action === 'remindStudyProject')).toHaveLength(4);
  });

  it('an ended project is not reminded (8210), in the caller’s language', async () => {
    const ended = await createProject(db(), a.eid, {
      values: { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) },
    });
    const r = await t.call(remindStudyProject, { projectId: ended.project.id }, { as: admin });
    expect(r).toMatchObject({ code: ErrorCode.PROJECT_ENDED_REMIND, message: '该培训项目已结束，不能再提醒' });
    const en = await t.call(remindStudyProject, { projectId: ended.project.id }, { as: admin, lang: 'en' });
    expect(en.message).toBe('This study project has ended; its learners can no longer be reminded');
  });

  it('is the administrators’ only, and only of their own enterprise', async () => {
    expect((await t.call(viewStudyProjectProgress, { id: projectId }, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect((await t.call(viewStudyProjectProgress, { id: projectId }, { as: adminOfB })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });
});
