import { data } from 'react-router';
import { viewPracticeAnalysis } from '@portal/contract/calls/practice';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { PracticeAnalysisPage } from '../features/practice/practice-analysis.tsx';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/practice-analysis';

/** /account/practice/analysis?source=: the learner's accuracy by type and difficulty, rendered on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = await siteOf(request, context);
  if (!site) throw data({ message: '该页面不存在' }, { status: 404 });
  const asked = Number(url.searchParams.get('source'));
  const source = asked === 2 || asked === 7 ? asked : 0;
  const res = await callGateway(request, context, site, viewPracticeAnalysis, { source });
  if (res.code !== 200) throw data({ message: res.message }, { status: 503 });
  return { analysis: res.data };
}

export default function PracticeAnalysis({ loaderData }: Route.ComponentProps) {
  const { analysis } = loaderData;
  return (
    <AntdRoot>
      <PracticeAnalysisPage analysis={analysis} />
    </AntdRoot>
  );
}
