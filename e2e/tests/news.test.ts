import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';
import { LANGS, localePath } from '../langs.ts';

// News on the default site (1001, visitor mode on) as a visitor, in zh with the English texts (issue 4): the list
// by category, an article with its neighbours, an unknown article.
const TEXTS = {
  zh: {
    title: '新闻资讯',
    tabs: ['全部', '通知公告', '培训动态', '政策解读'],
    notices: '通知公告',
    newest: '关于开展2026年度全员在线学习的通知',
    second: '第三期青年骨干培训班顺利结业',
    noticeTitles: ['关于开展2026年度全员在线学习的通知', '平台系统升级维护公告', '关于评选年度优秀学员的通知'],
    newer: '上一篇：关于开展2026年度全员在线学习的通知',
    older: '下一篇：《职业技能提升行动方案》要点解读',
    meta: ['培训动态', '来源：平台管理办公室', '2026-11-15'],
    notFound: '该页面不存在',
  },
  en: {
    title: 'News',
    tabs: ['All', 'Notices', 'Training news', 'Policy'],
    notices: 'Notices',
    newest: '关于开展2026年度全员在线学习的通知',
    second: '第三期青年骨干培训班顺利结业',
    noticeTitles: ['关于开展2026年度全员在线学习的通知', '平台系统升级维护公告', '关于评选年度优秀学员的通知'],
    newer: 'Newer: 关于开展2026年度全员在线学习的通知',
    older: 'Older: 《职业技能提升行动方案》要点解读',
    meta: ['Training news', 'From 平台管理办公室', '2026-11-15'],
    notFound: 'This page does not exist',
  },
} as const;

describe.runIf(browserAvailable())('news', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());
  // ?eid= is remembered in a cookie: every test starts without one.
  beforeEach(async () => b.context.clearCookies());

  it('a visitor reads the list, a category and an article with its neighbours', async () => {
    const t = TEXTS.zh;
    await b.page.goto(url('/news'));
    expect(await b.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    const tabs = b.page.locator('.portal-news-categories a');
    expect(await tabs.allTextContents()).toEqual([...t.tabs]);
    const titles = () => b.page.locator('.portal-news-title').allTextContents();
    expect((await titles()).slice(0, 2)).toEqual([t.newest, t.second]);

    await tabs.filter({ hasText: t.notices }).click();
    await expect.poll(titles).toEqual([...t.noticeTitles]);
    expect(await tabs.filter({ hasText: t.notices }).getAttribute('aria-current')).toBe('page');

    await tabs.first().click();
    await expect.poll(async () => (await titles())[1]).toBe(t.second);
    const viewsOf = (text: string | null) => Number(/\d+/.exec(text ?? '')?.[0]);
    const views = viewsOf(
      await b.page.locator('.portal-news-item').nth(1).locator('.portal-news-meta span').last().textContent(),
    );
    await b.page.getByRole('link', { name: t.second }).click();
    await expect.poll(() => b.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.second);
    const meta = b.page.locator('.portal-article-meta > *');
    expect((await meta.allTextContents()).slice(0, 3)).toEqual([...t.meta]);
    // The view just made is counted.
    expect(viewsOf(await meta.nth(3).textContent())).toBe(views + 1);
    const neighbours = b.page.locator('.portal-article-neighbours p');
    expect(await neighbours.allTextContents()).toEqual([t.newer, t.older]);
    await neighbours.first().getByRole('link').click();
    await expect.poll(() => b.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.newest);
  });

  it('the English list and article: categories, meta line and neighbours in English', async () => {
    const t = TEXTS.en;
    await b.page.goto(url('/en/news'));
    expect(await b.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await b.page.locator('.portal-news-categories a').allTextContents()).toEqual([...t.tabs]);
    await b.page.getByRole('link', { name: t.second }).click();
    await expect.poll(() => b.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.second);
    expect((await b.page.locator('.portal-article-meta > *').allTextContents()).slice(0, 3)).toEqual([...t.meta]);
    expect(await b.page.locator('.portal-article-neighbours p').allTextContents()).toEqual([t.newer, t.older]);
  });

  it("a site chosen with ?eid= lists its own news, not the address's site's", async () => {
    // localhost is not 1004's address: the wrong-domain alert (tested with the shell) is seen.
    await b.context.addCookies([{ name: 'first_visit', value: '1', domain: 'localhost', path: '/' }]);
    // 1004 is an English site: /news leads to /en/news, with its English articles.
    await b.page.goto(url('/news?eid=1004'));
    await b.page.waitForURL((u) => u.pathname === '/en/news');
    await expect
      .poll(() => b.page.locator('.portal-news-title').first().textContent())
      .toBe('Annual online learning for all staff');
    await b.page.locator('.portal-news-title a').first().click();
    await expect
      .poll(() => b.page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Annual online learning for all staff');
  });

  it('an unknown article is the 404 page, in either language', async () => {
    for (const lang of LANGS) {
      const res = await b.page.goto(url(`${localePath(lang, '/news/detail')}?id=999999`));
      expect(res?.status()).toBe(404);
      await expect.poll(() => b.page.locator('body').textContent()).toContain(TEXTS[lang].notFound);
    }
  });
});
