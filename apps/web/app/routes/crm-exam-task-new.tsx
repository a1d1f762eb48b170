import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { ExamTaskEditor } from '../features/crm/exams/exam-task-editor.tsx';
import { loadExamTaskRefs } from '../features/crm/exams/exam-task-refs.server.ts';
import type { Route } from './+types/crm-exam-task-new';

/** /crm/exam-tasks/new: a new exam; saving opens its editor (decision 049). */
export async function loader(args: Route.LoaderArgs) {
  return { refs: await loadExamTaskRefs(args) };
}

export const handle: CrmHandle = { crumb: 'newExamTask' };

export default function CrmExamTaskNewPage({ loaderData }: Route.ComponentProps) {
  return <ExamTaskEditor task={null} refs={loaderData.refs} />;
}
