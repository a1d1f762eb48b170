import { localePath, type Lang } from '../../../lib/navigation.ts';

/**
 * After a password or phone change every session has ended: a full load of /login (account-area.md
 * section 4, "forces re-login and a page reload"), a moment after the success message shows.
 */
export function signInAgain(lang: Lang): void {
  setTimeout(() => window.location.assign(localePath('/login', lang)), 1200);
}
