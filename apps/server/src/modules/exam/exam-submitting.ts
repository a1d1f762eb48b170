import { AttemptEventKind, AttemptStatus, EarningSource, ErrorCode, SubmitReason } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import {
  DEFAULT_ERROR_BOOK_CLEAR_STREAK,
  markAnswer,
  MarkResult,
  QuestionType,
  recordErrorBook,
  type MarkedAnswer,
} from '../assessment/index.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { earnOnce } from '../earning/index.ts';
import { requireFound } from '../../platform/errors.ts';
import { points } from './exam.presenter.ts';
import type { Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import type { ExamRepository, AttemptRow } from './exam.repository.ts';

/** The attempt log's kind of a submit, by its reason. */
const SUBMIT_KIND: Record<number, number> = {
  [SubmitReason.TAKER]: AttemptEventKind.SUBMIT,
  [SubmitReason.TIME_OVER]: AttemptEventKind.TIME_OVER_SUBMIT,
  [SubmitReason.SWEEP]: AttemptEventKind.SWEEP_SUBMIT,
  [SubmitReason.SCREEN_SWITCH]: AttemptEventKind.SCREEN_SWITCH_SUBMIT,
};

/** What one submit did. */
interface Submitted {
  /** This call submitted it (false: it was already submitted). */
  submittedNow: boolean;
  /** The reason it was submitted for (this call's, or the earlier one's). */
  reason: number;
  /** It earned points, credit or a certificate just now. */
  earned: boolean;
}

/**
 * Submitting an attempt (decision 029): one submit for every reason (the taker, time over, the
 * sweep, the switch limit), with the objective marking and the error book; completing a marked
 * attempt with pass or fail and, on a pass, the award and certificate once (`earnOnce`). Taking,
 * the results, marking and the sweep submit and complete through this one class.
 */
export class ExamSubmitting {
  constructor(private readonly repo: ExamRepository) {}

  /** A learner's attempt, submitted as time over first when its deadline has passed (then 7610). */
  async openAttempt(who: Learner, attemptId: number): Promise<AttemptRow> {
    const a = requireFound(await this.repo.viewAttempt(this.repo.db, who.eid, attemptId, who.accountId));
    if (a.status === AttemptStatus.ANSWERING && a.overdue) {
      await this.submitAttempt(who.eid, attemptId, SubmitReason.TIME_OVER, who.accountId);
      throw new AppError(ErrorCode.EXAM_TIME_OVER);
    }
    return a;
  }

  /**
   * Submits an attempt once, whoever asks (the taker, a late save, the page at zero, the sweep, the
   * switch limit): its row locked, a second submit finds it submitted and does nothing. A taker's
   * submit found past the deadline counts as time over. `accountId` null: any learner's (the sweep).
   */
  async submitAttempt(
    eid: number,
    attemptId: number,
    reason: number,
    accountId: number | null,
    clientAt: string | null = null,
  ) {
    const out = await this.repo.transaction(async (tx): Promise<(Submitted & { accountId: number }) | null> => {
      const a = await this.repo.viewAttempt(tx, eid, attemptId, accountId, true);
      if (!a) return null;
      if (a.submittedAt !== null) {
        return { submittedNow: false, reason: a.submitReason ?? reason, earned: false, accountId: a.accountId };
      }
      const used = reason === SubmitReason.TAKER && a.overdue ? SubmitReason.TIME_OVER : reason;
      const earned = await this.submitIn(tx, a, used, clientAt);
      return { submittedNow: true, reason: used, earned, accountId: a.accountId };
    });
    return out;
  }

  /**
   * The submit itself, in the caller's transaction on the locked, open attempt (decision 029):
   * every objective question marked by `markAnswer` with the task's partialMultiple (an unanswered
   * one is wrong), an empty short answer marked 0 and a written one left for a marker; status 2
   * waiting for marking when one is left, else 3 with pass or fail and, on a pass, the award and
   * certificate; the objective answers into the error book; the submit logged by its reason.
   * Answers whether the attempt earned something now.
   */
  async submitIn(tx: Tx, a: AttemptRow, reason: number, clientAt: string | null = null): Promise<boolean> {
    const who = { eid: a.eid, accountId: a.accountId };
    const answers = new Map((await this.repo.findAnswers(tx, a.eid, a.id)).map((x) => [x.questionId, x]));
    const marks: Array<{ questionId: number; result: number | null; scoreTenths: number | null }> = [];
    const book: MarkedAnswer[] = [];
    let objective = 0;
    let waiting = false;
    for (const q of a.paper) {
      const given = answers.get(q.questionId)?.answer ?? [];
      if (q.questionType === QuestionType.SHORT_ANSWER) {
        const written = (given[0] ?? '').trim() !== '';
        waiting ||= written;
        marks.push({
          questionId: q.questionId,
          result: written ? null : MarkResult.WRONG,
          scoreTenths: written ? null : 0,
        });
        continue;
      }
      const mark = markAnswer(q, given, { partialMultiple: a.partialMultiple });
      objective += mark.scoreTenths;
      marks.push({ questionId: q.questionId, result: mark.result, scoreTenths: mark.scoreTenths });
      book.push({ questionId: q.questionId, correct: mark.result === MarkResult.RIGHT, answer: given });
    }
    await this.repo.writeMarks(tx, a.eid, a.id, marks);
    const status = waiting ? AttemptStatus.WAITING_FOR_MARKING : AttemptStatus.MARKED;
    await this.repo.markSubmitted(tx, a.eid, a.id, { reason, status, objectiveScoreTenths: objective });
    await this.repo.recordSubmit(tx, a, waiting);
    // Tasks holding this exam re-evaluate the learner once this commits (decision 033); a marked
    // attempt announces in complete() below.
    if (waiting) announceExam(tx, a);
    await this.repo.logEvent(
      tx,
      who,
      a.id,
      SUBMIT_KIND[reason] ?? AttemptEventKind.SUBMIT,
      {
        reason,
        status,
        objectiveScore: points(objective),
        answered: [...answers.values()].filter((x) => x.seq > 0).length,
      },
      clientAt,
    );
    const inBank = await this.repo.existingQuestions(
      tx,
      a.eid,
      book.map((b) => b.questionId),
    );
    const streak = (await this.repo.errorBookClearStreak(tx, a.eid)) ?? DEFAULT_ERROR_BOOK_CLEAR_STREAK;
    await recordErrorBook(
      tx,
      who,
      EarningSource.EXAM_TASK,
      book.filter((b) => inBank.has(b.questionId)),
      streak,
    );
    if (waiting) return false;
    return this.complete(tx, a, objective);
  }

  /**
   * Completes an attempt's marking with its score (at submit, or when a marker has marked it):
   * pass or fail against the attempt's pass score, the learner's record, and on a pass what the
   * task earns (`earnOnce`: its points and credit, source 7 = the task, and its certificate where
   * it grants one), once per learner and task, in this transaction; earnOnce forgets the learner's
   * cached user info after the commit. Answers whether something was earned now.
   */
  async complete(tx: Tx, a: AttemptRow, scoreTenths: number): Promise<boolean> {
    const passed = scoreTenths >= a.passScoreTenths;
    await this.repo.completeMarking(tx, a, scoreTenths, passed);
    announceExam(tx, a);
    if (!passed) return false;
    const earned = await earnOnce(
      tx,
      { eid: a.eid, accountId: a.accountId },
      {
        source: { type: EarningSource.EXAM_TASK, id: a.taskId, title: a.taskTitle },
        hoursTenths: a.creditTenths,
        points: a.points,
        certificate: a.certificateTemplateId === null ? null : { templateId: a.certificateTemplateId, scoreTenths },
      },
    );
    return earned.ledger || earned.certificate !== null;
  }
}

/** Announces after the commit that the learner's standing in an exam task changed (decision 033). */
function announceExam(tx: Tx, a: Pick<AttemptRow, 'eid' | 'accountId' | 'taskId'>): void {
  afterCommit(tx, (e) =>
    e.learned({ eid: a.eid, accountId: a.accountId, resourceType: EarningSource.EXAM_TASK, resourceId: a.taskId }),
  );
}
