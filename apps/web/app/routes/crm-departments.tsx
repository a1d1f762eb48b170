import { findDepartmentTree } from '@portal/contract/calls/people';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { DepartmentsView } from '../features/crm/people/departments.tsx';
import type { Route } from './+types/crm-departments';

/** /crm/departments: the department tree (decision 037). */
export const loader = async (args: Route.LoaderArgs) => (await callAdmin(args, findDepartmentTree, {})).data;

export const handle: CrmHandle = { crumb: 'departmentAdmin' };

export default function CrmDepartmentsPage({ loaderData }: Route.ComponentProps) {
  return <DepartmentsView list={loaderData?.list ?? []} />;
}
