import { describe, expect, it } from 'vitest';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { declineProfileTip, LANGS, localePath, newBrowserSession, signIn } from '../langs.ts';

// The home page's leaderboard zone (issue 4, decision 012) on the default site (1001), whose demo
// data has 14 learners with totals and gives every demo person 1850 points, 73.5 credits and 4
// certificates.
const TEXTS = {
  zh: {
    zone: '学习排行',
    newsZone: '新闻资讯',
    firstNews: '关于开展2026年度全员在线学习的通知',
    boards: ['积分排行榜', '学分排行榜', '证书排行榜'],
    first: ['陈思远', '培训部', '3600分'],
    mine: ['我的排名：第10名（1850分）', '我的排名：第11名（73.5学分）', '我的排名：第7名（4本）'],
    next: '下一页',
    previous: '上一页',
    signInFirst: '登录后查看排行榜 去登录',
  },
  en: {
    zone: 'Leaderboard',
    newsZone: 'News',
    firstNews: '关于开展2026年度全员在线学习的通知',
    boards: ['Points', 'Credits', 'Certificates'],
    first: ['陈思远', '培训部', '3600 pts'],
    mine: ['My rank: No. 10 (1850 pts)', 'My rank: No. 11 (73.5 credits)', 'My rank: No. 7 (4 certificates)'],
    next: 'Next',
    previous: 'Previous',
    signInFirst: 'Sign in to see the leaderboards Sign in',
  },
} as const;

describe.runIf(browserAvailable())('home leaderboards', () => {
  const session = browserSession();

  it.each(LANGS)('a visitor is asked to sign in, and comes back home (%s)', async (lang) => {
    const t = TEXTS[lang];
    await session.b.page.goto(url(localePath(lang, '/home')));
    const zone = session.b.page.getByRole('region', { name: t.zone });
    await expect.poll(() => zone.locator('.portal-board-signin').textContent()).toBe(t.signInFirst);
    const link = zone.getByRole('link');
    expect(new URL(String(await link.getAttribute('href')), 'http://x').searchParams.get('redirect')).toBe(
      localePath(lang, '/home'),
    );
  });

  it.each(LANGS)('a visitor sees the latest news in the news zone and opens one (%s)', async (lang) => {
    const t = TEXTS[lang];
    await session.b.page.goto(url(localePath(lang, '/home')));
    const zone = session.b.page.getByRole('region', { name: t.newsZone });
    const items = zone.locator('.portal-news-zone-list li');
    expect(await items.count()).toBe(6);
    await items.first().getByRole('link').click();
    await session.b.page.waitForURL((u) => u.pathname === localePath(lang, '/news/detail'));
    await expect.poll(() => session.b.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.firstNews);
  });

  it.each(LANGS)('a learner sees the three boards, 3 a page, with their own rank, and pages on (%s)', async (lang) => {
    const t = TEXTS[lang];
    await newBrowserSession(session.b.page);
    await signIn(session.b.page, lang, { phone: '13800000002', password: 'Demo@2026' });
    await declineProfileTip(session.b.page, lang);
    const zone = session.b.page.getByRole('region', { name: t.zone });
    const boards = zone.locator('.portal-board');
    await expect.poll(() => boards.locator('.portal-board-title').allTextContents()).toEqual([...t.boards]);
    const points = boards.nth(0);
    await expect.poll(() => points.locator('.portal-board-row').count()).toBe(3);
    const first = points.locator('.portal-board-row').first();
    expect(await first.locator('.portal-board-rank').textContent()).toBe('1');
    expect([
      await first.locator('.portal-board-name').textContent(),
      await first.locator('.portal-board-dept').textContent(),
      await first.locator('.portal-board-value').textContent(),
    ]).toEqual([...t.first]);
    await expect.poll(() => boards.locator('.portal-board-mine').allTextContents()).toEqual([...t.mine]);
    // Equal credits share a rank: the first two of the credits board are both 1.
    await expect.poll(() => boards.nth(1).locator('.portal-board-rank').allTextContents()).toEqual(['1', '1', '3']);

    await points.getByRole('button', { name: t.next }).click();
    await expect.poll(() => points.locator('.portal-board-rank').allTextContents()).toEqual(['4', '5', '6']);
    await points.getByRole('button', { name: t.previous }).click();
    await expect.poll(() => points.locator('.portal-board-rank').allTextContents()).toEqual(['1', '2', '3']);
    expect(await points.getByRole('button', { name: t.previous }).isDisabled()).toBe(true);
  });
});
