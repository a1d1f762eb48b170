import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from '@portal/db';
import { PROGRESS_COLUMNS, stateOf, type ProgressRow } from './progress-row.ts';
import { TickBatcher } from './progress-ticks.ts';
import type { Learner } from '../../platform/learner.ts';
import { EarningSource } from '@portal/contract';
import { afterCommit } from '../../platform/after-commit.ts';

/** A period's progress row as the report reads it, with the database's clock. */
export interface ProgressState {
  creditedMs: number;
  studiedMs: number;
  furthestMs: number;
  positionMs: number;
  /** Milliseconds since the player's last report while playing; null when it was not playing. */
  sinceLastMs: number | null;
  completed: boolean;
  playerId: string | null;
  playerPeriodId: number | null;
}

export interface ProgressChange {
  creditedMs: number;
  studiedMs: number;
  furthestMs: number;
  positionMs: number;
  /** The player keeps playing: the next report is credited from now. */
  playing: boolean;
  complete: boolean;
}

export interface CourseCount {
  completedPeriods: number;
  requiredPeriods: number;
  completedAt: Date | null;
  lastPeriodId: number | null;
  lastStudiedAt: Date | null;
  startedAt: Date | null;
}

/**
 * The SQL of study progress (DESIGN.md section 9). The database's clock is the clock: elapsed time
 * is `now()` minus the last report. A tick writes its period row only if it is unchanged since it
 * was read, in a batch with the other ticks of the moment (progress-ticks.ts); any other report locks its period row in a transaction, and one that completes a period
 * also locks the learner's course row before counting, so completions of one course (two tabs, a
 * retried request, the last periods completed at once) are counted one after the other and the
 * course completes once.
 */
export class ProgressRepository {
  private readonly ticks: TickBatcher;

  /** `tenantPool`: the pool behind `db`, which the batched ticks use directly. */
  constructor(
    private readonly db: Db,
    tenantPool: pg.Pool,
  ) {
    this.ticks = new TickBatcher(tenantPool);
  }

  /**
   * Opens a period: the learner's course row (a first start counts a learner of the course), the
   * period's row (not playing until the player says so) and a new player that replaces any other.
   */
  openPeriod(who: Learner, courseId: number, periodId: number) {
    const playerId = randomUUID();
    return this.db.transaction(async (tx) => {
      const started = await tx.execute<{ inserted: boolean }>(sql`
        INSERT INTO course_learners (eid, course_id, account_id, last_period_id)
        VALUES (${who.eid}, ${courseId}, ${who.accountId}, ${periodId})
        ON CONFLICT (eid, course_id, account_id) DO UPDATE SET last_period_id = EXCLUDED.last_period_id, last_studied_at = now()
        RETURNING (xmax = 0) AS inserted`);
      if (started.rows[0]?.inserted) {
        await tx.execute(
          sql`UPDATE courses SET learner_count = learner_count + 1 WHERE eid = ${who.eid} AND id = ${courseId}`,
        );
      }
      const { rows } = await tx.execute<{
        credited_ms: number;
        furthest_ms: number;
        position_ms: number;
        completed: boolean;
      }>(sql`
        INSERT INTO period_progress (eid, account_id, period_id, course_id)
        VALUES (${who.eid}, ${who.accountId}, ${periodId}, ${courseId})
        ON CONFLICT (eid, account_id, period_id) DO UPDATE SET last_report_at = NULL
        RETURNING credited_ms, furthest_ms, position_ms, completed_at IS NOT NULL AS completed`);
      await tx.execute(sql`
        INSERT INTO study_players (eid, account_id, player_id, period_id)
        VALUES (${who.eid}, ${who.accountId}, ${playerId}, ${periodId})
        ON CONFLICT (eid, account_id) DO UPDATE
          SET player_id = EXCLUDED.player_id, period_id = EXCLUDED.period_id, started_at = now()`);
      const row = rows[0]!;
      return {
        playerId,
        creditedMs: row.credited_ms,
        furthestMs: row.furthest_ms,
        positionMs: row.position_ms,
        completed: row.completed,
      };
    });
  }

  /**
   * Runs one report: locks the learner's period row, gives `decide` its state with the time since
   * the last report and writes its answer; when the period completes (or the player stops or
   * starts) also the course's row and counts; `onCourseComplete` runs in the same transaction the
   * one time the course completes. Null when the learner never opened the period.
   */
  report<T>(
    who: Learner,
    courseId: number,
    periodId: number,
    event: { touchesCourse: boolean; playerId: string },
    decide: (state: ProgressState) => ProgressChange,
    onCourseComplete: (tx: Tx) => Promise<T>,
  ) {
    return event.touchesCourse
      ? this.reportLocked(who, courseId, periodId, decide, onCourseComplete)
      : this.tick(who, courseId, periodId, event.playerId, decide, onCourseComplete);
  }

  /**
   * A tick while playing, the common report, goes into the enterprise's next batch of ticks (one
   * read and one conditional write for the whole batch; `TickBatcher`); a tick that completes the
   * period, or whose row kept changing under it, takes the locked path.
   */
  private async tick<T>(
    who: Learner,
    courseId: number,
    periodId: number,
    playerId: string,
    decide: (state: ProgressState) => ProgressChange,
    onCourseComplete: (tx: Tx) => Promise<T>,
  ) {
    const outcome = await this.ticks.submit(who, courseId, periodId, playerId, decide);
    if ('written' in outcome) return { change: outcome.written, earned: null, course: null };
    return this.reportLocked(who, courseId, periodId, decide, onCourseComplete);
  }

  /** A report in one transaction with the period's row locked; the course's row too when it changes. */
  private reportLocked<T>(
    who: Learner,
    courseId: number,
    periodId: number,
    decide: (state: ProgressState) => ProgressChange,
    onCourseComplete: (tx: Tx) => Promise<T>,
  ) {
    return this.db.transaction(async (tx) => {
      const row = await readProgress(tx, who, courseId, periodId, true);
      if (!row) return null;
      const change = decide(stateOf(row));
      const newlyComplete = change.complete && !row.completed;
      await tx.execute(sql`
        UPDATE period_progress SET credited_ms = ${change.creditedMs}, studied_ms = ${change.studiedMs},
          furthest_ms = ${change.furthestMs}, position_ms = ${change.positionMs},
          last_report_at = ${change.playing ? sql`now()` : sql`NULL`},
          completed_at = ${newlyComplete ? sql`now()` : sql`completed_at`}, updated_at = now()
        WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND period_id = ${periodId}`);
      const counted = await countCourse(tx, who, courseId, periodId, onCourseComplete);
      return { change, earned: counted.earned, course: counted.course };
    });
  }
}

/** The period's progress with the time since the last report (the database's clock) and the learner's player. */
async function readProgress(db: Db | Tx, who: Learner, courseId: number, periodId: number, lock: boolean) {
  const { rows } = await db.execute<ProgressRow>(sql`
    SELECT ${sql.raw(PROGRESS_COLUMNS)}
    FROM period_progress pp
    LEFT JOIN study_players sp ON sp.eid = pp.eid AND sp.account_id = pp.account_id
    WHERE pp.eid = ${who.eid} AND pp.account_id = ${who.accountId} AND pp.period_id = ${periodId}
      AND pp.course_id = ${courseId}
    ${lock ? sql`FOR UPDATE OF pp` : sql``}`);
  return rows[0] ?? null;
}

/**
 * Counts the learner's required periods of the course after one of them changed (`periodId`, the
 * last studied), in the caller's transaction: the course row's lock orders the completions of one
 * learner's course, so it completes once, and `onCourseComplete` runs that one time. Null counts
 * when the learner has no course row.
 */
export async function countCourse<T>(
  tx: Tx,
  who: Learner,
  courseId: number,
  periodId: number,
  onCourseComplete: (tx: Tx) => Promise<T>,
): Promise<{ earned: T | null; course: CourseCount | null }> {
  // The course row's lock orders the completions of one learner's course: the count below runs
  // after any other report that completed a period has committed, so the course completes once.
  await tx.execute(sql`
      SELECT 1 FROM course_learners WHERE eid = ${who.eid} AND course_id = ${courseId} AND account_id = ${who.accountId}
      FOR UPDATE`);
  const counts = await tx.execute<{ completed_periods: number; required_periods: number }>(sql`
      SELECT count(pp.completed_at)::int AS completed_periods, count(*)::int AS required_periods
      FROM course_periods p
      LEFT JOIN period_progress pp ON pp.eid = p.eid AND pp.period_id = p.id AND pp.account_id = ${who.accountId}
      WHERE p.eid = ${who.eid} AND p.course_id = ${courseId} AND p.required`);
  const { completed_periods: done, required_periods: required } = counts.rows[0]!;
  const percent = required === 0 ? 0 : Math.floor((done * 100) / required);
  const courseDone = required > 0 && done >= required;
  const updated = await tx.execute<{
    completed_at: Date | null;
    was_complete: boolean;
    last_studied_at: Date;
    started_at: Date;
  }>(sql`
      UPDATE course_learners cl SET completed_periods = ${done}, progress_percent = ${percent},
        last_studied_at = now(), last_period_id = ${periodId},
        completed_at = COALESCE(cl.completed_at, ${courseDone ? sql`now()` : sql`NULL`})
      FROM (SELECT completed_at FROM course_learners
            WHERE eid = ${who.eid} AND course_id = ${courseId} AND account_id = ${who.accountId}) old
      WHERE cl.eid = ${who.eid} AND cl.course_id = ${courseId} AND cl.account_id = ${who.accountId}
      RETURNING cl.completed_at, old.completed_at IS NOT NULL AS was_complete, cl.last_studied_at, cl.started_at`);
  const course = updated.rows[0];
  if (!course) return { earned: null, course: null };
  let earned: T | null = null;
  if (course.completed_at && !course.was_complete) {
    // Tasks holding this course re-evaluate the learner once this commits (decision 033).
    afterCommit(tx, (e) => e.learned({ ...who, resourceType: EarningSource.COURSE, resourceId: courseId }));
    earned = await onCourseComplete(tx);
  }
  return {
    earned,
    course: {
      completedPeriods: done,
      requiredPeriods: required,
      completedAt: course.completed_at ? new Date(course.completed_at) : null,
      lastPeriodId: periodId,
      lastStudiedAt: new Date(course.last_studied_at),
      startedAt: new Date(course.started_at),
    } satisfies CourseCount,
  };
}
