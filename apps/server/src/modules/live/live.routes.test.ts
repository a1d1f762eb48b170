import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_REPORT_GAP_SECONDS,
  createLiveRoom,
  findLiveRooms,
  leaveLive,
  saveLiveSettings,
  savePeriodRequest,
  viewAdminLiveRoom,
  viewLiveRoomUrl,
  viewLiveSettings,
  watchLive,
  watchPlayback,
  type LiveRoom,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createStudyCourse, type Learner } from '../../test/factories.ts';
import * as calls from '@portal/contract';

/**
 * Live rooms (issue 24 item 1, decision 060): the room's address only for who may see it, the
 * attendance credited by the server's clock (never more than the wall time, whatever the client
 * sends), the period and course completed and earned once under concurrent reports, the portal's
 * own live channel, and the back office's rooms and settings.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let learner: Learner;
let learnerOfB: Learner;
let admin: Learner;
let video: number;
let course: { id: number; chapterId: number };

const db = () => t.database.db;
const as = (who: Learner, lang?: string) => ({ as: who, ...(lang ? { lang } : {}) });
const MIN = 60_000;

/** A room of course `course` with its own live period: its schedule in minutes from now. */
async function room(
  fromMin: number,
  toMin: number,
  values: Partial<typeof schema.liveRooms.$inferInsert> = {},
  courseId = course.id,
  chapterId = course.chapterId,
) {
  const [period] = await db()
    .insert(schema.coursePeriods)
    .values({
      eid: a.eid,
      courseId,
      chapterId,
      title: '直播课',
      periodType: 4,
      durationSeconds: (toMin - fromMin) * 60,
    })
    .returning();
  const [r] = await db()
    .insert(schema.liveRooms)
    .values({
      eid: a.eid,
      courseId,
      periodId: period!.id,
      startsAt: new Date(Date.now() + fromMin * MIN),
      endsAt: new Date(Date.now() + toMin * MIN),
      provider: 1,
      channelMaterialId: video,
      ...values,
    })
    .returning();
  return r!;
}

/** Moves a learner's attendance `seconds` into the past: as if that much time had passed since. */
async function age(roomId: number, who: Learner, seconds: number) {
  await db().execute(sql`UPDATE live_attendance SET
      live_beat_at = live_beat_at - make_interval(secs => ${seconds}),
      playback_beat_at = playback_beat_at - make_interval(secs => ${seconds}),
      first_joined_at = first_joined_at - make_interval(secs => ${seconds})
    WHERE eid = ${a.eid} AND room_id = ${roomId} AND account_id = ${who.accountId}`);
}

async function attendance(roomId: number, who: Learner) {
  const [row] = await db()
    .select()
    .from(schema.liveAttendance)
    .where(and(eq(schema.liveAttendance.roomId, roomId), eq(schema.liveAttendance.accountId, who.accountId)));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000' });
  a = await createEnterprise(db(), { name: '甲企业', settings: { visitorOpenSet: false } });
  b = await createEnterprise(db(), { name: '乙企业' });
  learner = await t.learner(a);
  learnerOfB = await t.learner(b);
  admin = await t.learner(a, { member: { isAdmin: true } });
  await t.platform.storage.put(
    `media/${a.eid}/livetestfolder000000/index.m3u8`,
    Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:5.0,\nseg-0.ts\n#EXTINF:5.0,\nseg-1.ts\n#EXT-X-ENDLIST\n'),
  );
  const [m] = await db()
    .insert(schema.resourceMaterials)
    .values({
      eid: a.eid,
      kind: 1,
      title: '频道',
      vodPlatform: 4,
      url: `/uploads/media/${a.eid}/livetestfolder000000/index.m3u8`,
      durationSeconds: 10,
    })
    .returning();
  video = m!.id;
  const made = await createStudyCourse(db(), a.eid, { course: { title: '直播公开课', points: 10, creditTenths: 15 } });
  course = { id: made.course.id, chapterId: made.chapter.id };
});
afterAll(async () => t?.close());

describe('a live room', () => {
  it('gives its live address to a learner of its enterprise, and nothing to another enterprise or a visitor', async () => {
    const r = await room(-10, 50);
    const got = await t.call(viewLiveRoomUrl, { id: r.id }, as(learner));
    expect(got.code).toBe(200);
    const live = got.data as LiveRoom;
    expect(live).toMatchObject({ id: r.id, state: 2, blocked: '', courseTitle: '直播公开课' });
    expect(live.play).toMatchObject({ format: 'hls', live: true });
    expect(live.attendance).toMatchObject({ liveSeconds: 0, requiredSeconds: 48 * 60, completed: false });
    expect((await t.call(viewLiveRoomUrl, { id: r.id }, as(learnerOfB))).code).toBe(404);
    expect((await t.call(watchLive, { id: r.id }, as(learnerOfB))).code).toBe(404);
    // A visitor where visitor mode is off is asked to sign in; where it is on, sees no attendance.
    expect((await t.call(viewLiveRoomUrl, { id: r.id }, { as: visitorOf(a) })).code).toBe(301);
    await db()
      .update(schema.websiteSettings)
      .set({ visitorOpenSet: true })
      .where(eq(schema.websiteSettings.eid, a.eid));
    t.platform.site.forget(a.eid);
    const visitor = await t.call(viewLiveRoomUrl, { id: r.id }, { as: visitorOf(a) });
    expect(visitor.data).toMatchObject({ state: 2, attendance: null });
    expect(visitor.data!.play).not.toBeNull();
    await db()
      .update(schema.websiteSettings)
      .set({ visitorOpenSet: false })
      .where(eq(schema.websiteSettings.eid, a.eid));
    t.platform.site.forget(a.eid);
  });

  it('keeps the address of a priced course from a learner who has not bought it', async () => {
    const priced = await createStudyCourse(db(), a.eid, { course: { title: '付费直播', priceFen: 990 } });
    const r = await room(-10, 50, {}, priced.course.id, priced.chapter.id);
    const got = await t.call(viewLiveRoomUrl, { id: r.id }, as(learner));
    expect(got.data).toMatchObject({ blocked: 'buy', play: null });
    expect((await t.call(watchLive, { id: r.id }, as(learner))).code).toBe(8001);
  });

  it('publishes the channel as a live playlist for its signed address only', async () => {
    const r = await room(-1, 59);
    const live = (await t.call(viewLiveRoomUrl, { id: r.id }, as(learner))).data as LiveRoom;
    const res = await t.app.inject({ method: 'GET', url: live.play!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('mpegurl');
    expect(res.body).toMatch(/#EXT-X-MEDIA-SEQUENCE:\d+/);
    expect(res.body).toContain(`/uploads/media/${a.eid}/livetestfolder000000/seg-`);
    expect(res.body).not.toContain('#EXT-X-ENDLIST');
    const forged = live.play!.url.replace(/token=[^.]+/, 'token=eyJlIjoiMSJ9');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherRoom = live.play!.url.replace(`/${r.id}.m3u8`, `/${r.id + 1000}.m3u8`);
    expect((await t.app.inject({ method: 'GET', url: otherRoom })).statusCode).toBe(404);
  });

  it('says when it has not started or has ended, and has no recording to play without one', async () => {
    const upcoming = await room(60, 120);
    const up = await t.call(watchLive, { id: upcoming.id }, as(learner, 'en'));
    expect(up).toMatchObject({ code: 9701, message: 'The live lesson has not started yet' });
    expect((await t.call(viewLiveRoomUrl, { id: upcoming.id }, as(learner))).data).toMatchObject({
      state: 1,
      blocked: 'upcoming',
      play: null,
    });
    const ended = await room(-120, -60);
    expect(await t.call(watchLive, { id: ended.id }, as(learner))).toMatchObject({ code: 9702, message: '直播已结束' });
    expect((await t.call(watchPlayback, { id: ended.id }, as(learner))).code).toBe(9703);
    expect((await t.call(viewLiveRoomUrl, { id: ended.id }, as(learner))).data).toMatchObject({
      state: 3,
      blocked: 'ended',
    });
  });
});

describe('attendance', () => {
  it('never credits more than the wall time, whatever and however often the client reports', async () => {
    const r = await room(-5, 55);
    expect((await t.call(watchLive, { id: r.id }, as(learner))).data).toMatchObject({ creditedSeconds: 0 });
    // Twenty reports at once and twenty in a row credit what passed: almost nothing.
    await Promise.all(Array.from({ length: 20 }, () => t.call(watchLive, { id: r.id }, as(learner))));
    for (let i = 0; i < 20; i++) await t.call(watchLive, { id: r.id }, as(learner));
    expect((await attendance(r.id, learner)).liveMs).toBeLessThan(5000);
    // Thirty seconds pass: the next report credits them, once.
    await age(r.id, learner, 30);
    const after = await t.call(watchLive, { id: r.id, position: 99999, seconds: 3600 } as never, as(learner));
    expect(after.data!.creditedSeconds).toBeGreaterThanOrEqual(29);
    expect(after.data!.creditedSeconds).toBeLessThanOrEqual(35);
    const row = await attendance(r.id, learner);
    const { rows } = await db().execute<{ wall_ms: number }>(
      sql`SELECT extract(epoch FROM now() - ${row.firstJoinedAt.toISOString()}::timestamptz) * 1000 AS wall_ms`,
    );
    expect(row.liveMs).toBeLessThanOrEqual(Number(rows[0]!.wall_ms));
    expect(row.joins).toBe(1);
  });

  it('credits a report that comes after the end up to the end, and says it ended', async () => {
    const r = await room(-10, 50);
    await t.call(watchLive, { id: r.id }, as(learner));
    // The room ended 20 s after the last report, which was 40 s ago.
    await db().execute(sql`UPDATE live_rooms SET ends_at = now() - interval '20 seconds' WHERE id = ${r.id}`);
    await age(r.id, learner, 40);
    await new Promise((resolve) => setTimeout(resolve, 5100)); // the room's facts are cached 5 s
    expect((await t.call(watchLive, { id: r.id }, as(learner))).code).toBe(9702);
    const row = await attendance(r.id, learner);
    expect(row.liveMs).toBeGreaterThanOrEqual(19_000);
    expect(row.liveMs).toBeLessThanOrEqual(21_000);
    expect(row.liveBeatAt).toBeNull();
  });

  it('credits nothing across a silence longer than the gap: the next report is a new join', async () => {
    const r = await room(-30, 30);
    await t.call(watchLive, { id: r.id }, as(learner));
    await age(r.id, learner, LIVE_REPORT_GAP_SECONDS + 60);
    const back = await t.call(watchLive, { id: r.id }, as(learner));
    expect(back.data!.creditedSeconds).toBe(0);
    expect((await attendance(r.id, learner)).joins).toBe(2);
  });

  it('credits up to a leave, keeps the leave time, and counts nothing after it', async () => {
    const r = await room(-10, 50);
    await t.call(watchLive, { id: r.id }, as(learner));
    await age(r.id, learner, 20);
    const left = await t.call(leaveLive, { id: r.id }, as(learner));
    expect(left.data!.creditedSeconds).toBeGreaterThanOrEqual(19);
    const row = await attendance(r.id, learner);
    expect(row.lastLeftAt).not.toBeNull();
    expect(row.liveBeatAt).toBeNull();
    await age(r.id, learner, 20);
    expect((await t.call(watchLive, { id: r.id }, as(learner))).data!.creditedSeconds).toBe(0);
  });

  it('counts the recording of an ended room where the room lets it', async () => {
    const r = await room(-120, -60, { recordingMaterialId: video });
    expect((await t.call(viewLiveRoomUrl, { id: r.id }, as(learner))).data).toMatchObject({
      state: 4,
      play: { live: false, url: `/uploads/media/${a.eid}/livetestfolder000000/index.m3u8` },
    });
    await t.call(watchPlayback, { id: r.id }, as(learner));
    await age(r.id, learner, 30);
    const got = await t.call(watchPlayback, { id: r.id }, as(learner));
    expect(got.data!.attendance.playbackSeconds).toBeGreaterThanOrEqual(29);
    expect(got.data!.attendance.attendedSeconds).toBe(got.data!.attendance.playbackSeconds);
  });

  it('completes the period and earns the course once under concurrent reports', async () => {
    const solo = await createStudyCourse(db(), a.eid, { course: { title: '单课直播', points: 7, creditTenths: 20 } });
    // Ten minutes at 10 %: a minute to attend; 55 s already attended, 10 s pass.
    const r = await room(-5, 5, { attendancePercent: 10 }, solo.course.id, solo.chapter.id);
    // The course has only this period: its video period would otherwise have to be studied too.
    await db()
      .delete(schema.coursePeriods)
      .where(and(eq(schema.coursePeriods.courseId, solo.course.id), sql`period_type <> 4`));
    await t.call(watchLive, { id: r.id }, as(learner));
    await db().execute(sql`UPDATE live_attendance SET live_ms = 55000 WHERE room_id = ${r.id}`);
    await age(r.id, learner, 10);
    const reports = await Promise.all(Array.from({ length: 12 }, () => t.call(watchLive, { id: r.id }, as(learner))));
    expect(reports.every((x) => x.code === 200)).toBe(true);
    expect(reports.filter((x) => x.data!.earned !== null).map((x) => x.data!.earned)).toEqual([
      { creditHour: 2, points: 7 },
    ]);
    expect(reports.every((x) => x.data!.attendance.completed)).toBe(true);
    const earnings = await db()
      .select()
      .from(schema.earnings)
      .where(and(eq(schema.earnings.accountId, learner.accountId), eq(schema.earnings.sourceId, solo.course.id)));
    expect(earnings).toHaveLength(1);
    const [progress] = await db()
      .select()
      .from(schema.periodProgress)
      .where(
        and(eq(schema.periodProgress.accountId, learner.accountId), eq(schema.periodProgress.periodId, r.periodId)),
      );
    expect(progress!.completedAt).not.toBeNull();
    const [cl] = await db()
      .select()
      .from(schema.courseLearners)
      .where(
        and(eq(schema.courseLearners.accountId, learner.accountId), eq(schema.courseLearners.courseId, solo.course.id)),
      );
    expect(cl!.completedAt).not.toBeNull();
    // Later reports earn nothing more.
    await age(r.id, learner, 10);
    expect((await t.call(watchLive, { id: r.id }, as(learner))).data!.earned).toBeNull();
  });
});

describe('the header search and the back office', () => {
  it('finds rooms by title, live first', async () => {
    const found = await t.call(findLiveRooms, { keyword: '直播课', pageCurrent: 1, pageSize: 50 }, as(learner));
    expect(found.code).toBe(200);
    expect(found.data!.totalCount).toBeGreaterThan(3);
    expect(found.data!.list[0]!.state).toBe(2);
    expect(
      (await t.call(findLiveRooms, { keyword: '直播课', pageCurrent: 1, pageSize: 50 }, as(learnerOfB))).data!
        .totalCount,
    ).toBe(0);
  });

  it('schedules a room with its live period, refuses bad schedules, and keeps rooms to their enterprise', async () => {
    const form = {
      courseId: course.id,
      chapterId: course.chapterId,
      title: '新员工直播',
      lecturerId: null,
      startsAt: new Date(Date.now() + 3600_000).toISOString(),
      endsAt: new Date(Date.now() + 7200_000).toISOString(),
      provider: 1,
      channelMaterialId: video,
      recordingMaterialId: null,
      playbackCounts: true,
      attendancePercent: null,
      required: true,
    };
    const made = await t.call(createLiveRoom, form, as(admin));
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ title: '新员工直播', state: 1, provider: 1 });
    const backwards = await t.call(
      createLiveRoom,
      { ...form, endsAt: form.startsAt, startsAt: form.endsAt },
      as(admin),
    );
    expect(backwards.code).toBe(9704);
    expect((await t.call(createLiveRoom, { ...form, provider: 3 }, as(admin))).code).toBe(9705);
    expect((await t.call(createLiveRoom, form, as(learner))).code).toBe(3403);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect((await t.call(viewAdminLiveRoom, { id: made.data!.id }, as(adminOfB))).code).toBe(404);
    // The course editor leaves a live period to the live rooms.
    const edit = savePeriodRequest.parse({
      courseId: course.id,
      chapterId: course.chapterId,
      periodId: made.data!.periodId,
      title: 'x',
      periodType: 3,
      content: '<p>x</p>',
    });
    expect((await t.call(calls.saveAdminPeriod, edit, as(admin))).code).toBe(9708);
  });

  it('keeps provider keys write-only', async () => {
    const saved = await t.call(
      saveLiveSettings,
      {
        attendancePercent: 75,
        ingestPushUrl: 'rtmp://media.example.com/live',
        ingestPlayUrl: 'https://media.example.com/live',
        aliyunPlayDomain: 'play.example.com',
        aliyunAppName: 'live',
        tencentPlayDomain: '',
        tencentAppName: '',
        ingestSecret: 'nms-secret',
        aliyunKey: 'ali-secret',
        tencentKey: '',
      },
      as(admin),
    );
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({
      attendancePercent: 75,
      hasAliyunKey: true,
      hasIngestSecret: true,
      hasTencentKey: false,
    });
    const view = await t.call(viewLiveSettings, {}, as(admin));
    expect(JSON.stringify(view.data)).not.toContain('secret');
    const [row] = await db().select().from(schema.liveSettings).where(eq(schema.liveSettings.eid, a.eid));
    expect(row!.secrets).not.toContain('ali-secret');
    // An Aliyun room's address is signed with the key.
    const r = await room(-5, 55, { provider: 3, channelMaterialId: null, streamKey: 'abc123' });
    const live = (await t.call(viewLiveRoomUrl, { id: r.id }, as(learner))).data as LiveRoom;
    expect(live.play!.url).toMatch(
      /^https:\/\/play\.example\.com\/live\/abc123\.m3u8\?auth_key=\d+-[0-9a-f]+-0-[0-9a-f]{32}$/,
    );
  });
});
