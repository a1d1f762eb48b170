// Live heartbeats and joins (issue 24 targets): many viewers of one live room, each reporting
// every 30 s (POST live/watch), the first report of each a join.
//   npm run bench:live -- [seconds] [rounds] [viewers] [rate-seconds]
// 1. Throughput at 50 connections against the signed-in user-info call of the same learners in
//    turn (both pay the same session look-ups), in alternating rounds (target: at least 0.5×).
// 2. [viewers] (default 5 000) reporting every 30 s, i.e. viewers/30 reports a second, for
//    [rate-seconds] (default 90), each report sent at its own moment (`paced`: the audience spread
//    evenly, not in bursts; the user-info call at the same pace first): p99 (target under 50 ms),
//    and then every acknowledged report checked in the database (target: none lost; attendance
//    never beyond the wall time).
// Not a pass/fail test.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, cpuShares, freePort, paced, print, startPortal } from './lib.ts';

const args = process.argv.slice(2);
const duration = Number(args[0] ?? 10);
const rounds = Number(args[1] ?? 3);
const viewers = Number(args[2] ?? 5000);
const rateSeconds = Number(args[3] ?? 90);
const EVERY_SECONDS = 30;
const INFO = '/gateway/user/auth/enterprise/user/info/current/view';
const WATCH = '/gateway/course/auth/course/info/live/watch';

const tokenOf = (i: number) => `bench-live-${i}`;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 2 });
const base = `http://127.0.0.1:${portal.port}`;
try {
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  // One room of a free course, live for the whole bench, and the viewers with their sessions.
  const { rows: course } = await q(`INSERT INTO courses (eid, title) VALUES ($1, 'bench live') RETURNING id`, [
    BENCH_EID,
  ]);
  const courseId = course[0].id as number;
  const { rows: chapter } = await q(
    `INSERT INTO course_chapters (eid, course_id, title) VALUES ($1, $2, 'bench') RETURNING id`,
    [BENCH_EID, courseId],
  );
  const { rows: period } = await q(
    `INSERT INTO course_periods (eid, course_id, chapter_id, title, period_type, duration_seconds)
     VALUES ($1, $2, $3, 'bench', 4, 10800) RETURNING id`,
    [BENCH_EID, courseId, chapter[0].id],
  );
  const { rows: room } = await q(
    `INSERT INTO live_rooms (eid, course_id, period_id, starts_at, ends_at, provider, stream_key)
     VALUES ($1, $2, $3, now() - interval '1 minute', now() + interval '3 hours', 1, 'bench') RETURNING id`,
    [BENCH_EID, courseId, period[0].id],
  );
  const roomId = room[0].id as number;
  await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT '198' || lpad(i::text, 8, '0') FROM generate_series(0, $2 - 1) i
       RETURNING id, substr(phone, 4)::int AS i)
     , m AS (INSERT INTO enterprise_users (eid, account_id, user_name) SELECT $1, id, 'bench' || i FROM a RETURNING account_id)
     INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT encode(sha256(convert_to('bench-live-' || a.i, 'UTF8')), 'hex'), a.id, $1, now() + interval '1 day' FROM a`,
    [BENCH_EID, viewers],
  );

  const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });
  const acked = new Array<number>(viewers).fill(0);
  let next = 0;
  const watchRequest = () => ({
    method: 'POST' as const,
    path: WATCH,
    setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
      const i = next;
      next = (next + 1) % viewers;
      context.viewer = i;
      return {
        ...req,
        headers: { ...headersOf(tokenOf(i)), 'content-type': 'application/json' },
        body: JSON.stringify({ id: roomId }),
      };
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>) => {
      if (status === 200 && body.startsWith('{"code":200')) acked[context.viewer as number]! += 1;
    },
  });
  const first = await fetch(base + INFO, { headers: headersOf(tokenOf(0)) });
  if (!(await first.text()).startsWith('{"code":200')) throw new Error('the bench session does not work');

  let nextInfo = 0;
  const infoRequest = () => ({
    method: 'GET' as const,
    path: INFO,
    setupRequest: (req: Record<string, unknown>) => {
      const i = nextInfo;
      nextInfo = (nextInfo + 1) % viewers;
      return { ...req, headers: headersOf(tokenOf(i)) };
    },
  });
  const run = async (request: object, options: { duration: number; connections: number; overallRate?: number }) => {
    const r = await autocannon({
      url: base,
      connections: options.connections,
      duration: options.duration,
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      requests: [request as never],
    });
    return {
      rps: r.requests.average,
      latencyP99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      requests: r.requests.total,
    };
  };

  // Warm-up of both, uncounted.
  await run(infoRequest(), { duration: 3, connections: 50 });
  await run(watchRequest(), { duration: 3, connections: 50 });
  const rows: Array<Record<string, string | number>> = [];
  let ratio = 0;
  for (let i = 1; i <= rounds; i++) {
    const { result: info, cpu: infoCpu } = await cpuShares(portal.child.pid!, () =>
      run(infoRequest(), { duration, connections: 50 }),
    );
    const { result: rep, cpu: repCpu } = await cpuShares(portal.child.pid!, () =>
      run(watchRequest(), { duration, connections: 50 }),
    );
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
    rows.push(row('user info', info, infoCpu), row('live watch', rep, repCpu));
  }
  print(rows);
  console.log(`live watch / user info (mean of ${rounds}, 50 connections): ${(ratio / rounds).toFixed(3)}×`);

  // The audience: every viewer once every 30 s, in turn. Every report before is forgotten: each
  // viewer's first report of this run is a join, after a silence longer than the gap. autocannon
  // ends a round with its last requests still in the portal: they land first, not after the reset
  // (one landing after it would start its viewer's clock before the audience's, beyond its wall).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await q(`UPDATE live_attendance SET live_ms = 0, joins = 0, live_beat_at = NULL WHERE eid = $1 AND room_id = $2`, [
    BENCH_EID,
    roomId,
  ]);
  acked.fill(0);
  const rate = viewers / EVERY_SECONDS;
  // The baseline at the same pace: the user-info call of the same viewers (read-only, no commit).
  const info = await paced(rate, Math.min(rateSeconds, 30), async (i) => {
    const res = await fetch(base + INFO, { headers: headersOf(tokenOf((i * 7) % viewers)) });
    return res.status === 200 && (await res.text()).startsWith('{"code":200');
  });
  console.log(
    `user info at the same pace for ${Math.min(rateSeconds, 30)} s: p50 ${info.p50} ms, p99 ${info.p99} ms, max ${info.max} ms, errors ${info.errors}`,
  );
  const started = Date.now();
  // Viewer i % viewers reports at i / rate seconds: each viewer every 30 s, the audience spread evenly.
  const steady = await paced(rate, rateSeconds, async (i) => {
    const viewer = i % viewers;
    const res = await fetch(base + WATCH, {
      method: 'POST',
      headers: { ...headersOf(tokenOf(viewer)), 'content-type': 'application/json' },
      body: JSON.stringify({ id: roomId }),
    });
    const ok = res.status === 200 && (await res.text()).startsWith('{"code":200');
    if (ok) acked[viewer]! += 1;
    return ok;
  });
  const wallMs = Date.now() - started;
  console.log(
    `${viewers} viewers every ${EVERY_SECONDS} s (${rate.toFixed(0)}/s) for ${rateSeconds} s, each report at its own moment: ${steady.sent} sent, ${Math.round(steady.perSecond)}/s, p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms, errors ${steady.errors}`,
  );
  // Every acknowledged report is kept: a viewer with n reports was credited about (n - 1) × 30 s,
  // and never more than the run's wall time.
  const { rows: stored } = await q(
    `SELECT s.token_hash, a.live_ms, a.joins FROM live_attendance a
       JOIN sessions s ON s.account_id = a.account_id AND s.eid = a.eid
     WHERE a.eid = $1 AND a.room_id = $2`,
    [BENCH_EID, roomId],
  );
  const byHash = new Map(
    stored.map((r) => [r.token_hash as string, { ms: r.live_ms as number, joins: r.joins as number }]),
  );
  let lost = 0;
  let beyondWall = 0;
  let credited = 0;
  for (let i = 0; i < viewers; i++) {
    const row = byHash.get(hash(tokenOf(i))) ?? { ms: 0, joins: 0 };
    credited += row.ms;
    if (row.ms > wallMs) beyondWall += 1;
    // A lost report leaves its 30 s uncredited (a tolerance of 5 s a report for the schedule's jitter).
    if (acked[i]! > 0 && row.ms < (acked[i]! - 1) * (EVERY_SECONDS - 5) * 1000) lost += 1;
  }
  const totalAcked = acked.reduce((a, b) => a + b, 0);
  console.log(
    `acknowledged reports: ${totalAcked}; viewers short of their reports' time: ${lost}; beyond the wall time: ${beyondWall}; credited ${Math.round(credited / 60_000)} viewer-minutes`,
  );
} finally {
  await database.close();
  await portal.stop();
}
