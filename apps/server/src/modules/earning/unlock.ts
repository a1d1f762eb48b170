import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import type { Earner } from './earn-once.ts';

/** What an order sells (decisions 057, 058): 1 an online course, 2 a study project, 3 a batch package. */
export interface Goods {
  type: number;
  id: number;
}

/**
 * Whether the learner holds a priced course (decision 058): bought on its own, or through a seat
 * of a bought batch package that has the course and whose last day has not passed. The one
 * definition of "bought" every reader of it uses (the player, the course page, the checkout).
 */
export function holdsCourseSql(eid: number, courseId: SQL | number, accountId: number): SQL {
  return sql`(EXISTS (SELECT 1 FROM course_purchases cp
      WHERE cp.eid = ${eid} AND cp.course_id = ${courseId} AND cp.account_id = ${accountId})
    OR EXISTS (SELECT 1 FROM batch_package_members bm
      JOIN batch_packages bp ON bp.eid = bm.eid AND bp.id = bm.package_id
      JOIN batch_package_courses bc ON bc.eid = bm.eid AND bc.package_id = bm.package_id
      WHERE bm.eid = ${eid} AND bm.account_id = ${accountId} AND bc.course_id = ${courseId}
        AND bp.bought_by IS NOT NULL AND bp.valid_until > now()))`;
}

/**
 * Opens bought goods to the learner, once (decisions 057, 058): a paid order calls this in the
 * transaction that marks it paid, so a payment and its unlock commit together or not at all, and
 * a second call (a replayed notification that got this far) writes nothing. Answers whether it
 * opened something now. The learner's cached state is forgotten after the commit.
 *
 * - A course: a `course_purchases` row.
 * - A project: the learner enrolled (approved) with a seat. A pending application becomes
 *   approved on its seat; a rejected or withdrawn one is enrolled again and takes a seat. A paid
 *   learner is never refused for a full project (the order refused it when it was made).
 * - A batch package: bought by the learner (who takes its first seat); people join it later.
 */
export async function unlockOnce(tx: Tx, who: Earner, goods: Goods): Promise<boolean> {
  let opened: boolean;
  if (goods.type === 1) {
    // From the course's row: a course deleted since it was ordered opens nothing (the site refunds).
    const inserted = await tx.execute(sql`
      INSERT INTO course_purchases (eid, course_id, account_id)
      SELECT c.eid, c.id, ${who.accountId} FROM courses c WHERE c.eid = ${who.eid} AND c.id = ${goods.id}
      ON CONFLICT DO NOTHING
      RETURNING course_id`);
    opened = inserted.rows.length > 0;
  } else if (goods.type === 2) {
    const project = await tx.execute(sql`
      SELECT id FROM study_projects WHERE eid = ${who.eid} AND id = ${goods.id} FOR UPDATE`);
    const before = await tx.execute<{ status: number }>(sql`
      SELECT status FROM study_project_applications
      WHERE eid = ${who.eid} AND project_id = ${goods.id} AND account_id = ${who.accountId}
      FOR UPDATE`);
    const status = before.rows[0]?.status;
    if (status === 2 || project.rows.length === 0) {
      // Enrolled already, or the project was deleted since it was ordered (the site refunds).
      opened = false;
    } else {
      await tx.execute(sql`
        INSERT INTO study_project_applications (eid, project_id, account_id, status, reason, applied_at, decided_at)
        VALUES (${who.eid}, ${goods.id}, ${who.accountId}, 2, '', now(), now())
        ON CONFLICT (eid, project_id, account_id)
        DO UPDATE SET status = 2, reason = '', decided_at = now(), decided_by = NULL`);
      // A pending application already holds its seat.
      if (status !== 1) {
        await tx.execute(sql`
          UPDATE study_projects SET seats_taken = seats_taken + 1 WHERE eid = ${who.eid} AND id = ${goods.id}`);
      }
      opened = true;
    }
  } else if (goods.type === 3) {
    const bought = await tx.execute(sql`
      UPDATE batch_packages SET bought_by = ${who.accountId}, bought_at = now(), seats_taken = 1,
        order_id = (SELECT id FROM orders WHERE eid = ${who.eid} AND account_id = ${who.accountId}
          AND goods_type = 3 AND goods_id = ${goods.id} AND status = 2 ORDER BY paid_at DESC LIMIT 1)
      WHERE eid = ${who.eid} AND id = ${goods.id} AND bought_by IS NULL
      RETURNING id`);
    opened = bought.rows.length > 0;
    if (opened) {
      await tx.execute(sql`
        INSERT INTO batch_package_members (eid, package_id, account_id)
        VALUES (${who.eid}, ${goods.id}, ${who.accountId}) ON CONFLICT DO NOTHING`);
    }
  } else {
    throw new Error(`unlockOnce: no goods of type ${goods.type}`);
  }
  afterCommit(tx, (effects) => {
    if (opened) effects.forgetAccount(who.accountId);
  });
  return opened;
}

/**
 * Closes refunded goods again (the refund completed): access to them ends. Answers whether it
 * held them. A batch package's refund ends it for every member, and it is for sale again.
 */
export async function lockAgain(tx: Tx, who: Earner, goods: Goods): Promise<boolean> {
  if (goods.type === 1) {
    const deleted = await tx.execute(sql`
      DELETE FROM course_purchases
      WHERE eid = ${who.eid} AND course_id = ${goods.id} AND account_id = ${who.accountId}
      RETURNING course_id`);
    return deleted.rows.length > 0;
  }
  if (goods.type === 2) {
    const withdrawn = await tx.execute(sql`
      UPDATE study_project_applications SET status = 4, decided_at = now()
      WHERE eid = ${who.eid} AND project_id = ${goods.id} AND account_id = ${who.accountId} AND status IN (1, 2)
      RETURNING project_id`);
    if (withdrawn.rows.length === 0) return false;
    await tx.execute(sql`
      UPDATE study_projects SET seats_taken = greatest(seats_taken - 1, 0) WHERE eid = ${who.eid} AND id = ${goods.id}`);
    afterCommit(tx, (effects) => effects.forgetAccount(who.accountId));
    return true;
  }
  if (goods.type === 3) {
    const ended = await tx.execute(sql`
      UPDATE batch_packages SET bought_by = NULL, bought_at = NULL, order_id = NULL, seats_taken = 0
      WHERE eid = ${who.eid} AND id = ${goods.id} AND bought_by = ${who.accountId}
      RETURNING id`);
    if (ended.rows.length === 0) return false;
    const members = await tx.execute<{ account_id: number }>(sql`
      DELETE FROM batch_package_members WHERE eid = ${who.eid} AND package_id = ${goods.id}
      RETURNING account_id`);
    afterCommit(tx, (effects) => {
      for (const m of members.rows) effects.forgetAccount(m.account_id);
    });
    return true;
  }
  throw new Error(`lockAgain: no goods of type ${goods.type}`);
}
