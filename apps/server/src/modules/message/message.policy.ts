import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';

/** Who is asking: the session's enterprise and account. */
export interface Writer {
  eid: number;
  accountId: number;
}

/**
 * Who may do what with messages (decision 015), in one place: a learner reads and edits only their
 * own messages (the repository's queries are bound to the writer); another person's or another
 * enterprise's message is as unknown as a missing one (404); one the staff have answered stays as
 * answered (4101 on edit).
 */
export const writerOf = (session: Session): Writer => ({ eid: session.eid, accountId: session.accountId });

export function authorizeMessageView<T>(mine: T | null): T {
  if (!mine) throw new AppError(ErrorCode.NOT_FOUND);
  return mine;
}

/** Why an edit changed nothing: the writer's message exists but is answered, or is not theirs. */
export function refuseMessageEdit(mine: unknown | null): never {
  if (mine) throw new AppError(ErrorCode.MESSAGE_REPLIED);
  throw new AppError(ErrorCode.NOT_FOUND);
}
