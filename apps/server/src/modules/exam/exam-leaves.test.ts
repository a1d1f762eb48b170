import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttemptEventKind,
  AttemptStatus,
  EXAM_SEQ_STEP_MAX,
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
} from '@portal/contract';
import { createEnterprise, createExam, SAMPLE_QUESTIONS, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Leaves of the exam page counted past the site's grace, measured on the server (issue 19 item 12),
// and saves that may move the attempt's lastSeq forward by a bounded step only (item 10). The
// server's clock is driven by moving the open leave's time back (as the other exam tests move
// deadlines), never by sleeping.

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
const OBJECTIVE = SAMPLE_QUESTIONS.filter((q) => q.questionType !== 5);
const RIGHT: Record<number, string[]> = {
  1: ['B'],
  2: ['A', 'B', 'D'],
  3: ['T'],
  4: ['窒息', '冷却'],
  6: ['B', 'A'],
  7: ['A', 'C'],
};

async function sit(ent: Ent, task: NonNullable<Parameters<typeof createExam>[2]>['task'] = {}) {
  const { task: made } = await createExam(db(), ent.eid, { questions: OBJECTIVE, task });
  const learner = await t.learner(ent);
  const started = await t.call(startExam, { taskId: made.id }, { as: learner });
  expect(started.code, started.message).toBe(200);
  return { learner, attemptId: started.data.attemptId };
}

const report = (learner: Learner, attemptId: number, event?: number) =>
  t.call(getExamDuration, { attemptId, ...(event ? { event } : {}) }, { as: learner });

/** The page has been away `seconds` by the server's clock: its open leave moved back in time. */
const awayFor = (attemptId: number, seconds: number) =>
  db().execute(
    sql`UPDATE exam_attempts SET left_at = left_at - make_interval(secs => ${seconds}) WHERE id = ${attemptId}`,
  );

async function leaveLog(attemptId: number) {
  const { rows } = await db().execute<{ kind: number; detail: Record<string, unknown> }>(
    sql`SELECT kind, detail FROM exam_attempt_events WHERE attempt_id = ${attemptId} AND kind IN (4, 5, 9, 11) ORDER BY id`,
  );
  return rows;
}

async function switchesOf(attemptId: number) {
  const { rows } = await db().execute<{ n: number; left: boolean }>(
    sql`SELECT screen_switches AS n, left_at IS NOT NULL AS left FROM exam_attempts WHERE id = ${attemptId}`,
  );
  return rows[0]!;
}

describe('leaves of the exam page', () => {
  it('count only past the grace (3 s by default), measured on the server from the leave to the return', async () => {
    const { learner, attemptId } = await sit(a, { screenSwitchLimit: 3 });
    // Back within the grace: logged, not counted.
    expect((await report(learner, attemptId, ScreenEvent.LEAVE)).data).toMatchObject({ screenSwitches: 0 });
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data).toMatchObject({ screenSwitches: 0 });
    // 2.5 s away: still within it.
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 2.5);
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data).toMatchObject({ screenSwitches: 0 });
    // 4 s away: a leave.
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 4);
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data).toMatchObject({
      screenSwitches: 1,
      screenSwitchLimit: 3,
      submitted: false,
    });
    const log = await leaveLog(attemptId);
    expect(log.map((r) => [r.kind, r.detail.counted ?? null])).toEqual([
      [AttemptEventKind.LEAVE, null],
      [AttemptEventKind.RETURN, false],
      [AttemptEventKind.LEAVE, null],
      [AttemptEventKind.RETURN, false],
      [AttemptEventKind.LEAVE, null],
      [AttemptEventKind.RETURN, true],
    ]);
    expect(log[5]!.detail).toMatchObject({ count: 1 });
    expect(log[5]!.detail.awaySeconds).toBeGreaterThanOrEqual(4);
    // A return with no leave open (the page's start) changes and logs nothing.
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data.screenSwitches).toBe(1);
    expect(await leaveLog(attemptId)).toHaveLength(6);
  });

  it('a reload within the grace is not a leave: the new page’s opening of the paper is the return', async () => {
    const { learner, attemptId } = await sit(a, { screenSwitchLimit: 3 });
    // pagehide reports the leave; the reloaded page opens the paper at once.
    await report(learner, attemptId, ScreenEvent.LEAVE);
    const reopened = await t.call(viewExamPaper, { attemptId }, { as: learner });
    expect(reopened.data.screenSwitches).toBe(0);
    expect(await switchesOf(attemptId)).toEqual({ n: 0, left: false });
    // The page's start reports its return too: nothing more to settle.
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data.screenSwitches).toBe(0);
    // A "reload" that kept the page away past the grace (the tab closed and opened again later) is a leave.
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 10);
    expect((await t.call(viewExamPaper, { attemptId }, { as: learner })).data.screenSwitches).toBe(1);
    expect((await leaveLog(attemptId)).map((r) => [r.kind, r.detail.counted ?? null])).toEqual([
      [AttemptEventKind.LEAVE, null],
      [AttemptEventKind.RETURN, false],
      [AttemptEventKind.LEAVE, null],
      [AttemptEventKind.RETURN, true],
    ]);
  });

  it('a leave with no return counts at the next poll past the grace, or at the submit', async () => {
    const { learner, attemptId } = await sit(a, { screenSwitchLimit: 0 });
    await report(learner, attemptId, ScreenEvent.LEAVE);
    // A second leave report (blur, then hidden) keeps the first one's time.
    await report(learner, attemptId, ScreenEvent.LEAVE);
    expect((await report(learner, attemptId)).data.screenSwitches).toBe(0);
    await awayFor(attemptId, 5);
    // The hidden page's clock poll, past the grace: counted, though the page has not come back.
    expect((await report(learner, attemptId)).data.screenSwitches).toBe(1);
    // Its return later counts it no second time.
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data.screenSwitches).toBe(1);
    expect((await leaveLog(attemptId)).map((r) => r.kind)).toEqual([
      AttemptEventKind.LEAVE,
      AttemptEventKind.LEAVE,
      AttemptEventKind.LEAVE_COUNTED,
    ]);
    // The tab closed for good: the submit counts the open leave.
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 60);
    const done = await t.call(finishExam, { attemptId }, { as: learner });
    expect(done.code, done.message).toBe(200);
    expect(done.data.screenSwitches).toBe(2);
    expect(await switchesOf(attemptId)).toEqual({ n: 2, left: false });
  });

  it('the site sets the grace (individuationOptions.examLeaveGraceSeconds)', async () => {
    const { learner, attemptId } = await sit(b, { screenSwitchLimit: 0 });
    await db().execute(
      sql`UPDATE website_settings SET individuation_options = individuation_options || '{"examLeaveGraceSeconds": 30}'::jsonb
          WHERE eid = ${b.eid}`,
    );
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 20);
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data.screenSwitches).toBe(0);
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 31);
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data.screenSwitches).toBe(1);
    // A grace beyond the bound is held to 60 s; a text is no setting (the default, 3 s).
    await db().execute(
      sql`UPDATE website_settings SET individuation_options = individuation_options || '{"examLeaveGraceSeconds": "x"}'::jsonb
          WHERE eid = ${b.eid}`,
    );
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 4);
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data.screenSwitches).toBe(2);
    await db().execute(
      sql`UPDATE website_settings SET individuation_options = individuation_options || '{"examLeaveGraceSeconds": 1e9}'::jsonb
          WHERE eid = ${b.eid}`,
    );
    await report(learner, attemptId, ScreenEvent.LEAVE);
    await awayFor(attemptId, 61);
    expect((await report(learner, attemptId, ScreenEvent.RETURN)).data.screenSwitches).toBe(3);
    await db().execute(
      sql`UPDATE website_settings SET individuation_options = individuation_options - 'examLeaveGraceSeconds' WHERE eid = ${b.eid}`,
    );
  });

  it('past the task’s limit the real leave submits the attempt (7603); short ones never do', async () => {
    const { learner, attemptId } = await sit(a, { screenSwitchLimit: 2 });
    const paper = await t.call(viewExamPaper, { attemptId }, { as: learner });
    const answers = paper.data.questions.map((q) => ({
      questionId: q.questionId,
      answer: RIGHT[q.questionType]!,
      seq: 1,
    }));
    expect((await t.call(saveExamAnswers, { attemptId, answers }, { as: learner })).code).toBe(200);
    const leave = async (seconds: number) => {
      await report(learner, attemptId, ScreenEvent.LEAVE);
      if (seconds > 0) await awayFor(attemptId, seconds);
      return report(learner, attemptId, ScreenEvent.RETURN);
    };
    for (let i = 0; i < 5; i++) expect((await leave(0)).data).toMatchObject({ screenSwitches: 0, submitted: false });
    expect((await leave(4)).data).toMatchObject({ screenSwitches: 1 });
    expect((await leave(4)).data).toMatchObject({ screenSwitches: 2, submitted: false });
    // The third real leave is past the limit of two: submitted at its return, and the page shows its notice.
    const third = await leave(4);
    expect(third.code).toBe(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
    expect(third.message).toBe('切屏次数超过限制，试卷已自动提交');
    const result = await t.call(viewExamResult, { attemptId }, { as: learner });
    expect(result.data).toMatchObject({
      status: AttemptStatus.MARKED,
      submitReason: SubmitReason.SCREEN_SWITCH,
      screenSwitches: 3,
      score: 12,
      passed: true,
    });
    // Later calls keep answering the notice; no save is taken.
    expect((await report(learner, attemptId, ScreenEvent.LEAVE)).code).toBe(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
    expect((await t.call(saveExamAnswer, { attemptId, ...answers[0]!, seq: 5 }, { as: learner })).code).toBe(
      ErrorCode.EXAM_SCREEN_SWITCH_LIMIT,
    );
    const kinds = (await leaveLog(attemptId)).map((r) => r.kind);
    expect(kinds.slice(-3)).toEqual([
      AttemptEventKind.LEAVE,
      AttemptEventKind.RETURN,
      AttemptEventKind.SCREEN_SWITCH_SUBMIT,
    ]);
  });

  it('past the limit at a poll with no return, or at the reopening of the paper, submit it too', async () => {
    const polled = await sit(a, { screenSwitchLimit: 1 });
    for (const n of [1, 2]) {
      await report(polled.learner, polled.attemptId, ScreenEvent.LEAVE);
      await awayFor(polled.attemptId, 5);
      const res = await report(polled.learner, polled.attemptId);
      if (n === 1) expect(res.data.screenSwitches).toBe(1);
      else expect(res.code).toBe(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
    }
    const reopened = await sit(a, { screenSwitchLimit: 1 });
    for (const n of [1, 2]) {
      await report(reopened.learner, reopened.attemptId, ScreenEvent.LEAVE);
      await awayFor(reopened.attemptId, 5);
      const res = await t.call(viewExamPaper, { attemptId: reopened.attemptId }, { as: reopened.learner });
      if (n === 1) expect(res.data.screenSwitches).toBe(1);
      else expect(res.code).toBe(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
    }
    const result = await t.call(viewExamResult, { attemptId: reopened.attemptId }, { as: reopened.learner });
    expect(result.data).toMatchObject({ submitReason: SubmitReason.SCREEN_SWITCH, screenSwitches: 2 });
  });
});

describe('the save sequence', () => {
  it('a save may move lastSeq forward by a bounded step only: 2147483647 is refused (7612), later saves work', async () => {
    const { learner, attemptId } = await sit(a);
    const q = (await t.call(viewExamPaper, { attemptId }, { as: learner })).data.questions;
    const [single, tf] = [q.find((x) => x.questionType === 1)!, q.find((x) => x.questionType === 3)!];
    const save = (questionId: number, answer: string[], seq: number, lang?: 'en') =>
      t.call(saveExamAnswer, { attemptId, questionId, answer, seq }, { as: learner, ...(lang ? { lang } : {}) });

    const huge = await save(single.questionId, ['B'], 2147483647);
    expect(huge.code).toBe(ErrorCode.EXAM_SEQ_TOO_FAR);
    expect(huge.message).toBe(`答案保存序号超出范围：最多比已保存的序号0大${EXAM_SEQ_STEP_MAX}`);
    expect(huge.data).toEqual({ lastSeq: 0 });
    expect((await save(single.questionId, ['B'], 2147483647, 'en')).message).toBe(
      `The save sequence is out of range: at most ${EXAM_SEQ_STEP_MAX} above the saved sequence 0`,
    );
    // Nothing stored, lastSeq unchanged: the page's next saves go through.
    let paper = (await t.call(viewExamPaper, { attemptId }, { as: learner })).data;
    expect(paper).toMatchObject({ lastSeq: 0, answers: [] });
    expect((await save(single.questionId, ['A'], 1)).data).toMatchObject({ applied: true, seq: 1, lastSeq: 1 });
    // A batch is all or nothing: one answer too far refuses the others with it.
    const batch = await t.call(
      saveExamAnswers,
      {
        attemptId,
        answers: [
          { questionId: tf.questionId, answer: ['T'], seq: 2 },
          { questionId: single.questionId, answer: ['C'], seq: 1 + EXAM_SEQ_STEP_MAX + 1 },
        ],
      },
      { as: learner },
    );
    expect(batch.code).toBe(ErrorCode.EXAM_SEQ_TOO_FAR);
    expect(batch.data).toEqual({ lastSeq: 1 });
    paper = (await t.call(viewExamPaper, { attemptId }, { as: learner })).data;
    expect(paper.lastSeq).toBe(1);
    expect(paper.answers.map((x) => [x.questionId, x.answer])).toEqual([[single.questionId, ['A']]]);
    // Exactly the step is allowed; the step after it, from the new lastSeq, too.
    const step = 1 + EXAM_SEQ_STEP_MAX;
    expect((await save(single.questionId, ['B'], step)).data).toMatchObject({ applied: true, lastSeq: step });
    expect((await save(tf.questionId, ['F'], step + EXAM_SEQ_STEP_MAX)).data).toMatchObject({
      applied: true,
      lastSeq: step + EXAM_SEQ_STEP_MAX,
    });
    expect((await save(tf.questionId, ['T'], step + EXAM_SEQ_STEP_MAX + 1)).code).toBe(200);
  });
});
