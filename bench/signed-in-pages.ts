// Server-rendered pages of a signed-in learner (session cookie), measured from outside at 10
// connections against a bare antd page (same React and antd, zero-runtime theme, streamed) served
// by a plain Node process, in the same run, in alternating rounds; then the portal's resident memory
// through a 60-second load on the three pages. Not a pass/fail test.
//   npm run bench:pages -- [seconds] [rounds] [--against=/path/to/another/checkout] [--soak=60]
import { BENCH_EID, load, portalWithSession, print, rssMb, startBareAntd, type LoadResult } from './lib.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
const soakSeconds = Number(process.argv.find((a) => a.startsWith('--soak='))?.slice('--soak='.length) ?? 60);
const duration = Number(args[0] ?? 10);
const rounds = Number(args[1] ?? 2);
const CONNECTIONS = 10;
/** Home, the account page (a section with the learner's data) and a list page. */
const PAGES = ['/home', '/account?change=7', '/news'];

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
  const ratios = new Map<string, number[]>();
  const row = (name: string, r: LoadResult, base: LoadResult) => ({
    page: name,
    rps: Math.round(r.rps),
    p99ms: r.latencyP99,
    errors: r.errors,
    non2xx: r.non2xx,
    ratio: +(r.rps / base.rps).toFixed(3),
  });
  for (let i = 1; i <= rounds; i++) {
    for (const page of PAGES) {
      // The baseline next to each page: a burst of noise on this small machine hits both alike.
      const base = await load(bareUrl, { duration, connections: CONNECTIONS });
      rows.push(row(`bare antd #${i}`, base, base));
      for (const [label, side] of [
        ['', current],
        [' (--against)', other],
      ] as const) {
        if (!side) continue;
        const r = await load(side.url + page, { duration, connections: CONNECTIONS, headers: cookieOf(side.token) });
        rows.push(row(`${page}${label} #${i}`, r, base));
        const key = page + label;
        ratios.set(key, [...(ratios.get(key) ?? []), r.rps / base.rps]);
      }
    }
  }
  print(rows);
  if (rows.some((r) => r.errors !== 0 || r.non2xx !== 0))
    console.log('NOTE: errors or non-2xx answers: the ratios do not hold');
  for (const [page, list] of ratios) {
    console.log(
      `${page}: ${(list.reduce((a, b) => a + b, 0) / list.length).toFixed(3)}× the bare antd page (target ≥ 0.3×)`,
    );
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
