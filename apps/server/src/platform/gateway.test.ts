import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  GATEWAY_PREFIX,
  allCalls,
  findRegions,
  routePathOf,
  viewCorrectDomain,
  viewWebsite,
  viewWebsiteAuth,
} from '@portal/contract';
import {
  createTestApp,
  clientHeaders,
  invalidFields,
  unchecked,
  visitorOf,
  type Caller,
  type TestApp,
} from '../test/harness.ts';
import { createEnterprise, expireSession } from '../test/factories.ts';
import { hashToken } from './session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

// The gateway's own HTTP layer (envelopes, languages from cookies and headers, malformed bodies,
// unknown paths, CSRF, security headers, request ids, health, limits on however a path is spelled)
// is tested with raw requests; calls that are about what a call answers go through t.call.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WEBSITE_VIEW = '/gateway/system/api/website/view';
const WEBSITE_VIEW_AUTH = '/gateway/system/auth/website/view';
const REGION_LIST = '/gateway/system/api/region/list';
const ENUM_LIST = '/gateway/system/api/enum/list';
const WEBSITE_DOMAIN = '/gateway/system/api/website/domain';

function expectEnvelope(body: unknown): asserts body is { code: number; message: string; data: unknown } {
  expect(body).toBeTypeOf('object');
  expect(Object.keys(body as object).sort()).toEqual(['code', 'data', 'message']);
  const b = body as Record<string, unknown>;
  expect(Number.isInteger(b.code)).toBe(true);
  expect(typeof b.message).toBe('string');
}

describe('registration', () => {
  it('every call of the contract is registered under /gateway', () => {
    expect(allCalls.length).toBeGreaterThan(0);
    for (const call of allCalls) {
      expect(
        // A path parameter ({id}) is routed as Fastify's :id.
        t.app.hasRoute({ method: call.method, url: GATEWAY_PREFIX + routePathOf(call.path) }),
        `${call.method} ${call.path}`,
      ).toBe(true);
    }
  });
});

describe('the envelope', () => {
  it('every answer, success or error, is exactly { code, message, data } with HTTP 200', async () => {
    const ent = await createEnterprise(t.database.db);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: WEBSITE_VIEW, headers: clientHeaders(ent.domain) }), // 200
      t.app.inject({ method: 'GET', url: WEBSITE_VIEW, headers: clientHeaders('nobody.example.org') }), // 3101
      t.app.inject({ method: 'GET', url: WEBSITE_VIEW_AUTH, headers: clientHeaders(ent.domain) }), // 301
      t.app.inject({ method: 'GET', url: ENUM_LIST, headers: clientHeaders(), query: { enumName: '' } }), // 400
      t.app.inject({ method: 'GET', url: ENUM_LIST, headers: clientHeaders(), query: { enumName: 'nope' } }), // 404
      t.app.inject({ method: 'GET', url: '/gateway/no/such/call', headers: clientHeaders() }), // 404
      t.app.inject({ method: 'POST', url: REGION_LIST, payload: {} }), // 403
    ]);
    const codes = answers.map((res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expectEnvelope(body);
      return body.code;
    });
    expect(codes).toEqual([200, 3101, 301, 400, 404, 404, 403]);
  });

  it('success message is Chinese by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders(),
      query: { enumName: 'paymentMethod' },
    });
    expect(res.json().code).toBe(200);
    expect(res.json().message).toBe('成功');
  });

  it('success message is English with the i18n_redirected=en cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders(),
      cookies: { i18n_redirected: 'en' },
      query: { enumName: 'paymentMethod' },
    });
    expect(res.json().message).toBe('Success');
  });

  it('success message is English with Accept-Language en', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders('localhost', { 'accept-language': 'en-US,en;q=0.9' }),
      query: { enumName: 'paymentMethod' },
    });
    expect(res.json().message).toBe('Success');
  });

  it('the zh cookie wins over Accept-Language en; Accept-Language zh stays Chinese', async () => {
    const cookieZh = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders('localhost', { 'accept-language': 'en' }),
      cookies: { i18n_redirected: 'zh' },
      query: { enumName: 'paymentMethod' },
    });
    expect(cookieZh.json().message).toBe('成功');
    const acceptZh = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders('localhost', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }),
      query: { enumName: 'paymentMethod' },
    });
    expect(acceptZh.json().message).toBe('成功');
  });

  it('successful answers are not cached by the browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders(),
      query: { enumName: 'paymentMethod' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('bad input', () => {
  const badRegion = async (cookie?: string) => {
    const res = await t.call(findRegions, unchecked({ kind: 'planet', depth: 9 }), {
      raw: true,
      ...(cookie ? { headers: { cookie } } : {}),
    });
    return { statusCode: res.status, json: () => res.body };
  };

  it('code 400 with HTTP 200, the message naming the first bad field, data.fields listing all (Chinese)', async () => {
    const res = await badRegion();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectEnvelope(body);
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^参数错误：kind /);
    // The field's own message is in Chinese too.
    expect(body.message.slice('参数错误：kind '.length)).toMatch(/[\u4e00-\u9fff]/);
    const fields = invalidFields(body);
    expect(fields.map((f) => f.field)).toEqual(['kind', 'depth']);
    for (const f of fields) expect(f.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('English with the en cookie', async () => {
    const res = await badRegion('i18n_redirected=en');
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^Invalid input: kind: /);
    expect(body.message).not.toMatch(/[\u4e00-\u9fff]/);
    const fields = invalidFields(body);
    expect(fields.map((f) => f.field)).toEqual(['kind', 'depth']);
    for (const f of fields) expect(f.message).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('a query call names its bad query field', async () => {
    const body = await t.call(viewCorrectDomain, unchecked({ eid: 'x' }));
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^参数错误：eid /);
    expect(invalidFields(body)).toHaveLength(1);
  });

  it('an eid beyond int32 is bad input or the domain default, never a database error', async () => {
    const domain = await t.app.inject({
      method: 'GET',
      url: '/gateway/system/api/website/domain',
      headers: clientHeaders(),
      query: { eid: '99999999999' },
    });
    expect(domain.json()).toMatchObject({ code: 400 });
    // A public call's tenant: an impossible eid in the query is ignored (the domain's enterprise).
    const view = await t.app.inject({
      method: 'GET',
      url: '/gateway/system/api/website/view',
      headers: clientHeaders(),
      query: { eid: '99999999999' },
    });
    expect(view.json().code).not.toBe(500);
  });

  it('a body that is not an object → 400 naming the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: REGION_LIST, headers: clientHeaders(), payload: [1, 2] });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.code).toBe(400);
    expect(body.data.fields[0].field).toBe('(body)');
  });

  it('malformed JSON → envelope 400 with HTTP 200', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      headers: clientHeaders('localhost', { 'content-type': 'application/json' }),
      payload: '{"kind": "national",',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectEnvelope(body);
    expect(body.code).toBe(400);
    expect(body.message).toBe('参数错误：请求体不是有效的 JSON');
    expect(body.data).toBeNull();
  });

  it('malformed JSON in English', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      headers: clientHeaders('localhost', { 'content-type': 'application/json', 'accept-language': 'en' }),
      payload: '{nope',
    });
    expect(res.json()).toEqual({ code: 400, message: 'Invalid input: the body is not valid JSON', data: null });
  });

  it('an unsupported content type → envelope 400 with HTTP 200', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      headers: clientHeaders('localhost', { 'content-type': 'application/xml' }),
      payload: '<kind>full</kind>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(400);
  });

  it('a body over 1 MiB → HTTP 413 with envelope code 413', async () => {
    const big = JSON.stringify({ kind: 'national', padding: 'x'.repeat(1024 * 1024 + 16) });
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      headers: clientHeaders('localhost', { 'content-type': 'application/json' }),
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    const body = res.json();
    expectEnvelope(body);
    expect(body).toEqual({ code: 413, message: '上传内容过大', data: null });
  });
});

describe('unknown calls', () => {
  it('GET of an unknown path under /gateway → HTTP 200, envelope 404 naming the path', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/gateway/system/api/no/such/thing?x=1',
      headers: clientHeaders(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectEnvelope(body);
    expect(body.code).toBe(404);
    expect(body.message).toBe('接口不存在：GET /gateway/system/api/no/such/thing');
    expect(body.data).toBeNull();
  });

  it('POST of an unknown path under /gateway → HTTP 200, envelope 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/gateway/user/api/nothing',
      headers: clientHeaders(),
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 404, message: '接口不存在：POST /gateway/user/api/nothing', data: null });
  });

  it('a known path with the wrong method → envelope 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: WEBSITE_VIEW, headers: clientHeaders(), payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(404);
  });

  it('English message with the en cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/gateway/nope',
      headers: clientHeaders(),
      cookies: { i18n_redirected: 'en' },
    });
    expect(res.json().message).toBe('Unknown call: GET /gateway/nope');
  });
});

describe('sessions', () => {
  async function member(options: { status?: number } = {}) {
    const ent = await createEnterprise(t.database.db);
    const user = await t.learner(ent, { member: options });
    return { ent, user };
  }
  /** The signed-in website view as `as`, with a cookie header if given; the whole HTTP answer. */
  const viewAuth = async (as: Caller, cookie?: string) => {
    const res = await t.call(viewWebsiteAuth, {}, { as, raw: true, ...(cookie ? { headers: { cookie } } : {}) });
    return { statusCode: res.status, json: () => res.body };
  };

  it('token in the `token` header works', async () => {
    const { ent, user } = await member();
    const res = await viewAuth({ domain: ent.domain, token: user.token });
    expect(res.json().code).toBe(200);
    expect(res.json().data.eid).toBe(ent.eid);
  });

  it('token in the `token` cookie works', async () => {
    const { ent, user } = await member();
    const res = await viewAuth(visitorOf(ent), `token=${user.token}`);
    expect(res.json().code).toBe(200);
    expect(res.json().data.eid).toBe(ent.eid);
  });

  it('missing token → 301', async () => {
    const res = await viewAuth(visitorOf('localhost'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 301, message: '请先登录', data: null });
  });

  it('unknown token → 301', async () => {
    const res = await viewAuth({ token: 'not-a-real-token' });
    expect(res.json().code).toBe(301);
    const cookie = await viewAuth(visitorOf('localhost'), 'token=not-a-real-token-either');
    expect(cookie.json().code).toBe(301);
  });

  it('expired → 305', async () => {
    const { user } = await member();
    await expireSession(t.database.db, user.token);
    const res = await viewAuth({ token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 305, message: '登录已过期，请重新登录', data: null });
  });

  it('revoked (SessionStore.revoke) → 307', async () => {
    const { ent, user } = await member();
    expect((await viewAuth({ domain: ent.domain, token: user.token })).json().code).toBe(200);
    await t.platform.sessions.revoke(hashToken(user.token), 'signOut');
    const res = await viewAuth({ domain: ent.domain, token: user.token });
    expect(res.json()).toEqual({ code: 307, message: '您的登录状态已失效，请重新登录', data: null });
  });

  it('membership disabled by the enterprise (status 2) → 308', async () => {
    const { user } = await member({ status: 2 });
    const res = await viewAuth({ token: user.token });
    expect(res.json()).toEqual({ code: 308, message: '您的账号已被禁用，请联系管理员', data: null });
  });

  it('membership removed after sign-in → 307', async () => {
    const { ent, user } = await member();
    await t.database.db.execute(
      sql`DELETE FROM enterprise_users WHERE eid = ${ent.eid} AND account_id = ${user.accountId}`,
    );
    const res = await viewAuth({ token: user.token });
    expect(res.json().code).toBe(307);
  });

  it('session with no enterprise chosen (eid null) → 309', async () => {
    const user = await t.learner(null);
    const res = await viewAuth({ token: user.token });
    expect(res.json()).toEqual({ code: 309, message: '请先选择平台', data: null });
  });

  it('the header wins over the cookie', async () => {
    const a = await member();
    const b = await member();
    const res = await viewAuth({ domain: b.ent.domain, token: a.user.token }, `token=${b.user.token}`);
    expect(res.json().data.eid).toBe(a.ent.eid);
  });

  it('session errors are in English with the en cookie', async () => {
    const res = await viewAuth(visitorOf('localhost'), 'i18n_redirected=en');
    expect(res.json().message).toBe('Please sign in first');
  });

  it('public calls ignore a bad token', async () => {
    const ent = await createEnterprise(t.database.db);
    const res = await t.call(viewWebsite, {}, { as: { domain: ent.domain, token: 'garbage' } });
    expect(res.code).toBe(200);
  });
});

describe('CSRF rule', () => {
  it('POST without `platform: WEB-CLIENT` is refused with 403 before anything runs', async () => {
    // The body is invalid too: a 403 (not a 400) shows the call was never parsed or run.
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      headers: { domain: 'localhost' },
      payload: { kind: 'planet' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectEnvelope(body);
    expect(body.code).toBe(403);
    expect(body.data).toBeNull();
    expect(body.message).toBe('请求缺少 platform 请求头，已拒绝');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('POST with a wrong platform value is refused too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      headers: { platform: 'evil' },
      payload: { kind: 'full', depth: 1 },
    });
    expect(res.json().code).toBe(403);
    expect(res.json().data).toBeNull();
  });

  it('refusal in English with the en cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      payload: {},
      cookies: { i18n_redirected: 'en' },
    });
    expect(res.json().message).toBe('Refused: the platform header is missing');
  });

  it('POST with the header passes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGION_LIST,
      headers: clientHeaders(),
      payload: { kind: 'full', depth: 1 },
    });
    expect(res.json().code).toBe(200);
    expect(res.json().data).toHaveLength(34);
  });

  it('a percent-encoded path that routes to the same call obeys the same rule', async () => {
    // `/%67ateway/...` is routed to `/gateway/...` (the router decodes the path); the rule must not
    // depend on how the client spelled the path.
    const res = await t.app.inject({
      method: 'POST',
      url: '/%67ateway/system/api/region/list',
      payload: { kind: 'full', depth: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(403);
    expect(res.json().data).toBeNull();
  });

  it('GET without the header is fine', async () => {
    const ent = await createEnterprise(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: WEBSITE_VIEW, headers: { domain: ent.domain } });
    expect(res.json().code).toBe(200);
    expect(res.json().data.eid).toBe(ent.eid);
  });
});

describe('security headers and request ids', () => {
  it('gateway answers (JSON, never rendered) carry nosniff and no-store', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders(),
      query: { enumName: 'paymentMethod' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('error answers carry them too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gateway/nope', headers: clientHeaders() });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('documents (API docs, health) carry the full set: framing, referrer, opener and resource policies', async () => {
    for (const url of ['/gateway/docs', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('a request id is generated when none is sent, a new one each time', async () => {
    const one = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders(),
      query: { enumName: 'paymentMethod' },
    });
    const two = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders(),
      query: { enumName: 'paymentMethod' },
    });
    expect(one.headers['x-request-id']).toMatch(UUID);
    expect(two.headers['x-request-id']).toMatch(UUID);
    expect(one.headers['x-request-id']).not.toBe(two.headers['x-request-id']);
  });

  it('a valid incoming x-request-id is echoed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders('localhost', { 'x-request-id': 'trace-ABC_123.xyz' }),
      query: { enumName: 'paymentMethod' },
    });
    expect(res.headers['x-request-id']).toBe('trace-ABC_123.xyz');
  });

  it.each([
    ['with spaces and symbols', 'bad id <script>'],
    ['too short', 'abc'],
    ['too long', 'a'.repeat(65)],
  ])('an invalid incoming x-request-id (%s) is replaced', async (_what, id) => {
    const res = await t.app.inject({
      method: 'GET',
      url: ENUM_LIST,
      headers: clientHeaders('localhost', { 'x-request-id': id }),
      query: { enumName: 'paymentMethod' },
    });
    expect(res.headers['x-request-id']).not.toBe(id);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('HSTS behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: 'true', TENANT_CODES: '' });
  });
  afterAll(async () => proxied?.close());

  it('is sent on HTTPS (x-forwarded-proto) only when the proxy is trusted', async () => {
    const viaHttps = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaHttps.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const viaHttp = await proxied.app.inject({ method: 'GET', url: '/healthz' });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('health', () => {
  it('/healthz answers 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    vi.spyOn(t.database.pool, 'query').mockImplementationOnce((() =>
      Promise.reject(new Error('connection refused'))) as never);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
  });
});

describe('internal errors', () => {
  it('a failing query answers HTTP 500 with envelope 500 and leaks no internals', async () => {
    const ent = await createEnterprise(t.database.db);
    await t.database.db.execute(sql`ALTER TABLE website_settings RENAME TO website_settings_gone`);
    try {
      const res = await t.app.inject({ method: 'GET', url: WEBSITE_VIEW, headers: clientHeaders(ent.domain) });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ code: 500, message: '系统繁忙，请稍后再试', data: null });
      expect(res.body).not.toMatch(/website_settings|relation|select|stack/i);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE website_settings_gone RENAME TO website_settings`);
    }
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', TENANT_CODES: '' });
  });
  afterAll(async () => limited?.close());

  it('the 4th gateway call in a minute gets HTTP 429 with Retry-After and envelope 429; health and docs are not limited', async () => {
    const call = () =>
      limited.app.inject({
        method: 'GET',
        url: WEBSITE_DOMAIN,
        headers: clientHeaders(),
        query: { eid: '1' },
      });
    for (let i = 0; i < 3; i++) {
      const ok = await call();
      expect(ok.statusCode).toBe(200);
      expect(ok.json().code).toBe(3101);
    }
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isFinite(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = refused.json();
    expectEnvelope(body);
    expect(body).toEqual({ code: 429, message: '操作过于频繁，请稍后再试', data: null });

    // Any gateway call is limited now, unknown ones included.
    const other = await limited.app.inject({ method: 'GET', url: '/gateway/nope', headers: clientHeaders() });
    expect(other.statusCode).toBe(429);
    expect(other.json().code).toBe(429);

    for (let i = 0; i < 5; i++) {
      const health = await limited.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    }
    const ready = await limited.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const docs = await limited.app.inject({ method: 'GET', url: '/gateway/docs/json' });
    expect(docs.statusCode).toBe(200);
  });

  it('counts a call however its path is spelled (percent-encoded paths reach the same calls)', async () => {
    // Another client address: its own budget of 3.
    const remoteAddress = '10.9.8.7';
    const plain = () =>
      limited.app.inject({
        method: 'GET',
        url: WEBSITE_DOMAIN,
        headers: clientHeaders(),
        query: { eid: '1' },
        remoteAddress,
      });
    const encoded = () =>
      limited.app.inject({
        method: 'GET',
        url: '/%67ateway/system/api/website/domain?eid=1',
        headers: clientHeaders(),
        remoteAddress,
      });
    expect((await plain()).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await encoded()).statusCode);
    expect(codes).toEqual([200, 200, 429, 429]);
    expect((await plain()).statusCode).toBe(429);
  });
});

describe('session ends and tenants of public calls', () => {
  it('clears the HttpOnly token cookie when the session is gone (305)', async () => {
    const ent = await createEnterprise(t.database.db);
    const user = await t.learner(ent);
    await expireSession(t.database.db, user.token);
    const res = await t.call(
      viewWebsiteAuth,
      {},
      { as: visitorOf(ent), headers: { cookie: `token=${user.token}` }, raw: true },
    );
    expect(res.body.code).toBe(305);
    const cleared = res.response.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
  });

  it('answers 308 with its own message when the session’s enterprise is disabled', async () => {
    const ent = await createEnterprise(t.database.db);
    const user = await t.learner(ent);
    await t.database.db.execute(sql`UPDATE enterprises SET status = 0 WHERE eid = ${ent.eid}`);
    const res = await t.call(viewWebsiteAuth, {}, { as: user });
    expect(res).toMatchObject({ code: 308, message: '所在平台已停用，请联系管理员' });
  });

  it('serves a public call from the session’s enterprise, not the domain default', async () => {
    const a = await createEnterprise(t.database.db);
    const b = await createEnterprise(t.database.db);
    const user = await t.learner(b);
    const res = await t.call(viewWebsite, { eid: a.eid }, { as: { domain: a.domain, token: user.token } });
    expect(res.data?.eid).toBe(b.eid);
  });

  it('answers the bare /gateway in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gateway' });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(404);
  });
});
