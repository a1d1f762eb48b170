import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@portal/db';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createStudyCourse } from '../../test/factories.ts';
import { LiveRepository } from './live.repository.ts';

/**
 * Batched attendance reports (decision 060, the shape of decision 028): one statement a batch per
 * enterprise and clock, each learner's row written once and by the same rules as a report alone,
 * one learner's reports one after the other, a batch's failure no other report's, and never a row
 * of another enterprise.
 */
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

const MIN = 60_000;

/** A room of `site` live from ten minutes ago for an hour. */
async function liveRoom(site: Ent) {
  const db = t.database.db;
  const { course, chapter } = await createStudyCourse(db, site.eid, {});
  const [period] = await db
    .insert(schema.coursePeriods)
    .values({ eid: site.eid, courseId: course.id, chapterId: chapter.id, title: '直播课', periodType: 4 })
    .returning();
  const [room] = await db
    .insert(schema.liveRooms)
    .values({
      eid: site.eid,
      courseId: course.id,
      periodId: period!.id,
      startsAt: new Date(Date.now() - 10 * MIN),
      endsAt: new Date(Date.now() + 50 * MIN),
      provider: 1,
    })
    .returning();
  return room!;
}

type Room = Awaited<ReturnType<typeof liveRoom>>;
const window = (room: Room) => ({ from: room.startsAt, until: room.endsAt });

async function viewers(site: Ent, n: number) {
  const list = [];
  for (let i = 0; i < n; i++) list.push({ eid: site.eid, accountId: (await t.learner(site)).accountId });
  return list;
}

/** As if `seconds` had passed since the room's viewers last reported. */
async function age(room: Room, seconds: number) {
  await t.database.db.execute(sql`UPDATE live_attendance SET
    live_beat_at = live_beat_at - make_interval(secs => ${seconds}),
    playback_beat_at = playback_beat_at - make_interval(secs => ${seconds})
    WHERE room_id = ${room.id}`);
}

async function rowOf(room: Room, accountId: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.liveAttendance)
    .where(and(eq(schema.liveAttendance.roomId, room.id), eq(schema.liveAttendance.accountId, accountId)));
  return row;
}

/** The app's tenant pool, counting the batches' statements; `drop` of them answer no rows, `fail` throw. */
function countingPool(plan = { drop: 0, fail: 0 }) {
  const names: string[] = [];
  const pool = t.database.tenantPool;
  const counting = {
    query: (config: pg.QueryConfig) => {
      if (config.name) names.push(config.name);
      if (config.name?.startsWith('live_reports_') && plan.fail > 0) {
        plan.fail--;
        return Promise.reject(new Error('the database went away'));
      }
      if (config.name?.startsWith('live_reports_') && plan.drop > 0) {
        plan.drop--;
        return Promise.resolve({ rows: [] });
      }
      return pool.query(config);
    },
  } as unknown as pg.Pool;
  return { counting, names };
}

describe('batched live reports', () => {
  it('reports of many viewers of two enterprises at once: one statement an enterprise, each row written once', async () => {
    const [roomA, roomB] = [await liveRoom(a), await liveRoom(b)];
    const all = [
      ...(await viewers(a, 8)).map((who) => ({ who, room: roomA })),
      ...(await viewers(b, 8)).map((who) => ({ who, room: roomB })),
    ];
    const { counting, names } = countingPool();
    const repo = new LiveRepository(t.database.db, counting);
    const report = () => Promise.all(all.map(({ who, room }) => repo.report(who, room.id, 'live', window(room), true)));

    const joined = await report();
    expect(joined.every((r) => r.liveMs === 0 && r.creditedMs === 0 && !r.completed)).toBe(true);
    expect(names).toEqual(['live_reports_live', 'live_reports_live']);
    // Ten seconds pass: the next reports, again two statements, credit them to each viewer once.
    await age(roomA, 10);
    await age(roomB, 10);
    const beat = await report();
    expect(names).toHaveLength(4);
    for (const [i, r] of beat.entries()) {
      expect(r.creditedMs).toBeGreaterThanOrEqual(10_000);
      expect(r.creditedMs).toBeLessThan(11_000);
      const row = await rowOf(all[i]!.room, all[i]!.who.accountId);
      expect(row).toMatchObject({ eid: all[i]!.who.eid, liveMs: r.liveMs, joins: 1 });
      expect(row!.liveBeatAt).not.toBeNull();
    }
  });

  it("one viewer's reports at once go one batch after another and credit the time once", async () => {
    const room = await liveRoom(a);
    const [who] = await viewers(a, 1);
    const { counting, names } = countingPool();
    const repo = new LiveRepository(t.database.db, counting);
    await repo.report(who!, room.id, 'live', window(room), true);
    await age(room, 10);
    const rows = await Promise.all(
      [true, true, false].map((watching) => repo.report(who!, room.id, 'live', window(room), watching)),
    );
    expect(names).toHaveLength(4);
    expect(rows[0]!.creditedMs).toBeGreaterThanOrEqual(10_000);
    expect(rows[1]!.creditedMs + rows[2]!.creditedMs).toBeLessThan(500);
    const row = await rowOf(room, who!.accountId);
    expect(row!.liveMs).toBeGreaterThanOrEqual(10_000);
    expect(row!.liveMs).toBeLessThan(10_500);
    // The last was a leave, in the order they came.
    expect(row!.liveBeatAt).toBeNull();
    expect(row!.lastLeftAt).not.toBeNull();
  });

  it('a report its batches miss is written alone; a failing batch sends each of its reports alone', async () => {
    const room = await liveRoom(a);
    const [one, two] = await viewers(a, 2);
    // Three batches answer nothing for it (a row inserted by another process, say): then alone.
    const missed = countingPool({ drop: 3, fail: 0 });
    const repo = new LiveRepository(t.database.db, missed.counting);
    const alone = await repo.report(one!, room.id, 'live', window(room), true);
    expect(missed.names).toEqual(['live_reports_live', 'live_reports_live', 'live_reports_live']);
    expect(alone).toMatchObject({ liveMs: 0, creditedMs: 0 });
    expect((await rowOf(room, one!.accountId))!.joins).toBe(1);

    // A batch of two whose statement fails: both are written alone.
    const failing = countingPool({ drop: 0, fail: 1 });
    const repo2 = new LiveRepository(t.database.db, failing.counting);
    await age(room, 5);
    const both = await Promise.all([one, two].map((who) => repo2.report(who!, room.id, 'live', window(room), true)));
    expect(both[0]!.creditedMs).toBeGreaterThanOrEqual(5000);
    expect((await rowOf(room, two!.accountId))!.joins).toBe(1);
    // A batch of one whose statement fails fails its report, and the next one works.
    const once = countingPool({ drop: 0, fail: 1 });
    const repo3 = new LiveRepository(t.database.db, once.counting);
    await expect(repo3.report(two!, room.id, 'live', window(room), true)).rejects.toThrow('the database went away');
    await expect(repo3.report(two!, room.id, 'live', window(room), true)).resolves.toMatchObject({ completed: false });
  });

  it("a report naming another enterprise's room writes nothing there", async () => {
    const roomB = await liveRoom(b);
    const [victim] = await viewers(b, 1);
    const repo = new LiveRepository(t.database.db, t.database.tenantPool);
    await repo.report(victim!, roomB.id, 'live', window(roomB), true);
    await age(roomB, 20);
    const before = await rowOf(roomB, victim!.accountId);
    // Enterprise A's session with B's room and B's learner: the batch and the statement alone both
    // run as A, see no row of B's and may not add one.
    await expect(
      repo.report({ eid: a.eid, accountId: victim!.accountId }, roomB.id, 'live', window(roomB), true),
    ).rejects.toThrow();
    expect(await rowOf(roomB, victim!.accountId)).toEqual(before);
    const { rows } = await t.database.db.execute(sql`SELECT 1 FROM live_attendance WHERE eid = ${a.eid}
      AND room_id = ${roomB.id}`);
    expect(rows).toHaveLength(0);
  });
});
