import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';

// The request layer's error catalogue (platform.md section 8) in the browser: the gateway's answer
// to the float window's app-version call is replaced by the code under test.
const APP_VERSION = '**/gateway/system/api/app/version/manager/android/official/latest**';

describe.runIf(browserAvailable())('error catalogue', () => {
  // One browser for the file; every test starts without cookies or answers of its own.
  let b: Browser;
  let calls = 0;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await b.context.clearCookies();
    calls = 0;
  });
  afterEach(async () => b.page.unrouteAll({ behavior: 'ignoreErrors' }));

  /** The app-version call answers these, one after the other (the last one from then on). */
  async function answer(...answers: Array<[code: number, message: string]>) {
    await b.page.route(APP_VERSION, (route) => {
      const [code, message] = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return route.fulfill({ json: { code, message, data: null } });
    });
  }

  const appButton = () => b.page.getByRole('button', { name: 'APP下载' });

  /** Opens the float window's app panel (which asks for the version) and waits for the answer. */
  async function openAppPanel() {
    const answered = b.page.waitForResponse((r) => r.url().includes('/app/version/manager/android/official/latest'));
    await appButton().hover();
    await answered;
  }

  async function closeAppPanel() {
    await b.page.mouse.move(10, 10);
    await expect.poll(() => appButton().getAttribute('aria-expanded')).toBe('false');
  }

  it('308: a 温馨提示 dialog with the server message; confirming signs out to /login', async () => {
    await answer([308, '您的账号已被管理员禁用']);
    await b.page.goto(url('/home'));
    await openAppPanel();
    const dialog = b.page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('温馨提示');
    expect(await dialog.textContent()).toContain('您的账号已被管理员禁用');
    // No cancel button: only the confirmation.
    expect(await dialog.getByRole('button').count()).toBe(1);
    await dialog.getByRole('button').click();
    await b.page.waitForURL(/\/login$/);
  });

  it('3001: the fixed password-format text, never the server message', async () => {
    await answer([3001, 'raw server text']);
    await b.page.goto(url('/home'));
    await openAppPanel();
    const toast = b.page.locator('.ant-message-notice');
    await expect
      .poll(() => toast.first().textContent())
      .toContain('密码格式错误，密码为8~20位包含英文大、小写字母和数字或特殊字符的组合');
    expect(await b.page.getByText('raw server text').count()).toBe(0);
  });

  it('301 on a public page stays on the page and shows no message', async () => {
    await answer([301, '请先登录'], [9001, '订单不存在']);
    await b.page.goto(url('/home'));
    await openAppPanel();
    // The next call's error is shown: the page has handled the 301 by then.
    await closeAppPanel();
    await openAppPanel();
    await expect.poll(() => b.page.locator('.ant-message-notice', { hasText: '订单不存在' }).count()).toBe(1);
    expect(new URL(b.page.url()).pathname).toBe('/home');
    expect(await b.page.locator('.ant-message-notice').count()).toBe(1);
  });

  it('shows the English fixed text under /en', async () => {
    await answer([3001, 'raw']);
    await b.page.goto(url('/en/home'));
    const answered = b.page.waitForResponse((r) => r.url().includes('/app/version/manager/android/official/latest'));
    await b.page.getByRole('button', { name: 'Get the app' }).hover();
    await answered;
    await expect
      .poll(() => b.page.locator('.ant-message-notice').first().textContent())
      .toContain('Wrong password format');
  });
  it('two identical errors within 2 seconds give one toast', async () => {
    // The page's clock stands still from here on (its timers run): the second error comes "at
    // once", however busy the machine is. Last in the file: the clock stays fixed for this page.
    await b.page.clock.setFixedTime(new Date());
    await answer([9001, '订单不存在'], [9001, '订单不存在'], [9002, '另一个错误']);
    await b.page.goto(url('/home'));
    const toasts = (text: string) => b.page.locator('.ant-message-notice', { hasText: text }).count();
    await openAppPanel();
    await expect.poll(() => toasts('订单不存在')).toBe(1);
    // Closed and opened again: a second call with the same error.
    await closeAppPanel();
    await openAppPanel();
    // A third call with another error is shown: the page has handled the second by then.
    await closeAppPanel();
    await openAppPanel();
    await expect.poll(() => toasts('另一个错误')).toBe(1);
    expect(calls).toBe(3);
    expect(await toasts('订单不存在')).toBe(1);
  });
});
