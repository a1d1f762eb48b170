import { Alert, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import {
  SCORE_BANDS,
  exportExamReport,
  type ExamQuestionReportRow,
  type ExamReportRow,
} from '@portal/contract/calls/report';
import type { Page } from '@portal/contract/envelope';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { Chart } from '../chart.tsx';
import { ExportButton } from '../export-button.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { rateText, scoreText } from './exam-report.tsx';
import { reportMessages } from './messages.ts';
import { PeriodFilter, TotalCards } from './period-filter.tsx';

/** One exam's analysis in the URL: the period and the questions' page. */
export const EXAM_TASK_REPORT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['from', 'to'],
};

export interface ExamTaskReportData {
  id: number;
  from: string;
  to: string;
  row: ExamReportRow | null;
  passScore: number | null;
  distribution: number[];
  questions: Page<ExamQuestionReportRow> | null;
  error: string | null;
}

/** A band's label: its percents of the paper's total. */
const bandLabel = (b: (typeof SCORE_BANDS)[number], lang: 'zh' | 'en') =>
  b.from === 0 ? (lang === 'en' ? `Under ${b.to}%` : `${b.to}%以下`) : `${b.from}%–${b.to === 100 ? 100 : b.to - 1}%`;

/**
 * /crm/reports/exams/:id: one exam over the period — its figures, the distribution of the marked
 * attempts' scores, and its questions most often wrong first — and the questions' XLSX export.
 */
export function ExamTaskReportView(data: ExamTaskReportData) {
  const t = useMessages(reportMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const row = data.row;
  const columns: ColumnsType<ExamQuestionReportRow> = [
    { key: 'stem', title: t.stem, dataIndex: 'stem', ellipsis: true },
    {
      key: 'type',
      title: t.questionType,
      dataIndex: 'questionType',
      width: 90,
      render: (v: number) => enumLabel('questionType', v, lang),
    },
    { key: 'given', title: t.given, dataIndex: 'given', width: 90, align: 'right' },
    { key: 'right', title: t.right, dataIndex: 'right', width: 70, align: 'right' },
    { key: 'partly', title: t.partly, dataIndex: 'partly', width: 90, align: 'right' },
    { key: 'wrong', title: t.wrong, dataIndex: 'wrong', width: 70, align: 'right' },
    { key: 'unanswered', title: t.unanswered, dataIndex: 'unanswered', width: 100, align: 'right' },
    { key: 'wrongRate', title: t.wrongRate, dataIndex: 'wrongRate', width: 80, align: 'right', render: rateText },
    { key: 'average', title: t.averageGot, dataIndex: 'averageScore', width: 90, align: 'right' },
    { key: 'score', title: t.worth, dataIndex: 'score', width: 70, align: 'right' },
  ];
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>
          {crm.examTaskReport}
          {row ? `：${row.title}` : ''}
        </Typography.Title>
        <Space>
          <Link to={localePath(`/crm/reports/exams?from=${data.from}&to=${data.to}`, lang)}>{t.backToExams}</Link>
          {row && (
            <ExportButton start={() => request(exportExamReport, { from: data.from, to: data.to, taskId: data.id })} />
          )}
        </Space>
      </Space>
      <PeriodFilter query={EXAM_TASK_REPORT_TABLE} from={data.from} to={data.to} />
      {data.error && <Alert type="error" showIcon message={data.error} style={{ marginBottom: 16 }} />}
      {row && (
        <TotalCards
          cells={[
            ['takers', row.takers, t.takers],
            ['attempts', row.attempts, t.attempts],
            ['waiting', row.waiting, t.waiting],
            ['passRate', rateText(row.passRate), t.passRate],
            ['average', scoreText(row.averageScore), `${t.averageScore} / ${t.totalScore} ${row.totalScore}`],
            ['passScore', data.passScore ?? '—', t.passScore],
            ['certificates', row.certificates, t.certificatesIssued],
          ]}
        />
      )}
      {row && (
        <Card size="small" title={t.distribution} style={{ marginBottom: 16 }}>
          <Chart
            label={t.distribution}
            height={220}
            option={{
              grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
              tooltip: { trigger: 'axis' },
              xAxis: { type: 'category', data: SCORE_BANDS.map((b) => bandLabel(b, lang)) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [{ type: 'bar', name: t.bandAttempts, data: data.distribution }],
            }}
          />
        </Card>
      )}
      {row && (
        <>
          <Typography.Title level={5}>{t.questions}</Typography.Title>
          <ServerTable<ExamQuestionReportRow>
            key={lang}
            rowKey="questionId"
            columns={columns}
            page={
              data.questions ?? {
                pageCurrent: 1,
                pageSize: EXAM_TASK_REPORT_TABLE.defaultSize,
                totalCount: 0,
                list: [],
              }
            }
            query={EXAM_TASK_REPORT_TABLE}
          />
        </>
      )}
    </>
  );
}
