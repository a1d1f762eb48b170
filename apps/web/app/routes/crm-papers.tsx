import { findAdminPapers } from '@portal/contract/calls/exam-paper';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { PAPER_TABLE, PapersView } from '../features/crm/exams/papers.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-papers';

/** /crm/papers: the papers, paged and filtered by the server from the URL (decision 047). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, PAPER_TABLE);
  const { keyword } = q.filters;
  const answer = await callAdmin(args, findAdminPapers, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'papers' };

export default function CrmPapersPage({ loaderData }: Route.ComponentProps) {
  return <PapersView page={loaderData.page} error={loaderData.error} />;
}
