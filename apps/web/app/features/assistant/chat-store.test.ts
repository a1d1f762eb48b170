import { describe, expect, it, vi } from 'vitest';
import type { AssistantEvent } from '@portal/contract/calls/assistant';
import { ApiError } from '../../lib/api.ts';
import { ChatSession, chatSessionFor, type ChatDeps } from './chat-store.ts';
import { StreamFailure } from './chat-stream.ts';

/** A chat whose stream the test drives: events sent one at a time, then an end it chooses. */
function drivenStream() {
  const calls: Array<{
    input: Parameters<ChatDeps['stream']>[0];
    signal: AbortSignal;
    send: (e: AssistantEvent) => void;
    end: () => void;
    fail: (err: unknown) => void;
  }> = [];
  const stream: ChatDeps['stream'] = (input, { signal, onEvent }) =>
    new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      calls.push({ input, signal, send: onEvent, end: resolve, fail: reject });
    });
  return { calls, stream };
}

const start = (conversationId = 9): AssistantEvent => ({
  type: 'start',
  conversationId,
  title: 't',
  questionId: 1,
  mode: 'extractive',
  model: '',
});
const done: AssistantEvent = {
  type: 'done',
  conversationId: 9,
  messageId: 2,
  status: 'done',
  usage: { promptTokens: 0, completionTokens: 0, estimated: false },
  questionsToday: 1,
  dailyLimit: 50,
};
const noView: ChatDeps['view'] = () => Promise.reject(new Error('not called'));

describe('ChatSession', () => {
  it('asks in the conversation the first answer started, with the model chosen', async () => {
    const d = drivenStream();
    const chat = new ChatSession({ stream: d.stream, view: noView });
    const first = chat.ask('  第一个问题  ', { lang: 'zh', modelId: 3 });
    expect(d.calls[0]!.input).toEqual({ content: '第一个问题', modelId: 3 });
    d.calls[0]!.send(start(9));
    d.calls[0]!.send({ type: 'delta', text: '答' });
    d.calls[0]!.send(done);
    d.calls[0]!.end();
    await first;
    expect(chat.getState().turns[1]).toMatchObject({ status: 'done', content: '答' });
    const second = chat.ask('第二个', { lang: 'zh' });
    expect(d.calls[1]!.input).toEqual({ content: '第二个', conversationId: 9 });
    d.calls[1]!.send(done);
    d.calls[1]!.end();
    await second;
    // Blank questions are not asked.
    await chat.ask('   ', { lang: 'zh' });
    expect(d.calls).toHaveLength(2);
  });

  it('stops an answer: the stream is aborted and the answer shows stopped at once', async () => {
    const d = drivenStream();
    const chat = new ChatSession({ stream: d.stream, view: noView });
    const listener = vi.fn();
    chat.subscribe(listener);
    const asked = chat.ask('q', { lang: 'zh' });
    d.calls[0]!.send(start());
    d.calls[0]!.send({ type: 'delta', text: '前半' });
    chat.stop();
    expect(d.calls[0]!.signal.aborted).toBe(true);
    expect(chat.getState().turns[1]).toMatchObject({ status: 'stopped', content: '前半' });
    expect(chat.getState().answering).toBeNull();
    await asked;
    expect(chat.getState().turns[1]!.status).toBe('stopped');
    expect(listener).toHaveBeenCalled();
  });

  it('says the answer was cut off when the stream ends without done, or fails', async () => {
    const d = drivenStream();
    const chat = new ChatSession({ stream: d.stream, view: noView });
    const a = chat.ask('q', { lang: 'en' });
    d.calls[0]!.send(start());
    d.calls[0]!.send({ type: 'delta', text: 'half' });
    d.calls[0]!.end();
    await a;
    expect(chat.getState().turns[1]).toMatchObject({
      status: 'failed',
      content: 'half',
      error: 'The connection was lost before the answer was complete; try again later',
    });
    const b = chat.ask('q', { lang: 'zh' });
    d.calls[1]!.fail(new StreamFailure('timeout'));
    await b;
    expect(chat.getState().turns[3]).toMatchObject({ status: 'failed', error: '回答超时，请稍后再试' });
  });

  it('gives a refused question back with the gateway’s message', async () => {
    const d = drivenStream();
    const chat = new ChatSession({ stream: d.stream, view: noView });
    const a = chat.ask('今天第51个问题', { lang: 'zh' });
    d.calls[0]!.fail(new ApiError(9801, '今日提问次数已用完（每天50次），请明天再来'));
    await a;
    expect(chat.getState().turns).toEqual([]);
    expect(chat.getState().refusal).toEqual({
      code: 9801,
      message: '今日提问次数已用完（每天50次），请明天再来',
      question: '今天第51个问题',
    });
    chat.dismissRefusal();
    expect(chat.getState().refusal).toBeNull();
  });

  it('opens a conversation of the history, stopping the answer being streamed first', async () => {
    const d = drivenStream();
    const view = vi.fn<ChatDeps['view']>(() =>
      Promise.resolve({
        id: 5,
        title: '旧对话',
        messageCount: 2,
        createdAt: '',
        updatedAt: '',
        messages: [
          {
            id: 1,
            role: 'user',
            content: '旧问题',
            sources: [],
            status: 'done',
            errorCode: null,
            mode: null,
            model: '',
            usage: null,
            createdAt: '',
          },
          {
            id: 2,
            role: 'assistant',
            content: '',
            sources: [],
            status: 'failed',
            errorCode: 9804,
            mode: 'model',
            model: 'M',
            usage: null,
            createdAt: '',
          },
        ],
      }),
    );
    const chat = new ChatSession({ stream: d.stream, view });
    void chat.ask('q', { lang: 'zh' });
    const opened = chat.open(5, 'en');
    expect(d.calls[0]!.signal.aborted).toBe(true);
    expect(chat.getState().opening).toBe(true);
    await opened;
    const s = chat.getState();
    expect(view).toHaveBeenCalledWith(5, expect.any(AbortSignal));
    expect(s.conversationId).toBe(5);
    expect(s.opening).toBe(false);
    expect(s.turns.map((t) => t.content)).toEqual(['旧问题', '']);
    expect(s.turns[1]!.error).toBe('The language model service could not answer; try again later');
  });

  it('forgets the conversation shown when it is deleted, or all are cleared', () => {
    const d = drivenStream();
    const chat = new ChatSession({ stream: d.stream, view: noView });
    void chat.ask('q', { lang: 'zh' });
    d.calls[0]!.send(start(9));
    d.calls[0]!.send(done);
    chat.forget(8);
    expect(chat.getState().conversationId).toBe(9);
    chat.forget(9);
    expect(chat.getState().turns).toEqual([]);
    void chat.ask('q', { lang: 'zh' });
    d.calls[1]!.send(start(10));
    chat.forget(null);
    expect(d.calls[1]!.signal.aborted).toBe(true);
    expect(chat.getState()).toMatchObject({ conversationId: null, turns: [], answering: null });
  });
});

describe('chatSessionFor', () => {
  it('keeps one session per person and stops the last person’s answer when another signs in', () => {
    const a = chatSessionFor('1|138');
    expect(chatSessionFor('1|138')).toBe(a);
    const stop = vi.spyOn(a, 'stop');
    const b = chatSessionFor('2|139');
    expect(b).not.toBe(a);
    expect(stop).toHaveBeenCalled();
  });
});
