import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';
import { openedDialog } from '../antd.ts';

// The back office's catalogue (issue 21 item 3, decision 040): the demo administrator adds a
// course category and a lecturer in /crm, and the portal's /lecturer shows the lecturer at once;
// the pages' English texts. What it adds is deleted afterwards (other files count the demo's).
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const RUN = Date.now().toString(36).slice(-5);
const CATEGORY = `E2E分类${RUN}`;
const LECTURER = `E2E讲师${RUN}`;

describe.runIf(browserAvailable())('the back office: lecturers and categories', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => {
    if (!db) return;
    // Straight from the database (the owner's connection): what this file added, nothing else.
    await db.delete(schema.lecturers).where(and(eq(schema.lecturers.eid, EID), eq(schema.lecturers.name, LECTURER)));
    await db.delete(schema.categories).where(and(eq(schema.categories.eid, EID), eq(schema.categories.name, CATEGORY)));
    await database.close();
  });

  it('the administrator adds a course category and a lecturer; /lecturer shows the lecturer', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/categories' });
    await page().getByRole('heading', { name: '课程分类' }).waitFor();
    // The page's scripts are in before the first click (a click on the server's HTML does nothing).
    await page().waitForLoadState('networkidle');
    await page().getByRole('button', { name: '新增一级分类' }).click();
    const dialog = await openedDialog(page(), '新增分类');
    await dialog.getByLabel('名称', { exact: true }).fill(CATEGORY);
    await dialog.getByLabel('英文名称', { exact: true }).fill(`E2E ${RUN}`);
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page().locator('.ant-tree-treenode').filter({ hasText: CATEGORY }).waitFor();

    const menu = page().getByRole('navigation', { name: '管理后台' });
    await menu.getByRole('link', { name: '讲师管理' }).click();
    await page().waitForURL((u) => u.pathname === '/crm/lecturers');
    await page().getByRole('heading', { name: '讲师管理' }).waitFor();
    await page().getByRole('button', { name: '新增讲师' }).click();
    const form = await openedDialog(page(), '新增讲师');
    await form.getByLabel('讲师姓名', { exact: true }).fill(LECTURER);
    await form.getByLabel('职务/职称', { exact: true }).fill('E2E讲师职称');
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await page().locator('tbody tr.ant-table-row').filter({ hasText: LECTURER }).waitFor();
    await expectAccessible(page(), 'back-office lecturers');

    // The portal's lecturer page, at once (no cache left to expire).
    await page().goto(url('/lecturer'));
    await expect.poll(() => page().locator('.portal-lecturer-name').allTextContents()).toContain(LECTURER);
    const [row] = await db
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(and(eq(schema.categories.eid, EID), eq(schema.categories.name, CATEGORY)));
    expect(row).toBeDefined();
  });

  it('in English: the menu, headings and buttons', async () => {
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/lecturers' });
    await page().getByRole('heading', { name: 'Lecturers' }).waitFor();
    await page().waitForLoadState('networkidle');
    expect(await page().getByRole('button', { name: 'Add lecturer' }).count()).toBe(1);
    const menu = page().getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link', { name: 'Course categories' }).count()).toBe(1);
    await menu.getByRole('link', { name: 'Tags' }).click();
    await page().waitForURL((u) => u.pathname === '/en/crm/tags');
    await page().getByRole('heading', { name: 'Tags' }).waitFor();
    expect(await page().getByRole('columnheader', { name: 'Study tasks' }).count()).toBe(1);
    await page().goto(url('/en/crm/categories'));
    await page().getByRole('heading', { name: 'Course categories' }).waitFor();
    expect(await page().getByText('Talent business categories').count()).toBe(1);
  });
});
