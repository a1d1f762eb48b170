import { beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, schema } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip, waitForPath } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// Topics and the business introduction on the default site (1001), in zh with the English texts (issue 4): a
// visitor is sent to sign in; a learner opens the navigation's topic submenu, goes to a topic and
// sees its banner and courses; /business/intro shows the site's text.
const TEXTS = {
  zh: {
    nav: '专题学习',
    topics: ['新员工入职培训', '安全生产月', '数字化办公能力提升'],
    courses: '专题课程',
    intro: '业务介绍',
    apply: '申请企业入驻',
  },
  en: {
    nav: 'Topics',
    topics: ['New starter induction', 'Work safety month', 'Digital office skills'],
    courses: 'Courses of this topic',
    intro: '业务介绍',
    apply: 'Register your organisation',
  },
} as const;

/** A course of the demo site put first in its second topic, whatever else the topic holds. */
const COURSE_TITLE = `专题浏览器测试课程${Date.now() % 100000}`;
let secondTopicId = 0;
const EMPTY_TOPICS = '**/gateway/course/auth/topic/info/list*';

describe.runIf(browserAvailable())('topics', () => {
  const session = browserSession();

  beforeAll(async () => {
    const database = connectDatabase(portal().databaseUrl, { max: 1 });
    try {
      const topics = await database.db.select().from(schema.topics);
      secondTopicId = topics.find((x) => x.eid === 1001 && x.name === '安全生产月')!.id;
      const [course] = await database.db
        .insert(schema.courses)
        // Old and unvisited: it shows in its topic, never among the site's newest or most
        // studied courses, which other files' tests read on the same demo site.
        .values({ eid: 1001, title: COURSE_TITLE, learnerCount: 0, publishedAt: new Date('2019-01-01T00:00:00Z') })
        .returning();
      await database.db
        .insert(schema.topicCourses)
        .values({ eid: 1001, topicId: secondTopicId, courseId: course!.id, sort: -1 });
    } finally {
      await database.close();
    }
  });

  it('a visitor opening /topic or a topic is sent to sign in, in either language', async () => {
    await session.b.page.goto(url('/topic'));
    await waitForPath(session.b.page, 'zh', '/login');
    await session.b.page.goto(url(`/en/topic/cate/${secondTopicId}`));
    await waitForPath(session.b.page, 'en', '/login');
  });

  it('a learner opens a topic from the navigation submenu', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001));
    await declineProfileTip(page, 'zh');

    const nav = page.getByRole('navigation', { name: '主导航' });
    const menu = nav.getByRole('button', { name: t.nav });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // The submenu's button is in the navigation's font, like the links beside it.
    const fontSize = (l: typeof menu) => l.evaluate((el) => getComputedStyle(el).fontSize);
    expect(await fontSize(menu)).toBe(await fontSize(nav.locator('a.portal-nav-link').first()));
    await menu.hover();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    const entries = nav.locator('.portal-nav-topic .portal-nav-more-panel a');
    await expect.poll(() => entries.allTextContents()).toEqual([...t.topics]);
    await entries.filter({ hasText: t.topics[1] }).click();
    await waitForPath(page, 'zh', `/topic/cate/${secondTopicId}`);

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.topics[1]);
    expect(await page.locator('.portal-topic-summary').textContent()).toContain('安全生产法律法规');
    const banner = page.locator('.portal-topic-banners img');
    // The banner's title, in the site's language like the text drawn in it.
    expect(await banner.getAttribute('alt')).toBe(TEXTS.zh.topics[1]);
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    expect(await page.getByRole('heading', { level: 2, name: t.courses }).count()).toBe(1);
    expect(await page.locator('.portal-course-title').first().textContent()).toBe(COURSE_TITLE);
    // The other topics as tabs, the current one marked.
    const tabs = page.locator('.portal-topic-tabs a');
    expect(await tabs.allTextContents()).toEqual([...t.topics]);
    expect(await tabs.nth(1).getAttribute('aria-current')).toBe('page');
    // The topic's navigation item is the current one.
    expect(await menu.getAttribute('class')).toContain('is-active');

    // /topic goes to the first topic.
    await page.goto(url('/topic'));
    await page.waitForURL((u) => /\/topic\/cate\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.topics[0]);
    // Its courses, or 暂无专题课程 when it has none yet.
    const courses = await page.locator('.portal-course-card').count();
    if (courses === 0) expect(await page.locator('.portal-news-note').textContent()).toBe('暂无专题课程');

    // /business/intro shows the site text and the way to apply.
    await page.goto(url('/business/intro'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.intro);
    const text = await page.locator('.portal-business-intro .portal-rich-text').textContent();
    expect(text).toContain('智学企业培训平台为企业提供专属的在线培训平台');
    expect(text).toContain('如何入驻');
    await page.getByRole('link', { name: t.apply }).click();
    await waitForPath(page, 'zh', '/company/in');
    await page.locator('.portal-company-in').waitFor();
  });

  it('the English pages: the submenu, a topic’s headings and the business introduction’s link', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001), { lang: 'en', path: `/topic/cate/${secondTopicId}` });
    await declineProfileTip(page, 'en');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.topics[1]);
    expect(await page.getByRole('heading', { level: 2, name: t.courses }).count()).toBe(1);
    expect(await page.locator('.portal-topic-tabs a').allTextContents()).toEqual([...t.topics]);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const menu = nav.getByRole('button', { name: t.nav });
    await menu.hover();
    await expect
      .poll(() => nav.locator('.portal-nav-topic .portal-nav-more-panel a').allTextContents())
      .toEqual([...t.topics]);
    // The business introduction, on a page whose submenu has no topics (the list answers none).
    await page.route(EMPTY_TOPICS, (route) => route.fulfill({ json: { code: 200, message: '', data: [] } }));
    await page.goto(url('/en/business/intro'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.intro);
    expect(await page.getByRole('link', { name: t.apply }).getAttribute('href')).toBe('/en/company/in');
    await menu.click();
    await expect.poll(() => page.locator('.portal-nav-topic [role="status"]').textContent()).toBe('No topic courses');
  });

  it('the submenu says 暂无专题课程 when the enterprise has no topics', async () => {
    const page = session.b.page;
    // The list call answers an empty list (the API tests cover the server side of it).
    await page.route(EMPTY_TOPICS, (route) => route.fulfill({ json: { code: 200, message: '', data: [] } }));
    await signInAs(session.b, await createLearner(1001));
    await declineProfileTip(page, 'zh');
    const menu = page.getByRole('button', { name: TEXTS.zh.nav });
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    const note = page.locator('.portal-nav-topic [role="status"]');
    await expect.poll(() => note.textContent()).toBe('暂无专题课程');
    expect(await page.locator('.portal-nav-topic .portal-nav-more-panel a').count()).toBe(0);
  });
});
