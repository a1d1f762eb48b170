// A signed-in gateway call (user info: the session check and the learner's row, what every
// progress report and exam save of the learning issues pays) against a bare Fastify route
// answering the same bytes, in the same run, at 50 connections, in alternating rounds.
//   npm run bench:signed-in -- [seconds] [rounds] [--against=/path/to/another/checkout]
// With --against, a second portal started from another checkout (an earlier commit, installed and
// built) takes part in every round, so a change to the request path is measured against what it
// changed in one run on the same noisy machine (decision 020 measured row-level security so).
// Not a pass/fail test.
import { load, portalWithSession, print, startBareFastify } from './lib.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
const duration = Number(args[0] ?? 10);
const rounds = Number(args[1] ?? 3);
const PATH = '/gateway/user/auth/enterprise/user/info/current/view';

const current = await portalWithSession(PATH);
const other = against ? await portalWithSession(PATH, { root: against }) : null;
const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });
const body = await (await fetch(current.url, { headers: headersOf(current.token) })).text();
if (!body.startsWith('{"code":200')) throw new Error(`user info answered ${body.slice(0, 200)}`);
const bare = await startBareFastify(body);
const bareUrl = `http://127.0.0.1:${bare.port}/gateway/system/api/website/view`;
try {
  await load(bareUrl, { duration: 3 });
  await load(current.url, { duration: 3, headers: headersOf(current.token) });
  if (other) await load(other.url, { duration: 3, headers: headersOf(other.token) });
  const rows: Array<Record<string, string | number>> = [];
  let mine = 0;
  let theirs = 0;
  // Alternating rounds: a burst of noise on this small machine hits every side alike.
  for (let i = 1; i <= rounds; i++) {
    const baseline = await load(bareUrl, { duration });
    const info = await load(current.url, { duration, headers: headersOf(current.token) });
    const before = other ? await load(other.url, { duration, headers: headersOf(other.token) }) : null;
    mine += info.rps / baseline.rps;
    if (before) theirs += before.rps / baseline.rps;
    const row = (route: string, r: typeof info) => ({
      route: `${route} #${i}`,
      rps: Math.round(r.rps),
      p99ms: r.latencyP99,
      errors: r.errors,
      non2xx: r.non2xx,
      ratio: +(r.rps / baseline.rps).toFixed(3),
    });
    rows.push(row('bare Fastify', baseline), row('user info', info));
    if (before) rows.push(row('user info (--against)', before));
  }
  print(rows);
  if (rows.some((r) => r.errors !== 0 || r.non2xx !== 0))
    console.log('NOTE: errors or non-2xx answers: the ratios do not hold');
  console.log(`signed-in call ratio (user info / bare Fastify, mean of ${rounds}): ${(mine / rounds).toFixed(3)}×`);
  if (other) {
    console.log(`the same call of --against: ${(theirs / rounds).toFixed(3)}×`);
    console.log(`this checkout / --against: ${(mine / theirs).toFixed(3)} (1 = no cost; 0.9 = 10 % slower)`);
  }
} finally {
  await current.portal.stop();
  await other?.portal.stop();
  await bare.stop();
}
