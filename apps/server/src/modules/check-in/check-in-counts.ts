import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';

/** Check-ins made by one learner on a plan, and the plan's `requiredCount` (decision 033). */
export interface CheckInCount {
  made: number;
  required: number;
}

/**
 * Check-ins made by one learner on each of `planIds` and each plan's `requiredCount`, for the task
 * module deciding whether a check-in item (resource type 11) is done. Plans of another enterprise
 * or that do not exist are absent from the map. Runs in the caller's transaction so the count is
 * read under the same locks as the rest of its evaluation.
 */
export async function checkInCountsOf(
  tx: Db | Tx,
  learner: { eid: number; accountId: number },
  planIds: number[],
): Promise<Map<number, CheckInCount>> {
  const counts = new Map<number, CheckInCount>();
  if (planIds.length === 0) return counts;
  const { rows } = await tx.execute<{ id: number; required: number; made: number }>(sql`
    SELECT p.id, p.required_count AS required,
           (SELECT count(*)::int FROM check_ins c
             WHERE c.eid = p.eid AND c.plan_id = p.id AND c.account_id = ${learner.accountId}) AS made
      FROM check_in_plans p
     WHERE p.eid = ${learner.eid} AND p.id = ANY(${`{${planIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`);
  for (const r of rows) counts.set(Number(r.id), { made: Number(r.made), required: Number(r.required) });
  return counts;
}
