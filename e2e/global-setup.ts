import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser.ts';
import { freePort } from '../scripts/test-support.ts';
import type { PortalInfo } from './portal.ts';
import { startPortalProcess, type PortalProcess } from './portal-process.ts';
import { E2E_WORKERS } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One portal per worker (portal.ts picks a file's own). */
    portals: PortalInfo[];
    browserAvailable: boolean;
    /** The pages axe has checked in this run, one a line (a11y.ts: once per page, not per visit). */
    a11yChecked: string;
  }
}

/**
 * Starts the portal the way `npm start` does (built app, embedded PostgreSQL with demo data) on
 * free ports with a temporary data folder, once for each worker of the run (E2E_WORKERS): two
 * files run at once, each against a portal of its own, so one file's changes to a site (a
 * published course, a renamed zone, a new theme colour) never reach a file running beside it.
 */
export default async function setup(project: TestProject) {
  const browserAvailable = existsSync(CHROMIUM_PATH);
  if (!browserAvailable) {
    const msg = `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium fonts-noto-cjk).`;
    if (process.env.CI === 'true') throw new Error(`${msg} Browser tests cannot be skipped in CI.`);
    process.stdout.write(`\n*** ${msg} The browser tests are SKIPPED. ***\n\n`);
  }
  const starting = Date.now();
  // What `npm start` builds when stale, built once here: portals starting side by side would each
  // compile the same server into the same folder at once.
  const built = spawnSync(process.execPath, [path.join(import.meta.dirname, '../scripts/build-if-stale.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('Building the web app or the server failed (scripts/build-if-stale.mjs).');
  const runDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-run-'));
  let stopping = false;
  const started: Array<{ portal: PortalProcess; dataDir: string; info: PortalInfo }> = [];
  const stopAll = async () => {
    stopping = true;
    await Promise.all(
      started.map(async ({ portal, dataDir }) => {
        const { child } = portal;
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000).unref())]);
          if (child.exitCode === null) child.kill('SIGKILL');
        }
        await rm(dataDir, { recursive: true, force: true });
      }),
    );
    await rm(runDir, { recursive: true, force: true });
  };
  // Every start ends (started or failed) before a failure stops the ones that started.
  const starts = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, async (_, i) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
      await chmod(dataDir, 0o755);
      const port = await freePort();
      const pgPort = await freePort();
      const portal = await startPortalProcess({ dataDir, port, pgPort });
      const info: PortalInfo = {
        port,
        databaseUrl: `postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`,
        uploadDir: path.join(dataDir, 'uploads'),
      };
      started[i] = { portal, dataDir, info };
      // A portal that dies during the run says why (the tests after it would only see refused connections).
      portal.child.once('exit', (code, signal) => {
        if (!stopping)
          process.stderr.write(
            `\n*** Portal ${i + 1} exited during the run (${code ?? signal}):\n${portal.log().slice(-20_000)}\n`,
          );
      });
    }),
  );
  const failed = starts.find((r) => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  // Part of the step's time that no test file shows (decision 006 keeps a budget for it).
  const seconds = ((Date.now() - starting) / 1000).toFixed(1);
  process.stdout.write(`${E2E_WORKERS} portal${E2E_WORKERS > 1 ? 's' : ''} started in ${seconds} s.\n`);
  project.provide(
    'portals',
    started.map((s) => s.info),
  );
  project.provide('browserAvailable', browserAvailable);
  project.provide('a11yChecked', path.join(runDir, 'a11y-checked.txt'));
  return stopAll;
}
