import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { ProjectEditor } from '../features/crm/projects/project-editor.tsx';
import { loadProjectEditorRefs } from '../features/crm/projects/project-refs.server.ts';
import type { Route } from './+types/crm-project-new';

/** /crm/projects/new: a new study project; saving opens its editor (decision 056). */
export async function loader(args: Route.LoaderArgs) {
  return { refs: await loadProjectEditorRefs(args) };
}

export const handle: CrmHandle = { crumb: 'newStudyProject' };

export default function CrmProjectNewPage({ loaderData }: Route.ComponentProps) {
  return <ProjectEditor project={null} refs={loaderData.refs} />;
}
