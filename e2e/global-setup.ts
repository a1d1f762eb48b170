import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser.ts';
import { freePort } from '../scripts/test-support.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    browserAvailable: boolean;
    /** The portal's embedded database, for tests that set up what a browser cannot (captchas). */
    databaseUrl: string;
    /** The portal's private storage folder (tests put export files there). */
    uploadDir: string;
  }
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The portal did not become ready:\n${output()}`);
}

/**
 * Starts the portal the way `npm start` does (built app, embedded PostgreSQL with demo data) on
 * free ports with a temporary data folder, for all browser tests of the run.
 */
export default async function setup(project: TestProject) {
  const browserAvailable = existsSync(CHROMIUM_PATH);
  if (!browserAvailable) {
    const msg = `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium fonts-noto-cjk).`;
    if (process.env.CI === 'true') throw new Error(`${msg} Browser tests cannot be skipped in CI.`);
    process.stdout.write(`\n*** ${msg} The browser tests are SKIPPED. ***\n\n`);
  }
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--max-old-space-size=192', path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      SITE_CACHE_TTL_MS: '1000',
      // Every browser test comes from the same address: the per-address limits of all calls and of
      // sign-in calls (tested by the API tests) would refuse the run itself (a whole run makes
      // well over a thousand calls a minute).
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGN_IN_PER_IP_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const baseUrl = `http://localhost:${port}`;
  const starting = Date.now();
  await waitForReady(`http://127.0.0.1:${port}/readyz`, child, () => log);
  // Part of the step's time that no test file shows (decision 006 keeps a budget for it).
  process.stdout.write(`The portal started in ${((Date.now() - starting) / 1000).toFixed(1)} s.\n`);
  // A portal that dies during the run says why (the tests after it would only see refused connections).
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(`\n*** The portal exited during the run (${code ?? signal}):\n${log.slice(-20_000)}\n`);
  });
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  project.provide('browserAvailable', browserAvailable);
  project.provide('uploadDir', path.join(dataDir, 'uploads'));
  project.provide('databaseUrl', `postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`);
  return async () => {
    stopping = true;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000).unref())]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  };
}
