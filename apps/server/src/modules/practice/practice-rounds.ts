import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';

/**
 * When the learner first finished a round of each of `setIds` (a set never finished is absent),
 * read in the caller's transaction, for the task module deciding whether an exercise item is done.
 */
export async function practiceRoundsOf(tx: Db | Tx, learner: Learner, setIds: number[]): Promise<Map<number, Date>> {
  const found = new Map<number, Date>();
  if (setIds.length === 0) return found;
  const { rows } = await tx.execute<{ set_id: number; finished_at: string | Date }>(sql`
    SELECT set_id, min(finished_at) AS finished_at FROM practice_records
     WHERE eid = ${learner.eid} AND account_id = ${learner.accountId} AND finished_at IS NOT NULL
       AND set_id = ANY(${`{${setIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])
     GROUP BY set_id`);
  for (const r of rows) found.set(Number(r.set_id), new Date(r.finished_at));
  return found;
}
