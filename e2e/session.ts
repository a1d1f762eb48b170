import type { ConsoleMessage, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, type OnTestFailedHandler } from 'vitest';
import { knownCaptchas } from './accounts.ts';
import { openBrowser, type Browser } from './browser.ts';
import { expectAccessible } from './a11y.ts';

/**
 * One Chromium for the tests of a describe block: opened before them, closed after; every test
 * starts without cookies. With `captchas`, the page's captcha calls are answered with captchas
 * whose answer the test knows (accounts.ts): only files whose forms ask for one turn it on, since
 * a routed page sends every request through the test process (a fifth of a file's time).
 */
export function browserSession(options: { captchas?: boolean } = {}): { readonly b: Browser } {
  let browser: Browser | undefined;
  let captchas: { close(): Promise<void> } | undefined;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => browser?.close());
  beforeEach(async ({ onTestFailed, onTestFinished }) => {
    await browser!.context.clearCookies();
    if (options.captchas) captchas = await knownCaptchas(browser!.page);
    const unwatch = watchForFailure(browser!.page, onTestFailed);
    onTestFinished(unwatch);
  });
  afterEach(async () => {
    await browser!.page.unrouteAll({ behavior: 'ignoreErrors' });
    await captchas?.close();
    await expectAccessible(browser!.page, 'end of test'); // WCAG 2.2 AA of the page as the test left it
  });
  return {
    get b() {
      return browser!;
    },
  };
}

/**
 * What the page showed when a test failed, printed with the failure: its address, the gateway
 * calls of the test (status, method, path; a write's envelope code and message), the console's
 * errors and the start of its text. A locator's time-out says only what was not found; this says
 * what was there instead (an intermittent failure in a full run is seldom reproduced alone).
 */
export function watchForFailure(page: Page, onTestFailed: (fn: OnTestFailedHandler) => void): () => void {
  const calls: Array<Promise<string>> = [];
  const errors: string[] = [];
  const onResponse = (r: Response) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/gateway/')) return;
    const method = r.request().method();
    const line = `${r.status()} ${method} ${url.pathname}${url.search}`;
    calls.push(
      method === 'GET'
        ? Promise.resolve(line)
        : r
            .json()
            .then((b: { code?: unknown; message?: unknown }) => `${line} → ${String(b.code)} ${String(b.message)}`)
            .catch(() => line),
    );
    if (calls.length > 40) calls.shift();
  };
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error' && errors.length < 20) errors.push(m.text().slice(0, 300));
  };
  page.on('response', onResponse);
  page.on('console', onConsole);
  onTestFailed(async () => {
    if (page.isClosed()) return;
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '');
    const lines = await Promise.all(calls);
    // What hides part of the page from role queries (getByRole skips it) though its text shows.
    const hiding = await page
      .evaluate(() =>
        [...document.querySelectorAll('[aria-hidden="true"], [aria-modal="true"], [inert], [role="dialog"]')]
          .filter((e) => e.tagName !== 'svg' && !e.closest('svg') && e.textContent?.trim())
          .slice(0, 10)
          .map(
            (e) => `<${e.tagName.toLowerCase()} class="${e.className}"> ${(e.textContent ?? '').trim().slice(0, 80)}`,
          ),
      )
      .catch(() => [] as string[]);
    const squeezed = text.replace(/\n{2,}/g, '\n');
    process.stdout.write(
      [
        `--- the page when the test failed: ${page.url()}`,
        `gateway calls (last ${lines.length}):`,
        ...lines.map((l) => `  ${l}`),
        `console errors: ${errors.length === 0 ? 'none' : ''}`,
        ...errors.map((e) => `  ${e}`),
        `hidden from roles, or dialogs: ${hiding.length === 0 ? 'none' : ''}`,
        ...hiding.map((h) => `  ${h}`),
        'text (start and end):',
        squeezed.slice(0, 1_500),
        squeezed.length > 1_500 ? `…\n${squeezed.slice(-800)}` : '',
        '---',
      ].join('\n') + '\n',
    );
  });
  return () => {
    page.off('response', onResponse);
    page.off('console', onConsole);
  };
}
