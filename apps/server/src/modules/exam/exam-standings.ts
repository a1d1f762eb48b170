import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';

/** A learner's standing in one exam task (its record, or none yet) with what the task allows. */
export interface ExamStanding {
  taskId: number;
  passed: boolean;
  passedAt: Date | null;
  /** The best marked score in tenths, null before one. */
  bestScoreTenths: number | null;
  waitingForMarking: boolean;
  attemptsUsed: number;
  attemptsAllowed: number;
  /** An attempt is open (started, not submitted). */
  answering: boolean;
  passScoreTenths: number;
  /** The exam's window is over: no attempt can start. */
  closed: boolean;
}

/**
 * The learner's standing in each published exam task of `examTaskIds` of their enterprise (absent:
 * no such task), read in the caller's transaction by the database's clock, for the task module
 * deciding whether an exam item is done, passed over its bar, or failed for good.
 */
export async function examStandingsOf(
  tx: Db | Tx,
  learner: Learner,
  examTaskIds: number[],
): Promise<Map<number, ExamStanding>> {
  const found = new Map<number, ExamStanding>();
  if (examTaskIds.length === 0) return found;
  const { rows } = await tx.execute<{
    id: number;
    passed: boolean | null;
    passed_at: string | Date | null;
    best_score_tenths: number | null;
    waiting_for_marking: boolean | null;
    attempts_used: number | null;
    attempts_allowed: number;
    pass_score_tenths: number;
    closed: boolean;
    answering: boolean;
  }>(sql`
    SELECT t.id, r.passed, r.passed_at, r.best_score_tenths, r.waiting_for_marking, r.attempts_used,
           t.attempts_allowed + coalesce(r.extra_attempts, 0) AS attempts_allowed, t.pass_score_tenths,
           t.ends_at <= now() AS closed,
           EXISTS (SELECT 1 FROM exam_attempts a
                    WHERE a.eid = t.eid AND a.task_id = t.id AND a.account_id = ${learner.accountId}
                      AND a.submitted_at IS NULL) AS answering
      FROM exam_tasks t
      LEFT JOIN exam_task_records r ON r.eid = t.eid AND r.task_id = t.id AND r.account_id = ${learner.accountId}
     WHERE t.eid = ${learner.eid} AND t.published
       AND t.id = ANY(${`{${examTaskIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])`);
  for (const r of rows) {
    found.set(Number(r.id), {
      taskId: Number(r.id),
      passed: r.passed === true,
      passedAt: r.passed_at ? new Date(r.passed_at) : null,
      bestScoreTenths: r.best_score_tenths === null ? null : Number(r.best_score_tenths),
      waitingForMarking: r.waiting_for_marking === true,
      attemptsUsed: Number(r.attempts_used ?? 0),
      attemptsAllowed: Number(r.attempts_allowed),
      answering: r.answering,
      passScoreTenths: Number(r.pass_score_tenths),
      closed: r.closed,
    });
  }
  return found;
}
