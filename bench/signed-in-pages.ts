// Server-rendered pages of a signed-in learner (session cookie), measured from outside at 10
// connections against a bare antd page (same React and antd, zero-runtime theme, streamed) served
// by a plain Node process, in the same run, in alternating rounds; then the portal's resident memory
// through a 60-second load on the pages.
//
// Two ratios per page: answers a second against the bare page's, and the bare page's server CPU
// time per answer against the page's (user + system time of the serving process, /proc). The CPU
// ratio is what the throughput ratio would be with the cores to themselves, and it holds on a
// shared, busy machine where answers a second swing twofold between rounds; it counts the portal's
// process only (its embedded PostgreSQL is another). The bar is the CPU ratio: the bench fails
// (exit code 1) when a page's median falls more than 10 % below its ratio recorded in
// bench/signed-in-ratios.json (decision 007: no regression); `--record` writes this run's medians
// there instead.
//   npm run bench:pages -- [seconds] [rounds] [--against=/path/to/another/checkout] [--soak=60] [--record]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_EID, load, portalWithSession, print, processCpuMs, rssMb, startBareAntd } from './lib.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
const soakSeconds = Number(process.argv.find((a) => a.startsWith('--soak='))?.slice('--soak='.length) ?? 60);
const duration = Number(args[0] ?? 10);
const rounds = Number(args[1] ?? 3);
const record = process.argv.includes('--record');
const CONNECTIONS = 10;
/** Home, the account page (a section with the learner's data) and two list pages. */
const PAGES = ['/home', '/account?change=7', '/news', '/knowledge'];
/** The ratios a page must keep (within TOLERANCE): medians of a recorded run on the team's machine. */
const RATIOS_FILE = path.join(import.meta.dirname, 'signed-in-ratios.json');
const TOLERANCE = 0.1;
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const current = await portalWithSession('');
const other = against ? await portalWithSession('', { root: against }) : null;
const bare = await startBareAntd();
const bareUrl = `http://127.0.0.1:${bare.port}/`;
/** The header's user menu: only on a page rendered for a signed-in learner. */
const SIGNED_IN_MARK = 'portal-user-menu';
const cookieOf = (token: string) => ({ cookie: `token=${token}; eid=${BENCH_EID}` });

try {
  for (const side of [current, other]) {
    if (!side) continue;
    for (const page of PAGES) {
      const res = await fetch(side.url + page, { headers: cookieOf(side.token), redirect: 'manual' });
      const html = await res.text();
      // A signed-in page: rendered for the learner (the header's user menu), not for a visitor.
      if (res.status !== 200 || !html.includes(SIGNED_IN_MARK)) {
        throw new Error(`${page} answered ${res.status} ${html.slice(0, 300)}`);
      }
    }
  }
  // Warm-up: the JIT, the site caches, the theme CSS.
  await load(bareUrl, { duration: 3, connections: CONNECTIONS });
  for (const side of [current, other]) {
    for (const page of PAGES) {
      if (side) await load(side.url + page, { duration: 2, connections: CONNECTIONS, headers: cookieOf(side.token) });
    }
  }
  const rows: Array<Record<string, string | number>> = [];
  /** Per page (and side): the throughput ratios and the CPU ratios of the rounds. */
  const ratios = new Map<string, { rps: number[]; cpu: number[] }>();
  /** A load of `url` with the serving process's CPU time per answer. */
  const measure = async (url: string, pid: number, headers?: Record<string, string>) => {
    const before = processCpuMs(pid);
    const r = await load(url, { duration, connections: CONNECTIONS, ...(headers ? { headers } : {}) });
    return { ...r, cpuMs: (processCpuMs(pid) - before) / Math.max(1, r.requests) };
  };
  type Measured = Awaited<ReturnType<typeof measure>>;
  const row = (name: string, r: Measured, base: Measured) => ({
    page: name,
    rps: Math.round(r.rps),
    p99ms: r.latencyP99,
    errors: r.errors,
    non2xx: r.non2xx,
    cpuMs: +r.cpuMs.toFixed(2),
    ratio: +(r.rps / base.rps).toFixed(3),
    cpuRatio: +(base.cpuMs / r.cpuMs).toFixed(3),
  });
  for (let i = 1; i <= rounds; i++) {
    for (const page of PAGES) {
      // The baseline next to each page: a burst of noise on this small machine hits both alike.
      const base = await measure(bareUrl, bare.child.pid!);
      rows.push(row(`bare antd #${i}`, base, base));
      for (const [label, side] of [
        ['', current],
        [' (--against)', other],
      ] as const) {
        if (!side) continue;
        const r = await measure(side.url + page, side.portal.child.pid!, cookieOf(side.token));
        rows.push(row(`${page}${label} #${i}`, r, base));
        const key = page + label;
        const list = ratios.get(key) ?? { rps: [], cpu: [] };
        list.rps.push(r.rps / base.rps);
        list.cpu.push(base.cpuMs / r.cpuMs);
        ratios.set(key, list);
      }
    }
  }
  print(rows);
  if (rows.some((r) => r.errors !== 0 || r.non2xx !== 0))
    console.log('NOTE: errors or non-2xx answers: the ratios do not hold');
  // Medians: the machine is shared and a burst of noise spoils one round, not the median.
  const list = (xs: number[]) => xs.map((r) => r.toFixed(3)).join(', ');
  for (const [page, r] of ratios) {
    console.log(
      `${page}: CPU ratio median ${median(r.cpu).toFixed(3)} (${list(r.cpu)}); answers a second ${median(r.rps).toFixed(3)}× the bare antd page (${list(r.rps)})`,
    );
  }
  const measured = Object.fromEntries(PAGES.map((page) => [page, +median(ratios.get(page)!.cpu).toFixed(3)]));
  if (record) {
    writeFileSync(RATIOS_FILE, JSON.stringify(measured, null, 2) + '\n');
    console.log(`recorded in ${RATIOS_FILE}`);
  } else {
    const recorded = JSON.parse(readFileSync(RATIOS_FILE, 'utf8')) as Record<string, number>;
    const fallen = PAGES.filter(
      (page) => recorded[page] !== undefined && measured[page]! < recorded[page]! * (1 - TOLERANCE),
    );
    for (const page of fallen) {
      console.error(
        `REGRESSION: ${page} ran at a CPU ratio of ${measured[page]} to the bare antd page, more than ${TOLERANCE * 100} % below its recorded ${recorded[page]} (${RATIOS_FILE})`,
      );
    }
    if (fallen.length) process.exitCode = 1;
    else console.log(`no regression: every page within ${TOLERANCE * 100} % of its recorded ratio`);
  }

  if (soakSeconds > 0) {
    let peak = rssMb(current.portal.child.pid!);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(current.portal.child.pid!))), 500);
    const soak = await Promise.all(
      PAGES.map((page) =>
        load(current.url + page, { duration: soakSeconds, connections: 4, headers: cookieOf(current.token) }),
      ),
    );
    clearInterval(sampler);
    const total = soak.reduce((a, r) => a + r.requests, 0);
    const failed = soak.reduce((a, r) => a + r.errors + r.non2xx, 0);
    console.log(
      `memory: peak RSS ${peak.toFixed(0)} MB through a ${soakSeconds}-second load of signed-in pages (${total} pages, ${failed} errors or non-2xx); target < 300 MB`,
    );
  }
} finally {
  await current.portal.stop();
  await other?.portal.stop();
  await bare.stop();
}
