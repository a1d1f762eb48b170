import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, type Browser } from '../browser.ts';
import { createLearner, knownCaptchas } from '../accounts.ts';
import { declineProfileTip, LANGS, localePath, newBrowserSession, signIn } from '../langs.ts';

// The header search (issue 4): first click opens, second submits, an empty keyword is refused;
// results by a Chinese keyword, in zh and en.
const TEXTS = {
  zh: {
    search: '搜索',
    empty: '请输入搜索关键词',
    title: '“通知”的搜索结果',
    section: '新闻资讯（2）',
    none: '没有找到与“不存在的词”相关的内容',
  },
  en: {
    search: 'Search',
    empty: 'Please enter a search keyword',
    title: 'Results for “通知”',
    section: 'News (2)',
    none: 'Nothing found for “不存在的词”',
  },
} as const;

describe.runIf(browserAvailable())('header search', () => {
  let b: Browser;
  let captchas: { close(): Promise<void> };
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await b.context.clearCookies();
    captchas = await knownCaptchas(b.page);
  });
  afterEach(async () => {
    await b.page.unrouteAll({ behavior: 'ignoreErrors' });
    await captchas.close();
  });

  it.each(LANGS)('opens, refuses an empty keyword, finds news by a Chinese keyword (%s)', async (lang) => {
    const t = TEXTS[lang];
    await newBrowserSession(b.page);
    await signIn(b.page, lang, await createLearner(1001));
    await declineProfileTip(b.page, lang);
    const header = b.page.locator('header.portal-header');
    const button = header.getByRole('button', { name: t.search });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const box = header.getByRole('searchbox', { name: t.search });
    await expect.poll(() => box.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => header.getByRole('alert').textContent()).toBe(t.empty);
    await box.fill('通知');
    await button.click();
    await b.page.waitForURL(
      (u) => decodeURIComponent(u.pathname) === localePath(lang, '/search/通知') && u.searchParams.get('type') === '1',
    );
    await expect.poll(() => b.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await b.page.locator('.portal-search-section').textContent()).toBe(t.section);
    expect(await b.page.locator('.portal-news-title').allTextContents()).toEqual([
      '关于开展2026年度全员在线学习的通知',
      '关于评选年度优秀学员的通知',
    ]);

    await box.fill('不存在的词');
    await box.press('Enter');
    await expect.poll(() => b.page.locator('.portal-news-note').textContent()).toBe(t.none);
  });
});
