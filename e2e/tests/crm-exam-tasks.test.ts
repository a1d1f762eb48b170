import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { findExamTasks, finishExam, saveExamAnswers, startExam, viewExamPaper } from '@portal/contract/calls/exam';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { browserAvailable } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';
import { chooseOption, openedDialog, openedList } from '../antd.ts';

// Exam tasks in the back office (issue 22 item 3, decision 049): the demo administrator gives an
// exam on the demo random paper to one department; the demo learner of that department is given
// it (and a learner of no department named would not be: the API test shows it). English texts.
// What it adds is deleted afterwards.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const LEARNER = { phone: '13800000001', password: 'Demo@2026' };
const RUN = Date.now().toString(36).slice(-5);
const PREFIX = `E2E考试${RUN}`;

describe.runIf(browserAvailable())('the back office: exam tasks', () => {
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
    await db
      .delete(schema.examTasks)
      .where(and(eq(schema.examTasks.eid, EID), like(schema.examTasks.title, `${PREFIX}%`)));
    await database.close();
  });

  it('the administrator gives an exam on the random paper to the sales department; its learner is given it', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/exam-tasks/new' });
    await page().getByRole('heading', { name: '新建考试' }).waitFor();
    await page().waitForLoadState('networkidle');
    const form = page().locator('form#examTask');
    await form.getByLabel('考试名称').fill(`${PREFIX}销售部`);
    await chooseOption(page(), form, '试卷', '安全生产随机组卷');
    await form.getByText(/^试卷总分[\d.]+分$/).waitFor();
    await form.getByLabel('及格分').fill('10');
    await form.getByLabel('部门').click();
    await openedList(page()).getByTitle('销售部', { exact: true }).click();
    await page().keyboard.press('Escape');
    await expectAccessible(page(), 'exam task editor');
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await page().waitForURL(/\/crm\/exam-tasks\/\d+$/);
    const [task] = await db
      .select()
      .from(schema.examTasks)
      .where(and(eq(schema.examTasks.eid, EID), eq(schema.examTasks.title, `${PREFIX}销售部`)));
    expect(task).toMatchObject({ passScoreTenths: 100, published: true });
    const given = await db
      .select()
      .from(schema.examTaskAssignments)
      .where(and(eq(schema.examTaskAssignments.eid, EID), eq(schema.examTaskAssignments.taskId, task!.id)));
    expect(given.map((g) => g.targetType)).toEqual([2]);

    const learner = await signInByCall(LEARNER, undefined, EID);
    const mine = await learner(findExamTasks, { keyword: PREFIX });
    expect(mine.list.map((x) => x.title)).toEqual([`${PREFIX}销售部`]);

    // The learner sits it (some answer to every question) and submits. A new exam opens at the
    // next hour: this one is opened now.
    await db
      .update(schema.examTasks)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(and(eq(schema.examTasks.eid, EID), eq(schema.examTasks.id, task!.id)));
    const { attemptId } = await learner(startExam, { taskId: task!.id });
    const paper = await learner(viewExamPaper, { attemptId });
    const answerOf = (q: (typeof paper.questions)[number]): string[] =>
      q.questionType === 4
        ? Array.from({ length: q.blankCount }, () => '甲')
        : q.questionType === 6
          ? q.items.map(() => q.options[0]!.key)
          : [q.options[0]?.key ?? 'T'];
    await learner(saveExamAnswers, {
      attemptId,
      answers: paper.questions.map((q, i) => ({ questionId: q.questionId, answer: answerOf(q), seq: i + 1 })),
    });
    await learner(finishExam, { attemptId });

    // The results: the learner's row, their attempt with its log, one more attempt with a reason.
    await page().goto(
      page()
        .url()
        .replace(/\/crm\/exam-tasks\/\d+$/, '/crm/exam-tasks'),
    );
    const listed = page()
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: `${PREFIX}销售部` });
    await listed.getByRole('link', { name: '成绩' }).click();
    await page()
      .getByRole('heading', { name: `成绩：${PREFIX}销售部` })
      .waitFor();
    await page().waitForLoadState('networkidle');
    const row = page().locator('tbody tr.ant-table-row').filter({ hasText: '张晓明' });
    await row.getByRole('button', { name: '作答记录' }).click();
    const drawer = page().getByRole('dialog', { name: /张晓明/ });
    await drawer.getByRole('heading', { name: '第1次作答' }).waitFor();
    await drawer.getByText('开始作答').first().waitFor();
    await drawer.getByText('交卷', { exact: true }).first().waitFor();
    await expectAccessible(page(), 'exam results with an attempt log');
    await page().keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: '重新开放' }).click();
    const dialog = await openedDialog(page(), '为张晓明重新开放一次考试');
    await dialog.getByLabel('原因').fill('考试中网络中断');
    await dialog.getByRole('button', { name: '重新开放' }).click();
    await page().getByText('已重新开放：现可考2次').waitFor();
    await expect.poll(() => row.innerText()).toContain('1/2');
    // Exported: the export job's file, offered when it is done.
    await page()
      .getByRole('button', { name: /^导\s?出$/ })
      .click();
    const ready = page().getByRole('dialog').filter({ hasText: '导出完成' });
    await ready.getByRole('link', { name: /下载文件：考试成绩-\d+\.xlsx/ }).waitFor();
    await ready.getByRole('button').last().click();
    await ready.waitFor({ state: 'hidden' });
  });

  it('in English: the exam’s form and its messages', async () => {
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/exam-tasks/new' });
    await page().getByRole('heading', { name: 'New exam' }).waitFor();
    await page().waitForLoadState('networkidle');
    const form = page().locator('form#examTask');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Please enter the exam’s name').waitFor();
    await form.getByText('Choose the paper').waitFor();
    await form.getByText('Who takes it').waitFor();
  });
});
