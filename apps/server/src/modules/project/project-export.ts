import { enumLabel, type Lang } from '@portal/contract';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { ExportDefinition } from '../../platform/exports.ts';
import type { ProjectRecords, RecordFilter } from './project-records.ts';

/**
 * The learner's project records as an XLSX (issue 20 item 2): one row per project of the list's
 * filter, made by the export job (decision 027).
 */
export function projectRecordExport(records: ProjectRecords): ExportDefinition<RecordFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'project-records' : '项目记录'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Project records' : '项目记录'),
    columns: [
      { key: 'title', header: { zh: '项目名称', en: 'Project' }, width: 36 },
      { key: 'startsAt', header: { zh: '开始时间', en: 'Starts' }, width: 18 },
      { key: 'endsAt', header: { zh: '结束时间', en: 'Ends' }, width: 18 },
      { key: 'status', header: { zh: '状态', en: 'Status' }, width: 12 },
      { key: 'progress', header: { zh: '学习进度', en: 'Progress' }, width: 12 },
      { key: 'tasks', header: { zh: '已完成任务/任务数', en: 'Tasks completed / tasks' }, width: 18 },
      { key: 'completedAt', header: { zh: '完成时间', en: 'Completed' }, width: 18 },
      { key: 'creditHour', header: { zh: '获得学时', en: 'Hours earned' }, width: 10 },
      { key: 'points', header: { zh: '获得积分', en: 'Points earned' }, width: 10 },
      { key: 'certificate', header: { zh: '证书', en: 'Certificate' }, width: 10 },
    ],
    async *rows({ eid, accountId, params, lang }) {
      for await (const r of records.allRecords({ eid, accountId }, params)) {
        yield {
          title: r.title,
          startsAt: chinaMinute(r.startsAt),
          endsAt: chinaMinute(r.endsAt),
          status: enumLabel('statusLabel', r.statusLabel, lang),
          progress: `${r.progressPercent}%`,
          tasks: `${r.completedTaskCount}/${r.taskCount}`,
          completedAt: chinaMinute(r.completedAt),
          creditHour: r.creditHour,
          points: r.points,
          certificate: r.certificateEarned ? (lang === 'en' ? 'Yes' : '已获得') : '',
        };
      }
    },
  };
}
