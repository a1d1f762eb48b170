import { findDepartmentTree } from '@portal/contract/calls/people';
import { PROJECT_PROGRESS_STATUS, viewStudyProjectProgress } from '@portal/contract/calls/project';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import {
  PROJECT_PROGRESS_TABLE,
  ProjectProgressView,
  type ProjectProgressData,
} from '../features/crm/projects/project-progress.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-project-progress';

type Status = (typeof PROJECT_PROGRESS_STATUS)[number];

/** /crm/projects/:id/progress: a study project's enrolled learners and how far they are (issue 22 item 5). */
export async function loader(args: Route.LoaderArgs): Promise<ProjectProgressData> {
  const id = Number(args.params.id);
  const q = readTableQuery(new URL(args.request.url).searchParams, PROJECT_PROGRESS_TABLE);
  const f = q.filters;
  const status = (PROJECT_PROGRESS_STATUS as readonly string[]).includes(f.status ?? '')
    ? (f.status as Status)
    : undefined;
  const departmentId = Number(f.departmentId) > 0 ? Number(f.departmentId) : undefined;
  const keyword = (f.keyword ?? '').trim().slice(0, 50);
  const [progress, tree] = await Promise.all([
    callAdmin(args, viewStudyProjectProgress, {
      id,
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      ...(status ? { status } : {}),
      ...(departmentId ? { departmentId } : {}),
      ...(keyword ? { keyword } : {}),
    }),
    callAdmin(args, findDepartmentTree, {}),
  ]);
  return {
    progress: progress.data,
    departmentTree: tree.data?.list ?? [],
    ended: progress.data ? new Date(progress.data.project.endsAt).getTime() <= Date.now() : false,
    error: progress.error ?? null,
  };
}

export const handle: CrmHandle = { crumb: 'projectProgress' };

export default function CrmProjectProgressPage({ loaderData }: Route.ComponentProps) {
  return <ProjectProgressView {...loaderData} />;
}
