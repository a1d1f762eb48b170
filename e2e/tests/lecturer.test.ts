import { describe, expect, it } from 'vitest';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';

// Lecturers on the default site (1001) in zh, and their English texts (issue 4): the list by rank, one lecturer, and
// a visitor sent to sign in.
const TEXTS = {
  zh: {
    title: '讲师风采',
    tabs: ['全部', '金牌讲师', '高级讲师', '讲师'],
    gold: '金牌讲师',
    all: ['王建华', '刘晓燕', '陈志明', '黄丽', '周凯'],
    golden: ['王建华', '刘晓燕'],
    meta: ['金牌讲师', '培训部部长', '所属单位：本企业培训部'],
    intro: '从事企业培训工作二十年，主讲领导力与团队管理。',
    courses: ['高效团队管理实务', '时间管理：高效工作的七个习惯', '领导力进阶：教练式辅导'],
  },
  en: {
    title: 'Lecturers',
    tabs: ['All', 'Gold lecturer', 'Senior lecturer', 'Lecturer'],
    gold: 'Gold lecturer',
    all: ['王建华', '刘晓燕', '陈志明', '黄丽', '周凯'],
    golden: ['王建华', '刘晓燕'],
    meta: ['Gold lecturer', '培训部部长', 'Organisation: 本企业培训部'],
    intro: '从事企业培训工作二十年，主讲领导力与团队管理。',
    courses: ['高效团队管理实务', '时间管理：高效工作的七个习惯', '领导力进阶：教练式辅导'],
  },
} as const;

describe.runIf(browserAvailable())('lecturers', () => {
  const session = browserSession();

  it('a visitor is sent to sign in', async () => {
    await session.b.page.goto(url('/lecturer'));
    await session.b.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/lecturer');
  });

  it('a learner browses the lecturers by rank and opens one', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001), { path: '/lecturer' });
    await declineProfileTip(page, 'zh');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    const tabs = page.locator('.portal-news-categories a');
    expect(await tabs.allTextContents()).toEqual([...t.tabs]);
    const names = () => page.locator('.portal-lecturer-name').allTextContents();
    expect(await names()).toEqual([...t.all]);
    await tabs.filter({ hasText: t.gold }).first().click();
    await expect.poll(names).toEqual([...t.golden]);
    await page.locator('.portal-lecturer-card a').first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('王建华');
    expect(await page.locator('.portal-lecturer-head .portal-news-meta > span').allTextContents()).toEqual([...t.meta]);
    expect(await page.locator('.portal-rich-text').textContent()).toBe(t.intro);
    expect(await page.locator('.portal-course-title').allTextContents()).toEqual([...t.courses]);
  });

  it('the English pages: the rank tabs and a lecturer’s meta line in English', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001), { lang: 'en', path: '/lecturer' });
    await declineProfileTip(page, 'en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await page.locator('.portal-news-categories a').allTextContents()).toEqual([...t.tabs]);
    await page.locator('.portal-lecturer-card a').first().click();
    await page.waitForURL((u) => u.pathname === '/en/lecturer/view/info');
    await expect
      .poll(() => page.locator('.portal-lecturer-head .portal-news-meta > span').allTextContents())
      .toEqual([...t.meta]);
  });
});
