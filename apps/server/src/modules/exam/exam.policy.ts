import { ErrorCode, SubmitReason, errorText } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';

/**
 * Who may do what with exams (decision 029), in one place:
 * - a learner sees, starts and takes the published exam tasks of their session's enterprise and
 *   only their own attempts: another learner's attempt, another enterprise's task or attempt and a
 *   missing one are all unknown (404), so ids reveal nothing;
 * - a submitted attempt takes no more answers: 7603 when the switch limit submitted it, 7610 past
 *   its deadline, 7605 otherwise;
 * - only the enterprise's administrators mark short answers (the marking calls are of access kind
 *   `admin`: 3403 from the gateway, decision 036), and never their own attempts (7611: no one
 *   marks their own paper).
 */

/** A marker's own attempt is refused (issue 19 item 2): 7611. */
export function requireNotOwnAttempt(session: Session, attempt: { accountId: number }): void {
  if (attempt.accountId === session.accountId) throw new AppError(ErrorCode.EXAM_OWN_ATTEMPT);
}

/** The refusal of a change to a submitted attempt. */
export function submittedRefusal(submitReason: number | null, overdue: boolean): AppError {
  if (submitReason === SubmitReason.SCREEN_SWITCH) return new AppError(ErrorCode.EXAM_SCREEN_SWITCH_LIMIT);
  if (overdue) return new AppError(ErrorCode.EXAM_TIME_OVER);
  return new AppError(ErrorCode.EXAM_SUBMITTED);
}

/** 7608 with the reason in the user's language. */
export function markRefusal(problem: { zh: string; en: string }, questionId: number | null): AppError {
  return new AppError(ErrorCode.EXAM_MARK_INVALID, {
    message: {
      zh: errorText(ErrorCode.EXAM_MARK_INVALID, 'zh', { reason: problem.zh }),
      en: errorText(ErrorCode.EXAM_MARK_INVALID, 'en', { reason: problem.en }),
    },
    data: { questionId },
  });
}
