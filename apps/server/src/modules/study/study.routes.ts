import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { PolyvVodProvider } from '../../platform/providers/vod.ts';
import { courseProgressExport } from './progress-export.ts';
import { ProgressRepository } from './progress.repository.ts';
import { learnerOf } from '../../platform/learner.ts';
import { StudyRepository } from './study.repository.ts';
import { StudyService } from './study.service.ts';

/**
 * Studying courses (issue 12, decision 026): the course page's calls, the player's (open a period,
 * report progress, image-text, transcript, settings), my study, the earning ledger and the
 * resource library's preview and document download (visitor-mode calls, for rich content).
 * Comments and exports are limited per address like the other writing calls; the course progress
 * export is made by the export job (decision 027).
 */
export default defineModule({
  name: 'study',
  register(gateway, platform) {
    const s = new StudyService({
      repo: new StudyRepository(platform.db),
      progress: new ProgressRepository(platform.db, platform.database.tenantPool),
      site: platform.site,
      vod: new PolyvVodProvider(platform.db),
      rulesTtlMs: platform.config.SITE_CACHE_TTL_MS,
    });
    // Every process forgets a course's cached rules when the database announces its change (an
    // unpublished course stops playing at once, issue 19 item 10).
    void platform.database.changes.subscribe({
      change: (c) => {
        if (c.table === 'courses' || c.table === 'course_periods') s.forgetCourse(c);
      },
      gap: () => s.forgetCourse(),
    });
    const limited = { perMinute: platform.perMinute };
    const progressExport = platform.exports.define('course-progress', courseProgressExport(s));
    gateway.call(calls.viewCourse, (q, ctx) => s.viewCourse(learnerOf(ctx.session), q.courseId, ctx.lang));
    gateway.call(calls.findCoursePeriods, (q, ctx) => s.findCoursePeriods(learnerOf(ctx.session), q.courseId));
    gateway.call(calls.viewCourseConfig, (q, ctx) => s.viewCourseConfig(ctx.eid, q.courseId));
    gateway.call(calls.admireCourse, (q, ctx) => s.admireCourse(learnerOf(ctx.session), q.courseId));
    gateway.call(calls.viewCourseMark, (q, ctx) => s.viewCourseMark(learnerOf(ctx.session), q.courseId));
    gateway.call(calls.saveCourseMark, (q, ctx) => s.saveCourseMark(learnerOf(ctx.session), q.courseId, q.marked));
    gateway.call(calls.findCourseComments, (q, ctx) => s.findCourseComments(learnerOf(ctx.session), q));
    gateway.call(calls.saveCourseComment, (q, ctx) => s.saveCourseComment(learnerOf(ctx.session), q), limited);
    gateway.call(calls.deleteCourseComment, (q, ctx) => s.deleteCourseComment(learnerOf(ctx.session), q.id));
    gateway.call(calls.watchStudyResource, (q, ctx) =>
      s.watchStudyResource(learnerOf(ctx.session), q.courseId, q.periodId),
    );
    gateway.call(calls.updateStudyProgress, (q, ctx) => s.updateStudyProgress(learnerOf(ctx.session), q));
    gateway.call(calls.viewImageText, (q, ctx) => s.viewImageText(learnerOf(ctx.session), q.courseId, q.periodId));
    gateway.call(calls.viewTranscript, (q, ctx) => s.viewTranscript(learnerOf(ctx.session), q.courseId, q.periodId));
    gateway.call(calls.findCourseProgress, (q, ctx) => s.findCourseProgress(learnerOf(ctx.session), q));
    gateway.call(
      calls.exportCourseProgress,
      (q, ctx) =>
        progressExport.start({
          eid: ctx.eid,
          accountId: ctx.session.accountId,
          lang: ctx.lang,
          params: { status: q.status, ...(q.keyword ? { keyword: q.keyword } : {}) },
        }),
      limited,
    );
    gateway.call(calls.findStudyDynamics, (q, ctx) => s.findStudyDynamics(ctx.eid, q));
    gateway.call(calls.findEarnings, (q, ctx) => s.findEarnings(learnerOf(ctx.session), q));
    gateway.call(calls.previewVod, (q, ctx) =>
      s.previewVod(ctx.eid, q.materialId, ctx.session ? learnerOf(ctx.session) : null),
    );
    gateway.call(calls.downloadDoc, (q, ctx) => s.downloadDoc(ctx.eid, q.materialId));
  },
});
