import { findAdminProjects } from '@portal/contract/calls/project';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { PROJECT_TABLE, ProjectsView } from '../features/crm/projects/projects.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-projects';

/** /crm/projects: the study projects, paged and filtered by the server from the URL. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, PROJECT_TABLE);
  const { keyword } = q.filters;
  const answer = await callAdmin(args, findAdminProjects, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'studyProjects' };

export default function CrmProjectsPage({ loaderData }: Route.ComponentProps) {
  return <ProjectsView page={loaderData.page} error={loaderData.error} />;
}
