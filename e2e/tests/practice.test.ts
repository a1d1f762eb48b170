import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connectDatabase, schema, type Db } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable } from '../browser.ts';
import { signInAs } from '../sign-in-as.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip, localePath, waitForPath, type Lang } from '../langs.ts';
import { expectAccessible } from '../a11y.ts';
import { portal } from '../portal.ts';

// Practice and the error book (issue 13 item 5): a learner practises a set from the training
// records answering one question wrong, sees it in the error book, practises the error book right
// twice and sees it cleared; the summary and the analysis; the English texts.
const TEXTS = {
  zh: {
    tab: '练习',
    start: '开始练习',
    again: '再练一次',
    submit: '提交答案',
    next: '下一题',
    finish: '结束练习',
    right: '回答正确',
    wrong: '回答错误',
    added: '该题已加入错题本',
    streak: '已连续答对 1 次，再答对 1 次即可移出错题本',
    cleared: '已连续答对 2 次，该题已移出错题本',
    questionOf: (n: number, total: number) => `第 ${n}/${total} 题`,
    blank: (n: number) => `第 ${n} 空`,
    rightAnswer: '正确答案：',
    analysis: '解析：',
    done: '练习完成',
    figures: ['题目数', '已答', '答对', '答错', '正确率', '用时'],
    toBook: '查看错题本',
    errorBook: '错题本',
    bookCount: (n: number) => `共 ${n} 道错题`,
    clearRule: '连续答对 2 次即可移出错题本',
    wrongTimes: (n: number) => `答错 ${n} 次`,
    streakOf: (s: number) => `连续答对 ${s}/2`,
    practise: '练习错题',
    errorRound: '错题练习',
    empty: '错题本中暂无错题',
    analysisTitle: '练习分析',
    byType: '按题型',
    byDifficulty: '按难度',
    columns: ['题型', '作答题数', '答对题数', '正确率'],
    single: '单选题',
    sheet: '答题卡',
  },
  en: {
    tab: 'Practice',
    start: 'Start practice',
    again: 'Practise again',
    submit: 'Submit answer',
    next: 'Next',
    finish: 'Finish practice',
    right: 'Correct',
    wrong: 'Wrong',
    added: 'Added to your error book',
    questionOf: (n: number, total: number) => `Question ${n} of ${total}`,
    blank: (n: number) => `Blank ${n}`,
    rightAnswer: 'Correct answer:',
    analysis: 'Explanation:',
    done: 'Practice finished',
    figures: ['Questions', 'Answered', 'Right', 'Wrong', 'Accuracy', 'Time'],
    toBook: 'Open the error book',
    errorBook: 'Error book',
    bookCount: (n: number) => `${n} questions to review`,
    clearRule: 'Answer a question right 2 times in a row to remove it',
    wrongTimes: (n: number) => `Wrong ${n} times`,
    streakOf: (s: number) => `Right in a row ${s}/2`,
    practise: 'Practise these questions',
    errorRound: 'Error book practice',
    empty: 'Your error book is empty',
    analysisTitle: 'Practice analysis',
    byType: 'By question type',
    byDifficulty: 'By difficulty',
    columns: ['Question type', 'Answered', 'Right', 'Accuracy'],
    single: 'Single choice',
    sheet: 'Answer sheet',
  },
} as const;

/** The default demo site (localhost). */
const EID = 1001;
type Question = typeof schema.examQuestions.$inferSelect;

describe.runIf(browserAvailable())('practice and the error book', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** A practice set of its own on the demo site: a single choice, a true/false and a fill-in, all three a round. */
  async function createSet(title: string) {
    const [bank] = await db
      .insert(schema.questionBanks)
      .values({ eid: EID, title: `${title}题库` })
      .returning();
    const questions = await db
      .insert(schema.examQuestions)
      .values([
        {
          eid: EID,
          bankId: bank!.id,
          questionType: 1,
          difficulty: 1,
          stem: `${title}：灭火器压力表指针在哪个区域表示正常？`,
          options: [
            { key: 'A', text: '红色区域' },
            { key: 'B', text: '绿色区域' },
            { key: 'C', text: '黄色区域' },
          ],
          answer: ['B'],
          analysis: '指针在绿色区域表示压力正常。',
        },
        {
          eid: EID,
          bankId: bank!.id,
          questionType: 3,
          difficulty: 1,
          stem: `${title}：电梯可以在火灾时用于疏散。`,
          options: [
            { key: 'T', text: '' },
            { key: 'F', text: '' },
          ],
          answer: ['F'],
          analysis: '火灾时禁止乘坐电梯。',
        },
        {
          eid: EID,
          bankId: bank!.id,
          questionType: 4,
          difficulty: 2,
          stem: `${title}：火警电话是____。`,
          blanks: [['119']],
          analysis: '火警电话119。',
        },
      ])
      .returning();
    const [set] = await db
      .insert(schema.practiceSets)
      .values({ eid: EID, title, intro: '消防安全基础知识', bankId: bank!.id, questionCount: 3 })
      .returning();
    return { set: set!, questions };
  }

  /** The question the round shows now. */
  async function current(p: Page, questions: Question[]): Promise<Question> {
    const article = p.locator('.portal-practice-question');
    const id = Number(await article.getAttribute('data-question-id'));
    return questions.find((q) => q.id === id)!;
  }

  /** Answers the question shown, right or (a single choice only) wrong, and submits it. */
  async function answer(p: Page, lang: Lang, q: Question, right: boolean) {
    const t = TEXTS[lang];
    const article = p.locator('.portal-practice-question');
    if (q.questionType === 4) {
      await article.getByRole('textbox', { name: t.blank(1) }).fill(q.blanks[0]![0]!);
    } else {
      const key = right ? q.answer[0]! : q.options.find((o) => !q.answer.includes(o.key))!.key;
      const option = q.options.find((o) => o.key === key)!;
      const label = q.questionType === 3 ? (key === 'T' ? '正确' : '错误') : `${key}. ${option.text}`;
      await article
        .getByRole('radio', { name: lang === 'en' && q.questionType === 3 ? (key === 'T' ? 'True' : 'False') : label })
        .check();
    }
    await article.getByRole('button', { name: t.submit }).click();
    const mark = article.locator('.portal-practice-mark');
    await mark.waitFor();
    expect(await mark.locator('.ant-alert-title').textContent()).toBe(right ? t.right : t.wrong);
    return mark;
  }

  it('practises a set answering one wrong, finds it in the error book, practises the book right twice and sees it cleared', async () => {
    const t = TEXTS.zh;
    const p = page();
    const title = `消防练习${Date.now() % 100000}`;
    const { set, questions } = await createSet(title);
    const single = questions.find((q) => q.questionType === 1)!;
    const learner = await createLearner(EID);
    await signInAs(session.b, learner, { path: '/account?change=2&section=practice' });
    await declineProfileTip(p, 'zh');

    // The training records' 练习 section lists the set; 开始练习 starts a round.
    expect(await p.getByRole('navigation', { name: '培训档案分类' }).getByRole('link').allTextContents()).toEqual([
      '考试',
      t.tab,
      '学习任务',
      '学习项目',
      '任务记录',
    ]);
    const row = p.locator(`.portal-practice-set[data-set-id="${set.id}"]`);
    await row.waitFor();
    expect(await row.getByRole('heading', { level: 3 }).textContent()).toBe(title);
    expect(await row.textContent()).toContain('每次 3 题');
    expect(await row.textContent()).toContain('尚未练习');
    await row.getByRole('button', { name: t.start }).click();
    await p.waitForURL((u) => u.pathname === '/account/practice/detail' && u.searchParams.has('recordId'));
    const recordId = Number(new URL(p.url()).searchParams.get('recordId'));
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(title);

    // Three questions in a random order: the single choice wrong, the others right.
    for (let n = 1; n <= 3; n++) {
      await expect.poll(() => p.locator('.portal-practice-number').textContent()).toContain(t.questionOf(n, 3));
      const q = await current(p, questions);
      const mark = await answer(p, 'zh', q, q.id !== single.id);
      expect(await mark.textContent()).toContain(q.analysis);
      if (q.id === single.id) {
        expect(await mark.locator('.portal-practice-right-answer').textContent()).toBe('B. 绿色区域');
        expect(await mark.textContent()).toContain(t.added);
        await expectAccessible(p, 'a wrong answer with its right answer and analysis');
      }
      const cell = p
        .getByRole('complementary', { name: t.sheet })
        .locator('.portal-practice-cell')
        .nth(n - 1);
      expect(await cell.getAttribute('data-state')).toBe(q.id === single.id ? 'wrong' : 'right');
      if (n < 3) await p.getByRole('button', { name: t.next }).click();
    }
    // The answers are stored on the server: a reload shows them marked.
    await p.reload();
    await expect
      .poll(() =>
        p.locator('.portal-practice-cell').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state'))),
      )
      .toEqual(expect.arrayContaining(['wrong', 'right', 'right']));
    // A click before the page has hydrated is lost: the sheet's second cell, until it is current.
    const second = p.locator('.portal-practice-cell').nth(1);
    await expect
      .poll(async () => {
        await second.click();
        return second.getAttribute('aria-current');
      })
      .toBe('step');
    await p.getByRole('button', { name: t.finish }).click();
    await waitForPath(p, 'zh', `/account/practice/success?recordId=${recordId}`);
    await p.getByRole('heading', { level: 2, name: t.done }).waitFor();
    const figures = p.locator('.portal-practice-figures');
    expect(await figures.locator('dt').allTextContents()).toEqual(t.figures);
    expect((await figures.locator('dd').allTextContents()).slice(0, 5)).toEqual(['3', '3', '2', '1', '66%']);

    // The error book holds the single choice, wrong once.
    await p.getByRole('link', { name: t.toBook }).click();
    await waitForPath(p, 'zh', '/account/practice/error');
    const entry = p.locator(`.portal-practice-entry[data-question-id="${single.id}"]`);
    await entry.waitFor();
    expect(await p.locator('.portal-practice-entry').count()).toBe(1);
    expect(await p.locator('.portal-practice-book-count').textContent()).toBe(t.bookCount(1) + t.clearRule);
    expect(await entry.locator('.portal-practice-stem').textContent()).toBe(single.stem);
    expect(await entry.textContent()).toContain('上次答案：A. 红色区域');
    expect(await entry.locator('.portal-practice-wrong-times').textContent()).toBe(t.wrongTimes(1));
    expect(await entry.locator('.portal-practice-streak').textContent()).toBe(t.streakOf(0));

    // Practised right twice, in two rounds over the book, it is cleared.
    for (const round of [1, 2]) {
      await p.getByRole('button', { name: t.practise }).click();
      await p.waitForURL(
        (u) => u.pathname === '/account/practice/detail' && Number(u.searchParams.get('recordId')) > recordId,
      );
      await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(t.errorRound);
      expect(await p.locator('.portal-practice-number').textContent()).toContain(t.questionOf(1, 1));
      expect((await current(p, questions)).id).toBe(single.id);
      const mark = await answer(p, 'zh', single, true);
      expect(await mark.locator('.portal-practice-book-note').textContent()).toBe(round === 1 ? t.streak : t.cleared);
      await p.getByRole('button', { name: t.finish }).click();
      await p.waitForURL((u) => u.pathname === '/account/practice/success');
      await p.getByRole('heading', { level: 2, name: t.done }).waitFor();
      if (round === 1) {
        // The summary offers the book again; the book shows the streak.
        await p.getByRole('link', { name: t.toBook }).click();
        await waitForPath(p, 'zh', '/account/practice/error');
        await expect.poll(() => entry.locator('.portal-practice-streak').textContent()).toBe(t.streakOf(1));
      }
    }
    await p.getByRole('link', { name: t.toBook }).click();
    await waitForPath(p, 'zh', '/account/practice/error');
    await p.locator('.ant-empty-description').getByText(t.empty, { exact: true }).waitFor();
    expect(await p.getByRole('button', { name: t.practise }).isDisabled()).toBe(true);

    // The analysis: single choice answered three times, right twice.
    await p.goto(new URL(localePath('zh', '/account/practice/analysis'), p.url()).href);
    await p.getByRole('heading', { level: 1, name: t.analysisTitle }).waitFor();
    const tables = p.locator('.portal-practice-table');
    expect(await tables.first().locator('thead th').allTextContents()).toEqual(t.columns);
    const singleRow = tables.first().locator('tbody tr').filter({ hasText: t.single });
    expect((await singleRow.locator('td').allTextContents()).slice(0, 3)).toEqual([t.single, '3', '2']);
    expect(await singleRow.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('66');
  });

  it('in English: the practice list, a wrong answer, the summary, the error book and the analysis', async () => {
    const t = TEXTS.en;
    const p = page();
    const title = `Fire drill ${Date.now() % 100000}`;
    const { set, questions } = await createSet(title);
    const single = questions.find((q) => q.questionType === 1)!;
    const learner = await createLearner(EID);
    await signInAs(session.b, learner, { path: '/account?change=2&section=practice', lang: 'en' });
    await declineProfileTip(p, 'en');
    expect(
      await p.getByRole('navigation', { name: 'Training record sections' }).getByRole('link').allTextContents(),
    ).toEqual(['Exams', t.tab, 'Study tasks', 'Study projects', 'Task records']);
    const row = p.locator(`.portal-practice-set[data-set-id="${set.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('3 questions a round');
    expect(await row.textContent()).toContain('Not practised yet');
    await row.getByRole('button', { name: t.start }).click();
    await p.waitForURL((u) => u.pathname === '/en/account/practice/detail');
    const recordId = Number(new URL(p.url()).searchParams.get('recordId'));

    // Go to the single choice on the answer sheet and answer it wrong. (The URL changes before
    // the round is rendered: a navigation is a transition.)
    const cells = p.locator('.portal-practice-cell');
    await expect.poll(() => cells.count()).toBe(3);
    let index = -1;
    for (let i = 0; i < 3 && index < 0; i++) {
      await cells.nth(i).click();
      await expect.poll(() => cells.nth(i).getAttribute('aria-current')).toBe('step');
      if ((await current(p, questions)).id === single.id) index = i;
    }
    expect(index).toBeGreaterThanOrEqual(0);
    expect(await p.locator('.portal-practice-number').textContent()).toContain(t.questionOf(index + 1, 3));
    const mark = await answer(p, 'en', single, false);
    expect(await mark.textContent()).toContain(t.rightAnswer);
    expect(await mark.textContent()).toContain(t.analysis);
    expect(await mark.locator('.portal-practice-book-note').textContent()).toBe(t.added);
    await p.getByRole('button', { name: t.finish }).click();
    // Two questions open: the confirmation.
    const dialog = p.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('2 questions are not answered yet. Finish the practice anyway?');
    await expectAccessible(p, 'finish confirmation');
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await waitForPath(p, 'en', `/account/practice/success?recordId=${recordId}`);
    await p.getByRole('heading', { level: 2, name: t.done }).waitFor();
    expect(await p.locator('.portal-practice-figures dt').allTextContents()).toEqual(t.figures);
    expect((await p.locator('.portal-practice-figures dd').allTextContents()).slice(0, 5)).toEqual([
      '3',
      '1',
      '0',
      '1',
      '0%',
    ]);
    expect(await p.getByRole('button', { name: t.again }).count()).toBe(1);

    await p.getByRole('link', { name: t.toBook }).click();
    await waitForPath(p, 'en', '/account/practice/error');
    await p.getByRole('heading', { level: 1, name: t.errorBook }).waitFor();
    expect(await p.locator('.portal-practice-book-count').textContent()).toBe(t.bookCount(1) + t.clearRule);
    const entry = p.locator(`.portal-practice-entry[data-question-id="${single.id}"]`);
    expect(await entry.locator('.portal-practice-wrong-times').textContent()).toBe(t.wrongTimes(1));
    expect(await entry.locator('.portal-practice-streak').textContent()).toBe(t.streakOf(0));
    expect(await entry.textContent()).toContain('Single choice');
    expect(await p.getByRole('button', { name: t.practise }).count()).toBe(1);

    await p.goto(new URL(localePath('en', '/account/practice/analysis'), p.url()).href);
    await p.getByRole('heading', { level: 1, name: t.analysisTitle }).waitFor();
    expect(await p.locator('.portal-practice-analysis').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      t.byType,
      t.byDifficulty,
    ]);
    const tables = p.locator('.portal-practice-table');
    expect(await tables.first().locator('thead th').allTextContents()).toEqual(t.columns);
    const singleRow = tables.first().locator('tbody tr').filter({ hasText: t.single });
    expect((await singleRow.locator('td').allTextContents()).slice(0, 3)).toEqual([t.single, '1', '0']);
  });
});
