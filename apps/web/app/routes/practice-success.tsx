import { viewPracticeRound } from '@portal/contract/calls/practice';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { PracticeSummaryPage } from '../features/practice/practice-summary.tsx';
import { loadRound } from '../features/practice/practice-loaders.server.ts';
import type { Route } from './+types/practice-success';

/** /account/practice/success?recordId=…: a round's sums, rendered on the server. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadRound(request, context, viewPracticeRound);
}

export default function PracticeSuccess({ loaderData }: Route.ComponentProps) {
  const { round } = loaderData;
  return (
    <AntdRoot>
      <PracticeSummaryPage key={round.recordId} round={round} />
    </AntdRoot>
  );
}
