import { sql, type SQL } from 'drizzle-orm';
import type { RankKind } from '@portal/contract';
import type { Db } from '@portal/db';

/** The column each leaderboard ranks by (learner_totals has one index per column). */
const COLUMN: Record<RankKind, ReturnType<typeof sql.raw>> = {
  integral: sql.raw('points'),
  creditHour: sql.raw('credit_tenths'),
  certificate: sql.raw('certificates'),
};
/** The board's kind in learner_total_counts. */
const KIND: Record<RankKind, number> = { integral: 1, creditHour: 2, certificate: 3 };

/**
 * 1 + the learners of the enterprise above a value, from the three levels of learner_total_counts
 * (migration 0020): the top buckets (value >> 16) above the value's, the middle buckets (>> 8)
 * above it inside its top bucket, and the exact values above it inside its middle bucket. Each
 * part is an index range of at most a few hundred rows, however widely the values spread.
 */
const rankAbove = (eid: number, kind: RankKind, value: SQL) => {
  const k = KIND[kind];
  const sum = (where: SQL) =>
    sql`(SELECT coalesce(sum(c.n), 0) FROM learner_total_counts c WHERE c.eid = ${eid} AND ${where})`;
  return sql`(
    ${sum(sql`c.kind = ${k + 20} AND c.value > (${value}) >> 16`)}
    + ${sum(sql`c.kind = ${k + 10} AND c.value > (${value}) >> 8 AND c.value < (((${value}) >> 16) + 1)::bigint << 8`)}
    + ${sum(sql`c.kind = ${k} AND c.value > (${value}) AND c.value < (((${value}) >> 8) + 1)::bigint << 8`)}
  )::int + 1`;
};

export type RankRow = {
  rank: number;
  value: number;
  userName: string;
  realName: string;
  headPortrait: string;
  departmentName: string;
};

/**
 * Rank queries on learner_totals, always by enterprise. A rank is 1 + the learners with more
 * (summed from learner_total_counts); a board page reads its rows in index order
 * (eid, value DESC NULLS LAST, account_id: the queries say NULLS LAST so the index serves them).
 */
export class RankingRepository {
  constructor(private readonly db: Db) {}

  /** Learners on the board (value above 0), counted up to `cap`. */
  async boardSize(eid: number, kind: RankKind, cap: number): Promise<number> {
    const col = COLUMN[kind];
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM learner_totals WHERE eid = ${eid} AND ${col} > 0 ORDER BY ${col} DESC NULLS LAST LIMIT ${cap}
      ) top`);
    return rows[0]?.n ?? 0;
  }

  /** One page of the board, each row with its rank. */
  async findRanks(eid: number, kind: RankKind, offset: number, limit: number): Promise<RankRow[]> {
    const col = COLUMN[kind];
    const { rows } = await this.db.execute<RankRow>(sql`
      SELECT
        ${rankAbove(eid, kind, sql`t.${col}`)} AS "rank",
        t.${col} AS "value",
        u.user_name AS "userName",
        u.real_name AS "realName",
        u.head_portrait AS "headPortrait",
        u.department_name AS "departmentName"
      FROM (
        SELECT eid, account_id, ${col} FROM learner_totals
        WHERE eid = ${eid} AND ${col} > 0
        ORDER BY ${col} DESC NULLS LAST, account_id
        LIMIT ${limit} OFFSET ${offset}
      ) t
      JOIN enterprise_users u ON u.eid = t.eid AND u.account_id = t.account_id
      ORDER BY t.${col} DESC NULLS LAST, t.account_id`);
    return rows;
  }

  /** The learner's value and rank (0 when they have no totals yet). */
  async rankOf(eid: number, accountId: number, kind: RankKind): Promise<{ rank: number; value: number }> {
    const col = COLUMN[kind];
    const { rows } = await this.db.execute<{ rank: number; value: number }>(sql`
      WITH mine AS (
        SELECT coalesce((SELECT ${col} FROM learner_totals WHERE eid = ${eid} AND account_id = ${accountId}), 0) AS v
      )
      SELECT ${rankAbove(eid, kind, sql`mine.v`)} AS "rank", mine.v AS "value"
      FROM mine`);
    return rows[0] ?? { rank: 1, value: 0 };
  }
}
