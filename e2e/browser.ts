import http from 'node:http';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/test-support.ts';
import { settleAccessibility, watchAccessibility } from './a11y.ts';
import { portal } from './portal.ts';

export { CHROMIUM_PATH };

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

interface Parked {
  context: BrowserContext;
  dir: string;
}

/**
 * Chromium profiles this worker opened and that are free again, by their options. Launching
 * Chromium and loading the app's scripts into an empty cache is about a tenth of the step's CPU
 * time, and the files of a worker run one after the other (vitest `isolate: false` keeps this
 * module for the worker's life): a closed browser is parked here, emptied of what a person would
 * have left (cookies, storage, permissions, its pages), and the next file takes it. Its HTTP cache
 * stays, as a returning visitor's does. Chromium ends with the worker (playwright kills the
 * processes it launched when the process exits).
 */
const parked = new Map<string, Parked[]>();
const profileDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of profileDirs) rmSync(dir, { recursive: true, force: true });
});

/** Every origin a browser test visits on this worker's portal (storage is cleared per origin). */
function origins(): string[] {
  const { port } = portal();
  return ['', 'sfj.', 'yb.', 'global.', 'px.'].map((h) => `http://${h}localhost:${port}`);
}

async function launch(options: { locale?: string; userAgent?: string }): Promise<Parked> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-chromium-'));
  profileDirs.add(dir);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: process.env.AB_CHROME ? CHROMIUM_FLAGS.filter((f) => f !== '--headless') : CHROMIUM_FLAGS,
    // As a person who asks for reduced motion: antd's dialogs and lists appear at once (decision
    // 041), so no click lands on one still zooming in. animatesDuring() checks the default.
    reducedMotion: 'reduce',
    viewport: { width: 1400, height: 900 },
    locale: options.locale ?? 'zh-CN',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  // An action or wait that cannot happen fails in 30 s naming its locator (tests that wait longer
  // on purpose say so), not as the test's time-out with nothing to say where it stood.
  context.setDefaultTimeout(30_000);
  return { context, dir };
}

/** Empties a profile of a person's traces and gives it one new blank page; the HTTP cache stays. */
async function empty({ context }: Parked): Promise<void> {
  const old = context.pages();
  const fresh = await context.newPage();
  await Promise.all(old.map((p) => p.close()));
  await context.clearCookies();
  await context.clearPermissions();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  const cdp = await context.newCDPSession(fresh);
  for (const origin of origins())
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'local_storage,indexeddb,service_workers,cache_storage,file_systems,websql',
    });
  await cdp.detach();
}

/**
 * A Chromium profile without cookies or storage, 1400×900, zh-CN unless told otherwise, reduced
 * motion, with one blank page. Its page is checked for WCAG 2.2 AA after every load (e2e/a11y.ts);
 * closing it fails on what was not yet reported, and parks the profile for the worker's next file.
 */
export async function openBrowser(options: { locale?: string; userAgent?: string } = {}): Promise<Browser> {
  const key = `${options.locale ?? ''}|${options.userAgent ?? ''}`;
  const profile = parked.get(key)?.pop() ?? (await launch(options));
  const { context } = profile;
  const page = context.pages()[0] ?? (await context.newPage());
  watchAccessibility(page); // WCAG 2.2 AA after every load (e2e/a11y.ts)
  let closed = false;
  return {
    context,
    page,
    close: async () => {
      if (closed) return;
      closed = true;
      const failure = await settleAccessibility(page).then(
        () => undefined,
        (e: unknown) => e,
      );
      try {
        await empty(profile);
        parked.set(key, [...(parked.get(key) ?? []), profile]);
      } catch {
        // A profile that cannot be emptied (Chromium gone) is not reused.
        await context.close().catch(() => undefined);
        profileDirs.delete(profile.dir);
        await rm(profile.dir, { recursive: true, force: true });
      }
      if (failure) throw failure;
    },
  };
}

/** `url('/home', 'sfj')` → http://sfj.localhost:PORT/home; no host → localhost. */
export function url(pathname: string, host?: 'sfj' | 'yb' | 'global' | 'px'): string {
  const port = portal().port;
  return `http://${host ? `${host}.` : ''}localhost:${port}${pathname}`;
}

/** True when browser tests run (Chromium present); outside CI they are skipped without it. */
export const browserAvailable = () => inject('browserAvailable');

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A page as the first paint gets it (server-rendered HTML, no JavaScript, redirects not followed).
 * The tenant is chosen by the Host header, as a browser on `sfj.localhost` would send it.
 */
export function fetchHtml(
  pathname: string,
  options: { host?: 'sfj' | 'yb' | 'global'; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const port = portal().port;
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        agent: false,
        path: pathname,
        headers: { host: `${options.host ? `${options.host}.` : ''}localhost:${port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
  });
}
