import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { CertificateDesigner } from '../features/crm/certificates/certificate-designer.tsx';

/** /crm/certificate-templates/new: a new template in the designer; saving opens it (decision 055). */
export const handle: CrmHandle = { crumb: 'newCertificateTemplate' };

export default function CrmCertificateTemplateNewPage() {
  return <CertificateDesigner template={null} />;
}
