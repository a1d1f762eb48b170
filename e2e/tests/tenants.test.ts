import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, fetchHtml, openBrowser, url, type Browser } from '../browser.ts';

const TENANTS = [
  { host: undefined, path: '/home', title: '智学企业培训平台', color: '#2364e8', navStyle: 1 },
  { host: 'sfj' as const, path: '/login', title: '司法行政干部教育培训平台', color: '#b4232a', navStyle: 2 },
  { host: 'yb' as const, path: '/home', title: '医保业务学习平台', color: '#0b7b5e', navStyle: 3 },
  { host: 'global' as const, path: '/en/home', title: 'Medical Insurance Academy', color: '#6b3fc9', navStyle: 3 },
];

function themeStyle(html: string): string {
  return /<style id="tenant-theme"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
}

describe.runIf(browserAvailable())('tenants in the server-rendered HTML', () => {
  for (const t of TENANTS) {
    it(`renders ${t.title} with its own title and theme colour before any script runs`, async () => {
      const res = await fetchHtml(t.path, { host: t.host });
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<title>${t.title}</title>`);
      const css = themeStyle(res.body);
      expect(css).toContain(`--portal-theme:${t.color}`);
      // antd's own primary colour variable carries the tenant colour (the default is #1677ff): the
      // configured one, or its readable shade where that is below 4.5:1 (#2468f2, #0b7d60; decision 025).
      expect(css.toLowerCase()).toContain(`--ant-color-primary:${t.color}`);
      // The tenant's CSS is in the <head>, before the body: no flash of another theme.
      expect(res.body.indexOf('id="tenant-theme"')).toBeLessThan(res.body.indexOf('<body'));
      // Once: not again in the loader data the page hydrates from (decision 004).
      expect(res.body.split('--portal-theme:').length).toBe(2);
    });
  }

  it('sets description, keywords and icon from the website info', async () => {
    const res = await fetchHtml('/home');
    expect(res.body).toContain(
      '<meta name="description" content="智学企业培训平台：面向企业员工的在线学习、考试与证书管理平台。"',
    );
    expect(res.body).toContain('<meta name="keywords" content="企业培训,在线学习,在线考试,学时,证书"');
    expect(res.body).toContain('<link rel="icon" href="/demo/zhixue-icon.svg"');
  });

  it('injects the statistics code only where the site enables it', async () => {
    const on = await fetchHtml('/home');
    expect(on.body).toContain('data-statistics');
    expect(on.body).toContain('window.portalStats');
    const off = await fetchHtml('/home', { host: 'yb' });
    expect(off.body).not.toContain('data-statistics');
    expect(off.body).not.toContain('portalStats');
  });

  it('sends a page CSP that allows every inline script of the page and no other', async () => {
    const { createHash } = await import('node:crypto');
    for (const headers of [{}, { cookie: 'token=not-a-session' }] as Array<Record<string, string>>) {
      // A visitor's page (cached, hash-based CSP) and a page rendered for a session (nonce-based).
      const res = await fetchHtml('/home', { headers });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("'strict-dynamic'");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const inline = [...res.body.matchAll(/<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, attrs, code] of inline) {
        const hash = createHash('sha256')
          .update(code ?? '')
          .digest('base64');
        const allowed = (nonce && attrs!.includes(`nonce="${nonce}"`)) || csp.includes(`'sha256-${hash}'`);
        expect(allowed).toBe(true);
      }
    }
  });
});

describe.runIf(browserAvailable())('tenants in the browser', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());
  // Every test starts as a browser that has not been here (no first-visit or language cookie).
  beforeEach(async () => b.context.clearCookies());

  it('runs the statistics code in the browser where it is enabled', async () => {
    await b.page.goto(url('/home'));
    expect(await b.page.evaluate(() => (window as unknown as { portalStats?: unknown[] }).portalStats?.length)).toBe(1);
  });

  it('shows the wrong-domain alert on an address that is not the site’s, and 确认前往 goes to the right one', async () => {
    await b.page.goto(url('/login?eid=1002'));
    const dialog = b.page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain('不是本平台的正确访问地址');
    await b.page.getByRole('button', { name: '确认前往' }).click();
    await b.page.waitForURL((u) => u.hostname === 'sfj.localhost');
    expect(new URL(b.page.url()).pathname).toBe('/login');
    // The first-visit cookie is set: the check does not come back on this browser.
    const cookies = await b.context.cookies(url('/'));
    expect(cookies.some((c) => c.name === 'first_visit')).toBe(true);
  });

  it('shows no wrong-domain alert on the site’s own address', async () => {
    await b.page.goto(url('/home'));
    await b.page.waitForLoadState('networkidle');
    expect(await b.page.getByRole('dialog').count()).toBe(0);
  });

  it('switches between Chinese and English and remembers the choice for 365 days', async () => {
    await b.page.goto(url('/home'));
    expect(await b.page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expect.poll(() => b.page.getByRole('link', { name: '登录' }).first().isVisible()).toBe(true);
    await b.page.getByText('English', { exact: true }).first().click();
    await b.page.waitForURL(/\/en\/home$/);
    await expect.poll(() => b.page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => b.page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);
    const cookie = (await b.context.cookies(url('/'))).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    // The root now goes to the English home page.
    await b.page.goto(url('/'));
    expect(new URL(b.page.url()).pathname).toBe('/en/home');
  });
});
