import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';

// The request layer's error catalogue (platform.md section 8) in the browser: the gateway's answer
// to the float window's app-version call is replaced by the code under test.
const APP_VERSION = '**/gateway/system/api/app/version/manager/android/official/latest**';

describe.runIf(browserAvailable())('error catalogue', () => {
  let b: Browser;
  let calls = 0;
  beforeEach(async () => {
    b = await openBrowser();
    calls = 0;
  });
  afterEach(async () => b?.close());

  async function answer(code: number, message: string) {
    await b.page.route(APP_VERSION, (route) => {
      calls += 1;
      return route.fulfill({ json: { code, message, data: null } });
    });
  }

  async function openAppPanel() {
    const button = b.page.getByRole('button', { name: 'APP下载' });
    await button.hover();
    await expect.poll(() => calls).toBeGreaterThan(0);
  }

  it('308: a 温馨提示 dialog with the server message; confirming signs out to /login', async () => {
    await answer(308, '您的账号已被管理员禁用');
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
    await answer(3001, 'raw server text');
    await b.page.goto(url('/home'));
    await openAppPanel();
    const toast = b.page.locator('.ant-message-notice');
    await expect
      .poll(() => toast.first().textContent())
      .toContain('密码格式错误，密码为8~20位包含英文大、小写字母和数字或特殊字符的组合');
    expect(await b.page.getByText('raw server text').count()).toBe(0);
  });

  it('two identical errors within 2 seconds give one toast', async () => {
    await answer(9001, '订单不存在');
    await b.page.goto(url('/home'));
    await openAppPanel();
    // Close and open again at once: a second call with the same error.
    await b.page.mouse.move(10, 10);
    await b.page.waitForTimeout(300);
    await openAppPanel();
    await b.page.mouse.move(10, 10);
    await b.page.waitForTimeout(300);
    await b.page.getByRole('button', { name: 'APP下载' }).hover();
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await b.page.waitForTimeout(300);
    expect(await b.page.locator('.ant-message-notice', { hasText: '订单不存在' }).count()).toBe(1);
  });

  it('301 on a public page stays on the page and shows no message', async () => {
    await answer(301, '请先登录');
    await b.page.goto(url('/home'));
    await openAppPanel();
    await b.page.waitForTimeout(500);
    expect(new URL(b.page.url()).pathname).toBe('/home');
    expect(await b.page.locator('.ant-message-notice').count()).toBe(0);
  });

  it('shows the English fixed text under /en', async () => {
    await answer(3001, 'raw');
    await b.page.goto(url('/en/home'));
    await b.page.getByRole('button', { name: 'Get the app' }).hover();
    await expect.poll(() => calls).toBeGreaterThan(0);
    await expect
      .poll(() => b.page.locator('.ant-message-notice').first().textContent())
      .toContain('Wrong password format');
  });
});
