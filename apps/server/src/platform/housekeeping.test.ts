import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@portal/db';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createAccount, createEnterprise } from '../test/factories.ts';
import { Housekeeping } from './housekeeping.ts';
import { uploadServiceOf } from '../modules/upload/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());

const ago = (ms: number) => new Date(Date.now() - ms);
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('housekeeping', () => {
  it('removes captchas an hour after expiry, sessions and SMS codes a day after, the outbox after a day', async () => {
    const { db } = t.database;
    const a = await createEnterprise(db);
    const person = await createAccount(db, [a.eid]);
    await db.insert(schema.captchas).values([
      { tokenHash: 'old-captcha', answerHash: 'x', expiresAt: ago(2 * HOUR) },
      { tokenHash: 'recent-captcha', answerHash: 'x', expiresAt: ago(30 * 60_000) },
    ]);
    await db.insert(schema.sessions).values([
      { tokenHash: 'old-session', accountId: person.accountId, eid: a.eid, expiresAt: ago(2 * DAY) },
      { tokenHash: 'live-session', accountId: person.accountId, eid: a.eid, expiresAt: ago(-DAY) },
    ]);
    await db.insert(schema.sessionHandoffs).values([
      { ticketHash: 'old-ticket', accountId: person.accountId, eid: a.eid, expiresAt: ago(2 * HOUR) },
      { ticketHash: 'live-ticket', accountId: person.accountId, eid: a.eid, expiresAt: ago(-60_000) },
    ]);
    await db.insert(schema.smsCodes).values([
      { phone: '13900000001', purpose: 1, codeHash: 'x', expiresAt: ago(2 * DAY), createdAt: ago(2 * DAY) },
      { phone: '13900000001', purpose: 2, codeHash: 'x', expiresAt: ago(-60_000) },
    ]);
    await db.insert(schema.smsOutbox).values([
      { phone: '13900000001', content: 'old', createdAt: ago(2 * DAY) },
      { phone: '13900000001', content: 'new' },
    ]);

    const log = { info: () => undefined, error: () => undefined };
    const result = await new Housekeeping(db, uploadServiceOf(t.platform), log).run();
    expect(result).toMatchObject({ captchas: 1, sessions: 2, smsCodes: 1, smsOutbox: 1 });
    expect((await db.select().from(schema.sessionHandoffs)).map((r) => r.ticketHash)).toEqual(['live-ticket']);

    expect((await db.select().from(schema.captchas)).map((r) => r.tokenHash)).toContain('recent-captcha');
    expect((await db.select().from(schema.captchas)).map((r) => r.tokenHash)).not.toContain('old-captcha');
    expect((await db.select().from(schema.sessions)).map((r) => r.tokenHash)).toEqual(['live-session']);
    expect((await db.select().from(schema.smsCodes)).map((r) => r.purpose)).toEqual([2]);
    expect((await db.select().from(schema.smsOutbox)).map((r) => r.content)).toEqual(['new']);
    // Nothing more to do on the next run.
    expect(await new Housekeeping(db, uploadServiceOf(t.platform), log).run()).toEqual({
      captchas: 0,
      sessions: 0,
      smsCodes: 0,
      smsOutbox: 0,
      uploads: 0,
    });
  });

  it('a failed run is logged and the next one comes after it', async () => {
    const errors: unknown[] = [];
    const failing = { sweep: () => Promise.reject(new Error('disk gone')) };
    const h = new Housekeeping(t.database.db, failing, {
      info: () => undefined,
      error: (o: unknown) => errors.push(o),
    });
    h.start(100);
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(1);
    await h.stop();
    expect(String((errors[0] as { err: Error }).err)).toContain('disk gone');
  });

  it('stop waits for the run in progress; runs never overlap and none follow a stop', async () => {
    let runs = 0;
    let finished = false;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    // The run is held until the test lets it go: a run in progress for as long as the test needs.
    const slow = {
      sweep: async () => {
        runs++;
        await held;
        finished = true;
        return 0;
      },
    };
    const h = new Housekeeping(t.database.db, slow, { info: () => undefined, error: () => undefined });
    h.start(100);
    await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
    // Timers set from here on: the next run would be one (100 ms after a run ends, never during one).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      let stopped = false;
      const stopping = h.stop().then(() => (stopped = true));
      await new Promise((r) => setImmediate(r));
      expect(stopped).toBe(false); // still waiting for the run
      expect(timers.mock.calls.filter(([, ms]) => ms === 100)).toEqual([]); // no next run during one
      release();
      await stopping;
      expect(finished).toBe(true);
      // The run ended after the stop: it scheduled no other.
      expect(timers.mock.calls.filter(([, ms]) => ms === 100)).toEqual([]);
      expect(runs).toBe(1);
    } finally {
      timers.mockRestore();
    }
  });
});
