import { findLearnerImports } from '@portal/contract/calls/learner-import';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { IMPORTS_TABLE, LearnerImportView } from '../features/crm/learner-import/learner-import.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-imports';

/** /crm/imports: import learners from XLSX (decision 038); the history paged by the server. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, IMPORTS_TABLE);
  const answer = await callAdmin(args, findLearnerImports, { pageCurrent: q.pageCurrent, pageSize: q.pageSize });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'learnerImports' };

export default function CrmImportsPage({ loaderData }: Route.ComponentProps) {
  return <LearnerImportView page={loaderData.page} error={loaderData.error} />;
}
