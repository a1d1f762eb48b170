import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { createLearner } from '../accounts.ts';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { openedDialog, openedList } from '../antd.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// People in the back office (issue 21 item 2, decision 037): the demo administrator adds a
// department, finds a learner by phone, puts them in it and gives them a tag; the list then shows
// them under that department, in English too.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

describe.runIf(browserAvailable())('people in the back office (/crm/departments, /crm/learners)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  it('adds a department, finds a learner, moves them into it and tags them; English texts', async () => {
    const learner = await createLearner(EID);
    // The demo site's own tag, by name: other browser tests of the run add tags of their own.
    const [tag] = await db
      .select()
      .from(schema.tags)
      .where(and(eq(schema.tags.eid, EID), eq(schema.tags.name, '新员工')));
    expect(tag).toBeDefined();
    const name = `测试部${Date.now() % 100_000}`;

    await signInAs(session.b, ADMIN, { path: '/crm/departments' });
    const p = page();
    await p.getByRole('heading', { name: '部门管理' }).waitFor();
    await p.waitForLoadState('networkidle');
    await p.getByRole('button', { name: '添加顶级部门' }).click();
    const dialog = await openedDialog(p, '添加顶级部门');
    await dialog.getByLabel('部门名称').fill(name);
    await Promise.all([
      p.waitForResponse((r) => r.url().includes('/admin/department/save')),
      dialog.getByRole('button', { name: /^保\s*存$/ }).click(),
    ]);
    await p.locator('.ant-tree').getByText(`${name}（0 人）`).waitFor();
    const [department] = await db
      .select()
      .from(schema.departments)
      .where(and(eq(schema.departments.eid, EID), eq(schema.departments.name, name)));
    expect(department).toBeDefined();

    await p.getByRole('navigation', { name: '管理后台' }).getByRole('link', { name: '学员管理' }).click();
    await p.getByRole('heading', { name: '学员管理' }).waitFor();
    await p.waitForLoadState('networkidle');
    await p.getByLabel('姓名/昵称/工号/手机号').fill(learner.phone);
    await p.getByRole('button', { name: /^查\s*询$/ }).click();
    await p.waitForURL((u) => u.searchParams.get('keyword') === learner.phone);
    const rows = p.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('button', { name: /^查看/ }).click();

    // The open drawer is the page's one dialog.
    const drawer = p.getByRole('dialog');
    await drawer.getByText(learner.phone).first().waitFor();
    // Each choice shows in its field, and Escape closes only the open list (the drawer stays):
    // the save button under a list still closing would take the click otherwise. Each choice is
    // searched for by its name first: the lists are virtual, and with the departments and tags
    // other tests of the run add, a choice at the bottom of a list is not rendered or moves as the
    // list scrolls under the click.
    const departmentField = drawer.getByLabel('部门', { exact: true });
    await departmentField.click();
    await departmentField.fill(name);
    await openedList(p).locator('.ant-select-tree-title', { hasText: name }).click();
    await drawer.locator('.ant-select-selection-item', { hasText: name }).waitFor();
    await expect.poll(() => departmentField.getAttribute('aria-expanded')).toBe('true');
    await p.keyboard.press('Escape');
    await expect.poll(() => departmentField.getAttribute('aria-expanded')).toBe('false');
    await p.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    const tagField = drawer.getByLabel('标签', { exact: true });
    await tagField.click();
    await tagField.fill(tag!.name);
    await openedList(p).locator(`.ant-select-item-option[title="${tag!.name}"]`).click();
    await drawer.locator('.ant-select-selection-item', { hasText: tag!.name }).waitFor();
    await expect.poll(() => tagField.getAttribute('aria-expanded')).toBe('true');
    await p.keyboard.press('Escape');
    await expect.poll(() => tagField.getAttribute('aria-expanded')).toBe('false');
    await p.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: '保存部门与标签' }).click();
    await p.getByText('已保存').first().waitFor();
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, learner.phone));
    await expect
      .poll(async () =>
        (
          await db
            .select()
            .from(schema.departmentMembers)
            .where(and(eq(schema.departmentMembers.eid, EID), eq(schema.departmentMembers.accountId, account!.id)))
        ).map((m) => m.departmentId),
      )
      .toEqual([department!.id]);
    await expect
      .poll(async () =>
        (
          await db
            .select()
            .from(schema.learnerTags)
            .where(and(eq(schema.learnerTags.eid, EID), eq(schema.learnerTags.accountId, account!.id)))
        ).map((m) => m.tagId),
      )
      .toEqual([tag!.id]);

    // The list by that department, in English: the learner, the department and the tag.
    await p.goto(url(`/en/crm/learners?departmentId=${department!.id}`));
    await p.getByRole('heading', { name: 'Learners' }).waitFor();
    const menu = p.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Departments' }).waitFor();
    const row = p.locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.first().textContent();
    expect(text).toContain(learner.phone);
    expect(text).toContain(name);
    expect(text).toContain(tag!.nameEn || tag!.name);
    expect(await p.getByRole('columnheader', { name: 'Department' }).count()).toBe(1);
    // One flow through two pages, a dialog and a drawer: about a minute on two busy cores.
  }, 150_000);
});
