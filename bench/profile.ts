// Where a signed-in request's time goes: the portal started with a CPU profile, a warm-up, then
// `count` requests of one page or call for a demo learner (session cookie), one connection at a time;
// prints the self time by package and the top functions. Not a pass/fail test.
//   npm run bench:profile -- [path=/home] [count=300] [--root=/path/to/another/checkout]
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_EID, portalWithSession } from './lib.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const root = process.argv.find((a) => a.startsWith('--root='))?.slice('--root='.length);
const pathname = args[0] ?? '/home';
const count = Number(args[1] ?? 300);
const dir = await mkdtemp(path.join(tmpdir(), 'portal-prof-'));
const side = await portalWithSession(pathname, {
  ...(root ? { root } : {}),
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'],
});
const headers = {
  cookie: `token=${side.token}; eid=${BENCH_EID}`,
  token: side.token,
  domain: 'localhost',
  platform: 'WEB-CLIENT',
};
const now = () => Number(process.hrtime.bigint()) / 1e3; // µs
/** CPU time (user + system) of the server process so far, in ms: steadier than wall time on a busy machine. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s
};
let started = 0;
let ended = 0;
let exited = 0;
try {
  for (let i = 0; i < 100; i++) await (await fetch(side.url, { headers })).text();
  const pid = side.portal.child.pid!;
  const cpuBefore = cpuMs(pid);
  started = now();
  for (let i = 0; i < count; i++) await (await fetch(side.url, { headers })).text();
  ended = now();
  const cpu = cpuMs(pid) - cpuBefore;
  console.log(
    `${count} requests of ${pathname}, one at a time: ${((ended - started) / 1e3 / count).toFixed(2)} ms each`,
  );
  console.log(`server CPU time (all its threads): ${(cpu / count).toFixed(2)} ms per request`);
} finally {
  // The profile ends when the process exits (not when its data folder is removed after).
  let exitedAt = 0;
  side.portal.child.once('exit', () => (exitedAt = now()));
  await side.portal.stop();
  exited = exitedAt || now();
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
// Node names a profile CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile; the server's main
// thread is thread 0 of its pid. Worker threads (the theme worker building the antd stylesheet after
// a fresh start) write their own files, often first: analysing one of those instead of the main
// thread's misled an earlier reading (decision 007, issue 20), so only the main thread's is read.
const serverPid = side.portal.child.pid!;
const profiles = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
const file = profiles.find((f) => f.includes(`.${serverPid}.0.`));
if (!file) {
  throw new Error(
    `the server's main-thread profile was not written (found: ${profiles.join(', ') || 'none'}); run again`,
  );
}
console.log(`profile: ${file}`);
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Only the samples of the measured requests: the profile ends when the process exits, so the window
// is placed back from its end by what this script measured (start-up and migrations left out).
const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
const from = span - (exited - started);
const to = span - (exited - ended);
const self = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < from || at > to) return;
  if (byId.get(id)!.callFrame.functionName === '(idle)') return;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log(`busy (not idle) ${(total / 1e3 / count).toFixed(2)} ms of the server's main thread per request`);
const where = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes('/apps/web/build/')) return '(web build)';
  if (url.includes('/apps/server/')) return '(server)';
  if (url.includes('/packages/')) return '(packages)';
  return url.startsWith('node:') ? 'node:' + url.slice(5).split('/')[0] : url ? '(other)' : '(native, gc)';
};
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  const pkg = where(n.callFrame.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${pkg}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
}
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, t]) => ({ name, percent: +((100 * t) / total).toFixed(1) }));
console.log('self time by package (share of the busy time):');
console.table(top(byPackage, 18));
console.log('top functions:');
console.table(top(byFunction, 25));
