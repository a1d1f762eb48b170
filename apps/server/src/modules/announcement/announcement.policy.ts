import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';

/**
 * Who may do what with announcements, comments and replies (decision 014), in one place:
 * - a learner reads and changes only their own records, in their session's enterprise;
 * - comments and replies are written only where the announcement keeps comments open (5402);
 * - a learner deletes only their own comment or reply (5401); a comment asked for as a reply, or
 *   the other way round, or one of another enterprise, is as unknown as a missing one (404).
 */
export function authorizeComment(announcement: { commentOpen: boolean } | null): void {
  if (!announcement) throw new AppError(ErrorCode.NOT_FOUND);
  if (!announcement.commentOpen) throw new AppError(ErrorCode.COMMENTS_CLOSED);
}

export function authorizeCommentDelete(
  learner: Learner,
  row: { accountId: number; parentId: number | null } | null,
  asReply: boolean,
): void {
  if (!row || (row.parentId !== null) !== asReply) throw new AppError(ErrorCode.NOT_FOUND);
  if (row.accountId !== learner.accountId) throw new AppError(ErrorCode.COMMENT_NOT_OWN);
}
