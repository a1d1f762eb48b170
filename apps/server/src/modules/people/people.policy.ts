import type { ErrorCodeValue } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * What an administrator may not do to themselves (decision 037): disable their own account,
 * remove their own administrator role (an enterprise would be left with nobody to undo it), or
 * reset their own password here (the account page does that, with the old password).
 */
export function refuseSelf(caller: { accountId: number }, accountId: number, code: ErrorCodeValue): void {
  if (caller.accountId === accountId) throw new AppError(code);
}
