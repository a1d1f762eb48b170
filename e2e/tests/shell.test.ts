import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';

// The page shell of the default layout for a visitor, per tenant (platform.md section 2,
// account-area.md sections 2 and 9).
describe.runIf(browserAvailable())('the shell', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());

  const headerHeight = () => b.page.locator('header.portal-header').evaluate((el) => el.getBoundingClientRect().height);

  it('draws the three navigation styles with their heights', async () => {
    await b.page.goto(url('/home'));
    expect(await headerHeight()).toBe(66);
    await b.page.goto(url('/home', 'yb'));
    expect(await headerHeight()).toBe(75);
    await b.page.goto(url('/about', 'sfj'));
    // Style 2: a 100 px header over a 60 px navigation bar.
    expect(await headerHeight()).toBe(160);
    expect(await b.page.locator('.portal-header-navbar').evaluate((el) => el.getBoundingClientRect().height)).toBe(60);
  });

  it('fixes the style-2 header after more than 100 px of scroll, and not before', async () => {
    await b.page.setViewportSize({ width: 1400, height: 500 });
    await b.page.goto(url('/agreement', 'sfj'));
    await b.page.evaluate(() => window.scrollTo(0, 90));
    // Two frames later the page has handled the scroll (its listener runs before the next frame).
    await b.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await b.page.locator('header.portal-header-fixed').count()).toBe(0);
    await b.page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => b.page.locator('header.portal-header-fixed').count()).toBe(1);
    const box = () =>
      b.page.locator('header.portal-header').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: Math.round(r.top), height: r.height, position: getComputedStyle(el).position };
      });
    // After its 0.2 s slide-in.
    await expect.poll(box).toEqual({ top: 0, height: 190, position: 'fixed' });
    await b.page.setViewportSize({ width: 1400, height: 900 });
  });

  it('shows 5 navigation items inline and the rest under 更多 when there are more than 6', async () => {
    await b.page.goto(url('/home'));
    const nav = b.page.getByRole('navigation', { name: '主导航' });
    const inline = nav.locator(':scope > ul > li > a');
    expect(await inline.allTextContents()).toEqual(['首页', '新闻资讯', '知识库', '讲师风采', '专题学习']);
    const more = nav.getByRole('button', { name: '更多' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.hover();
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.locator('.portal-nav-more-panel a').allTextContents()).toEqual(
      expect.arrayContaining(['个人中心', '关于我们', '证书查询']),
    );
    // A click after the hover that opened it keeps it open; the next click closes it.
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await more.click();
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
  });

  it('never shows 更多 as the current page; the current entry inside it is', async () => {
    for (const path of ['/about', '/certificate/query']) {
      await b.page.goto(url(path));
      const nav = b.page.getByRole('navigation', { name: '主导航' });
      const more = nav.getByRole('button', { name: '更多' });
      expect(await more.getAttribute('class')).not.toContain('is-active');
      await more.hover();
      await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
      expect(await nav.locator('.portal-nav-more-panel a[aria-current="page"]').getAttribute('href')).toBe(path);
    }
  });

  it('keeps the language switch clear of the header edge in a 1 200 px window', async () => {
    await b.page.setViewportSize({ width: 1200, height: 900 });
    try {
      for (const host of [undefined, 'yb'] as const) {
        await b.page.goto(url('/home', host));
        const box = await b.page.getByRole('link', { name: 'English' }).boundingBox();
        expect(1200 - (box!.x + box!.width)).toBeGreaterThanOrEqual(12);
      }
    } finally {
      await b.page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('shows all items inline with 6 or fewer (SFJ has 6)', async () => {
    await b.page.goto(url('/about', 'sfj'));
    const nav = b.page.locator('nav.portal-nav');
    expect(await nav.locator(':scope > ul > li > a').count()).toBe(6);
    expect(await nav.getByRole('button').count()).toBe(0);
  });

  it('offers 注册 only where registration is on', async () => {
    await b.page.goto(url('/home'));
    expect(await b.page.getByRole('link', { name: '注册', exact: true }).count()).toBe(1);
    await b.page.goto(url('/home', 'yb'));
    expect(await b.page.getByRole('link', { name: '登录', exact: true }).count()).toBe(1);
    expect(await b.page.getByRole('link', { name: '注册', exact: true }).count()).toBe(0);
  });

  it('shows copyright, filing numbers and the contact phone, 0771-966111 when the site has none', async () => {
    await b.page.goto(url('/home'));
    const footer = b.page.locator('footer.portal-footer');
    const text = await footer.textContent();
    expect(text).toContain('Copyright © 2026 智学企业培训平台 版权所有');
    expect(text).toContain('桂ICP备2024000001号-1');
    expect(text).toContain('桂公网安备45010302000001号');
    expect(text).toContain('0771-966111');
    await b.page.goto(url('/about', 'sfj'));
    expect(await b.page.locator('footer.portal-footer').textContent()).toContain('0771-5888888');
  });

  it('shows the app QR code at 150 px and back-to-top only after 100 px of scroll', async () => {
    await b.page.goto(url('/agreement'));
    await b.page.getByRole('button', { name: 'APP下载' }).hover();
    const qr = b.page.locator('.portal-qr svg');
    await expect.poll(() => qr.count()).toBe(1);
    expect(await qr.getAttribute('width')).toBe('150');
    expect(await qr.getAttribute('height')).toBe('150');
    // Really visible: inside the window and not clipped by the float window.
    await expect.poll(() => qr.isVisible()).toBe(true);
    const box = await qr.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 1400).toBe(true);
    const topmost = await qr.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    });
    expect(topmost).toBe(true);
    expect(await b.page.getByRole('button', { name: '返回顶部' }).count()).toBe(0);
    await b.page.setViewportSize({ width: 1400, height: 400 });
    await b.page.evaluate(() => window.scrollTo(0, 300));
    const top = b.page.getByRole('button', { name: '返回顶部' });
    await expect.poll(() => top.count()).toBe(1);
    await top.click();
    await expect.poll(() => b.page.evaluate(() => window.scrollY)).toBe(0);
    await b.page.setViewportSize({ width: 1400, height: 900 });
  });

  it('renders a page inside its layout with its title (the news), in zh and en', async () => {
    await b.page.goto(url('/news'));
    expect(await b.page.getByRole('heading', { level: 1 }).textContent()).toBe('新闻资讯');
    expect(await b.page.locator('footer.portal-footer').count()).toBe(1);
    await b.page.goto(url('/en/news'));
    expect(await b.page.getByRole('heading', { level: 1 }).textContent()).toBe('News');
  });
});
