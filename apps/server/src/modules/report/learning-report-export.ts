import type { Lang, LearningReportBy } from '@portal/contract';
import { fileStamp } from '../../platform/china-time.ts';
import type { ExportColumn, ExportDefinition } from '../../platform/exports.ts';
import { presentRow, presentTotals, type LearningQuery, type LearningReport } from './learning-report.ts';

/** Rows read per step: memory stays bounded however many learners. */
const BATCH = 1000;

const COMMON: ExportColumn[] = [
  { key: 'completions', header: { zh: '完成课程数', en: 'Courses completed' }, width: 12 },
  { key: 'creditHours', header: { zh: '学时', en: 'Credit hours' }, width: 10 },
  { key: 'points', header: { zh: '积分', en: 'Points' }, width: 10 },
];

/** The page's columns of each dimension. */
const COLUMNS: Record<LearningReportBy, ExportColumn[]> = {
  department: [
    { key: 'name', header: { zh: '部门', en: 'Department' }, width: 24 },
    { key: 'people', header: { zh: '成员数', en: 'Members' }, width: 10 },
    { key: 'active', header: { zh: '有学习的成员', en: 'Members who learned' }, width: 14 },
    ...COMMON,
  ],
  person: [
    { key: 'name', header: { zh: '姓名', en: 'Name' }, width: 14 },
    { key: 'detail', header: { zh: '部门', en: 'Departments' }, width: 24 },
    ...COMMON,
  ],
  course: [
    { key: 'name', header: { zh: '课程', en: 'Course' }, width: 30 },
    { key: 'people', header: { zh: '新增学员', en: 'New learners' }, width: 10 },
    ...COMMON,
  ],
};

/**
 * A learning report as XLSX (issue 22 item 6), made by the export job (decision 027): every row of
 * the dimension in the page's order, then the period's totals (each person once).
 */
export function learningReportExport(report: LearningReport): ExportDefinition<LearningQuery> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'learning-report' : '学习报表'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Learning' : '学习报表'),
    columns: (params) => COLUMNS[params.by],
    async *rows({ eid, params, lang }) {
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await report.rows(eid, params, offset, BATCH);
        for (const raw of rows) yield presentRow(raw, lang);
        if (rows.length < BATCH) break;
      }
      const totals = presentTotals(await report.totals(eid, report.totalsQuery(params)));
      yield {
        ...totals,
        name: lang === 'en' ? `Total ${params.from} to ${params.to}` : `合计 ${params.from} 至 ${params.to}`,
        // The person report's departments column: how many people the totals cover.
        detail: lang === 'en' ? `${totals.people} people` : `共 ${totals.people} 人`,
      };
    },
  };
}
