import { describe, expect, it } from 'vitest';
import { browserSession } from '../session.ts';
import { browserAvailable } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';

// The header search (issue 4): first click opens, second submits, an empty keyword is refused;
// results by a Chinese keyword; the English texts.
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
  const session = browserSession();

  it('opens, refuses an empty keyword, finds news by a Chinese keyword', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001));
    await declineProfileTip(page, 'zh');
    const header = page.locator('header.portal-header');
    const button = header.getByRole('button', { name: t.search });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const box = header.getByRole('searchbox', { name: t.search });
    await expect.poll(() => box.isVisible()).toBe(true);
    // Escape closes the box and gives the focus back to the button; open it again.
    await box.press('Escape');
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await box.count()).toBe(0);
    await button.click();
    await expect.poll(() => box.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => header.getByRole('alert').textContent()).toBe(t.empty);
    await box.fill('通知');
    await button.click();
    await page.waitForURL(
      (u) => decodeURIComponent(u.pathname) === '/search/通知' && u.searchParams.get('type') === '1',
    );
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await page.locator('.portal-search-section').textContent()).toBe(t.section);
    expect(await page.locator('.portal-news-title').allTextContents()).toEqual([
      '关于开展2026年度全员在线学习的通知',
      '关于评选年度优秀学员的通知',
    ]);

    await box.fill('不存在的词');
    await box.press('Enter');
    await expect.poll(() => page.locator('.portal-news-note').textContent()).toBe(t.none);
  });

  it('the English results page and the empty-keyword message in English', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001), {
      lang: 'en',
      path: `/search/${encodeURIComponent('通知')}?type=1`,
    });
    await declineProfileTip(page, 'en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await page.locator('.portal-search-section').textContent()).toBe(t.section);
    const header = page.locator('header.portal-header');
    const button = header.getByRole('button', { name: t.search });
    const box = header.getByRole('searchbox', { name: t.search });
    await button.click();
    await expect.poll(() => box.isVisible()).toBe(true);
    await box.fill('');
    await button.click();
    await expect.poll(() => header.getByRole('alert').textContent()).toBe(t.empty);
    await box.fill('不存在的词');
    await box.press('Enter');
    await expect.poll(() => page.locator('.portal-news-note').textContent()).toBe(t.none);
  });
});
