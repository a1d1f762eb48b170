import {
  AttemptStatus,
  ErrorCode,
  type ExamAttemptItem,
  type ExamPaperQuestion,
  type ExamResultQuestion,
  type ExamTaskItem,
} from '@portal/contract';
import type { AttemptQuestion } from '@portal/db';
import type { StemHtml } from '../../platform/stems.ts';
import type { AnswerRow, AttemptRow, TaskRow } from './exam.repository.ts';

/** Scores are kept in tenths of a point; calls answer points with one decimal. */
export const points = (tenths: number) => tenths / 10;
/** Credit is kept in tenths of an hour (or credit), as the ledger keeps it. */
export const creditOf = (tenths: number) => tenths / 10;

const iso = (d: Date | string) => new Date(d).toISOString();

/** Why a learner cannot start now (the code a start answers), or null when they can (or continue). */
export function startRefusal(row: TaskRow): 7601 | 7602 | 7604 | null {
  if (row.openAttemptId !== null) return null;
  const now = new Date(row.now).getTime();
  if (now < new Date(row.startsAt).getTime()) return ErrorCode.EXAM_NOT_STARTED;
  if (now >= new Date(row.endsAt).getTime()) return ErrorCode.EXAM_ENDED;
  if (row.attemptsUsed >= row.attemptsAllowed) return ErrorCode.EXAM_ATTEMPTS_USED_UP;
  return null;
}

export function admissionPrintable(row: { admissionTicket: boolean; admissionPrintAt: Date | null; now: Date }) {
  return (
    row.admissionTicket &&
    (row.admissionPrintAt === null || new Date(row.admissionPrintAt).getTime() <= new Date(row.now).getTime())
  );
}

export function presentTask(row: TaskRow): ExamTaskItem {
  const refusal = startRefusal(row);
  return {
    taskId: row.taskId,
    title: row.title,
    intro: row.intro,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    durationMinutes: row.durationMinutes,
    attemptsAllowed: row.attemptsAllowed,
    attemptsUsed: row.attemptsUsed,
    bestScore: row.bestScoreTenths === null ? null : points(row.bestScoreTenths),
    totalScore: points(row.totalScoreTenths),
    passScore: points(row.passScoreTenths),
    passed: row.passed,
    statusLabel: row.statusLabel,
    canStart: refusal === null,
    cannotStartCode: refusal,
    openAttemptId: row.openAttemptId,
    waitingForMarking: row.waitingForMarking,
    screenSwitchLimit: row.screenSwitchLimit,
    showAnswers: row.showAnswers,
    points: row.points,
    creditHour: creditOf(row.creditTenths),
    grantsCertificate: row.grantsCertificate,
    admissionTicket: row.admissionTicket,
    admissionPrintAt: row.admissionPrintAt ? iso(row.admissionPrintAt) : null,
    admissionPrintable: admissionPrintable(row),
  };
}

export function presentAttempt(row: AttemptRow): ExamAttemptItem {
  return {
    attemptId: row.id,
    taskId: row.taskId,
    taskTitle: row.taskTitle,
    attemptNo: row.attemptNo,
    status: row.status,
    submitReason: row.submitReason,
    score: row.scoreTenths === null ? null : points(row.scoreTenths),
    objectiveScore: row.objectiveScoreTenths === null ? null : points(row.objectiveScoreTenths),
    totalScore: points(row.totalScoreTenths),
    passScore: points(row.passScoreTenths),
    passed: row.passed,
    startedAt: iso(row.startedAt),
    deadlineAt: iso(row.deadlineAt),
    submittedAt: row.submittedAt ? iso(row.submittedAt) : null,
    usedSeconds: row.submittedAt
      ? Math.max(0, Math.round((new Date(row.submittedAt).getTime() - new Date(row.startedAt).getTime()) / 1000))
      : null,
    screenSwitches: row.screenSwitches,
  };
}

/** The server's clock of an attempt. */
export function presentClock(row: { secondsLeft: number; deadlineAt: Date; now: Date }) {
  return { secondsLeft: row.secondsLeft, deadlineAt: iso(row.deadlineAt), serverNow: iso(row.now) };
}

/**
 * A question as the taker is sent it (DESIGN.md section 9: the paper sent to the browser never
 * holds the answers): its stem, options, items, blank count and score, and nothing else of the
 * snapshot — no keys, accepted blanks, reference answer or analysis. The stem is sanitised HTML
 * (`html`, decision 054), a snapshot's plain stem from before included.
 */
export function presentPaperQuestion(q: AttemptQuestion, html: StemHtml): ExamPaperQuestion {
  return {
    questionId: q.questionId,
    questionType: q.questionType,
    difficulty: q.difficulty,
    stem: html(q.stem),
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
  return row.showAnswers && row.status !== AttemptStatus.ANSWERING && examOver(row);
}

/** The task is over for the learner: no attempt can be taken again (none left, or the window closed) and none is under way. */
export function examOver(row: AttemptRow): boolean {
  if (row.taskOpenAttempt) return false;
  return row.taskOver || row.attemptsUsed >= row.attemptsAllowed;
}

/**
 * One question of a result: the learner's own answer always; its mark (result, points, the marker's
 * comment) and its keys and analysis only as the answer-visibility rule says (`shows`, decision 032).
 */
export function presentResultQuestion(
  q: AttemptQuestion,
  a: AnswerRow | undefined,
  shows: { mark: boolean; key: boolean },
  html: StemHtml,
): ExamResultQuestion {
  const { mark, key } = shows;
  return {
    ...presentPaperQuestion(q, html),
    answer: a?.answer ?? [],
    flagged: a?.flagged ?? false,
    result: mark ? (a?.result ?? null) : null,
    gotScore: !mark || a?.scoreTenths === null || a?.scoreTenths === undefined ? null : points(a.scoreTenths),
    markerComment: mark ? (a?.markerComment ?? '') : '',
    rightAnswer: key ? q.answer : null,
    blanks: key ? q.blanks : null,
    referenceAnswer: key ? q.referenceAnswer : null,
    analysis: key ? q.analysis : null,
  };
}
