import {
  DEFAULT_READ_SECONDS,
  ErrorCode,
  PeriodType,
  PROGRESS_REPORT_SECONDS,
  ProgressEvent,
  SEEK_TOLERANCE_SECONDS,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { ProgressChange, ProgressState } from './progress.repository.ts';

/** The most wall-clock time one report credits: a player that went quiet longer was not watching. */
export const REPORT_GAP_MAX_MS = 3 * PROGRESS_REPORT_SECONDS * 1000;
/** A video period completes this close to its threshold (the ended event's position and timer jitter). */
const COMPLETION_SLACK_MS = 1000;
const TOLERANCE_MS = SEEK_TOLERANCE_SECONDS * 1000;

export interface PeriodRules {
  periodType: number;
  /** A video's length; the time a document or image-text period must be open. */
  durationSeconds: number;
}

export interface CourseStudyRules {
  completionPercent: number;
  minPeriodSeconds: number;
  maxSpeedTenths: number;
}

export interface Report {
  playerId: string;
  periodId: number;
  /** Seconds into the video. */
  position: number;
  event: number;
}

/**
 * Decides what one report of the player changes (DESIGN.md section 9; issue 12 item 4), from the
 * period's state as the server keeps it and the time since the player's previous report:
 * - only the learner's current player earns (8010 for a replaced one);
 * - credited media time grows by at most the wall-clock time since the previous report times the
 *   course's fastest speed, and by no more than the position moved forward; never past the length;
 * - nothing is credited when the player was not playing (after a pause, a hidden page, an end) or
 *   on the report that says it plays again;
 * - before the period is complete a position past the furthest point reached (plus what the time
 *   since the last report allows) is refused (8011, with the furthest point to go back to);
 * - a period completes when its credited time and furthest point reach the course's share of its
 *   length and the learner studied it for the course's minimum time; a document or image-text when
 *   it was open (while visible) for its own time.
 */
export function decideReport(
  state: ProgressState,
  report: Report,
  period: PeriodRules,
  course: CourseStudyRules,
): ProgressChange {
  if (state.playerId !== report.playerId || state.playerPeriodId !== report.periodId) {
    throw new AppError(ErrorCode.STUDY_ELSEWHERE);
  }
  const playing = report.event === ProgressEvent.TICK || report.event === ProgressEvent.RESUME;
  // The time this report covers: none when the player was not playing or says it starts again.
  const since = report.event === ProgressEvent.RESUME || state.sinceLastMs === null ? 0 : state.sinceLastMs;
  const wall = Math.min(since, REPORT_GAP_MAX_MS);
  const studiedMs = state.studiedMs + wall;
  const minStudyMs = course.minPeriodSeconds * 1000;

  if (period.periodType !== PeriodType.VIDEO) {
    const readMs = (period.durationSeconds || DEFAULT_READ_SECONDS) * 1000;
    return {
      creditedMs: Math.min(readMs, state.creditedMs + wall),
      studiedMs,
      furthestMs: 0,
      positionMs: 0,
      playing,
      complete: state.completed || (studiedMs >= readMs && studiedMs >= minStudyMs),
    };
  }

  const lengthMs = period.durationSeconds * 1000;
  const positionMs = Math.min(Math.round(report.position * 1000), lengthMs);
  const speed = course.maxSpeedTenths / 10;
  if (!state.completed) {
    const allowedMs = Math.max(state.furthestMs, state.positionMs + since * speed) + TOLERANCE_MS;
    if (positionMs > allowedMs) {
      throw new AppError(ErrorCode.STUDY_SEEK_FORWARD, { data: { furthestSeconds: state.furthestMs / 1000 } });
    }
  }
  const advance = Math.max(0, positionMs - state.positionMs);
  const creditedMs = Math.min(lengthMs, state.creditedMs + Math.min(Math.floor(wall * speed), advance));
  const furthestMs = Math.max(state.furthestMs, positionMs);
  const thresholdMs = Math.floor((lengthMs * course.completionPercent) / 100) - COMPLETION_SLACK_MS;
  return {
    creditedMs,
    studiedMs,
    furthestMs,
    positionMs,
    playing,
    complete: state.completed || (creditedMs >= thresholdMs && furthestMs >= thresholdMs && studiedMs >= minStudyMs),
  };
}

/** A video opens this far before its end at the latest: one opened at its very end would only end. */
const RESUME_BEFORE_END_MS = 1000;

/**
 * Where a video period opens (issue 19 item 11): where the learner left off, unless the period is
 * complete (then from the start, as video players do for a video watched to the end). A period not
 * yet complete resumes even near its end: a learner who skipped a few seconds (within the seek
 * tolerance) reaches the end with, say, 88 % credited, and used to be sent back to 00:00 by a
 * "near the end means start over" rule that did not ask whether the period was complete.
 */
export function resumeAt(progress: { positionMs: number; completed: boolean }, lengthMs: number): number {
  if (progress.completed || lengthMs <= 0) return 0;
  return Math.max(0, Math.min(progress.positionMs, lengthMs - RESUME_BEFORE_END_MS));
}
