import { findAdminQuestionBanks } from '@portal/contract/calls/question-bank';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { BANK_TABLE, BanksView } from '../features/crm/exams/banks.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-question-banks';

/** /crm/question-banks: the question banks, paged and filtered by the server from the URL (decision 045). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, BANK_TABLE);
  const { keyword } = q.filters;
  const answer = await callAdmin(args, findAdminQuestionBanks, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'questionBanks' };

export default function CrmQuestionBanksPage({ loaderData }: Route.ComponentProps) {
  return <BanksView page={loaderData.page} error={loaderData.error} />;
}
