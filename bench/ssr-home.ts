// Measures server-rendered /home pages per second against a bare antd page rendered by the same
// server (same process, same React and antd) in the same run. Not a pass/fail test.
import { load, print, startPortal } from './lib.ts';

const duration = Number(process.argv[2] ?? 10);

// Twice: as deployed (visitors' pages kept for PAGE_CACHE_TTL_MS once rendered) and with every
// request rendered (PAGE_CACHE_TTL_MS=0), each against the bare antd page of the same server.
for (const [mode, env] of [
  ['visitor page cache on (default)', {}],
  ['every request rendered', { PAGE_CACHE_TTL_MS: '0' }],
] as const) {
  console.log(`\n/home, ${mode}:`);
  const portal = await startPortal({ BENCH_ROUTES: 'true', ...env });
  try {
    const home = `http://127.0.0.1:${portal.port}/home`;
    const bare = `http://127.0.0.1:${portal.port}/__bench/antd`;
    await load(home, { duration: 3, connections: 10 });
    await load(bare, { duration: 3, connections: 10 });
    const b = await load(bare, { duration, connections: 10 });
    const h = await load(home, { duration, connections: 10 });
    print([
      {
        page: 'bare antd page',
        rps: Math.round(b.rps),
        p99ms: b.latencyP99,
        errors: b.errors,
        non2xx: b.non2xx,
        ratio: 1,
      },
      {
        page: '/home',
        rps: Math.round(h.rps),
        p99ms: h.latencyP99,
        errors: h.errors,
        non2xx: h.non2xx,
        ratio: +(h.rps / b.rps).toFixed(2),
      },
    ]);
    console.log(`SSR ratio: /home ${(h.rps / b.rps).toFixed(2)}× the bare antd page (target ≥ 0.8×)`);
  } finally {
    await portal.stop();
  }
}
