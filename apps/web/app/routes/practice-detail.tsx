import { viewPracticeRound } from '@portal/contract/calls/practice';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { PracticeRoundPage } from '../features/practice/practice-round.tsx';
import { loadRound } from '../features/practice/practice-loaders.server.ts';
import type { Route } from './+types/practice-detail';

/** /account/practice/detail?recordId=…: one of the learner's rounds, rendered on the server. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadRound(request, context, viewPracticeRound);
}

export default function PracticeDetail({ loaderData }: Route.ComponentProps) {
  const { round } = loaderData;
  return (
    <AntdRoot>
      <PracticeRoundPage key={round.recordId} round={round} />
    </AntdRoot>
  );
}
