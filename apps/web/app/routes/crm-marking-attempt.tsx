import { data } from 'react-router';
import { ErrorCode } from '@portal/contract/errors';
import { viewMarkingAttempt } from '@portal/contract/calls/exam';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { MarkingAttempt } from '../features/crm/exams/marking.tsx';
import type { Route } from './+types/crm-marking-attempt';

/**
 * /crm/marking/:id: one attempt to mark. Opening it takes it for this marker for 15 minutes; one
 * another marker has open, or one that is the marker's own, is shown as such with the way on.
 */
export async function loader(args: Route.LoaderArgs) {
  const attemptId = Number(args.params.id);
  if (!Number.isInteger(attemptId) || attemptId <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const answer = await callAdmin(args, viewMarkingAttempt, { attemptId }, [
    ErrorCode.EXAM_MARKING_CLAIMED,
    ErrorCode.EXAM_OWN_ATTEMPT,
    ErrorCode.EXAM_NOT_WAITING_FOR_MARKING,
  ]);
  return { attempt: answer.data, error: answer.error, attemptId };
}

export const handle: CrmHandle = { crumb: 'markAttempt' };

export default function CrmMarkingAttemptPage({ loaderData }: Route.ComponentProps) {
  return (
    <MarkingAttempt
      key={loaderData.attemptId}
      attempt={loaderData.attempt}
      error={loaderData.error}
      attemptId={loaderData.attemptId}
    />
  );
}
