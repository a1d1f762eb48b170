import { viewDashboard } from '@portal/contract/calls/back-office';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { DashboardView } from '../features/crm/dashboard.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import type { Route } from './+types/crm-dashboard';

/** /crm: the dashboard, the back office's first page. */
export const loader = async (args: Route.LoaderArgs) => (await callAdmin(args, viewDashboard, {})).data;

export const handle: CrmHandle = { crumb: 'dashboard' };

export default function CrmDashboardPage({ loaderData }: Route.ComponentProps) {
  return loaderData ? <DashboardView dashboard={loaderData} /> : null;
}
