// A signed-in gateway call (user info: the session check and the learner's row, what every
// progress report and exam save of the learning issues pays) against a bare Fastify route
// answering the same bytes, in the same run, at 50 connections. Run it before and after a change
// to the request path (decision 020 records row-level security's cost this way). Not a pass/fail
// test.
import { createHash, randomBytes } from 'node:crypto';
import { connectDatabase } from '@portal/db';
import { freePort, load, print, startBareFastify, startPortal } from './lib.ts';

const duration = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 3);
const EID = 1001;

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 1 });
const token = randomBytes(32).toString('base64url');
const { rows } = await database.pool.query<{ account_id: number }>(
  `SELECT account_id FROM enterprise_users WHERE eid = $1 AND status = 1 ORDER BY account_id LIMIT 1`,
  [EID],
);
await database.pool.query(
  `INSERT INTO sessions (token_hash, account_id, eid, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
  [createHash('sha256').update(token).digest('hex'), rows[0]!.account_id, EID],
);
await database.close();

const url = `http://127.0.0.1:${portal.port}/gateway/user/auth/enterprise/user/info/current/view`;
const headers = { token, domain: 'localhost', platform: 'WEB-CLIENT' };
const body = await (await fetch(url, { headers })).text();
if (!body.startsWith('{"code":200')) throw new Error(`user info answered ${body.slice(0, 200)}`);
const bare = await startBareFastify(body);
const bareUrl = `http://127.0.0.1:${bare.port}/gateway/system/api/website/view`;
try {
  await load(bareUrl, { duration: 3 });
  await load(url, { duration: 3, headers });
  const results: Array<Record<string, string | number>> = [];
  let ratios = 0;
  // Alternating rounds: a burst of noise on this small machine hits both sides alike.
  for (let i = 0; i < rounds; i++) {
    const baseline = await load(bareUrl, { duration });
    const info = await load(url, { duration, headers });
    ratios += info.rps / baseline.rps;
    results.push(
      {
        route: `bare Fastify #${i + 1}`,
        rps: Math.round(baseline.rps),
        p99ms: baseline.latencyP99,
        errors: baseline.errors,
        non2xx: baseline.non2xx,
        ratio: 1,
      },
      {
        route: `user info #${i + 1}`,
        rps: Math.round(info.rps),
        p99ms: info.latencyP99,
        errors: info.errors,
        non2xx: info.non2xx,
        ratio: +(info.rps / baseline.rps).toFixed(3),
      },
    );
  }
  print(results);
  console.log(`signed-in call ratio (user info / bare Fastify, mean of ${rounds}): ${(ratios / rounds).toFixed(3)}×`);
} finally {
  await portal.stop();
  await bare.stop();
}
