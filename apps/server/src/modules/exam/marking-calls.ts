import {
  AttemptEventKind,
  AttemptStatus,
  ErrorCode,
  MARKING_CLAIM_MINUTES,
  pageOffset,
  toPage,
  type Lang,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { stemPresenter } from '../../platform/stems.ts';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import type { Session } from '../../platform/session.ts';
import { MarkResult, QuestionType } from '../assessment/index.ts';
import { requireFound } from '../../platform/errors.ts';
import { markRefusal, requireNotOwnAttempt } from './exam.policy.ts';
import { points } from './exam.presenter.ts';
import type { ExamRepository, AttemptRow } from './exam.repository.ts';
import type { ExamSubmitting } from './exam-submitting.ts';
import type { Paging } from './exam-tasks.ts';

/** The score a marker gives, in tenths (a number with at most one decimal). */
const toTenths = (score: number) => {
  const tenths = Math.round(score * 10);
  return Math.abs(tenths - score * 10) < 1e-6 ? tenths : null;
};

/**
 * Marking short answers by the enterprise's administrators (decision 029): the attempts waiting
 * for marking (a marker's own left out, 7611), one attempt's short answers, and the marks, which
 * complete the attempt as at submit (`ExamSubmitting.complete`).
 */
export class MarkingCalls {
  constructor(
    private readonly repo: ExamRepository,
    private readonly submitting: ExamSubmitting,
  ) {}

  private presentMarking(
    a: AttemptRow,
    learnerName: string,
    toMark: number,
    claim: { claimedBy: string | null; claimedByMe: boolean },
  ) {
    return {
      ...claim,
      attemptId: a.id,
      taskId: a.taskId,
      taskTitle: a.taskTitle,
      learnerName,
      attemptNo: a.attemptNo,
      submittedAt: new Date(a.submittedAt ?? a.startedAt).toISOString(),
      objectiveScore: points(a.objectiveScoreTenths ?? 0),
      totalScore: points(a.totalScoreTenths),
      passScore: points(a.passScoreTenths),
      toMark,
    };
  }

  async findMarking(session: Session, q: Paging & { taskId?: number | undefined }) {
    // An administrator's own attempts are left out: no one marks their own (7611).
    const { rows, total } = await this.repo.findMarking(
      session.eid,
      session.accountId,
      q.taskId,
      q.pageSize,
      pageOffset(q.pageCurrent, q.pageSize),
    );
    return toPage(
      rows.map((r) =>
        this.presentMarking(r, r.learnerName, r.toMark, { claimedBy: r.claimerName, claimedByMe: r.claimedByMe }),
      ),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  /**
   * One attempt to mark. Opening one that waits for marking takes it for the marker for
   * MARKING_CLAIM_MINUTES (decision 048): another marker opening it meanwhile is refused (7613,
   * with who has it and until when), so two people do not mark the same answers at once.
   */
  async viewMarking(session: Session, attemptId: number, lang: Lang) {
    let a = requireFound(await this.repo.viewAttempt(this.repo.db, session.eid, attemptId, null));
    requireNotOwnAttempt(session, a);
    if (a.status === AttemptStatus.ANSWERING) throw new AppError(ErrorCode.EXAM_NOT_WAITING_FOR_MARKING);
    let claimedUntil: Date | null = null;
    if (a.status === AttemptStatus.WAITING_FOR_MARKING) {
      claimedUntil = await this.repo.claim(session.eid, attemptId, session.accountId, MARKING_CLAIM_MINUTES);
      // Not taken: another marker has it, or it was marked meanwhile (read again to tell).
      a = requireFound(await this.repo.viewAttempt(this.repo.db, session.eid, attemptId, null));
      if (claimedUntil === null && a.status === AttemptStatus.WAITING_FOR_MARKING) await this.refuseClaimed(a, lang);
    }
    const [answers, name, html] = await Promise.all([
      this.repo.findAnswers(this.repo.db, a.eid, a.id),
      this.repo.viewLearnerName(a.eid, a.accountId),
      stemPresenter(),
    ]);
    const byQ = new Map(answers.map((x) => [x.questionId, x]));
    const shorts = a.paper.filter((q) => q.questionType === QuestionType.SHORT_ANSWER);
    return {
      ...this.presentMarking(a, name, shorts.filter((q) => byQ.get(q.questionId)?.result === null).length, {
        claimedBy: null,
        claimedByMe: claimedUntil !== null,
      }),
      status: a.status,
      claimedUntil: claimedUntil ? new Date(claimedUntil).toISOString() : null,
      questions: shorts.map((q) => ({
        questionId: q.questionId,
        stem: html(q.stem),
        score: points(q.scoreTenths),
        answer: byQ.get(q.questionId)?.answer[0] ?? '',
        referenceAnswer: q.referenceAnswer,
        analysis: q.analysis,
      })),
    };
  }

  /**
   * A marker's marks of an attempt's short answers (decision 029): every written short answer gets
   * a score from 0 to the question's in tenths (7608 otherwise, nothing stored); the attempt, locked,
   * must be waiting for marking (7607: marking completes once, a second mark or a concurrent one is
   * refused); then it completes as at submit — score, pass or fail, the award and certificate once.
   */
  async markAttempt(
    session: Session,
    q: { attemptId: number; marks: Array<{ questionId: number; score: number; comment?: string | undefined }> },
    audit: AdminAudit,
    lang: Lang,
  ) {
    const out = await this.repo.transaction(async (tx) => {
      const a = requireFound(await this.repo.viewAttempt(tx, session.eid, q.attemptId, null, true));
      requireNotOwnAttempt(session, a);
      if (a.status !== AttemptStatus.WAITING_FOR_MARKING) throw new AppError(ErrorCode.EXAM_NOT_WAITING_FOR_MARKING);
      // Another marker has it open: their marks are coming (decision 048).
      if (a.claimLive && a.claimedBy !== null && a.claimedBy !== session.accountId) await this.refuseClaimed(a, lang);
      const answers = await this.repo.findAnswers(tx, a.eid, a.id);
      const waiting = new Set(answers.filter((x) => x.result === null).map((x) => x.questionId));
      const byId = new Map(a.paper.map((x) => [x.questionId, x]));
      const given = new Map<number, { score: number; comment: string }>();
      for (const m of q.marks) {
        if (!waiting.has(m.questionId) || given.has(m.questionId)) {
          throw markRefusal({ zh: '该题不需要阅卷', en: 'this question is not waiting for a mark' }, m.questionId);
        }
        const full = byId.get(m.questionId)!.scoreTenths;
        const tenths = toTenths(m.score);
        if (tenths === null || tenths < 0 || tenths > full) {
          throw markRefusal(
            {
              zh: `分数应在0到${points(full)}分之间，最多一位小数`,
              en: `the score is 0 to ${points(full)} with at most one decimal`,
            },
            m.questionId,
          );
        }
        given.set(m.questionId, { score: tenths, comment: m.comment ?? '' });
      }
      const missing = [...waiting].find((id) => !given.has(id));
      if (missing !== undefined) {
        throw markRefusal({ zh: '还有简答题未评分', en: 'a short answer has no mark yet' }, missing);
      }
      const marks = [...given].map(([questionId, m]) => ({
        questionId,
        scoreTenths: m.score,
        comment: m.comment,
        result:
          m.score === byId.get(questionId)!.scoreTenths
            ? MarkResult.RIGHT
            : m.score === 0
              ? MarkResult.WRONG
              : MarkResult.PARTLY,
      }));
      await this.repo.writeMarkerMarks(tx, a.eid, a.id, session.accountId, marks);
      const score = (a.objectiveScoreTenths ?? 0) + marks.reduce((n, m) => n + m.scoreTenths, 0);
      const earned = await this.submitting.complete(tx, a, score);
      // The log names the marker of every mark (one event per question) and of the attempt's total.
      const taker = { eid: a.eid, accountId: a.accountId };
      for (const m of marks) {
        await this.repo.logEvent(
          tx,
          taker,
          a.id,
          AttemptEventKind.MARKED,
          { markerId: session.accountId, score: points(m.scoreTenths), result: m.result, comment: m.comment },
          null,
          m.questionId,
        );
      }
      await this.repo.logEvent(
        tx,
        taker,
        a.id,
        AttemptEventKind.MARKED,
        {
          markerId: session.accountId,
          score: points(score),
          marks: marks.map((m) => [m.questionId, points(m.scoreTenths)]),
        },
        null,
      );
      // The back office's audit log (decision 036): the attempt waiting, then marked with its score.
      await audit.record(tx, {
        entityType: 'exam_attempt',
        entityId: a.id,
        before: { status: a.status, objectiveScore: points(a.objectiveScoreTenths ?? 0) },
        after: {
          status: AttemptStatus.MARKED,
          score: points(score),
          marks: marks.map((m) => ({ questionId: m.questionId, score: points(m.scoreTenths), comment: m.comment })),
        },
      });
      return { a, score, passed: score >= a.passScoreTenths, earned };
    });
    const earned = await this.repo.viewEarned(
      this.repo.db,
      { eid: out.a.eid, accountId: out.a.accountId },
      out.a.taskId,
    );
    return {
      attemptId: out.a.id,
      status: AttemptStatus.MARKED,
      score: points(out.score),
      passed: out.passed,
      certificate:
        out.passed && earned.certificateId !== null
          ? { id: earned.certificateId, number: earned.certificateNumber ?? '' }
          : null,
    };
  }

  /**
   * The next (or previous) attempt of the queue after `after` that nobody else has open, taken
   * for the marker; their claim on `after` is given back (decision 048).
   */
  async claimNext(
    session: Session,
    q: { after?: number | undefined; direction: 'next' | 'previous'; taskId?: number | undefined },
    audit: AdminAudit,
  ) {
    return this.repo.transaction(async (tx) => {
      const attemptId = await this.repo.claimNext(tx, session.eid, session.accountId, {
        after: q.after ?? null,
        previous: q.direction === 'previous',
        taskId: q.taskId ?? null,
        minutes: MARKING_CLAIM_MINUTES,
      });
      // Who took which attempt to mark, and gave back which, is in the audit log like every write.
      await audit.record(tx, {
        entityType: 'exam_attempt',
        entityId: attemptId ?? q.after ?? 'none',
        before: { released: q.after ?? null },
        after: { claimed: attemptId, minutes: MARKING_CLAIM_MINUTES },
      });
      return { attemptId };
    });
  }

  /** 7613: who has the attempt open and until when (Beijing time). */
  private async refuseClaimed(a: AttemptRow, lang: Lang): Promise<never> {
    const name = a.claimedBy === null ? '' : await this.repo.viewLearnerName(a.eid, a.claimedBy);
    const until = a.claimedUntil
      ? new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
          timeZone: 'Asia/Shanghai',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(a.claimedUntil))
      : '';
    throw new AppError(ErrorCode.EXAM_MARKING_CLAIMED, { params: { name, until } });
  }
}
