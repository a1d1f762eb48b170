// `npm start`: build the web app if it is missing or older than its sources, then run the server
// (TypeScript through tsx, in this process so Ctrl-C and SIGTERM reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildEntry = path.join(root, 'apps/web/build/server/index.js');
const sources = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'packages/contract/src',
];

function newest(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(full)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const stale = !existsSync(buildEntry) || statSync(buildEntry).mtimeMs < Math.max(...sources.map(newest));
if (stale) {
  process.stdout.write('Building the web app…\n');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Before anything loads React: its production build is chosen when it is first imported (the
// server build below), and a development React renders pages several times slower.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';

// The web app's server build is plain JavaScript: it is loaded before TypeScript support is
// registered, so Node loads it and its dependencies (React, antd) itself. Loaded through tsx's
// module hooks, the same code left every request of the server about a third slower (decision 007).
await import(pathToFileURL(buildEntry).href);
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
