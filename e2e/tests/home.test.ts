import { describe, expect, it } from 'vitest';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { signInAs } from '../sign-in-as.ts';

// The home page's leaderboard zone (issue 4, decision 012) on the default site (1001), whose demo
// data has 14 learners with totals and gives every demo person 1889 points, 75.5 credits (their earning ledger: earlier records,
// the completed demo course and the passed demo exam) and 4 certificates (issued: three past exams and that one).
const TEXTS = {
  zh: {
    zone: '学习排行',
    newsZone: '新闻资讯',
    firstNews: '关于开展2026年度全员在线学习的通知',
    boards: ['积分排行榜', '学分排行榜', '证书排行榜'],
    first: ['陈思远', '培训部', '3600分'],
    mine: ['我的排名：第10名（1889分）', '我的排名：第10名（75.5学分）', '我的排名：第7名（4本）'],
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
    mine: ['My rank: No. 10 (1889 pts)', 'My rank: No. 10 (75.5 credits)', 'My rank: No. 7 (4 certificates)'],
    next: 'Next',
    previous: 'Previous',
    signInFirst: 'Sign in to see the leaderboards Sign in',
  },
} as const;

/** A demo learner of the default site (李静). */
const DEMO_LEARNER = { phone: '13800000002', password: 'Demo@2026' };

describe.runIf(browserAvailable())('home leaderboards', () => {
  const session = browserSession();
  const page = () => session.b.page;

  it('a visitor is asked to sign in and comes back home, sees the latest news and opens one', async () => {
    const t = TEXTS.zh;
    await page().goto(url('/home'));
    const zone = page().getByRole('region', { name: t.zone });
    await expect.poll(() => zone.locator('.portal-board-signin').textContent()).toBe(t.signInFirst);
    const link = zone.getByRole('link');
    expect(new URL(String(await link.getAttribute('href')), 'http://x').searchParams.get('redirect')).toBe('/home');

    const items = page().getByRole('region', { name: t.newsZone }).locator('.portal-news-zone-list li');
    expect(await items.count()).toBe(6);
    await items.first().getByRole('link').click();
    await page().waitForURL((u) => u.pathname === '/news/detail');
    await expect.poll(() => page().getByRole('heading', { level: 1 }).textContent()).toBe(t.firstNews);
  });

  it('a visitor’s English home page: the zones’ English texts, the way back to /en/home', async () => {
    const t = TEXTS.en;
    await page().goto(url('/en/home'));
    const zone = page().getByRole('region', { name: t.zone });
    await expect.poll(() => zone.locator('.portal-board-signin').textContent()).toBe(t.signInFirst);
    expect(
      new URL(String(await zone.getByRole('link').getAttribute('href')), 'http://x').searchParams.get('redirect'),
    ).toBe('/en/home');
    expect(await page().getByRole('region', { name: t.newsZone }).locator('.portal-news-zone-list li').count()).toBe(6);
  });

  const boardsOf = () => page().getByRole('region', { name: TEXTS.zh.zone }).locator('.portal-board');

  it('a learner sees the three boards, 3 a page, with their own rank, and pages on', async () => {
    const t = TEXTS.zh;
    await signInAs(session.b, DEMO_LEARNER);
    const boards = boardsOf();
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
    // The demo learner's profile has what the site requires: no tip sends them to complete it.
    expect(await page().getByRole('dialog').count()).toBe(0);
    expect(new URL(page().url()).pathname).toBe('/home');
  });

  it('a learner’s English home page: the boards’ English titles, values and ranks', async () => {
    const t = TEXTS.en;
    await signInAs(session.b, DEMO_LEARNER, { lang: 'en' });
    const boards = page().getByRole('region', { name: t.zone }).locator('.portal-board');
    await expect.poll(() => boards.locator('.portal-board-title').allTextContents()).toEqual([...t.boards]);
    await expect.poll(() => boards.locator('.portal-board-mine').allTextContents()).toEqual([...t.mine]);
    expect(await boards.nth(0).locator('.portal-board-row .portal-board-value').first().textContent()).toBe(t.first[2]);
    expect(await boards.nth(0).getByRole('button', { name: t.next }).count()).toBe(1);
  });
});
