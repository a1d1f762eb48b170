import { data } from 'react-router';
import { previewPaper } from '@portal/contract/calls/exam-paper';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { PaperPreview } from '../features/crm/exams/paper-preview.tsx';
import type { Route } from './+types/crm-paper-preview';

/** /crm/papers/:id/preview: the paper as a taker is given it, without keys (decision 047). */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const preview = await callAdmin(args, previewPaper, { id });
  if (!preview.data) throw data({ message: preview.error }, { status: 404 });
  return { preview: preview.data };
}

export const handle: CrmHandle = { crumb: 'paperPreview' };

export default function CrmPaperPreviewPage({ loaderData }: Route.ComponentProps) {
  return <PaperPreview key={loaderData.preview.id} preview={loaderData.preview} />;
}
