import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { GATEWAY_PREFIX } from '@portal/contract/call';
import { saveExamAnswer, saveExamAnswers } from '@portal/contract/calls/exam';
import { connectDatabase, schema, type AttemptQuestion, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { pdfText } from '../pdf-text.ts';
import { browserAvailable } from '../browser.ts';
import { declineProfileTip, localePath, type Lang } from '../langs.ts';
import { openedDialog, openedList } from '../antd.ts';
import { browserSession } from '../session.ts';
import { createLearner } from '../accounts.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The exam pages (issue 13 items 2–4): the demo learner opens the open demo exam from the training
// records, starts it, answers its six objective types right, leaves the page (counted by the
// server past its grace: the leave's time is moved back in the database, the server's clock driven
// rather than slept on), loses the network for a save and reloads (answers and timer kept, the
// reload no leave), submits and sees the
// pass and the certificate; the SFJ admission ticket's 7005 dialog; and the English flow on the
// English site, where leaving the page past the limit submits the paper (7603). Every e2e run starts
// a fresh portal and database (global-setup.ts): the demo exam's 3 attempts are there.
const TEXTS = {
  zh: {
    recordsTitle: '培训档案',
    filters: ['全部', '待考试', '未开始', '通过', '未通过', '等待批阅', '缺考'],
    waiting: '待考试',
    passedLabel: '通过',
    notStarted: '未开始',
    start: '开始考试',
    // antd spaces a two-character Chinese button text.
    submit: '交 卷',
    facts: { duration: '20分钟', rule: '离开考试页面超过3次将自动交卷' },
    attempts: (used: number) => `已考 ${used} 次，共 3 次`,
    exam: 'exam',
    timeLeft: '剩余时间',
    sheet: '答题卡',
    flag: '标记本题',
    true: '正确',
    false: '错误',
    blank: (n: number) => `第${n}空`,
    sheetItem: (n: number, answered: boolean, flagged = false) =>
      `第${n}题，${answered ? '已作答' : '未作答'}${flagged ? '，已标记' : ''}`,
    saved: '答案已保存',
    offline: '网络已断开：答案已暂存在本机，恢复网络后将自动保存',
    unsaved: (n: number) => `网络已断开 · ${n}个答案待保存`,
    confirmTitle: '确认交卷',
    confirmAll: '确定交卷吗？交卷后不能再修改答案。',
    result: '考试结果',
    passed: '考试通过',
    reasonTaker: '主动交卷',
    answersHidden: '答案与解析将在考试次数用完或考试结束后公布',
    certificateLink: '查看我的证书',
    records: '考试记录',
    attemptRow: '第1次',
    marked: '已批阅',
    notice: '温馨提示',
    ok: '确 定',
    ticket: '打印准考证',
    ticketTime: '准考证将于考试开始前3天开放打印，请届时登录平台下载打印。',
    notYet: '考试尚未开始',
  },
  en: {
    recordsTitle: 'Training records',
    filters: ['All', 'Waiting for exam', 'Not started', 'Passed', 'Failed', 'Waiting for marking', 'Absent'],
    waiting: 'Waiting for exam',
    facts: { duration: '20 minutes', rule: 'Leaving the exam page more than 3 times submits the paper' },
    attempts: (used: number) => `${used} used of 3`,
    start: 'Start the exam',
    export: 'Export',
    exported: 'Export submitted. When it is ready, download it from the Downloads list at the top right',
    timeLeft: 'Time left',
    sheet: 'Answer sheet',
    submit: 'Submit',
    true: 'True',
    false: 'False',
    blank: (n: number) => `Blank ${n}`,
    types: ['Single choice', 'Multiple choice', 'True/false', 'Fill in the blank', 'Matching', 'Indefinite choice'],
    warning: 'You have left the exam page 3 times; more than 3 submits the paper',
    over: 'The exam is over',
    switchLimit: 'Screen switch limit exceeded; the paper was submitted',
    ok: 'OK',
    result: 'Exam result',
    failed: 'Not passed',
    reasonSwitch: 'Left the page too often, submitted automatically',
  },
} as const;

/** The demo learners: 张晓明 of 1001 and 1002, 王磊 of 1003 and 1004. */
const ZHANG = { phone: '13800000001', password: 'Demo@2026' };
const WANG = { phone: '13800000003', password: 'Demo@2026' };
const OPEN_EXAM = { zh: '安全生产知识测验', en: 'Workplace safety quiz' };
const TICKET_EXAM = '年度执法资格考试';

const letter = (i: number) => String.fromCharCode(65 + i);
const optionName = (q: AttemptQuestion, key: string) => {
  const i = q.options.findIndex((o) => o.key === key);
  return `${letter(i)}. ${q.options[i]!.text}`;
};

/** The page was left (hidden, and the window blurred), as a switch to another tab or program does. */
async function leavePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('blur'));
  });
}

async function returnToPage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
}

/** Chooses an option of an antd Select once its list has finished opening (see e2e/antd.ts). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await openedList(page).locator(`.ant-select-item-option[title="${option}"]`).click();
}

/**
 * Answers one question of the exam page: right (the attempt's snapshot holds the keys; the page
 * never gets them), or wrong where `wrong` is set.
 */
async function answer(page: Page, q: AttemptQuestion, lang: Lang, wrong = false) {
  const t = TEXTS[lang];
  const item = page.locator(`li.portal-exam-question[data-question-id="${q.questionId}"]`);
  switch (q.questionType) {
    case 1: {
      const key = wrong ? q.options.find((o) => !q.answer.includes(o.key))!.key : q.answer[0]!;
      await item.getByRole('radio', { name: optionName(q, key) }).check();
      break;
    }
    case 3: {
      const key = wrong ? (q.answer[0] === 'T' ? 'F' : 'T') : q.answer[0]!;
      await item.getByRole('radio', { name: key === 'T' ? t.true : t.false, exact: true }).check();
      break;
    }
    case 2:
    case 7: {
      const keys = wrong ? q.options.filter((o) => !q.answer.includes(o.key)).map((o) => o.key) : q.answer;
      for (const key of keys) await item.getByRole('checkbox', { name: optionName(q, key) }).check();
      break;
    }
    case 4:
      for (const [i, accepted] of q.blanks.entries()) {
        await item.getByLabel(t.blank(i + 1), { exact: true }).fill(wrong ? 'x' : accepted[0]!);
      }
      break;
    case 6:
      for (const [i, it] of q.items.entries()) {
        const key = wrong ? q.answer[(i + 1) % q.answer.length]! : q.answer[i]!;
        await choose(page, item.getByRole('combobox', { name: it.text }), optionName(q, key));
      }
      break;
    default:
      throw new Error(`no demo answer for type ${q.questionType}`);
  }
}

describe.runIf(browserAvailable())('the exam pages', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  const accountOf = async (phone: string) =>
    (await db.select().from(schema.accounts).where(eq(schema.accounts.phone, phone)))[0]!.id;
  const taskOf = async (eid: number, title: string) =>
    (
      await db
        .select()
        .from(schema.examTasks)
        .where(and(eq(schema.examTasks.eid, eid), eq(schema.examTasks.title, title)))
    )[0]!;
  const attemptOf = async (eid: number, attemptId: number) =>
    (
      await db
        .select()
        .from(schema.examAttempts)
        .where(and(eq(schema.examAttempts.eid, eid), eq(schema.examAttempts.id, attemptId)))
    )[0]!;
  const savedAnswers = async (eid: number, attemptId: number) =>
    db
      .select()
      .from(schema.examAnswers)
      .where(and(eq(schema.examAnswers.eid, eid), eq(schema.examAnswers.attemptId, attemptId)));
  /** Seconds left of an attempt by the database's clock. */
  const secondsLeft = async (eid: number, attemptId: number) => {
    const [row] = await db
      .select({ s: sql<number>`extract(epoch from (${schema.examAttempts.deadlineAt} - now()))::float8` })
      .from(schema.examAttempts)
      .where(and(eq(schema.examAttempts.eid, eid), eq(schema.examAttempts.id, attemptId)));
    return Number(row!.s);
  };
  const timerSeconds = async () => {
    const [m, s] = (await page().getByTestId('exam-timer').textContent())!.split(':').map(Number);
    return m! * 60 + s!;
  };
  /**
   * The timer shows the server's time left: read between two reads of the database's clock, so a
   * slow machine's time between the reads widens the bounds instead of failing the test.
   */
  const expectTimerByServer = async (eid: number, attemptId: number) => {
    const before = await secondsLeft(eid, attemptId);
    const shown = await timerSeconds();
    const after = await secondsLeft(eid, attemptId);
    expect(shown).toBeGreaterThanOrEqual(Math.floor(after) - 2);
    expect(shown).toBeLessThanOrEqual(Math.ceil(before) + 2);
    return shown;
  };
  const attemptIdOf = () => Number(new URL(page().url()).searchParams.get('attemptId'));
  /**
   * The page away longer than the server's grace (3 s): left, the leave seen by the server, its
   * time moved back 10 s (the server's clock driven, no sleep), then back.
   */
  const awayPastGrace = async (eid: number, attemptId: number) => {
    const p = page();
    await leavePage(p);
    await expect.poll(async () => (await attemptOf(eid, attemptId)).leftAt).not.toBeNull();
    await db
      .update(schema.examAttempts)
      .set({ leftAt: sql`${schema.examAttempts.leftAt} - interval '10 seconds'` })
      .where(and(eq(schema.examAttempts.eid, eid), eq(schema.examAttempts.id, attemptId)));
    await returnToPage(p);
  };
  /** The site's grace of a leave (null: the default, 3 s). */
  const grace = (eid: number, seconds: number | null) =>
    db.execute(
      seconds === null
        ? sql`UPDATE website_settings SET individuation_options = individuation_options - 'examLeaveGraceSeconds' WHERE eid = ${eid}`
        : sql`UPDATE website_settings SET individuation_options = individuation_options || ${JSON.stringify({ examLeaveGraceSeconds: seconds })}::jsonb WHERE eid = ${eid}`,
    );
  /**
   * A toast never covers the timer: their boxes do not meet once it has arrived (while it slides in
   * from above, exam.css clips it at its container's top, below the bar).
   */
  const expectTimerClear = async (toast: Locator) => {
    await expect.poll(() => toast.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    expect(await page().evaluate(() => getComputedStyle(document.querySelector('.ant-message')!).clipPath)).not.toBe(
      'none',
    );
    const [a, b] = [await toast.boundingBox(), await page().getByTestId('exam-timer').boundingBox()];
    expect(a && b).toBeTruthy();
    const apart =
      a!.y >= b!.y + b!.height || b!.y >= a!.y + a!.height || a!.x >= b!.x + b!.width || b!.x >= a!.x + a!.width;
    expect(apart, `toast ${JSON.stringify(a)} over the timer ${JSON.stringify(b)}`).toBe(true);
  };

  // The suite's longest flow (a whole exam, a reload, the result, the certificate and its public
  // check): 61 s on a slow afternoon; the run's time-out (vitest.config.ts) allows for that.
  it('a learner takes the demo exam: every type answered right, a leave counted, a lost save kept over a reload, passed with a certificate', async () => {
    const t = TEXTS.zh;
    const p = page();
    const eid = 1001;
    // A learner of their own: passing earns points and a certificate, which the demo people's
    // totals in the other tests must not see.
    const learner = await createLearner(eid);
    const accountId = await accountOf(learner.phone);
    const task = await taskOf(eid, OPEN_EXAM.zh);
    const [before] = await db
      .select()
      .from(schema.examTaskRecords)
      .where(
        and(
          eq(schema.examTaskRecords.eid, eid),
          eq(schema.examTaskRecords.taskId, task.id),
          eq(schema.examTaskRecords.accountId, accountId),
        ),
      );
    const used = before?.attemptsUsed ?? 0;
    expect(used).toBeLessThan(3);

    // The training records: the exam tasks by status with their counts.
    await signInAs(session.b, learner, { path: '/account?change=2' });
    await declineProfileTip(p, 'zh');
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(t.recordsTitle);
    const filters = p.locator('.portal-exam-tasks .ant-segmented-item-label');
    await expect.poll(() => filters.locator('.portal-exam-count').count()).toBe(7);
    expect(await filters.locator('.portal-exam-filter-label').allTextContents()).toEqual(t.filters);
    const row = p.locator(`.portal-exam-task[data-task-id="${task.id}"]`);
    await row.waitFor();
    expect(await row.locator('.portal-exam-status').textContent()).toBe(t.waiting);
    await p.locator('.portal-exam-tasks .ant-segmented').getByText(t.waiting, { exact: true }).click();
    await p.waitForURL((u) => u.searchParams.get('status') === '4');
    await expect
      .poll(() => p.locator('.portal-exam-task .portal-exam-status').allTextContents())
      .not.toContain(t.notStarted);
    expect(await p.locator('.portal-exam-task .portal-exam-status').allTextContents()).toContain(t.waiting);

    // The task: its facts, then 开始考试 after the confirmation.
    await row.getByRole('link', { name: OPEN_EXAM.zh }).click();
    await p.waitForURL((u) => u.pathname === '/account/exam/info' && u.searchParams.get('id') === String(task.id));
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(OPEN_EXAM.zh);
    const facts = p.locator('.portal-exam-facts');
    expect(await facts.textContent()).toContain(t.facts.duration);
    expect(await facts.textContent()).toContain(t.facts.rule);
    expect(await p.getByTestId('exam-attempts').textContent()).toBe(t.attempts(used));
    await p.getByRole('button', { name: t.start }).click();
    const confirm = p.getByRole('dialog');
    await confirm.waitFor();
    await expectAccessible(p, 'start confirmation');
    await confirm.getByRole('button', { name: t.start }).click();
    await p.waitForURL((u) => u.pathname === '/account/exam/examQuestion');
    const attemptId = attemptIdOf();
    const attempt = await attemptOf(eid, attemptId);
    expect(attempt.accountId).toBe(accountId);
    const questions = attempt.paper;
    expect(new Set(questions.map((q) => q.questionType))).toEqual(new Set([1, 2, 3, 4, 6, 7]));

    // The exam page: the paper, the timer by the server's clock, the answer sheet.
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(OPEN_EXAM.zh);
    await expect.poll(() => timerSeconds()).toBeLessThanOrEqual(20 * 60);
    await expectTimerByServer(eid, attemptId);
    const sheet = p.getByRole('complementary', { name: t.sheet });
    expect(await sheet.getByRole('button').count()).toBe(questions.length);
    expect(await sheet.getByRole('button').first().getAttribute('aria-label')).toBe(t.sheetItem(1, false));

    // Every question but the last answered right, saved as it is answered.
    const last = questions[questions.length - 1]!;
    for (const q of questions.slice(0, -1)) await answer(p, q, 'zh');
    await expect
      .poll(async () => (await savedAnswers(eid, attemptId)).filter((a) => a.seq > 0).length)
      .toBe(questions.length - 1);
    await expect.poll(() => p.getByTestId('exam-save-status').textContent()).toBe(t.saved);
    expect(await sheet.getByRole('button').first().getAttribute('aria-label')).toBe(t.sheetItem(1, true));
    // Flagged for review: on the question and the sheet, saved with the answer.
    const second = p.locator(`li.portal-exam-question[data-question-id="${questions[1]!.questionId}"]`);
    await second.getByRole('button', { name: t.flag }).click();
    expect(await second.getByRole('button', { name: t.flag }).getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => sheet.getByRole('button').nth(1).getAttribute('aria-label'))
      .toBe(t.sheetItem(2, true, true));
    await expect
      .poll(
        async () =>
          (await savedAnswers(eid, attemptId)).find((a) => a.questionId === questions[1]!.questionId)?.flagged,
      )
      .toBe(true);
    // The sheet jumps to a question and marks it current.
    await sheet.getByRole('button').last().click();
    expect(await sheet.getByRole('button').last().getAttribute('aria-current')).toBe('step');
    await expectAccessible(p, 'the exam page, answered');

    // A glance away (back within the grace, raised for the test so a slow machine stays within it) is no leave.
    await grace(eid, 60);
    try {
      await leavePage(p);
      await expect.poll(async () => (await attemptOf(eid, attemptId)).leftAt).not.toBeNull();
      await returnToPage(p);
      await expect.poll(async () => (await attemptOf(eid, attemptId)).leftAt).toBeNull();
    } finally {
      await grace(eid, null);
    }
    expect((await attemptOf(eid, attemptId)).screenSwitches).toBe(0);
    expect(await p.getByTestId('exam-switches').textContent()).toBe('0/3');
    // Away past the grace: counted by the server, shown with the limit, the warning below the timer.
    await awayPastGrace(eid, attemptId);
    await expect.poll(() => p.getByTestId('exam-switches').textContent()).toBe('1/3');
    expect((await attemptOf(eid, attemptId)).screenSwitches).toBe(1);
    const warned = p.locator('.ant-message-notice').filter({ hasText: '您已离开考试页面1次，超过3次将自动交卷' });
    await warned.waitFor();
    await expectTimerClear(warned);
    // The attempt log has the leaves (4) and the returns (5), in that order.
    const events = () =>
      db
        .select({ kind: schema.examAttemptEvents.kind })
        .from(schema.examAttemptEvents)
        .where(and(eq(schema.examAttemptEvents.eid, eid), eq(schema.examAttemptEvents.attemptId, attemptId)))
        .orderBy(schema.examAttemptEvents.id)
        .then((rows) => rows.map((r) => r.kind).filter((k) => k === 4 || k === 5));
    await expect.poll(events).toEqual([4, 5, 4, 5]);

    // Offline: shown, and what is answered then waits.
    await session.b.context.setOffline(true);
    await p.getByRole('alert').filter({ hasText: t.offline }).waitFor();
    await session.b.context.setOffline(false);
    await p.getByRole('alert').filter({ hasText: t.offline }).waitFor({ state: 'detached' });

    // A save that does not reach the server (the network drops it): the answer waits in the
    // browser, survives a reload and is saved once the network is back.
    const saves = [saveExamAnswer.path, saveExamAnswers.path].map((path) => GATEWAY_PREFIX + path);
    const dropSaves = (route: { abort: () => Promise<void> }) => route.abort();
    const isSave = (u: URL) => saves.includes(u.pathname);
    await p.route(isSave, dropSaves);
    await answer(p, last, 'zh');
    await expect.poll(() => p.getByTestId('exam-save-status').textContent()).toBe(t.unsaved(1));
    expect((await savedAnswers(eid, attemptId)).some((a) => a.questionId === last.questionId && a.seq > 0)).toBe(false);
    const leftBefore = await secondsLeft(eid, attemptId);
    // A reload is no leave (its pagehide reports one, the new page's opening of the paper is its
    // return): the grace raised for it, so a slow machine's reload stays within it.
    // The grace stays raised until the server has the reload's return: the page's load can end
    // before its opening of the paper reaches the server, and a return settled past the default
    // grace (3 s, a loaded machine) would count as a switch.
    await grace(eid, 60);
    try {
      await p.reload();
      await p.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(events).toEqual([4, 5, 4, 5, 4, 5]);
    } finally {
      await grace(eid, null);
    }
    // Kept: every answer on the page again (the last one from this browser), the timer by the server.
    await expect.poll(() => p.getByTestId('exam-save-status').textContent()).toBe(t.unsaved(1));
    for (const q of questions) {
      const item = p.locator(`li.portal-exam-question[data-question-id="${q.questionId}"]`);
      if (q.questionType === 1)
        expect(await item.getByRole('radio', { name: optionName(q, q.answer[0]!) }).isChecked()).toBe(true);
      if (q.questionType === 3)
        expect(
          await item.getByRole('radio', { name: q.answer[0] === 'T' ? t.true : t.false, exact: true }).isChecked(),
        ).toBe(true);
      if (q.questionType === 2 || q.questionType === 7)
        for (const key of q.answer)
          expect(await item.getByRole('checkbox', { name: optionName(q, key) }).isChecked()).toBe(true);
      if (q.questionType === 4)
        expect(await item.getByLabel(t.blank(1), { exact: true }).inputValue()).toBe(q.blanks[0]![0]);
      if (q.questionType === 6)
        expect(await item.locator('.ant-select').first().innerText()).toBe(optionName(q, q.answer[0]!));
    }
    expect(await sheet.getByRole('button').nth(1).getAttribute('aria-label')).toBe(t.sheetItem(2, true, true));
    const shown = await expectTimerByServer(eid, attemptId);
    expect(shown).toBeLessThanOrEqual(Math.ceil(leftBefore));
    // The network is back: the waiting answer is saved.
    await p.unroute(isSave, dropSaves);
    await p.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => p.getByTestId('exam-save-status').textContent()).toBe(t.saved);
    expect((await savedAnswers(eid, attemptId)).filter((a) => a.seq > 0)).toHaveLength(questions.length);
    // The reload was logged as a leave and its return (above), and not counted.
    expect((await attemptOf(eid, attemptId)).screenSwitches).toBe(1);
    await expect.poll(() => p.getByTestId('exam-switches').textContent()).toBe('1/3');

    // 交卷, confirmed: the result, passed with full marks and the certificate.
    await p.getByRole('button', { name: t.submit }).click();
    const submitDialog = await openedDialog(p, p.getByRole('dialog').filter({ hasText: t.confirmAll }));
    // The paper's finish call answers first (a lost click fails here, a slow marking does not).
    await Promise.all([
      p.waitForResponse((r) => r.url().includes('/paper/record/finish/exam?') || r.url().endsWith('/finish/exam'), {
        timeout: 60_000,
      }),
      submitDialog.getByRole('button', { name: t.submit }).click(),
    ]);
    await p.waitForURL(
      (u) => u.pathname === '/account/exam/examSuccess' && u.searchParams.get('attemptId') === String(attemptId),
    );
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(t.result);
    expect(await p.getByRole('heading', { level: 2, name: t.passed }).count()).toBe(1);
    expect(await p.getByTestId('exam-score').textContent()).toBe('100');
    expect(await p.getByTestId('exam-submit-reason').textContent()).toBe(t.reasonTaker);
    const [certificate] = await db
      .select()
      .from(schema.certificates)
      .where(
        and(
          eq(schema.certificates.eid, eid),
          eq(schema.certificates.accountId, accountId),
          eq(schema.certificates.sourceType, 7),
          eq(schema.certificates.sourceId, task.id),
        ),
      );
    expect(certificate!.number).toMatch(/^ZS1001\d{4}\d{8}$/);
    expect(await p.getByTestId('exam-certificate-number').textContent()).toBe(certificate!.number);
    expect(await p.getByRole('link', { name: t.certificateLink }).getAttribute('href')).toBe(
      '/account?change=3&recordType=2',
    );
    // Attempts are left: the keys wait until none is (or the exam closes).
    expect(await p.getByText(t.answersHidden).count()).toBe(1);
    const submitted = await attemptOf(eid, attemptId);
    expect(submitted.status).toBe(3);
    expect(submitted.passed).toBe(true);

    // The certificate: in my records, its PDF (Chinese text and all), and the public check.
    const resultUrl = p.url();
    await p.getByRole('link', { name: t.certificateLink }).click();
    const certRow = p.locator('.portal-cert-mine tbody tr', { hasText: certificate!.number });
    await certRow.waitFor();
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      certRow.getByRole('button', { name: `下载证书 ${certificate!.number}` }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfWords = await pdfText(pdf);
    expect(pdfWords).toContain(`${certificate!.holderName}同志于`);
    expect(pdfWords).toContain(OPEN_EXAM.zh);
    expect(pdfWords).toContain(certificate!.number);
    await session.b.context.clearCookies();
    expect(pdfWords).toContain(`校验码：${certificate!.checkCode}`);
    await p.goto(
      new URL(`/certificate/query?number=${certificate!.number}&code=${certificate!.checkCode}`, resultUrl).href,
    );
    const card = p.locator('.portal-cert-card');
    await card.waitFor();
    expect(await card.textContent()).toContain(OPEN_EXAM.zh);
    expect(await card.textContent()).not.toContain(certificate!.holderName);
    await expectAccessible(p, 'the public check of the certificate');
    await signInAs(session.b, learner, { path: new URL(resultUrl).pathname + new URL(resultUrl).search });
    await declineProfileTip(p, 'zh');

    // The attempts of the task, and the task now passed in the training records.
    await p.getByRole('link', { name: t.records }).click();
    await p.waitForURL((u) => u.pathname === '/account/exam/detail');
    const attemptRow = p.locator('.portal-exam-attempts tbody tr.ant-table-row').first();
    await attemptRow.waitFor();
    const cells = await attemptRow.locator('td').allTextContents();
    expect(cells[0]).toBe(`第${used + 1}次`);
    expect(cells[4]).toBe('100');
    expect(cells[5]).toBe(t.passedLabel);
    expect(cells[6]).toBe(t.marked);
    await p.goto(p.url().replace(/\/account\/exam\/detail.*/, '/account?change=2'));
    await expect.poll(() => row.locator('.portal-exam-status').textContent()).toBe(t.passedLabel);
  });

  it('the SFJ exam whose admission ticket is not printable yet: 7005 opens 温馨提示 with the site’s text, no cancel', async () => {
    const t = TEXTS.zh;
    const p = page();
    const task = await taskOf(1002, TICKET_EXAM);
    await signInAs(session.b, ZHANG, { host: 'sfj', path: '/account?change=2' });
    await declineProfileTip(p, 'zh');
    const row = p.locator(`.portal-exam-task[data-task-id="${task.id}"]`);
    await row.waitFor();
    expect(await row.locator('.portal-exam-status').textContent()).toBe(t.notStarted);
    await row.getByRole('link', { name: TICKET_EXAM }).click();
    await p.waitForURL((u) => u.pathname === '/account/exam/info');
    // Before its window: the start is refused with the server's reason.
    expect(await p.getByRole('button', { name: t.start }).isDisabled()).toBe(true);
    expect(await p.locator('#exam-refusal').textContent()).toBe(t.notYet);
    const ticket = p.waitForResponse((r) => r.url().includes('/exam/task/record/admission/ticket'));
    await p.getByRole('button', { name: t.ticket }).click();
    expect((await (await ticket).json()).code).toBe(7005);
    const dialog = p.getByRole('dialog');
    await dialog.getByText(t.ticketTime, { exact: true }).waitFor();
    expect(await dialog.textContent()).toContain(t.notice);
    expect(await dialog.getByRole('button').allTextContents()).toEqual([t.ok]);
    await expectAccessible(p, '7005 dialog');
    await dialog.getByRole('button', { name: t.ok }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('in English on the English site: the list, the export, the exam page, and leaving the page past the limit submits it (7603)', async () => {
    const t = TEXTS.en;
    const p = page();
    const eid = 1004;
    const accountId = await accountOf(WANG.phone);
    const task = await taskOf(eid, OPEN_EXAM.en);
    // The site asks its learners to confirm their information once (personal-info.test.ts covers
    // that popup): confirmed here, so it does not stand in front of these pages.
    await db
      .update(schema.enterpriseUsers)
      .set({ personalConfirmedAt: new Date(), talentConfirmedAt: new Date() })
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, accountId)));
    // 王磊's profile is complete: no profile tip.
    await signInAs(session.b, WANG, { host: 'global', lang: 'en', path: '/account?change=2' });
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(t.recordsTitle);
    const filters = p.locator('.portal-exam-tasks .ant-segmented-item-label');
    await expect.poll(() => filters.locator('.portal-exam-count').count()).toBe(7);
    expect(await filters.locator('.portal-exam-filter-label').allTextContents()).toEqual(t.filters);

    // The export: a record by the background job, offered in the header's download list.
    await p.getByRole('button', { name: t.export }).click();
    await p.locator('.ant-message').getByText(t.exported, { exact: true }).waitFor();
    const [record] = await db
      .select()
      .from(schema.exportRecords)
      .where(and(eq(schema.exportRecords.eid, eid), eq(schema.exportRecords.accountId, accountId)))
      .orderBy(desc(schema.exportRecords.id))
      .limit(1);
    expect(record!.fileName).toMatch(/\.xlsx$/);

    const row = p.locator(`.portal-exam-task[data-task-id="${task.id}"]`);
    expect(await row.locator('.portal-exam-status').textContent()).toBe(t.waiting);
    await row.getByRole('link', { name: OPEN_EXAM.en }).click();
    await p.waitForURL((u) => u.pathname === '/en/account/exam/info');
    const facts = p.locator('.portal-exam-facts');
    expect(await facts.textContent()).toContain(t.facts.duration);
    expect(await facts.textContent()).toContain(t.facts.rule);
    await p.getByRole('button', { name: t.start }).click();
    await p.getByRole('dialog').getByRole('button', { name: t.start }).click();
    await p.waitForURL((u) => u.pathname === localePath('en', '/account/exam/examQuestion'));
    const attemptId = attemptIdOf();
    const questions = (await attemptOf(eid, attemptId)).paper;

    // The English page: timer, sheet, question types, 正确/错误 as True/False, blanks.
    expect(await p.locator('.portal-exam-timer').textContent()).toContain(t.timeLeft);
    expect(await p.getByRole('complementary', { name: t.sheet }).count()).toBe(1);
    expect(new Set(await p.locator('.portal-exam-question-type').allTextContents())).toEqual(new Set(t.types));
    const tf = questions.find((q) => q.questionType === 3)!;
    const tfItem = p.locator(`li.portal-exam-question[data-question-id="${tf.questionId}"]`);
    expect(
      await tfItem.getByRole('radio').evaluateAll((els) => els.map((e) => e.closest('label')?.textContent)),
    ).toEqual([t.true, t.false]);
    // Two answered (one of them wrong), saved.
    await answer(p, questions[0]!, 'en', true);
    await answer(p, tf, 'en');
    await expect.poll(async () => (await savedAnswers(eid, attemptId)).filter((a) => a.seq > 0).length).toBe(2);

    // Leaving the page past the grace: three times is allowed (with a warning on return, below the
    // timer), the fourth submits it at its return.
    for (let n = 1; n <= 3; n++) {
      await awayPastGrace(eid, attemptId);
      await expect.poll(() => p.getByTestId('exam-switches').textContent()).toBe(`${n}/3`);
    }
    const warning = p.locator('.ant-message-notice').filter({ hasText: t.warning });
    await warning.waitFor();
    await expectTimerClear(warning);
    await awayPastGrace(eid, attemptId);
    const notice = p.getByRole('dialog');
    await notice.getByText(t.switchLimit, { exact: true }).waitFor();
    expect(await notice.textContent()).toContain(t.over);
    await expectAccessible(p, 'switch limit notice');
    const submitted = await attemptOf(eid, attemptId);
    expect(submitted.submitReason).toBe(4);
    expect(submitted.screenSwitches).toBe(4);
    await notice.getByRole('button', { name: t.ok }).click();
    await p.waitForURL((u) => u.pathname === localePath('en', '/account/exam/examSuccess'));
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(t.result);
    expect(await p.getByRole('heading', { level: 2, name: t.failed }).count()).toBe(1);
    expect(await p.getByTestId('exam-submit-reason').textContent()).toBe(t.reasonSwitch);
  });
});
