import http from 'node:http';
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

/**
 * A fresh Chromium profile (no cookies), 1400×900, zh-CN unless told otherwise, reduced motion. Its page is checked
 * for WCAG 2.2 AA after every load (e2e/a11y.ts); closing it fails on what was not yet reported.
 */
export async function openBrowser(options: { locale?: string; userAgent?: string } = {}): Promise<Browser> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-chromium-'));
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
  const page = context.pages()[0] ?? (await context.newPage());
  watchAccessibility(page); // WCAG 2.2 AA after every load (e2e/a11y.ts)
  return {
    context,
    page,
    close: async () => {
      const failure = await settleAccessibility(page).then(
        () => undefined,
        (e: unknown) => e,
      );
      await context.close();
      await rm(dir, { recursive: true, force: true });
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
