import { CERTIFICATE_SOURCE_LABELS, enumLabel, type Lang } from '@portal/contract';
import type { ExportColumn, ExportDefinition } from '../../platform/exports.ts';
import { chinaTimeFormat } from '../../platform/china-time.ts';
import type { ExamFilter } from './exam-report.repository.ts';
import { presentExamRow, presentExamTotals, presentQuestion, type ExamReport } from './exam-report.ts';
import { fileStamp } from '../../platform/china-time.ts';

/** Rows read per step: memory stays bounded however many tasks, questions or certificates. */
const BATCH = 1000;

export interface ExamExportParams extends ExamFilter {
  taskId?: number | undefined;
}

const TASK_COLUMNS: ExportColumn[] = [
  { key: 'title', header: { zh: '考试', en: 'Exam' }, width: 30 },
  { key: 'takers', header: { zh: '参考人数', en: 'Takers' }, width: 10 },
  { key: 'attempts', header: { zh: '交卷次数', en: 'Attempts' }, width: 10 },
  { key: 'waiting', header: { zh: '待阅卷', en: 'To mark' }, width: 10 },
  { key: 'passed', header: { zh: '通过人数', en: 'Passed' }, width: 10 },
  { key: 'passRate', header: { zh: '通过率(%)', en: 'Pass rate (%)' }, width: 12 },
  { key: 'averageScore', header: { zh: '平均分', en: 'Average' }, width: 10 },
  { key: 'highestScore', header: { zh: '最高分', en: 'Highest' }, width: 10 },
  { key: 'lowestScore', header: { zh: '最低分', en: 'Lowest' }, width: 10 },
  { key: 'totalScore', header: { zh: '总分', en: 'Total score' }, width: 10 },
  { key: 'certificates', header: { zh: '发放证书', en: 'Certificates' }, width: 10 },
];

const QUESTION_COLUMNS: ExportColumn[] = [
  { key: 'stem', header: { zh: '题干', en: 'Question' }, width: 50 },
  { key: 'type', header: { zh: '题型', en: 'Type' }, width: 10 },
  { key: 'given', header: { zh: '作答次数', en: 'Given' }, width: 10 },
  { key: 'right', header: { zh: '答对', en: 'Right' }, width: 8 },
  { key: 'partly', header: { zh: '部分正确', en: 'Partly right' }, width: 10 },
  { key: 'wrong', header: { zh: '答错', en: 'Wrong' }, width: 8 },
  { key: 'unanswered', header: { zh: '未作答', en: 'Unanswered' }, width: 10 },
  { key: 'wrongRate', header: { zh: '错误率(%)', en: 'Wrong (%)' }, width: 10 },
  { key: 'averageScore', header: { zh: '平均得分', en: 'Average score' }, width: 10 },
  { key: 'score', header: { zh: '分值', en: 'Worth' }, width: 8 },
];

/**
 * The exam report as XLSX (issue 22 item 6), made by the export job (decision 027): every task's
 * row and the period's totals; with a task id, that task's questions, most often wrong first.
 */
export function examReportExport(report: ExamReport): ExportDefinition<ExamExportParams> {
  return {
    fileName: (lang: Lang, params) =>
      `${lang === 'en' ? (params.taskId ? 'exam-questions' : 'exam-report') : params.taskId ? '考试试题分析' : '考试报表'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Exams' : '考试报表'),
    columns: (params) => (params.taskId ? QUESTION_COLUMNS : TASK_COLUMNS),
    async *rows({ eid, params, lang }) {
      const { taskId } = params;
      if (taskId) {
        for (let offset = 0; ; offset += BATCH) {
          const { rows } = await report.repo.questions(eid, taskId, params, offset, BATCH);
          for (const raw of rows) {
            const q = presentQuestion(raw);
            yield { ...q, type: enumLabel('questionType', q.questionType, lang) };
          }
          if (rows.length < BATCH) break;
        }
        return;
      }
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await report.repo.tasks(eid, params, offset, BATCH);
        for (const raw of rows) yield presentExamRow(raw);
        if (rows.length < BATCH) break;
      }
      const totals = presentExamTotals(await report.repo.totals(eid, params));
      yield {
        ...totals,
        title:
          lang === 'en'
            ? `Total ${params.from} to ${params.to}: ${totals.tasks} exams`
            : `合计 ${params.from} 至 ${params.to}：${totals.tasks} 场考试`,
      };
    },
  };
}

const beijing = (d: Date, lang: Lang) => chinaTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB').format(d);

/**
 * Every certificate issued in the period as XLSX (issue 22 item 6), in keyset steps by id: its
 * number, holder, departments, what issued it, the score and when.
 */
export function certificateReportExport(report: ExamReport): ExportDefinition<ExamFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'certificates-issued' : '证书发放'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Certificates' : '证书发放'),
    columns: [
      { key: 'number', header: { zh: '证书编号', en: 'Number' }, width: 22 },
      { key: 'holderName', header: { zh: '姓名', en: 'Name' }, width: 14 },
      { key: 'employeeNo', header: { zh: '工号', en: 'Employee no.' }, width: 12 },
      { key: 'departments', header: { zh: '部门', en: 'Departments' }, width: 20 },
      { key: 'title', header: { zh: '证书名称', en: 'Certificate' }, width: 30 },
      { key: 'source', header: { zh: '来源', en: 'Issued for' }, width: 10 },
      { key: 'score', header: { zh: '成绩', en: 'Score' }, width: 8 },
      { key: 'issuedAt', header: { zh: '发放时间', en: 'Issued' }, width: 18 },
      { key: 'validUntil', header: { zh: '有效期至', en: 'Valid until' }, width: 18 },
    ],
    async *rows({ eid, params, lang }) {
      for (let after = 0; ;) {
        const rows = await report.repo.issued(eid, params, after, BATCH);
        for (const c of rows) {
          yield {
            number: c.number,
            holderName: c.holderName,
            employeeNo: c.employeeNo,
            departments: c.departments,
            title: c.title,
            source: CERTIFICATE_SOURCE_LABELS[c.sourceType]?.[lang] ?? String(c.sourceType),
            score: c.scoreTenths === null ? '' : c.scoreTenths / 10,
            issuedAt: beijing(c.issuedAt, lang),
            validUntil: c.validUntil ? beijing(c.validUntil, lang) : lang === 'en' ? 'No end' : '长期有效',
          };
        }
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}
