import { beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, schema } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip, LANGS, localePath, newBrowserSession, signIn, waitForPath } from '../langs.ts';

// Topics and the business introduction on the default site (1001), in zh and en (issue 4): a
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

describe.runIf(browserAvailable())('topics', () => {
  const session = browserSession();

  beforeAll(async () => {
    const database = connectDatabase(inject('databaseUrl'), { max: 1 });
    try {
      const topics = await database.db.select().from(schema.topics);
      secondTopicId = topics.find((x) => x.eid === 1001 && x.name === '安全生产月')!.id;
      const [course] = await database.db
        .insert(schema.courses)
        .values({ eid: 1001, title: COURSE_TITLE, learnerCount: 42 })
        .returning();
      await database.db
        .insert(schema.topicCourses)
        .values({ eid: 1001, topicId: secondTopicId, courseId: course!.id, sort: -1 });
    } finally {
      await database.close();
    }
  });

  it.each(LANGS)('a visitor opening /topic is sent to sign in (%s)', async (lang) => {
    await session.b.page.goto(url(localePath(lang, '/topic')));
    await waitForPath(session.b.page, lang, '/login');
    await session.b.page.goto(url(localePath(lang, `/topic/cate/${secondTopicId}`)));
    await waitForPath(session.b.page, lang, '/login');
  });

  it.each(LANGS)('a learner opens a topic from the navigation submenu (%s)', async (lang) => {
    const t = TEXTS[lang];
    const page = session.b.page;
    await newBrowserSession(page);
    await signIn(page, lang, await createLearner(1001));
    await declineProfileTip(page, lang);

    const nav = page.getByRole('navigation', { name: lang === 'en' ? 'Main navigation' : '主导航' });
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
    await waitForPath(page, lang, `/topic/cate/${secondTopicId}`);

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
    await page.goto(url(localePath(lang, '/topic')));
    await page.waitForURL((u) => /\/topic\/cate\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t.topics[0]);
    // Its courses, or 暂无专题课程 when it has none yet.
    const courses = await page.locator('.portal-course-card').count();
    if (courses === 0) {
      expect(await page.locator('.portal-news-note').textContent()).toBe(
        lang === 'en' ? 'No topic courses' : '暂无专题课程',
      );
    }
  });

  it.each(LANGS)('the submenu says 暂无专题课程 when the enterprise has no topics (%s)', async (lang) => {
    const t = TEXTS[lang];
    const page = session.b.page;
    await newBrowserSession(page);
    await signIn(page, lang, await createLearner(1001));
    await declineProfileTip(page, lang);
    // The list call answers an empty list (the API tests cover the server side of it).
    await page.route('**/gateway/course/auth/topic/info/list*', (route) =>
      route.fulfill({ json: { code: 200, message: '', data: [] } }),
    );
    const menu = page.getByRole('button', { name: t.nav });
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    const note = page.locator('.portal-nav-topic [role="status"]');
    await expect.poll(() => note.textContent()).toBe(lang === 'en' ? 'No topic courses' : '暂无专题课程');
    expect(await page.locator('.portal-nav-topic .portal-nav-more-panel a').count()).toBe(0);
  });

  it.each(LANGS)('/business/intro shows the site text and the way to apply (%s)', async (lang) => {
    const t = TEXTS[lang];
    const page = session.b.page;
    await newBrowserSession(page);
    await signIn(page, lang, await createLearner(1001));
    await declineProfileTip(page, lang);
    await page.goto(url(localePath(lang, '/business/intro')));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.intro);
    const text = await page.locator('.portal-business-intro .portal-rich-text').textContent();
    expect(text).toContain('智学企业培训平台为企业提供专属的在线培训平台');
    expect(text).toContain('如何入驻');
    await page.getByRole('link', { name: t.apply }).click();
    await waitForPath(page, lang, '/company/in');
  });
});
