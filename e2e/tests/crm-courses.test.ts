import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { createLearner } from '../accounts.ts';
import { browserAvailable } from '../browser.ts';
import { declineProfileTip } from '../langs.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { takeBack } from '../take-back.ts';
import { portal } from '../portal.ts';
import { openedDialog } from '../antd.ts';

// Courses in the back office (issue 21 item 3, decision 039): the demo administrator creates a
// course, adds two chapters and an image-text period written in the rich-text editor, drags the
// second chapter first (with the keyboard, as dnd-kit allows) and moves it back with 上移,
// publishes; a learner finds the course in the catalogue and opens it. The English list names its
// columns in English.
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const EID = 1001;
/** antd puts a space between two Chinese characters of a button's text. */
const button = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

describe.runIf(browserAvailable())('courses in the back office (/crm/courses)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  const title = `消防安全培训 ${Date.now() % 100_000}`;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
    await takeBack({ courses: [title] });
  });

  it('the administrator builds, reorders and publishes a course; a learner finds and opens it', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/courses/new' });
    await page().getByRole('heading', { name: '新建课程' }).waitFor();
    await page().waitForLoadState('networkidle');
    await page().getByLabel('课程名称').fill(title);
    await page()
      .getByRole('button', { name: button('保存') })
      .click();
    await page().waitForURL((u) => /^\/crm\/courses\/\d+$/.test(u.pathname));
    const courseId = Number(new URL(page().url()).pathname.split('/').pop());

    await page().getByRole('tab', { name: '章节课时' }).click();
    for (const chapter of ['第一章 认识火灾', '第二章 逃生自救']) {
      await page().getByRole('button', { name: '添加章节' }).click();
      const dialog = await openedDialog(page(), '添加章节');
      await dialog.getByRole('textbox', { name: '章节名称' }).fill(chapter);
      await dialog.getByRole('button', { name: button('保存') }).click();
      await page().getByTestId('course-chapter').filter({ hasText: chapter }).waitFor();
    }

    // An image-text period in the first chapter, written in the editor (bold text).
    const first = page().getByTestId('course-chapter').filter({ hasText: '第一章 认识火灾' });
    await first.getByRole('button', { name: '添加课时' }).click();
    const dialog = await openedDialog(page(), '添加课时');
    await dialog.getByLabel('课时名称').fill('火灾的成因');
    const editor = dialog.getByTestId('rich-text-editor').locator('.ProseMirror');
    await editor.click();
    await dialog.getByRole('button', { name: '加粗' }).click();
    await page().keyboard.type('三要素：可燃物、助燃物、点火源');
    await dialog.getByRole('button', { name: button('保存') }).click();
    await first.getByTestId('course-period').filter({ hasText: '火灾的成因' }).waitFor();
    const [period] = await db
      .select({ content: schema.coursePeriods.content, periodType: schema.coursePeriods.periodType })
      .from(schema.coursePeriods)
      .where(and(eq(schema.coursePeriods.eid, EID), eq(schema.coursePeriods.courseId, courseId)));
    expect(period).toEqual({ periodType: 3, content: '<p><strong>三要素：可燃物、助燃物、点火源</strong></p>' });

    // The second chapter goes first: its handle, Space, up, Space (dnd-kit's keyboard sensor), each
    // key once the screen reader's announcement of the one before is there.
    const chapterTitles = () => page().getByTestId('course-chapter').locator('.ant-card-head-title').allTextContents();
    const announced = () => page().locator('[id^="DndLiveRegion"]').allTextContents();
    // The dialog gone first: closing it gives the focus back to its 添加课时 button.
    await dialog.waitFor({ state: 'hidden' });
    const handle = page().getByRole('button', { name: '拖动排序: 第二章 逃生自救' });
    await handle.focus();
    await expect.poll(() => handle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page().keyboard.press('Space');
    await expect.poll(announced).toContain('已拿起「第二章 逃生自救」。');
    await page().keyboard.press('ArrowUp');
    await expect.poll(announced).toContain('「第二章 逃生自救」移到了「第一章 认识火灾」的位置。');
    await page().keyboard.press('Space');
    await expect.poll(chapterTitles).toEqual(['第二章 逃生自救', '第一章 认识火灾']);
    const storedTitles = async () =>
      (
        await db
          .select({ title: schema.courseChapters.title })
          .from(schema.courseChapters)
          .where(and(eq(schema.courseChapters.eid, EID), eq(schema.courseChapters.courseId, courseId)))
          .orderBy(asc(schema.courseChapters.sort))
      ).map((c) => c.title);
    await expect.poll(storedTitles).toEqual(['第二章 逃生自救', '第一章 认识火灾']);
    // And back with 上移, the single-pointer alternative to dragging (WCAG 2.5.7).
    await page().getByRole('button', { name: '上移: 第一章 认识火灾' }).click();
    await expect.poll(chapterTitles).toEqual(['第一章 认识火灾', '第二章 逃生自救']);
    await expect.poll(storedTitles).toEqual(['第一章 认识火灾', '第二章 逃生自救']);

    await page().getByRole('tab', { name: '发布' }).click();
    await page()
      .getByRole('button', { name: button('上架') })
      .click();
    await page().getByText('课程已上架，学员可以学习。').waitFor();

    // A learner finds it in the catalogue and opens it.
    const learner = await createLearner(EID);
    await signInAs(session.b, learner, { path: `/knowledge?keyword=${encodeURIComponent(title)}` });
    await declineProfileTip(page(), 'zh');
    const card = page().locator('.portal-course-card').filter({ hasText: title });
    await card.locator('a').first().click();
    await page().waitForURL(
      (u) => u.pathname === '/knowledge/course/info' && u.searchParams.get('id') === String(courseId),
    );
    await expect.poll(() => page().getByRole('heading', { level: 1 }).textContent()).toBe(title);
    // The periods are listed under 课程目录, which is not the tab that opens first.
    await page().getByRole('tab', { name: '课程目录' }).click();
    await expect.poll(() => page().getByText('火灾的成因').count()).toBeGreaterThan(0);
  }, 180_000);

  it('the English list names its columns and menu in English', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/courses', lang: 'en' });
    await page().getByRole('heading', { name: 'Courses', exact: true }).waitFor();
    const headers = await page().getByRole('columnheader').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Title', 'Category', 'Lecturer', 'Status', 'Learners', 'Updated']));
    await expect.poll(() => page().locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await page().getByRole('link', { name: 'New course' }).count()).toBe(1);
  });
});
