import { findMarkingAttempts } from '@portal/contract/calls/exam';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { MARKING_TABLE, MarkingQueue } from '../features/crm/exams/marking.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-marking';

/** /crm/marking: the marking queue (decision 048). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, MARKING_TABLE);
  const answer = await callAdmin(args, findMarkingAttempts, { pageCurrent: q.pageCurrent, pageSize: q.pageSize });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'marking' };

export default function CrmMarkingPage({ loaderData }: Route.ComponentProps) {
  return <MarkingQueue page={loaderData.page} error={loaderData.error} />;
}
