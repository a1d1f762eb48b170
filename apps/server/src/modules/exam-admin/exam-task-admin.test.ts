import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  countExamTasks,
  createExamTask,
  deleteExamTask,
  editExamTask,
  editPaper,
  findAdminExamTasks,
  findAuditLog,
  findCertificateTemplates,
  findExamTasks,
  startExam,
  viewAdminExamTask,
  type ExamTaskForm,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, createExam, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
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
});
