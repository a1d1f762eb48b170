import { data } from 'react-router';
import { findExamTaskResults, viewAdminExamTask } from '@portal/contract/calls/exam-task-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { ExamResultsView, RESULT_TABLE } from '../features/crm/exams/exam-results.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-exam-results';

/** /crm/exam-tasks/:id/results: an exam's takers and their attempts (decision 049). */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const q = readTableQuery(new URL(args.request.url).searchParams, RESULT_TABLE);
  const { keyword } = q.filters;
  const [task, page] = await Promise.all([
    callAdmin(args, viewAdminExamTask, { id }),
    callAdmin(args, findExamTaskResults, {
      id,
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      ...(keyword ? { keyword } : {}),
    }),
  ]);
  if (!task.data) throw data({ message: task.error }, { status: 404 });
  return { task: task.data, page: page.data, error: page.error };
}

export const handle: CrmHandle = { crumb: 'examResults' };

export default function CrmExamResultsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ExamResultsView key={loaderData.task.id} task={loaderData.task} page={loaderData.page} error={loaderData.error} />
  );
}
