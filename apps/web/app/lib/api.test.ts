import { errorText } from '@portal/contract/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from './api.ts';
import { bindRequestUi, handleErrorEnvelope, request, toastOnce, type RequestUi } from './api.ts';

function fakeUi(tenantCode: string | null = null) {
  const ui = {
    toastError: vi.fn(),
    dialog: vi.fn(),
    navigate: vi.fn(),
    leave: vi.fn(),
    clearSession: vi.fn(),
    domain: () => 'example.com',
    website: () => ({ tenantCode, individuationOptions: { admissionTicketPrintTime: '考前3天开放打印' } }) as never,
  } satisfies RequestUi;
  bindRequestUi(ui);
  return ui;
}

function at(pathname: string) {
  vi.stubGlobal('window', { location: { pathname, search: '' } });
}

beforeEach(() => at('/account'));
afterEach(() => {
  vi.unstubAllGlobals();
  bindRequestUi(undefined);
});

const fail = (code: number, message = '服务端消息') => {
  try {
    handleErrorEnvelope({ code, message, data: null });
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('did not reject');
};

describe('the error catalogue (platform.md section 8)', () => {
  it('shows the fixed 3001 text, never the server message', () => {
    const ui = fakeUi();
    const e = fail(3001, 'x');
    expect(e.code).toBe(3001);
    expect(ui.toastError).toHaveBeenCalledWith('密码格式错误，密码为8~20位包含英文大、小写字母和数字或特殊字符的组合');
    // The request layer keeps its own copy of the registry's text (it loads no registry): the same.
    expect(ui.toastError).toHaveBeenCalledWith(errorText(3001, 'zh'));
  });
  it('clears the session and goes to /login with the return target on 301, 305 and 307', () => {
    for (const code of [301, 305, 307]) {
      const ui = fakeUi();
      fail(code);
      expect(ui.clearSession).toHaveBeenCalled();
      expect(ui.navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/account')}`);
      expect(ui.toastError).not.toHaveBeenCalled();
    }
  });
  it('does not redirect on 301 when the page is public', () => {
    at('/news');
    const ui = fakeUi();
    fail(301);
    expect(ui.navigate).not.toHaveBeenCalled();
  });
  it('opens the 温馨提示 dialog on 308 and signs out on confirm', () => {
    const ui = fakeUi();
    fail(308, '账号已禁用');
    const opts = ui.dialog.mock.calls[0]![0];
    expect(opts.title).toBe('温馨提示');
    expect(opts.content).toBe('账号已禁用');
    opts.onOk();
    expect(ui.clearSession).toHaveBeenCalled();
    expect(ui.leave).toHaveBeenCalledWith('/login');
  });
  it('goes to /company on 309 without a message', () => {
    const ui = fakeUi();
    fail(309);
    expect(ui.navigate).toHaveBeenCalledWith('/company');
    expect(ui.toastError).not.toHaveBeenCalled();
  });
  it('opens the admission-ticket dialog on 7005 for the SFJ tenant only', () => {
    const sfj = fakeUi('SFJ');
    fail(7005, 'x');
    expect(sfj.dialog.mock.calls[0]![0].content).toBe('考前3天开放打印');
    const other = fakeUi(null);
    fail(7005, '准考证暂未开放打印');
    expect(other.dialog).not.toHaveBeenCalled();
    expect(other.toastError).toHaveBeenCalledWith('准考证暂未开放打印');
  });
  it('rejects 8004, 3052, 7603 and 7610 silently', () => {
    for (const code of [8004, 3052, 7603, 7610]) {
      const ui = fakeUi();
      expect(fail(code).code).toBe(code);
      expect(ui.toastError).not.toHaveBeenCalled();
      expect(ui.dialog).not.toHaveBeenCalled();
    }
  });
  it('shows any other message once within 2 seconds', () => {
    const ui = fakeUi();
    expect(toastOnce('同一条消息', 10_000)).toBe(true);
    expect(toastOnce('同一条消息', 11_999)).toBe(false);
    expect(toastOnce('另一条消息', 11_999)).toBe(true);
    expect(toastOnce('同一条消息', 12_000)).toBe(true);
    expect(ui.toastError).toHaveBeenCalledTimes(3);
  });
});

describe('request', () => {
  const call = {
    name: 'x',
    method: 'POST' as const,
    path: '/system/api/x',
    access: 'public' as const,
    summary: '',
    tags: [],
    requestIn: 'body' as const,
    request: {} as never,
    response: {} as never,
  };
  it('sends the headers and body, returns data on 200 and 3300, the raw envelope with _No_dispose', async () => {
    fakeUi();
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ code: 3300, message: '已处理', data: { a: 1 } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await request(call, { q: 1 } as never)).toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/gateway/system/api/x');
    expect(init.headers).toMatchObject({ domain: 'example.com', platform: 'WEB-CLIENT' });
    expect(JSON.parse(String(init.body))).toEqual({ q: 1 });
    expect(await request(call, { q: 1, _No_dispose: true } as never)).toEqual({
      code: 3300,
      message: '已处理',
      data: { a: 1 },
    });
    expect(JSON.parse(String((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body))).toEqual({ q: 1 });
  });
  it('names the page’s enterprise in public calls', async () => {
    const ui = fakeUi();
    bindRequestUi({ ...ui, website: () => ({ eid: 1002, tenantCode: null, individuationOptions: {} }) as never });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, message: '', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    await request(call, {} as never);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/gateway/system/api/x?eid=1002');
  });

  it('lets a request outlive the page only when asked (keepalive)', async () => {
    fakeUi();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, message: '', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    await request(call, {} as never, { keepalive: true });
    await request(call, {} as never);
    const inits = fetchMock.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1]);
    expect(inits[0]!.keepalive).toBe(true);
    expect(inits[1]!.keepalive).toBeUndefined();
  });

  it('rejects with the code of an error envelope', async () => {
    const ui = fakeUi();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 9001, message: '订单不存在', data: null }))),
    );
    await expect(request(call, {} as never)).rejects.toMatchObject({ code: 9001 });
    expect(ui.toastError).toHaveBeenCalledWith('订单不存在');
  });
});
