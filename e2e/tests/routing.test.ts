import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, fetchHtml, openBrowser, url, type Browser } from '../browser.ts';

// Route guard, root redirect, English redirect and the error page, on the server (first paint,
// no JavaScript) and in the browser (client navigation), per platform.md section 4.
describe.runIf(browserAvailable())('navigation rules', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());

  it('sends the root to /home where visitor mode is on (default tenant)', async () => {
    const res = await fetchHtml('/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/home');
    await b.page.goto(url('/'));
    expect(new URL(b.page.url()).pathname).toBe('/home');
  });

  it('sends the root to /login where visitor mode is off (SFJ tenant)', async () => {
    const res = await fetchHtml('/', { host: 'sfj' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
    await b.page.goto(url('/', 'sfj'));
    expect(new URL(b.page.url()).pathname).toBe('/login');
  });

  it('sends a visitor on a visitor-only page to /login when visitor mode is off', async () => {
    const res = await fetchHtml('/home', { host: 'sfj' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/login?redirect=${encodeURIComponent('/home')}`);
  });

  it('guards a signed-in page with the encoded redirect parameter, on the server and on client navigation', async () => {
    const target = '/account/exam/detail?id=12&tab=2';
    const res = await fetchHtml(target);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/login?redirect=${encodeURIComponent(target)}`);

    // Client-side navigation: the navigation's 知识库 item of the default tenant goes to /knowledge.
    await b.page.goto(url('/home'));
    await b.page.getByRole('link', { name: '知识库' }).first().click();
    await b.page.waitForURL(/\/login\?redirect=/);
    expect(new URL(b.page.url()).searchParams.get('redirect')).toBe('/knowledge');
  });

  it('sends /topic to /login without a session', async () => {
    const res = await fetchHtml('/topic/cate/3');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('keeps the /en prefix in guard redirects', async () => {
    const res = await fetchHtml('/en/account');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/en/login?redirect=${encodeURIComponent('/en/account')}`);
  });

  it('redirects to the /en path when the site language is English', async () => {
    const res = await fetchHtml('/about?x=1', { host: 'global' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/en/about?x=1');
    await b.page.goto(url('/news', 'global'));
    expect(new URL(b.page.url()).pathname).toBe('/en/news');
  });

  it('sends /register to /home where registration is off', async () => {
    const res = await fetchHtml('/register', { host: 'yb' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/home');
  });

  it('shows 该页面不存在 with 返回首页 > for an unknown page, and the English text under /en', async () => {
    const res = await fetchHtml('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.body).toContain('该页面不存在');
    await b.page.goto(url('/no/such/page'));
    await expect.poll(() => b.page.getByText('该页面不存在').isVisible()).toBe(true);
    await b.page.getByRole('link', { name: '返回首页 >' }).click();
    await b.page.waitForURL(/\/home$/);

    const en = await fetchHtml('/en/no/such/page');
    expect(en.status).toBe(404);
    expect(en.body).toContain('This page does not exist');
  });

  it('keeps the enterprise chosen with ?eid= across the redirect of its first page', async () => {
    const res = await fetchHtml('/?eid=1003');
    expect(res.status).toBe(302);
    expect(String(res.headers['set-cookie'])).toContain('eid=1003');
    // A browser without cookies: SFJ (1002) has visitor mode off, so the root goes to its /login,
    // which must still be SFJ's.
    await b.context.clearCookies();
    await b.page.goto(url('/?eid=1002'));
    expect(new URL(b.page.url()).pathname).toBe('/login');
    expect(await b.page.title()).toBe('司法行政干部教育培训平台');
  });

  it('answers 404 平台不存在 for an enterprise id that does not exist', async () => {
    const res = await fetchHtml('/home?eid=999999');
    expect(res.status).toBe(404);
    expect(res.body).toContain('平台不存在');
  });

  it('redirects a phone to the mobile site only when an H5 address is configured', async () => {
    const phone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
    // No demo tenant configures an H5 address: no redirect.
    const res = await fetchHtml('/home', { headers: { 'user-agent': phone } });
    expect(res.status).toBe(200);
  });

  it('serves hashed assets cached for a year and other public files for an hour', async () => {
    const page = await fetchHtml('/home');
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(asset).toBeTruthy();
    const hashed = await fetchHtml(asset!);
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const media = await fetchHtml('/demo/media/handout.pdf');
    expect(media.headers['cache-control']).toBe('public, max-age=3600');
  });
});
