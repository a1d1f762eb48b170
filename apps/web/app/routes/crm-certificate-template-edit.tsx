import { data } from 'react-router';
import { viewCertificateTemplate } from '@portal/contract/calls/certificate-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { CertificateDesigner } from '../features/crm/certificates/certificate-designer.tsx';
import type { Route } from './+types/crm-certificate-template-edit';

/** /crm/certificate-templates/:id: a template in the designer (decision 055). */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const template = await callAdmin(args, viewCertificateTemplate, { id });
  if (!template.data) throw data({ message: template.error }, { status: 404 });
  return { template: template.data };
}

export const handle: CrmHandle = { crumb: 'certificateTemplateEdit' };

export default function CrmCertificateTemplateEditPage({ loaderData }: Route.ComponentProps) {
  return <CertificateDesigner key={loaderData.template.id} template={loaderData.template} />;
}
