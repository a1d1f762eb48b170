import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stemText } from '@portal/contract/rich-stem';
import {
  AnswerResult,
  AttemptEventKind,
  AttemptStatus,
  ErrorCode,
  ScreenEvent,
  SubmitReason,
  finishExam,
  getExamDuration,
  saveExamAnswer,
  saveExamAnswers,
  startExam,
  viewExamPaper,
  viewExamResult,
  viewPaperRecord,
  type ExamPaperQuestion,
} from '@portal/contract';
import { createEnterprise, createExam, SAMPLE_QUESTIONS, type Learner } from '../../test/factories.ts';
import { createTestApp, unchecked, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

const db = () => t.database.db;

/** The sample questions without the short answer (objective only: marked at submit). */
const OBJECTIVE = SAMPLE_QUESTIONS.filter((q) => q.questionType !== 5);

async function start(learner: Learner, taskId: number) {
  const res = await t.call(startExam, { taskId }, { as: learner });
  expect(res.code, res.message).toBe(200);
  return res.data;
}

async function paperOf(learner: Learner, attemptId: number) {
  const res = await t.call(viewExamPaper, { attemptId }, { as: learner });
  expect(res.code, res.message).toBe(200);
  return res.data;
}

/** Right, wrong and partly right answers of the sample questions, by stem. */
const ANSWERS: Record<string, { right: string[]; wrong: string[]; partly?: string[] }> = {
  '安全帽的主要作用是？': { right: ['B'], wrong: ['A'] },
  '以下哪些属于个人防护用品？': { right: ['D', 'A', 'B'], wrong: ['A', 'C'], partly: ['A', 'B'] },
  '发现火情应立即拨打119。': { right: ['T'], wrong: ['F'] },
  '灭火的三种基本方法是隔离法、____和____。': {
    right: [' 窒息 ', '冷却法'],
    wrong: ['浇水', '砂土'],
    partly: ['窒息法', '砂土'],
  },
  '请将标志与含义配对。': { right: ['B', 'A'], wrong: ['A', 'B'], partly: ['B', 'B'] },
  '下列做法正确的是？': { right: ['A', 'C'], wrong: ['B'], partly: ['C'] },
  '请简述发生触电事故时的处理步骤。': { right: ['先断电，再施救。'], wrong: ['不知道'] },
};

function answersFor(questions: ExamPaperQuestion[], how: 'right' | 'wrong' | 'partly', seq = 1) {
  return questions.map((q) => {
    // Stems are served as HTML (decision 054): the sample stems by their text.
    const set = ANSWERS[stemText(q.stem)]!;
    return {
      questionId: q.questionId,
      answer: (how === 'partly' && set.partly) || set[how === 'partly' ? 'right' : how],
      seq,
    };
  });
}

describe('the paper and the clock', () => {
  it('sends the paper without any answer key, accepted blank, reference answer or analysis', async () => {
    const { task } = await createExam(db(), a.eid, { task: { showAnswers: true } });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    const res = await t.call(viewExamPaper, { attemptId }, { as: learner });
    expect(res.data.questions).toHaveLength(7);
    const json = JSON.stringify(res);
    for (const q of SAMPLE_QUESTIONS) {
      expect(json).toContain(q.stem);
      if (q.analysis) expect(json).not.toContain(q.analysis);
      if (q.referenceAnswer) expect(json).not.toContain(q.referenceAnswer);
      for (const blank of q.blanks ?? []) for (const accepted of blank) expect(json).not.toContain(accepted);
    }
    for (const key of ['"answer":["B"]', '"blanks"', '"referenceAnswer"', '"analysis"', '"rightAnswer"'])
      expect(json).not.toContain(key);
    // What the page needs instead: the number of blanks, the items to match, the options' keys.
    const fill = res.data.questions.find((q) => q.questionType === 4)!;
    expect(fill.blankCount).toBe(2);
    expect(res.data.questions.find((q) => q.questionType === 6)!.items.map((i) => i.text)).toEqual(['红色', '黄色']);
    // The start and the opening are in the attempt log.
    const { rows } = await db().execute<{ kind: number }>(
      sql`SELECT kind FROM exam_attempt_events WHERE attempt_id = ${attemptId} ORDER BY id`,
    );
    expect(rows.map((r) => r.kind)).toEqual([AttemptEventKind.START, AttemptEventKind.OPEN]);
  });

  it('holds the deadline whatever the client sends: min(start + duration, task end) by the server clock', async () => {
    const { task } = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { durationMinutes: 30, endsAt: new Date(Date.now() + 5 * 60_000) },
    });
    const learner = await t.learner(a);
    const started = await start(learner, task.id);
    // The task ends in five minutes: the attempt ends then, not thirty minutes from now.
    expect(Math.abs(new Date(started.deadlineAt).getTime() - new Date(task.endsAt).getTime())).toBeLessThan(1000);
    expect(started.secondsLeft).toBeGreaterThan(290);
    expect(started.secondsLeft).toBeLessThanOrEqual(300);
    const paper = await paperOf(learner, started.attemptId);
    // A browser whose clock is a day ahead (or behind) changes nothing.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const save = await t.call(
      saveExamAnswer,
      { attemptId: started.attemptId, ...answersFor(paper.questions, 'right')[0]!, clientAt: future },
      { as: learner },
    );
    expect(save.code).toBe(200);
    expect(save.data.deadlineAt).toBe(started.deadlineAt);
    const clock = await t.call(
      getExamDuration,
      { attemptId: started.attemptId, clientAt: new Date(0).toISOString() },
      { as: learner },
    );
    expect(clock.data.deadlineAt).toBe(started.deadlineAt);
    expect(clock.data.secondsLeft).toBeLessThanOrEqual(save.data.secondsLeft);
    // Starting again answers the same attempt and the same deadline.
    const again = await start(learner, task.id);
    expect(again).toMatchObject({ attemptId: started.attemptId, resumed: true, deadlineAt: started.deadlineAt });
  });

  it('refuses a save after the deadline with 7610, stores nothing and submits the attempt as time over', async () => {
    const { task } = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    const [first, second] = answersFor((await paperOf(learner, attemptId)).questions, 'right');
    expect((await t.call(saveExamAnswer, { attemptId, ...first! }, { as: learner })).code).toBe(200);
    // The server's clock moves past the deadline.
    await db().execute(sql`UPDATE exam_attempts SET deadline_at = now() - interval '1 second' WHERE id = ${attemptId}`);
    const late = await t.call(saveExamAnswer, { attemptId, ...second!, seq: 2 }, { as: learner });
    expect(late.code).toBe(ErrorCode.EXAM_TIME_OVER);
    const late2 = await t.call(
      saveExamAnswers,
      { attemptId, answers: [{ ...first!, answer: ['A'], seq: 9 }] },
      { as: learner },
    );
    expect(late2.code).toBe(ErrorCode.EXAM_TIME_OVER);
    const { rows } = await db().execute<{ question_id: number; seq: number; answer: string[] }>(
      sql`SELECT question_id, seq, answer FROM exam_answers WHERE attempt_id = ${attemptId} AND seq > 0`,
    );
    expect(rows).toEqual([{ question_id: first!.questionId, seq: 1, answer: first!.answer }]);
    const result = await t.call(viewExamResult, { attemptId }, { as: learner });
    expect(result.data).toMatchObject({ status: AttemptStatus.MARKED, submitReason: SubmitReason.TIME_OVER });
    // The one answer saved in time was marked.
    expect(result.data.questions.find((q) => q.questionId === first!.questionId)!.result).toBe(AnswerResult.RIGHT);
    expect(result.data.score).toBe(2);
    // Finishing now is time over too, and changes nothing.
    expect((await t.call(finishExam, { attemptId }, { as: learner })).code).toBe(200);
    const { rows: submits } = await db().execute(
      sql`SELECT 1 FROM exam_attempt_events WHERE attempt_id = ${attemptId} AND kind IN (6, 7, 8, 9)`,
    );
    expect(submits).toHaveLength(1);
  });

  it('a finish after the deadline submits as time over and answers 7610', async () => {
    const { task } = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    await db().execute(sql`UPDATE exam_attempts SET deadline_at = now() - interval '1 second' WHERE id = ${attemptId}`);
    expect((await t.call(finishExam, { attemptId }, { as: learner })).code).toBe(ErrorCode.EXAM_TIME_OVER);
    expect((await t.call(viewPaperRecord, { id: attemptId }, { as: learner })).data.submitReason).toBe(
      SubmitReason.TIME_OVER,
    );
  });
});

describe('the attempt log', () => {
  it('keeps every start, opening, answer, leave, return and submit with the server’s and the browser’s time', async () => {
    const { task } = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const learner = await t.learner(a);
    const at = (minute: number) => `2026-01-02T03:0${minute}:00.000Z`;
    const { attemptId } = (await t.call(startExam, { taskId: task.id, clientAt: at(0) }, { as: learner })).data;
    const paper = (await t.call(viewExamPaper, { attemptId, clientAt: at(1) }, { as: learner })).data;
    const [q] = answersFor(paper.questions, 'right');
    await t.call(saveExamAnswer, { attemptId, ...q!, clientAt: at(2) }, { as: learner });
    await t.call(getExamDuration, { attemptId, event: ScreenEvent.LEAVE, clientAt: at(3) }, { as: learner });
    await t.call(getExamDuration, { attemptId, event: ScreenEvent.RETURN, clientAt: at(4) }, { as: learner });
    await t.call(finishExam, { attemptId, clientAt: at(5) }, { as: learner });
    const { rows } = await db().execute<{ kind: number; question_id: number | null; at: Date; client_at: Date }>(
      sql`SELECT kind, question_id, at, client_at FROM exam_attempt_events WHERE attempt_id = ${attemptId} ORDER BY id`,
    );
    expect(rows.map((r) => [r.kind, new Date(r.client_at).toISOString()])).toEqual([
      [AttemptEventKind.START, at(0)],
      [AttemptEventKind.OPEN, at(1)],
      [AttemptEventKind.ANSWER, at(2)],
      [AttemptEventKind.LEAVE, at(3)],
      [AttemptEventKind.RETURN, at(4)],
      [AttemptEventKind.SUBMIT, at(5)],
    ]);
    expect(rows[2]!.question_id).toBe(q!.questionId);
    // The server's times are its own, whatever the browser says.
    for (const r of rows) expect(Math.abs(new Date(r.at).getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('saves', () => {
  it('are ordered and idempotent: an older save arriving later and the same save twice change nothing', async () => {
    const { task } = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    const q = (await paperOf(learner, attemptId)).questions.find((x) => x.questionType === 1)!;
    const save = (answer: string[], seq: number, flagged = false) =>
      t.call(saveExamAnswer, { attemptId, questionId: q.questionId, answer, seq, flagged }, { as: learner });

    const newer = await save(['B'], 5, true);
    expect(newer.data).toMatchObject({ applied: true, seq: 5, lastSeq: 5 });
    // The older save (seq 4) arrives after the newer one: not applied, the newer answer stays.
    const older = await save(['A'], 4);
    expect(older.data).toMatchObject({ applied: false, seq: 5, lastSeq: 5 });
    // The same save again: nothing changes.
    expect((await save(['B'], 5, true)).data).toMatchObject({ applied: false, seq: 5 });
    // Concurrent saves of one question: the highest sequence wins whatever order they land in.
    const burst = await Promise.all([6, 9, 7, 8].map((seq) => save([seq === 9 ? 'C' : 'A'], seq)));
    expect(burst.every((r) => r.code === 200)).toBe(true);
    const paper = await paperOf(learner, attemptId);
    expect(paper.answers).toEqual([{ questionId: q.questionId, answer: ['C'], flagged: false, seq: 9 }]);
    expect(paper.lastSeq).toBe(9);
    // A batch mixing a stale and a new answer applies the new one only.
    const other = paper.questions.find((x) => x.questionType === 3)!;
    const batch = await t.call(
      saveExamAnswers,
      {
        attemptId,
        answers: [
          { questionId: q.questionId, answer: ['A'], seq: 3 },
          { questionId: other.questionId, answer: ['T'], seq: 10 },
        ],
      },
      { as: learner },
    );
    expect(batch.data.results).toEqual([
      { questionId: q.questionId, applied: false, seq: 9 },
      { questionId: other.questionId, applied: true, seq: 10 },
    ]);
    expect(batch.data.lastSeq).toBe(10);
    // Every applied save is in the attempt log with its answer, in rising order; the stale ones are not.
    const { rows } = await db().execute<{ seq: number }>(
      sql`SELECT (detail->>'seq')::int AS seq FROM exam_attempt_events WHERE attempt_id = ${attemptId} AND kind = 3 ORDER BY id`,
    );
    const logged = rows.map((r) => r.seq);
    expect(logged).toEqual([...logged].sort((x, y) => x - y));
    expect(new Set(logged).size).toBe(logged.length);
    expect(logged).toEqual(expect.arrayContaining([5, 9, 10]));
    expect(logged).not.toContain(3);
    expect(logged).not.toContain(4);
  });

  it('are checked against the question: unknown keys, too many keys or blanks, over-long texts, foreign questions', async () => {
    const { task, questions } = await createExam(db(), a.eid);
    const other = await createExam(db(), a.eid, { questions: OBJECTIVE.slice(0, 1) });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    const byType = (type: number) => questions.find((q) => q.questionType === type)!.id;
    const bad = [
      [byType(1), ['Z']],
      [byType(1), ['A', 'B']],
      [byType(2), ['A', 'A']],
      [byType(3), ['B']],
      [byType(4), ['a', 'b', 'c']],
      [byType(4), ['x'.repeat(201)]],
      [byType(5), ['one', 'two']],
      [byType(6), ['A', 'B', 'A']],
      [byType(6), ['Q']],
      [other.questions[0]!.id, ['A']],
    ] as const;
    for (const [questionId, answer] of bad) {
      const res = await t.call(saveExamAnswer, { attemptId, questionId, answer: [...answer], seq: 1 }, { as: learner });
      expect(res.code, `${questionId} ${answer.join().slice(0, 20)}`).toBe(ErrorCode.EXAM_ANSWER_INVALID);
      expect(res.message).toMatch(/^答案不符合题目要求：/);
    }
    const en = await t.call(
      saveExamAnswer,
      { attemptId, questionId: byType(1), answer: ['Z'], seq: 1 },
      { as: learner, lang: 'en' },
    );
    expect(en.message).toBe('The answer does not fit the question: the option chosen does not exist');
    // A batch with one bad answer stores none of it.
    const batch = await t.call(
      saveExamAnswers,
      {
        attemptId,
        answers: [
          { questionId: byType(3), answer: ['T'], seq: 1 },
          { questionId: byType(1), answer: ['Z'], seq: 1 },
        ],
      },
      { as: learner },
    );
    expect(batch.code).toBe(ErrorCode.EXAM_ANSWER_INVALID);
    expect(batch.data).toEqual({ questionId: byType(1) });
    // Malformed input is a 400: not a list, a sequence below 1, a text past the longest short answer.
    expect(
      (
        await t.call(
          saveExamAnswer,
          { attemptId, questionId: byType(5), answer: ['x'.repeat(5001)], seq: 1 },
          { as: learner },
        )
      ).code,
    ).toBe(400);
    expect(
      (
        await t.call(saveExamAnswer, unchecked({ attemptId, questionId: byType(1), answer: 'B', seq: 1 }), {
          as: learner,
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await t.call(saveExamAnswer, unchecked({ attemptId, questionId: byType(1), answer: ['B'], seq: 0 }), {
          as: learner,
        })
      ).code,
    ).toBe(400);
    expect((await paperOf(learner, attemptId)).answers).toEqual([]);
    // Empty answers clear a question, and good ones of every type are taken.
    const good = [
      [byType(1), ['B']],
      [byType(2), []],
      [byType(3), ['F']],
      [byType(4), ['窒息']],
      [byType(5), ['先断电']],
      [byType(6), ['B', '']],
      [byType(7), ['A', 'C']],
    ] as const;
    for (const [questionId, answer] of good) {
      const res = await t.call(saveExamAnswer, { attemptId, questionId, answer: [...answer], seq: 1 }, { as: learner });
      expect(res.code, res.message).toBe(200);
    }
  });

  it('are refused once the paper is submitted (7605), leaving the marked answers as they were', async () => {
    const { task } = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    const answers = answersFor((await paperOf(learner, attemptId)).questions, 'right');
    await t.call(saveExamAnswers, { attemptId, answers }, { as: learner });
    expect((await t.call(finishExam, { attemptId }, { as: learner })).data.score).toBe(12);
    const late = await t.call(saveExamAnswer, { attemptId, ...answers[0]!, answer: ['A'], seq: 2 }, { as: learner });
    expect(late.code).toBe(ErrorCode.EXAM_SUBMITTED);
    expect((await t.call(viewExamResult, { attemptId }, { as: learner })).data.score).toBe(12);
  });
});

describe('marking every question type through finish', () => {
  it('right, wrong and partly right, with partial marks for multiple choices where the task gives them', async () => {
    const { task } = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { partialMultiple: true, attemptsAllowed: 1 },
    });
    const outcomes: Record<string, Array<[number, number | null, number | null]>> = {};
    for (const how of ['right', 'wrong', 'partly'] as const) {
      const learner = await t.learner(a);
      const { attemptId } = await start(learner, task.id);
      const paper = await paperOf(learner, attemptId);
      const saved = await t.call(
        saveExamAnswers,
        { attemptId, answers: answersFor(paper.questions, how) },
        { as: learner },
      );
      expect(saved.code, saved.message).toBe(200);
      const res = await t.call(finishExam, { attemptId }, { as: learner });
      expect(res.code, res.message).toBe(200);
      outcomes[how] = res.data.questions.map((q) => [q.questionType, q.result, q.gotScore]);
      if (how === 'right') {
        expect(res.data).toMatchObject({ score: 12, passed: true, status: AttemptStatus.MARKED, answersShown: true });
        // Answers are shown now: the keys, the blanks and the analysis.
        const fill = res.data.questions.find((q) => q.questionType === 4)!;
        expect(fill.blanks).toEqual([
          ['窒息法', '窒息'],
          ['冷却法', '冷却'],
        ]);
        expect(fill.analysis).toBe('隔离、窒息、冷却。');
      }
    }
    const { RIGHT, WRONG, PARTLY } = AnswerResult;
    expect(outcomes.right).toEqual([
      [1, RIGHT, 2],
      [2, RIGHT, 2],
      [3, RIGHT, 2],
      [4, RIGHT, 2],
      [6, RIGHT, 2],
      [7, RIGHT, 2],
    ]);
    expect(outcomes.wrong).toEqual([
      [1, WRONG, 0],
      [2, WRONG, 0],
      [3, WRONG, 0],
      [4, WRONG, 0],
      [6, WRONG, 0],
      [7, WRONG, 0],
    ]);
    expect(outcomes.partly).toEqual([
      [1, RIGHT, 2],
      [2, PARTLY, 1],
      [3, RIGHT, 2],
      [4, PARTLY, 1],
      [6, PARTLY, 1],
      [7, PARTLY, 1],
    ]);
  });

  it('without partial marks a right subset of a multiple choice earns nothing; unanswered questions are wrong', async () => {
    const { task } = await createExam(db(), a.eid, { questions: OBJECTIVE, task: { partialMultiple: false } });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    const paper = await paperOf(learner, attemptId);
    const multiple = paper.questions.find((q) => q.questionType === 2)!;
    await t.call(
      saveExamAnswer,
      { attemptId, questionId: multiple.questionId, answer: ['A', 'B'], seq: 1 },
      { as: learner },
    );
    const res = await t.call(finishExam, { attemptId }, { as: learner });
    expect(res.data.questions.map((q) => q.result)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(res.data).toMatchObject({ score: 0, passed: false });
    // Wrong answers go to the error book (source 7, the exam task).
    const { rows } = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM error_book WHERE account_id = ${learner.accountId} AND source_type = 7`,
    );
    expect(rows[0]!.n).toBe(6);
  });
});

describe('one enterprise, one learner', () => {
  it('a learner of A cannot start, see or save into B’s exam, nor into another learner’s attempt', async () => {
    const exam = await createExam(db(), a.eid, { questions: OBJECTIVE });
    const owner = await t.learner(a);
    const neighbour = await t.learner(a);
    const outsider = await t.learner(b);
    const { attemptId } = await start(owner, exam.task.id);
    const q = (await paperOf(owner, attemptId)).questions[0]!;
    expect((await t.call(startExam, { taskId: exam.task.id }, { as: outsider })).code).toBe(404);
    for (const who of [outsider, neighbour]) {
      const save = { attemptId, questionId: q.questionId, answer: ['A'], seq: 99 };
      expect((await t.call(viewExamPaper, { attemptId }, { as: who })).code).toBe(404);
      expect((await t.call(saveExamAnswer, save, { as: who })).code).toBe(404);
      expect((await t.call(saveExamAnswers, { attemptId, answers: [save] }, { as: who })).code).toBe(404);
      expect((await t.call(getExamDuration, { attemptId, event: ScreenEvent.LEAVE }, { as: who })).code).toBe(404);
      expect((await t.call(finishExam, { attemptId }, { as: who })).code).toBe(404);
      expect((await t.call(viewExamResult, { attemptId }, { as: who })).code).toBe(404);
      expect((await t.call(viewPaperRecord, { id: attemptId }, { as: who })).code).toBe(404);
    }
    const paper = await paperOf(owner, attemptId);
    expect(paper).toMatchObject({ answers: [], screenSwitches: 0, status: AttemptStatus.ANSWERING });
    // B's own exam is B's: A's learner does not see its task either.
    const theirs = await createExam(db(), b.eid, { questions: OBJECTIVE });
    expect((await t.call(startExam, { taskId: theirs.task.id }, { as: owner })).code).toBe(404);
  });
});

describe('earning once', () => {
  it('concurrent finishes submit once, award once and issue one certificate', async () => {
    const { task } = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      certificate: true,
      task: { points: 30, creditTenths: 15 },
    });
    const learner = await t.learner(a);
    const { attemptId } = await start(learner, task.id);
    await t.call(
      saveExamAnswers,
      { attemptId, answers: answersFor((await paperOf(learner, attemptId)).questions, 'right') },
      { as: learner },
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call(finishExam, { attemptId }, { as: learner })),
    );
    expect(results.map((r) => r.code)).toEqual(Array(8).fill(200));
    const numbers = new Set(results.map((r) => r.data.certificate?.number));
    expect(numbers.size).toBe(1);
    expect([...numbers][0]).toMatch(new RegExp(`^ZS${a.eid}\\d{4}\\d{8}$`));
    expect(results[0]!.data.earned).toEqual({ points: 30, creditHour: 1.5 });
    const count = async (q: ReturnType<typeof sql>) => (await db().execute<{ n: number }>(q)).rows[0]!.n;
    expect(await count(sql`SELECT count(*)::int AS n FROM earnings WHERE account_id = ${learner.accountId}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM certificates WHERE account_id = ${learner.accountId}`)).toBe(
      1,
    );
    expect(
      await count(sql`SELECT count(*)::int AS n FROM exam_attempt_events WHERE attempt_id = ${attemptId} AND kind = 6`),
    ).toBe(1);
    const { rows } = await db().execute<{ points: number; credit_tenths: number; certificates: number }>(
      sql`SELECT points, credit_tenths, certificates FROM learner_totals WHERE account_id = ${learner.accountId}`,
    );
    expect(rows).toEqual([{ points: 30, credit_tenths: 15, certificates: 1 }]);
  });

  it('concurrent starts make one attempt; the window and the attempts left are the server’s (7601, 7602, 7604)', async () => {
    const { task } = await createExam(db(), a.eid, { questions: OBJECTIVE, task: { attemptsAllowed: 2 } });
    const learner = await t.learner(a);
    const starts = await Promise.all(
      Array.from({ length: 6 }, () => t.call(startExam, { taskId: task.id }, { as: learner })),
    );
    expect(new Set(starts.map((s) => s.data.attemptId)).size).toBe(1);
    expect(starts.filter((s) => !s.data.resumed)).toHaveLength(1);
    await t.call(finishExam, { attemptId: starts[0]!.data.attemptId }, { as: learner });
    const second = await start(learner, task.id);
    expect(second).toMatchObject({ attemptNo: 2, resumed: false });
    await t.call(finishExam, { attemptId: second.attemptId }, { as: learner });
    expect((await t.call(startExam, { taskId: task.id }, { as: learner })).code).toBe(ErrorCode.EXAM_ATTEMPTS_USED_UP);

    const later = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) },
    });
    expect((await t.call(startExam, { taskId: later.task.id }, { as: learner })).code).toBe(ErrorCode.EXAM_NOT_STARTED);
    const over = await createExam(db(), a.eid, {
      questions: OBJECTIVE,
      task: { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) },
    });
    expect((await t.call(startExam, { taskId: over.task.id }, { as: learner })).code).toBe(ErrorCode.EXAM_ENDED);
    // Nothing of a refused start is stored.
    const { rows } = await db().execute(
      sql`SELECT 1 FROM exam_task_records WHERE account_id = ${learner.accountId} AND task_id IN (${later.task.id}, ${over.task.id})`,
    );
    expect(rows).toEqual([]);
  });
});

describe('random papers', () => {
  it('are drawn per taker by the rules (bank, type, difficulty, count, score), questions and options shuffled', async () => {
    const singles = Array.from({ length: 10 }, (_, i) => ({
      questionType: 1,
      difficulty: 1,
      stem: `单选${i}`,
      options: ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项${key}` })),
      answer: ['A'],
    }));
    const multiples = Array.from({ length: 10 }, (_, i) => ({
      questionType: 2,
      difficulty: i < 5 ? 2 : 3,
      stem: `多选${i}`,
      options: ['A', 'B', 'C', 'D', 'E'].map((key) => ({ key, text: `选项${key}` })),
      answer: ['A', 'B'],
    }));
    const exam = await createExam(db(), a.eid, {
      questions: [...singles, ...multiples],
      paper: { mode: 2, shuffleQuestions: true, shuffleOptions: true },
    });
    await db().execute(
      sql`UPDATE exam_papers SET rules = ${JSON.stringify([
        { bankId: exam.bank.id, questionType: 1, difficulty: 1, count: 3, scoreTenths: 20 },
        { bankId: exam.bank.id, questionType: 2, difficulty: 2, count: 2, scoreTenths: 35 },
      ])}::jsonb WHERE id = ${exam.paper.id}`,
    );
    const papers: ExamPaperQuestion[][] = [];
    for (let i = 0; i < 6; i++) {
      const learner = await t.learner(a);
      const { attemptId } = await start(learner, exam.task.id);
      const paper = await paperOf(learner, attemptId);
      papers.push(paper.questions);
      expect(paper.totalScore).toBe(13);
      const singlesDrawn = paper.questions.filter((q) => q.questionType === 1);
      const multiplesDrawn = paper.questions.filter((q) => q.questionType === 2);
      expect(singlesDrawn).toHaveLength(3);
      expect(multiplesDrawn).toHaveLength(2);
      expect(singlesDrawn.every((q) => q.difficulty === 1 && q.score === 2)).toBe(true);
      expect(multiplesDrawn.every((q) => q.difficulty === 2 && q.score === 3.5)).toBe(true);
      expect(new Set(paper.questions.map((q) => q.questionId)).size).toBe(5);
    }
    const sets = new Set(
      papers.map((p) =>
        p
          .map((q) => q.questionId)
          .sort()
          .join(),
      ),
    );
    expect(sets.size).toBeGreaterThan(1);
    const orders = new Set(papers.flatMap((p) => p.map((q) => q.options.map((o) => o.key).join(''))));
    expect(orders.size).toBeGreaterThan(1);
  });
});
