import { describe, expect, it } from 'vitest';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';

// Courses as lists show them (issue 4, decision 017): the home page's course and lecturer zones,
// search over courses, news and lecturers, a lecturer's courses, and visitors of a site with
// visitor mode off sent to sign in. Demo data of packages/db/src/seed.ts.
const TEXTS = {
  zh: {
    recommended: '推荐课程',
    newest: '最新课程',
    lecturers: '优秀讲师',
    links: '常用链接',
    more: '更多',
    learners: /^\d+人学习$/,
    lecturerOf: '讲师：王建华',
    courses: (n: number) => `课程（${n}）`,
    news: (n: number) => `新闻资讯（${n}）`,
    lecturerSection: (n: number) => `讲师（${n}）`,
    courseTitle: '主讲课程',
  },
  en: {
    recommended: 'Recommended courses',
    newest: 'New courses',
    lecturers: 'Lecturers',
    links: 'Useful links',
    more: 'More',
    learners: /^\d+ learners$/,
    lecturerOf: 'Lecturer: 王建华',
    courses: (n: number) => `Courses (${n})`,
    news: (n: number) => `News (${n})`,
    lecturerSection: (n: number) => `Lecturers (${n})`,
    courseTitle: 'Courses',
  },
} as const;

/** The default site's recommended courses (every third, in order) and its newest eight. */
const RECOMMENDED = [
  '高效团队管理实务',
  '商务沟通与汇报技巧',
  '客户服务与商务礼仪',
  '领导力进阶：教练式辅导',
  '安全生产与应急处置',
];
const NEWEST = [
  '高效团队管理实务',
  '职业技能提升实务',
  'Excel 数据分析与可视化',
  '商务沟通与汇报技巧',
  '信息安全意识必修课',
  '新员工入职必修',
  '客户服务与商务礼仪',
  '预算管理与财务合规',
];
const FEATURED = ['王建华', '刘晓燕', '陈志明', '黄丽'];
const WANG_COURSES = ['高效团队管理实务', '时间管理：高效工作的七个习惯', '领导力进阶：教练式辅导'];

describe.runIf(browserAvailable())('course and lecturer zones, search, a lecturer’s courses', () => {
  const session = browserSession();
  const page = () => session.b.page;
  const zone = (name: string) => page().getByRole('region', { name, exact: true });

  it('a visitor sees the course zones and the lecturer zone on the home page', async () => {
    const t = TEXTS.zh;
    await page().goto(url('/home'));
    const recommended = zone(t.recommended);
    expect(await recommended.locator('.portal-course-title').allTextContents()).toEqual(RECOMMENDED);
    const first = recommended.locator('.portal-course-card').first();
    expect(await first.locator('.portal-course-meta span').first().textContent()).toBe(t.lecturerOf);
    expect(await first.locator('.portal-course-meta span').last().textContent()).toMatch(t.learners);
    // Prices are off on this site (showCoursePriceOpenSet).
    expect(await recommended.locator('.portal-course-price').count()).toBe(0);
    expect(await zone(t.newest).locator('.portal-course-title').allTextContents()).toEqual(NEWEST);
    expect(await zone(t.newest).getByRole('link', { name: t.more }).getAttribute('href')).toBe('/knowledge');
    const lecturers = zone(t.lecturers);
    expect(await lecturers.locator('.portal-lecturer-name').allTextContents()).toEqual(FEATURED);
    expect(await lecturers.locator('.portal-lecturer-title').first().textContent()).toBe('培训部部长');
    // The zones come in the configured order, rendered with the page.
    const order = await page().locator('.portal-zone-title').allTextContents();
    expect(order.indexOf(t.recommended)).toBeLessThan(order.indexOf(t.newest));
    expect(order.indexOf(t.newest)).toBeLessThan(order.indexOf(t.lecturers));
    // The system-links zone ends the page: the site's links, each in a new tab.
    expect(order.at(-1)).toBe(t.links);
    const links = zone(t.links).getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    const img = recommended.locator('img').first();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  it('the English home page names the zones and the course meta in English', async () => {
    const t = TEXTS.en;
    await page().goto(url('/en/home'));
    const recommended = zone(t.recommended);
    expect(await recommended.locator('.portal-course-title').allTextContents()).toEqual(RECOMMENDED);
    const meta = recommended.locator('.portal-course-card').first().locator('.portal-course-meta span');
    expect(await meta.first().textContent()).toBe(t.lecturerOf);
    expect(await meta.last().textContent()).toMatch(t.learners);
    expect(await zone(t.newest).getByRole('link', { name: t.more }).getAttribute('href')).toBe('/en/knowledge');
    expect(await zone(t.lecturers).locator('.portal-lecturer-name').allTextContents()).toEqual(FEATURED);
    expect((await page().locator('.portal-zone-title').allTextContents()).at(-1)).toBe(t.links);
  });

  it('prices show where the site shows them (public training), and the English site lists its own courses', async () => {
    await page().goto(url('/home', 'px'));
    const prices = await zone('最新课程').locator('.portal-course-price').allTextContents();
    expect(prices.slice(0, 3)).toEqual(['免费', '¥49.00', '免费']);
    await page().goto(url('/home', 'global'));
    await page().waitForURL((u) => u.pathname === '/en/home');
    expect(await zone('Recommended courses').locator('.portal-course-title').first().textContent()).toBe(
      'Medical insurance policy essentials 2026',
    );
    expect(await zone('Lecturers').locator('.portal-lecturer-name').allTextContents()).toEqual([
      'Grace Wang',
      'Daniel Chen',
      'Helen Zhou',
    ]);
  });

  it('a learner finds a course and an article by a Chinese keyword, a course by an English one, a lecturer by name, and the lecturer’s courses', async () => {
    const t = TEXTS.zh;
    const sections = () => page().locator('.portal-search-section').allTextContents();
    await signInAs(session.b, await createLearner(1001), { path: `/search/${encodeURIComponent('职业技能')}?type=1` });
    await declineProfileTip(page(), 'zh');
    expect(await sections()).toEqual([t.courses(1), t.news(1)]);
    expect(await page().locator('.portal-course-title').allTextContents()).toEqual(['职业技能提升实务']);
    expect(await page().locator('.portal-news-title').allTextContents()).toEqual(['《职业技能提升行动方案》要点解读']);

    await page().goto(url('/search/excel?type=1'));
    expect(await sections()).toEqual([t.courses(1)]);
    expect(await page().locator('.portal-course-title').allTextContents()).toEqual(['Excel 数据分析与可视化']);

    await page().goto(url(`/search/${encodeURIComponent('王建华')}?type=1`));
    expect(await sections()).toEqual([t.lecturerSection(1)]);
    const card = page().locator('.portal-lecturer-card a').first();
    const href = String(await card.getAttribute('href'));
    expect(href).toMatch(/^\/lecturer\/view\/info\?lecturerId=\d+$/);
    await page().goto(url(href));
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toBe('王建华');
    expect(await page().locator('.portal-search-section').nth(1).textContent()).toBe(t.courseTitle);
    expect(await page().locator('.portal-course-title').allTextContents()).toEqual(WANG_COURSES);
    await page().locator('.portal-course-card a').first().click();
    await page().waitForURL((u) => u.pathname === '/knowledge/course/info');
  });

  it('the English search results name their sections in English and link to English pages', async () => {
    const t = TEXTS.en;
    const sections = () => page().locator('.portal-search-section').allTextContents();
    await signInAs(session.b, await createLearner(1001), {
      lang: 'en',
      path: `/search/${encodeURIComponent('职业技能')}?type=1`,
    });
    await declineProfileTip(page(), 'en');
    expect(await sections()).toEqual([t.courses(1), t.news(1)]);
    await page().goto(url(`/en/search/${encodeURIComponent('王建华')}?type=1`));
    expect(await sections()).toEqual([t.lecturerSection(1)]);
    const href = String(await page().locator('.portal-lecturer-card a').first().getAttribute('href'));
    expect(href).toMatch(/^\/en\/lecturer\/view\/info\?lecturerId=\d+$/);
    await page().goto(url(href));
    expect(await page().locator('.portal-search-section').nth(1).textContent()).toBe(t.courseTitle);
  });

  it('a learner of the English site finds a course, articles and a lecturer by English keywords', async () => {
    await signInAs(session.b, await createLearner(1004), { host: 'global', lang: 'en', path: '/search/online?type=1' });
    const sections = () => page().locator('.portal-search-section').allTextContents();
    expect(await sections()).toEqual(['Courses (1)', 'News (3)']);
    expect(await page().locator('.portal-course-title').allTextContents()).toEqual(['Online claims processing basics']);
    expect(await page().locator('.portal-news-title').allTextContents()).toEqual([
      'Annual online learning for all staff',
      'Online exams are open',
      'Credit hours for online learning (revised)',
    ]);
    await page().goto(url('/en/search/GRACE?type=1', 'global'));
    expect(await sections()).toEqual(['Lecturers (1)']);
    expect(await page().locator('.portal-lecturer-name').allTextContents()).toEqual(['Grace Wang']);
  });

  it('a visitor of a site with visitor mode off is sent to sign in from home, news and lecturers', async () => {
    for (const path of ['/home', '/news', '/lecturer', '/en/news']) {
      await page().goto(url(path, 'sfj'));
      const login = path.startsWith('/en/') ? '/en/login' : '/login';
      await page().waitForURL((u) => u.pathname === login && u.searchParams.get('redirect') === path);
    }
  });
});
