import type { Lang } from '@portal/contract';
import type { ExportDefinition } from '../../platform/exports.ts';
import { chinaTimeFormat, fileStamp } from '../../platform/china-time.ts';
import type { ExamTaskAdminRepository } from './exam-task-admin.repository.ts';

/** Rows read per keyset step: memory stays bounded however many take the exam. */
const BATCH = 250;

const beijing = (d: Date | null, lang: Lang) =>
  d === null ? '' : chinaTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', 'medium').format(new Date(d));

const RESULT = {
  zh: { passed: '通过', failed: '未通过', marking: '待阅卷', none: '—' },
  en: { passed: 'Passed', failed: 'Not passed', marking: 'To mark', none: '—' },
} as const;

/**
 * An exam's takers as XLSX (decision 049), made by the export job (decision 027) in keyset steps
 * by account: name, employee no., attempts used and allowed, best score, result, first start and
 * latest submit (Beijing time).
 */
export function examResultsExport(
  repo: ExamTaskAdminRepository,
): ExportDefinition<{ id: number; keyword?: string | undefined }> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'exam-results' : '考试成绩'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Results' : '考试成绩'),
    columns: [
      { key: 'name', header: { zh: '姓名', en: 'Name' }, width: 14 },
      { key: 'employeeNo', header: { zh: '工号', en: 'Employee no.' }, width: 12 },
      { key: 'used', header: { zh: '已考次数', en: 'Attempts used' }, width: 10 },
      { key: 'allowed', header: { zh: '可考次数', en: 'Attempts allowed' }, width: 10 },
      { key: 'best', header: { zh: '最高分', en: 'Best score' }, width: 10 },
      { key: 'result', header: { zh: '结果', en: 'Result' }, width: 10 },
      { key: 'firstStartedAt', header: { zh: '首次开始', en: 'First started' }, width: 20 },
      { key: 'lastSubmittedAt', header: { zh: '最近交卷', en: 'Last submitted' }, width: 20 },
    ],
    async *rows({ eid, params, lang }) {
      let after = 0;
      for (;;) {
        const rows = await repo.resultsAfter(eid, params.id, params.keyword, after, BATCH);
        if (rows.length === 0) return;
        for (const r of rows) {
          const t = RESULT[lang];
          yield {
            name: r.name,
            employeeNo: r.employeeNo ?? '',
            used: r.attemptsUsed,
            allowed: r.attemptsAllowed,
            best: r.bestScoreTenths === null ? '' : r.bestScoreTenths / 10,
            result: r.waitingForMarking
              ? t.marking
              : r.passed
                ? t.passed
                : r.bestScoreTenths === null
                  ? t.none
                  : t.failed,
            firstStartedAt: beijing(r.firstStartedAt, lang),
            lastSubmittedAt: beijing(r.lastSubmittedAt, lang),
          };
        }
        after = rows[rows.length - 1]!.accountId;
      }
    },
  };
}
