import type { Lang, LearnerFilter } from '@portal/contract';
import type { ExportDefinition } from '../../platform/exports.ts';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { LearnerCursor } from './learner.repository.ts';
import type { LearnerService } from './learner.service.ts';
import type { LearnerRepository } from './learner.repository.ts';
import { presentLearner } from './learner.presenter.ts';

/** Rows read per keyset step: memory stays bounded however many learners the filter holds. */
const BATCH = 1000;

/**
 * The learner list of a filter as XLSX (decision 037), made by the export job (decision 027): the
 * same filter and order as the page, read in keyset steps, so 100 000 learners stream through.
 */
export function learnerExport(service: LearnerService, repo: LearnerRepository): ExportDefinition<LearnerFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'learners' : '学员列表'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Learners' : '学员'),
    columns: [
      { key: 'realName', header: { zh: '姓名', en: 'Name' }, width: 14 },
      { key: 'userName', header: { zh: '昵称', en: 'Nickname' }, width: 14 },
      { key: 'phone', header: { zh: '手机号', en: 'Phone' }, width: 14 },
      { key: 'employeeNo', header: { zh: '工号', en: 'Employee number' }, width: 14 },
      { key: 'departments', header: { zh: '部门', en: 'Departments' }, width: 24 },
      { key: 'tags', header: { zh: '标签', en: 'Tags' }, width: 24 },
      { key: 'status', header: { zh: '状态', en: 'Status' }, width: 8 },
      { key: 'isAdmin', header: { zh: '管理员', en: 'Administrator' }, width: 10 },
      { key: 'createdAt', header: { zh: '加入时间', en: 'Joined' }, width: 18 },
    ],
    async *rows({ eid, params, lang }) {
      const query = await service.queryOf(eid, params);
      let cursor: LearnerCursor | null = null;
      const yes = lang === 'en' ? 'Yes' : '是';
      const no = lang === 'en' ? 'No' : '否';
      for (;;) {
        const rows = await repo.findLearners(eid, query, { cursor, offset: 0, limit: BATCH });
        if (rows.length === 0) return;
        const ids = rows.map((r) => r.accountId);
        const [departments, tags] = await Promise.all([repo.departmentsOf(eid, ids), repo.tagsOf(eid, ids)]);
        for (const r of rows) {
          const l = presentLearner(r, departments, tags, lang);
          yield {
            realName: l.realName,
            userName: l.userName,
            phone: l.phone,
            employeeNo: l.employeeNo,
            departments: l.departments.map((d) => d.name).join('、'),
            tags: l.tags.map((t) => t.name).join('、'),
            status: l.status === 1 ? (lang === 'en' ? 'Enabled' : '启用') : lang === 'en' ? 'Disabled' : '停用',
            isAdmin: l.isAdmin ? yes : no,
            createdAt: chinaMinute(l.createdAt),
          };
        }
        if (rows.length < BATCH) return;
        const last = rows[rows.length - 1]!;
        cursor = { value: last.sortValue, accountId: last.accountId };
      }
    },
  };
}
