import type { Logger } from 'pino';
import {
  AttemptEventKind,
  AttemptStatus,
  EarningSource,
  ErrorCode,
  EXAM_SEQ_STEP_MAX,
  EXAM_SWEEP_GRACE_SECONDS,
  ExamStatusLabel,
  ScreenEvent,
  SubmitReason,
  maskPhone,
  pageOffset,
  toPage,
  type ExamAnswerInput,
  type ExamResult,
  type ExamTaskCounts,
} from '@portal/contract';
import { withTenant, type AttemptQuestion, type Db, type PaperRule } from '@portal/db';
import { TtlCache } from '../../platform/cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import {
  answerRefusal,
  checkAnswer,
  DEFAULT_ERROR_BOOK_CLEAR_STREAK,
  examResultShows,
  findQuestionStandings,
  markAnswer,
  MarkResult,
  PaperShapes,
  QuestionType,
  recordErrorBook,
  type MarkedAnswer,
} from '../assessment/index.ts';
import { earnOnce } from '../earning/index.ts';
import {
  learnerOf,
  markRefusal,
  requireFound,
  requireMarker,
  requireNotOwnAttempt,
  submittedRefusal,
} from './exam.policy.ts';
import {
  admissionPrintable,
  answersShown,
  creditOf,
  examOver,
  points,
  presentAttempt,
  presentClock,
  presentPaperQuestion,
  presentResultQuestion,
  presentTask,
} from './exam.presenter.ts';
import type { AnswerSaves } from './answer-saves.ts';
import { ExamRepository, type AttemptRow, type Learner, type TaskFilter, type Tx } from './exam.repository.ts';
import { arrangePaper } from './paper-draw.ts';

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

export interface ExamDeps {
  repo: ExamRepository;
  /** Answer saves, written in batches (answer-saves.ts). */
  saves: AnswerSaves;
  /** The owner's connection: only the sweep's look-up of overdue attempts across enterprises. */
  systemDb: Db;
  log: Pick<Logger, 'error' | 'info'>;
}

/** The attempt log's kind of a submit, by its reason. */
const SUBMIT_KIND: Record<number, number> = {
  [SubmitReason.TAKER]: AttemptEventKind.SUBMIT,
  [SubmitReason.TIME_OVER]: AttemptEventKind.TIME_OVER_SUBMIT,
  [SubmitReason.SWEEP]: AttemptEventKind.SWEEP_SUBMIT,
  [SubmitReason.SCREEN_SWITCH]: AttemptEventKind.SCREEN_SWITCH_SUBMIT,
};

/** Overdue attempts the sweep takes in one look-up, and look-ups in one tick at most. */
const SWEEP_BATCH = 200;
const SWEEP_ROUNDS = 20;

/** What one submit did. */
interface Submitted {
  /** This call submitted it (false: it was already submitted). */
  submittedNow: boolean;
  /** The reason it was submitted for (this call's, or the earlier one's). */
  reason: number;
  /** It earned points, credit or a certificate just now. */
  earned: boolean;
}

/** The score a marker gives, in tenths (a number with at most one decimal). */
const toTenths = (score: number) => {
  const tenths = Math.round(score * 10);
  return Math.abs(tenths - score * 10) < 1e-6 ? tenths : null;
};

/**
 * Taking exams (issue 13 items 2–4, decision 029): the learner's tasks and records, starting an
 * attempt on a paper drawn for them, the paper without its answers, the server's clock, ordered
 * idempotent saves, leaves of the page counted on the server, one submit however it comes (the
 * taker, time over, the sweep, the switch limit) with the objective marking, the error book, and
 * on a pass the award and certificate once; marking short answers; the results.
 */
export class ExamService {
  /** The answer shapes of an attempt's paper: a snapshot never changes, so saves check against a kept copy. */
  private readonly shapes = new TtlCache<{ v: PaperShapes | null }>({ max: 20_000, ttlMs: 10 * 60_000 });

  constructor(private readonly d: ExamDeps) {}

  // ---- The learner's tasks ----

  async findTasks(who: Learner, q: Paging & Omit<TaskFilter, 'recorded'>, recorded: boolean) {
    const filter = { statusLabel: q.statusLabel, keyword: q.keyword, recorded };
    const { rows, total } = await this.d.repo.findTasks(who, filter, q.pageSize, pageOffset(q.pageCurrent, q.pageSize));
    return toPage(rows.map(presentTask), total, q.pageCurrent, q.pageSize);
  }

  /** Every task of the learner's filter, page by page (the export). */
  async *allTasks(who: Learner, filter: Omit<TaskFilter, 'recorded'>) {
    let after: { startsAt: Date; taskId: number } | null = null;
    for (;;) {
      const rows = await this.d.repo.findTasksAfter(who, { ...filter, recorded: false }, after, 500);
      for (const row of rows) yield presentTask(row);
      if (rows.length < 500) return;
      const last = rows[rows.length - 1]!;
      after = { startsAt: new Date(last.startsAt), taskId: last.taskId };
    }
  }

  async countTasks(who: Learner): Promise<ExamTaskCounts> {
    const counts = new Map((await this.d.repo.countTasks(who)).map((r) => [r.statusLabel, r.n]));
    const n = (label: number) => counts.get(label) ?? 0;
    return {
      total: [...counts.values()].reduce((a, b) => a + b, 0),
      notStarted: n(ExamStatusLabel.NOT_STARTED),
      waitingForExam: n(ExamStatusLabel.WAITING_FOR_EXAM),
      passed: n(ExamStatusLabel.PASSED),
      failed: n(ExamStatusLabel.FAILED),
      waitingForMarking: n(ExamStatusLabel.WAITING_FOR_MARKING),
      absent: n(ExamStatusLabel.ABSENT),
    };
  }

  async viewTaskRecord(who: Learner, taskId: number) {
    const row = requireFound(await this.d.repo.viewTask(who, taskId));
    const [attempts, earned] = await Promise.all([
      this.d.repo.findAttempts(who, taskId, 100, 0),
      this.d.repo.viewEarned(this.d.repo.db, who, taskId),
    ]);
    return {
      ...presentTask(row),
      attempts: attempts.rows.map(presentAttempt),
      certificate:
        earned.certificateId === null ? null : { id: earned.certificateId, number: earned.certificateNumber ?? '' },
    };
  }

  /** The admission ticket: 404 for a task without one, 7005 before its print time. */
  async viewAdmissionTicket(who: Learner, taskId: number) {
    const row = requireFound(await this.d.repo.viewTask(who, taskId));
    if (!row.admissionTicket) throw new AppError(ErrorCode.NOT_FOUND);
    if (!admissionPrintable(row)) throw new AppError(ErrorCode.ADMISSION_TICKET_NOT_PRINTABLE);
    const holder = requireFound(await this.d.repo.viewHolder(who));
    return {
      ticketNumber: `ZK${who.eid}${String(taskId).padStart(6, '0')}${String(who.accountId).padStart(8, '0')}`,
      taskTitle: row.title,
      name: holder.name,
      phone: maskPhone(holder.phone),
      startsAt: new Date(row.startsAt).toISOString(),
      endsAt: new Date(row.endsAt).toISOString(),
      durationMinutes: row.durationMinutes,
    };
  }

  // ---- Taking an exam ----

  /**
   * Starts an attempt, or answers the one under way (decision 029). In one transaction with the
   * learner's record of the task locked, so concurrent starts make one attempt: the window and the
   * attempts left are checked by the database's clock, the paper is drawn and arranged for this
   * taker, and its snapshot stored with the deadline min(now + duration, the task's end). An open
   * attempt already past its deadline is first submitted as time over.
   */
  async startExam(who: Learner, taskId: number, clientAt: string | null = null) {
    for (let round = 0; round < 3; round++) {
      const out = await this.d.repo.transaction(async (tx) => {
        const task = requireFound(await this.d.repo.lockTaskForStart(tx, who, taskId));
        const record = await this.d.repo.lockRecord(tx, who, taskId);
        const open = await this.d.repo.findOpenAttempt(tx, who, taskId);
        if (open && open.overdue) return { overdue: open.id, started: null };
        if (open) {
          const started = { attemptId: open.id, attemptNo: open.attemptNo, resumed: true, ...presentClock(open) };
          return { overdue: null, started };
        }
        if (task.beforeWindow) throw new AppError(ErrorCode.EXAM_NOT_STARTED);
        if (task.afterWindow) throw new AppError(ErrorCode.EXAM_ENDED);
        if (record.attemptsUsed >= task.attemptsAllowed) throw new AppError(ErrorCode.EXAM_ATTEMPTS_USED_UP);
        const paper = await this.drawPaper(tx, who.eid, task);
        if (paper.length === 0) {
          throw new AppError(ErrorCode.NOT_FOUND, {
            message: { zh: '该考试的试卷暂无试题', en: 'The paper of this exam has no questions yet' },
          });
        }
        const attemptNo = record.attemptsUsed + 1;
        const attempt = await this.d.repo.createAttempt(tx, who, task, attemptNo, paper, clientAt);
        return {
          overdue: null,
          started: { attemptId: attempt.id, attemptNo, resumed: false, ...presentClock(attempt) },
        };
      });
      if (out.started) return out.started;
      await this.submitAttempt(who.eid, out.overdue!, SubmitReason.TIME_OVER, who.accountId);
    }
    throw new AppError(ErrorCode.CONFLICT);
  }

  /** The taker's paper: a fixed paper's questions, or a random paper's drawn by its rules; arranged as the paper says. */
  private async drawPaper(
    tx: Tx,
    eid: number,
    task: {
      paperId: number;
      mode: number;
      rules: PaperRule[];
      shuffleQuestions: boolean;
      shuffleOptions: boolean;
    },
  ): Promise<AttemptQuestion[]> {
    let questions: AttemptQuestion[];
    if (task.mode === 2) {
      questions = [];
      for (const rule of task.rules) {
        const drawn = await this.d.repo.drawQuestions(
          tx,
          eid,
          rule,
          questions.map((q) => q.questionId),
        );
        questions.push(...drawn);
      }
    } else {
      questions = await this.d.repo.findFixedQuestions(tx, eid, task.paperId);
    }
    return arrangePaper(questions, {
      shuffleQuestions: task.shuffleQuestions,
      shuffleOptions: task.shuffleOptions,
    });
  }

  /** A learner's attempt, submitted as time over first when its deadline has passed (then 7610). */
  private async openAttempt(who: Learner, attemptId: number): Promise<AttemptRow> {
    const a = requireFound(await this.d.repo.viewAttempt(this.d.repo.db, who.eid, attemptId, who.accountId));
    if (a.status === AttemptStatus.ANSWERING && a.overdue) {
      await this.submitAttempt(who.eid, attemptId, SubmitReason.TIME_OVER, who.accountId);
      throw new AppError(ErrorCode.EXAM_TIME_OVER);
    }
    return a;
  }

  async viewExamPaper(who: Learner, attemptId: number, clientAt: string | null = null) {
    const a = await this.openAttempt(who, attemptId);
    // Opening the paper again (a reload) is the page's return: a leave shorter than the grace is forgotten.
    const switches = a.status === AttemptStatus.ANSWERING ? await this.returnToPaper(who, attemptId, clientAt) : null;
    const answers = await this.d.repo.findAnswers(this.d.repo.db, who.eid, attemptId);
    if (a.status === AttemptStatus.ANSWERING) {
      await this.d.repo.logEvent(this.d.repo.db, who, attemptId, AttemptEventKind.OPEN, {}, clientAt);
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
      questions: a.paper.map(presentPaperQuestion),
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
    const out = await this.d.repo.transaction(async (tx) => {
      const a = requireFound(await this.d.repo.viewAttempt(tx, who.eid, attemptId, who.accountId, true));
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
    const settled = await this.d.repo.settleLeave(tx, who, a.id, returned, clientAt);
    const switches = settled?.switches ?? a.screenSwitches;
    if (settled?.counted && a.screenSwitchLimit > 0 && switches > a.screenSwitchLimit) {
      const earned = await this.submitIn(tx, a, SubmitReason.SCREEN_SWITCH, clientAt);
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
    const out = await this.d.repo.transaction(async (tx) => {
      const a = requireFound(await this.d.repo.viewAttempt(tx, who.eid, q.attemptId, who.accountId, true));
      if (a.status !== AttemptStatus.ANSWERING) return { a, refusal: submittedRefusal(a.submitReason, a.overdue) };
      if (a.overdue) return { a, overdue: true };
      const settled = await this.settleLeave(tx, who, a, q.event === ScreenEvent.RETURN, clientAt);
      if ('switchLimit' in settled) return { a, ...settled };
      if (q.event === ScreenEvent.LEAVE) await this.d.repo.markLeft(tx, who, a.id, clientAt);
      return { a, switches: settled.switches };
    });
    if ('switchLimit' in out) {
      throw new AppError(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
    }
    if ('overdue' in out) {
      await this.submitAttempt(who.eid, q.attemptId, SubmitReason.TIME_OVER, who.accountId);
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
      const paper = await this.d.repo.viewAttemptPaper(who, attemptId);
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
      await this.d.saves.save(
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
      await this.submitAttempt(who.eid, attemptId, SubmitReason.TIME_OVER, who.accountId);
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
    await this.openAttempt(who, attemptId);
    const done = requireFound(
      await this.submitAttempt(who.eid, attemptId, SubmitReason.TAKER, who.accountId, clientAt),
    );
    if (done.submittedNow && done.reason === SubmitReason.TIME_OVER) throw new AppError(ErrorCode.EXAM_TIME_OVER);
    return this.viewResult(who, attemptId);
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
    const out = await this.d.repo.transaction(async (tx): Promise<(Submitted & { accountId: number }) | null> => {
      const a = await this.d.repo.viewAttempt(tx, eid, attemptId, accountId, true);
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
  private async submitIn(tx: Tx, a: AttemptRow, reason: number, clientAt: string | null = null): Promise<boolean> {
    const who = { eid: a.eid, accountId: a.accountId };
    const answers = new Map((await this.d.repo.findAnswers(tx, a.eid, a.id)).map((x) => [x.questionId, x]));
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
    await this.d.repo.writeMarks(tx, a.eid, a.id, marks);
    const status = waiting ? AttemptStatus.WAITING_FOR_MARKING : AttemptStatus.MARKED;
    await this.d.repo.markSubmitted(tx, a.eid, a.id, { reason, status, objectiveScoreTenths: objective });
    await this.d.repo.recordSubmit(tx, a, waiting);
    await this.d.repo.logEvent(
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
    const inBank = await this.d.repo.existingQuestions(
      tx,
      a.eid,
      book.map((b) => b.questionId),
    );
    const streak = (await this.d.repo.errorBookClearStreak(tx, a.eid)) ?? DEFAULT_ERROR_BOOK_CLEAR_STREAK;
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
  private async complete(tx: Tx, a: AttemptRow, scoreTenths: number): Promise<boolean> {
    const passed = scoreTenths >= a.passScoreTenths;
    await this.d.repo.completeMarking(tx, a, scoreTenths, passed);
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

  // ---- Results ----

  async viewResult(who: Learner, attemptId: number): Promise<ExamResult> {
    let a = requireFound(await this.d.repo.viewAttempt(this.d.repo.db, who.eid, attemptId, who.accountId));
    if (a.status === AttemptStatus.ANSWERING && a.overdue) {
      await this.submitAttempt(who.eid, attemptId, SubmitReason.TIME_OVER, who.accountId);
      a = requireFound(await this.d.repo.viewAttempt(this.d.repo.db, who.eid, attemptId, who.accountId));
    }
    const [answers, earned, standings] = await Promise.all([
      this.d.repo.findAnswers(this.d.repo.db, who.eid, attemptId),
      this.d.repo.viewEarned(this.d.repo.db, who, a.taskId),
      findQuestionStandings(
        this.d.repo.db,
        who,
        a.paper.map((q) => q.questionId),
      ),
    ]);
    const byQ = new Map(answers.map((x) => [x.questionId, x]));
    const shown = answersShown(a);
    // The answer-visibility rule (decision 032): while the learner may take the task again, no mark
    // or key of a question is shown (true/false marks would give their keys away); the score stays.
    const task = { examOver: examOver(a), showsAnswers: shown };
    return {
      ...presentAttempt(a),
      answersShown: shown,
      certificate:
        a.passed && earned.certificateId !== null
          ? { id: earned.certificateId, number: earned.certificateNumber ?? '' }
          : null,
      earned:
        a.passed && earned.points !== null
          ? { points: earned.points, creditHour: creditOf(earned.creditTenths ?? 0) }
          : null,
      questions: a.paper.map((q) =>
        presentResultQuestion(q, byQ.get(q.questionId), examResultShows(task, standings.get(q.questionId))),
      ),
    };
  }

  async findPaperRecords(who: Learner, q: Paging & { taskId?: number | undefined }) {
    const { rows, total } = await this.d.repo.findAttempts(
      who,
      q.taskId,
      q.pageSize,
      pageOffset(q.pageCurrent, q.pageSize),
    );
    return toPage(rows.map(presentAttempt), total, q.pageCurrent, q.pageSize);
  }

  // ---- Marking by administrators ----

  private presentMarking(a: AttemptRow, learnerName: string, toMark: number) {
    return {
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
    requireMarker(session);
    // An administrator's own attempts are left out: no one marks their own (7611).
    const { rows, total } = await this.d.repo.findMarking(
      session.eid,
      session.accountId,
      q.taskId,
      q.pageSize,
      pageOffset(q.pageCurrent, q.pageSize),
    );
    return toPage(
      rows.map((r) => this.presentMarking(r, r.learnerName, r.toMark)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async viewMarking(session: Session, attemptId: number) {
    requireMarker(session);
    const a = requireFound(await this.d.repo.viewAttempt(this.d.repo.db, session.eid, attemptId, null));
    requireNotOwnAttempt(session, a);
    if (a.status === AttemptStatus.ANSWERING) throw new AppError(ErrorCode.EXAM_NOT_WAITING_FOR_MARKING);
    const [answers, name] = await Promise.all([
      this.d.repo.findAnswers(this.d.repo.db, a.eid, a.id),
      this.d.repo.viewLearnerName(a.eid, a.accountId),
    ]);
    const byQ = new Map(answers.map((x) => [x.questionId, x]));
    const shorts = a.paper.filter((q) => q.questionType === QuestionType.SHORT_ANSWER);
    return {
      ...this.presentMarking(a, name, shorts.filter((q) => byQ.get(q.questionId)?.result === null).length),
      status: a.status,
      questions: shorts.map((q) => ({
        questionId: q.questionId,
        stem: q.stem,
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
  ) {
    requireMarker(session);
    const out = await this.d.repo.transaction(async (tx) => {
      const a = requireFound(await this.d.repo.viewAttempt(tx, session.eid, q.attemptId, null, true));
      requireNotOwnAttempt(session, a);
      if (a.status !== AttemptStatus.WAITING_FOR_MARKING) throw new AppError(ErrorCode.EXAM_NOT_WAITING_FOR_MARKING);
      const answers = await this.d.repo.findAnswers(tx, a.eid, a.id);
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
      await this.d.repo.writeMarkerMarks(tx, a.eid, a.id, session.accountId, marks);
      const score = (a.objectiveScoreTenths ?? 0) + marks.reduce((n, m) => n + m.scoreTenths, 0);
      const earned = await this.complete(tx, a, score);
      // The log names the marker of every mark (one event per question) and of the attempt's total.
      const taker = { eid: a.eid, accountId: a.accountId };
      for (const m of marks) {
        await this.d.repo.logEvent(
          tx,
          taker,
          a.id,
          AttemptEventKind.MARKED,
          { markerId: session.accountId, score: points(m.scoreTenths), result: m.result, comment: m.comment },
          null,
          m.questionId,
        );
      }
      await this.d.repo.logEvent(
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
      return { a, score, passed: score >= a.passScoreTenths, earned };
    });
    const earned = await this.d.repo.viewEarned(
      this.d.repo.db,
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

  // ---- The sweep ----

  /**
   * The exam sweep (`exam-sweep`, every 30 s, decision 029): submits every attempt still open
   * EXAM_SWEEP_GRACE_SECONDS past its deadline, whose browser is gone, through the same submit as
   * the taker's (reason 3). The overdue attempts of every enterprise are found on the owner's
   * connection (`platform.systemDb`: no one tenant's work); each is submitted inside its own
   * enterprise's scope (`withTenant`), so row-level security holds for the submit. Idempotent: an
   * attempt submitted meanwhile (or by a tick that ran twice) is found submitted and left alone.
   * Answers how many it submitted.
   */
  async sweepOverdueAttempts(): Promise<number> {
    let submitted = 0;
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const due = await ExamRepository.findOverdue(this.d.systemDb, EXAM_SWEEP_GRACE_SECONDS, SWEEP_BATCH);
      for (const { eid, id } of due) {
        try {
          const done = await withTenant(eid, () => this.submitAttempt(eid, id, SubmitReason.SWEEP, null));
          if (done?.submittedNow) submitted++;
        } catch (err) {
          this.d.log.error({ err, eid, attemptId: id }, 'exam sweep: submit failed');
        }
      }
      if (due.length < SWEEP_BATCH) break;
    }
    if (submitted > 0) this.d.log.info({ submitted }, 'exam sweep: overdue attempts submitted');
    return submitted;
  }
}

export { learnerOf };
