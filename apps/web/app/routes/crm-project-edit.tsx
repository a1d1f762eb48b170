import { data } from 'react-router';
import { viewAdminProjectDetail } from '@portal/contract/calls/project-editor';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { ProjectEditor } from '../features/crm/projects/project-editor.tsx';
import { loadProjectEditorRefs } from '../features/crm/projects/project-refs.server.ts';
import type { Route } from './+types/crm-project-edit';

/** /crm/projects/:id/edit: a study project's editor (decision 056). */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const [project, refs] = await Promise.all([
    callAdmin(args, viewAdminProjectDetail, { id }),
    loadProjectEditorRefs(args),
  ]);
  if (!project.data) throw data({ message: project.error }, { status: 404 });
  return { project: project.data, refs };
}

export const handle: CrmHandle = { crumb: 'studyProjectEdit' };

export default function CrmProjectEditPage({ loaderData }: Route.ComponentProps) {
  return <ProjectEditor key={loaderData.project.id} project={loaderData.project} refs={loaderData.refs} />;
}
