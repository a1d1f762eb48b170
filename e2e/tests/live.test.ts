import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { connectDatabase, schema } from '@portal/db';
import { DEMO_LIVE_TEXT } from '@portal/db/seed-live';
import { GATEWAY_PREFIX, type CallDef } from '@portal/contract/call';
import { leaveLive, watchLive, watchPlayback, type LiveReport } from '@portal/contract/calls/live';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip, waitForPath } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The learner's live room /live/watch (issue 24 item 1): the demo course 直播公开课 of every demo
// site (packages/db/src/seed-live.ts) has a room live now and always (looped), one upcoming in a
// few days and one ended with its recording. Joining the live room (the LIVE badge, the join and
// the next report 30 s later counted by the server's clock), the countdown, the recording played
// and its time counted when it pauses, a visitor watching without attendance, the course page's
// and the course player's live periods, the search's live lessons, and the English texts.
const TEXTS = {
  zh: {
    catalog: '课程目录',
    live: '直播',
    liveBadge: '直播中',
    upcoming: '预告',
    playback: '回放',
    back: '‹ 返回课程',
    lecturer: '主讲讲师',
    attendance: '我的出勤',
    required: '3分0秒',
    zero: '0分0秒',
    countdown: '距离直播开始还有',
    days: /^[23]天$/,
    playbackNote: '直播已结束，正在观看回放',
    visitorNote: '登录后观看可记录出勤 登录',
    enterRoom: '进入直播间',
    search: /^直播（\d+）$/,
  },
  en: {
    catalog: 'Contents',
    live: 'Live',
    liveBadge: 'LIVE',
    upcoming: 'Upcoming',
    playback: 'Playback',
    back: '‹ Back to the course',
    lecturer: 'Lecturer',
    attendance: 'My attendance',
    required: '3 min 0 s',
    zero: '0 min 0 s',
    countdown: 'Starts in',
    days: /^[23] d$/,
    playbackNote: 'The live lesson has ended; you are watching the recording',
    visitorNote: 'Sign in to have your attendance recorded Sign in',
    enterRoom: 'Enter the live room',
    search: /^Live lessons \(\d+\)$/,
  },
} as const;

/** The demo live course of a site and its three rooms (looped, upcoming, ended with a recording). */
async function demoLive(eid: number, lang: 'zh' | 'en') {
  const text = DEMO_LIVE_TEXT[lang];
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  try {
    const [course] = await database.db
      .select({ id: schema.courses.id })
      .from(schema.courses)
      .where(and(eq(schema.courses.eid, eid), eq(schema.courses.title, text.course)));
    const rooms = await database.db
      .select({ id: schema.liveRooms.id, periodId: schema.liveRooms.periodId, title: schema.coursePeriods.title })
      .from(schema.liveRooms)
      .innerJoin(
        schema.coursePeriods,
        and(eq(schema.coursePeriods.eid, schema.liveRooms.eid), eq(schema.coursePeriods.id, schema.liveRooms.periodId)),
      )
      .where(and(eq(schema.liveRooms.eid, eid), eq(schema.liveRooms.courseId, course!.id)));
    const room = (title: string) => rooms.find((r) => r.title === title)!;
    return {
      courseId: course!.id,
      course: text.course,
      looped: { ...room(text.looped), title: text.looped },
      upcoming: { ...room(text.upcoming), title: text.upcoming },
      ended: { ...room(text.ended), title: text.ended },
    };
  } finally {
    await database.close();
  }
}

const roomPath = (id: number) => `/live/watch?id=${id}`;

/** The answer to the next report of `call` (watchLive, watchPlayback or leaveLive). */
async function nextReport(page: Page, call: CallDef, timeout = 30_000): Promise<LiveReport> {
  const response: Response = await page.waitForResponse((r) => r.url().includes(GATEWAY_PREFIX + call.path), {
    timeout,
  });
  const body = (await response.json()) as { code: number; message: string; data: LiveReport };
  expect(body.code, body.message).toBe(200);
  return body.data;
}

const video = (page: Page) => page.locator('.portal-watch-screen video');
const shownSeconds = (page: Page, which: 'live' | 'playback') =>
  page.locator(`.portal-live-time-${which}`).getAttribute('data-seconds').then(Number);

/** Plays the room's video muted, by the player's own start button (no autoplay). */
async function playMuted(page: Page) {
  await video(page).waitFor({ state: 'attached' });
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
  await page.locator('.portal-watch-screen xg-start').click();
}

describe.runIf(browserAvailable())('the live room', () => {
  const session = browserSession();
  const page = () => session.b.page;

  it(
    'joins the live room from the course page: the LIVE badge, the join shown, the next report 30 s later counted',
    { timeout: 120_000 },
    async () => {
      const t = TEXTS.zh;
      const live = await demoLive(1001, 'zh');
      await signInAs(session.b, await createLearner(1001), { path: `/knowledge/course/info?id=${live.courseId}` });
      await declineProfileTip(page(), 'zh');
      // Live lessons only: the course page offers the room live now.
      expect(await page().getByRole('link', { name: t.enterRoom }).getAttribute('href')).toBe(roomPath(live.looped.id));
      await page().getByRole('tab', { name: t.catalog }).click();
      const row = (r: { periodId: number }) => page().locator(`li[data-period-id="${r.periodId}"]`);
      await row(live.looped).waitFor();
      for (const [r, state] of [
        [live.looped, t.liveBadge],
        [live.upcoming, t.upcoming],
        [live.ended, t.playback],
      ] as const) {
        expect(await row(r).locator('.portal-course-period-type').textContent()).toBe(t.live);
        expect(await row(r).locator('.portal-live-state').textContent()).toBe(state);
        expect(await row(r).getByRole('link', { name: r.title }).getAttribute('href')).toBe(roomPath(r.id));
      }
      await row(live.looped).getByRole('link', { name: live.looped.title }).click();
      await waitForPath(page(), 'zh', roomPath(live.looped.id));

      // The address changes before the room's page replaces the course's (its loader first).
      await expect.poll(() => page().getByRole('heading', { level: 1 }).textContent()).toBe(live.looped.title);
      expect(await page().locator('.portal-live-head-state').textContent()).toBe(t.liveBadge);
      expect(await page().getByRole('link', { name: t.back }).getAttribute('href')).toBe(
        `/knowledge/course/info?id=${live.courseId}`,
      );
      expect(await page().getByRole('link', { name: live.course }).getAttribute('href')).toBe(
        `/knowledge/course/info?id=${live.courseId}`,
      );
      await page().getByRole('heading', { name: t.lecturer }).waitFor();
      const attendance = page().getByRole('region', { name: t.attendance });
      expect(await attendance.locator('.portal-live-time-live').textContent()).toBe(t.zero);
      expect(await attendance.locator('dd').nth(2).textContent()).toBe(t.required); // 10 % of a 30-minute round
      expect(await attendance.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

      // Playing joins: the first report credits nothing yet; the next one, 30 s later by the
      // server's clock, credits the time between, and the page shows what it answered.
      const joined = nextReport(page(), watchLive);
      await playMuted(page());
      const first = await joined;
      expect(first.state).toBe(2);
      expect(first.creditedSeconds).toBe(0);
      const second = await nextReport(page(), watchLive, 45_000);
      expect(second.creditedSeconds).toBeGreaterThan(0);
      expect(second.attendance.liveSeconds).toBe(first.attendance.liveSeconds + second.creditedSeconds);
      await expect.poll(() => shownSeconds(page(), 'live')).toBe(second.attendance.liveSeconds);
      await expect
        .poll(() => attendance.getByRole('progressbar').getAttribute('aria-valuenow'))
        .toBe(String(second.attendance.percent));
      // The live stream went on meanwhile.
      expect(await video(page()).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

      // Pausing leaves the room, with the time since the last report counted.
      const left = nextReport(page(), leaveLive);
      await video(page()).evaluate((v: HTMLVideoElement) => v.pause());
      const leave = await left;
      expect(leave.attendance.liveSeconds).toBeGreaterThanOrEqual(second.attendance.liveSeconds);
      await expect.poll(() => shownSeconds(page(), 'live')).toBe(leave.attendance.liveSeconds);
    },
  );

  it('counts down to an upcoming room, plays an ended room’s recording and counts it; the course player and the search lead to the rooms', async () => {
    const t = TEXTS.zh;
    const live = await demoLive(1001, 'zh');
    // A visitor (the site's visitor mode is on) watches without attendance.
    await page().goto(url(roomPath(live.looped.id)));
    expect(await page().locator('.portal-live-head-state').textContent()).toBe(t.liveBadge);
    await video(page()).waitFor({ state: 'attached' });
    expect(await page().getByRole('region', { name: t.attendance }).count()).toBe(0);
    expect(await page().locator('.portal-live-visitor').textContent()).toBe(t.visitorNote);

    await signInAs(session.b, await createLearner(1001), { path: roomPath(live.upcoming.id) });
    expect(await page().locator('.portal-live-head-state').textContent()).toBe(t.upcoming);
    const timer = page().getByRole('timer', { name: t.countdown });
    expect(await timer.locator('.portal-live-countdown-days').textContent()).toMatch(t.days);
    // The countdown runs by the second.
    const at = await timer.textContent();
    await expect.poll(() => timer.textContent()).not.toBe(at);
    expect(await video(page()).count()).toBe(0);

    // The course player never plays a live lesson: its period and the course open the room.
    await page().goto(url(`/watch/course?id=${live.courseId}&periodId=${live.ended.periodId}`));
    await waitForPath(page(), 'zh', roomPath(live.ended.id));
    expect(await page().locator('.portal-live-head-state').textContent()).toBe(t.playback);
    expect(await page().locator('.portal-live-note').textContent()).toBe(t.playbackNote);

    // The recording: the join credits nothing, the pause after a few seconds of it counts them.
    const joined = nextReport(page(), watchPlayback);
    await playMuted(page());
    expect((await joined).creditedSeconds).toBe(0);
    await expect.poll(() => video(page()).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(3);
    const left = nextReport(page(), leaveLive);
    await video(page()).evaluate((v: HTMLVideoElement) => v.pause());
    const leave = await left;
    expect(leave.attendance.playbackSeconds).toBeGreaterThanOrEqual(3);
    expect(leave.attendance.liveSeconds).toBe(0);
    await expect.poll(() => shownSeconds(page(), 'playback')).toBe(leave.attendance.playbackSeconds);

    await page().goto(url(`/watch/course?id=${live.courseId}`));
    await waitForPath(page(), 'zh', roomPath(live.looped.id));

    // The search's live lessons (type 2, a search from a live page): first, live now first.
    await page().goto(url(`/search/${encodeURIComponent('直播')}?type=2`));
    await declineProfileTip(page(), 'zh'); // the first page with the site's frame since signing in
    const section = page().locator('.portal-search-section').first();
    expect(await section.textContent()).toMatch(t.search);
    const cards = page().locator('.portal-live-card');
    expect(await cards.first().locator('.portal-live-card-title').textContent()).toBe(live.looped.title);
    expect(await cards.first().locator('.portal-live-state').textContent()).toBe(t.liveBadge);
    const upcoming = cards.filter({ hasText: live.upcoming.title });
    expect(await upcoming.locator('.portal-live-state').textContent()).toBe(t.upcoming);
    expect(await upcoming.getByRole('link').getAttribute('href')).toBe(roomPath(live.upcoming.id));
  });

  it('shows the rooms, the course page’s live lessons and the search’s in English', async () => {
    const t = TEXTS.en;
    // The English site's rooms, in its own words (its room pages have no site frame, so none of
    // the confirmations the site asks for after signing in).
    const english = await demoLive(1004, 'en');
    await signInAs(session.b, await createLearner(1004), {
      host: 'global',
      lang: 'en',
      path: roomPath(english.looped.id),
    });
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toBe(english.looped.title);
    expect(await page().locator('.portal-live-head-state').textContent()).toBe(t.liveBadge);
    expect(await page().getByRole('link', { name: t.back }).getAttribute('href')).toBe(
      `/en/knowledge/course/info?id=${english.courseId}`,
    );
    expect(await page().getByRole('link', { name: english.course }).count()).toBe(1);
    expect(await page().locator('.portal-live-facts dt').allTextContents()).toEqual(['Schedule', 'Course']);
    expect(await page().locator('.portal-live-zone').textContent()).toBe(' (China time)');
    await page().getByRole('heading', { name: t.lecturer }).waitFor();
    const attendance = page().getByRole('region', { name: t.attendance });
    expect(await attendance.locator('dt').allTextContents()).toEqual(['Watched live', 'Watched recording', 'Required']);
    expect(await attendance.locator('.portal-live-time-live').textContent()).toBe(t.zero);
    expect(await attendance.locator('dd').nth(2).textContent()).toBe(t.required);
    expect(await attendance.locator('.portal-live-rule').textContent()).toBe(
      'Counted while the stream plays and this page is in front, recorded every 30 s',
    );

    await page().goto(url(`/en${roomPath(english.upcoming.id)}`, 'global'));
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toBe(english.upcoming.title);
    expect(await page().locator('.portal-live-head-state').textContent()).toBe(t.upcoming);
    const timer = page().getByRole('timer', { name: t.countdown });
    expect(await timer.locator('.portal-live-countdown-days').textContent()).toMatch(t.days);

    await page().goto(url(`/en${roomPath(english.ended.id)}`, 'global'));
    expect(await page().locator('.portal-live-head-state').textContent()).toBe(t.playback);
    expect(await page().locator('.portal-live-note').textContent()).toBe(t.playbackNote);
    expect(await page().locator('.portal-live-rule').allTextContents()).toEqual([
      'Counted while the recording plays and this page is in front, recorded every 30 s',
      'Watching the recording counts',
    ]);

    // The course page and the search in English (a site without confirmations to answer first).
    const live = await demoLive(1001, 'zh');
    await signInAs(session.b, await createLearner(1001), {
      lang: 'en',
      path: `/knowledge/course/info?id=${live.courseId}`,
    });
    await declineProfileTip(page(), 'en');
    expect(await page().getByRole('link', { name: t.enterRoom }).getAttribute('href')).toBe(
      `/en${roomPath(live.looped.id)}`,
    );
    await page().getByRole('tab', { name: t.catalog }).click();
    const row = page().locator(`li[data-period-id="${live.upcoming.periodId}"]`);
    expect(await row.locator('.portal-course-period-type').textContent()).toBe(t.live);
    expect(await row.locator('.portal-live-state').textContent()).toBe(t.upcoming);
    expect(await row.locator('time').textContent()).toMatch(/^Starts \d{4}-\d{2}-\d{2} 19:00$/);
    expect(await row.getByRole('link', { name: live.upcoming.title }).getAttribute('href')).toBe(
      `/en${roomPath(live.upcoming.id)}`,
    );

    await page().goto(url(`/en/search/${encodeURIComponent('直播')}?type=2`));
    expect(await page().locator('.portal-search-section').first().textContent()).toMatch(t.search);
    const first = page().locator('.portal-live-card').first();
    expect(await first.locator('.portal-live-card-title').textContent()).toBe(live.looped.title);
    expect(await first.locator('.portal-live-state').textContent()).toBe(t.liveBadge);
  });
});
