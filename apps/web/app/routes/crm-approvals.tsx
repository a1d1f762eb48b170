import { findEnterpriseApplications } from '@portal/contract/calls/enterprise-application';
import { findPendingRegistrations } from '@portal/contract/calls/registration';
import { APPROVALS_TABLE, ApprovalsView, type ApprovalsData } from '../features/crm/approvals/approvals.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-approvals';

/** /crm/approvals: registrations waiting for review and the site's applications to join (decision 038). */
export async function loader(args: Route.LoaderArgs): Promise<ApprovalsData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, APPROVALS_TABLE);
  const paging = { pageCurrent: q.pageCurrent, pageSize: q.pageSize };
  if (q.filters.tab === 'applications') {
    const status = Number(q.filters.status);
    const answer = await callAdmin(args, findEnterpriseApplications, { ...paging, ...(status ? { status } : {}) });
    return { tab: 'applications', page: answer.data, error: answer.error };
  }
  const answer = await callAdmin(args, findPendingRegistrations, paging);
  return { tab: 'registrations', page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'approvals' };

export default function CrmApprovalsPage({ loaderData }: Route.ComponentProps) {
  return <ApprovalsView {...loaderData} />;
}
