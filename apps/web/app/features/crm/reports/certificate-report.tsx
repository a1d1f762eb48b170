import { Alert, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  CERTIFICATE_SOURCE_LABELS,
  exportCertificateReport,
  type CertificateReportRow,
  type CertificateReportTotals,
} from '@portal/contract/calls/report';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { Chart } from '../chart.tsx';
import { ExportButton } from '../export-button.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { reportMessages } from './messages.ts';
import { PeriodFilter, TotalCards } from './period-filter.tsx';

/** The certificate report's state in the URL: the period, the title's part and the page. */
export const CERTIFICATE_REPORT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['from', 'to', 'keyword'],
};

export interface CertificateReportData {
  from: string;
  to: string;
  keyword: string;
  totals: CertificateReportTotals | null;
  page: Page<CertificateReportRow> | null;
  error: string | null;
}

const chinaTime = (iso: string, lang: 'zh' | 'en') =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));

const sourceLabel = (type: number, lang: 'zh' | 'en') => CERTIFICATE_SOURCE_LABELS[type]?.[lang] ?? String(type);

/**
 * /crm/reports/certificates: certificates issued in the period, one row per course, task or
 * project that issued them, with the totals by kind, a chart of them, and the XLSX export of
 * every certificate.
 */
export function CertificateReportView(data: CertificateReportData) {
  const t = useMessages(reportMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const columns: ColumnsType<CertificateReportRow> = [
    { key: 'title', title: t.certificateTitle, dataIndex: 'title' },
    {
      key: 'source',
      title: t.source,
      dataIndex: 'sourceType',
      width: 110,
      render: (v: number) => sourceLabel(v, lang),
    },
    { key: 'issued', title: t.issued, dataIndex: 'issued', width: 100, align: 'right' },
    {
      key: 'first',
      title: t.firstIssued,
      dataIndex: 'firstIssuedAt',
      width: 160,
      render: (v: string) => chinaTime(v, lang),
    },
    {
      key: 'last',
      title: t.lastIssued,
      dataIndex: 'lastIssuedAt',
      width: 160,
      render: (v: string) => chinaTime(v, lang),
    },
  ];
  const totals = data.totals;
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.certificateReport}</Typography.Title>
        <ExportButton
          start={() =>
            request(exportCertificateReport, {
              from: data.from,
              to: data.to,
              ...(data.keyword ? { keyword: data.keyword } : {}),
            })
          }
        />
      </Space>
      <PeriodFilter
        query={CERTIFICATE_REPORT_TABLE}
        from={data.from}
        to={data.to}
        keyword={{ label: t.keywordCertificate, value: data.keyword }}
      />
      {data.error && <Alert type="error" showIcon message={data.error} style={{ marginBottom: 16 }} />}
      {totals && (
        <TotalCards
          cells={[
            ['issued', totals.issued, t.totalIssued],
            ['holders', totals.holders, t.totalHolders],
            ...totals.bySource.map(([type, n]): [string, number, string] => [
              `source-${type}`,
              n,
              sourceLabel(type, lang),
            ]),
          ]}
        />
      )}
      {totals && totals.bySource.length > 0 && (
        <Card size="small" title={t.certificateChart} style={{ marginBottom: 16 }}>
          <Chart
            label={t.certificateChart}
            height={200}
            option={{
              grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
              tooltip: { trigger: 'axis' },
              xAxis: { type: 'category', data: totals.bySource.map(([type]) => sourceLabel(type, lang)) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [{ type: 'bar', name: t.issued, data: totals.bySource.map(([, n]) => n) }],
            }}
          />
        </Card>
      )}
      <ServerTable<CertificateReportRow>
        key={lang}
        rowKey={(r) => `${r.sourceType}-${r.sourceId}`}
        columns={columns}
        page={data.page ?? { pageCurrent: 1, pageSize: CERTIFICATE_REPORT_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={CERTIFICATE_REPORT_TABLE}
      />
    </>
  );
}
