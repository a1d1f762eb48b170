import { localePath, type Lang } from '../../lib/navigation.ts';

const INT32_MAX = 2147483647;

/** An id of the address (`?id=`, `?attemptId=`): digits, 1 to 2 147 483 647; else null. */
export function positiveParam(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= INT32_MAX ? n : null;
}

/** The study task item an exam was opened from (the task player), kept to come back to it. */
export interface FromTask {
  taskId: number;
  itemId: number;
}

/** The study task item of an exam page's address (`&taskId=&itemId=`), or null. */
export function fromTaskOf(params: URLSearchParams): FromTask | null {
  const taskId = positiveParam(params.get('taskId'));
  const itemId = positiveParam(params.get('itemId'));
  return taskId !== null && itemId !== null ? { taskId, itemId } : null;
}

/**
 * The exam pages: info and detail take the task (`id`), examQuestion and examSuccess the attempt.
 * An exam opened from a study task keeps the task's item in the address through info, the
 * attempt and its result, which then leads back to the task player.
 */
export function examPagePath(
  page: 'info' | 'detail' | 'examQuestion' | 'examSuccess',
  lang: Lang,
  ids: { id?: number; attemptId?: number; fromTask?: FromTask | null },
): string {
  const q = ids.id !== undefined ? `id=${ids.id}` : `attemptId=${ids.attemptId}`;
  const from = ids.fromTask ? `&taskId=${ids.fromTask.taskId}&itemId=${ids.fromTask.itemId}` : '';
  return `${localePath(`/account/exam/${page}`, lang)}?${q}${from}`;
}

/** The training records' exam list (/account?change=2). */
export const examListPath = (lang: Lang) => `${localePath('/account', lang)}?change=2`;

/** My records' certificates tab (/account?change=3&recordType=2). */
export const certificatesPath = (lang: Lang) => `${localePath('/account', lang)}?change=3&recordType=2`;
