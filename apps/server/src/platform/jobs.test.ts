import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, migrateDatabase } from '@portal/db';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { JOBS_SCHEMA, Jobs, ownerTransaction } from './jobs.ts';

// The Jobs wrapper on this file's database: instances of its own (two of them play two processes).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const made: Jobs[] = [];
afterEach(async () => {
  for (const jobs of made.splice(0)) await jobs.stop(1000);
});
afterAll(async () => t?.close());

const errors: unknown[] = [];
const log = { info: () => {}, warn: () => {}, error: (o: unknown) => void errors.push(o) };

function jobs(): Jobs {
  const j = new Jobs(t.database.pool, log, { pollingIntervalSeconds: 0.5 });
  made.push(j);
  return j;
}

async function waitFor(what: string, fn: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const states = async (queue: string) =>
  (
    await t.database.pool.query<{ state: string }>(
      `SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = $1 ORDER BY created_on, id`,
      [queue],
    )
  ).rows.map((r) => r.state);

describe('jobs', () => {
  it('run what is sent, with its data; a job sent in a transaction exists only if the transaction commits', async () => {
    const j = jobs();
    const seen: Array<{ n: number; retryCount: number }> = [];
    j.work<{ n: number }>('probe', async (data, job) => void seen.push({ n: data.n, retryCount: job.retryCount }));
    await j.start();
    await j.send('probe', { n: 1 });
    await expect(
      ownerTransaction(t.database.pool, async (client) => {
        await j.send('probe', { n: 2 }, { client });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await ownerTransaction(t.database.pool, (client) => j.send('probe', { n: 3 }, { client }));
    await waitFor('two jobs', () => seen.length === 2);
    expect(seen).toEqual([
      { n: 1, retryCount: 0 },
      { n: 3, retryCount: 0 },
    ]);
    // The handler has run; pg-boss marks the job completed just after it returns.
    await expect.poll(() => states('probe'), { timeout: 10_000 }).toEqual(['completed', 'completed']);
    await expect(j.send('no-such-queue', {})).rejects.toThrow('no queue "no-such-queue"');
    expect(() => j.work('late', async () => {})).toThrow('before they start');
  });

  it('start a job at once, not at the next poll: when sent, and when woken after the transaction that sent it', async () => {
    // A poll a minute apart: without the wake each job below would wait for it (waitFor gives up in 15 s).
    const j = new Jobs(t.database.pool, log, { pollingIntervalSeconds: 60 });
    made.push(j);
    const seen: number[] = [];
    j.work<{ n: number }>('prompt', async (data) => void seen.push(data.n));
    await j.start();
    await j.send('prompt', { n: 1 });
    await waitFor('the first job', () => seen.length === 1);
    // The worker is between polls now.
    await j.send('prompt', { n: 2 });
    await waitFor('the job sent outside a transaction', () => seen.length === 2);
    await ownerTransaction(t.database.pool, (client) => j.send('prompt', { n: 3 }, { client }));
    j.wake('prompt');
    await waitFor('the job sent in a transaction', () => seen.length === 3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('try a failing job again, then hand it to its dead-letter queue', async () => {
    const j = jobs();
    let tries = 0;
    const dead: unknown[] = [];
    j.work(
      'flaky',
      async () => {
        tries++;
        throw new Error('always');
      },
      { retryLimit: 1, deadLetter: 'flaky-dead' },
    );
    j.work<{ order: number }>('flaky-dead', async (data) => void dead.push(data));
    await j.start();
    await j.send('flaky', { order: 7 });
    await waitFor('the dead letter', () => dead.length === 1);
    expect(tries).toBe(2);
    expect(dead).toEqual([{ order: 7 }]);
    expect(await states('flaky')).toEqual(['failed']);
  });

  it('run a sweep every interval in one of the processes sharing the database, a failed tick logged and the next coming', async () => {
    const first = jobs();
    const second = jobs();
    const ticks: string[] = [];
    let n = 0;
    let running = 0;
    let most = 0;
    for (const [who, j] of [
      ['first', first],
      ['second', second],
    ] as const) {
      j.schedule('sweep', 1, async () => {
        most = Math.max(most, ++running);
        ticks.push(who);
        await new Promise((r) => setTimeout(r, 100));
        running--;
        if (++n === 2) throw new Error('sweep failed once');
      });
    }
    errors.length = 0;
    await Promise.all([first.start(), second.start()]);
    // One tick waits however many processes started.
    expect(await states('sweep')).toEqual(['created']);
    await waitFor('three ticks', () => ticks.length >= 3);
    expect(errors).toEqual([
      expect.objectContaining({ queue: 'sweep', err: expect.objectContaining({ message: 'sweep failed once' }) }),
    ]);
    // Never two ticks at once, never two waiting: one tick, taken by one process at a time.
    expect(most).toBe(1);
    expect((await states('sweep')).filter((s) => s === 'created').length).toBeLessThanOrEqual(1);
    await first.stop();
    await second.stop();
    // A restart sends no second tick beside the one waiting.
    const again = jobs();
    again.schedule('sweep', 1, async () => void ticks.push('again'));
    await again.start();
    expect((await states('sweep')).filter((s) => s === 'created')).toHaveLength(1);
    const before = ticks.length;
    await waitFor('a tick after the restart', () => ticks.length > before);
    expect(ticks.at(-1)).toBe('again');
  });

  it("keep pg-boss's schema out of row-level security and out of the app role's reach, after a restart's migrations too", async () => {
    const j = jobs();
    await j.start();
    await migrateDatabase(t.database.db as never);
    const { rows } = await t.database.pool.query<{ secured: number; reachable: boolean; tables: number }>(
      `SELECT count(*) FILTER (WHERE c.relrowsecurity)::int AS secured, count(*)::int AS tables,
              has_schema_privilege($2, $1, 'USAGE') AS reachable
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')`,
      [JOBS_SCHEMA, APP_ROLE],
    );
    expect(rows[0]).toEqual({ secured: 0, reachable: false, tables: expect.any(Number) });
    expect(rows[0]!.tables).toBeGreaterThan(3);
  });

  it('let a running job finish when stopping within the grace time', async () => {
    const j = jobs();
    let finished = false;
    let started = false;
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    // The job runs until the test lets it go (after the stop began), not for a fixed time.
    j.work('slow', async () => {
      started = true;
      await held;
      finished = true;
    });
    await j.start();
    await j.send('slow', {});
    await waitFor('the job to start', () => started);
    const stopping = j.stop(5000);
    await new Promise((r) => setImmediate(r));
    expect(finished).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(await states('slow')).toEqual(['completed']);
  });
});
