import { findAdminExamTasks } from '@portal/contract/calls/exam-task-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { EXAM_TASK_TABLE, ExamTasksView } from '../features/crm/exams/exam-tasks.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-exam-tasks';

/** /crm/exam-tasks: the exams, paged and filtered by the server from the URL (decision 049). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, EXAM_TASK_TABLE);
  const { keyword } = q.filters;
  const answer = await callAdmin(args, findAdminExamTasks, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'examTasks' };

export default function CrmExamTasksPage({ loaderData }: Route.ComponentProps) {
  return <ExamTasksView page={loaderData.page} error={loaderData.error} />;
}
