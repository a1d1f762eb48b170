import { enumLabel, type Lang } from '@portal/contract';
import type { ExportDefinition } from '../../platform/exports.ts';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { ExamTasks } from './exam-tasks.ts';

/** What the learner filtered their exam tasks by when asking for the export. */
export interface ExamTaskExportParams {
  statusLabel?: number | undefined;
  keyword?: string | undefined;
}

/**
 * The learner's exam tasks as an XLSX (issue 13 item 2): one row per task of the list's filter,
 * newest window first, made by the export job (decision 027).
 */
export function examTaskExport(exams: ExamTasks): ExportDefinition<ExamTaskExportParams> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'exam-tasks' : '考试任务'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Exam tasks' : '考试任务'),
    columns: [
      { key: 'title', header: { zh: '考试名称', en: 'Exam' }, width: 36 },
      { key: 'startsAt', header: { zh: '开始时间', en: 'Opens' }, width: 18 },
      { key: 'endsAt', header: { zh: '结束时间', en: 'Closes' }, width: 18 },
      { key: 'duration', header: { zh: '考试时长（分钟）', en: 'Duration (minutes)' }, width: 16 },
      { key: 'attempts', header: { zh: '已考次数/允许次数', en: 'Attempts used / allowed' }, width: 18 },
      { key: 'bestScore', header: { zh: '最高分', en: 'Best score' }, width: 10 },
      { key: 'totalScore', header: { zh: '总分', en: 'Total' }, width: 10 },
      { key: 'passScore', header: { zh: '及格分', en: 'Pass score' }, width: 10 },
      { key: 'status', header: { zh: '状态', en: 'Status' }, width: 14 },
    ],
    async *rows({ eid, accountId, params, lang }) {
      for await (const t of exams.allTasks({ eid, accountId }, params)) {
        yield {
          title: t.title,
          startsAt: chinaMinute(t.startsAt),
          endsAt: chinaMinute(t.endsAt),
          duration: t.durationMinutes,
          attempts: `${t.attemptsUsed}/${t.attemptsAllowed}`,
          bestScore: t.bestScore,
          totalScore: t.totalScore,
          passScore: t.passScore,
          status: enumLabel('statusLabel', t.statusLabel, lang),
        };
      }
    },
  };
}
