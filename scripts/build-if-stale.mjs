// Builds the web app and compiles the server where either is missing or older than its sources:
// what `npm start` does before it runs the server (start.mjs). The browser tests run it once before
// they start their portals side by side (e2e/global-setup.ts): two portals compiling the same
// server at once could each load the other's half-written files.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export async function buildIfStale() {
  if (isStale(buildEntry, sources)) {
    process.stdout.write('Building the web app…\n');
    // A production build whoever asks: under vitest (the browser tests' global setup) NODE_ENV is
    // "test", and Vite would take it and bundle React's development build into the client.
    const r = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const { buildServer, SERVER_ENTRY, SERVER_SOURCES } = await import('./build-server.mjs');
  if (isStale(SERVER_ENTRY, SERVER_SOURCES)) await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfStale();
