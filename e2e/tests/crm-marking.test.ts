import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AttemptStatus,
  finishExam,
  saveExamAnswers,
  startExam,
  viewExamPaper,
  viewExamResult,
} from '@portal/contract/calls/exam';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { browserAvailable } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// Marking in the back office (issue 22 item 4, decision 048): a learner sits an exam with a short
// answer (from Node, as the exam page would), the demo administrator marks it in the marking
// queue beside the reference answer, and the learner's result is marked and passed. The exam is
// this test's own (on the demo marking exam's paper), deleted afterwards with its attempt.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const LEARNER = { phone: '13800000001', password: 'Demo@2026' };
const RUN = Date.now().toString(36).slice(-5);
const TASK = `E2E阅卷考试${RUN}`;

describe.runIf(browserAvailable())('the back office: marking', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  let taskId = 0;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
    const [marking] = await db
      .select({ paperId: schema.examTasks.paperId })
      .from(schema.examTasks)
      .where(and(eq(schema.examTasks.eid, EID), eq(schema.examTasks.title, '应急处置能力考核')));
    const [task] = await db
      .insert(schema.examTasks)
      .values({
        eid: EID,
        title: TASK,
        paperId: marking!.paperId,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 86_400_000),
        durationMinutes: 30,
        passScoreTenths: 600,
      })
      .returning();
    taskId = task!.id;
  });
  afterAll(async () => {
    if (!db) return;
    if (taskId)
      await db.delete(schema.examTasks).where(and(eq(schema.examTasks.eid, EID), eq(schema.examTasks.id, taskId)));
    await database.close();
  });

  it('a learner’s short answer is marked beside its reference answer, and the learner sees the result', async () => {
    const learner = await signInByCall(LEARNER, undefined, EID);
    const { attemptId } = await learner(startExam, { taskId });
    const paper = await learner(viewExamPaper, { attemptId });
    // Some answer to every question, of the shape its type takes; the short answer written out.
    const answerOf = (q: (typeof paper.questions)[number]): string[] => {
      if (q.questionType === 5) return ['先切断电源，再用干燥木棍挑开电线，拨打120。'];
      if (q.questionType === 4) return Array.from({ length: q.blankCount }, () => '甲');
      if (q.questionType === 6) return q.items.map(() => q.options[0]!.key);
      return [q.options[0]?.key ?? 'T'];
    };
    const answers = paper.questions.map((q, i) => ({ questionId: q.questionId, answer: answerOf(q), seq: i + 1 }));
    await learner(saveExamAnswers, { attemptId, answers });
    const submitted = await learner(finishExam, { attemptId });
    expect(submitted.status).toBe(AttemptStatus.WAITING_FOR_MARKING);

    await signInAs(session.b, ADMIN, { path: '/crm/marking' });
    await page().getByRole('heading', { name: '阅卷' }).waitFor();
    await page().waitForLoadState('networkidle');
    const row = page().locator('tbody tr.ant-table-row').filter({ hasText: TASK });
    await row.getByRole('link', { name: '阅卷' }).click();
    await page()
      .getByRole('heading', { name: `阅卷：${TASK}` })
      .waitFor();
    await page().waitForLoadState('networkidle');
    await page()
      .getByText(/^本答卷已为你保留至/)
      .waitFor();
    await page().getByText('先切断电源，再用干燥木棍挑开电线，拨打120。').waitFor();
    await page().getByRole('region', { name: '参考答案 1' }).waitFor();
    await expectAccessible(page(), 'marking an attempt');
    // No score: the form says which is missing.
    await page().getByRole('button', { name: '提交评分' }).click();
    await page().getByText('第1题得分').last().waitFor();
    await page()
      .getByRole('button', { name: /^满\s?分$/ })
      .click();
    await page().getByLabel('第1题评语').fill('要点齐全');
    await page().getByRole('button', { name: '提交评分' }).click();
    await page()
      .getByText(/^已评分：[\d.]+分，/)
      .waitFor();

    const result = await learner(viewExamResult, { attemptId });
    expect(result.status).toBe(AttemptStatus.MARKED);
    const short = result.questions.find((q) => q.questionType === 5);
    expect(short).toMatchObject({ markerComment: '要点齐全' });
  });

  it('in English: the queue and the marking page’s texts', async () => {
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/marking' });
    await page().getByRole('heading', { name: 'Marking' }).waitFor();
    await page().getByRole('columnheader', { name: 'Short answers' }).waitFor();
    await page().getByRole('button', { name: 'Start marking' }).waitFor();
  });
});
