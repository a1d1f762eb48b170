// Progress reports (issue 12 targets): many learners watching one long video, each report a TICK
// that moves the position one millisecond, so the credited time of a learner counts the reports
// the server applied.
//   npm run bench:progress -- [seconds] [rounds] [learners] [rate-seconds]
// 1. Throughput at 50 connections against the signed-in user-info call of the same learners in
//    turn (both pay the same session look-ups), in alternating rounds (target: at least 0.5×, p99
//    under 50 ms, no errors).
// 2. A run at 1 000 reports a second for [rate-seconds] (default 60; 10 000 learners reporting every
//    10 s) and then every acknowledged report checked in the database (target: none lost).
// Not a pass/fail test.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, cpuShares, freePort, print, startPortal } from './lib.ts';

const args = process.argv.slice(2);
const duration = Number(args[0] ?? 10);
const rounds = Number(args[1] ?? 3);
const learners = Number(args[2] ?? 10_000);
const rateSeconds = Number(args[3] ?? 60);
const RATE = 1000;
const INFO = '/gateway/user/auth/enterprise/user/info/current/view';
const REPORT = '/gateway/course/auth/course/study/progress/update';

const tokenOf = (i: number) => `bench-progress-${i}`;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 2 });
const base = `http://127.0.0.1:${portal.port}`;
try {
  // The learners, their sessions, one course with a one-hour video period, each learner's player on it.
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  const { rows: course } = await q(
    `INSERT INTO courses (eid, title, max_speed_tenths) VALUES ($1, 'bench course', 20) RETURNING id`,
    [BENCH_EID],
  );
  const courseId = course[0].id as number;
  const { rows: chapter } = await q(
    `INSERT INTO course_chapters (eid, course_id, title) VALUES ($1, $2, 'bench') RETURNING id`,
    [BENCH_EID, courseId],
  );
  const { rows: material } = await q(
    `INSERT INTO resource_materials (eid, kind, title, vod_platform, url, duration_seconds)
     VALUES ($1, 1, 'bench', 4, '/demo/media/bench.mp4', 3600) RETURNING id`,
    [BENCH_EID],
  );
  const { rows: period } = await q(
    `INSERT INTO course_periods (eid, course_id, chapter_id, title, period_type, material_id, duration_seconds)
     VALUES ($1, $2, $3, 'bench', 1, $4, 3600) RETURNING id`,
    [BENCH_EID, courseId, chapter[0].id, material[0].id],
  );
  const periodId = period[0].id as number;
  await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT '199' || lpad(i::text, 8, '0') FROM generate_series(0, $2 - 1) i
       RETURNING id, substr(phone, 4)::int AS i)
     , m AS (INSERT INTO enterprise_users (eid, account_id, user_name) SELECT $1, id, 'bench' || i FROM a RETURNING account_id)
     INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT encode(sha256(convert_to('bench-progress-' || a.i, 'UTF8')), 'hex'), a.id, $1, now() + interval '1 day' FROM a`,
    [BENCH_EID, learners],
  );
  const { rows: ids } = await q(`SELECT s.account_id FROM sessions s WHERE s.eid = $1 AND s.token_hash = ANY($2) `, [
    BENCH_EID,
    Array.from({ length: learners }, (_, i) => hash(tokenOf(i))),
  ]);
  if (ids.length !== learners) throw new Error(`made ${ids.length} sessions of ${learners}`);
  await q(
    `INSERT INTO course_learners (eid, course_id, account_id, last_period_id)
       SELECT $1, $2, account_id, $3 FROM enterprise_users WHERE eid = $1 AND user_name LIKE 'bench%';
     `,
    [BENCH_EID, courseId, periodId],
  );
  await q(
    `INSERT INTO period_progress (eid, account_id, period_id, course_id, last_report_at)
       SELECT $1, account_id, $2, $3, now() - interval '1 hour' FROM enterprise_users WHERE eid = $1 AND user_name LIKE 'bench%'`,
    [BENCH_EID, periodId, courseId],
  );
  await q(
    `INSERT INTO study_players (eid, account_id, player_id, period_id)
       SELECT $1, account_id, 'bench-player', $2 FROM enterprise_users WHERE eid = $1 AND user_name LIKE 'bench%'`,
    [BENCH_EID, periodId],
  );

  const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });
  /** Report k of learner i moves the position to k ms: k applied reports credit k ms. */
  const sent = new Array<number>(learners).fill(0);
  const acked = new Array<number>(learners).fill(0);
  let next = 0;
  const reportRequest = () => ({
    method: 'PUT' as const,
    path: REPORT,
    setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
      const i = next;
      next = (next + 1) % learners;
      sent[i]! += 1;
      context.learner = i;
      return {
        ...req,
        headers: { ...headersOf(tokenOf(i)), 'content-type': 'application/json' },
        body: JSON.stringify({ courseId, periodId, playerId: 'bench-player', position: sent[i]! / 1000, event: 1 }),
      };
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>) => {
      if (status === 200 && body.startsWith('{"code":200')) acked[context.learner as number]! += 1;
    },
  });
  const first = await fetch(base + INFO, { headers: headersOf(tokenOf(0)) });
  if (!(await first.text()).startsWith('{"code":200')) throw new Error('the bench session does not work');

  /** The user-info call of the same learners in turn: both sides pay the same session look-ups. */
  let nextInfo = 0;
  const infoRequest = () => ({
    method: 'GET' as const,
    path: INFO,
    setupRequest: (req: Record<string, unknown>) => {
      const i = nextInfo;
      nextInfo = (nextInfo + 1) % learners;
      return { ...req, headers: headersOf(tokenOf(i)) };
    },
  });
  const runInfo = async (seconds: number) => {
    const r = await autocannon({ url: base, connections: 50, duration: seconds, requests: [infoRequest() as never] });
    return { rps: r.requests.average, latencyP99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
  };

  const runReports = async (options: { duration: number; overallRate?: number; connections: number }) => {
    const r = await autocannon({
      url: base,
      connections: options.connections,
      duration: options.duration,
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      requests: [reportRequest() as never],
    });
    return {
      rps: r.requests.average,
      latencyP99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      requests: r.requests.total,
    };
  };

  await runInfo(3);
  await runReports({ duration: 3, connections: 50 });
  const rows: Array<Record<string, string | number>> = [];
  let ratio = 0;
  for (let i = 1; i <= rounds; i++) {
    const { result: info, cpu: infoCpu } = await cpuShares(portal.child.pid!, () => runInfo(duration));
    const sampling = process.env.SAMPLE_WAITS
      ? setInterval(() => {
          void q(
            `SELECT coalesce(wait_event_type, '-') AS t, coalesce(wait_event, '-') AS e, state, count(*)::int AS n
             FROM pg_stat_activity WHERE backend_type = 'client backend' GROUP BY 1, 2, 3 ORDER BY 4 DESC`,
          ).then((r) => console.log(JSON.stringify(r.rows)));
        }, 1000)
      : undefined;
    const { result: rep, cpu: repCpu } = await cpuShares(portal.child.pid!, () =>
      runReports({ duration, connections: Number(process.env.CONNECTIONS ?? 50) }),
    );
    clearInterval(sampling);
    ratio += rep.rps / info.rps;
    const row = (route: string, r: typeof info, cpu: string) => ({
      route: `${route} #${i}`,
      rps: Math.round(r.rps),
      p99ms: r.latencyP99,
      errors: r.errors,
      non2xx: r.non2xx,
      ratio: +(r.rps / info.rps).toFixed(3),
      cpu,
    });
    rows.push(row('user info', info, infoCpu), row('progress report', rep, repCpu));
  }
  print(rows);
  console.log(`progress report / user info (mean of ${rounds}, 50 connections): ${(ratio / rounds).toFixed(3)}×`);

  const steady = await runReports({ duration: rateSeconds, overallRate: RATE, connections: 100 });
  console.log(
    `at ${RATE} reports a second for ${rateSeconds} s: ${steady.requests} sent, ${Math.round(steady.rps)}/s, p99 ${steady.latencyP99} ms, errors ${steady.errors}, non-2xx ${steady.non2xx}`,
  );
  // Every acknowledged report is applied: a learner's credited milliseconds count them.
  const { rows: stored } = await q(
    `SELECT s.token_hash, pp.credited_ms FROM period_progress pp
       JOIN sessions s ON s.account_id = pp.account_id AND s.eid = pp.eid
     WHERE pp.eid = $1 AND pp.period_id = $2`,
    [BENCH_EID, periodId],
  );
  const byHash = new Map(stored.map((r) => [r.token_hash as string, r.credited_ms as number]));
  let lost = 0;
  let extra = 0;
  for (let i = 0; i < learners; i++) {
    const credited = byHash.get(hash(tokenOf(i))) ?? 0;
    if (credited < acked[i]!) lost += acked[i]! - credited;
    if (credited > sent[i]!) extra += credited - sent[i]!;
  }
  const totalAcked = acked.reduce((a, b) => a + b, 0);
  console.log(`acknowledged reports: ${totalAcked}; lost: ${lost}; applied beyond what was sent: ${extra}`);
} finally {
  await database.close();
  await portal.stop();
}
