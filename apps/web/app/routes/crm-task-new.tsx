import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { TaskEditor } from '../features/crm/tasks/task-editor.tsx';
import { loadTaskEditorRefs } from '../features/crm/tasks/task-refs.server.ts';
import type { Route } from './+types/crm-task-new';

/** /crm/tasks/new: a new study task; saving opens its editor (decision 056). */
export async function loader(args: Route.LoaderArgs) {
  return { refs: await loadTaskEditorRefs(args) };
}

export const handle: CrmHandle = { crumb: 'newStudyTask' };

export default function CrmTaskNewPage({ loaderData }: Route.ComponentProps) {
  return <TaskEditor task={null} refs={loaderData.refs} />;
}
