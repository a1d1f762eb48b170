import { data, type LoaderFunctionArgs } from 'react-router';
import { viewStudyTask } from '@portal/contract/calls/task';
import { ErrorCode } from '@portal/contract/errors';
import { pathLang } from '../../lib/navigation.ts';
import { callGateway, siteOf } from '../../lib/site.server.ts';
import { positiveParam } from '../exam/exam-paths.ts';

/**
 * One assigned task of the learner with its items and their standing (`?id=`), for the loaders of
 * /account/task/info and /watch/task; null for a visitor (the root's guard sends them to sign in).
 * A task not assigned to the learner is this page's 404, as the server answers it.
 */
export async function loadStudyTask({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>) {
  const url = new URL(request.url);
  const missing = () =>
    data({ message: pathLang(url.pathname) === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  const taskId = positiveParam(url.searchParams.get('id'));
  if (!site || taskId === null) throw missing();
  if (!site.signedIn) return null;
  const task = await callGateway(request, context, site, viewStudyTask, { taskId });
  if (task.code === 404 || task.code === ErrorCode.STUDY_TASK_NOT_FOUND) throw missing();
  if (task.code !== 200) throw data({ message: task.message }, { status: task.code === 429 ? 429 : 503 });
  return { task: task.data, itemId: positiveParam(url.searchParams.get('itemId')) };
}
