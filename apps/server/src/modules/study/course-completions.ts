import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';

/** A learner's standing in one course: the share of required periods complete, and when it completed. */
export interface CourseCompletion {
  progressPercent: number;
  completedAt: Date | null;
}

/**
 * The learner's standing in each of `courseIds` (a course they never started is absent), read in
 * the caller's transaction, for the task module deciding whether a course item is done.
 */
export async function courseCompletionsOf(
  tx: Db | Tx,
  learner: Learner,
  courseIds: number[],
): Promise<Map<number, CourseCompletion>> {
  const found = new Map<number, CourseCompletion>();
  if (courseIds.length === 0) return found;
  const { rows } = await tx.execute<{
    course_id: number;
    progress_percent: number;
    completed_at: string | Date | null;
  }>(sql`
    SELECT course_id, progress_percent, completed_at FROM course_learners
     WHERE eid = ${learner.eid} AND account_id = ${learner.accountId}
       AND course_id = ANY(${`{${courseIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])`);
  for (const r of rows) {
    found.set(Number(r.course_id), {
      progressPercent: Number(r.progress_percent),
      completedAt: r.completed_at ? new Date(r.completed_at) : null,
    });
  }
  return found;
}
