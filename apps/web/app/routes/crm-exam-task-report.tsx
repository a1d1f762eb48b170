import { viewExamTaskReport } from '@portal/contract/calls/report';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import {
  EXAM_TASK_REPORT_TABLE,
  ExamTaskReportView,
  type ExamTaskReportData,
} from '../features/crm/reports/exam-task-report.tsx';
import { readPeriod } from '../features/crm/reports/period.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-exam-task-report';

/** /crm/reports/exams/:id: one exam's analysis over the URL's period (issue 22 item 6). */
export async function loader(args: Route.LoaderArgs): Promise<ExamTaskReportData> {
  const id = Number(args.params.id);
  const q = readTableQuery(new URL(args.request.url).searchParams, EXAM_TASK_REPORT_TABLE);
  const { from, to } = readPeriod(q.filters);
  const report = await callAdmin(
    args,
    viewExamTaskReport,
    { id, from, to, pageCurrent: q.pageCurrent, pageSize: q.pageSize },
    [9526, 9521],
  );
  return {
    id,
    from,
    to,
    row: report.data?.row ?? null,
    passScore: report.data?.passScore ?? null,
    distribution: report.data?.distribution ?? [],
    questions: report.data?.questions ?? null,
    error: report.error,
  };
}

export const handle: CrmHandle = { crumb: 'examTaskReport' };

export default function CrmExamTaskReportPage({ loaderData }: Route.ComponentProps) {
  return <ExamTaskReportView {...loaderData} />;
}
