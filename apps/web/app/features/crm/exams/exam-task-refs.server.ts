import { findAdminPapers } from '@portal/contract/calls/exam-paper';
import { findCertificateTemplates } from '@portal/contract/calls/exam-task-admin';
import { findDepartmentTree } from '@portal/contract/calls/people';
import { findAdminTags } from '@portal/contract/calls/tag';
import { callAdmin } from '../crm.server.ts';
import type { ExamTaskRefs } from './exam-task-editor.tsx';

/** What the exam task editor offers, read for its loader: papers, departments, tags, templates. */
export async function loadExamTaskRefs(args: Parameters<typeof callAdmin>[0]): Promise<ExamTaskRefs> {
  const [papers, departments, tags, templates] = await Promise.all([
    callAdmin(args, findAdminPapers, { pageCurrent: 1, pageSize: 100 }),
    callAdmin(args, findDepartmentTree, {}),
    callAdmin(args, findAdminTags, { pageCurrent: 1, pageSize: 100 }),
    callAdmin(args, findCertificateTemplates, {}),
  ]);
  return {
    papers: (papers.data?.list ?? []).map((p) => ({ id: p.id, title: p.title, totalScore: p.totalScore })),
    departments: departments.data?.list ?? [],
    tags: (tags.data?.list ?? []).map((x) => ({ id: x.id, name: x.name, nameEn: x.nameEn })),
    templates: templates.data ?? [],
  };
}
