import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { connectDatabase, schema } from '@portal/db';
import { demoCourseTitle } from '@portal/db/seed';
import { updateStudyProgress, ProgressEvent } from '@portal/contract/calls/study';
import { GATEWAY_PREFIX } from '@portal/contract/call';
import { expectAccessible } from '../a11y.ts';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The course player /watch/course (issue 12 items 3, 4 and 7): a video played (muted) whose
// position advances and is kept, a forward seek sent back with the message, one player of a
// learner at a time, the short demo course completed in real time with the earned message and the
// hours in the header, a PDF period, the course introduction's media preview and download, and
// the English page. Demo courses of packages/db/src/seed.ts (DEMO_COURSE_ROLES), fresh learners.
const TEXTS = {
  zh: {
    back: '‹ 返回课程',
    contents: '课程目录',
    previous: '上一节',
    next: '下一节',
    video: '视频',
    imageText: '图文',
    completed: '已完成',
    seekRefused: '首次学习不能快进，已回到您学到的位置',
    elsewhere: '您已在其他页面或设备学习，本页面已停止计时',
    studyHere: '在此继续学习',
    progress: '课程进度',
    pdfNext: '下一页',
    pdfPage: (n: number, of: number) => `第 ${n} / ${of} 页`,
    zoomIn: '放大',
    preview: '预览',
    notUpdated: '该视频未更新',
    downloaded: '下载成功',
    periods: { lesson2: '第二讲 操作流程', handout: '课程讲义', intro: '课程导学', guide: '学前须知' },
  },
  en: {
    back: '‹ Back to the course',
    contents: 'Contents',
    previous: 'Previous',
    next: 'Next',
    video: 'Video',
    imageText: 'Article',
    completed: 'Completed',
    seekRefused: 'You cannot skip ahead the first time; back to where you got to',
    elsewhere: 'You are studying in another tab or device; this one has stopped counting',
    studyHere: 'Study here',
    progress: 'Course progress',
    pdfNext: 'Next page',
    pdfPage: (n: number, of: number) => `Page ${n} of ${of}`,
    zoomIn: 'Zoom in',
    preview: 'Preview',
    notUpdated: 'This video is not available yet',
    downloaded: 'Download succeeded',
    periods: {
      lesson2: 'Lesson 2 · Step by step',
      handout: 'Course handout',
      intro: 'Course introduction',
      guide: 'Before you start',
    },
  },
} as const;

/** A demo course of a site (by its role) and the ids of its periods by title. */
async function demoCourse(eid: number, role: 'showcase' | 'short' | 'pendingVideo') {
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  try {
    const title = demoCourseTitle(eid, role)!;
    const [course] = await database.db
      .select({ id: schema.courses.id })
      .from(schema.courses)
      .where(and(eq(schema.courses.eid, eid), eq(schema.courses.title, title)));
    const periods = await database.db
      .select({ id: schema.coursePeriods.id, title: schema.coursePeriods.title })
      .from(schema.coursePeriods)
      .where(and(eq(schema.coursePeriods.eid, eid), eq(schema.coursePeriods.courseId, course!.id)));
    return {
      id: course!.id,
      title,
      period: (name: string) => periods.find((p) => p.title === name)!.id,
    };
  } finally {
    await database.close();
  }
}

/** The player's path (signInAs and url() put the language in front). */
const playerPath = (courseId: number, periodId: number) => `/watch/course?id=${courseId}&periodId=${periodId}`;

/** The answer to the next progress report of `event`. */
function nextReport(page: Page, event: number): Promise<Response> {
  return page.waitForResponse(
    (r) =>
      r.url().includes(GATEWAY_PREFIX + updateStudyProgress.path) &&
      (JSON.parse(r.request().postData() ?? '{}') as { event?: number }).event === event,
    { timeout: 30_000 },
  );
}

const video = (page: Page) => page.locator('.portal-watch-screen video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Plays the period's video muted, by the player's own start button (no autoplay). */
async function playMuted(page: Page) {
  await video(page).waitFor({ state: 'attached' });
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
  await page.locator('.portal-watch-screen xg-start').click();
}

describe.runIf(browserAvailable())('the course player', () => {
  const session = browserSession();
  const page = () => session.b.page;

  it('plays a video: the position advances and is reported, a forward seek goes back with the message, a reload resumes there', async () => {
    const t = TEXTS.zh;
    const course = await demoCourse(1001, 'showcase');
    const periodId = course.period(t.periods.lesson2);
    await signInAs(session.b, await createLearner(1001), { path: playerPath(course.id, periodId) });
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toBe(course.title);
    expect(await page().getByRole('link', { name: t.back }).getAttribute('href')).toBe(
      `/knowledge/course/info?id=${course.id}`,
    );
    const list = page().getByRole('navigation', { name: t.contents });
    const current = list.locator('[aria-current="page"]');
    expect(await current.locator('.portal-period-title').textContent()).toBe(t.periods.lesson2);
    expect(await current.locator('.portal-period-state').textContent()).toBe('0%');
    // The watermark: the learner's name and masked phone, over the video.
    await expect.poll(() => page().locator('.portal-watermark').textContent()).toMatch(/^学员\d+ 1\d{2}\*{4}\d{4}$/);

    const resumed = nextReport(page(), ProgressEvent.RESUME);
    await playMuted(page());
    expect((await (await resumed).json()).code).toBe(200);
    // The first tick (every 10 s while playing) credits the time watched.
    const tick = await (await nextReport(page(), ProgressEvent.TICK)).json();
    expect(tick.code).toBe(200);
    expect(tick.data.creditedSeconds).toBeGreaterThan(5);
    expect(await currentTime(page())).toBeGreaterThan(9);
    await expect.poll(() => current.locator('.portal-period-state').textContent()).toMatch(/^[1-9]\d%$/);

    // Skipping ahead on first viewing: back to where the learner got to, with the message.
    await video(page()).evaluate((v: HTMLVideoElement) => (v.currentTime = 27));
    await page().getByText(t.seekRefused).first().waitFor();
    expect(await currentTime(page())).toBeLessThan(17);

    // Paused (reported), then reloaded: the player starts where it was.
    const paused = nextReport(page(), ProgressEvent.PAUSE);
    await video(page()).evaluate((v: HTMLVideoElement) => v.pause());
    const at = (await (await paused).json()).data.positionSeconds as number;
    expect(at).toBeGreaterThan(9);
    await page().reload();
    await video(page()).waitFor({ state: 'attached' });
    await expect.poll(() => currentTime(page())).toBeGreaterThan(at - 1);
    expect(await currentTime(page())).toBeLessThan(at + 1);
    expect(await video(page()).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  it('one player of a learner at a time: a second tab takes over, 在此继续学习 takes it back', async () => {
    const t = TEXTS.zh;
    const course = await demoCourse(1001, 'showcase');
    const path = playerPath(course.id, course.period(t.periods.lesson2));
    await signInAs(session.b, await createLearner(1001), { path });
    await playMuted(page());
    const second = await session.b.context.newPage();
    try {
      await second.goto(url(path));
      await second.locator('.portal-watch-screen video').waitFor({ state: 'attached' });
      // The first tab's next report is refused: it stops and says so.
      const overlay = page().getByRole('alertdialog');
      await overlay.waitFor({ timeout: 30_000 });
      expect(await overlay.locator('p').textContent()).toBe(t.elsewhere);
      expect(await video(page()).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await expectAccessible(page(), 'another player took over');
      await overlay.getByRole('button', { name: t.studyHere }).click();
      await overlay.waitFor({ state: 'detached' });
      const resumed = nextReport(page(), ProgressEvent.RESUME);
      await playMuted(page());
      expect((await (await resumed).json()).code).toBe(200);
    } finally {
      await second.close();
    }
  });

  // Real time: the 12 s video plays through and the image-text is read for its 8 s (ticks every 10 s).
  it(
    'completes the short course (a 12 s video and an image-text) in real time: the earned message and the hours in the header',
    { timeout: 90_000 },
    async () => {
      const t = TEXTS.zh;
      // The medical-insurance site counts credit hours (studyScoreType 2).
      const course = await demoCourse(1003, 'short');
      await signInAs(session.b, await createLearner(1003), {
        host: 'yb',
        path: playerPath(course.id, course.period(t.periods.intro)),
      });
      const list = page().getByRole('navigation', { name: t.contents });
      expect(await list.locator('.portal-period-title').allTextContents()).toEqual([t.periods.intro, t.periods.guide]);
      expect(await page().locator('.portal-watch-progress-value').textContent()).toBe('0%（0/2）');
      const ended = nextReport(page(), ProgressEvent.ENDED);
      await playMuted(page());
      const answer = (await (await ended).json()).data;
      expect(answer.completed).toBe(true);
      expect(answer.earned).toBeNull();
      await expect.poll(() => page().locator('.portal-watch-progress-value').textContent()).toBe('50%（1/2）');
      await expect
        .poll(() => list.locator('[aria-current="page"] .portal-period-state').textContent())
        .toBe(t.completed);

      // The image-text counts while it is open and the page visible (8 s).
      await page().getByRole('link', { name: t.next }).click();
      await page().locator('.portal-watch-article .portal-rich-text').waitFor();
      const earned = page().getByRole('status');
      await earned.waitFor({ timeout: 30_000 });
      expect(await earned.textContent()).toBe('恭喜完成课程，获得0.5学时、5积分');
      expect(await page().locator('.portal-watch-progress-value').textContent()).toBe(t.completed);
      expect(await list.locator('.portal-period-state').allTextContents()).toEqual([t.completed, t.completed]);
      await expectAccessible(page(), 'course completed');

      // Back to the course page (a new document): the header's menu has the hours.
      await page().getByRole('link', { name: t.back }).click();
      await page().waitForURL((u) => u.pathname === '/knowledge/course/info');
      await page().locator('header.portal-header .portal-user-name').hover();
      const menu = page().getByRole('navigation', { name: '个人中心菜单' });
      await expect.poll(() => menu.getByRole('link', { name: /^总学时/ }).textContent()).toBe('总学时 0.5');
      // The home page's credit-hour board reads the same totals.
      await page().goto(url('/home', 'yb'));
      await expect
        .poll(() => page().locator('.portal-board-mine').nth(1).textContent(), { timeout: 15_000 })
        .toMatch(/（0\.5学时）$/);
    },
  );

  it('a document period shows the PDF in the page, page by page, with zoom', async () => {
    const t = TEXTS.zh;
    const course = await demoCourse(1001, 'showcase');
    await signInAs(session.b, await createLearner(1001), {
      path: playerPath(course.id, course.period(t.periods.handout)),
    });
    const canvas = page().locator('.portal-pdf-canvas canvas');
    await expect.poll(() => canvas.getAttribute('data-page'), { timeout: 20_000 }).toBe('1');
    const pages = await page().locator('.portal-pdf-page').textContent();
    expect(pages).toMatch(/^第 1 \/ \d+ 页$/);
    // The page is drawn: not one colour.
    const colours = () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        const seen = new Set<number>();
        for (let i = 0; i < data.length && seen.size < 50; i += 4 * 97)
          seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        return seen.size;
      });
    expect(await colours()).toBeGreaterThan(2);
    const width = await canvas.evaluate((c) => c.getBoundingClientRect().width);
    await page().getByRole('button', { name: t.pdfNext }).click();
    await expect.poll(() => canvas.getAttribute('data-page')).toBe('2');
    expect(await page().locator('.portal-pdf-page').textContent()).toBe(pages!.replace('第 1', '第 2'));
    await page().getByRole('button', { name: t.zoomIn }).click();
    await expect.poll(() => canvas.evaluate((c) => c.getBoundingClientRect().width)).toBeGreaterThan(width * 1.2);
  });

  it('the course introduction previews its embedded video in the dialog and downloads its file', async () => {
    const t = TEXTS.zh;
    const course = await demoCourse(1001, 'showcase');
    await signInAs(session.b, await createLearner(1001), { path: `/knowledge/course/info?id=${course.id}` });
    await declineProfileTip(page(), 'zh');
    await page().locator('.portal-rich-text [mode="video"]').first().click();
    const dialog = page().getByRole('dialog', { name: t.preview });
    const player = dialog.locator('video');
    await player.waitFor({ state: 'attached' });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    // No autoplay; speeds to choose from.
    expect(await player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await dialog.locator('xg-icon.xgplayer-playbackrate').count()).toBe(1);
    expect(await dialog.evaluate((d) => Math.round(d.getBoundingClientRect().width))).toBe(900);
    await expectAccessible(page(), 'video preview dialog');
    // The backdrop does not close it; the close button does.
    await page().mouse.click(20, 20);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'detached' });

    // The embedded file downloads (the browser receives it).
    const download = page().waitForEvent('download');
    await page().locator('.portal-rich-text [mode="file"]').first().click();
    expect((await download).suggestedFilename()).toBe('课程讲义.pdf');
    await page().getByText(t.downloaded).waitFor();

    // A video the provider has not processed: 该视频未更新, and no dialog stays.
    const pending = await demoCourse(1001, 'pendingVideo');
    await page().goto(url(`/knowledge/course/info?id=${pending.id}`));
    await page().locator('.portal-rich-text [mode="video"]').first().click();
    await page().getByText(t.notUpdated).waitFor();
    await expect.poll(() => page().getByRole('dialog', { name: t.preview }).count()).toBe(0);
  });

  it('the English player', async () => {
    const t = TEXTS.en;
    const course = await demoCourse(1001, 'short');
    await signInAs(session.b, await createLearner(1001), {
      lang: 'en',
      path: playerPath(course.id, course.period(TEXTS.zh.periods.intro)),
    });
    expect(await page().getByRole('link', { name: t.back }).getAttribute('href')).toBe(
      `/en/knowledge/course/info?id=${course.id}`,
    );
    const list = page().getByRole('navigation', { name: t.contents });
    expect(await list.locator('.portal-period-kind').allTextContents()).toEqual([t.video, t.imageText]);
    expect(await page().locator('#portal-watch-progress-label').textContent()).toBe(t.progress);
    expect(await page().locator('.portal-watch-progress-value').textContent()).toBe('0% (0/2)');
    expect(await page().locator('.portal-watch-steps').textContent()).toBe(`${t.previous}${t.next}`);
    await playMuted(page());
    await expect.poll(() => currentTime(page())).toBeGreaterThan(0.5);
    await video(page()).evaluate((v: HTMLVideoElement) => (v.currentTime = 10));
    await page().getByText(t.seekRefused).first().waitFor();

    // The English site's short video has a transcript: each cue a button named by its visible text
    // (the page is checked with axe as it loads).
    const english = await demoCourse(1004, 'short');
    await signInAs(session.b, await createLearner(1004), {
      host: 'global',
      path: playerPath(english.id, english.period(t.periods.intro)),
    });
    await page().locator('.portal-transcript-cue').first().waitFor();
    const cues = await page().locator('.portal-transcript-cue').count();
    expect(cues).toBeGreaterThan(1);
    expect(
      await page()
        .getByRole('button', { name: /^Go to \d+:\d{2}/ })
        .count(),
    ).toBe(cues);
  });
});
