import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CallDef, CallRequest, CallResponse } from '@portal/contract/call';
import {
  deleteAiModel,
  findAssistantConversations,
  saveAiModel,
  saveAssistantSettings,
  viewAssistantConversation,
} from '@portal/contract/calls/assistant';
import { connectDatabase, schema } from '@portal/db';
import { demoCourseTitle } from '@portal/db/seed';
import { expectAccessible } from '../a11y.ts';
import { createLearner } from '../accounts.ts';
import { openedList } from '../antd.ts';
import { browserAvailable, url } from '../browser.ts';
import { declineProfileTip } from '../langs.ts';
import { portal } from '../portal.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';

// The AI study assistant's chat (issue 24 item 3): asked from the float window, the course page
// and the player; the answer streams in (the demo sites have no language model: the built-in
// answer quotes the site's own courses and says so), its sources open the course or the period;
// an answer of a (stand-in) language model stopped half-way and kept so; the history (open,
// delete, clear all); the day's limit; a visitor asked to sign in; the English texts.
const TEXTS = {
  zh: {
    float: 'AI助手',
    ask: '问AI助手',
    title: 'AI学习助手',
    welcome: '你好，我是AI学习助手',
    question: '你的问题',
    send: '发送',
    stop: '停止回答',
    noModel: '本平台尚未配置大语言模型',
    extractive: '未配置大模型 · 原文摘录',
    sources: '参考来源',
    answered: '回答完成',
    stopped: '已停止',
    quota: (left: number, limit: number) => `今日还可提问 ${left} 次（每天 ${limit} 次）`,
    aboutCourse: (title: string) => `《${title}》主要讲了什么？`,
    newChat: '新对话',
    history: '历史记录',
    model: '模型',
    actionsOf: (title: string) => `${title} 的操作`,
    delete: '删除',
    deleteButton: '删 除',
    deleted: '对话已删除',
    deleteTitle: '删除对话',
    clearAll: '清空全部',
    ok: '确 定',
    cleared: '已清空全部历史对话',
    noHistory: '暂无历史对话',
    signInTitle: '登录后即可向AI学习助手提问',
    signIn: '去登录',
  },
  en: {
    float: 'AI assistant',
    title: 'AI study assistant',
    welcome: 'Hello, I am the AI study assistant',
    question: 'Your question',
    send: 'Send',
    noModel: 'No language model is configured on this site',
    extractive: 'No language model · quoted passages',
    sources: 'Sources',
    answered: 'Answer complete',
    quota: (left: number, limit: number) => `${left} questions left today (${limit} a day)`,
    dailyLimit: (limit: number) => `You have asked your ${limit} questions for today; ask again tomorrow`,
    history: 'History',
    noHistory: 'No conversations yet',
    signInTitle: 'Sign in to ask the AI study assistant',
    signIn: 'Sign in',
  },
} as const;

/** The Chinese demo site's administrator (the assistant's settings and models). */
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

/** The assistant's drawer once open. */
async function openDrawer(page: Page, button: string, title: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: title });
  await drawer.waitFor();
  return drawer;
}

/** The chat's answer arriving as server-sent events (once its headers are in). */
async function streamed(page: Page, start: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/gateway/course/auth/ai-chat/chat'));
  await start();
  expect((await answered).headers()['content-type']).toMatch(/^text\/event-stream/);
}

/** Asks in the drawer (Enter sends) and waits until the answer has ended. */
async function ask(page: Page, drawer: Locator, t: { question: string; answered: string }, question: string) {
  await streamed(page, async () => {
    await drawer.getByRole('textbox', { name: t.question }).fill(question);
    await drawer.getByRole('textbox', { name: t.question }).press('Enter');
  });
  await expect.poll(() => status(drawer).textContent()).toBe(t.answered);
}

type AsLearner = <C extends CallDef>(call: C, input: CallRequest<C>) => Promise<CallResponse<C>>;

/** The learner's latest conversation as the server stored it. */
async function latestConversation(asLearner: AsLearner) {
  const { list } = await asLearner(findAssistantConversations, { pageCurrent: 1, pageSize: 1 });
  return asLearner(viewAssistantConversation, { id: list[0]!.id });
}

/** The showcase demo course of the Chinese demo site: its id and title. */
async function showcaseCourse(): Promise<{ id: number; title: string }> {
  const title = demoCourseTitle(1001, 'showcase')!;
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  try {
    const [course] = await database.db
      .select({ id: schema.courses.id })
      .from(schema.courses)
      .where(and(eq(schema.courses.eid, 1001), eq(schema.courses.title, title)));
    return { id: course!.id, title };
  } finally {
    await database.close();
  }
}

const answerBubble = (drawer: Locator) => drawer.locator('.ant-bubble-start').last();
const status = (drawer: Locator) => drawer.locator('p[role="status"]');

/**
 * A stand-in for an OpenAI-compatible service on this machine that answers slowly: a first
 * sentence, then a piece every 100 ms for 30 s. It notes the model asked for and whether the
 * portal closed the request before the answer's end (the learner stopped it).
 */
async function slowModelService() {
  const requests: Array<{ model: string; closedEarly: boolean }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const { model } = JSON.parse(body) as { model: string };
      const seen = { model, closedEarly: false };
      requests.push(seen);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const piece = (content: string) =>
        res.write(
          `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
        );
      piece('正在分析你的问题。');
      let n = 0;
      const timer = setInterval(() => {
        if (++n > 300) {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        } else piece('…');
      }, 100);
      res.on('close', () => {
        clearInterval(timer);
        if (!res.writableEnded) seen.closedEarly = true;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(browserAvailable())('the AI study assistant', () => {
  const session = browserSession();

  it('answers from the float window with the no-model notice and its sources; a source opens its page', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    const learner = await createLearner(1001);
    await signInAs(session.b, learner);
    await declineProfileTip(page, 'zh');

    const drawer = await openDrawer(page, t.float, t.title);
    await drawer.getByText(t.welcome).waitFor();
    await expectAccessible(page, 'assistant drawer, empty');

    await ask(page, drawer, t, '高效团队管理实务讲了什么？');
    // What was shown is what the server stored: the question, then the quoted answer and its sources.
    const [question, reply] = (await latestConversation(await signInByCall(learner))).messages;
    expect(question).toMatchObject({ role: 'user', content: '高效团队管理实务讲了什么？' });
    expect(reply).toMatchObject({ role: 'assistant', status: 'done', mode: 'extractive' });
    const { content: text, sources } = reply!;
    expect(text.startsWith(t.noModel)).toBe(true);
    expect(sources.length).toBeGreaterThan(0);

    const answer = answerBubble(drawer);
    expect(await answer.locator('.portal-assistant-text').innerText()).toBe(text);
    await answer.getByText(t.extractive).waitFor();
    // The question on the right, as asked.
    expect(await drawer.locator('.ant-bubble-end').innerText()).toBe('高效团队管理实务讲了什么？');
    // The sources as numbered links to their pages; the text's citations link to them too.
    const links = answer.getByRole('region', { name: t.sources }).getByRole('link');
    expect(await links.allTextContents()).toEqual(sources.map((s) => s.title));
    expect(await links.first().getAttribute('href')).toBe(sources[0]!.link);
    expect(await answer.locator('.portal-assistant-cite').first().getAttribute('href')).toBe(sources[0]!.link);
    await drawer.getByText(t.quota(49, 50)).waitFor();
    await expectAccessible(page, 'assistant drawer, answered');

    // The first source opens its page (a course, or a period in the player); the drawer closes.
    await links.first().click();
    await drawer.waitFor({ state: 'hidden' });
    const source = sources[0]!;
    await page.waitForURL((u) => `${u.pathname}${u.search}` === source.link);
    const courseTitle = source.title.split(' · ')[0]!;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(courseTitle);
  });

  it('keeps the conversation across pages, suggests the page’s course, and deletes and clears the history', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    const learner = await createLearner(1001);
    await signInAs(session.b, learner);
    await declineProfileTip(page, 'zh');

    // A first conversation from the float window; its first course source opens (the drawer closes).
    let drawer = await openDrawer(page, t.float, t.title);
    await ask(page, drawer, t, '如何做好商务沟通与汇报？');
    const [, reply] = (await latestConversation(await signInByCall(learner))).messages;
    const source = reply!.sources.find((s) => s.kind !== 'news')!;
    await answerBubble(drawer)
      .getByRole('region', { name: t.sources })
      .getByRole('link', { name: source.title })
      .click();
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForURL((u) => `${u.pathname}${u.search}` === source.link);

    // The course's page (or its player): 问AI助手 shows the same conversation; a new one suggests the course.
    const courseTitle = source.title.split(' · ')[0]!;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(courseTitle);
    drawer = await openDrawer(page, t.ask, t.title);
    await drawer.locator('.ant-bubble-end').getByText('如何做好商务沟通与汇报？').waitFor();
    await drawer.getByRole('button', { name: t.newChat }).click();
    await streamed(page, () => drawer.getByRole('button', { name: t.aboutCourse(courseTitle) }).click());
    await expect.poll(() => status(drawer).textContent()).toBe(t.answered);
    await drawer.getByText(t.quota(48, 50)).waitFor();
    expect(await drawer.locator('.ant-bubble-end').innerText()).toBe(t.aboutCourse(courseTitle));

    // The history: both conversations, latest first; the first opens; one deleted, then all.
    await drawer.getByRole('button', { name: t.history }).click();
    const items = drawer.locator('.portal-assistant-conversations li');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().innerText()).toContain(t.aboutCourse(courseTitle));
    await expectAccessible(page, 'assistant history');
    await items.filter({ hasText: '如何做好商务沟通与汇报？' }).locator('.portal-assistant-conversation').click();
    await drawer.locator('.ant-bubble-end').getByText('如何做好商务沟通与汇报？').waitFor();
    expect(await answerBubble(drawer).innerText()).toContain(t.noModel);
    await drawer.getByRole('button', { name: t.history }).click();
    await expect.poll(() => items.count()).toBe(2);

    await drawer.getByRole('button', { name: t.actionsOf('如何做好商务沟通与汇报？') }).click();
    await page.getByRole('menuitem', { name: t.delete }).click();
    await page.getByRole('dialog', { name: t.deleteTitle }).getByRole('button', { name: t.deleteButton }).click();
    await page.locator('.ant-message').getByText(t.deleted).waitFor();
    await expect.poll(() => items.count()).toBe(1);
    // The conversation shown was the one deleted: the chat is empty again.
    await drawer.getByRole('button', { name: '返回对话' }).click();
    await drawer.getByText(t.welcome).waitFor();

    await drawer.getByRole('button', { name: t.history }).click();
    await expect.poll(() => items.count()).toBe(1);
    await drawer.getByRole('button', { name: t.clearAll }).click();
    await page.getByRole('dialog', { name: t.clearAll }).getByRole('button', { name: t.ok }).click();
    await page.locator('.ant-message').getByText(t.cleared).waitFor();
    await drawer.getByText(t.noHistory).waitFor();
  });

  it('stops a language model’s answer half-way from the player: kept as stopped, and the model chosen answers', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    const service = await slowModelService();
    const admin = await signInByCall(ADMIN);
    const models: number[] = [];
    try {
      await admin(saveAssistantSettings, { enabled: true, baseUrl: service.baseUrl, dailyLimit: 50 });
      models.push((await admin(saveAiModel, { name: 'general-demo', label: '通用模型', enabled: true, sort: 0 })).id);
      models.push((await admin(saveAiModel, { name: 'slow-demo', label: '演示慢速模型', enabled: true, sort: 1 })).id);

      // The player (no profile tip there: it is the default layout's).
      const course = await showcaseCourse();
      await signInAs(session.b, await createLearner(1001), { path: `/watch/course?id=${course.id}` });
      await page.waitForURL((u) => u.pathname === '/watch/course' && u.searchParams.has('periodId'));

      const drawer = await openDrawer(page, t.ask, t.title);
      // Two models: the learner chooses the second.
      await drawer.getByRole('combobox', { name: t.model }).click();
      await openedList(page).locator('.ant-select-item-option[title="演示慢速模型"]').click();
      await expect.poll(() => drawer.locator('.portal-assistant-model').innerText()).toBe('演示慢速模型');

      await drawer.getByRole('textbox', { name: t.question }).fill('这门课的考核方式是什么？');
      await drawer.getByRole('button', { name: t.send }).click();
      const answer = answerBubble(drawer);
      await answer.getByText('正在分析你的问题。', { exact: false }).waitFor();
      await answer.getByText('演示慢速模型').waitFor();
      await drawer.getByRole('button', { name: t.stop }).click();
      await answer.getByText(t.stopped, { exact: true }).waitFor();
      await expect.poll(() => status(drawer).textContent()).toBe(t.stopped);
      // The portal closed the service's request: the answer stopped there, not only on the page.
      await expect.poll(() => service.requests.map((r) => [r.model, r.closedEarly])).toEqual([['slow-demo', true]]);

      // Kept as stopped: opened again from the history.
      await drawer.getByRole('button', { name: t.newChat }).click();
      await drawer.getByRole('button', { name: t.history }).click();
      await drawer
        .locator('.portal-assistant-conversations li')
        .filter({ hasText: '这门课的考核方式是什么？' })
        .locator('.portal-assistant-conversation')
        .click();
      const stored = answerBubble(drawer);
      await stored.getByText(t.stopped, { exact: true }).waitFor();
      // The model chosen stays chosen for the next questions.
      expect(await drawer.locator('.portal-assistant-model').innerText()).toBe('演示慢速模型');
      expect(await stored.locator('.portal-assistant-text').innerText()).toMatch(/^正在分析你的问题。/);
      await expectAccessible(page, 'assistant drawer, model answer stopped');
    } finally {
      for (const id of models) await admin(deleteAiModel, { id });
      await admin(saveAssistantSettings, { enabled: true, baseUrl: '', dailyLimit: 50 });
      await service.close();
    }
  });

  it('asks a visitor to sign in, coming back to the page', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    await page.goto(url('/home'));
    const drawer = await openDrawer(page, t.float, t.title);
    await drawer.getByText(t.signInTitle).waitFor();
    await expectAccessible(page, 'assistant drawer, visitor');
    await drawer.getByRole('link', { name: t.signIn }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/home');
  });

  it('in English: the drawer, the answer, the day’s limit reached and the visitor’s prompt', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001), { lang: 'en' });
    await declineProfileTip(page, 'en');
    const drawer = await openDrawer(page, t.float, t.title);
    await drawer.getByText(t.welcome).waitFor();

    await ask(page, drawer, t, '商务沟通与汇报技巧');
    const answer = answerBubble(drawer);
    expect(await answer.locator('.portal-assistant-text').innerText()).toMatch(new RegExp(`^${t.noModel}`));
    await answer.getByText(t.extractive).waitFor();
    // English pages link to English pages.
    const link = answer.getByRole('region', { name: t.sources }).getByRole('link').first();
    expect(await link.getAttribute('href')).toMatch(/^\/en\/(knowledge\/course\/info|watch\/course|news\/detail)\?/);
    await drawer.getByText(t.quota(49, 50)).waitFor();
    await expectAccessible(page, 'assistant drawer, English');

    // The day's limit reached: said in English, the question back in the box.
    const admin = await signInByCall(ADMIN);
    try {
      await admin(saveAssistantSettings, { enabled: true, baseUrl: '', dailyLimit: 1 });
      const refused = page.waitForResponse((r) => r.url().endsWith('/gateway/course/auth/ai-chat/chat'));
      await drawer.getByRole('textbox', { name: t.question }).fill('And the paper claims?');
      await drawer.getByRole('button', { name: t.send }).click();
      expect(await (await refused).json()).toMatchObject({ code: 9801 });
      await drawer.getByRole('alert').getByText(t.dailyLimit(1)).waitFor();
      expect(await drawer.getByRole('textbox', { name: t.question }).inputValue()).toBe('And the paper claims?');
      expect(await drawer.locator('.ant-bubble-end').count()).toBe(1);
      expect(await drawer.getByText(t.quota(49, 50)).count()).toBe(0);
    } finally {
      await admin(saveAssistantSettings, { enabled: true, baseUrl: '', dailyLimit: 50 });
    }

    await drawer.getByRole('button', { name: t.history }).click();
    await drawer.locator('.portal-assistant-conversations li').getByText('商务沟通与汇报技巧').waitFor();

    // A visitor is asked to sign in, in English.
    await session.b.context.clearCookies();
    await page.goto(url('/en/home'));
    const visitor = await openDrawer(page, t.float, t.title);
    await visitor.getByText(t.signInTitle).waitFor();
    await visitor.getByRole('link', { name: t.signIn }).click();
    await page.waitForURL((u) => u.pathname === '/en/login' && u.searchParams.get('redirect') === '/en/home');
  });
});
