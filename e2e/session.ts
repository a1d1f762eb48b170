import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
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
  beforeEach(async () => {
    await browser!.context.clearCookies();
    if (options.captchas) captchas = await knownCaptchas(browser!.page);
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
