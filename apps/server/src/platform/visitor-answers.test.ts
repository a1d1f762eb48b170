import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, type TableChange } from '@portal/db';
import { findNavItems, GATEWAY_PREFIX, viewCorrectDomain, viewWebsite } from '@portal/contract';
import { createTestApp, clientHeaders, type TestApp } from '../test/harness.ts';
import { createEnterprise } from '../test/factories.ts';
import { VisitorAnswers } from './visitor-answers.ts';

// The front door only exists on a listening server (app.inject goes straight to Fastify's
// router), so these tests talk HTTP to one. The rate limit of 2 a minute tells which way an
// answer took: through Fastify, the third call of an address is refused with 429; answers served
// in front of the router are not counted.
const WEBSITE_VIEW = GATEWAY_PREFIX + viewWebsite.path;
const NAV_LIST = GATEWAY_PREFIX + findNavItems.path;

let t: TestApp;
let base: string;
let domain: string;

beforeAll(async () => {
  // Answers kept for ten minutes: with the default 10 s, a slow run (a loaded machine) saw a
  // cached answer expire mid-test, and the call it then made through the router was counted.
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '2',
    TENANT_CODES: '',
    TRUST_PROXY: 'true',
    SITE_CACHE_TTL_MS: '600000',
  });
  const enterprise = await createEnterprise(t.database.db);
  domain = enterprise.domain;
  // The caches forget everything when the change listener starts (a gap) and the site's answers
  // when the database announces the new enterprise's rows: an answer begun before either arrives
  // is not kept, and the next call goes through the router (counted). CI saw that race once; the
  // tests start once the announcements so far have arrived.
  await changesSettled();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/**
 * Settles once the change listener listens and every announcement made before has reached it: a
 * notification of our own on the same channel arrives after them (one channel, commit order).
 */
async function changesSettled(): Promise<void> {
  const changes = t.platform.database.changes;
  await changes.whenListening();
  const id = process.pid;
  const arrived = new Promise<void>((resolve) => {
    const seen = (c: TableChange) => {
      if (c.table !== 'test_settled' || c.id !== id) return;
      changes.off('change', seen);
      resolve();
    };
    changes.on('change', seen);
  });
  await t.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`test_settled:0:${id}`})`);
  await arrived;
}

/** A distinct client address per test (trusted proxy), so each test has its own budget. */
let clients = 0;
const nextClient = () => `198.51.100.${++clients}`;

function get(path: string, client: string, headers: Record<string, string> = {}) {
  return fetch(base + path, { headers: { ...clientHeaders(domain), 'x-forwarded-for': client, ...headers } });
}

describe('visitor answers in front of the router', () => {
  it('serves a cached site answer again with the same body and gateway headers, uncounted by the limit', async () => {
    const client = nextClient();
    const first = await get(WEBSITE_VIEW, client);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(JSON.parse(body)).toMatchObject({ code: 200, message: '成功', data: { eid: expect.any(Number) } });

    for (let i = 0; i < 5; i++) {
      const again = await get(WEBSITE_VIEW, client, { 'x-request-id': `front-door-${i}-abcdef` });
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(body);
      expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      expect(again.headers.get('cache-control')).toBe('no-store');
      expect(again.headers.get('x-request-id')).toBe(`front-door-${i}-abcdef`);
      expect(again.headers.get('strict-transport-security')).toBeNull();
    }
    // The same client's calls that do work are still counted: one used, one left, then refused.
    expect((await get(NAV_LIST, client)).status).toBe(200);
    const refused = await get(`${GATEWAY_PREFIX}${viewCorrectDomain.path}?eid=1`, client);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 429 });
  });

  it('keys answers by language: an English visitor gets the English envelope', async () => {
    const client = nextClient();
    const zh = await (await get(NAV_LIST, client)).json();
    const en = await (await get(NAV_LIST, client, { lang: 'en' })).json();
    expect(zh.message).toBe('成功');
    expect(en.message).toBe('Success');
    expect(en.data).toEqual(zh.data);
    // Both are cached now, also when the language comes from the cookie.
    for (let i = 0; i < 3; i++) {
      const again = await get(NAV_LIST, client, { cookie: 'i18n_redirected=en' });
      expect(again.status).toBe(200);
      expect((await again.json()).message).toBe('Success');
    }
  });

  it('a request with a session token (header or cookie) always goes through the gateway', async () => {
    await get(WEBSITE_VIEW, nextClient()); // cached for visitors
    const client = nextClient();
    // An unknown token: a public call still answers, but through Fastify, so it is counted.
    expect((await get(WEBSITE_VIEW, client, { token: 'not-a-session' })).status).toBe(200);
    expect((await get(WEBSITE_VIEW, client, { cookie: 'token=not-a-session' })).status).toBe(200);
    expect((await get(WEBSITE_VIEW, client, { token: 'not-a-session' })).status).toBe(429);
    // Without the token it is served from memory.
    expect((await get(WEBSITE_VIEW, client)).status).toBe(200);
  });

  it('adds HSTS behind a trusted proxy that reports HTTPS, as the gateway does', async () => {
    const client = nextClient();
    const first = await get(WEBSITE_VIEW, client, { 'x-forwarded-proto': 'https' });
    expect(first.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    const cached = await get(WEBSITE_VIEW, client, { 'x-forwarded-proto': 'https' });
    expect(cached.headers.get('strict-transport-security')).toBe(first.headers.get('strict-transport-security'));
  });
});

describe('VisitorAnswers.serve', () => {
  const answers = new VisitorAnswers(10_000);
  answers.set(VisitorAnswers.key('zh', 'example.com', WEBSITE_VIEW), '{"code":200}', answers.mark());
  const options = { closing: () => false, parseCookie: () => ({}), trustProxy: false };
  const request = (over: Partial<IncomingMessage> = {}) =>
    ({ method: 'GET', url: WEBSITE_VIEW, headers: { domain: 'example.com' }, ...over }) as IncomingMessage;
  const response = () => {
    const res = {
      status: 0,
      body: '',
      writeHead: (s: number) => ((res.status = s), res),
      end: (b: string) => (res.body = b),
    };
    return res;
  };

  it('answers a cached GET and passes on everything else', () => {
    const ok = response();
    expect(answers.serve(request(), ok as unknown as ServerResponse, options)).toBe(true);
    expect(ok).toMatchObject({ status: 200, body: '{"code":200}' });

    for (const req of [
      request({ method: 'HEAD' }),
      request({ method: 'POST' }),
      request({ url: WEBSITE_VIEW + '?eid=2' }),
      request({ headers: { domain: 'other.com' } }),
      request({ headers: { domain: 'example.com', lang: 'en' } }),
      request({ headers: { domain: 'example.com', token: 'x' } }),
    ]) {
      const res = response();
      expect(answers.serve(req, res as unknown as ServerResponse, options)).toBe(false);
      expect(res.status).toBe(0);
    }
  });

  it('passes every request on while the server is stopping (Fastify answers 503)', () => {
    const res = response();
    expect(answers.serve(request(), res as unknown as ServerResponse, { ...options, closing: () => true })).toBe(false);
  });
});
