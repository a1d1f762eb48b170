import { findAdminStudyTasks } from '@portal/contract/calls/task-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import { TASK_TABLE, TasksView, type TasksData } from '../features/crm/tasks/tasks.tsx';
import type { Route } from './+types/crm-tasks';

/** /crm/tasks: the study tasks with how far their learners are (issue 22 item 5). */
export async function loader(args: Route.LoaderArgs): Promise<TasksData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, TASK_TABLE);
  const keyword = (q.filters.keyword ?? '').trim().slice(0, 50);
  const page = await callAdmin(args, findAdminStudyTasks, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  return { page: page.data! };
}

export const handle: CrmHandle = { crumb: 'studyTasks' };

export default function CrmTasksPage({ loaderData }: Route.ComponentProps) {
  return <TasksView {...loaderData} />;
}
