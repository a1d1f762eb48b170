import { data, type LoaderFunctionArgs } from 'react-router';
import { viewExamTaskRecord } from '@portal/contract/calls/exam';
import { pathLang } from '../../lib/navigation.ts';
import { callGateway, siteOf } from '../../lib/site.server.ts';
import { positiveParam } from './exam-paths.ts';

/**
 * One exam task of the learner with their standing and attempts (`?id=`), for the loaders of
 * /account/exam/info and /account/exam/detail; null for a visitor (the root's guard sends them to
 * sign in).
 */
export async function loadExamTask({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>) {
  const url = new URL(request.url);
  const missing = () =>
    data({ message: pathLang(url.pathname) === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  const taskId = positiveParam(url.searchParams.get('id'));
  if (!site || taskId === null) throw missing();
  if (!site.signedIn) return null;
  const task = await callGateway(request, context, site, viewExamTaskRecord, { taskId });
  if (task.code === 404) throw missing();
  if (task.code !== 200) throw data({ message: task.message }, { status: task.code === 429 ? 429 : 503 });
  return { task: task.data };
}
