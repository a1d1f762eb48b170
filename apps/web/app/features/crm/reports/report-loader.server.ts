import type { LoaderFunctionArgs } from 'react-router';
import type { CallRequest } from '@portal/contract/call';
import type { viewCertificateReport, viewExamReport } from '@portal/contract/calls/report';
import { callAdmin } from '../crm.server.ts';
import { readTableQuery, type TableQueryOptions } from '../table-query.ts';
import { readPeriod } from './period.ts';

/**
 * A period report's loader: the URL's period (the last 30 days by default), title part and page,
 * and the report's call; a bad period (9526) is shown on the page.
 */
export async function loadPeriodReport<C extends typeof viewExamReport | typeof viewCertificateReport>(
  args: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  call: C,
  table: TableQueryOptions,
) {
  const q = readTableQuery(new URL(args.request.url).searchParams, table);
  const { from, to } = readPeriod(q.filters);
  const keyword = (q.filters.keyword ?? '').trim().slice(0, 50);
  const report = await callAdmin(
    args,
    call,
    // Both calls take exactly these: the period, the title's part and the page.
    { from, to, pageCurrent: q.pageCurrent, pageSize: q.pageSize, ...(keyword ? { keyword } : {}) } as CallRequest<C>,
    [9526],
  );
  return { from, to, keyword, report };
}
