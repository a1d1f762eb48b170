// Measures cached site calls (website view, nav bar list) of the portal against a bare Fastify
// route, in the same run, at 50 connections; then the portal's resident memory through a
// 60-second load. Prints requests per second, the ratios and the peak RSS. Not a pass/fail test.
import { load, print, rssMb, startBareFastify, startPortal } from './lib.ts';

const duration = Number(process.argv[2] ?? 10);
const headers = { domain: 'localhost', platform: 'WEB-CLIENT' };

const portal = await startPortal();
const base = `http://127.0.0.1:${portal.port}/gateway/system/api`;
// The baseline answers exactly the bytes the portal answers for website view.
const body = await (await fetch(`${base}/website/view`, { headers })).text();
const bare = await startBareFastify(body);
try {
  // Warm up (fills the site caches and the JIT).
  await load(`http://127.0.0.1:${bare.port}/gateway/system/api/website/view`, { duration: 3 });
  await load(`${base}/website/view`, { duration: 3, headers });
  await load(`${base}/pc/zone/info/nav/bar/list`, { duration: 3, headers });

  const baseline = await load(`http://127.0.0.1:${bare.port}/gateway/system/api/website/view`, { duration });
  const view = await load(`${base}/website/view`, { duration, headers });
  const nav = await load(`${base}/pc/zone/info/nav/bar/list`, { duration, headers });
  print([
    {
      route: 'bare Fastify',
      rps: Math.round(baseline.rps),
      p99ms: baseline.latencyP99,
      errors: baseline.errors,
      non2xx: baseline.non2xx,
      ratio: 1,
    },
    {
      route: 'website view',
      rps: Math.round(view.rps),
      p99ms: view.latencyP99,
      errors: view.errors,
      non2xx: view.non2xx,
      ratio: +(view.rps / baseline.rps).toFixed(2),
    },
    {
      route: 'nav bar list',
      rps: Math.round(nav.rps),
      p99ms: nav.latencyP99,
      errors: nav.errors,
      non2xx: nav.non2xx,
      ratio: +(nav.rps / baseline.rps).toFixed(2),
    },
  ]);

  // Memory through a 60-second load on the site calls and the home page.
  let peak = rssMb(portal.child.pid!);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(portal.child.pid!))), 500);
  const soak = await Promise.all([
    load(`${base}/website/view`, { duration: 60, connections: 25, headers }),
    load(`http://127.0.0.1:${portal.port}/home`, { duration: 60, connections: 25 }),
  ]);
  clearInterval(sampler);
  console.log(
    `memory: peak RSS ${peak.toFixed(0)} MB through a 60-second load (${soak[0].requests + soak[1].requests} requests, ${soak[0].errors + soak[1].errors} errors); target < 300 MB`,
  );
  console.log(
    `site call ratio: website view ${(view.rps / baseline.rps).toFixed(2)}×, nav list ${(nav.rps / baseline.rps).toFixed(2)}× (target ≥ 0.7×)`,
  );
} finally {
  await portal.stop();
  await bare.stop();
}
