// `npm start`: build the web app and compile the server if either is missing or older than its
// sources, then run the server (in this process, so Ctrl-C and SIGTERM reach it directly).
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

const isStale = (output, inputs) => !existsSync(output) || statSync(output).mtimeMs < Math.max(...inputs.map(newest));
if (isStale(buildEntry, sources)) {
  process.stdout.write('Building the web app…\n');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Before anything loads React: its production build is chosen when it is first imported (the
// server build below), and a development React renders pages several times slower.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';

// The server is compiled to plain JavaScript (scripts/build-server.mjs), like the web app's server
// build: Node loads both and their libraries itself. Code loaded through tsx's module hooks ran
// slower for the life of the process (decision 007).
const { buildServer, SERVER_ENTRY, SERVER_SOURCES } = await import('./build-server.mjs');
if (isStale(SERVER_ENTRY, SERVER_SOURCES)) await buildServer();
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
