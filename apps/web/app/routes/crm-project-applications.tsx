import { findProjectApplications, viewAdminProject } from '@portal/contract/calls/project';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { APPLICATION_TABLE, ApplicationsView, type ApplicationsData } from '../features/crm/projects/applications.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-project-applications';

/** /crm/projects/:id/applications: one project's applications queue, by status, paged by the server. */
export async function loader(args: Route.LoaderArgs): Promise<ApplicationsData> {
  const projectId = Number(args.params.id);
  const q = readTableQuery(new URL(args.request.url).searchParams, APPLICATION_TABLE);
  const status = Number(q.filters.status);
  const [project, page] = await Promise.all([
    callAdmin(args, viewAdminProject, { id: projectId }),
    callAdmin(args, findProjectApplications, {
      projectId,
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      ...(status ? { status } : {}),
    }),
  ]);
  return { project: project.data, page: page.data, error: project.error ?? page.error };
}

export const handle: CrmHandle = { crumb: 'projectApplications' };

export default function CrmProjectApplicationsPage({ loaderData }: Route.ComponentProps) {
  return <ApplicationsView {...loaderData} />;
}
