import { findCertificateTemplates } from '@portal/contract/calls/exam-task-admin';
import { findDepartmentTree } from '@portal/contract/calls/people';
import { findAdminTags } from '@portal/contract/calls/tag';
import { callAdmin } from '../crm.server.ts';
import type { TaskEditorRefs } from './task-editor.tsx';

/** What the study task editor offers, read for its loader: departments, tags, certificate templates. */
export async function loadTaskEditorRefs(args: Parameters<typeof callAdmin>[0]): Promise<TaskEditorRefs> {
  const [departments, tags, templates] = await Promise.all([
    callAdmin(args, findDepartmentTree, {}),
    callAdmin(args, findAdminTags, { pageCurrent: 1, pageSize: 100 }),
    callAdmin(args, findCertificateTemplates, {}),
  ]);
  return {
    departments: departments.data?.list ?? [],
    tags: (tags.data?.list ?? []).map((x) => ({ id: x.id, name: x.name, nameEn: x.nameEn })),
    templates: templates.data ?? [],
  };
}
