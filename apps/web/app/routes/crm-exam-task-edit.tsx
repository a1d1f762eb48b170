import { data } from 'react-router';
import { viewAdminExamTask } from '@portal/contract/calls/exam-task-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { ExamTaskEditor } from '../features/crm/exams/exam-task-editor.tsx';
import { loadExamTaskRefs } from '../features/crm/exams/exam-task-refs.server.ts';
import type { Route } from './+types/crm-exam-task-edit';

/** /crm/exam-tasks/:id: an exam's editor (decision 049). */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const [task, refs] = await Promise.all([callAdmin(args, viewAdminExamTask, { id }), loadExamTaskRefs(args)]);
  if (!task.data) throw data({ message: task.error }, { status: 404 });
  return { task: task.data, refs };
}

export const handle: CrmHandle = { crumb: 'examTaskEdit' };

export default function CrmExamTaskEditPage({ loaderData }: Route.ComponentProps) {
  return <ExamTaskEditor key={loaderData.task.id} task={loaderData.task} refs={loaderData.refs} />;
}
