// Leaderboards on 100 000 learners of one enterprise (issue 4): one learner's rank and a board
// page, through the gateway as the browser calls them, against the signed-in user-info call of
// the same server in the same run (a session check and one row). Points spread widely (0 to
// 1 000 000, about 95 000 distinct values), credit hours narrowly (0 to 2000): the two shapes of
// learner_total_counts. Not a pass/fail test.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '@portal/db';
import { freePort, print, startPortal } from './lib.ts';

const LEARNERS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 300);
const EID = 1001;

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 2 });
try {
  console.log(`Seeding ${LEARNERS} learners of enterprise ${EID}…`);
  const t0 = performance.now();
  await database.db.execute(sql`
    WITH acc AS (
      INSERT INTO accounts (phone, password_hash)
      SELECT '19' || lpad(g::text, 9, '0'), 'x' FROM generate_series(1, ${LEARNERS}) g RETURNING id
    ), mem AS (
      INSERT INTO enterprise_users (eid, account_id, user_name, real_name)
      SELECT ${EID}, id, '学员' || id, '学员' || id FROM acc RETURNING account_id
    )
    INSERT INTO learner_totals (eid, account_id, points, credit_tenths, certificates)
    SELECT ${EID}, account_id, (random() * 1000000)::int, (random() * 2000)::int, (random() * 12)::int FROM mem`);
  await database.pool.query('VACUUM ANALYZE learner_totals, learner_total_counts');
  console.log(`seeded in ${Math.round(performance.now() - t0)} ms`);

  // Sessions, made the way sign-in makes them (token hashed in sessions), for the learner in the
  // middle of the points board (about 50 000 ahead) and for the last one.
  const { createHash, randomBytes } = await import('node:crypto');
  const sessionAt = async (offset: number) => {
    const { rows } = await database.pool.query<{ account_id: number }>(
      `SELECT account_id FROM learner_totals WHERE eid = $1 ORDER BY points DESC, account_id OFFSET $2 LIMIT 1`,
      [EID, offset],
    );
    const token = randomBytes(32).toString('base64url');
    await database.pool.query(
      `INSERT INTO sessions (token_hash, account_id, eid, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), rows[0]!.account_id, EID],
    );
    return token;
  };
  const middle = await sessionAt(Math.floor(LEARNERS / 2));
  const last = await sessionAt(LEARNERS - 1);
  const { rows: spread } = await database.pool.query<{ n: number }>(
    `SELECT count(DISTINCT points)::int AS n FROM learner_totals WHERE eid = $1`,
    [EID],
  );
  console.log(`${spread[0]!.n} distinct point values`);

  const base = `http://127.0.0.1:${portal.port}/gateway`;
  const timed = async (path: string, method: 'GET' | 'POST', body?: object, token = middle) => {
    const headers = { token, platform: 'WEB-CLIENT', domain: 'localhost', 'content-type': 'application/json' };
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      const res = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
      const json = (await res.json()) as { code: number };
      times.push(performance.now() - start);
      if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
    }
    times.sort((x, y) => x - y);
    return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
  };
  const calls = [
    ['user info (baseline)', '/user/auth/enterprise/user/info/current/view', 'GET', undefined, middle],
    ['my points rank (middle)', '/user/auth/enterprise/user/account/current/integral/rank', 'GET', undefined, middle],
    ['my points rank (last)', '/user/auth/enterprise/user/account/current/integral/rank', 'GET', undefined, last],
    ['my credit-hour rank', '/user/auth/enterprise/user/account/current/credit/hour/rank', 'GET', undefined, middle],
    ['points board, page 1', '/user/auth/enterprise/user/account/integral/rank/page', 'POST', {}, middle],
    [
      'points board, last page',
      '/user/auth/enterprise/user/account/integral/rank/page',
      'POST',
      { pageCurrent: 34 },
      middle,
    ],
  ] as const;
  for (const [, path, method, body, token] of calls) await timed(path, method, body, token); // warm-up
  const results = [];
  for (const [name, path, method, body, token] of calls)
    results.push({ name, ...(await timed(path, method, body, token)) });
  const baseline = results[0]!.median;
  print(
    results.map((r) => ({
      call: r.name,
      medianMs: +r.median.toFixed(2),
      p95Ms: +r.p95.toFixed(2),
      ratio: +(r.median / baseline).toFixed(2),
    })),
  );
  console.log(
    `Targets: one learner's rank < 5 ms median (${results[1]!.median.toFixed(2)} ms, last learner ${results[2]!.median.toFixed(2)} ms), a board page < 10 ms (${results[4]!.median.toFixed(2)} ms, last page ${results[5]!.median.toFixed(2)} ms).`,
  );
} finally {
  await database.close();
  await portal.stop();
}
