import { describe, expect, it } from 'vitest';
import type { AssistantEvent, AssistantMessage, AssistantSource } from '@portal/contract/calls/assistant';
import {
  chatReducer,
  citationParts,
  emptyChat,
  sourceHref,
  turnsOf,
  type ChatAction,
  type ChatState,
} from './chat-state.ts';

const source = (index: number, link = `/knowledge/course/info?id=${index}`): AssistantSource => ({
  index,
  kind: 'course',
  title: `课程${index}`,
  link,
  courseId: index,
  periodId: null,
  newsId: null,
  excerpt: '摘录',
});

const run = (actions: ChatAction[], from: ChatState = emptyChat) => actions.reduce(chatReducer, from);
const ev = (event: AssistantEvent, key = 'a1'): ChatAction => ({ type: 'event', key, event });
const ask = (question: string, n = 1): ChatAction => ({ type: 'ask', question, keys: [`q${n}`, `a${n}`] });
const start: AssistantEvent = {
  type: 'start',
  conversationId: 9,
  title: '异地就医怎么报销？',
  questionId: 30,
  mode: 'extractive',
  model: '',
};
const done = (status: 'done' | 'stopped' = 'done'): AssistantEvent => ({
  type: 'done',
  conversationId: 9,
  messageId: 31,
  status,
  usage: { promptTokens: 0, completionTokens: 0, estimated: false },
  questionsToday: 3,
  dailyLimit: 50,
});

describe('chatReducer', () => {
  it('streams an answer: start, sources, deltas, done', () => {
    const asked = run([ask('异地就医怎么报销？')]);
    expect(asked.answering).toBe('a1');
    expect(asked.turns.map((t) => [t.role, t.status, t.content])).toEqual([
      ['user', 'done', '异地就医怎么报销？'],
      ['assistant', 'waiting', ''],
    ]);
    const mid = run(
      [ev(start), ev({ type: 'sources', items: [source(1)] }), ev({ type: 'delta', text: '本平台' })],
      asked,
    );
    expect(mid.conversationId).toBe(9);
    expect(mid.title).toBe('异地就医怎么报销？');
    expect(mid.turns[1]).toMatchObject({
      status: 'streaming',
      content: '本平台',
      mode: 'extractive',
      sources: [source(1)],
    });
    const end = run([ev({ type: 'delta', text: '尚未配置' }), ev(done())], mid);
    expect(end.answering).toBeNull();
    expect(end.turns[1]).toMatchObject({ status: 'done', content: '本平台尚未配置' });
    expect(end.quota).toEqual({ questionsToday: 3, dailyLimit: 50 });
  });

  it('keeps what came of a stopped answer and marks it stopped; its late events change nothing', () => {
    const stopped = run([ask('q'), ev(start), ev({ type: 'delta', text: '前半' }), { type: 'stopped', key: 'a1' }]);
    expect(stopped.answering).toBeNull();
    expect(stopped.turns[1]).toMatchObject({ status: 'stopped', content: '前半' });
    expect(run([ev({ type: 'delta', text: '后半' }), ev(done())], stopped)).toBe(stopped);
  });

  it('never lets an ended answer’s actions reach the next one', () => {
    const next = run([ask('q'), { type: 'stopped', key: 'a1' }, ask('again', 2)]);
    expect(next.answering).toBe('a2');
    // The first stream's failure and events arrive late: the second answer is untouched.
    const late = run([{ type: 'failed', key: 'a1', message: 'x' }, ev({ type: 'delta', text: 'old' }, 'a1')], next);
    expect(late).toBe(next);
    expect(run([ev({ type: 'delta', text: 'new' }, 'a2')], next).turns[3]!.content).toBe('new');
  });

  it('asks nothing while an answer is streaming', () => {
    const asked = run([ask('q')]);
    expect(run([ask('other', 2)], asked)).toBe(asked);
  });

  it('shows a failed answer’s error with what came before it, and keeps the conversation', () => {
    const failed = run([
      ask('q'),
      ev(start),
      ev({ type: 'delta', text: '部分' }),
      ev({ type: 'error', code: 9805, message: '大模型服务响应超时，请稍后再试', conversationId: 9, messageId: 40 }),
    ]);
    expect(failed.turns[1]).toMatchObject({
      status: 'failed',
      content: '部分',
      error: '大模型服务响应超时，请稍后再试',
    });
    expect(failed.conversationId).toBe(9);
    expect(failed.answering).toBeNull();
    const cut = run([ask('q'), ev(start), { type: 'failed', key: 'a1', message: '连接中断' }]);
    expect(cut.turns[1]).toMatchObject({ status: 'failed', error: '连接中断' });
  });

  it('takes a refused question back into the box with the refusal, the earlier turns kept', () => {
    const first = run([ask('first'), ev(start), ev(done())]);
    const refused = run(
      [ask('second', 2), { type: 'refused', key: 'a2', code: 9801, message: '今日提问次数已用完' }],
      first,
    );
    expect(refused.turns).toEqual(first.turns);
    // The count shown is no longer true once the day's limit refuses.
    expect(first.quota).not.toBeNull();
    expect(refused.quota).toBeNull();
    const otherRefusal = run([ask('second', 2), { type: 'refused', key: 'a2', code: 9808, message: '未开启' }], first);
    expect(otherRefusal.quota).toEqual(first.quota);
    expect(refused.answering).toBeNull();
    expect(refused.refusal).toEqual({ code: 9801, message: '今日提问次数已用完', question: 'second' });
    // Asking again forgets the refusal.
    expect(run([ask('third', 3)], refused).refusal).toBeNull();
    expect(run([{ type: 'refusalSeen' }], refused).refusal).toBeNull();
  });

  it('opens a conversation of the history in place of the one shown, keeping the day’s quota and the model', () => {
    const shown = run([{ type: 'model', id: 7 }, ask('q'), ev(start), ev(done())]);
    const turns = turnsOf([], () => '');
    const opening = run([{ type: 'opening' }], shown);
    expect(opening.opening).toBe(true);
    const opened = run([{ type: 'opened', id: 5, title: '旧对话', turns }], opening);
    expect(opened).toEqual({ ...emptyChat, conversationId: 5, title: '旧对话', quota: shown.quota, modelId: 7 });
    expect(run([{ type: 'notOpened' }], opening)).toEqual(shown);
  });

  it('starts a new conversation, never over an answer being streamed, the model chosen kept', () => {
    const shown = run([{ type: 'model', id: 7 }, ask('q'), ev(start), ev(done())]);
    expect(shown.modelId).toBe(7);
    expect(run([{ type: 'reset' }], shown)).toEqual({ ...emptyChat, quota: shown.quota, modelId: 7 });
    const streaming = run([ask('q')]);
    expect(run([{ type: 'reset' }], streaming)).toBe(streaming);
  });
});

describe('turnsOf', () => {
  it('makes bubbles of stored messages, a failed answer’s error in words', () => {
    const base = { sources: [], errorCode: null, mode: null, model: '', usage: null, createdAt: '' };
    const messages: AssistantMessage[] = [
      { ...base, id: 1, role: 'user', content: 'q', status: 'done' },
      {
        ...base,
        id: 2,
        role: 'assistant',
        content: '部分',
        status: 'stopped',
        mode: 'extractive',
        sources: [source(1)],
      },
      { ...base, id: 3, role: 'user', content: 'q2', status: 'done' },
      {
        ...base,
        id: 4,
        role: 'assistant',
        content: '',
        status: 'failed',
        errorCode: 9804,
        mode: 'model',
        model: 'DeepSeek',
      },
    ];
    const turns = turnsOf(messages, (code) => `错误${code}`);
    expect(turns.map((t) => [t.key, t.role, t.status, t.error])).toEqual([
      ['m1', 'user', 'done', null],
      ['m2', 'assistant', 'stopped', null],
      ['m3', 'user', 'done', null],
      ['m4', 'assistant', 'failed', '错误9804'],
    ]);
    expect(turns[1]).toMatchObject({ mode: 'extractive', sources: [source(1)] });
    expect(turns[3]).toMatchObject({ mode: 'model', model: 'DeepSeek' });
  });
});

describe('citationParts', () => {
  it('links the citations of the answer’s sources and leaves the rest as text', () => {
    const parts = citationParts('见[1]和[2]，[7]不存在。', [source(1), source(2)]);
    expect(parts).toEqual([
      { text: '见' },
      { text: '[1]', source: source(1) },
      { text: '和' },
      { text: '[2]', source: source(2) },
      { text: '，[7]不存在。' },
    ]);
    expect(citationParts('', [])).toEqual([]);
    expect(citationParts('<b>[1]</b>', [source(1)])).toEqual([
      { text: '<b>' },
      { text: '[1]', source: source(1) },
      { text: '</b>' },
    ]);
  });
});

describe('sourceHref', () => {
  it('puts a path of this site in the learner’s language', () => {
    expect(sourceHref('/watch/course?id=3&periodId=4', 'zh')).toBe('/watch/course?id=3&periodId=4');
    expect(sourceHref('/watch/course?id=3&periodId=4', 'en')).toBe('/en/watch/course?id=3&periodId=4');
  });

  it('refuses anything that would leave the site or run script', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      '/a b',
    ]) {
      expect(sourceHref(bad, 'zh'), bad).toBeNull();
    }
  });
});
