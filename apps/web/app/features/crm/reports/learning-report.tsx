import { Alert, Card, Form, Select, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import type { DepartmentNode } from '@portal/contract/calls/people';
import {
  exportLearningReport,
  type LearningReportBy,
  type LearningReportRow,
  type LearningReportTotals,
} from '@portal/contract/calls/report';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { Chart } from '../chart.tsx';
import { ExportButton } from '../export-button.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { reportMessages } from './messages.ts';
import { PeriodFilter, TotalCards } from './period-filter.tsx';

/** The report's state in the URL: the dimension, the period, the filters and the page. */
export const REPORT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['by', 'from', 'to', 'departmentId', 'keyword'],
};

export interface LearningReportData {
  by: LearningReportBy;
  from: string;
  to: string;
  departmentId: number | null;
  keyword: string;
  totals: LearningReportTotals | null;
  page: Page<LearningReportRow> | null;
  departments: DepartmentNode[];
  error: string | null;
}

type Texts = Record<keyof (typeof reportMessages)['zh'], string>;

/** The columns of each dimension (the export's are the same). */
function columnsOf(t: Texts, by: LearningReportBy): ColumnsType<LearningReportRow> {
  const common: ColumnsType<LearningReportRow> = [
    { key: 'completions', title: t.completions, dataIndex: 'completions', width: 120, align: 'right' },
    { key: 'creditHours', title: t.creditHours, dataIndex: 'creditHours', width: 100, align: 'right' },
    { key: 'points', title: t.points, dataIndex: 'points', width: 100, align: 'right' },
  ];
  if (by === 'person') {
    return [
      { key: 'name', title: t.personName, dataIndex: 'name' },
      { key: 'detail', title: t.departments, dataIndex: 'detail', ellipsis: true },
      ...common,
    ];
  }
  if (by === 'course') {
    return [
      { key: 'name', title: t.courseName, dataIndex: 'name' },
      { key: 'people', title: t.newLearners, dataIndex: 'people', width: 110, align: 'right' },
      ...common,
    ];
  }
  return [
    { key: 'name', title: t.departmentName, dataIndex: 'name' },
    { key: 'people', title: t.members, dataIndex: 'people', width: 100, align: 'right' },
    { key: 'active', title: t.active, dataIndex: 'active', width: 140, align: 'right' },
    ...common,
  ];
}

/** The period and the dimension's filters (a department, a name or title): URL parameters. */
function Filters({ t, data }: { t: Texts; data: LearningReportData }) {
  return (
    <PeriodFilter
      query={REPORT_TABLE}
      from={data.from}
      to={data.to}
      fixed={{ by: data.by }}
      initial={{ departmentId: data.departmentId }}
      keyword={
        data.by === 'department'
          ? undefined
          : { label: data.by === 'person' ? t.keywordPerson : t.keywordCourse, value: data.keyword }
      }
    >
      {data.by === 'person' && (
        <Form.Item name="departmentId" label={t.department}>
          <Select
            allowClear
            placeholder={t.allDepartments}
            style={{ width: 180 }}
            options={data.departments.map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
      )}
    </PeriodFilter>
  );
}

function Totals({ t, by, totals }: { t: Texts; by: LearningReportBy; totals: LearningReportTotals }) {
  const cells: Array<[string, number, string]> =
    by === 'course'
      ? [
          ['people', totals.people, t.totalNewLearners],
          ['completions', totals.completions, t.totalCompletions],
          ['credit', totals.creditHours, t.totalCredit],
          ['points', totals.points, t.totalPoints],
        ]
      : [
          ['people', totals.people, t.totalPeople],
          ['active', totals.active, t.totalActive],
          ['completions', totals.completions, t.totalCompletions],
          ['credit', totals.creditHours, t.totalCredit],
          ['points', totals.points, t.totalPoints],
        ];
  return <TotalCards cells={cells} />;
}

/**
 * /crm/reports: learning over a period by department, person or course — the period's totals,
 * a chart of this page's ten with the most credit hours, the table, and its XLSX export.
 */
export function LearningReportView(data: LearningReportData) {
  const t = useMessages(reportMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, REPORT_TABLE);
  const rows = data.page?.list ?? [];
  const top = [...rows].sort((x, y) => y.creditHours - x.creditHours).slice(0, 10);
  const switchTo = (by: string) =>
    setParams(
      writeTableQuery({ ...state, pageCurrent: 1, filters: { by, from: data.from, to: data.to } }, REPORT_TABLE),
    );
  const exportParams = {
    by: data.by,
    from: data.from,
    to: data.to,
    ...(data.by === 'person' && data.departmentId ? { departmentId: data.departmentId } : {}),
    ...(data.by !== 'department' && data.keyword ? { keyword: data.keyword } : {}),
  };
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.learningReport}</Typography.Title>
        <ExportButton start={() => request(exportLearningReport, exportParams)} />
      </Space>
      <Tabs
        activeKey={data.by}
        onChange={switchTo}
        items={[
          { key: 'department', label: t.byDepartment },
          { key: 'person', label: t.byPerson },
          { key: 'course', label: t.byCourse },
        ]}
      />
      <Filters t={t} data={data} />
      {data.error && <Alert type="error" showIcon message={data.error} style={{ marginBottom: 16 }} />}
      {data.totals && <Totals t={t} by={data.by} totals={data.totals} />}
      <Typography.Paragraph type="secondary">{t.totalsNote}</Typography.Paragraph>
      {top.length > 0 && (
        <Card size="small" title={t.chart} style={{ marginBottom: 16 }}>
          <Chart
            label={t.chart}
            height={240}
            option={{
              grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
              tooltip: { trigger: 'axis' },
              xAxis: { type: 'value' },
              yAxis: { type: 'category', inverse: true, data: top.map((r) => r.name) },
              series: [{ type: 'bar', name: t.creditHours, data: top.map((r) => r.creditHours) }],
            }}
          />
        </Card>
      )}
      <ServerTable<LearningReportRow>
        key={`${data.by}-${lang}`}
        rowKey="key"
        columns={columnsOf(t, data.by)}
        page={data.page ?? { pageCurrent: 1, pageSize: REPORT_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={REPORT_TABLE}
      />
    </>
  );
}
