import { findAdminQuestionBanks } from '@portal/contract/calls/question-bank';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { PaperEditor } from '../features/crm/exams/paper-editor.tsx';
import type { Route } from './+types/crm-paper-new';

/** /crm/papers/new: a new paper; saving opens its editor (decision 047). */
export async function loader(args: Route.LoaderArgs) {
  const banks = await callAdmin(args, findAdminQuestionBanks, { pageCurrent: 1, pageSize: 100 });
  return { banks: (banks.data?.list ?? []).map((b) => ({ id: b.id, title: b.title })) };
}

export const handle: CrmHandle = { crumb: 'newPaper' };

export default function CrmPaperNewPage({ loaderData }: Route.ComponentProps) {
  return <PaperEditor paper={null} banks={loaderData.banks} />;
}
