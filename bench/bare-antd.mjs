// The baseline of bench/signed-in-pages.ts: a bare antd page (the web build's own
// renderBareAntdPage: the same React and antd, zero-runtime theme, streamed) served by a plain
// Node HTTP server in its own process, with no router, loaders, shell or framework around it.
// Plain JavaScript, loaded by Node itself (no TypeScript hooks), like the portal's compiled start.
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';
const buildEntry = path.resolve(import.meta.dirname, '../apps/web/build/server/index.js');
const build = await import(pathToFileURL(buildEntry).href);
const { renderBareAntdPage } = build.entry.module;

const server = http.createServer(async (req, res) => {
  if (req.url === '/ping') return res.end('ok');
  const response = await renderBareAntdPage();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  Readable.fromWeb(response.body).pipe(res);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
