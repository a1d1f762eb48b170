import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { CourseRules } from './study.repository.ts';
import type { Learner } from '../../platform/learner.ts';

/**
 * Who may do what with courses (decision 026), in one place:
 * - a learner studies, likes, marks and comments on the published courses of their session's
 *   enterprise; another enterprise's course, an unpublished or a missing one is unknown (404);
 * - a priced course plays only when bought, except its free-trial periods (8001);
 * - a learner deletes only their own comments (5401).
 */
export function requireCourse(course: CourseRules | null): CourseRules {
  if (!course) throw new AppError(ErrorCode.NOT_FOUND);
  return course;
}

export function authorizePlay(bought: boolean, period: { freeTrial: boolean }): void {
  if (!bought && !period.freeTrial) throw new AppError(ErrorCode.COURSE_NOT_BOUGHT);
}

export function authorizeCommentDelete(who: Learner, row: { accountId: number } | null): void {
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  if (row.accountId !== who.accountId) throw new AppError(ErrorCode.COMMENT_NOT_OWN);
}
