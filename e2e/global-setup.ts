import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './browser.ts';
import { freePort } from '../scripts/test-support.ts';
import { startPortalProcess } from './portal-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    browserAvailable: boolean;
    /** The portal's embedded database, for tests that set up what a browser cannot (captchas). */
    databaseUrl: string;
    /** The portal's private storage folder (tests put export files there). */
    uploadDir: string;
    /** The pages axe has checked in this run, one a line (a11y.ts: once per page, not per visit). */
    a11yChecked: string;
  }
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const starting = Date.now();
  const portal = await startPortalProcess({
    dataDir,
    port,
    pgPort,
    env: {
      SITE_CACHE_TTL_MS: '1000',
      // No browser test plays the demo lecture: 5 s of it rather than a minute of FFmpeg.
      MEDIA_DEMO_LECTURE_SECONDS: '5',
      // Every browser test comes from the same address: the per-address limits of all calls and of
      // sign-in calls (tested by the API tests) would refuse the run itself (a whole run makes
      // well over a thousand calls a minute).
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGN_IN_PER_IP_PER_MINUTE: '10000',
    },
  });
  const { child } = portal;
  const baseUrl = `http://localhost:${port}`;
  // Part of the step's time that no test file shows (decision 006 keeps a budget for it).
  process.stdout.write(`The portal started in ${((Date.now() - starting) / 1000).toFixed(1)} s.\n`);
  // A portal that dies during the run says why (the tests after it would only see refused connections).
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `\n*** The portal exited during the run (${code ?? signal}):\n${portal.log().slice(-20_000)}\n`,
      );
  });
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  project.provide('browserAvailable', browserAvailable);
  project.provide('uploadDir', path.join(dataDir, 'uploads'));
  project.provide('a11yChecked', path.join(dataDir, 'a11y-checked.txt'));
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
