import { ErrorCode, ExportStatus } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';

/** Whose records: the session's enterprise and account. */
export interface Owner {
  eid: number;
  accountId: number;
}

/**
 * Who may do what with export records (decision 015), in one place: a learner lists, deletes and
 * downloads only their own records (the repository's queries are bound to the owner); another
 * person's or enterprise's record is as unknown as a missing one (404); only a finished export is
 * downloaded (4201 still processing, 4202 failed).
 */
export const ownerOf = (session: Session): Owner => ({ eid: session.eid, accountId: session.accountId });

export function authorizeDownload<T extends { exportStatus: number }>(mine: T | null): T {
  if (!mine) throw new AppError(ErrorCode.NOT_FOUND);
  if (mine.exportStatus === ExportStatus.PROCESSING) throw new AppError(ErrorCode.EXPORT_PROCESSING);
  if (mine.exportStatus !== ExportStatus.DONE) throw new AppError(ErrorCode.EXPORT_FAILED);
  return mine;
}
