import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIn, ErrorCode, findCheckInPlans, findCheckInSlots } from '@portal/contract';
import type { LearningEvent } from '../../platform/learning-events.ts';
import { createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { assignTask, chinaTime, createCheckInTask } from '../../test/check-in-factories.ts';
import { checkInClockOf } from './check-in-clock.ts';
import { checkInCountsOf } from './index.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
const events: LearningEvent[] = [];

/** The server's clock shows this China time (`YYYY-MM-DD HH:MM`). */
const clockAt = (at: string) => checkInClockOf(t.platform).set(chinaTime(at));
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', SIGN_IN_PER_IP_PER_MINUTE: '1000' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  t.platform.learningEvents.listen(async (e) => {
    events.push(e);
  });
});
afterAll(async () => t?.close());
beforeEach(() => {
  events.length = 0;
});

/** A learner of `a` with a plan of a task assigned to them (2026-01-01 is a Thursday). */
async function learnerWithPlan(options: Parameters<typeof createCheckInTask>[2] = {}) {
  const me = await t.learner(a);
  const made = await createCheckInTask(db(), a.eid, { ...options, assignTo: [me.accountId] });
  return { me, ...made };
}

const rowsOf = async (planId: number, who: Learner) =>
  (
    await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM check_ins WHERE plan_id = ${planId} AND account_id = ${who.accountId}`,
    )
  ).rows[0]!.n;

describe('checking in', () => {
  it('needs a session', async () => {
    const r = await t.call(checkIn, { planId: 1 }, { as: visitorOf(a) });
    expect(r.code).toBe(301);
  });

  it('checks in once per slot inside its window by the server clock, and announces the learning event', async () => {
    const { me, plan } = await learnerWithPlan();
    clockAt('2026-03-02 08:30');
    const r = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      planId: plan.id,
      slotDate: '2026-03-02',
      checkedAt: chinaTime('2026-03-02 08:30').toISOString(),
      madeCount: 1,
      requiredCount: 3,
      currentStreak: 1,
      bestStreak: 1,
    });
    await t.platform.learningEvents.settled();
    expect(events).toEqual([{ eid: a.eid, accountId: me.accountId, resourceType: 11, resourceId: plan.id }]);

    // The same slot again, later in its window: refused, nothing more recorded or announced.
    clockAt('2026-03-02 08:59');
    const again = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(again.code).toBe(ErrorCode.CHECK_IN_DONE);
    expect(again.message).toBe('今日已签到，请勿重复签到');
    const en = await t.call(checkIn, { planId: plan.id }, { as: me, lang: 'en' });
    expect(en.message).toBe('You have already checked in today');
    await t.platform.learningEvents.settled();
    expect(events).toHaveLength(1);
    expect(await rowsOf(plan.id, me)).toBe(1);

    // The next day is a new slot.
    clockAt('2026-03-03 08:00');
    const next = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(next.data).toMatchObject({ slotDate: '2026-03-03', madeCount: 2, currentStreak: 2, bestStreak: 2 });
  });

  it('inserts one row of 10 concurrent check-ins of a slot; the others are told it is done', async () => {
    const { me, plan } = await learnerWithPlan();
    clockAt('2026-04-01 08:15');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call(checkIn, { planId: plan.id }, { as: me })),
    );
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.code === ErrorCode.CHECK_IN_DONE)).toHaveLength(9);
    expect(await rowsOf(plan.id, me)).toBe(1);
    await t.platform.learningEvents.settled();
    expect(events.filter((e) => e.resourceId === plan.id)).toHaveLength(1);
  });

  it('opens only inside the window, both ends included to the minute, by the server clock (China time)', async () => {
    const { me, plan } = await learnerWithPlan();
    clockAt('2026-05-06 07:59');
    const early = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(early.code).toBe(ErrorCode.CHECK_IN_TOO_EARLY);
    expect(early.message).toBe('还未到签到时间，请在08:00~09:00之间签到');
    const earlyEn = await t.call(checkIn, { planId: plan.id }, { as: me, lang: 'en' });
    expect(earlyEn.message).toBe('It is not time to check in yet; check in between 08:00 and 09:00');

    clockAt('2026-05-06 09:01');
    const late = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(late.code).toBe(ErrorCode.CHECK_IN_TOO_LATE);
    expect(late.message).toBe('今日签到时间已过（08:00~09:00）');

    // 09:00:59 China time is 01:00:59 UTC: the server's China clock, not UTC, decides.
    checkInClockOf(t.platform).set(new Date('2026-05-06T01:00:59Z'));
    const last = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(last.code).toBe(200);
    expect(last.data.slotDate).toBe('2026-05-06');
    expect(await rowsOf(plan.id, me)).toBe(1);
  });

  it('refuses days that are not the plan weekdays and dates outside the plan', async () => {
    // Mondays, Wednesdays and Fridays of March 2026.
    const { me, plan } = await learnerWithPlan({
      plan: {
        weekdays: [1, 3, 5],
        startsOn: '2026-03-02',
        endsOn: '2026-03-31',
        windowStart: '00:00',
        windowEnd: '23:59',
      },
    });
    clockAt('2026-03-05 12:00'); // a Thursday
    const thursday = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(thursday.code).toBe(ErrorCode.CHECK_IN_NOT_A_DAY);
    expect(thursday.message).toBe('今天不是签到日');

    clockAt('2026-02-27 12:00'); // a Friday before the first date
    const before = await t.call(checkIn, { planId: plan.id }, { as: me, lang: 'en' });
    expect(before.code).toBe(ErrorCode.CHECK_IN_NOT_STARTED);
    expect(before.message).toBe('Check-in has not started yet; it starts on 2026-03-02');

    clockAt('2026-04-01 12:00'); // a Wednesday after the last date
    const after = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(after.code).toBe(ErrorCode.CHECK_IN_ENDED);
    expect(after.message).toBe('签到已结束');
    expect(await rowsOf(plan.id, me)).toBe(0);

    clockAt('2026-03-06 23:59'); // the last minute of a Friday
    expect((await t.call(checkIn, { planId: plan.id }, { as: me })).code).toBe(200);
  });

  it('answers not-found for a plan of a task not assigned to the learner, unpublished, or of another enterprise', async () => {
    const me = await t.learner(a);
    clockAt('2026-06-01 08:30');
    const notMine = await createCheckInTask(db(), a.eid, { assignTo: [] });
    const unpublished = await createCheckInTask(db(), a.eid, { task: { published: false }, assignTo: [me.accountId] });
    const other = await t.learner(b);
    const elsewhere = await createCheckInTask(db(), b.eid, { assignTo: [other.accountId] });
    for (const planId of [notMine.plan.id, unpublished.plan.id, elsewhere.plan.id, 2_000_000_000]) {
      const r = await t.call(checkIn, { planId }, { as: me });
      expect(r.code).toBe(ErrorCode.NOT_FOUND);
      const slots = await t.call(findCheckInSlots, { planId }, { as: me });
      expect(slots.code).toBe(ErrorCode.NOT_FOUND);
    }
    const page = await t.call(findCheckInPlans, {}, { as: me });
    expect(page.data.totalCount).toBe(0);
    expect(await rowsOf(elsewhere.plan.id, me)).toBe(0);

    // Assigned later, the same plan is the learner's.
    await assignTask(db(), a.eid, notMine.task.id, me.accountId);
    expect((await t.call(checkIn, { planId: notMine.plan.id }, { as: me })).code).toBe(200);
  });

  it('refuses a check-in once every task holding the plan is a timed task past its end', async () => {
    const { me, plan } = await learnerWithPlan({
      task: { timed: true, endsAt: chinaTime('2026-03-01 00:00') },
    });
    clockAt('2026-03-02 08:30');
    const r = await t.call(checkIn, { planId: plan.id }, { as: me });
    expect(r.code).toBe(ErrorCode.CHECK_IN_TASK_CLOSED);
    const page = await t.call(findCheckInPlans, {}, { as: me });
    expect(page.data.list[0]).toMatchObject({ planId: plan.id, canCheckIn: false });
  });
});

describe('streaks and slots', () => {
  it('counts consecutive slots across a missed one; an open slot today does not break the streak', async () => {
    // Mondays, Wednesdays and Fridays from Monday 2026-01-05.
    const { me, plan, task } = await learnerWithPlan({
      plan: {
        title: '周一三五签到',
        weekdays: [5, 1, 3],
        startsOn: '2026-01-05',
        endsOn: '2026-01-31',
        requiredCount: 5,
      },
    });
    for (const day of ['2026-01-05', '2026-01-07', '2026-01-09']) {
      clockAt(`${day} 08:10`);
      expect((await t.call(checkIn, { planId: plan.id }, { as: me })).code).toBe(200);
    }
    // Monday 12 missed; Wednesday 14 and Friday 16 checked in.
    clockAt('2026-01-14 08:10');
    expect((await t.call(checkIn, { planId: plan.id }, { as: me })).data).toMatchObject({
      currentStreak: 1,
      bestStreak: 3,
    });
    clockAt('2026-01-16 08:10');
    expect((await t.call(checkIn, { planId: plan.id }, { as: me })).data).toMatchObject({
      madeCount: 5,
      currentStreak: 2,
      bestStreak: 3,
    });

    // Monday 19 before its window: upcoming, the streak holds; the list says so.
    clockAt('2026-01-19 07:00');
    const before = await t.call(findCheckInPlans, {}, { as: me });
    expect(before.data.serverTime).toBe(chinaTime('2026-01-19 07:00').toISOString());
    expect(before.data.list).toEqual([
      {
        planId: plan.id,
        title: '周一三五签到',
        task: { id: task.id, title: task.title },
        windowStart: '08:00',
        windowEnd: '09:00',
        weekdays: [1, 3, 5],
        startsOn: '2026-01-05',
        endsOn: '2026-01-31',
        slotCount: 12,
        requiredCount: 5,
        madeCount: 5,
        currentStreak: 2,
        bestStreak: 3,
        today: { date: '2026-01-19', status: 'upcoming', checkedAt: null },
        canCheckIn: false,
      },
    ]);
    // In the window: open, the button is live.
    clockAt('2026-01-19 08:30');
    const open = await t.call(findCheckInPlans, {}, { as: me });
    expect(open.data.list[0]).toMatchObject({ currentStreak: 2, today: { status: 'open' }, canCheckIn: true });
    // Past it: missed, the streak is broken.
    clockAt('2026-01-19 10:00');
    const after = await t.call(findCheckInPlans, {}, { as: me });
    expect(after.data.list[0]).toMatchObject({ currentStreak: 0, bestStreak: 3, today: { status: 'missed' } });

    // The slots, latest first: upcoming, the missed Monday, check-ins with their times.
    clockAt('2026-01-21 08:30');
    const slots = await t.call(findCheckInSlots, { planId: plan.id, pageSize: 12 }, { as: me });
    expect(slots.data.totalCount).toBe(12);
    expect(slots.data.list.map((s) => `${s.date} ${s.status}`)).toEqual([
      '2026-01-30 upcoming',
      '2026-01-28 upcoming',
      '2026-01-26 upcoming',
      '2026-01-23 upcoming',
      '2026-01-21 open',
      '2026-01-19 missed',
      '2026-01-16 checked',
      '2026-01-14 checked',
      '2026-01-12 missed',
      '2026-01-09 checked',
      '2026-01-07 checked',
      '2026-01-05 checked',
    ]);
    expect(slots.data.list[6]).toEqual({
      date: '2026-01-16',
      weekday: 5,
      status: 'checked',
      checkedAt: chinaTime('2026-01-16 08:10').toISOString(),
    });
    const page2 = await t.call(findCheckInSlots, { planId: plan.id, pageSize: 5, pageCurrent: 2 }, { as: me });
    expect(page2.data.list.map((s) => s.date)).toEqual([
      '2026-01-19',
      '2026-01-16',
      '2026-01-14',
      '2026-01-12',
      '2026-01-09',
    ]);
    expect(page2.data.totalPage).toBe(3);
  });

  it('lists the plans under way first and filters by state', async () => {
    const me = await t.learner(a);
    const ended = await createCheckInTask(db(), a.eid, {
      plan: { title: '已结束', startsOn: '2026-01-01', endsOn: '2026-01-31' },
      assignTo: [me.accountId],
    });
    const later = await createCheckInTask(db(), a.eid, {
      plan: { title: '未开始', startsOn: '2026-03-01', endsOn: '2026-03-31' },
      assignTo: [me.accountId],
    });
    const now = await createCheckInTask(db(), a.eid, {
      plan: { title: '进行中', startsOn: '2026-02-01', endsOn: '2026-02-28' },
      assignTo: [me.accountId],
    });
    clockAt('2026-02-10 12:00');
    const all = await t.call(findCheckInPlans, {}, { as: me });
    expect(all.data.list.map((p) => p.planId)).toEqual([now.plan.id, later.plan.id, ended.plan.id]);
    const byState = async (state: number) =>
      (await t.call(findCheckInPlans, { state }, { as: me })).data.list.map((p) => p.planId);
    expect(await byState(1)).toEqual([later.plan.id]);
    expect(await byState(2)).toEqual([now.plan.id]);
    expect(await byState(3)).toEqual([ended.plan.id]);
    const found = await t.call(findCheckInPlans, { keyword: ' 开始 ' }, { as: me });
    expect(found.data.list.map((p) => p.title)).toEqual(['未开始']);
    const none = await t.call(findCheckInPlans, { keyword: '%' }, { as: me });
    expect(none.data.totalCount).toBe(0);
    // One plan by id (a task's check-in item shows its plan).
    const one = await t.call(findCheckInPlans, { planId: later.plan.id }, { as: me });
    expect(one.data.list.map((p) => p.planId)).toEqual([later.plan.id]);
  });
});

describe('checkInCountsOf (the front door the task module reads)', () => {
  it('gives check-ins made per plan and the required count, only of the enterprise asked', async () => {
    const { me, plan } = await learnerWithPlan();
    const other = await createCheckInTask(db(), a.eid, { plan: { requiredCount: 7 }, assignTo: [me.accountId] });
    const foreign = await createCheckInTask(db(), b.eid);
    clockAt('2026-07-01 08:30');
    await t.call(checkIn, { planId: plan.id }, { as: me });
    const counts = await db().transaction((tx) =>
      checkInCountsOf(tx, { eid: a.eid, accountId: me.accountId }, [plan.id, other.plan.id, foreign.plan.id]),
    );
    expect(counts).toEqual(
      new Map([
        [plan.id, { made: 1, required: 3 }],
        [other.plan.id, { made: 0, required: 7 }],
      ]),
    );
    expect(await db().transaction((tx) => checkInCountsOf(tx, { eid: a.eid, accountId: me.accountId }, []))).toEqual(
      new Map(),
    );
  });
});
