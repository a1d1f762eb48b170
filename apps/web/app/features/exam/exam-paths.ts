import { localePath, type Lang } from '../../lib/navigation.ts';

const INT32_MAX = 2147483647;

/** An id of the address (`?id=`, `?attemptId=`): digits, 1 to 2 147 483 647; else null. */
export function positiveParam(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= INT32_MAX ? n : null;
}

/** The exam pages: info and detail take the task (`id`), examQuestion and examSuccess the attempt. */
export function examPagePath(
  page: 'info' | 'detail' | 'examQuestion' | 'examSuccess',
  lang: Lang,
  ids: { id?: number; attemptId?: number },
): string {
  const q = ids.id !== undefined ? `id=${ids.id}` : `attemptId=${ids.attemptId}`;
  return `${localePath(`/account/exam/${page}`, lang)}?${q}`;
}

/** The training records' exam list (/account?change=2). */
export const examListPath = (lang: Lang) => `${localePath('/account', lang)}?change=2`;

/** My records' certificates tab (/account?change=3&recordType=2). */
export const certificatesPath = (lang: Lang) => `${localePath('/account', lang)}?change=3&recordType=2`;
