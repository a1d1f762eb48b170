import { describe, expect, it } from 'vitest';
import type { PortalLoadContext, SiteBundle } from '@portal/contract';
import { headers, loader } from './root.tsx';

// The root loader's session rules (account-area.md, session start): user info loads when a
// session exists; a failed load signs out; a token that opens no session is removed.

const site = (signedIn: boolean): SiteBundle =>
  ({
    website: {
      eid: 1001,
      entName: '智学企业培训平台',
      visitorOpenSet: true,
      registerOpenSet: true,
      lang: 'zh',
      h5Url: '',
      websiteThemeColor: {},
      greyThemeOpenSet: false,
    },
    nav: [],
    links: [],
    signedIn,
    choosingEnterprise: false,
    domain: 'localhost',
    hostname: 'localhost',
  }) as unknown as SiteBundle;

function context(bundle: SiteBundle, userAnswer: { code: number; message: string; data: unknown }) {
  const calls: string[] = [];
  const ctx = {
    requestId: 'r1',
    nonce: 'n',
    isDev: false,
    loadSite: async (_req: Request, eid: number | undefined) => {
      calls.push(`loadSite ${eid}`);
      return bundle;
    },
    themeCss: async () => '',
    page: { themeCss: null },
    gateway: async (_req: Request, call: { name: string }) => {
      calls.push(call.name);
      return userAnswer;
    },
  } as unknown as PortalLoadContext;
  return { ctx, calls };
}

const load = (path: string, cookie: string, ctx: PortalLoadContext) =>
  loader({
    request: new Request(`http://localhost${path}`, { headers: { cookie } }),
    context: ctx as never,
    params: {},
  } as never);

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
  throw new Error('the loader did not redirect');
}

describe('root loader sessions', () => {
  it('a signed-in page carries the user of the session', async () => {
    const user = { userName: '张晓明', phone: '138****0001', isAdmin: false };
    const { ctx, calls } = context(site(true), { code: 200, message: '成功', data: user });
    const result = (await load('/account?change=7', 'token=t1', ctx)) as { data: { user: unknown } };
    expect(calls).toEqual(['loadSite undefined', 'viewCurrentUser']);
    expect(result.data.user).toEqual(user);
  });

  it('a failed user-info load signs out: the token cookie is removed and the page loads again', async () => {
    const { ctx } = context(site(true), { code: 307, message: '您的登录状态已失效，请重新登录', data: null });
    const res = await thrown(load('/account?change=7', 'token=t1; i18n_redirected=zh', ctx));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/account?change=7');
    expect(res.headers.get('set-cookie')).toMatch(/^token=; Path=\/; Max-Age=0; HttpOnly/);
  });

  it('a failing server is an error page (503), and the session is kept', async () => {
    const { ctx } = context(site(true), { code: 500, message: '系统繁忙，请稍后再试', data: null });
    const res = await thrown(load('/home', 'token=t1', ctx)).catch((e: unknown) => e);
    expect(res).toMatchObject({ init: { status: 503 }, data: { message: '系统繁忙，请稍后再试' } });
    expect(JSON.stringify(res)).not.toContain('Max-Age=0');
  });

  it('a rate-limited user-info load is a 429 page with Retry-After (not 503), the session kept', async () => {
    const { ctx } = context(site(true), { code: 429, message: '操作过于频繁，请稍后再试', data: null });
    const res = (await thrown(load('/home', 'token=t1', ctx)).catch((e: unknown) => e)) as {
      init: ResponseInit;
      data: unknown;
    };
    expect(res).toMatchObject({ init: { status: 429 }, data: { message: '操作过于频繁，请稍后再试' } });
    const errorHeaders = new Headers(res.init.headers);
    expect(errorHeaders.get('retry-after')).toBe('60');
    expect(errorHeaders.get('set-cookie')).toBeNull();
    // The document carries it: the root's headers pass the error's Retry-After on.
    const doc = new Headers(
      (headers as (args: unknown) => HeadersInit)({
        errorHeaders,
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
      }),
    );
    expect(doc.get('retry-after')).toBe('60');
    const ok = new Headers(
      (headers as (args: unknown) => HeadersInit)({
        errorHeaders: undefined,
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
      }),
    );
    expect(ok.get('retry-after')).toBeNull();
  });

  it('a disabled account (308) is signed out too', async () => {
    const { ctx } = context(site(true), { code: 308, message: '您的账号已被禁用，请联系管理员', data: null });
    const res = await thrown(load('/home', 'token=t1', ctx));
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it('a token that opens no session is removed; a visitor page still renders', async () => {
    const { ctx, calls } = context(site(false), { code: 200, message: '成功', data: null });
    const result = (await load('/home', 'token=stale', ctx)) as { data: { user: unknown }; init: ResponseInit };
    expect(calls).toEqual(['loadSite undefined']);
    expect(result.data.user).toBeNull();
    expect(new Headers(result.init.headers).get('set-cookie')).toMatch(/^token=; Path=\/; Max-Age=0/);
  });

  it('a visitor without a token gets no cookie', async () => {
    const { ctx } = context(site(false), { code: 200, message: '成功', data: null });
    const result = (await load('/home', '', ctx)) as { init: ResponseInit };
    expect(new Headers(result.init.headers).get('set-cookie')).toBeNull();
  });
});

describe('root loader ?eid=', () => {
  it('a good eid names the site asked for and is remembered in a cookie', async () => {
    const { ctx, calls } = context(site(false), { code: 200, message: '成功', data: null });
    const result = (await load('/home?eid=1002', '', ctx)) as { init: ResponseInit };
    expect(calls).toEqual(['loadSite 1002']);
    expect(new Headers(result.init.headers).get('set-cookie')).toBe('eid=1002; Path=/; SameSite=Lax');
  });

  it('an empty eid is none: the eid cookie, else the domain’s default site', async () => {
    const { ctx, calls } = context(site(false), { code: 200, message: '成功', data: null });
    await load('/home?eid=', 'eid=1003', ctx);
    await load('/home?eid=', '', ctx);
    expect(calls).toEqual(['loadSite 1003', 'loadSite undefined']);
  });

  it.each(['2147483648', '0', '-1', 'abc', '1.5', '1e3'])(
    'a malformed eid (%s) is the 404 of a site that does not exist, not the default site',
    async (eid) => {
      const { ctx, calls } = context(site(false), { code: 200, message: '成功', data: null });
      const res = await thrown(load(`/home?eid=${eid}`, 'eid=1003', ctx)).catch((e: unknown) => e);
      expect(res).toMatchObject({ init: { status: 404 }, data: { message: '平台不存在' } });
      expect(calls).toEqual([]);
    },
  );
});
