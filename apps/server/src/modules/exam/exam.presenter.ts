import {
  AttemptStatus,
  ErrorCode,
  type ExamAttemptItem,
  type ExamPaperQuestion,
  type ExamResultQuestion,
  type ExamTaskItem,
} from '@portal/contract';
import type { AttemptQuestion } from '@portal/db';
import type { AnswerRow, AttemptRow, TaskRow } from './exam.repository.ts';

/** Scores are kept in tenths of a point; calls answer points with one decimal. */
export const points = (tenths: number) => tenths / 10;
/** Credit is kept in tenths of an hour (or credit), as the ledger keeps it. */
export const creditOf = (tenths: number) => tenths / 10;

const iso = (d: Date | string) => new Date(d).toISOString();

/** Why a learner cannot start now (the code a start answers), or null when they can (or continue). */
export function startRefusal(row: TaskRow): 7601 | 7602 | 7604 | null {
  if (row.open_attempt_id !== null) return null;
  const now = new Date(row.now).getTime();
  if (now < new Date(row.starts_at).getTime()) return ErrorCode.EXAM_NOT_STARTED;
  if (now >= new Date(row.ends_at).getTime()) return ErrorCode.EXAM_ENDED;
  if (row.attempts_used >= row.attempts_allowed) return ErrorCode.EXAM_ATTEMPTS_USED_UP;
  return null;
}

export function admissionPrintable(row: { admission_ticket: boolean; admission_print_at: Date | null; now: Date }) {
  return (
    row.admission_ticket &&
    (row.admission_print_at === null || new Date(row.admission_print_at).getTime() <= new Date(row.now).getTime())
  );
}

export function presentTask(row: TaskRow): ExamTaskItem {
  const refusal = startRefusal(row);
  return {
    taskId: row.task_id,
    title: row.title,
    intro: row.intro,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    durationMinutes: row.duration_minutes,
    attemptsAllowed: row.attempts_allowed,
    attemptsUsed: row.attempts_used,
    bestScore: row.best_score_tenths === null ? null : points(row.best_score_tenths),
    totalScore: points(row.total_score_tenths),
    passScore: points(row.pass_score_tenths),
    passed: row.passed,
    statusLabel: row.status_label,
    canStart: refusal === null,
    cannotStartCode: refusal,
    openAttemptId: row.open_attempt_id,
    waitingForMarking: row.waiting_for_marking,
    screenSwitchLimit: row.screen_switch_limit,
    showAnswers: row.show_answers,
    points: row.points,
    creditHour: creditOf(row.credit_tenths),
    grantsCertificate: row.grants_certificate,
    admissionTicket: row.admission_ticket,
    admissionPrintAt: row.admission_print_at ? iso(row.admission_print_at) : null,
    admissionPrintable: admissionPrintable(row),
  };
}

export function presentAttempt(row: AttemptRow): ExamAttemptItem {
  return {
    attemptId: row.id,
    taskId: row.task_id,
    taskTitle: row.task_title,
    attemptNo: row.attempt_no,
    status: row.status,
    submitReason: row.submit_reason,
    score: row.score_tenths === null ? null : points(row.score_tenths),
    objectiveScore: row.objective_score_tenths === null ? null : points(row.objective_score_tenths),
    totalScore: points(row.total_score_tenths),
    passScore: points(row.pass_score_tenths),
    passed: row.passed,
    startedAt: iso(row.started_at),
    deadlineAt: iso(row.deadline_at),
    submittedAt: row.submitted_at ? iso(row.submitted_at) : null,
    usedSeconds: row.submitted_at
      ? Math.max(0, Math.round((new Date(row.submitted_at).getTime() - new Date(row.started_at).getTime()) / 1000))
      : null,
    screenSwitches: row.screen_switches,
  };
}

/** The server's clock of an attempt. */
export function presentClock(row: { seconds_left: number; deadline_at: Date; now: Date }) {
  return { secondsLeft: row.seconds_left, deadlineAt: iso(row.deadline_at), serverNow: iso(row.now) };
}

/**
 * A question as the taker is sent it (DESIGN.md section 9: the paper sent to the browser never
 * holds the answers): its stem, options, items, blank count and score, and nothing else of the
 * snapshot — no keys, accepted blanks, reference answer or analysis.
 */
export function presentPaperQuestion(q: AttemptQuestion): ExamPaperQuestion {
  return {
    questionId: q.questionId,
    questionType: q.questionType,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options.map((o) => ({ key: o.key, text: o.text })),
    items: q.items.map((o) => ({ key: o.key, text: o.text })),
    blankCount: q.blanks.length,
    score: points(q.scoreTenths),
  };
}

/**
 * Whether a submitted attempt shows the right answers and analysis: the task says so, and no attempt
 * of the task can still be taken (none left, or the window is over) and none is under way — a
 * taker who may try again is not shown the keys first.
 */
export function answersShown(row: AttemptRow): boolean {
  return row.show_answers && row.status !== AttemptStatus.ANSWERING && examOver(row);
}

/** The task is over for the learner: no attempt can be taken again (none left, or the window closed) and none is under way. */
export function examOver(row: AttemptRow): boolean {
  if (row.task_open_attempt) return false;
  return row.task_over || row.attempts_used >= row.attempts_allowed;
}

/**
 * One question of a result: the learner's own answer always; its mark (result, points, the marker's
 * comment) and its keys and analysis only as the answer-visibility rule says (`shows`, decision 032).
 */
export function presentResultQuestion(
  q: AttemptQuestion,
  a: AnswerRow | undefined,
  shows: { mark: boolean; key: boolean },
): ExamResultQuestion {
  const { mark, key } = shows;
  return {
    ...presentPaperQuestion(q),
    answer: a?.answer ?? [],
    flagged: a?.flagged ?? false,
    result: mark ? (a?.result ?? null) : null,
    gotScore: !mark || a?.score_tenths === null || a?.score_tenths === undefined ? null : points(a.score_tenths),
    markerComment: mark ? (a?.marker_comment ?? '') : '',
    rightAnswer: key ? q.answer : null,
    blanks: key ? q.blanks : null,
    referenceAnswer: key ? q.referenceAnswer : null,
    analysis: key ? q.analysis : null,
  };
}
