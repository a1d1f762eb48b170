// First-load JavaScript of /home: every script and module preload the server-rendered page
// references, fetched and gzipped as a browser would get them. Target: at most 150 KB gzipped.
import { gzipSync } from 'node:zlib';
import { print, startPortal } from './lib.ts';

const portal = await startPortal({}, undefined, [], { settle: false });
try {
  const origin = `http://127.0.0.1:${portal.port}`;
  const rows: Array<Record<string, string | number>> = [];
  for (const path of ['/home', '/en/home']) {
    const html = await (await fetch(origin + path, { headers: { host: `localhost:${portal.port}` } })).text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
    for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!);
    for (const m of html.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) urls.add(m[1]!);
    const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1] ?? '')
      .join('');
    let gz = gzipSync(inline).length;
    let raw = inline.length;
    for (const u of urls) {
      const body = Buffer.from(await (await fetch(new URL(u, origin))).arrayBuffer());
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
    let cssGz = 0;
    for (const u of css) cssGz += gzipSync(Buffer.from(await (await fetch(new URL(u, origin))).arrayBuffer())).length;
    rows.push({
      page: path,
      scripts: urls.size,
      'JS raw KB': +(raw / 1024).toFixed(1),
      'JS gzip KB': +(gz / 1024).toFixed(1),
      'CSS gzip KB': +(cssGz / 1024).toFixed(1),
      'HTML gzip KB': +(gzipSync(html).length / 1024).toFixed(1),
    });
  }
  print(rows);
  console.log('target: first-load JavaScript of /home ≤ 150 KB gzipped');
} finally {
  await portal.stop();
}
