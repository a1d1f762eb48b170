import { findCertificateTemplates } from '@portal/contract/calls/exam-task-admin';
import { findAdminLecturers } from '@portal/contract/calls/lecturer';
import { callAdmin } from '../crm.server.ts';
import type { ProjectEditorRefs } from './project-editor.tsx';

/** What the study project editor offers, read for its loader: lecturers and certificate templates. */
export async function loadProjectEditorRefs(args: Parameters<typeof callAdmin>[0]): Promise<ProjectEditorRefs> {
  const [lecturers, templates] = await Promise.all([
    callAdmin(args, findAdminLecturers, { pageCurrent: 1, pageSize: 100 }),
    callAdmin(args, findCertificateTemplates, {}),
  ]);
  return {
    lecturers: (lecturers.data?.list ?? []).map((l) => ({ id: l.id, name: l.name })),
    templates: templates.data ?? [],
  };
}
