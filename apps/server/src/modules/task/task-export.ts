import { enumLabel, type Lang } from '@portal/contract';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { ExportDefinition } from '../../platform/exports.ts';
import type { ListFilter } from './task.repository.ts';
import type { TaskLearning } from './task-learning.ts';

/**
 * The learner's task records as an XLSX (/account?change=2, issue 20 item 2): one row per task of
 * the list's filter, newest window first, made by the export job (decision 027).
 */
export function taskRelationExport(learning: TaskLearning): ExportDefinition<ListFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'study-tasks' : '学习任务记录'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Study tasks' : '学习任务'),
    columns: [
      { key: 'title', header: { zh: '任务名称', en: 'Task' }, width: 36 },
      { key: 'taskType', header: { zh: '任务类型', en: 'Type' }, width: 10 },
      { key: 'startsAt', header: { zh: '开始时间', en: 'Starts' }, width: 18 },
      { key: 'endsAt', header: { zh: '结束时间', en: 'Ends' }, width: 18 },
      { key: 'status', header: { zh: '状态', en: 'Status' }, width: 12 },
      { key: 'progress', header: { zh: '进度（%）', en: 'Progress (%)' }, width: 12 },
      { key: 'completedAt', header: { zh: '完成时间', en: 'Completed' }, width: 18 },
      { key: 'creditHour', header: { zh: '获得学时', en: 'Credit hours earned' }, width: 14 },
      { key: 'points', header: { zh: '获得积分', en: 'Points earned' }, width: 12 },
    ],
    async *rows({ eid, accountId, params, lang }) {
      for await (const r of learning.allRelations({ eid, accountId }, params)) {
        yield {
          title: r.title,
          taskType: enumLabel('taskType', r.taskType, lang),
          startsAt: chinaMinute(r.startsAt),
          endsAt: chinaMinute(r.endsAt),
          status: enumLabel('statusLabel', r.statusLabel, lang),
          progress: r.progressPercent,
          completedAt: chinaMinute(r.completedAt),
          creditHour: r.earnedCreditTenths / 10,
          points: r.earnedPoints,
        };
      }
    },
  };
}
