import { data } from 'react-router';
import { findAdminQuestions, viewAdminQuestionBank } from '@portal/contract/calls/question-bank';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { QUESTION_TABLE, QuestionsView, questionFilterOf } from '../features/crm/exams/questions.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-questions';

/** /crm/question-banks/:id: one bank's questions, filtered by the server from the URL (decision 045). */
export async function loader(args: Route.LoaderArgs) {
  const bankId = Number(args.params.id);
  if (!Number.isInteger(bankId) || bankId <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const q = readTableQuery(new URL(args.request.url).searchParams, QUESTION_TABLE);
  const [bank, page] = await Promise.all([
    callAdmin(args, viewAdminQuestionBank, { id: bankId }),
    callAdmin(args, findAdminQuestions, {
      bankId,
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      ...questionFilterOf(q.filters),
    }),
  ]);
  if (!bank.data) throw data({ message: bank.error }, { status: 404 });
  return { bank: bank.data, page: page.data, error: page.error };
}

export const handle: CrmHandle = { crumb: 'questionBanks' };

export default function CrmQuestionsPage({ loaderData }: Route.ComponentProps) {
  return (
    <QuestionsView key={loaderData.bank.id} bank={loaderData.bank} page={loaderData.page} error={loaderData.error} />
  );
}
