import { findDepartmentTree } from '@portal/contract/calls/people';
import { LEARNING_REPORT_BY, viewLearningReport, type LearningReportBy } from '@portal/contract/calls/report';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { REPORT_TABLE, LearningReportView, type LearningReportData } from '../features/crm/reports/learning-report.tsx';
import { readPeriod } from '../features/crm/reports/period.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-reports';

/** /crm/reports: the learning report of the URL's dimension, period and filters (issue 22 item 6). */
export async function loader(args: Route.LoaderArgs): Promise<LearningReportData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, REPORT_TABLE);
  const f = q.filters;
  const by: LearningReportBy = (LEARNING_REPORT_BY as readonly string[]).includes(f.by ?? '')
    ? (f.by as LearningReportBy)
    : 'department';
  const { from, to } = readPeriod(f);
  const departmentId = by === 'person' && Number(f.departmentId) > 0 ? Number(f.departmentId) : null;
  const keyword = by !== 'department' ? (f.keyword ?? '').trim().slice(0, 50) : '';
  const [report, departments] = await Promise.all([
    callAdmin(
      args,
      viewLearningReport,
      {
        by,
        from,
        to,
        pageCurrent: q.pageCurrent,
        pageSize: q.pageSize,
        ...(departmentId ? { departmentId } : {}),
        ...(keyword ? { keyword } : {}),
      },
      [9526],
    ),
    by === 'person' ? callAdmin(args, findDepartmentTree, {}) : Promise.resolve(null),
  ]);
  return {
    by,
    from,
    to,
    departmentId,
    keyword,
    totals: report.data?.totals ?? null,
    page: report.data?.page ?? null,
    departments: departments?.data?.list ?? [],
    error: report.error,
  };
}

export const handle: CrmHandle = { crumb: 'learningReport' };

export default function CrmReportsPage({ loaderData }: Route.ComponentProps) {
  return <LearningReportView {...loaderData} />;
}
