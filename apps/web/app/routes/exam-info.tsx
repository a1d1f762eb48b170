import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { viewExamTaskRecord } from '@portal/contract/calls/exam';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ExamInfo } from '../features/exam/exam-info.tsx';
import { positiveParam } from '../features/exam/exam-paths.ts';
import { pathLang } from '../lib/navigation.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';

/** One exam task of the learner with their standing and attempts (info and detail pages), rendered on the server. */
export async function loadExamTask({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>) {
  const url = new URL(request.url);
  const missing = () =>
    data({ message: pathLang(url.pathname) === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  const taskId = positiveParam(url.searchParams.get('id'));
  if (!site || taskId === null) throw missing();
  // A visitor is sent to sign in by the root's guard.
  if (!site.signedIn) return null;
  const task = await callGateway(request, context, site, viewExamTaskRecord, { taskId });
  if (task.code === 404) throw missing();
  if (task.code !== 200) throw data({ message: task.message }, { status: task.code === 429 ? 429 : 503 });
  return { task: task.data };
}

/** /account/exam/info?id=: the exam task, its start and admission ticket (features/exam/exam-info.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadExamTask(args);

export default function ExamInfoPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded) return null;
  return (
    <AntdRoot>
      <ExamInfo key={loaded.task.taskId} task={loaded.task} />
    </AntdRoot>
  );
}
