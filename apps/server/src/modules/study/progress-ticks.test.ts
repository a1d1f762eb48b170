import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ProgressEvent, updateStudyProgress, watchStudyResource } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createStudyCourse, type Learner } from '../../test/factories.ts';
import { TickBatcher } from './progress-ticks.ts';
import { decideReport } from './progress.rules.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

interface Watcher {
  learner: Learner;
  eid: number;
  courseId: number;
  periodId: number;
  playerId: string;
}

/** `n` learners of `site`, each playing the one-minute video of a course of their enterprise for ten seconds now. */
async function watchers(site: Ent, n: number): Promise<Watcher[]> {
  const { course, periods } = await createStudyCourse(t.database.db, site.eid, { videos: [60] });
  const periodId = periods[0]!.id;
  const list: Watcher[] = [];
  for (let i = 0; i < n; i++) {
    const learner = await t.learner(site);
    const opened = await t.call(watchStudyResource, { courseId: course.id, periodId }, { as: learner });
    const w = { learner, eid: site.eid, courseId: course.id, periodId, playerId: opened.data.playerId };
    expect((await tick(w, 0, ProgressEvent.RESUME)).code).toBe(200);
    list.push(w);
  }
  await t.database.db.execute(sql`UPDATE period_progress SET last_report_at = now() - interval '10 seconds'
    WHERE period_id IN (${sql.join(
      [...new Set(list.map((w) => w.periodId))].map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return list;
}

function tick(w: Watcher, position: number, event: number = ProgressEvent.TICK) {
  return t.call(
    updateStudyProgress,
    { courseId: w.courseId, periodId: w.periodId, playerId: w.playerId, position, event },
    { as: w.learner },
  );
}

async function creditedMs(w: Watcher) {
  const { rows } = await t.database.db.execute<{ credited_ms: number; furthest_ms: number }>(sql`
    SELECT credited_ms, furthest_ms FROM period_progress WHERE account_id = ${w.learner.accountId} AND period_id = ${w.periodId}`);
  return rows[0]!;
}

/** The app's tenant pool, counting the batches' statements by name. */
function countingPool(failNext = { read: false }) {
  const names: string[] = [];
  const pool = t.database.tenantPool;
  const counting = {
    query: (config: pg.QueryConfig) => {
      if (config.name) names.push(config.name);
      if (failNext.read && config.name === 'study_ticks_read') {
        failNext.read = false;
        return Promise.reject(new Error('the database went away'));
      }
      return pool.query(config);
    },
  } as unknown as pg.Pool;
  return { counting, names };
}

const rules = { periodType: 1, durationSeconds: 60 };
const course = { completionPercent: 100, minPeriodSeconds: 0, maxSpeedTenths: 20 };
const decideFor = (w: Watcher, position: number) => (state: Parameters<typeof decideReport>[0]) =>
  decideReport(
    state,
    { playerId: w.playerId, periodId: w.periodId, position, event: ProgressEvent.TICK },
    rules,
    course,
  );

describe('batched ticks', () => {
  it('ticks of many learners of two enterprises at once: each written once, to its own enterprise', async () => {
    const all = [...(await watchers(a, 12)), ...(await watchers(b, 12))];
    const answers = await Promise.all(all.map((w) => tick(w, 5)));
    expect(answers.map((r) => r.code)).toEqual(all.map(() => 200));
    for (const w of all) {
      const row = await creditedMs(w);
      // Ten seconds passed and the position moved five: five seconds credited, once.
      expect(row).toEqual({ credited_ms: 5000, furthest_ms: 5000 });
    }
  });

  it('one read and one write a batch; the enterprises of one moment in batches of their own', async () => {
    const ws = [...(await watchers(a, 3)), ...(await watchers(b, 2))];
    const { counting, names } = countingPool();
    const batcher = new TickBatcher(counting);
    const outcomes = await Promise.all(
      ws.map((w) =>
        batcher.submit(
          { eid: w.eid, accountId: w.learner.accountId },
          w.courseId,
          w.periodId,
          w.playerId,
          decideFor(w, 4),
        ),
      ),
    );
    expect(outcomes.every((o) => 'written' in o && o.written.creditedMs === 4000)).toBe(true);
    expect(names.sort()).toEqual(['study_ticks_read', 'study_ticks_read', 'study_ticks_write', 'study_ticks_write']);
  });

  it("one learner's ticks of a moment go in consecutive batches, each applied to the row the last one left", async () => {
    const [w] = await watchers(a, 1);
    const { counting, names } = countingPool();
    const batcher = new TickBatcher(counting);
    const who = { eid: w!.eid, accountId: w!.learner.accountId };
    const outcomes = await Promise.all(
      [3, 5, 2].map((p) => batcher.submit(who, w!.courseId, w!.periodId, w!.playerId, decideFor(w!, p))),
    );
    expect(outcomes.map((o) => ('written' in o ? o.written.furthestMs : null))).toEqual([3000, 5000, 5000]);
    expect(names.filter((n) => n === 'study_ticks_read')).toHaveLength(3);
    // The ten seconds that passed are credited by the first (3 s of video); the next ones come
    // milliseconds later and credit only those milliseconds: the time counts once.
    const row = await creditedMs(w!);
    expect(row.furthest_ms).toBe(5000);
    expect(row.credited_ms).toBeGreaterThanOrEqual(3000);
    expect(row.credited_ms).toBeLessThan(3500);
  });

  it('a tick the rules refuse fails alone; a statement that fails fails its batch and the next one works', async () => {
    const ws = await watchers(a, 3);
    const [stale, ok, jump] = ws;
    // Another tab took over the first learner's player (8010); the third jumps ahead (8011).
    const taken = await t.call(
      watchStudyResource,
      { courseId: stale!.courseId, periodId: stale!.periodId },
      { as: stale!.learner },
    );
    expect(taken.code).toBe(200);
    const answers = await Promise.all([tick(stale!, 5), tick(ok!, 5), tick(jump!, 59)]);
    expect(answers.map((r) => r.code)).toEqual([ErrorCode.STUDY_ELSEWHERE, 200, ErrorCode.STUDY_SEEK_FORWARD]);
    expect((await creditedMs(jump!)).credited_ms).toBe(0);

    const failing = { read: true };
    const { counting } = countingPool(failing);
    const batcher = new TickBatcher(counting);
    const who = { eid: ok!.eid, accountId: ok!.learner.accountId };
    await expect(batcher.submit(who, ok!.courseId, ok!.periodId, ok!.playerId, decideFor(ok!, 7))).rejects.toThrow(
      'the database went away',
    );
    expect(await creditedMs(ok!)).toEqual({ credited_ms: 5000, furthest_ms: 5000 });
    const again = await batcher.submit(who, ok!.courseId, ok!.periodId, ok!.playerId, decideFor(ok!, 7));
    expect('written' in again && again.written.furthestMs).toBe(7000);
  });

  it("a tick for another enterprise's learner changes nothing there", async () => {
    const [victim] = await watchers(b, 1);
    const before = await creditedMs(victim!);
    // A batch run for enterprise A with B's learner and period: the row is out of A's sight.
    const batcher = new TickBatcher(t.database.tenantPool);
    const outcome = await batcher.submit(
      { eid: a.eid, accountId: victim!.learner.accountId },
      victim!.courseId,
      victim!.periodId,
      victim!.playerId,
      decideFor(victim!, 5),
    );
    expect(outcome).toEqual({ locked: true });
    expect(await creditedMs(victim!)).toEqual(before);
  });
});
