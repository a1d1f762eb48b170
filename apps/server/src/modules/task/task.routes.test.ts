import { sql } from 'drizzle-orm';
import type { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  TaskResourceType,
  TaskStatusLabel,
  TaskTarget,
  TaskType,
  assignStudyTask,
  checkTaskResource,
  countStudyTasks,
  deleteTaskComment,
  downloadTaskArchive,
  downloadTaskResource,
  exportTaskRelations,
  findExportRecords,
  findStudyTasks,
  findTaskRelations,
  finishExam,
  saveExamAnswers,
  saveTaskComment,
  saveTaskMark,
  saveTaskProgress,
  startExam,
  summarizeStudyTasks,
  viewExamPaper,
  viewStudyTask,
  viewTaskMark,
} from '@portal/contract';
import { schema } from '@portal/db';
import { waitFor } from '../../test/export-files.ts';
import {
  createCourse,
  createEnterprise,
  createExam,
  createPracticeSet,
  SAMPLE_QUESTIONS,
  type Learner,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { taskServicesOf } from './task.routes.ts';
import {
  createDepartment,
  createMaterial,
  createTag,
  createTask,
  privateKey,
  recordCourse,
} from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const HOUR = 3_600_000;
const OBJECTIVE = SAMPLE_QUESTIONS.filter((q) => q.questionType !== 5);
const RIGHT: Record<number, string[]> = {
  1: ['B'],
  2: ['A', 'B', 'D'],
  3: ['T'],
  4: ['窒息', '冷却'],
  6: ['B', 'A'],
  7: ['A', 'C'],
};
const person = (l: Learner): [number, number] => [TaskTarget.PERSON, l.accountId];

/** Takes an exam: every question answered right, or none; then submitted. */
async function takeExam(learner: Learner, taskId: number, right: boolean) {
  const { attemptId } = (await t.call(startExam, { taskId }, { as: learner })).data;
  if (right) {
    const paper = await t.call(viewExamPaper, { attemptId }, { as: learner });
    const answers = paper.data.questions.map((q) => ({
      questionId: q.questionId,
      answer: RIGHT[q.questionType]!,
      seq: 1,
    }));
    await t.call(saveExamAnswers, { attemptId, answers }, { as: learner });
  }
  expect((await t.call(finishExam, { attemptId }, { as: learner })).code).toBe(200);
}

const ledgerRows = async (accountId: number, taskId: number) =>
  (
    await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM earnings WHERE account_id = ${accountId} AND source_type = 5 AND source_id = ${taskId}`,
    )
  ).rows[0]!.n;
const certificateRows = async (accountId: number, taskId: number) =>
  (
    await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM certificates WHERE account_id = ${accountId} AND source_type = 5 AND source_id = ${taskId}`,
    )
  ).rows[0]!.n;

describe('order locks', () => {
  it('refuses a locked item with 8004 and opens it once the item before is done', async () => {
    const me = await t.learner(a);
    const [m1, m2] = [await createMaterial(db(), a.eid), await createMaterial(db(), a.eid)];
    const course = await createCourse(db(), a.eid);
    const { task, items } = await createTask(db(), a.eid, {
      task: { ordered: true },
      items: [
        { resourceType: TaskResourceType.COURSE, resourceId: course.id },
        { resourceType: TaskResourceType.MATERIAL, resourceId: m1.id },
        { resourceType: TaskResourceType.MATERIAL, resourceId: m2.id },
      ],
      assign: [person(me)],
    });
    const [courseItem, first, second] = items;

    let view = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(view.code).toBe(200);
    expect(view.data.statusLabel).toBe(TaskStatusLabel.NOT_STARTED);
    expect(view.data.items.map((i) => i.locked)).toEqual([false, true, true]);
    // A locked material hands out no file.
    expect(view.data.items[1]!.previewUrl).toBe('');
    expect((await t.call(checkTaskResource, { taskId: task.id, itemId: first!.id }, { as: me })).code).toBe(8004);
    const refused = await t.call(
      saveTaskProgress,
      { taskId: task.id, itemId: first!.id, progressPercent: 100 },
      { as: me },
    );
    expect(refused.code).toBe(ErrorCode.STUDY_RESOURCE_LOCKED);
    // A course item's progress is the study module's: refused here.
    const elsewhere = await t.call(
      saveTaskProgress,
      { taskId: task.id, itemId: courseItem!.id, progressPercent: 100 },
      { as: me },
    );
    expect(elsewhere.code).toBe(ErrorCode.STUDY_TASK_PROGRESS_ELSEWHERE);

    // The course completes where the study module keeps it: the next item opens.
    await recordCourse(db(), a.eid, course.id, me.accountId);
    expect((await t.call(checkTaskResource, { taskId: task.id, itemId: first!.id }, { as: me })).code).toBe(200);
    expect((await t.call(checkTaskResource, { taskId: task.id, itemId: second!.id }, { as: me })).code).toBe(8004);

    const half = await t.call(
      saveTaskProgress,
      { taskId: task.id, itemId: first!.id, progressPercent: 60 },
      { as: me },
    );
    expect(half.data.item).toMatchObject({ progressPercent: 60, done: false });
    expect(half.data.task.statusLabel).toBe(TaskStatusLabel.LEARNING);
    // The largest share stands.
    const less = await t.call(
      saveTaskProgress,
      { taskId: task.id, itemId: first!.id, progressPercent: 30 },
      { as: me },
    );
    expect(less.data.item.progressPercent).toBe(60);
    const done = await t.call(
      saveTaskProgress,
      { taskId: task.id, itemId: first!.id, progressPercent: 100 },
      { as: me },
    );
    expect(done.data.item.done).toBe(true);
    expect(done.data.task).toMatchObject({ requiredDone: 2, requiredCount: 3, progressPercent: 66 });
    expect((await t.call(checkTaskResource, { taskId: task.id, itemId: second!.id }, { as: me })).code).toBe(200);

    view = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(view.data.items.map((i) => [i.locked, i.done])).toEqual([
      [false, true],
      [false, true],
      [false, false],
    ]);
  });
});

describe('completion', () => {
  it('earns once under 20 concurrent reports of the last item: one ledger row, one certificate', async () => {
    const me = await t.learner(a);
    const m = await createMaterial(db(), a.eid);
    const { task, items } = await createTask(db(), a.eid, {
      task: { creditTenths: 15, points: 30 },
      items: [{ resourceType: TaskResourceType.MATERIAL, resourceId: m.id }],
      assign: [person(me)],
      certificate: true,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(saveTaskProgress, { taskId: task.id, itemId: items[0]!.id, progressPercent: 100 }, { as: me }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.data.task.statusLabel === TaskStatusLabel.COMPLETED)).toBe(true);
    expect(await ledgerRows(me.accountId, task.id)).toBe(1);
    expect(await certificateRows(me.accountId, task.id)).toBe(1);
    const totals = await db().execute<{ points: number; credit_tenths: number }>(
      sql`SELECT points, credit_tenths FROM learner_totals WHERE eid = ${a.eid} AND account_id = ${me.accountId}`,
    );
    expect(totals.rows[0]).toMatchObject({ points: 30, credit_tenths: 15 });

    const view = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(view.data.completedAt).not.toBeNull();
    expect(view.data.certificateId).not.toBeNull();
    const summary = await t.call(summarizeStudyTasks, {}, { as: me });
    expect(summary.data).toMatchObject({ assigned: 1, completed: 1, points: 30, creditTenths: 15 });
    const relations = await t.call(findTaskRelations, {}, { as: me });
    expect(relations.data.list[0]).toMatchObject({
      taskId: task.id,
      statusLabel: 3,
      earnedPoints: 30,
      earnedCreditTenths: 15,
    });
  });

  it('completes on a learning event (an exam passed) without the learner reading the task', async () => {
    const me = await t.learner(a);
    const exam = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const { task } = await createTask(db(), a.eid, {
      task: { taskType: TaskType.EXAM, points: 5 },
      items: [{ resourceType: TaskResourceType.EXAM_TASK, resourceId: exam.task.id }],
      assign: [person(me)],
    });
    const before = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(before.data.statusLabel).toBe(TaskStatusLabel.WAITING_FOR_EXAM);
    expect(before.data.items[0]!.examTaskId).toBe(exam.task.id);
    await takeExam(me, exam.task.id, true);
    await t.platform.learningEvents.settled();
    expect(await ledgerRows(me.accountId, task.id)).toBe(1);
    const listed = await t.call(findStudyTasks, {}, { as: me });
    expect(listed.data.list.find((r) => r.id === task.id)?.statusLabel).toBe(TaskStatusLabel.COMPLETED);
  });
});

describe('derived items', () => {
  it('counts a check-in item done at its required check-ins and an exercise item at a finished round', async () => {
    const me = await t.learner(a);
    const [plan] = await db()
      .insert(schema.checkInPlans)
      .values({ eid: a.eid, title: '晨读打卡', startsOn: '2026-01-01', endsOn: '2099-12-31', requiredCount: 2 })
      .returning();
    const { set } = await createPracticeSet(db(), a.eid);
    const { task } = await createTask(db(), a.eid, {
      items: [
        { resourceType: TaskResourceType.CHECK_IN, resourceId: plan!.id },
        { resourceType: TaskResourceType.EXERCISE, resourceId: set.id },
      ],
      assign: [person(me)],
    });
    await db()
      .insert(schema.checkIns)
      .values({ eid: a.eid, planId: plan!.id, accountId: me.accountId, slotDate: '2026-11-01' });
    let view = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(view.data.items[0]).toMatchObject({
      done: false,
      checkInsMade: 1,
      checkInsRequired: 2,
      progressPercent: 50,
    });
    expect(view.data.statusLabel).toBe(TaskStatusLabel.LEARNING);
    await db()
      .insert(schema.checkIns)
      .values({ eid: a.eid, planId: plan!.id, accountId: me.accountId, slotDate: '2026-11-02' });
    await db()
      .insert(schema.practiceRecords)
      .values({ eid: a.eid, accountId: me.accountId, setId: set.id, questionIds: [], finishedAt: new Date() });
    view = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(view.data.items.map((i) => i.done)).toEqual([true, true]);
    expect(view.data.statusLabel).toBe(TaskStatusLabel.COMPLETED);
  });
});

describe('assignment', () => {
  it('shows a learner only the tasks assigned to them: by person, department and tag, joining and leaving', async () => {
    const me = await t.learner(a);
    const other = await t.learner(a);
    const m = await createMaterial(db(), a.eid);
    const dept = await createDepartment(db(), a.eid);
    const tag = await createTag(db(), a.eid, [me.accountId]);
    const item = [{ resourceType: TaskResourceType.MATERIAL, resourceId: m.id }];
    const byPerson = await createTask(db(), a.eid, { items: item, assign: [person(me)] });
    const byDept = await createTask(db(), a.eid, { items: item, assign: [[TaskTarget.DEPARTMENT, dept.id]] });
    const byTag = await createTask(db(), a.eid, { items: item, assign: [[TaskTarget.TAG, tag.id]] });
    const notMine = await createTask(db(), a.eid, { items: item, assign: [person(other)] });
    const unpublished = await createTask(db(), a.eid, {
      task: { published: false },
      items: item,
      assign: [person(me)],
    });
    const elsewhere = await createTask(db(), b.eid, { items: item, assign: [person(me)] });

    const ids = async () => (await t.call(findStudyTasks, {}, { as: me })).data.list.map((r) => r.id).sort();
    expect(await ids()).toEqual([byPerson.task.id, byTag.task.id].sort());
    for (const hidden of [byDept, notMine, unpublished, elsewhere]) {
      expect((await t.call(viewStudyTask, { taskId: hidden.task.id }, { as: me })).code).toBe(
        ErrorCode.STUDY_TASK_NOT_FOUND,
      );
    }

    // Joining the department later gives its task; progress made there is kept after leaving.
    await db().insert(schema.departmentMembers).values({ eid: a.eid, departmentId: dept.id, accountId: me.accountId });
    expect(await ids()).toEqual([byPerson.task.id, byDept.task.id, byTag.task.id].sort());
    const saved = await t.call(
      saveTaskProgress,
      { taskId: byDept.task.id, itemId: byDept.items[0]!.id, progressPercent: 40 },
      { as: me },
    );
    expect(saved.code).toBe(200);
    await db().execute(
      sql`DELETE FROM department_members WHERE department_id = ${dept.id} AND account_id = ${me.accountId}`,
    );
    expect(await ids()).toEqual([byPerson.task.id, byTag.task.id].sort());
    expect((await t.call(viewStudyTask, { taskId: byDept.task.id }, { as: me })).code).toBe(8101);
    const kept = await db().execute<{ progress_percent: number }>(
      sql`SELECT progress_percent FROM study_task_item_progress WHERE item_id = ${byDept.items[0]!.id} AND account_id = ${me.accountId}`,
    );
    expect(kept.rows[0]?.progress_percent).toBe(40);
    await db().insert(schema.departmentMembers).values({ eid: a.eid, departmentId: dept.id, accountId: me.accountId });
    const back = await t.call(viewStudyTask, { taskId: byDept.task.id }, { as: me });
    expect(back.data.items[0]!.progressPercent).toBe(40);

    const counts = await t.call(countStudyTasks, {}, { as: me });
    expect(counts.data).toMatchObject({ total: 3, learning: 1, notStarted: 2 });
  });

  it('lets administrators assign by rule, refusing others (3403, back-office access) and unknown targets (8111)', async () => {
    const admin = await t.learner(a, { member: { isAdmin: true } });
    const plain = await t.learner(a);
    const me = await t.learner(a);
    const { task } = await createTask(db(), a.eid, {});
    const input = { taskId: task.id, targetType: TaskTarget.PERSON, targetIds: [me.accountId] };
    expect((await t.call(assignStudyTask, input, { as: plain })).code).toBe(ErrorCode.NOT_ADMIN);
    const outsider = await t.learner(b);
    const unknown = await t.call(assignStudyTask, { ...input, targetIds: [outsider.accountId] }, { as: admin });
    expect(unknown.code).toBe(ErrorCode.STUDY_TASK_TARGET_UNKNOWN);
    expect((await t.call(assignStudyTask, input, { as: admin })).data).toEqual({ assigned: 1 });
    expect((await t.call(viewStudyTask, { taskId: task.id }, { as: me })).code).toBe(200);
  });
});

describe('timed tasks', () => {
  it('closes an unfinished timed task as missed at its end and refuses progress (8102)', async () => {
    const me = await t.learner(a);
    const m = await createMaterial(db(), a.eid);
    const now = Date.now();
    const { task, items } = await createTask(db(), a.eid, {
      task: { timed: true, startsAt: new Date(now - 2 * HOUR), endsAt: new Date(now - HOUR) },
      items: [{ resourceType: TaskResourceType.MATERIAL, resourceId: m.id }],
      assign: [person(me)],
    });
    // Listed as missed before anyone re-evaluated it.
    const listed = await t.call(findStudyTasks, { statusLabel: TaskStatusLabel.MISSED }, { as: me });
    expect(listed.data.list.map((r) => r.id)).toEqual([task.id]);
    const view = await t.call(viewStudyTask, { taskId: task.id }, { as: me });
    expect(view.data.statusLabel).toBe(TaskStatusLabel.MISSED);
    const refused = await t.call(
      saveTaskProgress,
      { taskId: task.id, itemId: items[0]!.id, progressPercent: 100 },
      { as: me },
    );
    expect(refused.code).toBe(ErrorCode.STUDY_TASK_MISSED);
    expect(await ledgerRows(me.accountId, task.id)).toBe(0);
  });
});

describe('assessment tasks', () => {
  it('passes when the required items are done and the exam reaches the bar, fails when no attempt is left below it', async () => {
    const passer = await t.learner(a);
    const failer = await t.learner(a);
    const course = await createCourse(db(), a.eid);
    const exam = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const total = exam.questions.reduce((s, q) => s + q.scoreTenths, 0);
    const { task } = await createTask(db(), a.eid, {
      task: { taskType: TaskType.ASSESSMENT, points: 7 },
      items: [
        { resourceType: TaskResourceType.COURSE, resourceId: course.id },
        { resourceType: TaskResourceType.EXAM_TASK, resourceId: exam.task.id, minScoreTenths: total },
      ],
      assign: [person(passer), person(failer)],
    });
    await recordCourse(db(), a.eid, course.id, passer.accountId);
    await recordCourse(db(), a.eid, course.id, failer.accountId);
    await takeExam(passer, exam.task.id, true);
    await takeExam(failer, exam.task.id, false);

    const passed = await t.call(viewStudyTask, { taskId: task.id }, { as: passer });
    expect(passed.data.statusLabel).toBe(TaskStatusLabel.PASSED);
    expect(passed.data.items[1]).toMatchObject({ done: true, scoreTenths: total, minScoreTenths: total });
    expect(await ledgerRows(passer.accountId, task.id)).toBe(1);

    const failed = await t.call(viewStudyTask, { taskId: task.id }, { as: failer });
    expect(failed.data.statusLabel).toBe(TaskStatusLabel.FAILED);
    expect(failed.data.items[1]).toMatchObject({ done: false, attemptsLeft: false });
    expect(await ledgerRows(failer.accountId, task.id)).toBe(0);
  });
});

describe('marks and comments', () => {
  it('marks a task, comments where open (8104 where closed), deletes only one’s own (5401)', async () => {
    const me = await t.learner(a);
    const other = await t.learner(a);
    const { task } = await createTask(db(), a.eid, { assign: [person(me), person(other)] });
    const closed = await createTask(db(), a.eid, { task: { commentsOpen: false }, assign: [person(me)] });

    expect((await t.call(saveTaskMark, { taskId: task.id, marked: true }, { as: me })).data.marked).toBe(true);
    expect((await t.call(viewTaskMark, { taskId: task.id }, { as: me })).data.marked).toBe(true);
    expect((await t.call(viewTaskMark, { taskId: task.id }, { as: other })).data.marked).toBe(false);

    const mine = await t.call(saveTaskComment, { taskId: task.id, content: '很有收获' }, { as: me });
    expect(mine.data).toMatchObject({ content: '很有收获', mine: true });
    const theirs = await t.call(saveTaskComment, { taskId: task.id, content: '同意' }, { as: other });
    expect((await t.call(saveTaskComment, { taskId: closed.task.id, content: '评论' }, { as: me })).code).toBe(8104);

    expect((await t.call(deleteTaskComment, { id: theirs.data.id }, { as: me })).code).toBe(ErrorCode.COMMENT_NOT_OWN);
    expect((await t.call(deleteTaskComment, { id: mine.data.id }, { as: me })).code).toBe(200);
    const left = await db().execute(sql`SELECT id FROM study_task_comments WHERE task_id = ${task.id}`);
    expect(left.rows.map((r) => Number(r.id))).toEqual([theirs.data.id]);
  });
});

describe('downloads', () => {
  it('refuses a locked item (8004), links and counts an open one, and zips the open items', async () => {
    const me = await t.learner(a);
    const key = privateKey(a.eid);
    await t.platform.storage.put(key, Buffer.from('first file'));
    const local = await createMaterial(db(), a.eid, { url: `/uploads/${key}`, fileName: '讲义.png' });
    const outside = await createMaterial(db(), a.eid);
    const { task, items } = await createTask(db(), a.eid, {
      task: { ordered: true },
      items: [
        { resourceType: TaskResourceType.MATERIAL, resourceId: local.id },
        { resourceType: TaskResourceType.MATERIAL, resourceId: outside.id },
      ],
      assign: [person(me)],
    });
    const [first, second] = items;
    expect((await t.call(downloadTaskResource, { id: second!.id }, { as: me })).code).toBe(8004);

    const link = await t.call(downloadTaskResource, { id: first!.id }, { as: me });
    expect(link.code).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('first file');
    expect((await t.app.inject({ method: 'GET', url: `${link.data.url}x` })).statusCode).toBe(404);

    const archive = await t.call(downloadTaskArchive, { taskId: task.id }, { as: me });
    expect(archive.code).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: archive.data.url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Only the open item is in it.
    expect(zip.rawPayload.includes(Buffer.from('first file'))).toBe(true);

    const counts = await db().execute<{ id: number; download_count: number }>(
      sql`SELECT id, download_count FROM study_task_items WHERE task_id = ${task.id} ORDER BY position`,
    );
    expect(counts.rows.map((r) => r.download_count)).toEqual([2, 0]);
  });
  it('reads a large file only as fast as the archive is taken (a stalled download holds about a chunk)', async () => {
    const me = await t.learner(a);
    const key = privateKey(a.eid);
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    await t.platform.storage.put(key, big);
    const material = await createMaterial(db(), a.eid, { url: `/uploads/${key}`, fileName: '大文件.pdf' });
    const { task } = await createTask(db(), a.eid, {
      items: [{ resourceType: TaskResourceType.MATERIAL, resourceId: material.id }],
      assign: [person(me)],
    });
    const link = await t.call(downloadTaskArchive, { taskId: task.id }, { as: me });
    const ticket = new URL(link.data.url, 'http://x').searchParams.get('ticket')!;
    const archive = await taskServicesOf(t.platform).downloads.archiveOf(ticket);
    const stream = archive!.stream as PassThrough;
    // Nobody reads it: wait until what it holds stops growing.
    const held = () => stream.readableLength + stream.writableLength;
    let last = -1;
    let steady = 0;
    for (let i = 0; i < 200 && steady < 4; i++) {
      await new Promise((r) => setTimeout(r, 25));
      steady = held() === last && last > 0 ? steady + 1 : 0;
      last = held();
    }
    expect(held()).toBeGreaterThan(0);
    expect(held()).toBeLessThan(512 * 1024);
    // Taken to the end, it is the whole file.
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBeGreaterThan(big.length);
    expect(zip.includes(big.subarray(0, 1024 * 1024))).toBe(true);
  });
});

describe('training records export', () => {
  it('makes an export record of the learner’s task records', async () => {
    const me = await t.learner(a);
    await createTask(db(), a.eid, { assign: [person(me)] });
    const started = await t.call(exportTaskRelations, {}, { as: me });
    expect(started.code).toBe(200);
    expect(started.data.fileName).toMatch(/^学习任务记录-\d{12}\.xlsx$/);
    const row = await waitFor('the export to be done', async () => {
      const page = await t.call(findExportRecords, {}, { as: me });
      const found = page.data.list.find((r) => r.id === started.data.id);
      return found && found.exportStatus !== 1 ? found : null;
    });
    expect(row.exportStatus).toBe(2);
  });
});
