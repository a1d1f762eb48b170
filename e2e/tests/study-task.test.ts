import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { and, desc, eq } from 'drizzle-orm';
import { connectDatabase, schema, type AttemptQuestion, type Db } from '@portal/db';
import { demoTaskTitle } from '@portal/db/seed-tasks';
import { expectAccessible } from '../a11y.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip, localePath, type Lang } from '../langs.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';
import { openedDialog, openedList } from '../antd.ts';

// The study task pages (issue 20 item 2): a learner assigned the demo ordered learning task (the
// handout, the short course, the final quiz; packages/db/src/seed-tasks.ts) finds it in the
// training records, opens its page (items in order, the later ones locked), meets a locked item
// in the task player, reads the handout to its last page (the next item opens), completes the
// short course in the course player opened from the task and comes back to it, passes the exam
// item, and sees the task complete on its page and in the task records, whose export reaches the
// header's download list. The English flow on the English site: the page's texts, a comment
// posted and deleted, the mark, the handout read. Learners assigned the demo task by person with
// any seeded progress in it taken back, so the demo data and other files' runs do not matter.
const TEXTS = {
  zh: {
    tasksTab: '学习任务',
    recordsTab: '任务记录',
    projectsTab: '学习项目',
    checkInWindow: '每日签到时间00:00 至 23:59',
    openCheckIn: '去签到',
    noMentor: '暂未分配导师',
    notStarted: '未开始',
    learning: '学习中',
    completed: '已完成',
    locked: '未解锁',
    done: '已完成',
    start: '开始学习',
    itemLocked: '该项尚未解锁：请先完成上一个学习资源。',
    pdfNext: '下一页',
    itemDone: '本项已完成',
    next: '下一项',
    openCourse: '进入课程学习',
    backToTask: '‹ 返回任务',
    backToTaskButton: '返回任务',
    courseNext: '下一节',
    openExam: '进入考试',
    startExam: '开始考试',
    submit: '交 卷',
    confirmAll: '确定交卷吗？交卷后不能再修改答案。',
    passed: '考试通过',
    true: '正确',
    false: '错误',
    blank: (n: number) => `第${n}空`,
    completedTitle: '任务已完成',
    certificateLink: '查看我的证书',
    export: '导出',
    exported: '导出任务已提交，完成后可在右上角下载列表中下载',
    downloads: '下载',
    progress: (percent: number, done: number, total: number) => `进度 ${percent}%（${done}/${total}）`,
  },
  en: {
    notStarted: 'Not started',
    learning: 'Learning',
    locked: 'Locked',
    done: 'Done',
    start: 'Start',
    mark: 'Save',
    marked: 'Saved',
    comment: 'Add a comment',
    post: 'Post',
    posted: 'Comment posted',
    delete: 'Delete',
    ok: 'OK',
    deleted: 'Deleted',
    pdfNext: 'Next page',
    downloadAll: 'Download all',
    itemDone: 'This item is done',
    itemLocked: 'This item is locked: finish the previous resource first.',
    types: ['Material library', 'Online course', 'Exam task'],
    progress: (percent: number, done: number, total: number) => `Progress ${percent}% (${done}/${total})`,
  },
} as const;

/** 张晓明, demo learner of 1001 and 1002. */
const ZHANG = { phone: '13800000001', password: 'Demo@2026' };
/** 王磊, demo learner of 1003 and 1004. */
const WANG = { phone: '13800000003', password: 'Demo@2026' };

const letter = (i: number) => String.fromCharCode(65 + i);
const optionName = (q: AttemptQuestion, key: string) => {
  const i = q.options.findIndex((o) => o.key === key);
  return `${letter(i)}. ${q.options[i]!.text}`;
};

/** Chooses an option of an antd Select once its list has finished opening (see e2e/antd.ts). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await openedList(page).locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** Answers one question of the exam page right (the attempt's snapshot holds the keys), as exam.test.ts does. */
async function answerRight(page: Page, q: AttemptQuestion) {
  const t = TEXTS.zh;
  const item = page.locator(`li.portal-exam-question[data-question-id="${q.questionId}"]`);
  switch (q.questionType) {
    case 1:
      await item.getByRole('radio', { name: optionName(q, q.answer[0]!) }).check();
      break;
    case 3:
      await item.getByRole('radio', { name: q.answer[0] === 'T' ? t.true : t.false, exact: true }).check();
      break;
    case 2:
    case 7:
      for (const key of q.answer) await item.getByRole('checkbox', { name: optionName(q, key) }).check();
      break;
    case 4:
      for (const [i, accepted] of q.blanks.entries()) {
        await item.getByLabel(t.blank(i + 1), { exact: true }).fill(accepted[0]!);
      }
      break;
    case 6:
      for (const [i, it] of q.items.entries()) {
        await choose(page, item.getByRole('combobox', { name: it.text }), optionName(q, q.answer[i]!));
      }
      break;
    default:
      throw new Error(`no demo answer for type ${q.questionType}`);
  }
}

/** Pages through the PDF shown until its last page. */
async function readToTheEnd(page: Page, nextLabel: string) {
  const next = page.getByRole('button', { name: nextLabel });
  await next.waitFor();
  await expect.poll(() => page.locator('.portal-pdf-canvas canvas').getAttribute('data-page')).toBe('1');
  while (await next.isEnabled()) await next.click();
}

describe.runIf(browserAvailable())('the study task pages', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  /**
   * A learner of the site (a fresh one, or a demo person) assigned the demo ordered task by person,
   * with no progress in it yet; the task and its items.
   */
  async function learnerWithTheTask(eid: number, person?: { phone: string; password: string }) {
    const learner = person ?? (await createLearner(eid));
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, learner.phone));
    const [task] = await db
      .select()
      .from(schema.studyTasks)
      .where(and(eq(schema.studyTasks.eid, eid), eq(schema.studyTasks.title, demoTaskTitle(eid, 'ordered'))));
    await db
      .insert(schema.studyTaskAssignments)
      .values({ eid, taskId: task!.id, targetType: 1, targetId: account!.id })
      .onConflictDoNothing();
    // A demo person's seeded progress (the handout read) taken back: the flow starts from nothing.
    await db
      .delete(schema.studyTaskItemProgress)
      .where(
        and(
          eq(schema.studyTaskItemProgress.eid, eid),
          eq(schema.studyTaskItemProgress.taskId, task!.id),
          eq(schema.studyTaskItemProgress.accountId, account!.id),
        ),
      );
    await db
      .delete(schema.studyTaskLearners)
      .where(
        and(
          eq(schema.studyTaskLearners.eid, eid),
          eq(schema.studyTaskLearners.taskId, task!.id),
          eq(schema.studyTaskLearners.accountId, account!.id),
        ),
      );
    const items = await db
      .select()
      .from(schema.studyTaskItems)
      .where(and(eq(schema.studyTaskItems.eid, eid), eq(schema.studyTaskItems.taskId, task!.id)))
      .orderBy(schema.studyTaskItems.position);
    return { learner, accountId: account!.id, task: task!, items };
  }

  const itemRow = (scope: Page | Locator, itemId: number) =>
    scope.locator(`li.portal-task-item[data-item-id="${itemId}"]`);

  it(
    'follows the ordered task to the end: a locked item, the handout read, the course, the exam passed, the task complete in the records',
    { timeout: 240_000 },
    async () => {
      const t = TEXTS.zh;
      const p = page();
      const eid = 1001;
      const { learner, accountId, task, items } = await learnerWithTheTask(eid);
      const [handout, course, exam] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
      expect(items.map((i) => i.resourceType)).toEqual([4, 3, 7]);

      // The training records' study tasks: the task, not started, to its page.
      await signInAs(session.b, learner, { path: '/account?change=2&section=task' });
      await declineProfileTip(p, 'zh');
      const row = p.locator(`li.portal-task-row[data-task-id="${task.id}"]`);
      await row.waitFor();
      expect(await row.locator('.portal-task-status').textContent()).toBe(t.notStarted);
      await row.getByRole('link', { name: task.title }).click();
      await p.waitForURL((u) => u.pathname === '/account/task/info' && u.searchParams.get('id') === String(task.id));
      await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(task.title);

      // The items in order: the handout open, the course and the exam locked (not links).
      const list = p.locator('.portal-task-section ol.portal-task-items');
      expect(await list.locator('.portal-task-item-title').allTextContents()).toEqual(items.map((i) => i.title));
      expect(await itemRow(list, course.id).getAttribute('data-locked')).toBe('true');
      expect(await itemRow(list, exam.id).getAttribute('data-locked')).toBe('true');
      expect(await itemRow(list, course.id).locator('.portal-task-item-state').textContent()).toBe(t.locked);
      expect(await itemRow(list, course.id).getByRole('link').count()).toBe(0);
      expect(await p.getByTestId('task-progress').textContent()).toBe(t.progress(0, 0, 3));
      await expectAccessible(p, 'task page');

      // A locked item asked for by address: shown locked, nothing of it opens.
      await p.goto(p.url().replace('/account/task/info', '/watch/task') + `&itemId=${exam.id}`);
      await p.getByText(t.itemLocked).waitFor();
      expect(await p.getByRole('link', { name: t.openExam }).count()).toBe(0);

      // 开始学习: the player at the handout; read to its last page, the item is done and the course opens.
      await p.goto(p.url().replace(`&itemId=${exam.id}`, ''));
      await p.getByRole('heading', { level: 2, name: handout.title }).waitFor();
      await readToTheEnd(p, t.pdfNext);
      await p.locator('.ant-message').getByText(t.itemDone, { exact: true }).waitFor();
      const side = p.locator('aside.portal-watch-side');
      await expect.poll(() => itemRow(side, handout.id).locator('.portal-task-item-state').textContent()).toBe(t.done);
      await expect.poll(() => itemRow(side, course.id).getAttribute('data-locked')).toBeNull();
      expect(await itemRow(side, exam.id).getAttribute('data-locked')).toBe('true');
      expect(await p.getByTestId('task-progress').textContent()).toBe(t.progress(33, 1, 3));
      await expectAccessible(p, 'task player, handout read');

      // 下一项: the course, played in the course player, which keeps the task to come back to.
      await p.getByRole('link', { name: t.next }).click();
      await p.getByRole('heading', { level: 2, name: course.title }).waitFor();
      await p.getByRole('link', { name: t.openCourse }).click();
      await p.waitForURL((u) => u.pathname === '/watch/course' && u.searchParams.get('taskId') === String(task.id));
      const video = p.locator('.portal-watch-screen video');
      await video.waitFor({ state: 'attached' });
      await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
      await p.locator('.portal-watch-screen xg-start').click();
      // The 12 s video plays through, then the image-text is read for its 8 s (real time).
      await expect
        .poll(() => p.locator('[aria-current="page"] .portal-period-state').textContent(), { timeout: 40_000 })
        .toBe(t.completed);
      await p.getByRole('link', { name: t.courseNext }).click();
      await p.locator('.portal-watch-article .portal-rich-text').waitFor();
      await expect
        .poll(() => p.locator('.portal-watch-progress-value').textContent(), { timeout: 40_000 })
        .toBe(t.completed);
      await p.getByRole('link', { name: t.backToTask }).click();
      await p.waitForURL((u) => u.pathname === '/watch/task' && u.searchParams.get('itemId') === String(course.id));
      await expect.poll(() => itemRow(side, course.id).locator('.portal-task-item-state').textContent()).toBe(t.done);
      await expect.poll(() => itemRow(side, exam.id).getAttribute('data-locked')).toBeNull();

      // The exam item: its exam task's page, started, answered right, submitted, passed.
      await p.getByRole('link', { name: t.next }).click();
      await p.getByRole('link', { name: t.openExam }).click();
      await p.waitForURL(
        (u) => u.pathname === '/account/exam/info' && u.searchParams.get('id') === String(exam.resourceId),
      );
      await p.getByRole('button', { name: t.startExam }).click();
      const confirm = p.getByRole('dialog');
      await confirm.waitFor();
      await confirm.getByRole('button', { name: t.startExam }).click();
      await p.waitForURL((u) => u.pathname === '/account/exam/examQuestion');
      const attemptId = Number(new URL(p.url()).searchParams.get('attemptId'));
      const [attempt] = await db
        .select()
        .from(schema.examAttempts)
        .where(and(eq(schema.examAttempts.eid, eid), eq(schema.examAttempts.id, attemptId)));
      expect(attempt!.accountId).toBe(accountId);
      for (const q of attempt!.paper) await answerRight(p, q);
      await expect
        .poll(async () => {
          const saved = await db
            .select()
            .from(schema.examAnswers)
            .where(and(eq(schema.examAnswers.eid, eid), eq(schema.examAnswers.attemptId, attemptId)));
          return saved.filter((a) => a.seq > 0).length;
        })
        .toBe(attempt!.paper.length);
      await p.getByRole('button', { name: t.submit }).click();
      // Once the confirmation has opened: a click while it zooms in was lost in a fresh-clone run.
      const submitDialog = await openedDialog(p, p.getByRole('dialog'));
      await submitDialog.getByText(t.confirmAll).waitFor();
      await submitDialog.getByRole('button', { name: t.submit }).click();
      await p.waitForURL((u) => u.pathname === '/account/exam/examSuccess');
      await p.getByRole('heading', { level: 2, name: t.passed }).waitFor();
      // The result leads back to the task player, at the exam's item.
      await p.getByRole('link', { name: t.backToTaskButton, exact: true }).click();
      await p.waitForURL(
        (u) =>
          u.pathname === '/watch/task' &&
          u.searchParams.get('id') === String(task.id) &&
          u.searchParams.get('itemId') === String(exam.id),
      );

      // The task: complete, with what it earned and the certificate.
      await p.goto(p.url().replace(/\/watch\/task\?.*$/, `/account/task/info?id=${task.id}`));
      await p.getByTestId('task-complete').waitFor();
      expect(await p.locator('.portal-task-title-row .portal-task-status').textContent()).toBe(t.completed);
      expect(await p.getByTestId('task-complete').textContent()).toContain(t.completedTitle);
      expect(await p.getByRole('link', { name: t.certificateLink }).count()).toBe(1);
      expect(await p.getByTestId('task-progress').textContent()).toBe(t.progress(100, 3, 3));
      const [standing] = await db
        .select()
        .from(schema.studyTaskLearners)
        .where(
          and(
            eq(schema.studyTaskLearners.eid, eid),
            eq(schema.studyTaskLearners.taskId, task.id),
            eq(schema.studyTaskLearners.accountId, accountId),
          ),
        );
      expect(standing!.completedAt).not.toBeNull();
      await expectAccessible(p, 'task complete');

      // The training records: the task record completed; its export in the header's download list.
      await p.goto(p.url().replace(/\/account\/task\/info\?.*$/, '/account?change=2&section=record'));
      const record = p.locator(`li.portal-task-row[data-task-id="${task.id}"]`);
      await record.waitFor();
      expect(await record.locator('.portal-task-status').textContent()).toBe(t.completed);
      expect(await p.getByRole('link', { name: t.recordsTab }).getAttribute('aria-current')).toBe('page');
      await p.getByRole('button', { name: t.export }).click();
      await p.locator('.ant-message').getByText(t.exported, { exact: true }).waitFor();
      const [exported] = await db
        .select()
        .from(schema.exportRecords)
        .where(and(eq(schema.exportRecords.eid, eid), eq(schema.exportRecords.accountId, accountId)))
        .orderBy(desc(schema.exportRecords.id))
        .limit(1);
      await p.locator('.portal-exports-menu').getByRole('button', { name: t.downloads, exact: true }).click();
      const file = p
        .locator('.portal-exports-panel .portal-exports-item')
        .filter({ hasText: exported!.fileName })
        .first();
      await file.getByRole('button', { name: `${t.downloads} ${exported!.fileName}` }).waitFor({ timeout: 30_000 });
      expect(exported!.fileName).toMatch(/\.xlsx$/);

      // The study tasks filtered by 已完成: the task.
      await p.getByRole('link', { name: t.tasksTab, exact: true }).click();
      await p.locator('.portal-task-records .ant-segmented').getByText(t.completed, { exact: true }).click();
      await p.waitForURL((u) => u.searchParams.get('status') === '3');
      await expect
        .poll(() => p.locator(`li.portal-task-row[data-task-id="${task.id}"] .portal-task-status`).textContent())
        .toBe(t.completed);
    },
  );

  it('in English: the task page, a comment posted and deleted, the mark, the handout read in the player', async () => {
    const t = TEXTS.en;
    const lang: Lang = 'en';
    const p = page();
    const eid = 1004;
    // 王磊, a demo person of the English site whose profile is complete (a fresh learner is asked
    // to confirm their information first).
    const { learner, accountId, task, items } = await learnerWithTheTask(eid, WANG);
    // The site asks its learners to confirm their information once (personal-info.test.ts covers
    // that popup): confirmed here, so it does not stand in front of these pages.
    await db
      .update(schema.enterpriseUsers)
      .set({ personalConfirmedAt: new Date(), talentConfirmedAt: new Date() })
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, accountId)));
    const [handout, course] = items as [(typeof items)[0], (typeof items)[0]];
    await signInAs(session.b, learner, { host: 'global', lang, path: `/account/task/info?id=${task.id}` });
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(task.title);
    expect(await p.locator('.portal-task-title-row .portal-task-status').textContent()).toBe(t.notStarted);
    const list = p.locator('.portal-task-section ol.portal-task-items');
    expect(await list.locator('.portal-task-item-type').allTextContents()).toEqual(t.types);
    expect(await itemRow(list, course.id).locator('.portal-task-item-state').textContent()).toBe(t.locked);
    expect(await p.getByTestId('task-progress').textContent()).toBe(t.progress(0, 0, 3));

    // The mark toggles.
    await p.getByRole('button', { name: t.mark, exact: true }).click();
    await expect
      .poll(() => p.getByRole('button', { name: t.marked, exact: true }).getAttribute('aria-pressed'))
      .toBe('true');

    // A comment posted, then deleted.
    const text = `Clear and useful ${Date.now()}`;
    await p.getByLabel(t.comment).fill(text);
    await p.getByRole('button', { name: t.post }).click();
    await p.locator('.ant-message').getByText(t.posted, { exact: true }).waitFor();
    const comment = p.locator('.portal-task-comment', { hasText: text });
    await comment.waitFor();
    await comment.getByRole('button', { name: t.delete }).click();
    await p.locator('.ant-popover').getByRole('button', { name: t.ok }).click();
    await p.locator('.ant-message').getByText(t.deleted, { exact: true }).waitFor();
    await expect.poll(() => comment.count()).toBe(0);
    await expectAccessible(p, 'English task page');

    // The task's files as one archive, by a signed link asked for at the click.
    const [archive] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: t.downloadAll }).click(),
    ]);
    expect(archive.suggestedFilename()).toMatch(/\.zip$/);

    // Start: the player at the handout, read to the end; the course opens.
    await p.getByRole('link', { name: t.start, exact: true }).click();
    await p.waitForURL((u) => u.pathname === localePath(lang, '/watch/task'));
    await p.getByRole('heading', { level: 2, name: handout.title }).waitFor();
    await readToTheEnd(p, t.pdfNext);
    await p.locator('.ant-message').getByText(t.itemDone, { exact: true }).waitFor();
    const side = p.locator('aside.portal-watch-side');
    await expect.poll(() => itemRow(side, handout.id).locator('.portal-task-item-state').textContent()).toBe(t.done);
    await expect.poll(() => itemRow(side, course.id).getAttribute('data-locked')).toBeNull();
    expect(await p.getByTestId('task-progress').textContent()).toBe(t.progress(33, 1, 3));
    expect(await p.locator('.portal-watch-head .portal-task-status').textContent()).toBe(t.learning);
  });

  it('the demo learner’s study projects in the training records (to its page, the export); a coaching task’s mentor; a check-in item’s plan', async () => {
    const t = TEXTS.zh;
    const p = page();
    const eid = 1001;
    const [project] = await db
      .select()
      .from(schema.studyProjects)
      .where(and(eq(schema.studyProjects.eid, eid), eq(schema.studyProjects.title, demoTaskTitle(eid, 'projectOpen'))));
    await signInAs(session.b, ZHANG, { path: '/account?change=2&section=project' });
    expect(await p.getByRole('link', { name: t.projectsTab, exact: true }).getAttribute('aria-current')).toBe('page');
    const row = p.locator(`li.portal-task-row[data-project-id="${project!.id}"]`);
    await row.waitFor();
    expect(await row.locator('.portal-task-status').textContent()).toBe(t.learning);
    expect(await row.getByRole('link', { name: project!.title }).getAttribute('href')).toBe(
      `/knowledge/project/info?id=${project!.id}`,
    );
    await p.getByRole('button', { name: t.export }).click();
    await p.locator('.ant-message').getByText(t.exported, { exact: true }).waitFor();
    // The pointer off the button: antd's hover shade of the site's colour is not what is checked here.
    await p.mouse.move(0, 0);
    await expectAccessible(p, 'project records');

    // The coaching task's page: the learner's mentor and the steps' confirmations.
    const [coaching] = await db
      .select()
      .from(schema.studyTasks)
      .where(and(eq(schema.studyTasks.eid, eid), eq(schema.studyTasks.title, demoTaskTitle(eid, 'coaching'))));
    await p.goto(url(`/account/task/info?id=${coaching!.id}`));
    const mentor = p.getByTestId('task-mentor');
    await mentor.waitFor();
    expect(await mentor.textContent()).toMatch(/导师已确认 \d+\/\d+ 步/);
    expect(await mentor.textContent()).not.toContain(t.noMentor);
    await expectAccessible(p, 'coaching task');

    // The sign-in task in the player: its check-in plan, and the way to my check-ins.
    const [checkInTask] = await db
      .select()
      .from(schema.studyTasks)
      .where(and(eq(schema.studyTasks.eid, eid), eq(schema.studyTasks.title, demoTaskTitle(eid, 'checkIn'))));
    await p.goto(url(`/watch/task?id=${checkInTask!.id}`));
    const plan = p.getByTestId('task-check-in-plan');
    await plan.waitFor();
    expect(await plan.textContent()).toContain(t.checkInWindow);
    expect(await p.getByRole('link', { name: t.openCheckIn }).getAttribute('href')).toBe('/account?change=9');
    await expectAccessible(p, 'check-in item');
  });
});
