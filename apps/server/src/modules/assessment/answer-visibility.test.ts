import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerPractice,
  ErrorCode,
  findErrorBook,
  findPracticeSets,
  finishExam,
  saveExamAnswers,
  startErrorBookPractice,
  startExam,
  startPractice,
  viewExamPaper,
  viewExamResult,
  viewPracticeAnalysis,
  viewPracticeRound,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createEnterprise,
  createExam,
  createPracticeSet,
  SAMPLE_QUESTIONS,
  type Learner,
} from '../../test/factories.ts';

// The answer-visibility rule (issue 19 item 1, decision 032), through every path that can show a
// key, a mark or an analysis: practice draws, answers and rounds, the error book and its rounds,
// the practice analysis and exam results.

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
type Question = typeof schema.examQuestions.$inferSelect;
let t: TestApp;
let a: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const OBJECTIVE = SAMPLE_QUESTIONS.filter((q) => q.questionType !== 5);

/** The fully right answer of an objective question. */
const rightOf = (q: { questionType: number; answer: string[]; blanks: string[][] }) =>
  q.questionType === 4 ? q.blanks.map((b) => b[0]!) : q.answer;

/** A wrong answer of every objective type. */
const WRONG: Record<number, string[]> = { 1: ['A'], 2: ['C'], 3: ['F'], 4: ['水', '土'], 6: ['A', 'B'], 7: ['B'] };

/** Every text of the bank's keys and analyses that must never reach a learner while held back. */
const secretsOf = (questions: readonly Question[]) =>
  questions.flatMap((q) => [q.analysis, ...q.blanks.flat()]).filter((x) => x.length > 1);

function expectNoSecret(body: unknown, questions: readonly Question[]) {
  const json = JSON.stringify(body);
  for (const secret of secretsOf(questions)) expect(json, secret).not.toContain(secret);
  expect(json).not.toMatch(/"rightAnswer":\[/);
}

/** A practice set drawing every question of an exam's bank (the demo's shape before the fix). */
async function practiceOverBank(bankId: number) {
  const { set } = await createPracticeSet(db(), a.eid, { questions: [], set: { bankId, questionCount: 20 } });
  return set;
}

/** Takes one attempt: every objective question answered right or wrong, then submitted. */
async function sit(learner: Learner, taskId: number, right: boolean) {
  const started = await t.call(startExam, { taskId }, { as: learner });
  expect(started.code, started.message).toBe(200);
  const { attemptId } = started.data;
  const paper = await t.call(viewExamPaper, { attemptId }, { as: learner });
  const bank = await db().select().from(schema.examQuestions);
  const byId = new Map(bank.map((q) => [q.id, q]));
  const answers = paper.data.questions.map((q) => ({
    questionId: q.questionId,
    answer: right ? rightOf(byId.get(q.questionId)!) : WRONG[q.questionType]!,
    seq: 1,
  }));
  expect((await t.call(saveExamAnswers, { attemptId, answers }, { as: learner })).code).toBe(200);
  const finished = await t.call(finishExam, { attemptId }, { as: learner });
  expect(finished.code, finished.message).toBe(200);
  return finished;
}

const setBankOpen = (bankId: number, open: boolean) =>
  db().execute(sql`UPDATE question_banks SET open_for_practice = ${open} WHERE id = ${bankId}`);

describe('practice while an exam is open to the learner', () => {
  it('probe run 1: a practice set over the exam’s bank draws nothing mid-exam, so no key is shown', async () => {
    const exam = await createExam(db(), a.eid, { questions: OBJECTIVE, task: { attemptsAllowed: 3 } });
    const set = await practiceOverBank(exam.bank.id);
    const learner = await t.learner(a);
    const started = await t.call(startExam, { taskId: exam.task.id }, { as: learner });
    expect(started.code).toBe(200);

    const listed = await t.call(findPracticeSets, {}, { as: learner });
    expect(listed.data.list.find((x) => x.id === set.id)?.questionCount).toBe(0);
    const practice = await t.call(startPractice, { setId: set.id }, { as: learner });
    expect(practice.code).toBe(ErrorCode.PRACTICE_NO_QUESTIONS);
    // Before the window opens, the exam is as open: nothing to practise either.
    const later = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) },
    });
    const laterSet = await practiceOverBank(later.bank.id);
    expect((await t.call(startPractice, { setId: laterSet.id }, { as: learner })).code).toBe(
      ErrorCode.PRACTICE_NO_QUESTIONS,
    );
  });

  it('a question forced into a round (drawn while its bank was open) is refused without a key once held back', async () => {
    const exam = await createExam(db(), a.eid, { questions: OBJECTIVE, task: { attemptsAllowed: 2 } });
    const set = await practiceOverBank(exam.bank.id);
    const learner = await t.learner(a);
    await setBankOpen(exam.bank.id, true);
    // Open for practice by an administrator: drawn, and answered with its key.
    const recordId = (await t.call(startPractice, { setId: set.id }, { as: learner })).data.recordId;
    const [first, second] = exam.questions;
    const shown = await t.call(
      answerPractice,
      { recordId, questionId: first!.id, answer: rightOf(first!) },
      { as: learner },
    );
    expect(shown.data).toMatchObject({ correct: true, analysis: first!.analysis });

    await setBankOpen(exam.bank.id, false);
    const refused = await t.call(
      answerPractice,
      { recordId, questionId: second!.id, answer: rightOf(second!) },
      { as: learner, lang: 'en' },
    );
    expect(refused.code).toBe(ErrorCode.PRACTICE_QUESTION_HELD);
    expect(refused.message).toBe('This question is in an exam still open to you; practise it once the exam is over');
    expectNoSecret(refused, exam.questions);
    const stored = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM practice_answers WHERE record_id = ${recordId}`,
    );
    expect(stored.rows[0]!.n).toBe(1);
    // The round's view leaves held questions out, the answered one's key with them.
    const round = await t.call(viewPracticeRound, { recordId }, { as: learner });
    expect(round.data.questions).toEqual([]);
    expectNoSecret(round, exam.questions);
  });

  it('a random paper holds back what its rules can draw (bank, type, difficulty), and nothing else of the bank', async () => {
    const bankQuestions = OBJECTIVE;
    const exam = await createExam(db(), a.eid, { questions: bankQuestions, paper: { mode: 2 } });
    await db().execute(
      sql`UPDATE exam_papers SET rules = ${JSON.stringify([
        { bankId: exam.bank.id, questionType: 3, difficulty: null, count: 1, scoreTenths: 100 },
      ])}::jsonb WHERE id = ${exam.paper.id}`,
    );
    const set = await practiceOverBank(exam.bank.id);
    const learner = await t.learner(a);
    const recordId = (await t.call(startPractice, { setId: set.id }, { as: learner })).data.recordId;
    const round = await t.call(viewPracticeRound, { recordId }, { as: learner });
    expect(round.data.questions.map((q) => q.questionType).sort()).toEqual([1, 2, 4, 6, 7]);
  });

  it('practice-only questions always show their keys and analysis, even with an exam open', async () => {
    const exam = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const { set, questions } = await createPracticeSet(db(), a.eid, { questions: OBJECTIVE });
    const learner = await t.learner(a);
    expect((await t.call(startExam, { taskId: exam.task.id }, { as: learner })).code).toBe(200);
    const recordId = (await t.call(startPractice, { setId: set.id }, { as: learner })).data.recordId;
    for (const q of questions) {
      const res = await t.call(
        answerPractice,
        { recordId, questionId: q.id, answer: WRONG[q.questionType]! },
        { as: learner },
      );
      expect(res.data).toMatchObject({ correct: false, rightAnswer: q.answer, blanks: q.blanks, analysis: q.analysis });
    }
    const book = await t.call(findErrorBook, {}, { as: learner });
    expect(book.data.totalCount).toBe(questions.length);
  });
});

describe('exam results and the error book while retakes remain', () => {
  it('probe run 2: a failed first attempt shows no mark or key, its mistakes wait; the keys come when the exam is over', async () => {
    const exam = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { attemptsAllowed: 2, showAnswers: true },
    });
    const learner = await t.learner(a);
    const first = await sit(learner, exam.task.id, false);
    // The score stays (the learner must know they failed); no per-question mark, no key.
    expect(first.data).toMatchObject({ score: 0, passed: false, answersShown: false });
    for (const q of first.data.questions) {
      expect(q).toMatchObject({ result: null, gotScore: null, rightAnswer: null, blanks: null, analysis: null });
    }
    expect(first.data.questions.map((q) => q.answer)).toEqual(first.data.questions.map((q) => WRONG[q.questionType]));
    expectNoSecret(await t.call(viewExamResult, { attemptId: first.data.attemptId }, { as: learner }), exam.questions);

    // The error book holds the exam's mistakes back: not listed, not practised, not counted.
    const book = await t.call(findErrorBook, {}, { as: learner });
    expect(book.data.totalCount).toBe(0);
    expect((await t.call(startErrorBookPractice, { count: 10 }, { as: learner })).code).toBe(
      ErrorCode.ERROR_BOOK_EMPTY,
    );
    const analysis = await t.call(viewPracticeAnalysis, { source: 7 }, { as: learner });
    expect(analysis.data.total.answered).toBe(0);
    const stored = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM error_book WHERE account_id = ${learner.accountId}`,
    );
    expect(stored.rows[0]!.n).toBe(OBJECTIVE.length);

    // The last attempt: the exam is over for the learner, the task shows answers.
    const second = await sit(learner, exam.task.id, false);
    expect(second.data.answersShown).toBe(true);
    const result = await t.call(viewExamResult, { attemptId: first.data.attemptId }, { as: learner });
    const byId = new Map(exam.questions.map((q) => [q.id, q]));
    for (const q of result.data.questions) {
      const bank = byId.get(q.questionId)!;
      expect(q).toMatchObject({
        result: 0,
        gotScore: 0,
        rightAnswer: bank.answer,
        blanks: bank.blanks,
        analysis: bank.analysis,
      });
    }
    expect((await t.call(findErrorBook, {}, { as: learner })).data.totalCount).toBe(OBJECTIVE.length);
    expect((await t.call(startErrorBookPractice, { count: 10 }, { as: learner })).code).toBe(200);
  });

  it('once over, a task that does not show answers shows the marks but never the keys', async () => {
    const exam = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { attemptsAllowed: 1, showAnswers: false },
    });
    const learner = await t.learner(a);
    const done = await sit(learner, exam.task.id, true);
    expect(done.data).toMatchObject({ passed: true, answersShown: false });
    for (const q of done.data.questions) {
      expect(q).toMatchObject({ result: 1, rightAnswer: null, blanks: null, analysis: null });
      expect(q.gotScore).toBeGreaterThan(0);
    }
  });

  it('a question another exam still open to the learner can give stays hidden in a finished exam’s result', async () => {
    const over = await createExam(db(), a.eid, { questions: OBJECTIVE, task: { attemptsAllowed: 1 } });
    // A second task, still open, on the same paper.
    const [open] = await db()
      .insert(schema.examTasks)
      .values({ ...over.task, id: undefined, title: '补考', createdAt: undefined })
      .returning();
    const learner = await t.learner(a);
    const done = await sit(learner, over.task.id, false);
    expect(done.data.answersShown).toBe(true);
    for (const q of done.data.questions) expect(q).toMatchObject({ result: null, rightAnswer: null, analysis: null });
    expect(open!.id).not.toBe(over.task.id);
  });
});
