import { findDepartmentTree } from '@portal/contract/calls/people';
import {
  TASK_PROGRESS_STATUS,
  viewStudyTaskDepartmentProgress,
  viewStudyTaskProgress,
  type TaskProgressStatus,
} from '@portal/contract/calls/task-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import { PROGRESS_TABLE, TaskProgressView, type TaskProgressData } from '../features/crm/tasks/task-progress.tsx';
import type { Route } from './+types/crm-task-progress';

/** /crm/tasks/:id: one study task's progress by person or department (issue 22 item 5). */
export async function loader(args: Route.LoaderArgs): Promise<TaskProgressData> {
  const id = Number(args.params.id);
  const q = readTableQuery(new URL(args.request.url).searchParams, PROGRESS_TABLE);
  const f = q.filters;
  const view = f.view === 'department' ? 'department' : 'person';
  const status = (TASK_PROGRESS_STATUS as readonly string[]).includes(f.status ?? '')
    ? (f.status as TaskProgressStatus)
    : undefined;
  const departmentId = Number(f.departmentId) > 0 ? Number(f.departmentId) : undefined;
  const keyword = (f.keyword ?? '').trim().slice(0, 50);
  const paging = { pageCurrent: q.pageCurrent, pageSize: q.pageSize };
  // The totals and the task are the person view's (unfiltered in the department view).
  const [progress, departments, tree] = await Promise.all([
    callAdmin(
      args,
      viewStudyTaskProgress,
      view === 'person'
        ? {
            id,
            ...paging,
            ...(status ? { status } : {}),
            ...(departmentId ? { departmentId } : {}),
            ...(keyword ? { keyword } : {}),
          }
        : { id, pageCurrent: 1, pageSize: 20 },
      [8101],
    ),
    view === 'department'
      ? callAdmin(args, viewStudyTaskDepartmentProgress, { id, ...paging }, [8101])
      : Promise.resolve(null),
    view === 'person' ? callAdmin(args, findDepartmentTree, {}) : Promise.resolve(null),
  ]);
  return {
    view,
    task: progress.data?.task ?? null,
    totals: progress.data?.totals ?? null,
    people: view === 'person' ? (progress.data?.page ?? null) : null,
    departments: departments?.data ?? null,
    departmentTree: tree?.data?.list ?? [],
    ended: progress.data ? new Date(progress.data.task.endsAt).getTime() <= Date.now() : false,
    error: progress.error ?? departments?.error ?? null,
  };
}

export const handle: CrmHandle = { crumb: 'taskProgress' };

export default function CrmTaskProgressPage({ loaderData }: Route.ComponentProps) {
  return <TaskProgressView {...loaderData} />;
}
