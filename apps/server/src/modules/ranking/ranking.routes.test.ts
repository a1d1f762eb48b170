import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findCertificateRanks,
  findCreditHourRanks,
  findIntegralRanks,
  viewCurrentCertificateRank,
  viewCurrentCreditHourRank,
  viewCurrentIntegralRank,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import { createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner, type SiteRef } from '../../test/factories.ts';
import { RankingRepository } from './ranking.repository.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
/** Learners of a, by name: points, credit tenths, certificates. */
const people: Record<string, Learner> = {};

async function learner(site: SiteRef, name: string, points: number, creditTenths: number, certificates: number) {
  const person = await t.learner(site, { member: { realName: name } });
  await t.database.db
    .insert(schema.learnerTotals)
    .values({ eid: site.eid, accountId: person.accountId, points, creditTenths, certificates });
  return person;
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
  people['赵一'] = await learner(a, '赵一', 500, 125, 3);
  people['钱二'] = await learner(a, '钱二', 300, 300, 1);
  people['孙三'] = await learner(a, '孙三', 300, 80, 0);
  people['李四'] = await learner(a, '李四', 100, 5, 2);
  people['周五'] = await learner(a, '周五', 0, 0, 0);
  // Another enterprise's champion: never on a's boards.
  people['乙王'] = await learner(b, '乙王', 9999, 9999, 99);
});
afterAll(async () => t?.close());

const names = (list: Array<{ userName: string }>) => list.map((e) => e.userName);

describe('leaderboards', () => {
  it('points: 3 a page by default, equal values share a rank, learners with 0 are not on the board', async () => {
    const first = await t.call(findIntegralRanks, {}, { as: people['赵一']! });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ pageCurrent: 1, pageSize: 3, totalCount: 4, totalPage: 2 });
    expect(first.data.list).toEqual([
      { rank: 1, userName: '赵一', headPortrait: '', departmentName: '', value: 500 },
      { rank: 2, userName: '钱二', headPortrait: '', departmentName: '', value: 300 },
      { rank: 2, userName: '孙三', headPortrait: '', departmentName: '', value: 300 },
    ]);
    const second = await t.call(findIntegralRanks, { pageCurrent: 2 }, { as: people['赵一']! });
    expect(second.data.list).toEqual([{ rank: 4, userName: '李四', headPortrait: '', departmentName: '', value: 100 }]);
    const beyond = await t.call(findIntegralRanks, { pageCurrent: 9 }, { as: people['赵一']! });
    expect(beyond.data).toMatchObject({ totalCount: 4, list: [] });
  });

  it('credit hours with one decimal, and certificates', async () => {
    const hours = await t.call(findCreditHourRanks, { pageSize: 10 }, { as: people['李四']! });
    expect(names(hours.data.list)).toEqual(['钱二', '赵一', '孙三', '李四']);
    expect(hours.data.list.map((e) => e.value)).toEqual([30, 12.5, 8, 0.5]);
    const certs = await t.call(findCertificateRanks, { pageSize: 10 }, { as: people['李四']! });
    expect(names(certs.data.list)).toEqual(['赵一', '李四', '钱二']);
  });

  it("one's own rank among everyone of the enterprise; no totals ranks after everyone on the board", async () => {
    expect((await t.call(viewCurrentIntegralRank, {}, { as: people['孙三']! })).data).toEqual({ rank: 2, value: 300 });
    expect((await t.call(viewCurrentCreditHourRank, {}, { as: people['赵一']! })).data).toEqual({
      rank: 2,
      value: 12.5,
    });
    expect((await t.call(viewCurrentIntegralRank, {}, { as: people['周五']! })).data).toEqual({ rank: 5, value: 0 });
    const newcomer = await t.learner(a);
    expect((await t.call(viewCurrentCertificateRank, {}, { as: newcomer })).data).toEqual({ rank: 4, value: 0 });
  });

  it("another enterprise's learners are on neither the board nor in one's rank", async () => {
    const board = await t.call(findIntegralRanks, { pageSize: 50 }, { as: people['赵一']! });
    expect(names(board.data.list)).not.toContain('乙王');
    expect((await t.call(viewCurrentIntegralRank, {}, { as: people['赵一']! })).data.rank).toBe(1);
    const theirs = await t.call(findIntegralRanks, {}, { as: { ...people['乙王']!, domain: a.domain } });
    expect(names(theirs.data.list)).toEqual(['乙王']);
  });

  it('needs a session; page size is capped at 50 with a clear message', async () => {
    expect((await t.call(findIntegralRanks, {}, { as: visitorOf(a) })).code).toBe(301);
    expect((await t.call(viewCurrentIntegralRank, {}, { as: visitorOf(a) })).code).toBe(301);
    const big = await t.call(findIntegralRanks, { pageSize: 51 }, { as: people['赵一']! });
    expect(big.code).toBe(400);
    expect(big.message).toContain('pageSize');
  });

  it('ranks follow changes of the totals and learners who leave', async () => {
    const ent = await createEnterprise(t.database.db, { name: '变动企业' });
    const x = await learner(ent, '甲', 10, 0, 0);
    const y = await learner(ent, '乙', 20, 0, 0);
    const z = await learner(ent, '丙', 30, 0, 0);
    const rankOf = async (p: Learner) => (await t.call(viewCurrentIntegralRank, {}, { as: p })).data;
    expect(await rankOf(x)).toEqual({ rank: 3, value: 10 });
    await t.database.db.execute(
      sql`UPDATE learner_totals SET points = 40 WHERE eid = ${ent.eid} AND account_id = ${x.accountId}`,
    );
    expect(await rankOf(x)).toEqual({ rank: 1, value: 40 });
    expect(await rankOf(z)).toEqual({ rank: 2, value: 30 });
    await t.database.db.execute(
      sql`DELETE FROM enterprise_users WHERE eid = ${ent.eid} AND account_id = ${x.accountId}`,
    );
    expect(await rankOf(z)).toEqual({ rank: 1, value: 30 });
    expect(await rankOf(y)).toEqual({ rank: 2, value: 20 });
  });

  it('writers of different learners do not wait on each other (only changed values are counted)', async () => {
    const ent = await createEnterprise(t.database.db, { name: '并发企业' });
    const x = await learner(ent, '甲', 10, 0, 0);
    const y = await learner(ent, '乙', 20, 0, 0);
    const one = await t.database.pool.connect();
    const two = await t.database.pool.connect();
    try {
      await one.query('BEGIN');
      await one.query('UPDATE learner_totals SET points = 11 WHERE eid = $1 AND account_id = $2', [
        ent.eid,
        x.accountId,
      ]);
      // Both learners have 0 credit and 0 certificates: those count rows are not touched.
      await two.query('BEGIN');
      await two.query("SET LOCAL lock_timeout = '2s'");
      await two.query('UPDATE learner_totals SET points = 21 WHERE eid = $1 AND account_id = $2', [
        ent.eid,
        y.accountId,
      ]);
      await two.query('COMMIT');
      await one.query('COMMIT');
    } finally {
      one.release();
      two.release();
    }
    const { rows } = await t.database.pool.query(
      'SELECT kind, value, n FROM learner_total_counts WHERE eid = $1 AND n <> 0 ORDER BY kind, value',
      [ent.eid],
    );
    // Exact values, then the buckets of 256 and of 65 536: 10 → 11 and 20 → 21 stay in bucket 0.
    expect(rows).toEqual([
      { kind: 1, value: 11, n: 1 },
      { kind: 1, value: 21, n: 1 },
      ...[2, 3, 11, 12, 13, 21, 22, 23].map((kind) => ({ kind, value: 0, n: 2 })),
    ]);
  });

  it('ranks are exact however widely the values spread (the bucketed counts agree with counting)', async () => {
    const wide = await createEnterprise(t.database.db, { name: '分布企业' });
    // 600 learners: ties, neighbours across bucket edges (255/256, 65535/65536), negatives, and
    // values near the int32 limit; then moves within and across buckets, and leavers.
    await t.database.db.execute(sql`
      WITH acc AS (
        INSERT INTO accounts (phone, password_hash)
        SELECT '1670000' || lpad(g::text, 4, '0'), 'x' FROM generate_series(1, 600) g RETURNING id
      ), mem AS (
        INSERT INTO enterprise_users (eid, account_id, user_name) SELECT ${wide.eid}, id, 'W' || id FROM acc RETURNING account_id
      )
      INSERT INTO learner_totals (eid, account_id, points, credit_tenths, certificates)
      SELECT ${wide.eid}, account_id,
        (ARRAY[0, 1, 255, 256, 257, 65535, 65536, 65537, -1, -300, 2144000000, 2140000000, 1000000])[1 + account_id % 13]
          + CASE WHEN account_id % 5 = 0 THEN (account_id * 7919) % 3000000 ELSE 0 END,
        (account_id * 104729) % 1000000,
        account_id % 7
      FROM mem`);
    await t.database.db.execute(sql`
      UPDATE learner_totals SET points = points + 3, credit_tenths = credit_tenths + 70000
      WHERE eid = ${wide.eid} AND account_id % 4 = 0 AND points < 2000000000`);
    await t.database.db.execute(sql`
      DELETE FROM enterprise_users WHERE eid = ${wide.eid} AND account_id % 9 = 0`);
    const repo = new RankingRepository(t.database.db);
    const { rows } = await t.database.pool.query<{ account_id: number; p: number; c: number; e: number }>(
      `SELECT account_id,
         1 + (SELECT count(*) FROM learner_totals o WHERE o.eid = t.eid AND o.points > t.points)::int AS p,
         1 + (SELECT count(*) FROM learner_totals o WHERE o.eid = t.eid AND o.credit_tenths > t.credit_tenths)::int AS c,
         1 + (SELECT count(*) FROM learner_totals o WHERE o.eid = t.eid AND o.certificates > t.certificates)::int AS e
       FROM learner_totals t WHERE eid = $1 ORDER BY account_id`,
      [wide.eid],
    );
    expect(rows.length).toBeGreaterThan(500);
    for (const r of rows.filter((_, i) => i % 7 === 0)) {
      expect((await repo.rankOf(wide.eid, r.account_id, 'integral')).rank).toBe(r.p);
      expect((await repo.rankOf(wide.eid, r.account_id, 'creditHour')).rank).toBe(r.c);
      expect((await repo.rankOf(wide.eid, r.account_id, 'certificate')).rank).toBe(r.e);
    }
  });

  it('the board lists the top 100 only', async () => {
    const big = await createEnterprise(t.database.db, { name: '大企业' });
    // 120 learners straight into the tables (the board does not care how they signed up).
    await t.database.db.execute(sql`
      WITH acc AS (
        INSERT INTO accounts (phone, password_hash)
        SELECT '1660000' || lpad(g::text, 4, '0'), 'x' FROM generate_series(1, 120) g RETURNING id
      ), mem AS (
        INSERT INTO enterprise_users (eid, account_id, user_name) SELECT ${big.eid}, id, 'L' || id FROM acc RETURNING account_id
      )
      INSERT INTO learner_totals (eid, account_id, points) SELECT ${big.eid}, account_id, account_id FROM mem`);
    const [someone] = await t.database.db
      .execute<{ account_id: number }>(
        sql`SELECT account_id FROM learner_totals WHERE eid = ${big.eid} ORDER BY points LIMIT 1`,
      )
      .then((r) => r.rows);
    const { token } = await t.platform.sessions.create(someone!.account_id, big.eid);
    const asSomeone = { as: { domain: big.domain, token } };
    const page = await t.call(findIntegralRanks, { pageCurrent: 34, pageSize: 3 }, asSomeone);
    expect(page.data).toMatchObject({ totalCount: 100, totalPage: 34 });
    expect(page.data.list.map((e) => e.rank)).toEqual([100]);
    const mine = await t.call(viewCurrentIntegralRank, {}, asSomeone);
    expect(mine.data.rank).toBe(120);
  });
});
