import { viewCertificateReport } from '@portal/contract/calls/report';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import {
  CERTIFICATE_REPORT_TABLE,
  CertificateReportView,
  type CertificateReportData,
} from '../features/crm/reports/certificate-report.tsx';
import { loadPeriodReport } from '../features/crm/reports/report-loader.server.ts';
import type { Route } from './+types/crm-certificate-report';

/** /crm/reports/certificates: certificates issued in the URL's period (issue 22 item 6). */
export async function loader(args: Route.LoaderArgs): Promise<CertificateReportData> {
  const { report, ...period } = await loadPeriodReport(args, viewCertificateReport, CERTIFICATE_REPORT_TABLE);
  return { ...period, totals: report.data?.totals ?? null, page: report.data?.page ?? null, error: report.error };
}

export const handle: CrmHandle = { crumb: 'certificateReport' };

export default function CrmCertificateReportPage({ loaderData }: Route.ComponentProps) {
  return <CertificateReportView {...loaderData} />;
}
