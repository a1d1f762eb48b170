import { data, redirect } from 'react-router';
import { AttemptStatus, viewExamPaper } from '@portal/contract/calls/exam';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ExamTaking } from '../features/exam/exam-taking.tsx';
import { examPagePath, fromTaskOf, positiveParam } from '../features/exam/exam-paths.ts';
import { pathLang } from '../lib/navigation.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/exam-question';

/**
 * /account/exam/examQuestion?attemptId= (blank layout, signed-in learners): the attempt's paper
 * without its answers, the answers and flags saved so far and the server's clock, rendered on the
 * server. A submitted attempt (or one whose time ran out: the server submits it, 7610) goes to its
 * result.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = pathLang(url.pathname);
  const missing = () => data({ message: lang === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  const attemptId = positiveParam(url.searchParams.get('attemptId'));
  if (!site || attemptId === null) throw missing();
  // A visitor is sent to sign in by the root's guard.
  if (!site.signedIn) return null;
  const result = examPagePath('examSuccess', lang, { attemptId, fromTask: fromTaskOf(url.searchParams) });
  const paper = await callGateway(request, context, site, viewExamPaper, { attemptId });
  if (paper.code === 7610 || paper.code === 7605 || paper.code === 7603) throw redirect(result);
  if (paper.code === 404) throw missing();
  if (paper.code !== 200) throw data({ message: paper.message }, { status: paper.code === 429 ? 429 : 503 });
  if (paper.data.status !== AttemptStatus.ANSWERING) throw redirect(result);
  return { paper: paper.data };
}

export default function ExamQuestionPage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <ExamTaking key={loaded.paper.attemptId} paper={loaded.paper} />
    </AntdRoot>
  );
}
