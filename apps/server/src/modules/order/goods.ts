import { sql } from 'drizzle-orm';
import { ErrorCode, type ErrorCodeValue } from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import type { GoodsFacts, OrderRepository } from './order.repository.ts';

/**
 * What an order can sell (decisions 057, 058), read at the server's price in the order's
 * transaction: a course, a study project, a batch package. `refusal`: why it cannot be ordered now
 * though it exists and is priced (a full or ended project, a package bought by someone else).
 */
export interface Goods extends GoodsFacts {
  studyPath: string;
  refusal: ErrorCodeValue | null;
}

/** A project as goods: published and priced, its enrolment not closed, not ended, a seat left. */
async function projectGoods(q: Db | Tx, who: Learner, projectId: number): Promise<Goods | null> {
  const { rows } = await q.execute<{
    id: number;
    title: string;
    cover: string;
    summary: string;
    price_fen: number;
    published: boolean;
    enrol_rule: number;
    ended: boolean;
    full: boolean;
    status: number | null;
  }>(sql`
    SELECT p.id, p.title, p.cover_url AS cover, p.summary, p.price_fen, p.published, p.enrol_rule,
      p.ends_at <= now() AS ended, (p.capacity > 0 AND p.seats_taken >= p.capacity) AS full,
      (SELECT a.status FROM study_project_applications a
        WHERE a.eid = p.eid AND a.project_id = p.id AND a.account_id = ${who.accountId}) AS status
    FROM study_projects p WHERE p.eid = ${who.eid} AND p.id = ${projectId}`);
  const row = rows[0];
  if (!row) return null;
  const owned = row.status === 2;
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    summary: row.summary,
    priceFen: row.price_fen,
    onSale: row.published && row.price_fen > 0,
    owned: owned || (row.price_fen === 0 && row.published),
    studyPath: `/knowledge/project/info?id=${row.id}`,
    refusal:
      row.enrol_rule === 3
        ? ErrorCode.PROJECT_CLOSED
        : row.ended
          ? ErrorCode.PROJECT_ENDED
          : row.full && row.status !== 1
            ? ErrorCode.PROJECT_FULL
            : null,
  };
}

/**
 * A batch package as goods: published, not bought, its last day not passed. Only for who gives its
 * number, or holds a seat, or has ordered it (they gave the number then): its id alone says
 * nothing, so the number stays the secret its people share (decision 058).
 */
async function packageGoods(q: Db | Tx, who: Learner, packageId: number, code?: string): Promise<Goods | null> {
  const { rows } = await q.execute<{
    id: number;
    code: string;
    title: string;
    organisation: string;
    intro: string;
    price_fen: number;
    published: boolean;
    expired: boolean;
    bought_by: number | null;
    cover: string | null;
    known: boolean;
  }>(sql`
    SELECT b.id, b.code, b.title, b.organisation, b.intro, b.price_fen, b.published,
      b.valid_until <= now() AS expired, b.bought_by,
      (b.code = ${code ?? ''}
        OR EXISTS (SELECT 1 FROM batch_package_members m WHERE m.eid = b.eid AND m.package_id = b.id
          AND m.account_id = ${who.accountId})
        OR EXISTS (SELECT 1 FROM orders o WHERE o.eid = b.eid AND o.goods_type = 3 AND o.goods_id = b.id
          AND o.account_id = ${who.accountId})) AS known,
      (SELECT c.cover_url FROM batch_package_courses bc JOIN courses c ON c.eid = bc.eid AND c.id = bc.course_id
        WHERE bc.eid = b.eid AND bc.package_id = b.id ORDER BY bc.position, bc.course_id LIMIT 1) AS cover
    FROM batch_packages b WHERE b.eid = ${who.eid} AND b.id = ${packageId}`);
  const row = rows[0];
  if (!row || !row.known) return null;
  return {
    id: row.id,
    title: row.title,
    cover: row.cover ?? '',
    summary: row.organisation ? `${row.organisation} · ${row.intro}`.slice(0, 200) : row.intro.slice(0, 200),
    priceFen: row.price_fen,
    onSale: row.published && row.bought_by === null,
    owned: row.bought_by === who.accountId,
    studyPath: `/batchPackage/query?code=${row.code}`,
    refusal: row.expired
      ? ErrorCode.BATCH_PACKAGE_EXPIRED
      : row.bought_by !== null && row.bought_by !== who.accountId
        ? ErrorCode.BATCH_PACKAGE_SOLD
        : null,
  };
}

/** The goods of an order, or null when there are none of that type and id in the enterprise. */
export async function goodsOf(
  repo: OrderRepository,
  who: Learner,
  goodsType: number,
  goodsId: number,
  q: Db | Tx = repo.db,
  /** A batch package's number (decision 058). */
  code?: string,
): Promise<Goods | null> {
  if (goodsType === 1) {
    const course = await repo.courseGoods(who, goodsId, q);
    return course ? { ...course, studyPath: `/knowledge/course/info?id=${goodsId}`, refusal: null } : null;
  }
  if (goodsType === 2) return projectGoods(q, who, goodsId);
  if (goodsType === 3) return packageGoods(q, who, goodsId, code);
  return null;
}

/**
 * Holds a batch package while an order of it is made: of two organisations' buyers ordering it at
 * once, the second waits here and then finds the first's open order (one open order per package,
 * so only one payment can buy it). Answers another learner's open order of it, if any.
 */
export async function lockPackageForOrder(tx: Tx, who: Learner, packageId: number): Promise<boolean> {
  await tx.execute(sql`SELECT id FROM batch_packages WHERE eid = ${who.eid} AND id = ${packageId} FOR UPDATE`);
  // Every unpaid order counts, past its time too: a transfer waiting for the site's confirmation
  // is never closed by the timeout, and could still be confirmed.
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM orders WHERE eid = ${who.eid} AND goods_type = 3 AND goods_id = ${packageId}
      AND status = 1 AND account_id <> ${who.accountId} LIMIT 1`);
  return rows.length > 0;
}
