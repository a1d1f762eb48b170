import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  ExamStatusLabel,
  countExamTasks,
  exportExamTasks,
  findExamTaskRecords,
  findExamTasks,
  findExportRecords,
  findPaperRecords,
  finishExam,
  saveExamAnswers,
  startExam,
  viewAdmissionTicket,
  viewExamPaper,
  viewExamTaskRecord,
} from '@portal/contract';
import { createEnterprise, createExam, SAMPLE_QUESTIONS, type Learner } from '../../test/factories.ts';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

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
  5: ['先断电'],
  6: ['B', 'A'],
  7: ['A', 'C'],
};

/** Takes a task: every question answered right (`right`), or none; then submitted unless `submit` is false. */
async function take(learner: Learner, taskId: number, right: boolean, submit = true) {
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
  if (submit) expect((await t.call(finishExam, { attemptId }, { as: learner })).code).toBe(200);
  return attemptId;
}

describe("the learner's exam tasks", () => {
  let me: Learner;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // A member for a month: every task below reached them (a newcomer's are tested below).
    me = await t.learner(a, { member: { createdAt: new Date(Date.now() - 30 * 24 * HOUR) } });
    const now = Date.now();
    const make = async (name: string, options: Parameters<typeof createExam>[2] = {}) => {
      const { task } = await createExam(db(), a.eid, {
        questions: OBJECTIVE,
        ...options,
        task: { title: `${name}考试`, ...options.task },
      });
      ids[name] = task.id;
      return task.id;
    };
    await make('未开始', { task: { startsAt: new Date(now + 2 * HOUR), endsAt: new Date(now + 3 * HOUR) } });
    await make('缺考', { task: { startsAt: new Date(now - 3 * HOUR), endsAt: new Date(now - 2 * HOUR) } });
    await make('待考试', { task: { startsAt: new Date(now - 10 * 60_000) } });
    await make('考试中', { task: { startsAt: new Date(now - 20 * 60_000) } });
    await make('通过', { certificate: true, task: { startsAt: new Date(now - 30 * 60_000) } });
    await make('未通过', { task: { startsAt: new Date(now - 40 * 60_000), attemptsAllowed: 2 } });
    await make('待批阅', { questions: SAMPLE_QUESTIONS, task: { startsAt: new Date(now - 50 * 60_000) } });
    await make('隐藏', { task: { published: false } });
    await take(me, ids['考试中']!, true, false);
    await take(me, ids['通过']!, true);
    await take(me, ids['未通过']!, false);
    await take(me, ids['待批阅']!, true);
    // Another enterprise's tasks are not listed.
    await createExam(db(), b.eid, { questions: OBJECTIVE, task: { title: '乙的考试' } });
  });

  it('lists every published task of the enterprise with its status label, newest window first', async () => {
    const page = await t.call(findExamTasks, { pageSize: 20 }, { as: me });
    expect(page.code).toBe(200);
    expect(page.data.list.map((x) => [x.title, x.statusLabel])).toEqual([
      ['未开始考试', ExamStatusLabel.NOT_STARTED],
      ['待考试考试', ExamStatusLabel.WAITING_FOR_EXAM],
      ['考试中考试', ExamStatusLabel.WAITING_FOR_EXAM],
      ['通过考试', ExamStatusLabel.PASSED],
      ['未通过考试', ExamStatusLabel.FAILED],
      ['待批阅考试', ExamStatusLabel.WAITING_FOR_MARKING],
      ['缺考考试', ExamStatusLabel.ABSENT],
    ]);
    const byTitle = new Map(page.data.list.map((x) => [x.title, x]));
    expect(byTitle.get('未开始考试')).toMatchObject({ canStart: false, cannotStartCode: ErrorCode.EXAM_NOT_STARTED });
    expect(byTitle.get('缺考考试')).toMatchObject({ canStart: false, cannotStartCode: ErrorCode.EXAM_ENDED });
    expect(byTitle.get('待考试考试')).toMatchObject({
      canStart: true,
      cannotStartCode: null,
      attemptsUsed: 0,
      attemptsAllowed: 1,
      durationMinutes: 30,
      totalScore: 12,
      passScore: 7.2,
      bestScore: null,
    });
    expect(byTitle.get('考试中考试')).toMatchObject({ canStart: true, attemptsUsed: 1 });
    expect(byTitle.get('考试中考试')!.openAttemptId).toEqual(expect.any(Number));
    expect(byTitle.get('通过考试')).toMatchObject({
      passed: true,
      bestScore: 12,
      canStart: false,
      cannotStartCode: ErrorCode.EXAM_ATTEMPTS_USED_UP,
      grantsCertificate: true,
    });
    expect(byTitle.get('未通过考试')).toMatchObject({ passed: false, bestScore: 0, canStart: true, attemptsUsed: 1 });
    expect(byTitle.get('待批阅考试')).toMatchObject({ waitingForMarking: true, bestScore: null });

    const failed = await t.call(findExamTasks, { statusLabel: ExamStatusLabel.FAILED }, { as: me });
    expect(failed.data.list.map((x) => x.title)).toEqual(['未通过考试']);
    const waiting = await t.call(
      findExamTasks,
      { statusLabel: ExamStatusLabel.WAITING_FOR_EXAM, pageSize: 1 },
      { as: me },
    );
    expect(waiting.data).toMatchObject({ totalCount: 2, totalPage: 2, pageSize: 1 });
    expect((await t.call(findExamTasks, { keyword: '批阅' }, { as: me })).data.list.map((x) => x.title)).toEqual([
      '待批阅考试',
    ]);
    expect((await t.call(findExamTasks, { keyword: '%' }, { as: me })).data.totalCount).toBe(0);
    expect((await t.call(findExamTasks, { statusLabel: 2 }, { as: me })).code).toBe(400);
  });

  it('lists the tasks the learner has started, and counts every task by status label', async () => {
    const started = await t.call(findExamTaskRecords, { pageSize: 20 }, { as: me });
    expect(started.data.list.map((x) => x.title)).toEqual(['考试中考试', '通过考试', '未通过考试', '待批阅考试']);
    expect((await t.call(countExamTasks, {}, { as: me })).data).toEqual({
      total: 7,
      notStarted: 1,
      waitingForExam: 2,
      passed: 1,
      failed: 1,
      waitingForMarking: 1,
      absent: 1,
    });
    // Another learner of the same enterprise, a member since yesterday, has started nothing.
    const other = await t.learner(a, { member: { createdAt: new Date(Date.now() - 24 * HOUR) } });
    expect((await t.call(findExamTaskRecords, {}, { as: other })).data.totalCount).toBe(0);
    expect((await t.call(countExamTasks, {}, { as: other })).data).toMatchObject({
      total: 7,
      waitingForExam: 5,
      absent: 1,
    });
  });

  it('starts a task’s status for a newcomer when they join: one closed before is not theirs, not 缺考', async () => {
    // Registered today, an hour after the 缺考 task closed (issue 19 item 11).
    const newcomer = await t.learner(a, { member: { createdAt: new Date(Date.now() - HOUR) } });
    const page = await t.call(findExamTasks, { pageSize: 20 }, { as: newcomer });
    expect(page.data.list.map((x) => x.title)).not.toContain('缺考考试');
    expect(page.data.list.map((x) => x.statusLabel)).not.toContain(ExamStatusLabel.ABSENT);
    expect((await t.call(findExamTasks, { statusLabel: ExamStatusLabel.ABSENT }, { as: newcomer })).data.list).toEqual(
      [],
    );
    expect((await t.call(countExamTasks, {}, { as: newcomer })).data).toMatchObject({ total: 6, absent: 0 });
    expect((await t.call(viewExamTaskRecord, { taskId: ids['缺考']! }, { as: newcomer })).code).toBe(404);
    // A task that closes after they joined, never started, is their absence.
    const missed = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: {
        title: '入职后缺考',
        startsAt: new Date(Date.now() - 50 * 60_000),
        endsAt: new Date(Date.now() + 60_000),
      },
    });
    await db().execute(sql`UPDATE exam_tasks SET ends_at = now() - interval '1 second' WHERE id = ${missed.task.id}`);
    const absent = await t.call(findExamTasks, { statusLabel: ExamStatusLabel.ABSENT }, { as: newcomer });
    expect(absent.data.list.map((x) => x.title)).toEqual(['入职后缺考']);
    await db().execute(sql`UPDATE exam_tasks SET published = false WHERE id = ${missed.task.id}`);
  });

  it('shows one task with the learner’s attempts and certificate; others’ and hidden tasks are unknown', async () => {
    const view = await t.call(viewExamTaskRecord, { taskId: ids['通过']! }, { as: me });
    expect(view.data).toMatchObject({ title: '通过考试', statusLabel: ExamStatusLabel.PASSED, passed: true });
    expect(view.data.attempts).toEqual([
      expect.objectContaining({ attemptNo: 1, status: 3, submitReason: 1, score: 12, passed: true, totalScore: 12 }),
    ]);
    expect(view.data.attempts[0]!.usedSeconds).toBeGreaterThanOrEqual(0);
    expect(view.data.certificate?.number).toMatch(/^ZS/);
    expect((await t.call(viewExamTaskRecord, { taskId: ids['隐藏']! }, { as: me })).code).toBe(404);
    const outsider = await t.learner(b);
    expect((await t.call(viewExamTaskRecord, { taskId: ids['通过']! }, { as: outsider })).code).toBe(404);
  });

  it('lists the learner’s attempts newest first, by task', async () => {
    const all = await t.call(findPaperRecords, { pageSize: 10 }, { as: me });
    expect(all.data.list.map((x) => x.taskTitle)).toEqual(['待批阅考试', '未通过考试', '通过考试', '考试中考试']);
    expect(all.data.list[3]).toMatchObject({ status: 1, submittedAt: null, usedSeconds: null, score: null });
    const one = await t.call(findPaperRecords, { taskId: ids['未通过']! }, { as: me });
    expect(one.data.list).toEqual([expect.objectContaining({ score: 0, passed: false, objectiveScore: 0 })]);
    expect((await t.call(findPaperRecords, {}, { as: await t.learner(a) })).data.totalCount).toBe(0);
  });

  it('exports the learner’s tasks as an XLSX made by the job', async () => {
    const started = await t.call(exportExamTasks, {}, { as: me });
    expect(started.code).toBe(200);
    expect(started.data.fileName).toMatch(/^考试任务-\d{12}\.xlsx$/);
    const listed = await waitFor('the export to be done', async () => {
      const page = await t.call(findExportRecords, {}, { as: me });
      const row = page.data.list.find((r) => r.id === started.data.id);
      return row && row.exportStatus !== 1 ? row : null;
    });
    expect(listed.exportStatus).toBe(2);
    const { name, values } = sheetValues((await downloadExport(t, me, started.data.id)).workbook);
    expect(name).toBe('考试任务');
    expect(values[0]).toEqual([
      '考试名称',
      '开始时间',
      '结束时间',
      '考试时长（分钟）',
      '已考次数/允许次数',
      '最高分',
      '总分',
      '及格分',
      '状态',
    ]);
    expect(values.slice(1).map((r) => [r[0], r[4], r[8]])).toEqual([
      ['未开始考试', '0/1', '未开始'],
      ['待考试考试', '0/1', '待考试'],
      ['考试中考试', '1/1', '待考试'],
      ['通过考试', '1/1', '通过'],
      ['未通过考试', '1/2', '未通过'],
      ['待批阅考试', '1/1', '等待批阅'],
      ['缺考考试', '0/1', '缺考'],
    ]);
    expect(values[4]![5]).toBe(12);
    // In English, by the list's filter.
    const en = await t.call(exportExamTasks, { statusLabel: ExamStatusLabel.PASSED }, { as: me, lang: 'en' });
    await waitFor('the English export', async () => {
      const row = (await t.call(findExportRecords, {}, { as: me })).data.list.find((r) => r.id === en.data.id);
      return row && row.exportStatus === 2;
    });
    const english = sheetValues((await downloadExport(t, me, en.data.id)).workbook);
    expect(english.name).toBe('Exam tasks');
    expect(english.values.slice(1).map((r) => [r[0], r[8]])).toEqual([['通过考试', 'Passed']]);
  });
});

describe('the admission ticket', () => {
  it('answers 7005 before its print time, the ticket after; 404 for a task without one', async () => {
    const learner = await t.learner(a);
    const later = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { admissionTicket: true, admissionPrintAt: new Date(Date.now() + 3 * 86_400_000) },
    });
    const res = await t.call(viewAdmissionTicket, { taskId: later.task.id }, { as: learner });
    expect(res.code).toBe(ErrorCode.ADMISSION_TICKET_NOT_PRINTABLE);
    const item = (await t.call(viewExamTaskRecord, { taskId: later.task.id }, { as: learner })).data;
    expect(item).toMatchObject({ admissionTicket: true, admissionPrintable: false });
    expect(item.admissionPrintAt).toBe(later.task.admissionPrintAt!.toISOString());

    await db().execute(
      sql`UPDATE exam_tasks SET admission_print_at = now() - interval '1 minute' WHERE id = ${later.task.id}`,
    );
    const ticket = await t.call(viewAdmissionTicket, { taskId: later.task.id }, { as: learner });
    expect(ticket.code).toBe(200);
    expect(ticket.data).toMatchObject({ taskTitle: later.task.title, name: learner.realName, durationMinutes: 30 });
    expect(ticket.data.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(ticket.data.ticketNumber).toMatch(new RegExp(`^ZK${a.eid}\\d{14}$`));

    const none = await createExam(db(), a.eid, { questions: OBJECTIVE });
    expect((await t.call(viewAdmissionTicket, { taskId: none.task.id }, { as: learner })).code).toBe(404);
    expect((await t.call(viewAdmissionTicket, { taskId: later.task.id }, { as: await t.learner(b) })).code).toBe(404);
  });
});
