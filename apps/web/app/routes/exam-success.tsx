import { data } from 'react-router';
import { viewExamResult } from '@portal/contract/calls/exam';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ExamResultView } from '../features/exam/exam-result.tsx';
import { positiveParam } from '../features/exam/exam-paths.ts';
import { pathLang } from '../lib/navigation.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/exam-success';

/**
 * /account/exam/examSuccess?attemptId= (signed-in learners): the attempt's result, rendered on the
 * server (an attempt whose time ran out is submitted by the server as it is asked for).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const missing = () =>
    data({ message: pathLang(url.pathname) === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  const attemptId = positiveParam(url.searchParams.get('attemptId'));
  if (!site || attemptId === null) throw missing();
  if (!site.signedIn) return null;
  const result = await callGateway(request, context, site, viewExamResult, { attemptId });
  if (result.code === 404) throw missing();
  if (result.code !== 200) throw data({ message: result.message }, { status: result.code === 429 ? 429 : 503 });
  return { result: result.data };
}

export default function ExamSuccessPage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <ExamResultView result={loaded.result} />
    </AntdRoot>
  );
}
