import { findAdminCertificateTemplates } from '@portal/contract/calls/certificate-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import {
  CERTIFICATE_TEMPLATE_TABLE,
  CertificateTemplatesView,
} from '../features/crm/certificates/certificate-templates.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-certificate-templates';

/** /crm/certificate-templates: the certificate templates, paged and filtered by the server (decision 055). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, CERTIFICATE_TEMPLATE_TABLE);
  const { keyword } = q.filters;
  const answer = await callAdmin(args, findAdminCertificateTemplates, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'certificateTemplates' };

export default function CrmCertificateTemplatesPage({ loaderData }: Route.ComponentProps) {
  return <CertificateTemplatesView page={loaderData.page} error={loaderData.error} />;
}
