import {
  DEFAULT_READ_SECONDS,
  EarningSource,
  ErrorCode,
  PeriodType,
  PROGRESS_REPORT_SECONDS,
  ProgressEvent,
  maskPhone,
  pageOffset,
  toPage,
  type CourseChapter,
  type CourseConfig,
  type CourseProgress,
  type Lang,
  type PeriodPlay,
} from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { VodProvider } from '../../platform/providers/vod.ts';
import { earnOnce } from '../earning/index.ts';
import type { SiteService } from '../site/index.ts';
import { authorizeCommentDelete, authorizePlay, requireCourse } from './study.policy.ts';
import {
  presentComment,
  presentCourseProgress,
  presentEarning,
  presentMyCourse,
  presentPeriod,
  presentVideo,
  tenthsToHours,
} from './study.presenter.ts';
import type { ProgressRepository } from './progress.repository.ts';
import { decideReport, resumeAt } from './progress.rules.ts';
import type { CourseRules, StudyRepository } from './study.repository.ts';
import type { Learner } from '../../platform/learner.ts';

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first presented.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/** Speeds the player offers, up to the course's fastest. */
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

export interface StudyDeps {
  repo: StudyRepository;
  progress: ProgressRepository;
  site: SiteService;
  vod: VodProvider;
  /**
   * How long a course's rules and a period's kind and length are kept for reports at most; a change
   * the database announces forgets them at once (`forgetCourse`).
   */
  rulesTtlMs: number;
}

/**
 * Studying courses (issue 12, decision 026): the course page, periods, playing and the progress
 * the server keeps, completion and its award, admire, marks, comments, my study, the ledger and
 * the resource library's preview. Every read and write is by the session's enterprise.
 */
export class StudyService {
  /** Course rules and period facts change rarely; reports read them on every call. */
  private readonly rules: TtlCache<{ v: CourseRules | null }>;
  private readonly periods: TtlCache<{
    v: { periodType: number; durationSeconds: number; freeTrial: boolean } | null;
  }>;

  constructor(private readonly d: StudyDeps) {
    this.rules = new TtlCache({ max: 5000, ttlMs: d.rulesTtlMs });
    this.periods = new TtlCache({ max: 20000, ttlMs: d.rulesTtlMs });
  }

  /**
   * Forgets a course's rules and its periods' facts (the database announced a change of the course
   * or one of its periods, decision 026); without arguments, every course's (changes may have been
   * missed while the announcements' connection was down).
   */
  forgetCourse(change?: { eid: number; id: number }): void {
    if (!change) {
      this.rules.forget();
      this.periods.forget();
      return;
    }
    const prefix = `${change.eid}:${change.id}`;
    this.rules.forget((key) => key === prefix);
    this.periods.forget((key) => key.startsWith(`${prefix}:`));
  }

  private courseRules(eid: number, courseId: number) {
    return this.rules
      .get(`${eid}:${courseId}`, async () => ({ v: await this.d.repo.viewCourseRules(eid, courseId) }))
      .then((x) => x.v);
  }

  private async commentsOpen(eid: number, course: { commentsOpen: boolean }) {
    return course.commentsOpen && (await this.d.site.viewWebsite(eid)).showUserCommentOpenSet;
  }

  async viewCourse(who: Learner, courseId: number, lang: Lang) {
    const row = await this.d.repo.viewCourse(who.eid, courseId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const [state, learner, periods, commentsOpen] = await Promise.all([
      this.d.repo.viewCourseState(who, courseId),
      this.d.repo.viewCourseLearner(who, courseId),
      this.d.repo.findPeriods(who, courseId),
      this.commentsOpen(who.eid, row),
    ]);
    const required = periods.filter((p) => p.required).length;
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      intro: await sanitize(row.intro),
      coverUrl: row.coverUrl,
      categoryId: row.categoryId,
      categoryName: (lang === 'en' && row.categoryNameEn) || row.categoryName || '',
      lecturers:
        row.lecturerId === null
          ? []
          : [
              {
                id: row.lecturerId,
                name: row.lecturerName ?? '',
                title: row.lecturerTitle ?? '',
                avatarUrl: row.lecturerAvatar ?? '',
              },
            ],
      learnerCount: row.learnerCount,
      price: row.priceFen / 100,
      bought: row.priceFen === 0 || state.bought,
      creditHour: tenthsToHours(row.creditTenths),
      points: row.points,
      periodCount: periods.length,
      totalSeconds: periods.filter((p) => p.periodType === PeriodType.VIDEO).reduce((n, p) => n + p.durationSeconds, 0),
      admired: state.admired,
      admireCount: state.admireCount,
      marked: state.markedAt !== null,
      commentCount: commentsOpen ? state.commentCount : 0,
      averageRating: commentsOpen && state.averageHalves !== null ? Math.round(state.averageHalves * 5) / 10 : null,
      commentsOpen,
      progress: presentCourseProgress(learner, required),
    };
  }

  async findCoursePeriods(who: Learner, courseId: number): Promise<CourseChapter[]> {
    const course = requireCourse(await this.courseRules(who.eid, courseId));
    const [chapters, periods, state] = await Promise.all([
      this.d.repo.findChapters(who.eid, courseId),
      this.d.repo.findPeriods(who, courseId),
      course.priceFen > 0 ? this.d.repo.viewCourseState(who, courseId) : Promise.resolve({ bought: true }),
    ]);
    const bought = course.priceFen === 0 || state.bought;
    return chapters.map((ch) => ({
      id: ch.id,
      title: ch.title,
      periods: periods.filter((p) => p.chapterId === ch.id).map((p) => presentPeriod(p, bought)),
    }));
  }

  async viewCourseConfig(eid: number, courseId: number): Promise<CourseConfig> {
    const course = requireCourse(await this.courseRules(eid, courseId));
    const maxSpeed = course.maxSpeedTenths / 10;
    return {
      speeds: SPEEDS.filter((s) => s <= maxSpeed),
      maxSpeed,
      completionPercent: course.completionPercent,
      minPeriodSeconds: course.minPeriodSeconds,
      reportSeconds: PROGRESS_REPORT_SECONDS,
      seekFreeAfterComplete: true,
      watermark: true,
    };
  }

  /** A period the learner may open: the course published, the period its own, bought or free trial. */
  private async playablePeriod(who: Learner, courseId: number, periodId: number) {
    const course = requireCourse(await this.courseRules(who.eid, courseId));
    const period = await this.d.repo.viewPeriod(who.eid, courseId, periodId);
    // A live lesson is watched and credited in its room (decision 060), never by this player.
    if (!period || period.periodType === PeriodType.LIVE) throw new AppError(ErrorCode.NOT_FOUND);
    const bought = course.priceFen === 0 || (await this.d.repo.viewCourseState(who, courseId)).bought;
    authorizePlay(bought, period);
    return { course, period };
  }

  async watchStudyResource(who: Learner, courseId: number, periodId: number): Promise<PeriodPlay> {
    const { period } = await this.playablePeriod(who, courseId, periodId);
    const material = period.material;
    let video = null;
    if (period.periodType === PeriodType.VIDEO) {
      if (!material || material.durationSeconds === null) throw new AppError(ErrorCode.VIDEO_NOT_READY);
      video = await presentVideo(this.d.vod, who, material);
    }
    const [opened, viewer] = await Promise.all([
      this.d.progress.openPeriod(who, courseId, periodId),
      this.d.repo.viewViewer(who),
    ]);
    const isDocument = period.periodType === PeriodType.DOCUMENT;
    return {
      courseId,
      periodId,
      periodType: period.periodType,
      title: period.title,
      playerId: opened.playerId,
      video,
      documentUrl: isDocument ? (material?.url ?? '') : '',
      documentName: isDocument ? material?.fileName || material?.title || '' : '',
      durationSeconds: period.durationSeconds || (period.periodType === PeriodType.VIDEO ? 0 : DEFAULT_READ_SECONDS),
      positionSeconds: opened.positionMs / 1000,
      resumeSeconds:
        period.periodType === PeriodType.VIDEO ? resumeAt(opened, (period.durationSeconds || 0) * 1000) / 1000 : 0,
      furthestSeconds: opened.furthestMs / 1000,
      creditedSeconds: opened.creditedMs / 1000,
      completed: opened.completed,
      watermark: [viewer?.realName || viewer?.userName || '', viewer ? maskPhone(viewer.phone) : '']
        .filter(Boolean)
        .join(' '),
    };
  }

  private periodFacts(eid: number, courseId: number, periodId: number) {
    return this.periods
      .get(`${eid}:${courseId}:${periodId}`, async () => {
        const p = await this.d.repo.viewPeriod(eid, courseId, periodId);
        return { v: p && { periodType: p.periodType, durationSeconds: p.durationSeconds, freeTrial: p.freeTrial } };
      })
      .then((x) => x.v);
  }

  async updateStudyProgress(
    who: Learner,
    q: { courseId: number; periodId: number; playerId: string; position: number; event: number },
  ) {
    const course = requireCourse(await this.courseRules(who.eid, q.courseId));
    const period = await this.periodFacts(who.eid, q.courseId, q.periodId);
    if (!period || period.periodType === PeriodType.LIVE) throw new AppError(ErrorCode.NOT_FOUND);
    const result = await this.d.progress.report(
      who,
      q.courseId,
      q.periodId,
      { touchesCourse: q.event !== ProgressEvent.TICK, playerId: q.playerId },
      (state) => decideReport(state, q, period, course),
      async (tx) => {
        // earnOnce forgets the learner's cached user info (the header's hours) after the commit.
        const earned = await earnOnce(tx, who, {
          source: { type: EarningSource.COURSE, id: course.id, title: course.title },
          hoursTenths: course.creditTenths,
          points: course.points,
        });
        return earned.ledger ? { points: course.points, creditTenths: course.creditTenths } : null;
      },
    );
    // Never opened (or the course row is gone): the player must open the period first.
    if (!result) throw new AppError(ErrorCode.STUDY_ELSEWHERE);
    const { change } = result;
    const lengthMs = Math.max(1, (period.durationSeconds || DEFAULT_READ_SECONDS) * 1000);
    return {
      positionSeconds: change.positionMs / 1000,
      furthestSeconds: change.furthestMs / 1000,
      creditedSeconds: change.creditedMs / 1000,
      percent: change.complete ? 100 : Math.min(99, Math.floor((change.creditedMs * 100) / lengthMs)),
      completed: change.complete,
      course: result.course && presentCourseProgress(result.course, result.course.requiredPeriods),
      earned: result.earned
        ? { creditHour: tenthsToHours(result.earned.creditTenths), points: result.earned.points }
        : null,
    };
  }

  async viewImageText(who: Learner, courseId: number, periodId: number) {
    const { period } = await this.playablePeriod(who, courseId, periodId);
    if (period.periodType !== PeriodType.IMAGE_TEXT) throw new AppError(ErrorCode.NOT_FOUND);
    return { id: period.id, title: period.title, content: await sanitize(period.content) };
  }

  async viewTranscript(who: Learner, courseId: number, periodId: number) {
    const { period } = await this.playablePeriod(who, courseId, periodId);
    return period.transcript ?? [];
  }

  async admireCourse(who: Learner, courseId: number) {
    requireCourse(await this.courseRules(who.eid, courseId));
    return this.d.repo.admireCourse(who, courseId);
  }

  async viewCourseMark(who: Learner, courseId: number) {
    requireCourse(await this.courseRules(who.eid, courseId));
    const { markedAt } = await this.d.repo.viewCourseState(who, courseId);
    return { marked: markedAt !== null, markedAt: markedAt?.toISOString() ?? null };
  }

  async saveCourseMark(who: Learner, courseId: number, marked: boolean) {
    requireCourse(await this.courseRules(who.eid, courseId));
    const at = await this.d.repo.saveCourseMark(who, courseId, marked);
    return { marked: at !== null, markedAt: at?.toISOString() ?? null };
  }

  async findCourseComments(who: Learner, q: Paging & { courseId: number }) {
    const course = requireCourse(await this.courseRules(who.eid, q.courseId));
    if (!(await this.commentsOpen(who.eid, course))) return toPage([], 0, q.pageCurrent, q.pageSize);
    const { rows, total } = await this.d.repo.findComments(
      who.eid,
      q.courseId,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(
      rows.map((r) => presentComment(r, who.accountId)),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async saveCourseComment(who: Learner, q: { courseId: number; content: string; rating: number }) {
    const course = requireCourse(await this.courseRules(who.eid, q.courseId));
    if (!(await this.commentsOpen(who.eid, course))) throw new AppError(ErrorCode.COURSE_COMMENTS_CLOSED);
    const row = await this.d.repo.saveComment(who, q.courseId, q.content, Math.round(q.rating * 2));
    return presentComment(row, who.accountId);
  }

  async deleteCourseComment(who: Learner, id: number): Promise<null> {
    authorizeCommentDelete(who, await this.d.repo.viewComment(who.eid, id));
    await this.d.repo.deleteComment(who, id);
    return null;
  }

  async findCourseProgress(who: Learner, q: Paging & { status: number; keyword?: string | undefined }) {
    const { rows, total } = await this.d.repo.findMyCourses(who, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(rows.map(presentMyCourse), total, q.pageCurrent, q.pageSize);
  }

  /** Every course of the learner's filter, for the export (the job pages through them itself). */
  async *allCourseProgress(who: Learner, q: { status: number; keyword?: string | undefined }) {
    const size = 500;
    for (let offset = 0; ; offset += size) {
      const { rows } = await this.d.repo.findMyCourses(who, q, offset, size);
      for (const row of rows) yield presentMyCourse(row);
      if (rows.length < size) return;
    }
  }

  async findStudyDynamics(eid: number, q: Paging) {
    const { rows, total } = await this.d.repo.findStudyDynamics(eid, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(
      rows.map((r) => ({
        userName: r.real_name || r.user_name,
        headPortrait: r.head_portrait,
        courseId: r.course_id,
        courseTitle: r.course_title,
        action: r.action,
        gmtCreate: new Date(r.at).toISOString(),
      })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async findEarnings(who: Learner, q: Paging) {
    const { rows, total, points, creditTenths } = await this.d.repo.findEarnings(
      who,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return {
      ...toPage(rows.map(presentEarning), total, q.pageCurrent, q.pageSize),
      totalPoints: points,
      totalCreditHour: tenthsToHours(creditTenths),
    };
  }

  async previewVod(eid: number, materialId: number, viewer: Learner | null) {
    const material = await this.d.repo.viewMaterial(eid, materialId);
    if (!material || material.kind === 2) throw new AppError(ErrorCode.NOT_FOUND);
    return presentVideo(this.d.vod, viewer ?? { eid, accountId: 0 }, material);
  }

  async downloadDoc(eid: number, materialId: number) {
    const material = await this.d.repo.viewMaterial(eid, materialId);
    if (!material || material.kind !== 2 || !material.url) throw new AppError(ErrorCode.NOT_FOUND);
    return { url: material.url, fileName: material.fileName || material.title };
  }
}

export type { CourseProgress };
