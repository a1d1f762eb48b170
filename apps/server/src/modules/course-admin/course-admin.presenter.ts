import type { AdminChapter, AdminCourseRow } from '@portal/contract';
import type { CourseEditRow, PeriodRow } from './course-admin.repository.ts';

/** A row of the back office's course list. */
export function presentAdminCourseRow(r: Omit<AdminCourseRow, 'updatedAt'> & { updatedAt: Date }): AdminCourseRow {
  return { ...r, updatedAt: r.updatedAt.toISOString() };
}

/** The course form's fields, with its chapters and their periods in the player's order. */
export function presentAdminCourse(
  course: CourseEditRow,
  tagIds: number[],
  chapters: Array<{ id: number; title: string }>,
  periods: Array<PeriodRow & { materialTitle: string }>,
) {
  return {
    id: course.id,
    title: course.title,
    summary: course.summary,
    coverUrl: course.coverUrl,
    categoryId: course.categoryId,
    lecturerId: course.lecturerId,
    tagIds,
    creditTenths: course.creditTenths,
    points: course.points,
    priceFen: course.priceFen,
    visitorVisible: course.visitorVisible,
    intro: course.intro,
    published: course.published,
    learnerCount: course.learnerCount,
    chapters: chapters.map((chapter): AdminChapter => ({
      id: chapter.id,
      title: chapter.title,
      periods: periods
        .filter((x) => x.chapterId === chapter.id)
        .map((x) => ({
          id: x.id,
          chapterId: x.chapterId,
          title: x.title,
          periodType: x.periodType,
          materialId: x.materialId,
          materialTitle: x.materialTitle,
          content: x.content,
          durationSeconds: x.durationSeconds,
          freeTrial: x.freeTrial,
          required: x.required,
        })),
    })),
  };
}
