import { Alert, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { exportExamReport, type ExamReportRow, type ExamReportTotals } from '@portal/contract/calls/report';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { Chart } from '../chart.tsx';
import { ExportButton } from '../export-button.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { reportMessages } from './messages.ts';
import { PeriodFilter, TotalCards } from './period-filter.tsx';

/** The exam report's state in the URL: the period, the title's part and the page. */
export const EXAM_REPORT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['from', 'to', 'keyword'],
};

export interface ExamReportData {
  from: string;
  to: string;
  keyword: string;
  totals: ExamReportTotals | null;
  page: Page<ExamReportRow> | null;
  error: string | null;
}

/** A score, or a dash where no attempt was marked. */
export const scoreText = (n: number | null) => (n === null ? '—' : String(n));

/** A pass rate, or a dash where no attempt is marked yet. */
export const rateText = (n: number | null) => (n === null ? '—' : `${n}%`);

/**
 * /crm/reports/exams: each exam with attempts submitted in the period — takers, marking, the pass
 * rate, scores and certificates — with the period's totals, a chart of this page's pass rates,
 * and the XLSX export. Each exam opens its analysis (distribution, questions most often wrong).
 */
export function ExamReportView(data: ExamReportData) {
  const t = useMessages(reportMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const rows = data.page?.list ?? [];
  const period = `from=${data.from}&to=${data.to}`;
  const columns: ColumnsType<ExamReportRow> = [
    {
      key: 'title',
      title: t.examTitle,
      dataIndex: 'title',
      render: (title: string, r) => (
        <Link to={localePath(`/crm/reports/exams/${r.taskId}?${period}`, lang)}>{title}</Link>
      ),
    },
    { key: 'takers', title: t.takers, dataIndex: 'takers', width: 90, align: 'right' },
    { key: 'attempts', title: t.attempts, dataIndex: 'attempts', width: 90, align: 'right' },
    { key: 'waiting', title: t.waiting, dataIndex: 'waiting', width: 80, align: 'right' },
    { key: 'passed', title: t.passed, dataIndex: 'passed', width: 90, align: 'right' },
    { key: 'passRate', title: t.passRate, dataIndex: 'passRate', width: 90, align: 'right', render: rateText },
    { key: 'average', title: t.averageScore, dataIndex: 'averageScore', width: 80, align: 'right', render: scoreText },
    { key: 'highest', title: t.highestScore, dataIndex: 'highestScore', width: 80, align: 'right', render: scoreText },
    { key: 'lowest', title: t.lowestScore, dataIndex: 'lowestScore', width: 80, align: 'right', render: scoreText },
    { key: 'total', title: t.totalScore, dataIndex: 'totalScore', width: 70, align: 'right' },
    { key: 'certificates', title: t.certificatesIssued, dataIndex: 'certificates', width: 90, align: 'right' },
  ];
  const totals = data.totals;
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.examReport}</Typography.Title>
        <ExportButton
          start={() =>
            request(exportExamReport, {
              from: data.from,
              to: data.to,
              ...(data.keyword ? { keyword: data.keyword } : {}),
            })
          }
        />
      </Space>
      <PeriodFilter
        query={EXAM_REPORT_TABLE}
        from={data.from}
        to={data.to}
        keyword={{ label: t.keywordExam, value: data.keyword }}
      />
      {data.error && <Alert type="error" showIcon message={data.error} style={{ marginBottom: 16 }} />}
      {totals && (
        <TotalCards
          cells={[
            ['tasks', totals.tasks, t.totalTasks],
            ['takers', totals.takers, t.takers],
            ['attempts', totals.attempts, t.attempts],
            ['waiting', totals.waiting, t.waiting],
            ['passRate', rateText(totals.passRate), t.passRate],
            ['certificates', totals.certificates, t.certificatesIssued],
          ]}
        />
      )}
      <Typography.Paragraph type="secondary">{t.examNote}</Typography.Paragraph>
      {rows.length > 0 && (
        <Card size="small" title={t.examChart} style={{ marginBottom: 16 }}>
          <Chart
            label={t.examChart}
            height={Math.max(120, 40 + rows.slice(0, 10).length * 28)}
            option={{
              grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
              tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)}%` },
              xAxis: { type: 'value', max: 100 },
              yAxis: { type: 'category', inverse: true, data: rows.slice(0, 10).map((r) => r.title) },
              series: [{ type: 'bar', name: t.passRate, data: rows.slice(0, 10).map((r) => r.passRate ?? 0) }],
            }}
          />
        </Card>
      )}
      <ServerTable<ExamReportRow>
        key={lang}
        rowKey="taskId"
        columns={columns}
        page={data.page ?? { pageCurrent: 1, pageSize: EXAM_REPORT_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={EXAM_REPORT_TABLE}
      />
    </>
  );
}
