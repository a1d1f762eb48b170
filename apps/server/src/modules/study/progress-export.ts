import type { Lang } from '@portal/contract';
import type { ExportDefinition } from '../../platform/exports.ts';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { StudyService } from './study.service.ts';

/** What the learner filtered my study by when asking for the export. */
export interface ProgressExportParams {
  status: number;
  keyword?: string | undefined;
}

/**
 * The course progress export of my study (issue 12 item 6): one row per course of the learner's
 * filter, last studied first, made by the export job (decision 027).
 */
export function courseProgressExport(study: StudyService): ExportDefinition<ProgressExportParams> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'course-progress' : '课程学习进度'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Course progress' : '课程学习进度'),
    columns: [
      { key: 'title', header: { zh: '课程名称', en: 'Course' }, width: 36 },
      { key: 'lecturer', header: { zh: '讲师', en: 'Lecturer' }, width: 14 },
      { key: 'percent', header: { zh: '学习进度（%）', en: 'Progress (%)' }, width: 14 },
      { key: 'periods', header: { zh: '已完成课时', en: 'Periods completed' }, width: 14 },
      { key: 'minutes', header: { zh: '学习时长（分钟）', en: 'Study time (minutes)' }, width: 18 },
      { key: 'startedAt', header: { zh: '开始学习时间', en: 'Started' }, width: 18 },
      { key: 'lastStudiedAt', header: { zh: '最近学习时间', en: 'Last studied' }, width: 18 },
      { key: 'completedAt', header: { zh: '完成时间', en: 'Completed' }, width: 18 },
      { key: 'credit', header: { zh: '学时/学分', en: 'Credit hours / credits' }, width: 14 },
      { key: 'points', header: { zh: '积分', en: 'Points' }, width: 10 },
    ],
    async *rows({ eid, accountId, params }) {
      for await (const c of study.allCourseProgress({ eid, accountId }, params)) {
        yield {
          title: c.title,
          lecturer: c.lecturerName,
          percent: c.percent,
          periods: `${c.completedPeriods}/${c.requiredPeriods}`,
          minutes: Math.round(c.studiedSeconds / 6) / 10,
          startedAt: chinaMinute(c.startedAt),
          lastStudiedAt: chinaMinute(c.lastStudiedAt),
          completedAt: c.completedAt ? chinaMinute(c.completedAt) : null,
          credit: c.creditHour,
          points: c.points,
        };
      }
    },
  };
}
