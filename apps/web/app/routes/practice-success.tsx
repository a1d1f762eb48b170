import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { viewPracticeRound } from '@portal/contract/calls/practice';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { PracticeSummaryPage } from '../features/practice/practice-summary.tsx';
import { loadRound } from '../features/practice/practice-loaders.server.ts';

/** /account/practice/success?recordId=…: a round's sums, rendered on the server. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadRound(request, context, viewPracticeRound);
}

export default function PracticeSuccess() {
  const { round } = useLoaderData<typeof loader>();
  return (
    <AntdRoot>
      <PracticeSummaryPage key={round.recordId} round={round} />
    </AntdRoot>
  );
}
