import { data } from 'react-router';
import { viewAdminStudyTask } from '@portal/contract/calls/task-editor';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { TaskEditor } from '../features/crm/tasks/task-editor.tsx';
import { loadTaskEditorRefs } from '../features/crm/tasks/task-refs.server.ts';
import type { Route } from './+types/crm-task-edit';

/** /crm/tasks/:id/edit: a study task's editor (decision 056). */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const [task, refs] = await Promise.all([callAdmin(args, viewAdminStudyTask, { id }), loadTaskEditorRefs(args)]);
  if (!task.data) throw data({ message: task.error }, { status: 404 });
  return { task: task.data, refs };
}

export const handle: CrmHandle = { crumb: 'studyTaskEdit' };

export default function CrmTaskEditPage({ loaderData }: Route.ComponentProps) {
  return <TaskEditor key={loaderData.task.id} task={loaderData.task} refs={loaderData.refs} />;
}
