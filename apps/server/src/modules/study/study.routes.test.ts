import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admireCourse,
  countCourses,
  deleteCourseComment,
  ErrorCode,
  findCoursePeriods,
  findCourseComments,
  findCourseProgress,
  findCoursesAuth,
  findEarnings,
  findIntegralRanks,
  ProgressEvent,
  saveCourseComment,
  saveCourseMark,
  updateStudyProgress,
  viewCourse,
  viewCurrentUser,
  viewImageText,
  watchStudyResource,
  previewVod,
  downloadDoc,
} from '@portal/contract';
import { schema, type TableChange } from '@portal/db';
import { createTestApp, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createStudyCourse, type Learner } from '../../test/factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, {
    name: '甲企业',
    settings: { visitorOpenSet: true, showUserCommentOpenSet: true },
  });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

/** Moves the learner's last report of a period back by `seconds`, as if that much time had passed. */
async function age(learner: Learner, periodId: number, seconds: number) {
  await t.database.db.execute(sql`UPDATE period_progress
    SET last_report_at = last_report_at - make_interval(secs => ${seconds})
    WHERE account_id = ${learner.accountId} AND period_id = ${periodId} AND last_report_at IS NOT NULL`);
}

async function open(learner: Learner, courseId: number, periodId: number) {
  const res = await t.call(watchStudyResource, { courseId, periodId }, { as: learner });
  expect(res.code).toBe(200);
  return res.data.playerId;
}

function report(
  learner: Learner,
  q: { courseId: number; periodId: number; playerId: string },
  position: number,
  event: number,
) {
  return t.call(updateStudyProgress, { ...q, position, event }, { as: learner });
}

/** Plays a video period through at real pace in server time: resume, then a tick every 10 s. */
async function watchThrough(learner: Learner, courseId: number, periodId: number, seconds: number) {
  const playerId = await open(learner, courseId, periodId);
  const q = { courseId, periodId, playerId };
  expect((await report(learner, q, 0, ProgressEvent.RESUME)).code).toBe(200);
  let last;
  for (let pos = 10; pos < seconds + 10; pos += 10) {
    await age(learner, periodId, 10);
    last = await report(learner, q, Math.min(pos, seconds), pos >= seconds ? ProgressEvent.ENDED : ProgressEvent.TICK);
    expect(last.code).toBe(200);
  }
  return last!;
}

describe('progress the server can trust', () => {
  it('credits the wall-clock time since the last report only (two reports a second apart credit a second)', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, {
      videos: [60],
      course: { maxSpeedTenths: 10 },
    });
    const q = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    expect((await report(learner, q, 0, ProgressEvent.RESUME)).data.creditedSeconds).toBe(0);
    await age(learner, q.periodId, 1);
    // The player claims ten seconds of video; a second passed: one second is credited.
    const res = await report(learner, q, 3.5, ProgressEvent.TICK);
    expect(res.code).toBe(200);
    expect(res.data.creditedSeconds).toBeGreaterThanOrEqual(1);
    expect(res.data.creditedSeconds).toBeLessThan(1.5);
    expect(res.data.furthestSeconds).toBe(3.5);
  });

  it('credits up to the fastest speed the course allows, never past the length', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [30] });
    const q = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 10);
    const res = await report(learner, q, 20, ProgressEvent.TICK);
    expect(res.data.creditedSeconds).toBeGreaterThanOrEqual(20);
    expect(res.data.creditedSeconds).toBeLessThan(20.5);
    await age(learner, q.periodId, 10);
    const end = await report(learner, q, 30, ProgressEvent.ENDED);
    expect(end.data.creditedSeconds).toBe(30);
    expect(end.data.completed).toBe(true);
  });

  it('concurrent ticks of one player: no stale write wins, the time is credited once', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [60] });
    const q = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 10);
    const ticks = await Promise.all(
      [10, 6, 8, 10, 7, 9].map((position) => report(learner, q, position, ProgressEvent.TICK)),
    );
    expect(ticks.every((r) => r.code === 200)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(schema.periodProgress)
      .where(sql`account_id = ${learner.accountId} AND period_id = ${q.periodId}`);
    // Each tick is applied to the row as the previous one left it: the furthest point never goes back.
    expect(row!.furthestMs).toBe(10_000);
    expect(row!.creditedMs).toBeGreaterThanOrEqual(6_000);
    expect(row!.creditedMs).toBeLessThan(10_500);
  });

  it('credits nothing after a pause or a hidden page until the player plays again', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [60] });
    const q = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 5);
    const hidden = await report(learner, q, 5, ProgressEvent.HIDDEN);
    const credited = hidden.data.creditedSeconds;
    expect(credited).toBeGreaterThanOrEqual(5);
    // A minute later a tick arrives while nothing was playing: nothing credited, the clock restarts.
    const late = await report(learner, q, 5, ProgressEvent.TICK);
    expect(late.data.creditedSeconds).toBe(credited);
  });

  it('refuses a forward jump on first viewing (8011, the furthest point to return to) and allows it once complete', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [30, 40] });
    const q = {
      courseId: course.id,
      periodId: periods[1]!.id,
      playerId: await open(learner, course.id, periods[1]!.id),
    };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 10, ProgressEvent.TICK)).code).toBe(200);
    const jump = await report(learner, q, 35, ProgressEvent.TICK);
    expect(jump.code).toBe(ErrorCode.STUDY_SEEK_FORWARD);
    expect(jump.data).toEqual({ furthestSeconds: 10 });
    const [row] = await t.database.db
      .select()
      .from(schema.periodProgress)
      .where(sql`account_id = ${learner.accountId} AND period_id = ${q.periodId}`);
    expect(row!.positionMs).toBe(10_000);
    // Once the period is complete, seeking is free.
    const done = await watchThrough(learner, course.id, periods[0]!.id, 30);
    expect(done.data.completed).toBe(true);
    const again = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    await report(learner, again, 0, ProgressEvent.RESUME);
    expect((await report(learner, again, 28, ProgressEvent.TICK)).code).toBe(200);
  });

  it('a period opens where the learner left off, near the end too while 88 % credited; a complete one from the start', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [45, 20, 30] });
    const opened = async (periodId: number) => {
      const res = await t.call(watchStudyResource, { courseId: course.id, periodId }, { as: learner });
      expect(res).toMatchObject({ code: 200 });
      return res.data!;
    };
    // Half way, paused: it opens there.
    const half = { courseId: course.id, periodId: periods[2]!.id, playerId: (await opened(periods[2]!.id)).playerId };
    await report(learner, half, 0, ProgressEvent.RESUME);
    await age(learner, half.periodId, 12);
    expect((await report(learner, half, 12, ProgressEvent.PAUSE)).code).toBe(200);
    expect((await opened(half.periodId)).resumeSeconds).toBe(12);

    // The case: two skips of 3 s and 2.4 s (within the seek tolerance) bring the video to its end with
    // 88 % credited; the period is not complete, so it opens where the learner was, not at 00:00.
    const q = { courseId: course.id, periodId: periods[0]!.id, playerId: (await opened(periods[0]!.id)).playerId };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 10, ProgressEvent.TICK)).code).toBe(200);
    expect((await report(learner, q, 13, ProgressEvent.RESUME)).code).toBe(200);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 23, ProgressEvent.TICK)).code).toBe(200);
    expect((await report(learner, q, 25.4, ProgressEvent.RESUME)).code).toBe(200);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 35.4, ProgressEvent.TICK)).code).toBe(200);
    await age(learner, q.periodId, 9.6);
    const end = await report(learner, q, 45, ProgressEvent.ENDED);
    expect(end.data).toMatchObject({ positionSeconds: 45, percent: 88, completed: false });
    const reopened = await opened(q.periodId);
    expect(reopened).toMatchObject({ positionSeconds: 45, completed: false });
    // Not at its very end (it would only end again): a second before it.
    expect(reopened.resumeSeconds).toBe(44);

    // Complete: from the start, as players do.
    expect((await watchThrough(learner, course.id, periods[1]!.id, 20)).data.completed).toBe(true);
    expect(await opened(periods[1]!.id)).toMatchObject({ positionSeconds: 20, completed: true, resumeSeconds: 0 });
  });

  it('counts a period only after the course minimum study time', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, {
      videos: [20],
      course: { minPeriodSeconds: 45 },
    });
    const first = await watchThrough(learner, course.id, periods[0]!.id, 20);
    expect(first.data.creditedSeconds).toBe(20);
    expect(first.data.completed).toBe(false);
    // Watching on (replaying) adds study time until the minimum is reached.
    const q = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 10, ProgressEvent.TICK)).data.completed).toBe(false);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 20, ProgressEvent.TICK)).data.completed).toBe(false);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 20, ProgressEvent.TICK)).data.completed).toBe(true);
  });

  it('completes a period at the course completion share', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, {
      videos: [40],
      course: { completionPercent: 50 },
    });
    const q = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 10, ProgressEvent.TICK)).data.completed).toBe(false);
    await age(learner, q.periodId, 10);
    expect((await report(learner, q, 20, ProgressEvent.PAUSE)).data.completed).toBe(true);
  });

  it('one video at a time: a second player stops the first from earning (8010)', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [60, 60] });
    const first = {
      courseId: course.id,
      periodId: periods[0]!.id,
      playerId: await open(learner, course.id, periods[0]!.id),
    };
    await report(learner, first, 0, ProgressEvent.RESUME);
    const second = {
      courseId: course.id,
      periodId: periods[1]!.id,
      playerId: await open(learner, course.id, periods[1]!.id),
    };
    await report(learner, second, 0, ProgressEvent.RESUME);
    await age(learner, first.periodId, 10);
    expect((await report(learner, first, 10, ProgressEvent.TICK)).code).toBe(ErrorCode.STUDY_ELSEWHERE);
    await age(learner, second.periodId, 10);
    expect((await report(learner, second, 10, ProgressEvent.TICK)).code).toBe(200);
    // The same period in another tab also replaces the player.
    const tab = { ...second, playerId: await open(learner, course.id, periods[1]!.id) };
    expect((await report(learner, second, 10, ProgressEvent.TICK)).code).toBe(ErrorCode.STUDY_ELSEWHERE);
    expect((await report(learner, tab, 10, ProgressEvent.RESUME)).code).toBe(200);
  });

  it('completes documents and image-text by the time they were open', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, {
      documentSeconds: 10,
      imageTextSeconds: 8,
    });
    const text = await t.call(viewImageText, { courseId: course.id, periodId: periods[1]!.id }, { as: learner });
    expect(text.data.content).toContain('图文内容');
    expect(text.data.content).not.toContain('script');
    for (const period of periods) {
      const q = { courseId: course.id, periodId: period.id, playerId: await open(learner, course.id, period.id) };
      await report(learner, q, 0, ProgressEvent.RESUME);
      await age(learner, period.id, 5);
      expect((await report(learner, q, 0, ProgressEvent.TICK)).data.completed).toBe(false);
      await age(learner, period.id, 6);
      expect((await report(learner, q, 0, ProgressEvent.TICK)).data.completed).toBe(true);
    }
    const detail = await t.call(viewCourse, { courseId: course.id }, { as: learner });
    expect(detail.data.progress).toMatchObject({ percent: 100, completed: true });
  });

  it('refuses a report for a period the player never opened', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [60] });
    const res = await report(
      learner,
      { courseId: course.id, periodId: periods[0]!.id, playerId: 'x' },
      0,
      ProgressEvent.TICK,
    );
    expect(res.code).toBe(ErrorCode.STUDY_ELSEWHERE);
  });
});

describe('completion earns, exactly once', () => {
  it('awards hours and points once under 20 concurrent final reports; ledger, totals and leaderboard agree', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, {
      videos: [20],
      course: { creditTenths: 25, points: 12 },
    });
    const playerId = await open(learner, course.id, periods[0]!.id);
    const q = { courseId: course.id, periodId: periods[0]!.id, playerId };
    await report(learner, q, 0, ProgressEvent.RESUME);
    await age(learner, q.periodId, 10);
    await report(learner, q, 10, ProgressEvent.TICK);
    await age(learner, q.periodId, 10);
    const finals = await Promise.all(Array.from({ length: 20 }, () => report(learner, q, 20, ProgressEvent.ENDED)));
    expect(finals.every((r) => r.code === 200)).toBe(true);
    const earned = finals.filter((r) => r.data.earned !== null);
    expect(earned).toHaveLength(1);
    expect(earned[0]!.data.earned).toEqual({ creditHour: 2.5, points: 12 });
    // A second course completed afterwards adds its own row.
    const other = await createStudyCourse(t.database.db, a.eid, {
      videos: [10],
      course: { creditTenths: 5, points: 3 },
    });
    await watchThrough(learner, other.course.id, other.periods[0]!.id, 10);
    // Watching a completed course again earns nothing more.
    await watchThrough(learner, other.course.id, other.periods[0]!.id, 10);

    const ledger = await t.call(findEarnings, {}, { as: learner });
    expect(ledger.data.list.map((r) => [r.title, r.points, r.creditHour])).toEqual([
      [other.course.title, 3, 0.5],
      [course.title, 12, 2.5],
    ]);
    expect(ledger.data.totalPoints).toBe(15);
    expect(ledger.data.totalCreditHour).toBe(3);
    const user = await t.call(viewCurrentUser, {}, { as: learner });
    expect(user.data.creditHour).toBe(3);
    // The leaderboard reads the same totals: the learner is on it with the ledger's sum.
    const board = await t.call(findIntegralRanks, { pageSize: 3 }, { as: learner });
    expect(board.data.list[0]).toMatchObject({ rank: 1, value: 15 });
    const detail = await t.call(viewCourse, { courseId: course.id }, { as: learner });
    expect(detail.data.progress.completed).toBe(true);
  });
});

describe('a change of a course in the database (decision 026)', () => {
  /** Runs `change` and waits until the database has announced a change of the course to this process. */
  async function changeAndWait(eid: number, courseId: number, change: () => Promise<unknown>) {
    const { changes } = t.platform.database;
    await changes.whenListening();
    const seen = new Promise<void>((resolve) => {
      const hear = (c: TableChange) => {
        if (c.eid !== eid || c.id !== courseId) return;
        changes.off('change', hear);
        resolve();
      };
      changes.on('change', hear);
    });
    await change();
    await seen;
  }

  it('an unpublished course stops playing at once, though its rules were cached; published again, it plays', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [60] });
    const q = { courseId: course.id, periodId: periods[0]!.id };
    expect((await t.call(watchStudyResource, q, { as: learner })).code).toBe(200);
    expect((await t.call(findCoursePeriods, { courseId: course.id }, { as: learner })).code).toBe(200);
    // By hand, as the back office will: the cached rules would have played it up to 10 s more.
    await changeAndWait(a.eid, course.id, () =>
      t.database.db.execute(sql`UPDATE courses SET published = false WHERE eid = ${a.eid} AND id = ${course.id}`),
    );
    expect((await t.call(watchStudyResource, q, { as: learner })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(findCoursePeriods, { courseId: course.id }, { as: learner })).code).toBe(ErrorCode.NOT_FOUND);
    await changeAndWait(a.eid, course.id, () =>
      t.database.db.execute(sql`UPDATE courses SET published = true WHERE eid = ${a.eid} AND id = ${course.id}`),
    );
    expect((await t.call(watchStudyResource, q, { as: learner })).code).toBe(200);
  });

  it('a new learner counting itself in, or an update that changes nothing, announces nothing; a period’s change does', async () => {
    const { changes } = t.platform.database;
    await changes.whenListening();
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, { videos: [60] });
    const rename = (title: string) => () =>
      t.database.db.execute(sql`UPDATE course_periods SET title = ${title} WHERE id = ${periods[0]!.id}`);
    await rename('第一次')();
    // Announcements come in commit order: once one of a course made after these changes is heard,
    // theirs (the course's creation and the first rename) were delivered. Waiting for the course's
    // own would stop at the first of them, and a later one would land among those heard below.
    const marker = await createStudyCourse(t.database.db, a.eid, { videos: [60] });
    await changeAndWait(a.eid, marker.course.id, () =>
      t.database.db.execute(sql`UPDATE course_periods SET title = '标记' WHERE id = ${marker.periods[0]!.id}`),
    );
    const heard: TableChange[] = [];
    // Only this course's: the marker's later announcements (and other files' courses) may still come.
    const hear = (c: TableChange) => {
      if (c.eid === a.eid && c.id === course.id) heard.push(c);
    };
    changes.on('change', hear);
    try {
      await t.database.db.execute(sql`UPDATE courses SET learner_count = learner_count + 1 WHERE id = ${course.id}`);
      await t.database.db.execute(sql`UPDATE courses SET title = title WHERE id = ${course.id}`);
      await changeAndWait(a.eid, course.id, rename('第二次'));
      // The counter's and the update that changed nothing would have come first.
      expect(heard).toEqual([{ table: 'course_periods', eid: a.eid, id: course.id }]);
    } finally {
      changes.off('change', hear);
    }
  });
});

describe('the course page', () => {
  it('shows the course, its periods and the learner state; admire toggles; marks list in my study', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, {
      videos: [30, 20],
      imageTextSeconds: 5,
      course: { intro: '<p>简介<img src=x onerror=alert(1)></p>' },
    });
    const detail = await t.call(viewCourse, { courseId: course.id }, { as: learner });
    expect(detail.data).toMatchObject({
      title: course.title,
      periodCount: 3,
      totalSeconds: 50,
      bought: true,
      admired: false,
    });
    expect(detail.data.intro).not.toContain('onerror');
    expect(detail.data.progress).toMatchObject({ started: false, percent: 0, requiredPeriods: 3 });
    const tree = await t.call(findCoursePeriods, { courseId: course.id }, { as: learner });
    expect(tree.data[0]!.periods.map((p) => [p.periodType, p.durationSeconds, p.playable])).toEqual([
      [1, 30, true],
      [1, 20, true],
      [3, 5, true],
    ]);
    expect((await t.call(admireCourse, { courseId: course.id }, { as: learner })).data).toEqual({
      admired: true,
      admireCount: 1,
    });
    expect((await t.call(admireCourse, { courseId: course.id }, { as: learner })).data).toEqual({
      admired: false,
      admireCount: 0,
    });
    await t.call(saveCourseMark, { courseId: course.id, marked: true }, { as: learner });
    const marked = await t.call(findCourseProgress, { status: 3 }, { as: learner });
    expect(marked.data.list.map((c) => c.courseId)).toEqual([course.id]);
    // Started: my study lists it with where to continue.
    await watchThrough(learner, course.id, periods[0]!.id, 30);
    const mine = await t.call(findCourseProgress, { status: 1 }, { as: learner });
    expect(mine.data.list[0]).toMatchObject({
      courseId: course.id,
      percent: 33,
      lastPeriodId: periods[0]!.id,
      completedPeriods: 1,
    });
    const counts = await t.call(countCourses, {}, { as: learner });
    expect(counts.data.learningCount).toBeGreaterThanOrEqual(1);
  });

  it('comments: ratings in half steps from 0.5 to 5, delete only your own, closed by the site setting', async () => {
    const [me, other] = [await t.learner(a), await t.learner(a)];
    const { course } = await createStudyCourse(t.database.db, a.eid, { videos: [10] });
    const bad = await t.call(saveCourseComment, unchecked({ courseId: course.id, content: '好', rating: 4.3 }), {
      as: me,
    });
    expect(bad.code).toBe(ErrorCode.BAD_INPUT);
    expect(
      (await t.call(saveCourseComment, unchecked({ courseId: course.id, content: '好', rating: 0 }), { as: me })).code,
    ).toBe(ErrorCode.BAD_INPUT);
    const mine = await t.call(
      saveCourseComment,
      { courseId: course.id, content: '讲得很清楚', rating: 4.5 },
      { as: me },
    );
    expect(mine.data).toMatchObject({ rating: 4.5, mine: true });
    await t.call(saveCourseComment, { courseId: course.id, content: '一般', rating: 3 }, { as: other });
    const page = await t.call(findCourseComments, { courseId: course.id }, { as: me });
    expect(page.data.list.map((c) => [c.content, c.mine])).toEqual([
      ['一般', false],
      ['讲得很清楚', true],
    ]);
    expect((await t.call(viewCourse, { courseId: course.id }, { as: me })).data.averageRating).toBe(3.8);
    const theirs = page.data.list[0]!.id;
    expect((await t.call(deleteCourseComment, { id: theirs }, { as: me })).code).toBe(ErrorCode.COMMENT_NOT_OWN);
    expect((await t.call(deleteCourseComment, { id: mine.data.id }, { as: me })).code).toBe(200);
    const closed = await createEnterprise(t.database.db, {
      name: '关评论',
      settings: { showUserCommentOpenSet: false },
    });
    const learner = await t.learner(closed);
    const c2 = await createStudyCourse(t.database.db, closed.eid, { videos: [10] });
    expect(
      (await t.call(saveCourseComment, { courseId: c2.course.id, content: '好', rating: 5 }, { as: learner })).code,
    ).toBe(ErrorCode.COURSE_COMMENTS_CLOSED);
    expect((await t.call(viewCourse, { courseId: c2.course.id }, { as: learner })).data.commentsOpen).toBe(false);
  });

  it('a priced course not bought refuses to play (8001) except its free-trial periods', async () => {
    const learner = await t.learner(a);
    const { course, periods } = await createStudyCourse(t.database.db, a.eid, {
      videos: [10, 10],
      freeTrial: [0],
      course: { priceFen: 9900 },
    });
    const detail = await t.call(viewCourse, { courseId: course.id }, { as: learner });
    expect(detail.data).toMatchObject({ price: 99, bought: false });
    expect(
      (await t.call(watchStudyResource, { courseId: course.id, periodId: periods[0]!.id }, { as: learner })).code,
    ).toBe(200);
    const refused = await t.call(
      watchStudyResource,
      { courseId: course.id, periodId: periods[1]!.id },
      { as: learner, lang: 'en' },
    );
    expect(refused.code).toBe(ErrorCode.COURSE_NOT_BOUGHT);
    expect(refused.message).toBe('Buy this course to study it');
    const tree = await t.call(findCoursePeriods, { courseId: course.id }, { as: learner });
    expect(tree.data[0]!.periods.map((p) => p.playable)).toEqual([true, false]);
    await t.database.db
      .insert(schema.coursePurchases)
      .values({ eid: a.eid, courseId: course.id, accountId: learner.accountId });
    expect(
      (await t.call(watchStudyResource, { courseId: course.id, periodId: periods[1]!.id }, { as: learner })).code,
    ).toBe(200);
  });
});

describe('tenancy', () => {
  it('a learner of A cannot read, play, report on, like or comment on a course of B', async () => {
    const learner = await t.learner(a);
    const theirs = await createStudyCourse(t.database.db, b.eid, { videos: [10], imageTextSeconds: 5 });
    const courseId = theirs.course.id;
    const periodId = theirs.periods[0]!.id;
    const calls = [
      await t.call(viewCourse, { courseId }, { as: learner }),
      await t.call(findCoursePeriods, { courseId }, { as: learner }),
      await t.call(watchStudyResource, { courseId, periodId }, { as: learner }),
      await t.call(updateStudyProgress, { courseId, periodId, playerId: 'x', position: 1, event: 1 }, { as: learner }),
      await t.call(viewImageText, { courseId, periodId: theirs.periods[1]!.id }, { as: learner }),
      await t.call(admireCourse, { courseId }, { as: learner }),
      await t.call(saveCourseMark, { courseId, marked: true }, { as: learner }),
      await t.call(saveCourseComment, { courseId, content: '越权', rating: 5 }, { as: learner }),
      await t.call(findCourseComments, { courseId }, { as: learner }),
    ];
    expect(calls.map((r) => r.code)).toEqual(calls.map(() => ErrorCode.NOT_FOUND));
    // A's own course with B's period id is not a way in either.
    const mine = await createStudyCourse(t.database.db, a.eid, { videos: [10] });
    expect((await t.call(watchStudyResource, { courseId: mine.course.id, periodId }, { as: learner })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const rows = await t.database.db
      .select()
      .from(schema.courseComments)
      .where(sql`course_id = ${courseId}`);
    expect(rows).toHaveLength(0);
    const list = await t.call(findCoursesAuth, { keyword: theirs.course.title }, { as: learner });
    expect(list.data.totalCount).toBe(0);
  });
});

describe('the resource library', () => {
  it('previews a video by materialId (visitors where visitor mode is on) and gives a document link', async () => {
    const db = t.database.db;
    const [video] = await db
      .insert(schema.resourceMaterials)
      .values({ eid: a.eid, kind: 1, title: '片头', vodPlatform: 4, url: '/demo/media/intro.mp4', durationSeconds: 12 })
      .returning();
    const [pending] = await db
      .insert(schema.resourceMaterials)
      .values({ eid: a.eid, kind: 1, title: '未转码', vodPlatform: 4, url: '/demo/media/x.mp4', durationSeconds: null })
      .returning();
    const [doc] = await db
      .insert(schema.resourceMaterials)
      .values({ eid: a.eid, kind: 2, title: '讲义', fileName: '讲义.pdf', url: '/demo/media/handout.pdf' })
      .returning();
    const visitor = visitorOf(a);
    const res = await t.call(previewVod, { materialId: video!.id }, { as: visitor });
    expect(res.data).toMatchObject({ vodPlatform: 4, duration: 12, vodPlayUrl: '/demo/media/intro.mp4' });
    expect((await t.call(previewVod, { materialId: pending!.id }, { as: visitor })).data.duration).toBeNull();
    expect((await t.call(downloadDoc, { materialId: doc!.id }, { as: visitor })).data).toEqual({
      url: '/demo/media/handout.pdf',
      fileName: '讲义.pdf',
    });
    expect((await t.call(previewVod, { materialId: doc!.id }, { as: visitor })).code).toBe(ErrorCode.NOT_FOUND);
    // Another enterprise's material is unknown.
    expect((await t.call(previewVod, { materialId: video!.id }, { as: visitorOf(b) })).code).not.toBe(200);
  });
});
