import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GATEWAY_PREFIX,
  PLATFORM_HEADER_VALUE,
  chatWithAssistant,
  findAvailableAiModels,
  saveAiModel,
  saveAssistantSettings,
} from '@portal/contract';
import { schema } from '@portal/db';
import { ask, createTextCourse, eventOf } from '../../test/assistant-factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';

/**
 * The language-model path end to end (issue 24 item 3, decision 061), against a local stand-in of
 * an OpenAI-compatible service (`/v1/chat/completions` answering server-sent chunks): the answer
 * streamed to the learner with the service's token count, the passages and the earlier turns sent
 * with the key; a learner who stops aborts the service's request and keeps what came, marked
 * stopped; the service's failures and silences answered with the registry's codes.
 */
type Behaviour = 'answer' | 'no-usage' | 'endless' | 'stall' | 'fail' | 'hang' | 'unauthorized' | 'unknown-model';
let behaviour: Behaviour = 'answer';
const received: Array<{ url: string; authorization: string; body: Record<string, unknown> }> = [];
/** Resolved when the stand-in sees a request closed before it finished its answer. */
let closedEarly: Promise<void> = Promise.resolve();
let markClosed = () => {};
const PIECES = ['根据资料[1]，', '异地就医前', '需先办理备案。'];

const standIn = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw) as Record<string, unknown>;
    received.push({ url: req.url ?? '', authorization: req.headers.authorization ?? '', body });
    const refuse = (status: number) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `refused ${status}`, type: 'error' } }));
    };
    if (behaviour === 'hang') return;
    if (behaviour === 'fail') return refuse(500);
    if (behaviour === 'unauthorized') return refuse(401);
    if (behaviour === 'unknown-model') return refuse(404);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.on('close', () => {
      if (!res.writableFinished) markClosed();
    });
    const send = (data: object) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const piece = (content: string) =>
      send({
        id: 'stand-in',
        object: 'chat.completion.chunk',
        created: 1,
        model: body.model,
        choices: [{ index: 0, delta: { content }, finish_reason: null }],
      });
    if (behaviour === 'endless' || behaviour === 'stall') {
      piece(PIECES[0]!);
      if (behaviour === 'endless') {
        const timer = setInterval(() => piece('再'), 20);
        res.on('close', () => clearInterval(timer));
      }
      return;
    }
    for (const p of PIECES) piece(p);
    if (behaviour === 'answer') {
      send({
        id: 'stand-in',
        object: 'chat.completion.chunk',
        created: 1,
        model: body.model,
        choices: [],
        usage: { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 },
      });
    }
    res.end('data: [DONE]\n\n');
  });
});

let t: TestApp;
let learner: Learner;
let admin: Learner;
let modelId: number;
const db = () => t.database.db;

/** The learner's last stored answer. */
async function lastAnswer(who: Learner) {
  const [row] = await db()
    .select({ m: schema.aiMessages })
    .from(schema.aiMessages)
    .innerJoin(
      schema.aiConversations,
      and(
        eq(schema.aiConversations.eid, schema.aiMessages.eid),
        eq(schema.aiConversations.id, schema.aiMessages.conversationId),
      ),
    )
    .where(and(eq(schema.aiConversations.accountId, who.accountId), eq(schema.aiMessages.role, 'assistant')))
    .orderBy(desc(schema.aiMessages.id))
    .limit(1);
  return row?.m;
}

async function questionsToday(who: Learner) {
  const [row] = await db().select().from(schema.aiUsage).where(eq(schema.aiUsage.accountId, who.accountId));
  return row;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    TENANT_CODES: '',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_PER_IP_PER_MINUTE: '10000',
    AI_CONNECT_TIMEOUT_MS: '500',
    AI_ANSWER_TIMEOUT_MS: '1500',
    AI_ALLOW_PRIVATE_HOSTS: 'true',
  });
  const site = await createEnterprise(db());
  learner = await t.learner(site);
  admin = await t.learner(site, { member: { isAdmin: true } });
  await createTextCourse(db(), site.eid, { title: '医保报销实务' }, [
    { title: '异地就医备案', content: '<p>参保人异地就医前，应先办理异地就医备案手续。</p>' },
  ]);
  const port = (standIn.address() as AddressInfo).port;
  const saved = await t.call(
    saveAssistantSettings,
    { enabled: true, baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-stand-in-key', dailyLimit: 100 },
    { as: admin },
  );
  expect(saved.code).toBe(200);
  const model = await t.call(saveAiModel, { name: 'stand-in-chat', label: '本地模型', enabled: true }, { as: admin });
  modelId = model.data.id;
});
afterAll(async () => {
  await t?.close();
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});

describe('a language model’s answer', () => {
  it('streams the service’s answer with its token count; the service got the key, the model, the passages', async () => {
    behaviour = 'answer';
    expect((await t.call(findAvailableAiModels, {}, { as: learner })).data).toEqual([
      { id: modelId, label: '本地模型', isDefault: true },
    ]);
    const { events, text } = await ask(t, learner, { content: '异地就医怎么报销？' });
    expect(eventOf(events, 'start')).toMatchObject({ mode: 'model', model: '本地模型' });
    expect(eventOf(events, 'sources')!.items[0]).toMatchObject({ title: '医保报销实务 · 异地就医备案' });
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(3);
    expect(text).toBe(PIECES.join(''));
    expect(eventOf(events, 'done')).toMatchObject({
      status: 'done',
      usage: { promptTokens: 321, completionTokens: 12, estimated: false },
    });
    const request = received.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-stand-in-key');
    expect(request.body).toMatchObject({
      model: 'stand-in-chat',
      stream: true,
      stream_options: { include_usage: true },
    });
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]!.role).toBe('system');
    expect(messages[0]!.content).toContain(
      '[1] 医保报销实务 · 异地就医备案\n参保人异地就医前，应先办理异地就医备案手续。',
    );
    expect(messages.at(-1)).toEqual({ role: 'user', content: '异地就医怎么报销？' });
    expect(await lastAnswer(learner)).toMatchObject({
      status: 'done',
      content: PIECES.join(''),
      mode: 'model',
      model: '本地模型',
      promptTokens: 321,
      completionTokens: 12,
      tokensEstimated: false,
    });
    expect(await questionsToday(learner)).toMatchObject({ promptTokens: 321, completionTokens: 12 });
  });

  it('gives the earlier turns of the conversation; estimates tokens the service did not count', async () => {
    behaviour = 'no-usage';
    const first = await ask(t, learner, { content: '备案怎么办？' });
    const conversationId = eventOf(first.events, 'start')!.conversationId;
    await ask(t, learner, { conversationId, content: '需要多久？', modelId });
    const messages = received.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: '备案怎么办？' },
      { role: 'assistant', content: PIECES.join('') },
      { role: 'user', content: '需要多久？' },
    ]);
    const stored = await lastAnswer(learner);
    expect(stored!.tokensEstimated).toBe(true);
    expect(stored!.completionTokens).toBeGreaterThan(0);
    expect((await ask(t, learner, { content: '备案', modelId: modelId + 1000 })).refused).toMatchObject({ code: 9803 });
  });

  it('stops when the learner stops: the service’s request is aborted, what came is kept, marked stopped', async () => {
    behaviour = 'endless';
    closedEarly = new Promise((resolve) => (markClosed = resolve));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${GATEWAY_PREFIX}${chatWithAssistant.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        platform: PLATFORM_HEADER_VALUE,
        domain: learner.domain,
        token: learner.token,
      },
      body: JSON.stringify({ content: '异地就医' }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('"type":"delta"')) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await Promise.race([
      closedEarly,
      sleep(3000).then(() => Promise.reject(new Error('the service’s request stayed open'))),
    ]);
    let stored = await lastAnswer(learner);
    for (let i = 0; i < 50 && stored?.status !== 'stopped'; i++) {
      await sleep(50);
      stored = await lastAnswer(learner);
    }
    expect(stored).toMatchObject({ status: 'stopped', errorCode: null, tokensEstimated: true });
    expect(stored!.content.startsWith(PIECES[0]!)).toBe(true);
  });
});

describe('a service that fails', () => {
  it('answers its failures with the registry’s codes; a question it answered nothing to is given back', async () => {
    const cases: Array<[Behaviour, number, string]> = [
      ['fail', 9804, '大模型服务暂时无法回答，请稍后再试'],
      ['unauthorized', 9806, '大模型服务拒绝了访问密钥，请联系管理员检查设置'],
      ['unknown-model', 9814, '模型服务中没有模型“stand-in-chat”，请联系管理员检查设置'],
      ['hang', 9805, '大模型服务响应超时，请稍后再试'],
    ];
    for (const [b, code, message] of cases) {
      behaviour = b;
      const before = (await questionsToday(learner))!.questions;
      const { events } = await ask(t, learner, { content: '异地就医' });
      const error = eventOf(events, 'error');
      expect(error, b).toMatchObject({ code, message });
      expect(eventOf(events, 'done')).toBeUndefined();
      expect(await lastAnswer(learner)).toMatchObject({
        id: error!.messageId,
        status: 'failed',
        errorCode: code,
        content: '',
      });
      expect((await questionsToday(learner))!.questions, b).toBe(before);
    }
    const en = await ask(t, learner, { content: '异地就医' }, { lang: 'en' });
    expect(eventOf(en.events, 'error')!.message).toBe('The language model service took too long; try again later');
  });

  it('stops an answer that takes too long, keeping what came and the question counted', async () => {
    behaviour = 'stall';
    const before = (await questionsToday(learner))!.questions;
    const { events, text } = await ask(t, learner, { content: '异地就医' });
    expect(text).toBe(PIECES[0]);
    expect(eventOf(events, 'error')).toMatchObject({ code: 9805 });
    expect(await lastAnswer(learner)).toMatchObject({ status: 'failed', errorCode: 9805, content: PIECES[0] });
    expect((await questionsToday(learner))!.questions).toBe(before + 1);
  });
});
