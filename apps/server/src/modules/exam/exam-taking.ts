import {
  AttemptEventKind,
  AttemptStatus,
  ErrorCode,
  EXAM_SEQ_STEP_MAX,
  ScreenEvent,
  SubmitReason,
  type ExamAnswerInput,
  type ExamResult,
} from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import { AppError } from '../../platform/errors.ts';
import { stemPresenter } from '../../platform/stems.ts';
import { answerRefusal, checkAnswer, PaperShapes } from '../assessment/index.ts';
import { requireFound } from '../../platform/errors.ts';
import { submittedRefusal } from './exam.policy.ts';
import { points, presentClock, presentPaperQuestion } from './exam.presenter.ts';
import type { AnswerSaves } from './answer-saves.ts';
import type { Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import type { ExamRepository, AttemptRow } from './exam.repository.ts';
import { drawPaper } from './paper-draw.ts';
import type { ExamSubmitting } from './exam-submitting.ts';
import type { ExamResults } from './exam-results.ts';

/**
 * Taking an exam (issue 13 item 3, decision 029): starting an attempt on a paper drawn for the
 * taker, the paper without its answers, the server's clock and the leaves of the page counted on
 * the server, ordered idempotent saves, and the taker's own submit. Every submit goes through
 * `ExamSubmitting`; the finished attempt is answered as its result (`ExamResults`).
 */
export class ExamTaking {
  /** The answer shapes of an attempt's paper: a snapshot never changes, so saves check against a kept copy. */
  private readonly shapes = new TtlCache<{ v: PaperShapes | null }>({ max: 20_000, ttlMs: 10 * 60_000 });

  constructor(
    private readonly repo: ExamRepository,
    /** Answer saves, written in batches (answer-saves.ts). */
    private readonly saves: AnswerSaves,
    private readonly submitting: ExamSubmitting,
    private readonly results: ExamResults,
  ) {}

  /**
   * Starts an attempt, or answers the one under way (decision 029). In one transaction with the
   * learner's record of the task locked, so concurrent starts make one attempt: the window and the
   * attempts left are checked by the database's clock, the paper is drawn and arranged for this
   * taker, and its snapshot stored with the deadline min(now + duration, the task's end). An open
   * attempt already past its deadline is first submitted as time over.
   */
  async startExam(who: Learner, taskId: number, clientAt: string | null = null) {
    for (let round = 0; round < 3; round++) {
      const out = await this.repo.transaction(async (tx) => {
        const task = requireFound(await this.repo.lockTaskForStart(tx, who, taskId));
        const record = await this.repo.lockRecord(tx, who, taskId);
        const open = await this.repo.findOpenAttempt(tx, who, taskId);
        if (open && open.overdue) return { overdue: open.id, started: null };
        if (open) {
          const started = { attemptId: open.id, attemptNo: open.attemptNo, resumed: true, ...presentClock(open) };
          return { overdue: null, started };
        }
        if (task.beforeWindow) throw new AppError(ErrorCode.EXAM_NOT_STARTED);
        if (task.afterWindow) throw new AppError(ErrorCode.EXAM_ENDED);
        if (record.attemptsUsed >= task.attemptsAllowed + record.extraAttempts)
          throw new AppError(ErrorCode.EXAM_ATTEMPTS_USED_UP);
        const paper = await drawPaper(this.repo, tx, who.eid, task);
        if (paper.length === 0) {
          throw new AppError(ErrorCode.NOT_FOUND, {
            message: { zh: '该考试的试卷暂无试题', en: 'The paper of this exam has no questions yet' },
          });
        }
        const attemptNo = record.attemptsUsed + 1;
        const attempt = await this.repo.createAttempt(tx, who, task, attemptNo, paper, clientAt);
        return {
          overdue: null,
          started: { attemptId: attempt.id, attemptNo, resumed: false, ...presentClock(attempt) },
        };
      });
      if (out.started) return out.started;
      await this.submitting.submitAttempt(who.eid, out.overdue!, SubmitReason.TIME_OVER, who.accountId);
    }
    throw new AppError(ErrorCode.CONFLICT);
  }

  async viewExamPaper(who: Learner, attemptId: number, clientAt: string | null = null) {
    const a = await this.submitting.openAttempt(who, attemptId);
    // Opening the paper again (a reload) is the page's return: a leave shorter than the grace is forgotten.
    const switches = a.status === AttemptStatus.ANSWERING ? await this.returnToPaper(who, attemptId, clientAt) : null;
    const [answers, html] = await Promise.all([
      this.repo.findAnswers(this.repo.db, who.eid, attemptId),
      stemPresenter(),
    ]);
    if (a.status === AttemptStatus.ANSWERING) {
      await this.repo.logEvent(this.repo.db, who, attemptId, AttemptEventKind.OPEN, {}, clientAt);
    }
    return {
      attemptId: a.id,
      taskId: a.taskId,
      title: a.taskTitle,
      attemptNo: a.attemptNo,
      status: a.status,
      submitReason: a.submitReason,
      durationMinutes: a.durationMinutes,
      totalScore: points(a.totalScoreTenths),
      passScore: points(a.passScoreTenths),
      questions: a.paper.map((q) => presentPaperQuestion(q, html)),
      answers: answers
        .filter((x) => x.seq > 0)
        .map((x) => ({ questionId: x.questionId, answer: x.answer, flagged: x.flagged, seq: x.seq })),
      lastSeq: a.lastSeq,
      screenSwitches: switches ?? a.screenSwitches,
      screenSwitchLimit: a.screenSwitchLimit,
      ...presentClock(a),
    };
  }

  /**
   * The paper opened again while answering: the return of a leave the page reported (settled as in
   * getDuration, in a transaction with the attempt's row locked). Answers the count (null: nothing
   * was settled); 7603 when the count passed the limit and the attempt was submitted.
   */
  private async returnToPaper(who: Learner, attemptId: number, clientAt: string | null) {
    const out = await this.repo.transaction(async (tx) => {
      const a = requireFound(await this.repo.viewAttempt(tx, who.eid, attemptId, who.accountId, true));
      if (a.status !== AttemptStatus.ANSWERING || a.overdue) return null;
      return this.settleLeave(tx, who, a, true, clientAt);
    });
    if (out && 'switchLimit' in out) {
      throw new AppError(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
    }
    return out?.switches ?? null;
  }

  /**
   * Settles a leave the page reported (issue 19 item 12, decision 029), the attempt's row locked:
   * away longer than the site's grace it counts, and past the task's limit (0: counted, never
   * enforced) the attempt is submitted here (reason 4). Answers the count, or that the limit
   * submitted it.
   */
  private async settleLeave(tx: Tx, who: Learner, a: AttemptRow, returned: boolean, clientAt: string | null) {
    const settled = await this.repo.settleLeave(tx, who, a.id, returned, clientAt);
    const switches = settled?.switches ?? a.screenSwitches;
    if (settled?.counted && a.screenSwitchLimit > 0 && switches > a.screenSwitchLimit) {
      const earned = await this.submitting.submitIn(tx, a, SubmitReason.SCREEN_SWITCH, clientAt);
      return { switchLimit: true as const, earned };
    }
    return { switches };
  }

  /**
   * The server's clock, and leaves of the page counted on the server (decision 029): the page
   * reports a leave (event 1) and its return (event 2); the leave counts only when the page was away
   * longer than the site's grace (default 3 s) by the database's clock — at the return, at a later
   * poll when no return comes, or at the submit — so a reload (the leave at pagehide, the new page's
   * opening of the paper its return) is not a leave. Counted with the row locked; past the task's
   * limit the attempt is submitted in the same transaction and the call answers 7603. Past the
   * deadline the attempt is submitted as time over (7610).
   */
  async getDuration(who: Learner, q: { attemptId: number; event?: number | undefined; clientAt?: string | undefined }) {
    const clientAt = q.clientAt ?? null;
    const out = await this.repo.transaction(async (tx) => {
      const a = requireFound(await this.repo.viewAttempt(tx, who.eid, q.attemptId, who.accountId, true));
      if (a.status !== AttemptStatus.ANSWERING) return { a, refusal: submittedRefusal(a.submitReason, a.overdue) };
      if (a.overdue) return { a, overdue: true };
      const settled = await this.settleLeave(tx, who, a, q.event === ScreenEvent.RETURN, clientAt);
      if ('switchLimit' in settled) return { a, ...settled };
      if (q.event === ScreenEvent.LEAVE) await this.repo.markLeft(tx, who, a.id, clientAt);
      return { a, switches: settled.switches };
    });
    if ('switchLimit' in out) {
      throw new AppError(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
    }
    if ('overdue' in out) {
      await this.submitting.submitAttempt(who.eid, q.attemptId, SubmitReason.TIME_OVER, who.accountId);
      throw new AppError(ErrorCode.EXAM_TIME_OVER);
    }
    const { a } = out;
    if ('refusal' in out) {
      // Submitted by the taker earlier: the page goes to the result; by time or switches: the notice.
      if (a.submitReason !== SubmitReason.TAKER) throw out.refusal;
      return {
        ...presentClock(a),
        screenSwitches: a.screenSwitches,
        screenSwitchLimit: a.screenSwitchLimit,
        submitted: true,
      };
    }
    return {
      ...presentClock(a),
      screenSwitches: out.switches,
      screenSwitchLimit: a.screenSwitchLimit,
      submitted: false,
    };
  }

  /** The answer shapes of a learner's attempt, by question (null: not theirs). */
  private async paperShapes(who: Learner, attemptId: number) {
    const { v } = await this.shapes.get(`${who.eid}:${who.accountId}:${attemptId}`, async () => {
      const paper = await this.repo.viewAttemptPaper(who, attemptId);
      return { v: paper ? new PaperShapes(paper) : null };
    });
    if (!v) this.shapes.delete(`${who.eid}:${who.accountId}:${attemptId}`);
    return requireFound(v);
  }

  /**
   * Saves answers (decision 029): each checked against its question's type first (7606, nothing
   * stored), then written in one statement only while the attempt is open and before its deadline,
   * and only above the stored sequence of its question. After the deadline nothing is stored, the
   * attempt is submitted as time over and the call answers 7610.
   */
  private async save(who: Learner, attemptId: number, answers: readonly ExamAnswerInput[]) {
    const shapes = await this.paperShapes(who, attemptId);
    if (answers.length > shapes.size) {
      throw answerRefusal({ code: 'tooManyAnswers', count: shapes.size }, answers[0]!.questionId);
    }
    // The highest sequence of each question in this save: one write per question.
    const latest = new Map<number, ExamAnswerInput>();
    for (const a of answers) {
      const shape = shapes.get(a.questionId);
      if (!shape) throw answerRefusal({ code: 'notOnPaper' }, a.questionId);
      const problem = checkAnswer(shape, a.answer, { complete: false });
      if (problem) throw answerRefusal(problem, a.questionId);
      const seen = latest.get(a.questionId);
      if (!seen || seen.seq < a.seq) latest.set(a.questionId, a);
    }
    const out = requireFound(
      await this.saves.save(
        who,
        attemptId,
        [...latest.values()].map((a) => ({
          questionId: a.questionId,
          answer: a.answer,
          flagged: a.flagged ?? false,
          seq: a.seq,
          clientAt: a.clientAt ?? null,
        })),
      ),
    );
    if (out.submitted) throw submittedRefusal(out.submitReason, out.overdue);
    if (out.overdue) {
      await this.submitting.submitAttempt(who.eid, attemptId, SubmitReason.TIME_OVER, who.accountId);
      throw new AppError(ErrorCode.EXAM_TIME_OVER);
    }
    if (out.tooFar) {
      // The page renumbers its waiting answers after `lastSeq` and sends them again.
      throw new AppError(ErrorCode.EXAM_SEQ_TOO_FAR, {
        params: { lastSeq: out.lastSeq, step: EXAM_SEQ_STEP_MAX },
        data: { lastSeq: out.lastSeq },
      });
    }
    const results = answers.map((a) => out.results.find((r) => r.questionId === a.questionId)!);
    return {
      results: results.map((r, i) => (latest.get(r.questionId) === answers[i] ? r : { ...r, applied: false })),
      lastSeq: out.lastSeq,
      secondsLeft: out.secondsLeft,
      deadlineAt: new Date(out.deadlineAt).toISOString(),
      serverNow: new Date(out.serverNow).toISOString(),
    };
  }

  async saveAnswer(who: Learner, q: ExamAnswerInput & { attemptId: number }) {
    const { results, ...rest } = await this.save(who, q.attemptId, [q]);
    return { ...rest, ...results[0]! };
  }

  saveAnswers(who: Learner, q: { attemptId: number; answers: ExamAnswerInput[] }) {
    return this.save(who, q.attemptId, q.answers);
  }

  /** The taker submits: once; past the deadline as time over (7610). Answers the result. */
  async finishExam(who: Learner, attemptId: number, clientAt: string | null = null): Promise<ExamResult> {
    await this.submitting.openAttempt(who, attemptId);
    const done = requireFound(
      await this.submitting.submitAttempt(who.eid, attemptId, SubmitReason.TAKER, who.accountId, clientAt),
    );
    if (done.submittedNow && done.reason === SubmitReason.TIME_OVER) throw new AppError(ErrorCode.EXAM_TIME_OVER);
    return this.results.viewResult(who, attemptId);
  }
}
