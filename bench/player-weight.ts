// First-load JavaScript of the course player (/watch/course) for a signed-in learner: every script
// and module preload the server-rendered page references, fetched and gzipped as a browser would
// get them, next to what the player loads after that (xgplayer with a video period, pdf.js with a
// document period), and /home's first load for comparison. Target: the player page's first load
// at most 250 KB gzipped, and the player libraries in no page's first load.
import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GATEWAY_PREFIX, type CallDef, type CallRequest, type CallResponse } from '@portal/contract/call';
import { findCoursesAuth } from '@portal/contract/calls/course';
import { PLATFORM_HEADER_VALUE, TOKEN_COOKIE } from '@portal/contract/constants';
import { findCoursePeriods, PeriodType } from '@portal/contract/calls/study';
import { print, portalWithSession, ROOT } from './lib.ts';

const { portal, url, token } = await portalWithSession('/home');
try {
  const origin = new URL(url).origin;
  const headers = { host: `localhost:${portal.port}`, cookie: `${TOKEN_COOKIE}=${token}` };
  /** One gateway call of the learner, as the page makes it. */
  const call = async <C extends CallDef>(def: C, input: CallRequest<C>): Promise<CallResponse<C>> => {
    const inQuery = def.requestIn === 'query';
    const query = inQuery ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    const res = await fetch(origin + GATEWAY_PREFIX + def.path + query, {
      method: def.method,
      headers: {
        ...headers,
        platform: PLATFORM_HEADER_VALUE,
        ...(inQuery ? {} : { 'content-type': 'application/json' }),
      },
      ...(inQuery ? {} : { body: JSON.stringify(input) }),
    });
    const env = (await res.json()) as { code: number; message: string; data: CallResponse<C> };
    if (env.code !== 200) throw new Error(`${def.path}: ${env.code} ${env.message}`);
    return env.data;
  };

  // A course of the demo learner's enterprise with a video and a document period.
  const courses = await call(findCoursesAuth, { pageCurrent: 1, pageSize: 50 });
  let video: string | undefined;
  let document: string | undefined;
  for (const course of courses.list) {
    const chapters = await call(findCoursePeriods, { courseId: course.id });
    const periods = chapters.flatMap((c) => c.periods).filter((p) => p.playable);
    const v = periods.find((p) => p.periodType === PeriodType.VIDEO);
    const d = periods.find((p) => p.periodType === PeriodType.DOCUMENT);
    if (v && d) {
      video = `/watch/course?id=${course.id}&periodId=${v.id}`;
      document = `/watch/course?id=${course.id}&periodId=${d.id}`;
      break;
    }
  }
  if (!video || !document) throw new Error('no demo course with a video and a document period');

  /** The page's first-load scripts: src, module preloads and the inline module's imports. */
  const firstLoad = async (pathname: string) => {
    const res = await fetch(origin + pathname, { headers, redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${pathname}: HTTP ${res.status}`);
    const html = await res.text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
    for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!);
    for (const m of html.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) urls.add(m[1]!);
    const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    let gz = gzipSync(inline.join('')).length;
    let raw = inline.join('').length;
    const bodies = new Map<string, Buffer>();
    for (const u of urls) {
      const body = Buffer.from(await (await fetch(new URL(u, origin))).arrayBuffer());
      bodies.set(u, body);
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    return { urls, bodies, raw, gz };
  };

  // The player libraries' chunks in the build: the ones that hold xgplayer, xgplayer-hls and pdf.js.
  const assets = path.join(ROOT, 'apps/web/build/client/assets');
  const libraries: Array<{ name: string; pattern: RegExp }> = [
    { name: 'xgplayer', pattern: /xgplayer-start|XgVideoProxy/ },
    { name: 'xgplayer-hls', pattern: /EXT-X-TARGETDURATION/ },
    { name: 'pdf.js', pattern: /GlobalWorkerOptions|pdfjs-dist|pdfjsVersion/ },
  ];
  const chunks = readdirSync(assets).filter((f) => /\.(m?js)$/.test(f));
  const libraryChunks = new Map<string, string[]>();
  for (const lib of libraries) {
    libraryChunks.set(
      lib.name,
      chunks.filter((f) => lib.pattern.test(readFileSync(path.join(assets, f), 'utf8'))),
    );
  }
  const gzOf = (files: string[]) =>
    files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length, 0);

  const rows: Array<Record<string, string | number>> = [];
  const leaks: string[] = [];
  for (const [label, pathname] of [
    ['/watch/course (video period)', video],
    ['/en/watch/course (video period)', `/en${video}`],
    ['/watch/course (document period)', document],
    ['/home (signed in)', '/home'],
  ] as const) {
    const load = await firstLoad(pathname);
    const inFirstLoad = [...libraryChunks]
      .filter(([, files]) => files.some((f) => [...load.urls].some((u) => u.endsWith(f))))
      .map(([name]) => name);
    if (inFirstLoad.length) leaks.push(`${label}: ${inFirstLoad.join(', ')}`);
    rows.push({
      page: label,
      scripts: load.urls.size,
      'JS raw KB': +(load.raw / 1024).toFixed(1),
      'JS gzip KB': +(load.gz / 1024).toFixed(1),
      'player libraries in it': inFirstLoad.join(', ') || 'none',
    });
  }
  print(rows);
  print(
    [...libraryChunks].map(([name, files]) => ({
      'loaded later': name,
      chunks: files.length,
      'gzip KB': +(gzOf(files) / 1024).toFixed(1),
    })),
  );
  console.log('target: first-load JavaScript of /watch/course ≤ 250 KB gzipped; no player library in a first load');
  if (leaks.length) console.log(`player libraries in a first load: ${leaks.join('; ')}`);
} finally {
  await portal.stop();
}
