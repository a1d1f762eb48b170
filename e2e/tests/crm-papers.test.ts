import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { browserAvailable } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';
import { chooseOption, openedDialog } from '../antd.ts';

// The back office's papers (issue 22 item 2, decision 047): the demo administrator builds a
// random paper on the demo bank (a rule the bank cannot fill flagged before saving and refused
// with its reason), previews it as a taker sees it; a fixed paper of picked questions in English.
// What it adds is deleted afterwards.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const RUN = Date.now().toString(36).slice(-5);
const PREFIX = `E2E试卷${RUN}`;

describe.runIf(browserAvailable())('the back office: papers', () => {
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
      .delete(schema.examPapers)
      .where(and(eq(schema.examPapers.eid, EID), like(schema.examPapers.title, `${PREFIX}%`)));
    await database.close();
  });

  it('the administrator builds a random paper by rules, the bank’s stock checked, and previews it', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/papers' });
    await page().getByRole('heading', { name: '试卷管理' }).waitFor();
    await page().waitForLoadState('networkidle');
    // The demo site's random paper is listed.
    await page().getByRole('link', { name: '安全生产随机组卷' }).waitFor();
    await page().getByRole('button', { name: '新建试卷' }).click();
    await page().getByRole('heading', { name: '新建试卷' }).waitFor();
    await page().waitForLoadState('networkidle');
    const form = page().locator('form#paper');
    await form.getByLabel('试卷名称').fill(`${PREFIX}随机`);
    await form.getByRole('radio', { name: '随机试卷' }).check();
    await form.getByRole('button', { name: '添加规则' }).click();
    await chooseOption(page(), form, '题库 1', '安全生产知识题库');
    await chooseOption(page(), form, '题型 1', '判断题');
    await form.getByLabel('抽题数量 1').fill('50');
    // The bank's stock is shown beside the rule before anything is sent.
    await form.getByText(/^题库中只有\d+道$/).waitFor();
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await page()
      .getByText(/^第1条规则：题库“安全生产知识题库”中符合条件的判断题只有\d+道，少于要抽取的50道$/)
      .waitFor();
    await form.getByLabel('抽题数量 1').fill('2');
    await form.getByText('可抽', { exact: false }).waitFor();
    await form.getByLabel('每题分值 1').fill('5');
    await form.getByText('共2题，总分10分').waitFor();
    await expectAccessible(page(), 'paper editor');
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await page().waitForURL(/\/crm\/papers\/\d+$/);
    const [paper] = await db
      .select()
      .from(schema.examPapers)
      .where(and(eq(schema.examPapers.eid, EID), eq(schema.examPapers.title, `${PREFIX}随机`)));
    expect(paper).toMatchObject({
      mode: 2,
      rules: [expect.objectContaining({ questionType: 3, count: 2, scoreTenths: 50 })],
    });

    await page().waitForLoadState('networkidle');
    await page().getByRole('link', { name: '预览' }).click();
    await page()
      .getByRole('heading', { name: `预览：${PREFIX}随机` })
      .waitFor();
    // Two true/false questions, as a taker sees them: 正确/错误 to choose, no key anywhere.
    await expect.poll(() => page().locator('.portal-exam-question').count()).toBe(2);
    expect(await page().getByRole('radio', { name: '正确' }).count()).toBe(2);
    await page().getByText('共2题，总分10分').waitFor();
    await expectAccessible(page(), 'paper preview');
  });

  it('in English: a fixed paper of questions picked from a bank, their scores set', async () => {
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/papers/new' });
    await page().getByRole('heading', { name: 'New paper' }).waitFor();
    await page().waitForLoadState('networkidle');
    const form = page().locator('form#paper');
    await form.getByRole('button', { name: /^Save$/ }).click();
    await form.getByText('Please enter the paper’s name').waitFor();
    await page().getByText('Add the questions').waitFor();
    await form.getByLabel('Paper name').fill(`${PREFIX} fixed`);
    await form.getByRole('button', { name: 'Add questions' }).click();
    const picker = await openedDialog(page(), 'Add questions from a bank');
    const rows = picker.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await picker.getByRole('button', { name: 'Add the chosen (2)' }).click();
    await picker.waitFor({ state: 'hidden' });
    await form.getByLabel('Score 1').fill('40');
    await form.getByLabel('Score 2').fill('60');
    await form.getByText('2 questions, 100 points in all').waitFor();
    await form.getByRole('button', { name: /^Save$/ }).click();
    await page().waitForURL(/\/en\/crm\/papers\/\d+$/);
    const [paper] = await db
      .select()
      .from(schema.examPapers)
      .where(and(eq(schema.examPapers.eid, EID), eq(schema.examPapers.title, `${PREFIX} fixed`)));
    const held = await db
      .select()
      .from(schema.examPaperQuestions)
      .where(and(eq(schema.examPaperQuestions.eid, EID), eq(schema.examPaperQuestions.paperId, paper!.id)));
    expect(held.map((x) => x.scoreTenths).sort()).toEqual([400, 600]);
  });
});
