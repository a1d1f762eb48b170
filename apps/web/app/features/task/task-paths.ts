import { localePath, type Lang } from '../../lib/navigation.ts';

/** The task page (/account/task/info?id=). */
export const taskInfoPath = (lang: Lang, taskId: number) => `${localePath('/account/task/info', lang)}?id=${taskId}`;

/** The task player (/watch/task?id=&itemId=), at one item or where the learner is. */
export const taskPlayerPath = (lang: Lang, taskId: number, itemId?: number) =>
  `${localePath('/watch/task', lang)}?id=${taskId}${itemId !== undefined ? `&itemId=${itemId}` : ''}`;

/** A course item opened from the task player: the course player keeps the task to come back to. */
export const taskCoursePath = (lang: Lang, courseId: number, taskId: number, itemId: number) =>
  `${localePath('/watch/course', lang)}?id=${courseId}&taskId=${taskId}&itemId=${itemId}`;

/** The training records' sections of tasks, task records and projects (/account?change=2&section=). */
export const trainingSectionPath = (lang: Lang, section: 'task' | 'record' | 'project') =>
  `${localePath('/account', lang)}?change=2&section=${section}`;

/** A study project's page (/knowledge/project/info?id=). */
export const projectInfoPath = (lang: Lang, projectId: number) =>
  `${localePath('/knowledge/project/info', lang)}?id=${projectId}`;

/** My check-ins (/account?change=9). */
export const checkInsPath = (lang: Lang) => `${localePath('/account', lang)}?change=9`;
