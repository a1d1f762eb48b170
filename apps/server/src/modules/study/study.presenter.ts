import {
  VodPlatform,
  liveScheduleAt,
  type CourseComment,
  type CoursePeriod,
  type CourseProgress,
  type EarningRecord,
  type MyCourse,
  type VideoMaterial,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { VodProvider } from '../../platform/providers/vod.ts';
import { ErrorCode } from '@portal/contract';
import type { CourseCount } from './progress.repository.ts';
import type { PeriodRow } from './study.repository.ts';
import type { Learner } from '../../platform/learner.ts';

/** Credit is kept in tenths (exact); calls answer hours or credits with one decimal. */
export const tenthsToHours = (tenths: number) => tenths / 10;

/** The learner's progress in a course from their course row (null before they start). */
export function presentCourseProgress(
  row: (Partial<CourseCount> & { completedPeriods: number }) | null,
  requiredPeriods: number,
): CourseProgress {
  const done = row?.completedPeriods ?? 0;
  return {
    percent: requiredPeriods === 0 ? 0 : Math.min(100, Math.floor((done * 100) / requiredPeriods)),
    completedPeriods: done,
    requiredPeriods,
    started: row !== null,
    completed: Boolean(row?.completedAt),
    completedAt: row?.completedAt?.toISOString() ?? null,
    lastPeriodId: row?.lastPeriodId ?? null,
    lastStudiedAt: row?.lastStudiedAt?.toISOString() ?? null,
  };
}

export function presentPeriod(p: PeriodRow, bought: boolean): CoursePeriod {
  const lengthMs = Math.max(1, p.durationSeconds * 1000);
  const completed = p.completedAt !== null;
  const credited = p.creditedMs ?? 0;
  return {
    id: p.id,
    chapterId: p.chapterId,
    title: p.title,
    periodType: p.periodType,
    durationSeconds: p.durationSeconds,
    freeTrial: p.freeTrial,
    required: p.required,
    playable: bought || p.freeTrial,
    hasTranscript: p.hasTranscript,
    creditedSeconds: credited / 1000,
    furthestSeconds: (p.furthestMs ?? 0) / 1000,
    positionSeconds: (p.positionMs ?? 0) / 1000,
    percent: completed ? 100 : Math.min(99, Math.floor((credited * 100) / lengthMs)),
    completed,
    live: presentLiveOfPeriod(p),
  };
}

/** A live lesson's room as its period shows it, by the database's clock of the read. */
function presentLiveOfPeriod(p: PeriodRow): CoursePeriod['live'] {
  if (p.liveRoomId === null || !p.liveStartsAt || !p.liveEndsAt) return null;
  const at = liveScheduleAt(
    { startsAt: p.liveStartsAt, endsAt: p.liveEndsAt, looped: Boolean(p.liveLooped), hasRecording: p.liveHasRecording },
    new Date(p.now),
  );
  return {
    roomId: p.liveRoomId,
    state: at.state,
    startsAt: at.startsAt.toISOString(),
    endsAt: at.endsAt.toISOString(),
  };
}

const nameOf = (realName: string | null, userName: string | null) => realName || userName || '';

export const presentComment = (
  r: {
    id: number;
    accountId: number;
    content: string;
    ratingHalves: number;
    createdAt: Date;
    realName: string;
    userName: string;
    headPortrait: string;
  },
  me: number,
): CourseComment => ({
  id: r.id,
  content: r.content,
  rating: r.ratingHalves / 2,
  userName: nameOf(r.realName, r.userName),
  headPortrait: r.headPortrait,
  gmtCreate: r.createdAt.toISOString(),
  mine: r.accountId === me,
});

export const presentMyCourse = (r: {
  courseId: number;
  title: string;
  coverUrl: string;
  lecturerName: string | null;
  creditTenths: number;
  points: number;
  progressPercent: number | null;
  completedPeriods: number | null;
  requiredPeriods: number;
  studiedMs: number | null;
  startedAt: Date | null;
  lastStudiedAt: Date | null;
  completedAt: Date | null;
  lastPeriodId: number | null;
}): MyCourse => ({
  courseId: r.courseId,
  title: r.title,
  coverUrl: r.coverUrl,
  lecturerName: r.lecturerName ?? '',
  percent: r.progressPercent ?? 0,
  completedPeriods: r.completedPeriods ?? 0,
  requiredPeriods: r.requiredPeriods,
  studiedSeconds: Math.floor((r.studiedMs ?? 0) / 1000),
  startedAt: r.startedAt?.toISOString() ?? null,
  lastStudiedAt: r.lastStudiedAt?.toISOString() ?? null,
  completedAt: r.completedAt?.toISOString() ?? null,
  lastPeriodId: r.lastPeriodId,
  creditHour: tenthsToHours(r.creditTenths),
  points: r.points,
});

export const presentEarning = (r: {
  id: number;
  sourceType: number;
  sourceId: number;
  title: string;
  points: number;
  creditTenths: number;
  createdAt: Date;
}): EarningRecord => ({
  id: r.id,
  sourceType: r.sourceType,
  sourceId: r.sourceId,
  title: r.title,
  points: r.points,
  creditHour: tenthsToHours(r.creditTenths),
  gmtCreate: r.createdAt.toISOString(),
});

/**
 * A library video as the player plays it (account-area.md section 3): platform 1 signed by the
 * enterprise's Polyv settings; a platform-1 video of an enterprise without them, and platform 4,
 * play their direct URL. The viewer code is the learner's account id.
 */
export async function presentVideo(
  vod: VodProvider,
  who: Learner,
  m: { vodPlatform: number | null; url: string; vid: string; durationSeconds: number | null },
): Promise<VideoMaterial> {
  const base = {
    duration: m.durationSeconds,
    token: '',
    ts: '',
    sign: '',
    vid: '',
    code: who.accountId ? String(who.accountId) : '',
    vodPlayUrl: '',
  };
  if (m.vodPlatform === VodPlatform.POLYV && m.vid) {
    const signed = await vod.signPolyv(who, m.vid);
    if (signed) return { ...base, vodPlatform: VodPlatform.POLYV, vid: m.vid, ...signed };
  }
  if (!m.url) throw new AppError(ErrorCode.VIDEO_NOT_READY);
  return { ...base, vodPlatform: VodPlatform.DIRECT, vodPlayUrl: m.url };
}
