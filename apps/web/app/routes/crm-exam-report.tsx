import { viewExamReport } from '@portal/contract/calls/report';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { EXAM_REPORT_TABLE, ExamReportView, type ExamReportData } from '../features/crm/reports/exam-report.tsx';
import { loadPeriodReport } from '../features/crm/reports/report-loader.server.ts';
import type { Route } from './+types/crm-exam-report';

/** /crm/reports/exams: the exam report of the URL's period and title filter (issue 22 item 6). */
export async function loader(args: Route.LoaderArgs): Promise<ExamReportData> {
  const { report, ...period } = await loadPeriodReport(args, viewExamReport, EXAM_REPORT_TABLE);
  return { ...period, totals: report.data?.totals ?? null, page: report.data?.page ?? null, error: report.error };
}

export const handle: CrmHandle = { crumb: 'examReport' };

export default function CrmExamReportPage({ loaderData }: Route.ComponentProps) {
  return <ExamReportView {...loaderData} />;
}
