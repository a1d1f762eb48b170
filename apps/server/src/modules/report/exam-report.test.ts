import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EarningSource,
  ErrorCode,
  exportCertificateReport,
  exportExamReport,
  findAuditLog,
  findExportRecords,
  viewCertificateReport,
  viewExamReport,
  viewExamTaskReport,
} from '@portal/contract';
import { schema, type AttemptQuestion } from '@portal/db';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createEnterprise, createExam, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
type Exam = Awaited<ReturnType<typeof createExam>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let zhang: Learner;
let li: Learner;
let wang: Learner;
let exam: Exam;
let otherExam: Exam;
const db = () => t.database.db;

/** A moment of a China-time day (noon). */
const on = (day: string) => new Date(`${day}T12:00:00+08:00`);
const PERIOD = { from: '2026-10-01', to: '2026-10-31' };

const QUESTIONS = [
  {
    questionType: 1,
    stem: '<p>安全生产的方针是（ ）。</p>',
    options: [
      { key: 'A', text: '安全第一' },
      { key: 'B', text: '效益优先' },
    ],
    answer: ['A'],
    scoreTenths: 20,
  },
  { questionType: 3, stem: '电器着火可以用水扑灭。', answer: ['F'], scoreTenths: 20 },
];

/** The paper as an attempt keeps it. */
const snapshot = (e: Exam): AttemptQuestion[] =>
  e.questions.map((q) => ({
    questionId: q.id,
    questionType: q.questionType,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    items: q.items,
    answer: q.answer,
    blanks: q.blanks,
    referenceAnswer: q.referenceAnswer,
    analysis: q.analysis,
    scoreTenths: q.scoreTenths,
  }));

/**
 * A submitted attempt on a day: `marks` per question [result, answer] (null: waiting for marking);
 * its score is the sum of the right answers' scores.
 */
async function attempt(
  e: Exam,
  who: Learner,
  no: number,
  day: string | null,
  marks: Array<[0 | 1 | 2, string[]]> | null,
) {
  const score = marks ? marks.reduce((n, [r], i) => n + (r === 1 ? e.questions[i]!.scoreTenths : 0), 0) : null;
  const [row] = await db()
    .insert(schema.examAttempts)
    .values({
      eid: who.eid!,
      taskId: e.task.id,
      accountId: who.accountId,
      attemptNo: no,
      paper: snapshot(e),
      totalScoreTenths: 40,
      passScoreTenths: e.task.passScoreTenths,
      startedAt: day ? on(day) : new Date(),
      deadlineAt: day ? new Date(on(day).getTime() + 1_800_000) : new Date(Date.now() + 1_800_000),
      submittedAt: day ? on(day) : null,
      status: day === null ? 1 : marks ? 3 : 2,
      scoreTenths: score,
      passed: score === null ? null : score >= e.task.passScoreTenths,
    })
    .returning();
  if (marks) {
    await db()
      .insert(schema.examAnswers)
      .values(
        marks.map(([result, answer], i) => ({
          eid: who.eid!,
          attemptId: row!.id,
          questionId: e.questions[i]!.id,
          answer,
          seq: answer.length ? 1 : 0,
          result,
          scoreTenths: result === 1 ? e.questions[i]!.scoreTenths : 0,
        })),
      );
  }
}

async function certificate(who: Learner, sourceType: number, sourceId: number, title: string, day: string) {
  await db()
    .insert(schema.certificates)
    .values({
      eid: who.eid!,
      number: `C${who.accountId}-${sourceType}-${sourceId}`,
      accountId: who.accountId,
      templateId: exam.template!.id,
      sourceType,
      sourceId,
      title,
      holderName: who.realName ?? '',
      scoreTenths: sourceType === EarningSource.EXAM_TASK ? 40 : null,
      issuedAt: on(day),
    });
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '考试报表企业' });
  b = await createEnterprise(db(), { name: '他人企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '管理员' } });
  zhang = await t.learner(a, { member: { realName: '张三' } });
  li = await t.learner(a, { member: { realName: '李四' } });
  wang = await t.learner(a, { member: { realName: '王五' } });
  exam = await createExam(db(), a.eid, {
    questions: QUESTIONS,
    task: { title: '安全生产考试', passScoreTenths: 30, attemptsAllowed: 2, startsAt: on('2026-10-01') },
    certificate: true,
  });
  // In October: 张三 full marks; 李四 twice at half; 王五 half, then an attempt waiting for marking.
  await attempt(exam, zhang, 1, '2026-10-08', [
    [1, ['A']],
    [1, ['F']],
  ]);
  await attempt(exam, li, 1, '2026-10-09', [
    [0, ['B']],
    [1, ['F']],
  ]);
  await attempt(exam, li, 2, '2026-10-10', [
    [1, ['A']],
    [0, []],
  ]);
  await attempt(exam, wang, 1, '2026-10-11', [
    [1, ['A']],
    [0, ['T']],
  ]);
  await attempt(exam, wang, 2, '2026-10-31', null);
  await certificate(zhang, EarningSource.EXAM_TASK, exam.task.id, '安全生产考试合格证书', '2026-10-08');
  await certificate(li, EarningSource.STUDY_TASK, 9002, '新员工学习任务证书', '2026-10-20');
  // Outside the period, or not submitted: never counted.
  const september = await createExam(db(), a.eid, { questions: QUESTIONS, task: { startsAt: on('2026-09-01') } });
  await attempt(september, zhang, 1, '2026-09-30', [
    [1, ['A']],
    [1, ['F']],
  ]);
  await certificate(zhang, EarningSource.EXAM_TASK, september.task.id, '九月考试证书', '2026-09-30');
  await certificate(wang, EarningSource.STUDY_PROJECT, 9003, '十一月项目证书', '2026-11-01');
  const open = await createExam(db(), a.eid, { questions: QUESTIONS });
  await attempt(open, li, 1, null, null);
  // Another enterprise's exam in the same days.
  otherExam = await createExam(db(), b.eid, { questions: QUESTIONS });
  const other = await t.learner(b);
  await attempt(otherExam, other, 1, '2026-10-08', [
    [1, ['A']],
    [1, ['F']],
  ]);
});
afterAll(async () => t?.close());

const view = (q: { from?: string; to?: string; keyword?: string } = {}, as = admin, lang?: string) =>
  t.call(viewExamReport, { ...PERIOD, ...q }, { as, ...(lang ? { lang } : {}) });

/** The enterprise's attempts and certificates in the period, as the database has them. */
async function counted(eid: number) {
  const within = (column: string) =>
    sql.raw(`${column} >= '2026-10-01T00:00:00+08:00' AND ${column} < '2026-11-01T00:00:00+08:00'`);
  const { rows } = await db().execute<{ attempts: number; certificates: number }>(sql`
    SELECT (SELECT count(*)::int FROM exam_attempts WHERE eid = ${eid} AND ${within('submitted_at')}) AS attempts,
           (SELECT count(*)::int FROM certificates WHERE eid = ${eid} AND ${within('issued_at')}) AS certificates`);
  return rows[0]!;
}

describe('the exam report', () => {
  it('one row per exam with attempts in the period: takers, marking, pass rate, scores, certificates', async () => {
    const r = await view();
    expect(r.code).toBe(200);
    expect(r.data.page.list).toEqual([
      {
        taskId: exam.task.id,
        title: '安全生产考试',
        takers: 3,
        attempts: 5,
        marked: 4,
        waiting: 1,
        passed: 1,
        passRate: 33.3,
        averageScore: 2.5,
        highestScore: 4,
        lowestScore: 2,
        totalScore: 4,
        certificates: 1,
      },
    ]);
    expect(r.data.totals).toEqual({
      tasks: 1,
      takers: 3,
      attempts: 5,
      marked: 4,
      waiting: 1,
      passed: 1,
      passRate: 33.3,
      certificates: 1,
    });
    // The attempts it stands for.
    expect(r.data.totals.attempts).toBe((await counted(a.eid)).attempts);
    // September's exam is September's.
    const september = await view({ from: '2026-09-01', to: '2026-09-30' });
    expect(september.data.page.list).toHaveLength(1);
    expect(september.data.page.list[0]).toMatchObject({ takers: 1, passed: 1, passRate: 100, certificates: 1 });
    expect((await view({ keyword: '无此考试' })).data.page.list).toEqual([]);
  });

  it('one exam: the score distribution by band and the questions most often wrong first', async () => {
    const r = await t.call(viewExamTaskReport, { ...PERIOD, id: exam.task.id }, { as: admin });
    expect(r.code).toBe(200);
    expect(r.data.passScore).toBe(3);
    // 张三 100 %, the three others 50 %: bands <60, 60–69, 70–79, 80–89, 90–100.
    expect(r.data.distribution).toEqual([3, 0, 0, 0, 1]);
    expect(r.data.distribution.reduce((n, x) => n + x, 0)).toBe(r.data.row.marked);
    expect(r.data.questions.list).toEqual([
      {
        questionId: exam.questions[1]!.id,
        questionType: 3,
        stem: '电器着火可以用水扑灭。',
        given: 4,
        right: 2,
        partly: 0,
        wrong: 2,
        unanswered: 1,
        wrongRate: 50,
        averageScore: 1,
        score: 2,
      },
      {
        questionId: exam.questions[0]!.id,
        questionType: 1,
        stem: '安全生产的方针是（ ）。',
        given: 4,
        right: 3,
        partly: 0,
        wrong: 1,
        unanswered: 0,
        wrongRate: 25,
        averageScore: 1.5,
        score: 2,
      },
    ]);
    // An exam with nothing in the period: zeros, not an error.
    const empty = await t.call(
      viewExamTaskReport,
      { from: '2026-01-01', to: '2026-01-31', id: exam.task.id },
      { as: admin },
    );
    expect(empty.data).toMatchObject({ distribution: [0, 0, 0, 0, 0], row: { takers: 0, passRate: null } });
    expect(empty.data.questions.list).toEqual([]);
  });

  it('refuses a bad period in the caller’s language, and an exam that is not the enterprise’s', async () => {
    expect(await view({ from: '2026-10-31', to: '2026-10-01' })).toMatchObject({ code: ErrorCode.REPORT_PERIOD });
    expect((await view({ from: '2026-10-31', to: '2026-10-01' }, admin, 'en')).message).toMatch(
      /^The dates are not valid/,
    );
    const theirs = await t.call(viewExamTaskReport, { ...PERIOD, id: otherExam.task.id }, { as: admin });
    expect(theirs).toMatchObject({ code: ErrorCode.EXAM_TASK_NOT_FOUND, message: '考试不存在' });
    expect((await t.call(exportExamReport, { ...PERIOD, taskId: otherExam.task.id }, { as: admin })).code).toBe(
      ErrorCode.EXAM_TASK_NOT_FOUND,
    );
  });

  it('is the administrators’ only, and only of their own enterprise', async () => {
    expect((await view({}, zhang)).code).toBe(ErrorCode.NOT_ADMIN);
    expect((await t.call(viewExamTaskReport, { ...PERIOD, id: exam.task.id }, { as: zhang })).code).toBe(
      ErrorCode.NOT_ADMIN,
    );
    expect((await t.call(viewCertificateReport, PERIOD, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    expect((await t.call(exportExamReport, PERIOD, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    expect((await t.call(exportCertificateReport, PERIOD, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    const theirs = await view({}, adminOfB);
    expect(theirs.data.page.list.map((r) => r.taskId)).toEqual([otherExam.task.id]);
    expect((await t.call(viewExamTaskReport, { ...PERIOD, id: exam.task.id }, { as: adminOfB })).code).toBe(
      ErrorCode.EXAM_TASK_NOT_FOUND,
    );
    expect((await t.call(viewCertificateReport, PERIOD, { as: adminOfB })).data.totals.issued).toBe(0);
  });

  it('exports the exams and one exam’s questions as XLSX, audited', async () => {
    const started = await t.call(exportExamReport, PERIOD, { as: admin });
    expect(started.code).toBe(200);
    const questions = await t.call(exportExamReport, { ...PERIOD, taskId: exam.task.id }, { as: admin });
    expect(questions.code).toBe(200);
    await waitFor('the exports', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      const done = (id: number) => records.data.list.some((r) => r.id === id && r.exportStatus === 2);
      return done(started.data.id) && done(questions.data.id);
    });
    const tasks = sheetValues((await downloadExport(t, admin, started.data.id)).workbook).values;
    expect(tasks[0]).toEqual([
      '考试',
      '参考人数',
      '交卷次数',
      '待阅卷',
      '通过人数',
      '通过率(%)',
      '平均分',
      '最高分',
      '最低分',
      '总分',
      '发放证书',
    ]);
    expect(tasks[1]).toEqual(['安全生产考试', 3, 5, 1, 1, 33.3, 2.5, 4, 2, 4, 1]);
    expect(tasks.at(-1)?.slice(0, 6)).toEqual(['合计 2026-10-01 至 2026-10-31：1 场考试', 3, 5, 1, 1, 33.3]);
    const rows = sheetValues((await downloadExport(t, admin, questions.data.id)).workbook).values;
    expect(rows[0]?.slice(0, 3)).toEqual(['题干', '题型', '作答次数']);
    expect(rows[1]).toEqual(['电器着火可以用水扑灭。', '判断题', 4, 2, 0, 2, 1, 50, 1, 2]);
    expect(rows).toHaveLength(3);
    const log = await t.call(findAuditLog, { entityType: 'exam_report_export' }, { as: admin });
    expect(log.data.list.map((e) => e.entityId)).toEqual(
      expect.arrayContaining([String(started.data.id), String(questions.data.id)]),
    );
  });
});

describe('the certificate report', () => {
  it('certificates issued in the period per what issued them, with totals equal to the certificates', async () => {
    const r = await t.call(viewCertificateReport, PERIOD, { as: admin });
    expect(r.code).toBe(200);
    expect(r.data.totals).toEqual({
      issued: 2,
      holders: 2,
      bySource: [
        [EarningSource.STUDY_TASK, 1],
        [EarningSource.EXAM_TASK, 1],
      ],
    });
    expect(r.data.totals.issued).toBe((await counted(a.eid)).certificates);
    expect(r.data.page.list.map((c) => [c.sourceType, c.title, c.issued])).toEqual([
      [EarningSource.STUDY_TASK, '新员工学习任务证书', 1],
      [EarningSource.EXAM_TASK, '安全生产考试合格证书', 1],
    ]);
    const filtered = await t.call(viewCertificateReport, { ...PERIOD, keyword: '合格' }, { as: admin });
    expect(filtered.data.totals).toMatchObject({ issued: 1, holders: 1 });
  });

  it('exports every certificate of the period, audited', async () => {
    const started = await t.call(exportCertificateReport, PERIOD, { as: admin, lang: 'en' });
    expect(started.code).toBe(200);
    await waitFor('the export', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
    });
    const rows = sheetValues((await downloadExport(t, admin, started.data.id)).workbook).values;
    expect(rows[0]).toEqual([
      'Number',
      'Name',
      'Employee no.',
      'Departments',
      'Certificate',
      'Issued for',
      'Score',
      'Issued',
      'Valid until',
    ]);
    // An empty cell (no score: a study task's) reads back as nothing.
    expect(rows.slice(1).map((r) => [r[1], r[4], r[5], r[6] ?? ''])).toEqual([
      ['张三', '安全生产考试合格证书', 'Exam', 4],
      ['李四', '新员工学习任务证书', 'Study task', ''],
    ]);
    const log = await t.call(findAuditLog, { entityType: 'certificate_report_export' }, { as: admin });
    expect(log.data.list[0]).toMatchObject({ action: 'exportCertificateReport', entityId: String(started.data.id) });
  });
});
