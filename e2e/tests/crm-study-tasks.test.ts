import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { findStudyTasks } from '@portal/contract/calls/task';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { openedDialog, openedList } from '../antd.ts';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The study task editor (issue 22 item 5, decision 056): the demo administrator builds a learning
// task of a course and the handout for the sales department, in Chinese; the demo learner of that
// department is given it. In English the administrator reorders its items and saves; then deletes
// it from the list. The project editor: in English the administrator builds a project of one
// stage over a task; in Chinese the list shows it and deletes it. What it adds is deleted afterwards.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const LEARNER = { phone: '13800000001', password: 'Demo@2026' };
const RUN = Date.now().toString(36).slice(-5);
const PREFIX = `E2E任务${RUN}`;

/** A 1×1 PNG for the cover upload. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(browserAvailable())('the back office: study task editor', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  let course: { id: number; title: string };
  let handout: { id: number; title: string };

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
    [course] = (await db
      .select({ id: schema.courses.id, title: schema.courses.title })
      .from(schema.courses)
      .where(eq(schema.courses.eid, EID))
      .orderBy(asc(schema.courses.id))
      .limit(1)) as [{ id: number; title: string }];
    [handout] = (await db
      .select({ id: schema.resourceMaterials.id, title: schema.resourceMaterials.title })
      .from(schema.resourceMaterials)
      .where(and(eq(schema.resourceMaterials.eid, EID), eq(schema.resourceMaterials.kind, 2)))
      .orderBy(asc(schema.resourceMaterials.id))
      .limit(1)) as [{ id: number; title: string }];
  });
  afterAll(async () => {
    if (!db) return;
    await db
      .delete(schema.studyProjects)
      .where(and(eq(schema.studyProjects.eid, EID), like(schema.studyProjects.title, `${PREFIX}%`)));
    await db
      .delete(schema.studyTasks)
      .where(and(eq(schema.studyTasks.eid, EID), like(schema.studyTasks.title, `${PREFIX}%`)));
    await db
      .delete(schema.checkInPlans)
      .where(and(eq(schema.checkInPlans.eid, EID), like(schema.checkInPlans.title, `${PREFIX}%`)));
    await database.close();
  });

  /** Adds the item of `kind` whose title is `title` through the picker. */
  async function addItem(kind: string, title: string) {
    const form = page().locator('form#studyTask');
    await form.getByLabel('任务项类型').click();
    await openedList(page()).locator(`.ant-select-item-option[title="${kind}"]`).click();
    // The list shows the search's answer once it comes (the answer to opening it, all items, may come later
    // and is dropped).
    await Promise.all([
      page().waitForResponse((r) => r.url().includes('/study/task/item/options') && r.url().includes('keyword=')),
      form.getByLabel('选择任务项').fill(title.slice(0, 6)),
    ]);
    await openedList(page()).locator('.ant-select-item-option').filter({ hasText: title }).first().click();
    await form.getByRole('button', { name: /^添\s?加$/ }).click();
    await form.getByRole('cell', { name: title, exact: true }).waitFor();
  }

  it('the administrator builds a task of a course and the handout for the sales department; its learner is given it', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/tasks' });
    await page().getByRole('button', { name: '新建学习任务' }).click();
    await page().waitForURL(/\/crm\/tasks\/new$/);
    await page().getByRole('heading', { name: '新建学习任务' }).waitFor();
    await page().waitForLoadState('networkidle');
    const form = page().locator('form#studyTask');
    // Saving with no item says so where the items are.
    await form.getByLabel('任务名称').fill(`${PREFIX}入职学习`);
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await form.getByRole('alert').filter({ hasText: '请至少添加一个任务项' }).waitFor();
    // A cover through the portal's picture upload.
    await form
      .locator('.ant-form-item')
      .filter({ hasText: '封面' })
      .locator('input[type=file]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await form.getByRole('button', { name: '移除封面' }).waitFor();

    await addItem('在线课程', course.title);
    await addItem('资料库', handout.title);
    await form.getByLabel(`必修：${handout.title}`).uncheck();
    // A check-in made here joins the items.
    await form.getByLabel('任务项类型').click();
    await openedList(page()).locator('.ant-select-item-option[title="签到任务"]').click();
    await form.getByRole('button', { name: '新建签到' }).click();
    const dialog = await openedDialog(page(), '新建签到');
    await dialog.getByLabel('签到名称').fill(`${PREFIX}早会签到`);
    await dialog.getByRole('button', { name: '创建并添加' }).click();
    await form.getByRole('cell', { name: `${PREFIX}早会签到`, exact: true }).waitFor();
    await form.getByLabel('部门').click();
    await openedList(page()).getByTitle('销售部', { exact: true }).click();
    await page().keyboard.press('Escape');
    await expectAccessible(page(), 'study task editor');
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await page().waitForURL(/\/crm\/tasks\/\d+\/edit$/);
    const [task] = await db
      .select()
      .from(schema.studyTasks)
      .where(and(eq(schema.studyTasks.eid, EID), eq(schema.studyTasks.title, `${PREFIX}入职学习`)));
    expect(task).toMatchObject({
      taskType: 1,
      published: true,
      coverUrl: expect.stringMatching(/^\/uploads\/.+\.png$/),
    });
    const items = await db
      .select()
      .from(schema.studyTaskItems)
      .where(and(eq(schema.studyTaskItems.eid, EID), eq(schema.studyTaskItems.taskId, task!.id)))
      .orderBy(asc(schema.studyTaskItems.position));
    expect(items.map((i) => [i.resourceType, i.resourceId, i.required])).toEqual([
      [3, course.id, true],
      [4, handout.id, false],
      [11, expect.any(Number), true],
    ]);
    const rules = await db
      .select()
      .from(schema.studyTaskAssignments)
      .where(and(eq(schema.studyTaskAssignments.eid, EID), eq(schema.studyTaskAssignments.taskId, task!.id)));
    expect(rules.map((r) => r.targetType)).toEqual([2]);

    const learner = await signInByCall(LEARNER, undefined, EID);
    const mine = await learner(findStudyTasks, { keyword: PREFIX });
    expect(mine.list.map((x) => x.title)).toEqual([`${PREFIX}入职学习`]);

    // In English: the handout first, saved; the list deletes it.
    await page().goto(url(`/en/crm/tasks/${task!.id}/edit`));
    const en = page().locator('form#studyTask');
    await en.getByText('Learners see the items in this order').waitFor();
    await en.getByRole('columnheader', { name: 'Required' }).waitFor();
    await page().waitForLoadState('networkidle');
    await en.getByRole('row').filter({ hasText: handout.title }).getByRole('button', { name: 'Move up' }).click();
    await en.getByRole('button', { name: 'Save' }).click();
    await page().getByText('Saved').first().waitFor();
    await expect
      .poll(async () =>
        (
          await db
            .select({ t: schema.studyTaskItems.resourceType })
            .from(schema.studyTaskItems)
            .where(and(eq(schema.studyTaskItems.eid, EID), eq(schema.studyTaskItems.taskId, task!.id)))
            .orderBy(asc(schema.studyTaskItems.position))
        ).map((r) => r.t),
      )
      .toEqual([4, 3, 11]);
    await page().goto(url(`/en/crm/tasks?keyword=${encodeURIComponent(PREFIX)}`));
    const row = page()
      .getByRole('row')
      .filter({ hasText: `${PREFIX}入职学习` });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page().getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await page().getByText('Deleted').first().waitFor();
    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(schema.studyTasks)
              .where(and(eq(schema.studyTasks.eid, EID), eq(schema.studyTasks.id, task!.id)))
          ).length,
      )
      .toBe(0);
  });

  it('in English the administrator builds a project of a stage over a task; in Chinese the list deletes it', async () => {
    const [task] = await db
      .insert(schema.studyTasks)
      .values({
        eid: EID,
        title: `${PREFIX}项目任务`,
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    await signInAs(session.b, ADMIN, { path: '/en/crm/projects' });
    await page().getByRole('button', { name: 'New study project' }).click();
    await page().waitForURL(/\/en\/crm\/projects\/new$/);
    await page().waitForLoadState('networkidle');
    const form = page().locator('form#studyProject');
    await form.getByLabel('Project name').fill(`${PREFIX}Onboarding camp`);
    await form.getByLabel('Seats').fill('30');
    await form.getByLabel('Stage 1 Stage name').fill('Week one');
    await Promise.all([
      page().waitForResponse((r) => r.url().includes('/study/task/page') && r.url().includes('keyword=')),
      form.getByLabel('Stage 1 Study tasks').fill(PREFIX),
    ]);
    await openedList(page()).locator(`.ant-select-item-option[title="${PREFIX}项目任务"]`).click();
    await page().keyboard.press('Escape');
    await expectAccessible(page(), 'study project editor');
    await form.getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/en\/crm\/projects\/\d+\/edit$/);
    const [project] = await db
      .select()
      .from(schema.studyProjects)
      .where(and(eq(schema.studyProjects.eid, EID), eq(schema.studyProjects.title, `${PREFIX}Onboarding camp`)));
    expect(project).toMatchObject({ capacity: 30, enrolRule: 2, published: true });
    const stageTasks = await db
      .select()
      .from(schema.studyProjectStageTasks)
      .where(and(eq(schema.studyProjectStageTasks.eid, EID), eq(schema.studyProjectStageTasks.projectId, project!.id)));
    expect(stageTasks.map((x) => x.taskId)).toEqual([task!.id]);

    await page().goto(url(`/crm/projects/${project!.id}/edit`));
    await page().locator('form#studyProject').getByText('项目阶段').waitFor();
    await page().goto(url(`/crm/projects?keyword=${encodeURIComponent(PREFIX)}`));
    const row = page()
      .getByRole('row')
      .filter({ hasText: `${PREFIX}Onboarding camp` });
    await row.getByRole('button', { name: /^删\s?除$/ }).click();
    await page()
      .getByRole('tooltip')
      .getByRole('button', { name: /^删\s?除$/ })
      .click();
    await page().getByText('已删除').first().waitFor();
    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(schema.studyProjects)
              .where(and(eq(schema.studyProjects.eid, EID), eq(schema.studyProjects.id, project!.id)))
          ).length,
      )
      .toBe(0);
  });
});
