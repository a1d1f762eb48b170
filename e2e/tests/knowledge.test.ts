import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { connectDatabase, schema, type Db } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The course catalogue and the course page (issue 12, items 1 and 2): a visitor sent to /login;
// a learner filtering by category (a parent includes its children), keyword and sort, the back
// button, a course's contents, admire, favourite, a review posted and deleted; a priced course on
// the public-training site; the English texts. What the pages should list comes from the database.
const TEXTS = {
  zh: {
    title: '课程中心',
    all: '全部',
    counts: (total: number, learning: number, completed: number) =>
      `共 ${total} 门课程 · 学习中 ${learning} · 已完成 ${completed}`,
    search: '搜索课程',
    newest: '最新',
    mostLearners: '最多学习',
    intro: '课程介绍',
    contents: '课程目录',
    reviews: (n: number) => `课程评价（${n}）`,
    start: '开始学习',
    admire: '点赞',
    admired: '已点赞',
    mark: '收藏',
    marked: '已收藏',
    markedToast: '收藏成功',
    unmarkedToast: '已取消收藏',
    types: { 1: '视频', 2: '文档', 3: '图文' } as Record<number, string>,
    length: (time: string) => `时长 ${time}`,
    notStarted: '未学习',
    ratingRequired: '请选择评分',
    contentRequired: '请输入评价内容',
    review: '评价内容',
    post: '发表评价',
    posted: '评价成功',
    me: (name: string) => `${name}（我）`,
    deleteButton: '删除',
    deleteConfirm: '确定删除这条评价吗？',
    ok: '确 定',
    deleted: '删除成功',
    noRating: '暂无评分',
    average: (n: string) => `${n} 分`,
    credit: { 1: '学分：', 2: '学时：' } as Record<number, string>,
    buy: '立即购买',
    trial: '试看',
    locked: '购买后可学习',
    freePreview: '免费试看',
  },
  en: {
    title: 'Courses',
    all: 'All',
    counts: (total: number, learning: number, completed: number) =>
      `${total} courses · ${learning} in progress · ${completed} completed`,
    search: 'Search courses',
    newest: 'Newest',
    mostLearners: 'Most learners',
    intro: 'Introduction',
    contents: 'Contents',
    reviews: (n: number) => `Reviews (${n})`,
    start: 'Start learning',
    admire: 'Like',
    admired: 'Liked',
    mark: 'Favourite',
    marked: 'In favourites',
    markedToast: 'Added to favourites',
    unmarkedToast: 'Removed from favourites',
    types: { 1: 'Video', 2: 'Document', 3: 'Image and text' } as Record<number, string>,
    length: (time: string) => `Length ${time}`,
    notStarted: 'Not started',
    ratingRequired: 'Please choose a rating',
    contentRequired: 'Please write your review',
    review: 'Review',
    post: 'Post review',
    posted: 'Review posted',
    me: (name: string) => `${name} (me)`,
    deleteButton: 'Delete',
    deleteConfirm: 'Delete this review?',
    ok: 'OK',
    deleted: 'Deleted',
    noRating: 'No ratings yet',
    average: (n: string) => `${n} / 5`,
    credit: { 1: ' credits', 2: ' credit hours' } as Record<number, string>,
    buy: 'Buy now',
    trial: 'Preview',
    locked: 'Available after purchase',
    freePreview: 'Free preview',
  },
} as const;

const PAGE_SIZE = 12;
const c = schema.courses;

/** mm:ss as the contents show a video's length. */
const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

describe.runIf(browserAvailable())('course catalogue and course page', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** Titles of the enterprise's published courses matching `where`, as the first page lists them. */
  const titles = async (eid: number, where: SQL | undefined, byLearners = false) =>
    (
      await db
        .select({ title: c.title })
        .from(c)
        .where(and(eq(c.eid, eid), eq(c.published, true), where))
        .orderBy(...(byLearners ? [desc(c.learnerCount), desc(c.id)] : [desc(c.publishedAt), desc(c.id)]))
        .limit(PAGE_SIZE)
    ).map((r) => r.title);

  const publishedCount = async (eid: number) =>
    (
      await db
        .select({ n: count() })
        .from(c)
        .where(and(eq(c.eid, eid), eq(c.published, true)))
    )[0]!.n;

  /** Course categories of an enterprise: the roots in order, and the children of each. */
  const categories = async (eid: number) => {
    const rows = await db
      .select()
      .from(schema.categories)
      .where(and(eq(schema.categories.eid, eid), eq(schema.categories.categoryType, 3)))
      .orderBy(asc(schema.categories.sort), asc(schema.categories.id));
    return {
      roots: rows.filter((r) => r.parentId === null),
      childrenOf: (id: number) => rows.filter((r) => r.parentId === id),
    };
  };

  const cardTitles = () => page().locator('.portal-course-card .portal-course-title').allTextContents();
  const counts = () => page().locator('.portal-catalogue-counts').textContent();

  it('a visitor is sent to /login from /knowledge', async () => {
    await page().goto(url('/knowledge'));
    await page().waitForURL((u) => u.pathname === '/login');
    expect(new URL(page().url()).searchParams.get('redirect')).toBe('/knowledge');
  });

  it('a learner filters by a category (its children included) and a keyword, sorts, goes back and opens a course', async () => {
    const t = TEXTS.zh;
    const learner = await createLearner(1001);
    await signInAs(session.b, learner, { path: '/knowledge' });
    await declineProfileTip(page(), 'zh');
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await counts()).toBe(t.counts(await publishedCount(1001), 0, 0));
    expect(await cardTitles()).toEqual(await titles(1001, undefined));

    // A parent category: its own courses and its children's; its children in a second row.
    const { roots, childrenOf } = await categories(1001);
    const parent = roots.find((r) => childrenOf(r.id).length > 0)!;
    const children = childrenOf(parent.id);
    const nav = page().getByRole('navigation', { name: '课程分类' });
    expect(await nav.locator('.portal-catalogue-row').first().getByRole('link').allTextContents()).toEqual([
      t.all,
      ...roots.map((r) => r.name),
    ]);
    await nav.getByRole('link', { name: parent.name, exact: true }).click();
    await page().waitForURL((u) => u.searchParams.get('categoryId') === String(parent.id));
    const subtree = [parent.id, ...children.map((x) => x.id)];
    const inParent = await titles(1001, inArray(c.categoryId, subtree));
    expect(inParent.length).toBeGreaterThan(0);
    await expect.poll(cardTitles).toEqual(inParent);
    expect(await nav.locator('.portal-catalogue-row').nth(1).getByRole('link').allTextContents()).toEqual([
      t.all,
      ...children.map((x) => x.name),
    ]);
    // A child: only its courses.
    const child = children[0]!;
    await nav.getByRole('link', { name: child.name, exact: true }).click();
    await page().waitForURL((u) => u.searchParams.get('categoryId') === String(child.id));
    await expect.poll(cardTitles).toEqual(await titles(1001, eq(c.categoryId, child.id)));
    expect(await nav.getByRole('link', { name: child.name, exact: true }).getAttribute('aria-current')).toBe('page');

    // Back to all categories, then a keyword (in title or summary).
    await nav.getByRole('link', { name: t.all, exact: true }).first().click();
    await page().waitForURL((u) => !u.searchParams.has('categoryId'));
    const all = await titles(1001, undefined);
    await expect.poll(cardTitles).toEqual(all);
    const [sample] = all;
    const keyword = sample!.slice(0, 2);
    await page().getByRole('searchbox', { name: t.search }).or(page().getByLabel(t.search)).first().fill(keyword);
    await page().keyboard.press('Enter');
    await page().waitForURL((u) => u.searchParams.get('keyword') === keyword);
    expect(new URL(page().url()).searchParams.has('categoryId')).toBe(false);
    const like = `%${keyword}%`;
    const matching = await titles(1001, sql`(${c.title} ILIKE ${like} OR ${c.summary} ILIKE ${like})`);
    await expect.poll(cardTitles).toEqual(matching);
    await expect.poll(counts).toBe(t.counts(matching.length, 0, 0));

    // Sorted by learners, then the back button returns to the newest first.
    await page().getByRole('navigation', { name: '排序' }).getByRole('link', { name: t.mostLearners }).click();
    await page().waitForURL((u) => u.searchParams.get('sortType') === '2' && u.searchParams.get('keyword') === keyword);
    const byLearners = await titles(1001, sql`(${c.title} ILIKE ${like} OR ${c.summary} ILIKE ${like})`, true);
    await expect.poll(cardTitles).toEqual(byLearners);
    await page().goBack();
    await page().waitForURL((u) => !u.searchParams.has('sortType') && u.searchParams.get('keyword') === keyword);
    await expect.poll(cardTitles).toEqual(matching);

    // A card opens its course.
    await page().locator('.portal-course-card a').first().click();
    await page().waitForURL((u) => u.pathname === '/knowledge/course/info' && u.searchParams.has('id'));
    await expect.poll(() => page().getByRole('heading', { level: 1 }).textContent()).toBe(matching[0]);
  });

  it('a learner sees a course’s contents, likes it, adds it to favourites, posts a review and deletes it', async () => {
    const t = TEXTS.zh;
    const learner = await createLearner(1001);
    const course = await studyCourse(db, 1001);
    await signInAs(session.b, learner, { path: `/knowledge/course/info?id=${course.id}` });
    await declineProfileTip(page(), 'zh');
    const p = page();
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(course.title);
    const [site] = await db
      .select({ studyScoreType: schema.websiteSettings.studyScoreType })
      .from(schema.websiteSettings)
      .where(eq(schema.websiteSettings.eid, 1001));
    expect(await p.locator('.portal-course-facts').textContent()).toContain(
      `${t.credit[site!.studyScoreType === 2 ? 2 : 1]}${course.creditTenths / 10}`,
    );
    // 开始学习 leads to the first period in the player.
    expect(await p.getByRole('link', { name: t.start }).getAttribute('href')).toBe(
      `/watch/course?id=${course.id}&periodId=${course.periods[0]!.id}`,
    );

    // The contents: chapters, and each period's type, length (videos) and state.
    await openTab(p, t.contents);
    const chapters = p.locator('.portal-course-chapter-title');
    await expect.poll(() => chapters.allTextContents()).toEqual(course.chapters);
    const rows = p.locator('.portal-course-period');
    expect(await rows.count()).toBe(course.periods.length);
    for (const [i, period] of course.periods.entries()) {
      const row = rows.nth(i);
      expect(await row.locator('.portal-course-period-type').textContent()).toBe(t.types[period.periodType]);
      expect(await row.getByRole('link', { name: period.title }).getAttribute('href')).toBe(
        `/watch/course?id=${course.id}&periodId=${period.id}`,
      );
      if (period.periodType === 1) expect(await row.textContent()).toContain(t.length(clock(period.durationSeconds)));
      expect((await row.locator('.portal-course-period-state').textContent())?.trim()).toBe(t.notStarted);
    }

    // Like, and like no more.
    const likes = course.admireCount;
    const like = p.getByRole('button', { name: new RegExp(`^(${t.admire}|${t.admired}) \\d+$`) });
    await like.click();
    await expect.poll(() => like.textContent()).toBe(`${t.admired} ${likes + 1}`);
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await like.click();
    await expect.poll(() => like.textContent()).toBe(`${t.admire} ${likes}`);

    // A favourite, kept by the server.
    await p.getByRole('button', { name: t.mark, exact: true }).click();
    await p.locator('.ant-message').getByText(t.markedToast, { exact: true }).waitFor();
    await p.reload();
    expect(await p.getByRole('button', { name: t.marked, exact: true }).getAttribute('aria-pressed')).toBe('true');

    // A review: both fields required; then a rating of 4.5 and a text.
    const before = await commentCount(db, course.id);
    await openTab(p, t.reviews(before));
    const form = p.locator('.portal-course-comment-form');
    await form.getByRole('button', { name: t.post }).click();
    await form.getByText(t.ratingRequired, { exact: true }).waitFor();
    await form.getByText(t.contentRequired, { exact: true }).waitFor();
    await form.locator('.ant-rate li').nth(4).locator('.ant-rate-star-first').click();
    const text = `讲得清楚，案例实用。${Date.now()}`;
    await form.getByLabel(t.review).fill(text);
    await form.getByRole('button', { name: t.post }).click();
    await p.locator('.ant-message').getByText(t.posted, { exact: true }).waitFor();
    await p.mouse.move(0, 0);
    const first = p.locator('.portal-course-comment').first();
    await expect.poll(() => first.locator('.portal-course-comment-text').textContent()).toBe(text);
    expect(await first.locator('.portal-course-comment-head strong').textContent()).toBe(
      t.me(await nameOf(db, 1001, learner.phone)),
    );
    await expect.poll(() => p.getByRole('tab', { name: t.reviews(before + 1) }).count()).toBe(1);
    const [mine] = await db
      .select({ halves: schema.courseComments.ratingHalves })
      .from(schema.courseComments)
      .where(and(eq(schema.courseComments.courseId, course.id), eq(schema.courseComments.content, text)));
    expect(mine!.halves).toBe(9);

    // Deleted after the confirmation.
    await first.getByRole('button', { name: t.deleteButton }).click();
    await p.getByRole('tooltip').getByText(t.deleteConfirm).waitFor();
    await p.getByRole('tooltip').getByRole('button', { name: t.ok }).click();
    await p.locator('.ant-message').getByText(t.deleted, { exact: true }).waitFor();
    await expect.poll(() => p.locator('.portal-course-comment-text').getByText(text).count()).toBe(0);
    expect(await commentCount(db, course.id)).toBe(before);

    // The favourite is in my study's 我的收藏, not started yet: 开始学习 opens its page.
    await p.goto(url('/account?change=1&status=3'));
    const item = p.locator(`.portal-study-item[data-course-id="${course.id}"]`);
    await item.waitFor();
    expect(await p.locator('.portal-study-item h2').allTextContents()).toEqual([course.title]);
    expect(await item.getByRole('link', { name: t.start }).getAttribute('href')).toBe(
      `/knowledge/course/info?id=${course.id}`,
    );
  });

  it('a priced course not bought shows its price, 立即购买 and locks all but its free-trial periods', async () => {
    const t = TEXTS.zh;
    const course = await pricedCourse(db);
    const learner = await createLearner(course.eid);
    // The public-training site verifies identities: a new learner's profile tip comes, and would
    // cover the tabs whenever its check answers before the clicks below.
    await signInAs(session.b, learner, { host: 'px', path: `/knowledge/course/info?id=${course.id}` });
    const p = page();
    await declineProfileTip(p, 'zh');
    expect(await p.locator('.portal-course-price-tag').textContent()).toBe(`¥${(course.priceFen / 100).toFixed(2)}`);
    expect(await p.getByRole('link', { name: t.buy }).getAttribute('href')).toBe(`/pay/buy?courseId=${course.id}`);
    await openTab(p, t.contents);
    const rows = p.locator('.portal-course-period');
    await expect.poll(() => rows.count()).toBe(course.periods.length);
    for (const [i, period] of course.periods.entries()) {
      const row = rows.nth(i);
      if (period.freeTrial) {
        expect(await row.getByRole('link', { name: period.title }).count()).toBe(1);
        expect(await row.textContent()).toContain(t.trial);
      } else {
        expect(await row.getByRole('link').count()).toBe(0);
        expect(await row.getByRole('img', { name: t.locked }).count()).toBe(1);
      }
    }
  });

  it('the English catalogue and course page', async () => {
    const t = TEXTS.en;
    const learner = await createLearner(1001);
    await signInAs(session.b, learner, { lang: 'en', path: '/knowledge' });
    await declineProfileTip(page(), 'en');
    const p = page();
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await counts()).toBe(t.counts(await publishedCount(1001), 0, 0));
    expect(await p.getByRole('navigation', { name: 'Sort by' }).getByRole('link').allTextContents()).toEqual([
      t.newest,
      t.mostLearners,
    ]);
    const { roots } = await categories(1001);
    expect(await p.getByRole('navigation', { name: 'Course categories' }).getByRole('link').allTextContents()).toEqual([
      t.all,
      ...roots.map((r) => r.nameEn || r.name),
    ]);

    const course = await studyCourse(db, 1001);
    await p.goto(url(`/en/knowledge/course/info?id=${course.id}`));
    expect(await p.getByRole('link', { name: t.start }).getAttribute('href')).toBe(
      `/en/watch/course?id=${course.id}&periodId=${course.periods[0]!.id}`,
    );
    expect(await p.getByRole('tab').allTextContents()).toEqual([
      t.intro,
      t.contents,
      t.reviews(await commentCount(db, course.id)),
    ]);
    await openTab(p, t.contents);
    const row = p.locator('.portal-course-period').first();
    await row.waitFor();
    expect(await row.locator('.portal-course-period-type').textContent()).toBe(t.types[course.periods[0]!.periodType]);
    expect((await row.locator('.portal-course-period-state').textContent())?.trim()).toBe(t.notStarted);
  });
});

/**
 * Opens a tab of the course page. A click before the page has hydrated is lost (the server's
 * HTML has the tabs, not yet their handlers): clicked until the tab says it is selected.
 */
async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await expect
    .poll(async () => {
      await tab.click();
      return tab.getAttribute('aria-selected');
    })
    .toBe('true');
}

/** The name a learner's reviews show. */
async function nameOf(db: Db, eid: number, phone: string): Promise<string> {
  const [row] = await db
    .select({ realName: schema.enterpriseUsers.realName, userName: schema.enterpriseUsers.userName })
    .from(schema.enterpriseUsers)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.enterpriseUsers.accountId))
    .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.accounts.phone, phone)));
  return row!.realName || row!.userName || '';
}

/** Comments on a course. */
async function commentCount(db: Db, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.courseComments)
    .where(eq(schema.courseComments.courseId, courseId));
  return row!.n;
}

/** The periods of a course in the order the contents list them. */
async function periodsOf(db: Db, eid: number, courseId: number) {
  const chapters = await db
    .select()
    .from(schema.courseChapters)
    .where(and(eq(schema.courseChapters.eid, eid), eq(schema.courseChapters.courseId, courseId)))
    .orderBy(asc(schema.courseChapters.sort), asc(schema.courseChapters.id));
  const periods = await db
    .select()
    .from(schema.coursePeriods)
    .where(and(eq(schema.coursePeriods.eid, eid), eq(schema.coursePeriods.courseId, courseId)))
    .orderBy(asc(schema.coursePeriods.sort), asc(schema.coursePeriods.id));
  return {
    chapters: chapters.map((ch) => ch.title),
    periods: chapters.flatMap((ch) => periods.filter((x) => x.chapterId === ch.id)),
  };
}

/** A free published course of the enterprise with periods of every kind, and its likes. */
async function studyCourse(db: Db, eid: number) {
  const rows = await db
    .select()
    .from(schema.courses)
    .where(and(eq(schema.courses.eid, eid), eq(schema.courses.published, true), eq(schema.courses.priceFen, 0)))
    .orderBy(desc(schema.courses.publishedAt), desc(schema.courses.id));
  for (const course of rows) {
    const { chapters, periods } = await periodsOf(db, eid, course.id);
    if (new Set(periods.map((x) => x.periodType)).size < 3) continue;
    const [likes] = await db
      .select({ n: count() })
      .from(schema.courseAdmires)
      .where(and(eq(schema.courseAdmires.eid, eid), eq(schema.courseAdmires.courseId, course.id)));
    return { ...course, chapters, periods, admireCount: likes!.n };
  }
  throw new Error(`no free course with periods of every kind in ${eid}`);
}

/** The public-training site's priced course that lets its first period be tried, with its periods. */
async function pricedCourse(db: Db) {
  const rows = await db
    .select()
    .from(schema.courses)
    .where(and(eq(schema.courses.eid, 1005), eq(schema.courses.published, true), sql`${schema.courses.priceFen} > 0`))
    .orderBy(desc(schema.courses.id));
  for (const course of rows) {
    const contents = await periodsOf(db, 1005, course.id);
    if (contents.periods.some((x) => x.freeTrial) && contents.periods.some((x) => !x.freeTrial)) {
      return { ...course, ...contents };
    }
  }
  throw new Error('no priced course with a free-trial period on the public-training site');
}
