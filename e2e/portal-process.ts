import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PORTAL_NODE_FLAGS } from '../scripts/node-flags.ts';

export interface PortalProcess {
  child: ChildProcess;
  /** What the portal has printed so far. */
  log(): string;
}

/** The settings of every portal the browser tests start (a test's own `env` goes over them). */
const TEST_PORTAL_ENV = {
  SITE_CACHE_TTL_MS: '1000',
  // No browser test plays the demo lecture: 5 s of it rather than a minute of FFmpeg (the kill
  // test's portal made the minute's lecture while its takers saved, twice, since it is restarted).
  MEDIA_DEMO_LECTURE_SECONDS: '5',
  // Every browser test comes from the same address: the per-address limits of all calls and of
  // sign-in calls (tested by the API tests) would refuse the run itself (a whole run makes
  // well over a thousand calls a minute).
  RATE_LIMIT_PER_MINUTE: '100000',
  SIGN_IN_PER_IP_PER_MINUTE: '10000',
};

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
 * The portal as `npm start` runs it (built app, embedded PostgreSQL with the demo data in
 * `dataDir`) with the browser tests' settings on the given ports, once it answers /readyz. Started again on the same folder, it
 * finds its database as it was left.
 */
export async function startPortalProcess(options: {
  dataDir: string;
  port: number;
  pgPort: number;
  env?: Record<string, string>;
}): Promise<PortalProcess> {
  const root = path.resolve(import.meta.dirname, '..');
  let log = '';
  const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      EMBEDDED_PG_PORT: String(options.pgPort),
      LOG_LEVEL: 'warn',
      ...TEST_PORTAL_ENV,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  await waitForReady(`http://127.0.0.1:${options.port}/readyz`, child, () => log);
  return { child, log: () => log };
}
