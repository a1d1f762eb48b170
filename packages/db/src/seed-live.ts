import { and, asc, eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as s from './schema.ts';
// seed.ts calls seedLiveRooms and this reads its demo list: the cycle is only touched when the
// seed runs, after both modules have loaded.
import { DEMO_TENANTS } from './seed.ts';

type Db = NodePgDatabase<typeof s>;

/** The demo channel's and recording's video: the demo lecture's HLS (its committed segments). */
const DEMO_LIVE_VIDEO = '/demo/media/lecture/index.m3u8';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const DEMO_LIVE_TEXT = {
  zh: {
    course: '直播公开课',
    summary: '每月安全生产直播、新员工入职直播和上期回放，在线观看即可计入出勤。',
    intro:
      '<h3>课程介绍</h3><p>本课程由三场直播组成：每月安全生产直播随时开播，新员工入职培训直播三天后开始，上期消防安全讲座可看回放。观看直播累计达到规定时长即完成课时，获得学时和积分。</p>',
    chapter: '直播课堂',
    looped: '安全生产月度直播',
    upcoming: '新员工入职培训直播',
    ended: '上期回放：消防安全讲座',
  },
  en: {
    course: 'Live open class',
    summary:
      'The monthly safety live lesson, the onboarding live lesson and last month’s recording: watching counts as attendance.',
    intro:
      '<h3>About this course</h3><p>Three live lessons: the monthly safety lesson is on air now, the onboarding lesson starts in three days, and last month’s fire safety lecture can be watched as a recording. Attend the required time to complete a lesson and earn its hours and points.</p>',
    chapter: 'Live lessons',
    looped: 'Monthly safety live lesson',
    upcoming: 'Onboarding live lesson',
    ended: 'Recording: fire safety lecture',
  },
} as const;

/**
 * The demo live rooms on every demo site made in this run (issue 24, decision 060), in a course of
 * their own, in the site's language: one live now and always (the portal's channel looping the
 * demo lecture in rounds of 30 minutes; attending 10 % of a round completes it and the course),
 * one upcoming in three days, and one ended a week ago whose recording plays.
 */
export async function seedLiveRooms(db: Db, createdEids: number[], now = Date.now()): Promise<void> {
  for (const eid of createdEids) {
    const tenant = DEMO_TENANTS.find((t) => t.eid === eid);
    if (!tenant) continue;
    const text = DEMO_LIVE_TEXT[tenant.lang === 'en' ? 'en' : 'zh'];
    const [video] = await db
      .select({ id: s.resourceMaterials.id })
      .from(s.resourceMaterials)
      .where(and(eq(s.resourceMaterials.eid, eid), eq(s.resourceMaterials.url, DEMO_LIVE_VIDEO)))
      .limit(1);
    if (!video) continue;
    const [lecturer] = await db
      .select({ id: s.lecturers.id })
      .from(s.lecturers)
      .where(eq(s.lecturers.eid, eid))
      .orderBy(asc(s.lecturers.sort), asc(s.lecturers.id))
      .limit(1);
    // The first course category of the site (categoryType 3), like the other demo courses.
    const [category] = await db
      .select({ id: s.categories.id })
      .from(s.categories)
      .where(and(eq(s.categories.eid, eid), eq(s.categories.categoryType, 3)))
      .orderBy(asc(s.categories.sort), asc(s.categories.id))
      .limit(1);
    const [course] = await db
      .insert(s.courses)
      .values({
        eid,
        title: text.course,
        summary: text.summary,
        intro: text.intro,
        categoryId: category?.id ?? null,
        coverUrl: '/demo/course-cover-2.svg',
        // The rooms name their lecturer; the course names none, so lecturers' course lists stay theirs.
        lecturerId: null,
        creditTenths: 10,
        points: 10,
        learnerCount: 326,
        // After the other demo courses, in the catalogue and in the zones (tests name those by place).
        sort: 100,
        publishedAt: new Date(Date.UTC(2026, 9, 1, 2)),
      })
      .returning({ id: s.courses.id });
    const [chapter] = await db
      .insert(s.courseChapters)
      .values({ eid, courseId: course!.id, title: text.chapter, sort: 0 })
      .returning({ id: s.courseChapters.id });
    const dayStart = Math.floor(now / DAY) * DAY;
    const rooms = [
      // Live now and always: rounds of 30 minutes from the seed's day.
      {
        title: text.looped,
        starts: dayStart,
        minutes: 30,
        looped: true,
        required: true,
        percent: 10,
        recording: false,
      },
      // In three days at 19:00 China time (11:00 UTC), 90 minutes.
      {
        title: text.upcoming,
        starts: dayStart + 3 * DAY + 11 * 60 * MINUTE,
        minutes: 90,
        looped: false,
        required: false,
        percent: null,
        recording: false,
      },
      // A week ago, an hour, with its recording.
      {
        title: text.ended,
        starts: dayStart - 7 * DAY + 11 * 60 * MINUTE,
        minutes: 60,
        looped: false,
        required: false,
        percent: null,
        recording: true,
      },
    ];
    for (const [i, r] of rooms.entries()) {
      const [period] = await db
        .insert(s.coursePeriods)
        .values({
          eid,
          courseId: course!.id,
          chapterId: chapter!.id,
          title: r.title,
          periodType: 4,
          durationSeconds: r.minutes * 60,
          required: r.required,
          sort: i,
        })
        .returning({ id: s.coursePeriods.id });
      await db.insert(s.liveRooms).values({
        eid,
        courseId: course!.id,
        periodId: period!.id,
        lecturerId: lecturer?.id ?? null,
        startsAt: new Date(r.starts),
        endsAt: new Date(r.starts + r.minutes * MINUTE),
        looped: r.looped,
        provider: 1,
        channelMaterialId: video.id,
        streamKey: `demo${eid}room${i + 1}`,
        recordingMaterialId: r.recording ? video.id : null,
        playbackCounts: true,
        attendancePercent: r.percent,
      });
    }
    await db.insert(s.liveSettings).values({ eid }).onConflictDoNothing();
  }
}
