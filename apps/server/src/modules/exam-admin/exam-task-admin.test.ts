import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  countExamTasks,
  createExamTask,
  deleteExamTask,
  editExamTask,
  editPaper,
  exportExamTaskResults,
  findExportRecords,
  findAdminExamTasks,
  findAuditLog,
  findCertificateTemplates,
  findExamTaskAttempts,
  findExamTaskResults,
  findExamTasks,
  finishExam,
  reopenExamAttempt,
  saveExamAnswers,
  startExam,
  viewExamPaper,
  viewAdminExamTask,
  type ExamTaskForm,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, createExam, SAMPLE_QUESTIONS, type Learner } from '../../test/factories.ts';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTask } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  otherAdmin = await t.learner(b, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

const hour = 3_600_000;
const formOn = (paperId: number, over: Partial<ExamTaskForm> = {}): ExamTaskForm => ({
  title: '季度安全考试',
  intro: '',
  paperId,
  startsAt: new Date(Date.now() - hour).toISOString(),
  endsAt: new Date(Date.now() + 24 * hour).toISOString(),
  durationMinutes: 30,
  attemptsAllowed: 2,
  passScore: 6,
  screenSwitchLimit: 3,
  showAnswers: true,
  partialMultiple: false,
  admissionTicket: false,
  admissionPrintAt: null,
  points: 5,
  creditHours: 1.5,
  certificateTemplateId: null,
  published: true,
  people: [],
  departments: [],
  tags: [],
  ...over,
});

/** A department with these members. */
async function department(name: string, members: Learner[]) {
  const [d] = await db().insert(schema.departments).values({ eid: a.eid, name }).returning();
  for (const m of members)
    await db().insert(schema.departmentMembers).values({ eid: a.eid, departmentId: d!.id, accountId: m.accountId });
  return d!.id;
}

const titlesOf = async (who: Learner) =>
  (await t.call(findExamTasks, {}, { as: who })).data.list.map((x) => x.title).sort();

describe('exam tasks in the back office', () => {
  it('gives an exam to a department: its members see and start it, others neither; those who join later get it', async () => {
    const exam = await createExam(db(), a.eid);
    const [inside, outside, later] = [await t.learner(a), await t.learner(a), await t.learner(a)];
    const dept = await department(`研发部${Date.now()}`, [inside]);
    const made = await t.call(
      createExamTask,
      formOn(exam.paper.id, { title: '研发部专场', departments: [dept], passScore: 1 }),
      { as: admin },
    );
    expect(made.code, JSON.stringify(made)).toBe(200);
    expect(await titlesOf(inside)).toContain('研发部专场');
    expect(await titlesOf(outside)).not.toContain('研发部专场');
    // Not given: starting it by its id is refused as if it did not exist.
    expect((await t.call(startExam, { taskId: made.data.id }, { as: outside })).code).not.toBe(200);
    expect((await t.call(startExam, { taskId: made.data.id }, { as: inside })).code).toBe(200);
    await db().insert(schema.departmentMembers).values({ eid: a.eid, departmentId: dept, accountId: later.accountId });
    expect(await titlesOf(later)).toContain('研发部专场');
    expect((await t.call(countExamTasks, {}, { as: outside })).code).toBe(200);
    // A study task given to the outsider holds the exam as an item: the exam is theirs to take too.
    await createTask(db(), a.eid, {
      items: [{ resourceType: 7, resourceId: made.data.id }],
      assign: [[1, outside.accountId]],
    });
    expect(await titlesOf(outside)).toContain('研发部专场');

    const view = await t.call(viewAdminExamTask, { id: made.data.id }, { as: admin });
    expect(view.data).toMatchObject({
      departments: [{ id: dept }],
      people: [],
      tags: [],
      passScore: 1,
      creditHours: 1.5,
      attemptCount: 1,
    });
    const list = await t.call(findAdminExamTasks, { keyword: '研发部专场' }, { as: admin });
    expect(list.data.list[0]).toMatchObject({ givenToAll: false, takers: 1, passed: 0 });
    // Started: the paper stays, the exam is not deleted.
    const other = await createExam(db(), a.eid);
    const swap = await t.call(
      editExamTask,
      { ...formOn(other.paper.id, { departments: [dept] }), id: made.data.id },
      { as: admin },
    );
    expect(swap.code).toBe(ErrorCode.EXAM_TASK_PAPER_LOCKED);
    const removed = await t.call(deleteExamTask, { id: made.data.id }, { as: admin });
    expect(removed.code).toBe(ErrorCode.EXAM_TASK_STARTED);
    expect(removed.message).toBe('已有1人参加该考试，不能删除，可取消发布');
    const log = await t.call(findAuditLog, { entityType: 'exam_task', entityId: String(made.data.id) }, { as: admin });
    expect(log.data.list.map((e) => e.action)).toEqual(['createExamTask']);
  });

  it('refuses a pass score above the paper, a bad window, an admission ticket after the start; a paper may not fall below it', async () => {
    const exam = await createExam(db(), a.eid);
    const [paper] = await db().select().from(schema.examPapers).where(eq(schema.examPapers.id, exam.paper.id));
    const total = exam.questions.reduce((n, q) => n + q.scoreTenths, 0) / 10;
    const above = await t.call(createExamTask, formOn(exam.paper.id, { passScore: total + 1 }), { as: admin });
    expect(above.code).toBe(ErrorCode.EXAM_TASK_PASS_ABOVE_TOTAL);
    const window = await t.call(
      createExamTask,
      formOn(exam.paper.id, { endsAt: new Date(Date.now() - 2 * hour).toISOString() }),
      { as: admin },
    );
    expect(window.code).toBe(ErrorCode.BAD_INPUT);
    expect(window.message).toContain('结束时间须晚于开始时间');
    const ticket = await t.call(
      createExamTask,
      formOn(exam.paper.id, { admissionTicket: true, admissionPrintAt: new Date(Date.now() + hour).toISOString() }),
      { as: admin, lang: 'en' },
    );
    expect(ticket.message).toContain('The ticket must be printable before the start');
    const ok = await t.call(createExamTask, formOn(exam.paper.id, { passScore: total }), { as: admin });
    expect(ok.code).toBe(200);
    // The paper's questions (fixed) cannot now lose score below the exam's pass score (decision 047).
    const held = await db()
      .select()
      .from(schema.examPaperQuestions)
      .where(and(eq(schema.examPaperQuestions.eid, a.eid), eq(schema.examPaperQuestions.paperId, exam.paper.id)));
    const lower = await t.call(
      editPaper,
      {
        id: exam.paper.id,
        title: paper!.title,
        mode: 1,
        shuffleQuestions: false,
        shuffleOptions: false,
        rules: [],
        questions: held.slice(1).map((q) => ({ questionId: q.questionId, score: q.scoreTenths / 10 })),
      },
      { as: admin },
    );
    expect(lower.code).toBe(ErrorCode.PAPER_BELOW_PASS_SCORE);
    // An unused exam is deleted.
    expect((await t.call(deleteExamTask, { id: ok.data.id }, { as: admin })).code).toBe(200);
  });

  it('refuses another enterprise’s exams, papers, departments, tags and templates', async () => {
    const mine = await createExam(db(), a.eid, { certificate: true });
    const theirs = await createExam(db(), b.eid);
    const made = await t.call(createExamTask, formOn(mine.paper.id, { passScore: 1 }), { as: admin });
    for (const call of [viewAdminExamTask, deleteExamTask] as const) {
      expect((await t.call(call as typeof viewAdminExamTask, { id: made.data.id }, { as: otherAdmin })).code).toBe(
        ErrorCode.EXAM_TASK_NOT_FOUND,
      );
    }
    expect(
      (
        await t.call(
          editExamTask,
          { ...formOn(theirs.paper.id, { passScore: 1 }), id: made.data.id },
          { as: otherAdmin },
        )
      ).code,
    ).toBe(ErrorCode.EXAM_TASK_NOT_FOUND);
    expect((await t.call(createExamTask, formOn(theirs.paper.id, { passScore: 1 }), { as: admin })).code).toBe(
      ErrorCode.PAPER_NOT_FOUND,
    );
    const [theirDept] = await db().insert(schema.departments).values({ eid: b.eid, name: '乙部门' }).returning();
    expect(
      (
        await t.call(createExamTask, formOn(mine.paper.id, { passScore: 1, departments: [theirDept!.id] }), {
          as: admin,
        })
      ).code,
    ).toBe(ErrorCode.EXAM_TASK_TARGET_UNKNOWN);
    expect(
      (
        await t.call(createExamTask, formOn(mine.paper.id, { passScore: 1, people: [otherAdmin.accountId] }), {
          as: admin,
        })
      ).code,
    ).toBe(ErrorCode.EXAM_TASK_TARGET_UNKNOWN);
    const templates = await t.call(findCertificateTemplates, {}, { as: admin });
    expect(templates.data.map((x) => x.id)).toContain(mine.template!.id);
    expect((await t.call(findCertificateTemplates, {}, { as: otherAdmin })).data.map((x) => x.id)).not.toContain(
      mine.template!.id,
    );
  });

  it('lists the takers with their attempts and logs; a re-opened attempt is audited and a second pass earns nothing twice', async () => {
    const exam = await createExam(db(), a.eid, {
      certificate: true,
      questions: SAMPLE_QUESTIONS.filter((q) => q.questionType !== 5),
      task: { attemptsAllowed: 1, points: 7 },
    });
    const taker = await t.learner(a, { member: { realName: '考生甲', employeeNo: 'K001' } });
    const keys = new Map(exam.questions.map((q) => [q.id, q]));
    /** Sits the exam with every right answer and submits it. */
    const sit = async () => {
      const started = await t.call(startExam, { taskId: exam.task.id }, { as: taker });
      expect(started.code, started.message).toBe(200);
      const { attemptId } = started.data;
      const paper = await t.call(viewExamPaper, { attemptId }, { as: taker });
      const answers = paper.data.questions.map((q, i) => {
        const k = keys.get(q.questionId)!;
        return {
          questionId: q.questionId,
          answer: q.questionType === 4 ? k.blanks.map((b) => b[0]!) : k.answer,
          seq: i + 1,
        };
      });
      expect((await t.call(saveExamAnswers, { attemptId, answers }, { as: taker })).code).toBe(200);
      const done = await t.call(finishExam, { attemptId }, { as: taker });
      expect(done.data.passed).toBe(true);
      return attemptId;
    };
    const first = await sit();
    expect((await t.call(startExam, { taskId: exam.task.id }, { as: taker })).code).toBe(
      ErrorCode.EXAM_ATTEMPTS_USED_UP,
    );

    const results = await t.call(findExamTaskResults, { id: exam.task.id, keyword: 'K001' }, { as: admin });
    expect(results.data.list).toEqual([
      expect.objectContaining({
        accountId: taker.accountId,
        name: '考生甲',
        attemptsUsed: 1,
        attemptsAllowed: 1,
        passed: true,
      }),
    ]);
    const attempts = await t.call(
      findExamTaskAttempts,
      { id: exam.task.id, accountId: taker.accountId },
      { as: admin },
    );
    expect(attempts.data.map((x) => x.attemptId)).toEqual([first]);
    expect(attempts.data[0]!.log.map((e) => e.kind)).toEqual(expect.arrayContaining([1, 2, 3, 6]));

    // Re-opened with a reason: one more attempt, in the audit log.
    const noReason = await t.call(
      reopenExamAttempt,
      { id: exam.task.id, accountId: taker.accountId, reason: ' ' },
      { as: admin },
    );
    expect(noReason.code).toBe(ErrorCode.BAD_INPUT);
    expect(noReason.message).toContain('请填写重新开放的原因');
    const reopened = await t.call(
      reopenExamAttempt,
      { id: exam.task.id, accountId: taker.accountId, reason: '考试中断网' },
      { as: admin },
    );
    expect(reopened.data.attemptsAllowed).toBe(2);
    const log = await t.call(findAuditLog, { entityType: 'exam_task', entityId: String(exam.task.id) }, { as: admin });
    expect(log.data.list[0]).toMatchObject({
      action: 'reopenExamAttempt',
      after: expect.objectContaining({ reason: '考试中断网' }),
    });
    const second = await sit();
    expect(second).not.toBe(first);
    // Passed twice, earned once: one earning and one certificate for the task.
    const earned = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM earnings WHERE eid = ${a.eid} AND account_id = ${taker.accountId} AND source_id = ${exam.task.id}`,
    );
    expect(earned.rows[0]!.n).toBe(1);
    const certificates = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM certificates WHERE eid = ${a.eid} AND account_id = ${taker.accountId} AND source_id = ${exam.task.id}`,
    );
    expect(certificates.rows[0]!.n).toBe(1);

    // The results as XLSX through the export job, audited.
    const started = await t.call(exportExamTaskResults, { id: exam.task.id }, { as: admin });
    expect(started.code, started.message).toBe(200);
    await waitFor('the export', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
    });
    const { values } = sheetValues((await downloadExport(t, admin, started.data.id)).workbook);
    expect(values[0]).toEqual(['姓名', '工号', '已考次数', '可考次数', '最高分', '结果', '首次开始', '最近交卷']);
    expect(values.slice(1)).toEqual([
      ['考生甲', 'K001', 2, 2, expect.any(Number), '通过', expect.any(String), expect.any(String)],
    ]);
    const exported = await t.call(findAuditLog, { entityType: 'exam_results_export' }, { as: admin });
    expect(exported.data.list[0]).toMatchObject({ action: 'exportExamTaskResults' });
    expect((await t.call(exportExamTaskResults, { id: exam.task.id }, { as: otherAdmin })).code).toBe(
      ErrorCode.EXAM_TASK_NOT_FOUND,
    );

    // Not taken, or another enterprise's: refused.
    const stranger = await t.learner(a);
    expect(
      (
        await t.call(
          reopenExamAttempt,
          { id: exam.task.id, accountId: stranger.accountId, reason: '补考' },
          { as: admin },
        )
      ).code,
    ).toBe(ErrorCode.EXAM_REOPEN_NOT_TAKEN);
    expect(
      (
        await t.call(
          reopenExamAttempt,
          { id: exam.task.id, accountId: taker.accountId, reason: '补考' },
          { as: otherAdmin },
        )
      ).code,
    ).toBe(ErrorCode.EXAM_TASK_NOT_FOUND);
    expect((await t.call(findExamTaskResults, { id: exam.task.id }, { as: otherAdmin })).code).toBe(
      ErrorCode.EXAM_TASK_NOT_FOUND,
    );
    expect(
      (await t.call(findExamTaskAttempts, { id: exam.task.id, accountId: taker.accountId }, { as: otherAdmin })).code,
    ).toBe(ErrorCode.EXAM_TASK_NOT_FOUND);
    // After the exam has ended, it is not re-opened.
    await db()
      .update(schema.examTasks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.examTasks.id, exam.task.id));
    expect(
      (await t.call(reopenExamAttempt, { id: exam.task.id, accountId: taker.accountId, reason: '补考' }, { as: admin }))
        .code,
    ).toBe(ErrorCode.EXAM_REOPEN_ENDED);
  });
});
