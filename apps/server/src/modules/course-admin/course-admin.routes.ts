import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { uploadServiceOf } from '../upload/index.ts';
import { CourseAdminRepository } from './course-admin.repository.ts';
import { CourseAdminService } from './course-admin.service.ts';

/** Courses, chapters and periods in the back office (decision 039): admin calls, every write audited. */
export default defineModule({
  name: 'course-admin',
  register(gateway, platform) {
    const s = new CourseAdminService(
      new CourseAdminRepository(platform.db),
      uploadServiceOf(platform),
      platform.database.changes,
    );
    gateway.call(calls.findAdminCourses, (q, ctx) => s.findCourses(ctx.eid, q));
    gateway.call(calls.viewAdminCourse, (q, ctx) => s.viewCourse(ctx.eid, q.courseId));
    gateway.call(calls.saveAdminCourse, (q, ctx) => s.saveCourse(ctx, q));
    gateway.call(calls.publishAdminCourse, (q, ctx) => s.publishCourse(ctx, q.courseId, q.published));
    gateway.call(calls.deleteAdminCourse, (q, ctx) => s.deleteCourse(ctx, q.courseId));
    gateway.call(calls.saveAdminChapter, (q, ctx) => s.saveChapter(ctx, q));
    gateway.call(calls.deleteAdminChapter, (q, ctx) => s.deleteChapter(ctx, q.courseId, q.chapterId));
    gateway.call(calls.saveAdminPeriod, (q, ctx) => s.savePeriod(ctx, q));
    gateway.call(calls.deleteAdminPeriod, (q, ctx) => s.deletePeriod(ctx, q.courseId, q.periodId));
    gateway.call(calls.reorderAdminCourse, (q, ctx) => s.reorder(ctx, q));
  },
});
