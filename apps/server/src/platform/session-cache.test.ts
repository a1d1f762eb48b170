import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { viewCurrentUser } from '@portal/contract';
import { clientHeaders, createTestApp, type TestApp } from '../test/harness.ts';
import { createEnterprise, createSignedInUser, expireSession } from '../test/factories.ts';
import { SessionStore } from './session.ts';

/**
 * What a token's look-up found is kept SESSION_CACHE_TTL_MS: calls in that time ask the database
 * no more; a session this process ends is forgotten at once; expiry is judged on every call.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', SESSION_CACHE_TTL_MS: '60000' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

const userInfo = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/gateway' + viewCurrentUser.path,
      headers: clientHeaders(a.domain, { token }),
    })
  ).json().code as number;

describe('the session cache', () => {
  it('asks the database once for a burst of calls with one token', async () => {
    const learner = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      for (let i = 0; i < 5; i++) expect(await userInfo(learner.token)).toBe(200);
      const lookups = query.mock.calls.filter(([q]) => JSON.stringify(q).includes('session_authenticate'));
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('forgets a session this process ends, and every session of an account whose sessions all end', async () => {
    const learner = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    const second = await t.platform.sessions.create(learner.accountId, a.eid);
    expect(await userInfo(learner.token)).toBe(200);
    expect(await userInfo(second.token)).toBe(200);
    const session = await t.platform.sessions.authenticate(learner.token);
    await t.platform.sessions.revoke(session.tokenHash, 'signed out');
    expect(await userInfo(learner.token)).toBe(307);
    expect(await userInfo(second.token)).toBe(200);
    await t.platform.sessions.revokeAll(learner.accountId, 'password changed');
    expect(await userInfo(second.token)).toBe(307);
  });

  it('judges expiry on every call, whatever it kept', async () => {
    const learner = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    const store = new SessionStore(t.database.db, 60_000);
    await store.authenticate(learner.token);
    await expireSession(t.database.db, learner.token);
    // Kept with the expiry it had: one day on, it is expired without asking the database.
    await expect(store.authenticate(learner.token, new Date(Date.now() + 86_400_000 + 1000))).rejects.toMatchObject({
      code: 305,
    });
  });

  it('keeps nothing with a time of 0: every call asks the database', async () => {
    const learner = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    const store = new SessionStore(t.database.db, 0);
    await store.authenticate(learner.token);
    await expireSession(t.database.db, learner.token);
    await expect(store.authenticate(learner.token)).rejects.toMatchObject({ code: 305 });
  });
});
