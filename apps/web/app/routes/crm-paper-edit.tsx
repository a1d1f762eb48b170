import { data } from 'react-router';
import { viewAdminPaper } from '@portal/contract/calls/exam-paper';
import { findAdminQuestionBanks } from '@portal/contract/calls/question-bank';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { PaperEditor } from '../features/crm/exams/paper-editor.tsx';
import type { Route } from './+types/crm-paper-edit';

/** /crm/papers/:id: a paper's editor (decision 047). */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const [paper, banks] = await Promise.all([
    callAdmin(args, viewAdminPaper, { id }),
    callAdmin(args, findAdminQuestionBanks, { pageCurrent: 1, pageSize: 100 }),
  ]);
  if (!paper.data) throw data({ message: paper.error }, { status: 404 });
  return { paper: paper.data, banks: (banks.data?.list ?? []).map((b) => ({ id: b.id, title: b.title })) };
}

export const handle: CrmHandle = { crumb: 'paperEdit' };

export default function CrmPaperEditPage({ loaderData }: Route.ComponentProps) {
  return <PaperEditor key={loaderData.paper.id} paper={loaderData.paper} banks={loaderData.banks} />;
}
