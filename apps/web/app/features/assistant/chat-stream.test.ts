import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatWithAssistant, type AssistantEvent } from '@portal/contract/calls/assistant';
import { ApiError, bindRequestUi, type RequestUi } from '../../lib/api.ts';
import { EventDataParser, readEventData, StreamFailure, streamCall } from './chat-stream.ts';

const feed = (chunks: string[]) => {
  const p = new EventDataParser();
  return [...chunks.flatMap((c) => p.push(c)), ...p.end()];
};

describe('EventDataParser', () => {
  it('gives the data of each event, in order', () => {
    expect(feed(['data: {"a":1}\n\ndata: {"b":2}\n\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins an event whatever the chunks it comes in, a character or a line ending at a time', () => {
    const text = 'data: {"type":"delta","text":"异地就医"}\n\ndata: two\n\n';
    expect(feed(Array.from(text))).toEqual(['{"type":"delta","text":"异地就医"}', 'two']);
    expect(feed(['data: on', 'e\n', '\ndata:', ' two\n\n'])).toEqual(['one', 'two']);
  });

  it('reads CRLF, LF and CR line endings, a CRLF split between chunks as one', () => {
    expect(feed(['data: a\r\n\r\ndata: b\r\rdata: c\n\n'])).toEqual(['a', 'b', 'c']);
    // Split CRLF: one line end, not a line end and then a blank line (which would end the event early).
    expect(feed(['data: a\r', '\ndata: b\r', '\n\r\n'])).toEqual(['a\nb']);
  });

  it('joins the data lines of one event with LF and drops only one space after the colon', () => {
    expect(feed(['data: line one\ndata:line two\ndata:  indented\n\n'])).toEqual(['line one\nline two\n indented']);
  });

  it('skips comments, the other fields and events without data', () => {
    expect(feed([': keep-alive\n\nevent: message\nid: 7\nretry: 100\ndata: x\n\nevent: empty\n\n'])).toEqual(['x']);
  });

  it('drops an event the stream ended before its blank line', () => {
    expect(feed(['data: complete\n\ndata: cut off'])).toEqual(['complete']);
    expect(feed(['data: complete\n\ndata: cut off\n'])).toEqual(['complete']);
  });
});

/** A body that gives `chunks` (bytes, so a character may be split) and then ends or fails. */
function body(chunks: Array<string | Uint8Array>, end: 'close' | Error = 'close'): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[i++];
      if (next !== undefined) controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
      else if (end === 'close') controller.close();
      else controller.error(end);
    },
  });
}

describe('readEventData', () => {
  it('decodes UTF-8 split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: 医保\n\n');
    const got: string[] = [];
    await readEventData(body([bytes.slice(0, 7), bytes.slice(7)]), (d) => got.push(d));
    expect(got).toEqual(['医保']);
  });

  it('fails with a StreamFailure when the body cannot be read, after the events that came', async () => {
    const got: string[] = [];
    const read = readEventData(body(['data: 1\n\n'], new TypeError('network error')), (d) => got.push(d));
    await expect(read).rejects.toBeInstanceOf(StreamFailure);
    expect(got).toEqual(['1']);
  });

  it('gives back what the handler throws and cancels the body', async () => {
    const cancel = vi.fn();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('data: 1\n\n'));
      },
      cancel,
    });
    const bug = new Error('bug');
    await expect(
      readEventData(stream, () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
    expect(cancel).toHaveBeenCalled();
  });
});

describe('streamCall', () => {
  const fakeUi = () =>
    ({
      toastError: vi.fn(),
      dialog: vi.fn(),
      navigate: vi.fn(),
      leave: vi.fn(),
      clearSession: vi.fn(),
      domain: () => 'example.com',
      website: () => undefined,
    }) satisfies RequestUi;
  let ui: ReturnType<typeof fakeUi>;
  beforeEach(() => {
    ui = fakeUi();
    bindRequestUi(ui);
    vi.stubGlobal('window', { location: { pathname: '/en/knowledge/course/info', search: '?id=3' } });
  });
  afterEach(() => {
    bindRequestUi(undefined);
    vi.unstubAllGlobals();
  });

  const sse = (events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`);
  const streamed = (chunks: string[], end: 'close' | Error = 'close') =>
    new Response(body(chunks, end), { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  const envelope = (code: number, message: string) =>
    new Response(JSON.stringify({ code, message, data: null }), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });

  it('posts the question with the request layer’s headers and gives each event, checked', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        streamed(
          sse([
            { type: 'delta', text: 'a' },
            { type: 'delta', nope: true },
            { type: 'delta', text: 'b' },
          ]),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: AssistantEvent[] = [];
    await streamCall(
      chatWithAssistant,
      { content: '报销', conversationId: 4 },
      { signal: new AbortController().signal, onEvent: (e) => events.push(e) },
    );
    expect(events).toEqual([
      { type: 'delta', text: 'a' },
      { type: 'delta', text: 'b' },
    ]);
    // The event that broke the contract is skipped and said.
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/gateway/course/auth/ai-chat/chat');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ content: '报销', conversationId: 4 });
    expect(init.headers).toMatchObject({
      domain: 'example.com',
      platform: 'WEB-CLIENT',
      lang: 'en',
      accept: 'text/event-stream',
      'content-type': 'application/json',
    });
  });

  it('rejects with the refusal’s code and message, shown by nobody (the chat shows it)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(envelope(9801, 'You have asked your 50 questions for today')));
    const asked = streamCall(
      chatWithAssistant,
      { content: 'x' },
      { signal: new AbortController().signal, onEvent() {} },
    );
    await expect(asked).rejects.toMatchObject({ code: 9801, message: 'You have asked your 50 questions for today' });
    await expect(asked).rejects.toBeInstanceOf(ApiError);
    expect(ui.toastError).not.toHaveBeenCalled();
  });

  it('hands the session’s codes to the request layer (to sign in again)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(envelope(301, 'Not signed in')));
    const asked = streamCall(
      chatWithAssistant,
      { content: 'x' },
      { signal: new AbortController().signal, onEvent() {} },
    );
    await expect(asked).rejects.toMatchObject({ code: 301 });
    expect(ui.clearSession).toHaveBeenCalled();
    expect(ui.navigate).toHaveBeenCalledWith(
      `/en/login?redirect=${encodeURIComponent('/en/knowledge/course/info?id=3')}`,
    );
  });

  it('rejects with the abort’s reason when the learner stops, mid-stream', async () => {
    const controller = new AbortController();
    let body!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        body = c;
        c.enqueue(new TextEncoder().encode(sse([{ type: 'delta', text: 'a' }])[0]!));
        // then nothing more comes until the abort
      },
    });
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      // The body fails with the fetch's signal, as a real fetch's does.
      init.signal!.addEventListener('abort', () => body.error(init.signal!.reason));
      return Promise.resolve(new Response(stream, { headers: { 'content-type': 'text/event-stream' } }));
    });
    const events: AssistantEvent[] = [];
    const asked = streamCall(
      chatWithAssistant,
      { content: 'x' },
      {
        signal: controller.signal,
        onEvent: (e) => {
          events.push(e);
          controller.abort(new DOMException('stopped', 'AbortError'));
        },
      },
    );
    await expect(asked).rejects.toMatchObject({ name: 'AbortError', message: 'stopped' });
    expect(events).toEqual([{ type: 'delta', text: 'a' }]);
  });

  it('rejects with a StreamFailure when the network fails, before or during the stream', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const before = streamCall(
      chatWithAssistant,
      { content: 'x' },
      { signal: new AbortController().signal, onEvent() {} },
    );
    await expect(before).rejects.toMatchObject({ name: 'StreamFailure', reason: 'network' });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(streamed(sse([{ type: 'delta', text: 'a' }]), new TypeError('reset'))),
    );
    const during = streamCall(
      chatWithAssistant,
      { content: 'x' },
      { signal: new AbortController().signal, onEvent() {} },
    );
    await expect(during).rejects.toMatchObject({ name: 'StreamFailure', reason: 'network' });
  });
});
