import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findNews, viewCurrentUser, type PortalLoadContext } from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createEnterprise, type Learner } from '../test/factories.ts';
import { createLoadContextFactory } from './web.ts';

/**
 * The calls a page render makes in this process (web.ts load context → Gateway.invoke): the same
 * pipeline and answers as over HTTP, one session look-up per render, and not counted by the
 * per-address limit (the page request was).
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let learner: Learner;
let render: ReturnType<typeof createLoadContextFactory>;

beforeAll(async () => {
  // Limits of 5 gateway calls a minute per address and per account: far below what the renders
  // below make.
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '5' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  await t.database.db
    .insert(schema.newsCategories)
    .values({ eid: a.eid, name: '通知公告' })
    .returning()
    .then(([c]) =>
      t.database.db
        .insert(schema.news)
        .values({ eid: a.eid, categoryId: c!.id, title: '年度计划', publishedAt: new Date('2026-11-01T02:00:00Z') }),
    );
  learner = await t.learner(a);
  render = createLoadContextFactory(t.platform, t.app);
});
afterAll(async () => t?.close());

const pageRequest = (pathname: string, token?: string) =>
  new Request(`http://${a.domain}${pathname}`, {
    headers: { host: a.domain, ...(token ? { cookie: `token=${token}` } : {}) },
  });

/** The same call over HTTP, as the web client makes it. */
const overHttp = (token: string) => t.call(viewCurrentUser, {}, { as: { domain: a.domain, token } });

describe('a page render’s gateway calls', () => {
  it('answer what the same call answers over HTTP', async () => {
    const ctx: PortalLoadContext = render('req-1', 'nonce', '203.0.113.9');
    const inProcess = await ctx.gateway(pageRequest('/home', learner.token), viewCurrentUser, {});
    expect(inProcess.code).toBe(200);
    expect(inProcess).toEqual(await overHttp(learner.token));
  });

  it('look the session up once for the whole render', async () => {
    const authenticate = vi.spyOn(t.platform.sessions, 'authenticate');
    try {
      const ctx = render('req-2', 'nonce', '203.0.113.9');
      const request = pageRequest('/home', learner.token);
      const site = await ctx.loadSite(request, undefined);
      expect(site?.signedIn).toBe(true);
      const answers = await Promise.all([
        ctx.gateway(request, viewCurrentUser, {}),
        ctx.gateway(request, viewCurrentUser, {}),
        ctx.gateway(request, findNews, { eid: a.eid, pageCurrent: 1, pageSize: 10 }),
      ]);
      expect(answers.map((e) => e.code)).toEqual([200, 200, 200]);
      expect(authenticate).toHaveBeenCalledTimes(1);
    } finally {
      authenticate.mockRestore();
    }
  });

  it('word refusals in the page’s language, in the envelope', async () => {
    const ctx = render('req-3', 'nonce', '203.0.113.9');
    const bad = await ctx.gateway(pageRequest('/en/news'), findNews, { eid: a.eid, pageCurrent: 0 } as never);
    expect(bad.code).toBe(400);
    expect(bad.message).toMatch(/^Invalid input: pageCurrent/);
    const signedOut = await ctx.gateway(pageRequest('/news', 'no-such-token'), viewCurrentUser, {});
    expect(signedOut).toMatchObject({ code: 301, data: null });
    // A NUL character (a page's ?keyword=) is refused before it reaches PostgreSQL, as over HTTP.
    const nul = await ctx.gateway(pageRequest('/news'), findNews, { eid: a.eid, keyword: 'a\u0000b' });
    expect(nul).toMatchObject({ code: 400, message: '参数错误：keyword 不能包含空字符（U+0000）' });
  });

  it('are not counted by the rate limits, which still hold over HTTP', async () => {
    // A learner of their own: the account has made no call yet this minute.
    const fresh = await t.learner(a);
    for (let i = 0; i < 3; i++) {
      const ctx = render(`req-4-${i}`, 'nonce', '198.51.100.7');
      const request = pageRequest('/news', fresh.token);
      for (let j = 0; j < 4; j++) {
        expect((await ctx.gateway(request, findNews, { eid: a.eid, pageCurrent: 1, pageSize: 10 })).code).toBe(200);
      }
    }
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.call(viewCurrentUser, {}, { as: fresh, remoteAddress: '198.51.100.7', raw: true });
      codes.push(res.status);
    }
    // The account's five calls a minute are all its own HTTP calls; the renders' 12 took none.
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});
