import { sql } from 'drizzle-orm';
import type { Tx } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import type { Earner } from './earn-once.ts';

/** What an order sells (decision 057): 1 an online course (2 a project, 3 a batch package). */
export interface Goods {
  type: number;
  id: number;
}

/**
 * Opens bought goods to the learner, once (decision 057): a paid order calls this in the
 * transaction that marks it paid, so a payment and its unlock commit together or not at all, and
 * a second call (a replayed notification that got this far) writes nothing. Answers whether it
 * opened something now. The learner's cached course state is forgotten after the commit.
 */
export async function unlockOnce(tx: Tx, who: Earner, goods: Goods): Promise<boolean> {
  if (goods.type !== 1) throw new Error(`unlockOnce: goods type ${goods.type} is not sold yet`);
  const inserted = await tx.execute(sql`
    INSERT INTO course_purchases (eid, course_id, account_id)
    VALUES (${who.eid}, ${goods.id}, ${who.accountId})
    ON CONFLICT DO NOTHING
    RETURNING course_id`);
  const opened = inserted.rows.length > 0;
  afterCommit(tx, (effects) => {
    if (opened) effects.forgetAccount(who.accountId);
  });
  return opened;
}

/** Closes refunded goods again (the refund completed): access to them ends. Answers whether it held them. */
export async function lockAgain(tx: Tx, who: Earner, goods: Goods): Promise<boolean> {
  if (goods.type !== 1) throw new Error(`lockAgain: goods type ${goods.type} is not sold yet`);
  const deleted = await tx.execute(sql`
    DELETE FROM course_purchases
    WHERE eid = ${who.eid} AND course_id = ${goods.id} AND account_id = ${who.accountId}
    RETURNING course_id`);
  return deleted.rows.length > 0;
}
