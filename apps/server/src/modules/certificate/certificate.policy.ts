import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';

/** Whose certificates: the session's enterprise and account. */
export interface Holder {
  eid: number;
  accountId: number;
}

/**
 * Who may see what of certificates (decision 030), in one place:
 * - a learner lists and downloads only their own certificates of the session's enterprise (the
 *   repository's queries are bound to the holder); another learner's or enterprise's certificate
 *   is as unknown as a missing one (7701);
 * - anyone checks a certificate of the site's own enterprise publicly, by number or by name and ID
 *   number (with a captcha), and sees the holder's name masked, never their ID number;
 * - a download link opens the PDF for 5 minutes, for the certificate and holder it was made for.
 */
export const holderOf = (session: Session): Holder => ({ eid: session.eid, accountId: session.accountId });

export function requireCertificate<T>(row: T | null | undefined): T {
  if (!row) throw new AppError(ErrorCode.CERTIFICATE_NOT_FOUND);
  return row;
}

export function requireFound<T>(rows: T[]): T[] {
  if (rows.length === 0) throw new AppError(ErrorCode.CERTIFICATE_NOT_FOUND);
  return rows;
}
