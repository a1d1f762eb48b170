// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@portal/contract/call';
import { ApiError, bindRequestUi, type RequestUi } from './api.ts';
import { isAbort, useAction, useCall, useLoad, type Action, type Loaded } from './use-call.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const call = { method: 'GET', path: '/test/api/thing', access: 'signedIn', requestIn: 'query' } as unknown as CallDef;

function fakeUi() {
  const ui = {
    toastError: vi.fn(),
    dialog: vi.fn(),
    navigate: vi.fn(),
    leave: vi.fn(),
    clearSession: vi.fn(),
    domain: () => 'example.com',
    website: () => undefined,
  } satisfies RequestUi;
  bindRequestUi(ui);
  return ui;
}

/** A fetch whose answers the test gives, one pending promise per request. */
function controlledFetch() {
  const pending: Array<{ url: string; signal: AbortSignal; answer: (body: unknown) => void }> = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const signal = init.signal!;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      pending.push({
        url,
        signal,
        answer: (body) => resolve({ json: () => Promise.resolve(body) } as Response),
      });
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, pending };
}

let root: Root;
let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
  bindRequestUi(undefined);
});

function renderHook<P, R>(hook: (props: P) => R, props: P) {
  const result: { current: R } = { current: undefined as R };
  function Probe(p: { props: P }) {
    result.current = hook(p.props);
    return null;
  }
  act(() => root.render(createElement(Probe, { props })));
  return {
    result,
    rerender: (next: P) => act(() => root.render(createElement(Probe, { props: next }))),
  };
}

const flush = () => act(async () => {});

describe('useCall', () => {
  it('loads, then holds the data with loading off', async () => {
    fakeUi();
    const { pending } = controlledFetch();
    const { result } = renderHook(() => useCall(call, { id: 1 }), undefined);
    expect(result.current.loading).toBe(true);
    expect(result.current.data).toBeUndefined();
    expect(pending[0]?.url).toBe('/gateway/test/api/thing?id=1');
    pending[0]!.answer({ code: 200, message: '', data: { name: 'a' } });
    await flush();
    expect(result.current).toMatchObject({ loading: false, data: { name: 'a' }, error: undefined });
  });

  it('keeps the error (already toasted by the request layer) and the last data', async () => {
    const ui = fakeUi();
    const { pending } = controlledFetch();
    const { result } = renderHook(() => useCall(call, {}), undefined);
    pending[0]!.answer({ code: 200, message: '', data: 1 });
    await flush();
    let reloaded!: Promise<void>;
    act(() => void (reloaded = result.current.reload()));
    expect(result.current.loading).toBe(true);
    pending[1]!.answer({ code: 5000, message: '出错了', data: null });
    await act(() => reloaded);
    expect(ui.toastError).toHaveBeenCalledWith('出错了');
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current).toMatchObject({ loading: false, data: 1 });
  });

  it('aborts the request in flight when the input changes, without a toast', async () => {
    const ui = fakeUi();
    const { pending } = controlledFetch();
    const { result, rerender } = renderHook((id: number) => useCall(call, { id }), 1 as number);
    rerender(2);
    expect(pending).toHaveLength(2);
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[1]!.answer({ code: 200, message: '', data: 'two' });
    await flush();
    expect(result.current).toMatchObject({ data: 'two', loading: false, error: undefined });
    expect(ui.toastError).not.toHaveBeenCalled();
  });

  it('does not load again for a new input object of the same value', () => {
    fakeUi();
    const { pending } = controlledFetch();
    const { rerender } = renderHook((id: number) => useCall(call, { id }), 1 as number);
    rerender(1);
    expect(pending).toHaveLength(1);
  });

  it('aborts on unmount; an answer read after the abort shows nothing', async () => {
    const ui = fakeUi();
    const { pending } = controlledFetch();
    renderHook(() => useCall(call, {}), undefined);
    act(() => root.unmount());
    expect(pending[0]!.signal.aborted).toBe(true);
    await flush();
    expect(ui.toastError).not.toHaveBeenCalled();
    root = createRoot(container);
  });

  it('loads nothing for a null input', () => {
    fakeUi();
    const { pending } = controlledFetch();
    const { result } = renderHook(() => useCall(call, null), undefined);
    expect(pending).toHaveLength(0);
    expect(result.current.loading).toBe(false);
  });
});

describe('useLoad', () => {
  it('passes the data so far to the next load (a list growing page by page)', async () => {
    let page = 1;
    const { result, rerender } = renderHook(
      (p: number) => useLoad<number[]>((_signal, previous) => Promise.resolve([...(previous ?? []), p]), [p]),
      page,
    );
    await flush();
    expect(result.current.data).toEqual([1]);
    rerender(++page);
    await flush();
    expect(result.current.data).toEqual([1, 2]);
  });

  it('ignores an aborted load', async () => {
    let reject!: (err: unknown) => void;
    const { result } = renderHook(
      () => useLoad(() => new Promise<number>((_resolve, r) => (reject = r)), []),
      undefined,
    ) as { result: { current: Loaded<number> } };
    reject(new DOMException('gone', 'AbortError'));
    await flush();
    expect(result.current.error).toBeUndefined();
  });
});

describe('useAction', () => {
  it('runs a call: running while under way, its result after', async () => {
    fakeUi();
    const { pending } = controlledFetch();
    const { result } = renderHook(() => useAction(call), undefined) as {
      result: { current: Action<[Record<string, unknown>], unknown> };
    };
    let done!: Promise<unknown>;
    act(() => void (done = result.current.run({ id: 3 })));
    expect(result.current.running).toBe(true);
    pending[0]!.answer({ code: 200, message: '', data: 'ok' });
    await act(async () => expect(await done).toBe('ok'));
    expect(result.current).toMatchObject({ running: false, error: undefined });
  });

  it('resolves to undefined on failure and keeps the error: no rejection reaches the caller', async () => {
    const ui = fakeUi();
    const { pending } = controlledFetch();
    const { result } = renderHook(() => useAction(call), undefined) as {
      result: { current: Action<[Record<string, unknown>], unknown> };
    };
    let done!: Promise<unknown>;
    act(() => void (done = result.current.run({})));
    pending[0]!.answer({ code: 5000, message: '保存失败', data: null });
    await act(async () => expect(await done).toBeUndefined());
    expect(ui.toastError).toHaveBeenCalledWith('保存失败');
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.running).toBe(false);
  });

  it('runs a function of several steps', async () => {
    const { result } = renderHook(() => useAction(async (a: number, b: number) => Promise.resolve(a + b)), undefined);
    await act(async () => expect(await result.current.run(2, 3)).toBe(5));
  });
});

it('isAbort tells an abort from other errors', () => {
  expect(isAbort(new DOMException('x', 'AbortError'))).toBe(true);
  expect(isAbort(new ApiError(500, 'x'))).toBe(false);
  expect(isAbort(undefined)).toBe(false);
});
