import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnswerResult,
  AttemptStatus,
  ErrorCode,
  ExamStatusLabel,
  SubmitReason,
  countExamTasks,
  claimNextMarking,
  findMarkingAttempts,
  finishExam,
  markExamAttempt,
  saveExamAnswer,
  saveExamAnswers,
  startExam,
  viewExamPaper,
  viewExamResult,
  viewExamTaskRecord,
  viewMarkingAttempt,
} from '@portal/contract';
import { createEnterprise, createExam, SAMPLE_QUESTIONS, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { examSweepOf } from './exam.routes.ts';

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
const count = async (q: ReturnType<typeof sql>) => (await db().execute<{ n: number }>(q)).rows[0]!.n;

/** The right answer of each sample question by type (the short answer: a written text). */
const RIGHT: Record<number, string[]> = {
  1: ['B'],
  2: ['A', 'B', 'D'],
  3: ['T'],
  4: ['窒息', '冷却'],
  5: ['先切断电源，再用绝缘物使触电者脱离电源。'],
  6: ['B', 'A'],
  7: ['A', 'C'],
};

/** Starts the task and saves the right answer to every question (the short answer left out when `short` is false). */
async function takeRight(learner: Learner, taskId: number, short = true) {
  const started = await t.call(startExam, { taskId }, { as: learner });
  expect(started.code, started.message).toBe(200);
  const { attemptId } = started.data;
  const paper = await t.call(viewExamPaper, { attemptId }, { as: learner });
  const answers = paper.data.questions
    .filter((q) => short || q.questionType !== 5)
    .map((q) => ({ questionId: q.questionId, answer: RIGHT[q.questionType]!, seq: 1 }));
  expect((await t.call(saveExamAnswers, { attemptId, answers }, { as: learner })).code).toBe(200);
  return { attemptId, questions: paper.data.questions };
}

describe('the sweep', () => {
  it('submits attempts abandoned past their deadline and the 60 s grace, of every enterprise, once', async () => {
    const service = examSweepOf(t.platform);
    // Attempts left open by earlier tests or files would be swept too: start from none.
    await service.sweepOverdueAttempts();
    const examA = await createExam(db(), a.eid, {
      certificate: true,
      questions: SAMPLE_QUESTIONS.filter((q) => q.questionType !== 5),
    });
    const examB = await createExam(db(), b.eid, { questions: SAMPLE_QUESTIONS.slice(0, 1) });
    const abandoned = await takeRight(await t.learner(a), examA.task.id);
    const inGrace = await takeRight(await t.learner(a), examA.task.id);
    const inTime = await takeRight(await t.learner(a), examA.task.id);
    const abandonedB = await takeRight(await t.learner(b), examB.task.id);
    // The server's clock moves: 90 s past the deadline (past the grace), and 10 s past it (within).
    const age = (attemptId: number, seconds: number) =>
      db().execute(
        sql`UPDATE exam_attempts SET deadline_at = now() - make_interval(secs => ${seconds}) WHERE id = ${attemptId}`,
      );
    await age(abandoned.attemptId, 90);
    await age(abandonedB.attemptId, 61);
    await age(inGrace.attemptId, 10);

    // Two ticks at once (a tick run again after a crash, or two processes): each attempt is submitted once.
    const swept = await Promise.all([service.sweepOverdueAttempts(), service.sweepOverdueAttempts()]);
    expect(swept[0]! + swept[1]!).toBe(2);
    expect(await service.sweepOverdueAttempts()).toBe(0);

    const state = async (attemptId: number) =>
      (
        await db().execute<{ status: number; submit_reason: number | null; score_tenths: number | null }>(
          sql`SELECT status, submit_reason, score_tenths FROM exam_attempts WHERE id = ${attemptId}`,
        )
      ).rows[0]!;
    // Marked through the same submit as the taker's: the saved answers count, the pass earns.
    expect(await state(abandoned.attemptId)).toEqual({
      status: AttemptStatus.MARKED,
      submit_reason: SubmitReason.SWEEP,
      score_tenths: 120,
    });
    expect(await state(abandonedB.attemptId)).toEqual({
      status: AttemptStatus.MARKED,
      submit_reason: SubmitReason.SWEEP,
      score_tenths: 20,
    });
    expect((await state(inGrace.attemptId)).status).toBe(AttemptStatus.ANSWERING);
    expect((await state(inTime.attemptId)).status).toBe(AttemptStatus.ANSWERING);
    for (const id of [abandoned.attemptId, abandonedB.attemptId]) {
      expect(
        await count(sql`SELECT count(*)::int AS n FROM exam_attempt_events WHERE attempt_id = ${id} AND kind = 8`),
      ).toBe(1);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM certificates WHERE source_id = ${examA.task.id}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM earnings WHERE source_id = ${examA.task.id}`)).toBe(1);
  });
});

describe('marking short answers', () => {
  it('waits for marking (等待批阅) when a short answer is written, with the objective part marked', async () => {
    const { task } = await createExam(db(), a.eid);
    const learner = await t.learner(a);
    const { attemptId } = await takeRight(learner, task.id);
    const res = await t.call(finishExam, { attemptId }, { as: learner });
    expect(res.data).toMatchObject({
      status: AttemptStatus.WAITING_FOR_MARKING,
      objectiveScore: 12,
      score: null,
      passed: null,
      earned: null,
      certificate: null,
    });
    expect(res.data.questions.find((q) => q.questionType === 5)).toMatchObject({ result: null, gotScore: null });
    const view = await t.call(viewExamTaskRecord, { taskId: task.id }, { as: learner });
    expect(view.data).toMatchObject({ statusLabel: ExamStatusLabel.WAITING_FOR_MARKING, waitingForMarking: true });
    expect((await t.call(countExamTasks, {}, { as: learner })).data.waitingForMarking).toBe(1);
  });

  it('an empty short answer is marked 0 at submit and needs no marker', async () => {
    const { task } = await createExam(db(), a.eid);
    const learner = await t.learner(a);
    const { attemptId } = await takeRight(learner, task.id, false);
    const res = await t.call(finishExam, { attemptId }, { as: learner });
    expect(res.data).toMatchObject({ status: AttemptStatus.MARKED, score: 12, passed: true });
    expect(res.data.questions.find((q) => q.questionType === 5)).toMatchObject({
      result: AnswerResult.WRONG,
      gotScore: 0,
    });
  });

  it('only the enterprise’s administrators mark, and only their enterprise’s papers', async () => {
    const { task } = await createExam(db(), a.eid);
    const learner = await t.learner(a);
    const { attemptId } = await takeRight(learner, task.id);
    await t.call(finishExam, { attemptId }, { as: learner });
    const shortId = SAMPLE_QUESTIONS.findIndex((q) => q.questionType === 5);
    const questionId = (await t.call(viewExamResult, { attemptId }, { as: learner })).data.questions[shortId]!
      .questionId;
    const mark = { attemptId, marks: [{ questionId, score: 2 }] };
    for (const call of [
      t.call(findMarkingAttempts, {}, { as: learner }),
      t.call(viewMarkingAttempt, { attemptId }, { as: learner }),
      t.call(markExamAttempt, mark, { as: learner }),
    ]) {
      const res = await call;
      expect(res.code).toBe(ErrorCode.NOT_ADMIN);
      expect(res.message).toBe('无权限访问管理后台');
    }
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect((await t.call(viewMarkingAttempt, { attemptId }, { as: adminOfB })).code).toBe(404);
    expect((await t.call(markExamAttempt, mark, { as: adminOfB })).code).toBe(404);
    expect((await t.call(findMarkingAttempts, {}, { as: adminOfB })).data.list.map((x) => x.attemptId)).not.toContain(
      attemptId,
    );
    expect((await t.call(viewExamResult, { attemptId }, { as: learner })).data.status).toBe(
      AttemptStatus.WAITING_FOR_MARKING,
    );
  });

  it('no one marks their own attempt: an administrator’s own paper is not listed to them and refused (7611)', async () => {
    const { task } = await createExam(db(), a.eid, { task: { points: 5 } });
    const admin = await t.learner(a, { member: { isAdmin: true } });
    const { attemptId, questions } = await takeRight(admin, task.id);
    await t.call(finishExam, { attemptId }, { as: admin });
    const short = questions.find((q) => q.questionType === 5)!;
    const marks = [{ questionId: short.questionId, score: 2 }];

    const page = await t.call(findMarkingAttempts, { taskId: task.id }, { as: admin });
    expect(page.data.list).toEqual([]);
    const view = await t.call(viewMarkingAttempt, { attemptId }, { as: admin });
    expect(view.code).toBe(ErrorCode.EXAM_OWN_ATTEMPT);
    expect(view.message).toBe('不能批阅自己的答卷');
    const mark = await t.call(markExamAttempt, { attemptId, marks }, { as: admin, lang: 'en' });
    expect(mark.code).toBe(ErrorCode.EXAM_OWN_ATTEMPT);
    expect(mark.message).toBe('You cannot mark your own paper');
    // Nothing was marked, nothing earned: the attempt still waits for another administrator.
    expect((await t.call(viewExamResult, { attemptId }, { as: admin })).data.status).toBe(
      AttemptStatus.WAITING_FOR_MARKING,
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM earnings WHERE account_id = ${admin.accountId}`)).toBe(0);

    const colleague = await t.learner(a, { member: { isAdmin: true } });
    expect((await t.call(findMarkingAttempts, { taskId: task.id }, { as: colleague })).data.list).toEqual([
      expect.objectContaining({ attemptId }),
    ]);
    const done = await t.call(markExamAttempt, { attemptId, marks }, { as: colleague });
    expect(done.data).toMatchObject({ status: AttemptStatus.MARKED, passed: true });
    const logged = await db().execute<{ question_id: number | null; marker: number }>(
      sql`SELECT question_id, (detail->>'markerId')::int AS marker FROM exam_attempt_events
        WHERE attempt_id = ${attemptId} AND kind = 10 ORDER BY id`,
    );
    expect(logged.rows).toEqual([
      { question_id: short.questionId, marker: colleague.accountId },
      { question_id: null, marker: colleague.accountId },
    ]);
  });

  it('an administrator marks an attempt once: bad marks refused, concurrent marks complete it once with one award and certificate', async () => {
    const { task } = await createExam(db(), a.eid, { certificate: true, task: { points: 12, creditTenths: 5 } });
    const learner = await t.learner(a);
    const admin = await t.learner(a, { member: { isAdmin: true } });
    const { attemptId, questions } = await takeRight(learner, task.id);
    await t.call(finishExam, { attemptId }, { as: learner });
    const short = questions.find((q) => q.questionType === 5)!;

    const page = await t.call(findMarkingAttempts, { taskId: task.id }, { as: admin });
    expect(page.data.list).toEqual([
      expect.objectContaining({
        attemptId,
        learnerName: learner.realName,
        objectiveScore: 12,
        totalScore: 14,
        toMark: 1,
      }),
    ]);
    const view = await t.call(viewMarkingAttempt, { attemptId }, { as: admin });
    expect(view.data.questions).toEqual([
      {
        questionId: short.questionId,
        stem: short.stem,
        score: 2,
        answer: RIGHT[5]![0],
        referenceAnswer: '先切断电源，再用绝缘物使触电者脱离电源，然后进行急救并拨打120。',
        analysis: '切断电源是第一步。',
      },
    ]);

    const other = questions.find((q) => q.questionType === 1)!.questionId;
    for (const marks of [
      [{ questionId: short.questionId, score: 2.5 }],
      [{ questionId: short.questionId, score: 1.25 }],
      [{ questionId: other, score: 1 }],
      [
        { questionId: short.questionId, score: 1 },
        { questionId: short.questionId, score: 1 },
      ],
    ]) {
      const res = await t.call(markExamAttempt, { attemptId, marks }, { as: admin });
      expect(res.code, JSON.stringify(marks)).toBe(ErrorCode.EXAM_MARK_INVALID);
      expect(res.message).toMatch(/^评分不正确：/);
    }
    expect((await t.call(viewExamResult, { attemptId }, { as: learner })).data.status).toBe(
      AttemptStatus.WAITING_FOR_MARKING,
    );

    const marks = [{ questionId: short.questionId, score: 1.5, comment: '步骤不完整' }];
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.call(markExamAttempt, { attemptId, marks }, { as: admin })),
    );
    const done = results.filter((r) => r.code === 200);
    expect(done).toHaveLength(1);
    expect(results.filter((r) => r.code === ErrorCode.EXAM_NOT_WAITING_FOR_MARKING)).toHaveLength(5);
    expect(done[0]!.data).toMatchObject({ attemptId, status: AttemptStatus.MARKED, score: 13.5, passed: true });
    expect(done[0]!.data.certificate?.number).toMatch(/^ZS/);
    // One mark, one row of the back office's audit log: who marked, the attempt before and after.
    const audited = await db().execute<{ account_id: number; before: { status: number }; after: { score: number } }>(
      sql`SELECT account_id, before, after FROM admin_audit_log
           WHERE eid = ${a.eid} AND entity_type = 'exam_attempt' AND entity_id = ${String(attemptId)}`,
    );
    expect(audited.rows).toHaveLength(1);
    expect(audited.rows[0]!.before.status).toBe(AttemptStatus.WAITING_FOR_MARKING);
    expect(audited.rows[0]!.after.score).toBe(13.5);

    const result = await t.call(viewExamResult, { attemptId }, { as: learner });
    expect(result.data).toMatchObject({
      status: AttemptStatus.MARKED,
      score: 13.5,
      passed: true,
      earned: { points: 12, creditHour: 0.5 },
    });
    expect(result.data.questions.find((q) => q.questionType === 5)).toMatchObject({
      result: AnswerResult.PARTLY,
      gotScore: 1.5,
      markerComment: '步骤不完整',
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM earnings WHERE account_id = ${learner.accountId}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM certificates WHERE account_id = ${learner.accountId}`)).toBe(
      1,
    );
    // The log names the marker of each mark (one event per question) and of the total, once.
    const logged = await db().execute<{ question_id: number | null; detail: Record<string, unknown> }>(
      sql`SELECT question_id, detail FROM exam_attempt_events WHERE attempt_id = ${attemptId} AND kind = 10 ORDER BY id`,
    );
    expect(logged.rows).toEqual([
      {
        question_id: short.questionId,
        detail: { markerId: admin.accountId, score: 1.5, result: AnswerResult.PARTLY, comment: '步骤不完整' },
      },
      { question_id: null, detail: expect.objectContaining({ markerId: admin.accountId, score: 13.5 }) },
    ]);
    const record = await t.call(viewExamTaskRecord, { taskId: task.id }, { as: learner });
    expect(record.data).toMatchObject({
      statusLabel: ExamStatusLabel.PASSED,
      bestScore: 13.5,
      waitingForMarking: false,
    });
    expect(record.data.certificate?.number).toBe(done[0]!.data.certificate?.number);
    // Marked once: the page no longer lists it, and marking again is refused.
    expect((await t.call(findMarkingAttempts, { taskId: task.id }, { as: admin })).data.totalCount).toBe(0);
    expect((await t.call(markExamAttempt, { attemptId, marks }, { as: admin })).code).toBe(
      ErrorCode.EXAM_NOT_WAITING_FOR_MARKING,
    );
  });

  it('a short answer marked full is right and marked 0 is wrong; a fail earns nothing', async () => {
    const { task } = await createExam(db(), a.eid, { certificate: true, task: { passScoreTenths: 140 } });
    const admin = await t.learner(a, { member: { isAdmin: true } });
    const outcomes = [];
    for (const score of [2, 0]) {
      const learner = await t.learner(a);
      const { attemptId, questions } = await takeRight(learner, task.id);
      await t.call(finishExam, { attemptId }, { as: learner });
      const short = questions.find((q) => q.questionType === 5)!;
      const res = await t.call(
        markExamAttempt,
        { attemptId, marks: [{ questionId: short.questionId, score }] },
        { as: admin },
      );
      expect(res.code, res.message).toBe(200);
      const result = (await t.call(viewExamResult, { attemptId }, { as: learner })).data;
      outcomes.push([
        result.questions.find((q) => q.questionType === 5)!.result,
        result.score,
        result.passed,
        result.certificate,
      ]);
      expect((await t.call(viewExamTaskRecord, { taskId: task.id }, { as: learner })).data.statusLabel).toBe(
        score === 2 ? ExamStatusLabel.PASSED : ExamStatusLabel.FAILED,
      );
    }
    expect(outcomes[0]!.slice(0, 3)).toEqual([AnswerResult.RIGHT, 14, true]);
    expect(outcomes[1]).toEqual([AnswerResult.WRONG, 12, false, null]);
  });

  it('saving into a submitted short-answer paper is refused while it waits for marking', async () => {
    const { task } = await createExam(db(), a.eid);
    const learner = await t.learner(a);
    const { attemptId, questions } = await takeRight(learner, task.id);
    await t.call(finishExam, { attemptId }, { as: learner });
    const short = questions.find((q) => q.questionType === 5)!;
    const res = await t.call(
      saveExamAnswer,
      { attemptId, questionId: short.questionId, answer: ['改过的答案'], seq: 2 },
      { as: learner },
    );
    expect(res.code).toBe(ErrorCode.EXAM_SUBMITTED);
  });

  it('an opened attempt is the marker’s for 15 minutes: another marker is refused it and skips it; the queue goes round', async () => {
    const exam = await createExam(db(), a.eid);
    const [first, second, third] = [await t.learner(a), await t.learner(a), await t.learner(a)];
    const ids: number[] = [];
    for (const taker of [first, second, third]) {
      const { attemptId } = await takeRight(taker, exam.task.id);
      expect((await t.call(finishExam, { attemptId }, { as: taker })).code).toBe(200);
      ids.push(attemptId);
    }
    const one = await t.learner(a, { member: { isAdmin: true, realName: '阅卷甲' } });
    const two = await t.learner(a, { member: { isAdmin: true } });
    const queue = async (as: Learner) =>
      (await t.call(findMarkingAttempts, { taskId: exam.task.id }, { as })).data.list.map((r) => [
        r.attemptId,
        r.claimedBy !== null,
        r.claimedByMe,
      ]);

    const opened = await t.call(viewMarkingAttempt, { attemptId: ids[0]! }, { as: one });
    expect(opened.code, opened.message).toBe(200);
    expect(opened.data.claimedByMe).toBe(true);
    expect(Date.parse(opened.data.claimedUntil!) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await queue(one)).toEqual([
      [ids[0], false, true],
      [ids[1], false, false],
      [ids[2], false, false],
    ]);
    expect(await queue(two)).toEqual([
      [ids[0], true, false],
      [ids[1], false, false],
      [ids[2], false, false],
    ]);
    // The other marker can neither open nor mark it meanwhile.
    const refused = await t.call(viewMarkingAttempt, { attemptId: ids[0]! }, { as: two });
    expect(refused.code).toBe(ErrorCode.EXAM_MARKING_CLAIMED);
    const shortQ = opened.data.questions[0]!;
    const markAs = (as: Learner, attemptId: number) =>
      t.call(markExamAttempt, { attemptId, marks: [{ questionId: shortQ.questionId, score: 1 }] }, { as });
    expect((await markAs(two, ids[0]!)).code).toBe(ErrorCode.EXAM_MARKING_CLAIMED);
    // "Next" skips what another marker has open, and goes round the queue.
    const next = await t.call(claimNextMarking, { taskId: exam.task.id }, { as: two });
    expect(next.data.attemptId).toBe(ids[1]);
    const after = await t.call(claimNextMarking, { taskId: exam.task.id, after: ids[1]! }, { as: two });
    expect(after.data.attemptId).toBe(ids[2]);
    // ids[1] was given back by moving on; going round from the last finds it again, not ids[0].
    const round = await t.call(claimNextMarking, { taskId: exam.task.id, after: ids[2]! }, { as: two });
    expect(round.data.attemptId).toBe(ids[1]);
    const back = await t.call(
      claimNextMarking,
      { taskId: exam.task.id, after: ids[1]!, direction: 'previous' },
      { as: two },
    );
    expect(back.data.attemptId).toBe(ids[2]);

    // The first marker marks theirs; it leaves the queue.
    expect((await markAs(one, ids[0]!)).code).toBe(200);
    expect((await markAs(one, ids[0]!)).code).toBe(ErrorCode.EXAM_NOT_WAITING_FOR_MARKING);
    // A claim runs out: then another marker may take it.
    await db().execute(sql`UPDATE exam_attempts SET claimed_until = now() - interval '1 second' WHERE id = ${ids[2]!}`);
    expect((await t.call(viewMarkingAttempt, { attemptId: ids[2]! }, { as: one })).code).toBe(200);
    expect((await t.call(viewMarkingAttempt, { attemptId: ids[2]! }, { as: two })).code).toBe(
      ErrorCode.EXAM_MARKING_CLAIMED,
    );
    // Nothing left for a marker once every other attempt is open elsewhere or marked.
    expect((await t.call(viewMarkingAttempt, { attemptId: ids[1]! }, { as: one })).code).toBe(200);
    const none = await t.call(claimNextMarking, { taskId: exam.task.id }, { as: two });
    expect(none.data.attemptId).toBe(null);
  });
});
