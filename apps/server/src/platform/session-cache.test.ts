import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateUserInfo, viewCurrentUser } from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createEnterprise, expireSession } from '../test/factories.ts';
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

const currentUser = (token: string) => t.call(viewCurrentUser, {}, { as: { domain: a.domain, token } });
const userInfo = async (token: string) => (await currentUser(token)).code;

describe('the session cache', () => {
  it('asks the database once for a burst of calls with one token', async () => {
    const learner = await t.learner(a);
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      for (let i = 0; i < 5; i++) expect(await userInfo(learner.token)).toBe(200);
      const lookups = query.mock.calls.filter(([q]) => JSON.stringify(q).includes('session_authenticate'));
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('looks up the tokens of one moment together, each call getting its own session and codes', async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => t.learner(a)));
    const ended = learners[7]!;
    await t.platform.sessions.revoke(
      (await new SessionStore(t.database.db, t.database.pool).authenticate(ended.token)).tokenHash,
      'signed out',
    );
    const store = new SessionStore(t.database.db, t.database.pool, 0);
    const query = vi.spyOn(t.database.pool, 'query');
    try {
      const results = await Promise.allSettled([
        ...learners.map((l) => store.authenticate(l.token)),
        store.authenticate('no-such-token'),
      ]);
      expect(results.slice(0, 7).map((r) => r.status === 'fulfilled' && r.value.accountId)).toEqual(
        learners.slice(0, 7).map((l) => l.accountId),
      );
      expect(results.slice(7).map((r) => r.status === 'rejected' && (r.reason as { code: number }).code)).toEqual([
        307, 301,
      ]);
      const lookups = query.mock.calls.filter(([q]) => JSON.stringify(q).includes('session_authenticate'));
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('forgets a session this process ends, and every session of an account whose sessions all end', async () => {
    const learner = await t.learner(a);
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

  it('remembers the current user, and shows a change this process makes at once', async () => {
    const learner = await t.learner(a);
    const before = await currentUser(learner.token);
    expect(before.code).toBe(200);
    // Changed behind the process's back (another process): the remembered answer stands.
    await t.database.db
      .update(schema.enterpriseUsers)
      .set({ userName: '别处改的' })
      .where(and(eq(schema.enterpriseUsers.eid, a.eid), eq(schema.enterpriseUsers.accountId, learner.accountId)));
    expect((await currentUser(learner.token)).data?.userName).toBe(before.data?.userName);
    // Changed through this process: shown on the next call.
    expect((await t.call(updateUserInfo, { userName: '新昵称' }, { as: learner })).code).toBe(200);
    expect((await currentUser(learner.token)).data?.userName).toBe('新昵称');
  });

  it('judges expiry on every call, whatever it kept', async () => {
    const learner = await t.learner(a);
    const store = new SessionStore(t.database.db, t.database.pool, 60_000);
    await store.authenticate(learner.token);
    await expireSession(t.database.db, learner.token);
    // Kept with the expiry it had: one day on, it is expired without asking the database.
    await expect(store.authenticate(learner.token, new Date(Date.now() + 86_400_000 + 1000))).rejects.toMatchObject({
      code: 305,
    });
  });

  it('keeps nothing with a time of 0: every call asks the database', async () => {
    const learner = await t.learner(a);
    const store = new SessionStore(t.database.db, t.database.pool, 0);
    await store.authenticate(learner.token);
    await expireSession(t.database.db, learner.token);
    await expect(store.authenticate(learner.token)).rejects.toMatchObject({ code: 305 });
  });
});
