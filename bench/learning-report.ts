// The learning report in the back office (issue 22 target), on the demo enterprise of localhost.
//   npm run bench:learning-report -- [learners] [rowsPerLearner]
// [learners] (default 100 000) members in 50 departments (one in ten in two), a year of ledger
// rows ([rowsPerLearner] each, default 12: 1.2 million) and three course completions each.
// The department report over the year (GET /course/auth/admin/report/learning?by=department), one
// request at a time, 10 times after 2 to warm up (target: under 2 s), then the person report's
// first page; each against the same run's baseline, a small back-office read (the audit log's
// first page). Not a pass/fail test.
import { createHash } from 'node:crypto';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, freePort, print, startPortal } from './lib.ts';

const args = process.argv.slice(2);
const learners = Number(args[0] ?? 100_000);
const perLearner = Number(args[1] ?? 12);
const ADMIN_PHONE = '13800000002';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 4 });
const base = `http://127.0.0.1:${portal.port}`;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
const token = 'bench-report-admin';
const headers = { token, domain: 'localhost', platform: 'WEB-CLIENT' };

/** Milliseconds of each of `n` GETs of `path`, one after another, after `warm` unmeasured ones. */
async function timings(path: string, n = 10, warm = 2): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < warm + n; i++) {
    const at = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as { code: number; message: string };
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.message}`);
    if (i >= warm) out.push(performance.now() - at);
  }
  return out.sort((x, y) => x - y);
}
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;

try {
  await q(
    `INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT $1, id, $2, now() + interval '1 day' FROM accounts WHERE phone = $3`,
    [hash(token), BENCH_EID, ADMIN_PHONE],
  );
  const t0 = performance.now();
  await q(
    `WITH a AS (INSERT INTO accounts (phone) SELECT '193' || lpad(i::text, 8, '0') FROM generate_series(1, $2::int) i RETURNING id)
     INSERT INTO enterprise_users (eid, account_id, user_name, real_name) SELECT $1, id, 'r' || id, '学员' || id FROM a`,
    [BENCH_EID, learners],
  );
  const { rows: deps } = await q(
    `INSERT INTO departments (eid, name) SELECT $1, '报表部门' || i FROM generate_series(1, 50) i RETURNING id`,
    [BENCH_EID],
  );
  const depIds = deps.map((d) => d.id as number);
  await q(
    `INSERT INTO department_members (eid, department_id, account_id)
     SELECT $1, ($2::int[])[1 + u.account_id % 50], u.account_id FROM enterprise_users u
      WHERE u.eid = $1 AND u.user_name LIKE 'r%'
     UNION
     SELECT $1, ($2::int[])[1 + (u.account_id / 7) % 50], u.account_id FROM enterprise_users u
      WHERE u.eid = $1 AND u.user_name LIKE 'r%' AND u.account_id % 10 = 0
     ON CONFLICT DO NOTHING`,
    [BENCH_EID, depIds],
  );
  await q(
    `INSERT INTO earnings (eid, account_id, source_type, source_id, title, credit_tenths, points, created_at)
     SELECT $1, u.account_id, (ARRAY[3, 5, 7, 9])[1 + k % 4], 1000000 + k, 'bench', (k % 5) * 5, k % 20,
            now() - (random() * interval '365 days')
       FROM enterprise_users u, generate_series(1, $2::int) k
      WHERE u.eid = $1 AND u.user_name LIKE 'r%'`,
    [BENCH_EID, perLearner],
  );
  const { rows: courses } = await q(`SELECT id FROM courses WHERE eid = $1 ORDER BY id LIMIT 3`, [BENCH_EID]);
  await q(
    `INSERT INTO course_learners (eid, course_id, account_id, started_at, last_studied_at, completed_at, progress_percent)
     SELECT $1, c, u.account_id, d - interval '3 days', d, d, 100
       FROM enterprise_users u, unnest($2::int[]) c, LATERAL (SELECT now() - (random() * interval '365 days') AS d) x
      WHERE u.eid = $1 AND u.user_name LIKE 'r%'
     ON CONFLICT DO NOTHING`,
    [BENCH_EID, courses.map((c) => c.id as number)],
  );
  await q('ANALYZE earnings, course_learners, enterprise_users, department_members, departments');
  const built = (performance.now() - t0) / 1000;
  const { rows: counts } = await q(`SELECT (SELECT count(*) FROM earnings WHERE eid = $1)::int AS ledger`, [BENCH_EID]);

  const day = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(d);
  const to = day(new Date());
  const from = day(new Date(Date.now() - 364 * 86_400_000));
  const report = (by: string) => `/gateway/course/auth/admin/report/learning?by=${by}&from=${from}&to=${to}`;
  const baseline = await timings('/gateway/system/auth/admin/audit/page?pageCurrent=1&pageSize=20');
  const department = await timings(report('department'));
  const person = await timings(report('person'));
  const course = await timings(report('course'));
  const row = (name: string, xs: number[]) => ({
    read: name,
    'median ms': Math.round(median(xs)),
    'max ms': Math.round(xs.at(-1)!),
    'median ÷ baseline': Number((median(xs) / median(baseline)).toFixed(1)),
  });
  console.log(
    `${learners} learners in 50 departments, ${counts[0].ledger} ledger rows over a year (data built in ${built.toFixed(0)} s)`,
  );
  print([
    row('baseline: audit log, first page', baseline),
    row('department report, a year', department),
    row('person report, a year, first page', person),
    row('course report, a year', course),
  ]);
  console.log(`target: the department report under 2 000 ms — ${median(department) < 2000 ? 'met' : 'NOT met'}`);
} finally {
  await database.close();
  await portal.stop();
}
