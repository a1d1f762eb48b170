import { Alert, Card, Col, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CallResponse } from '@portal/contract/call';
import type { viewAssistantUsage } from '@portal/contract/calls/assistant';
import { format, useMessages } from '../../../lib/i18n.ts';
import { Chart } from '../chart.tsx';
import { PeriodFilter, TotalCards } from '../reports/period-filter.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { everyDay, type UsageDay } from './assistant-form.ts';
import { AssistantHeader } from './assistant-header.tsx';
import { assistantMessages } from './assistant-messages.ts';

/** The usage's state in the URL: its period (the last 30 days, China time, by default). */
export const ASSISTANT_USAGE_QUERY: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20],
  sortable: [],
  filters: ['from', 'to'],
};

type Usage = CallResponse<typeof viewAssistantUsage>;
type TopLearner = Usage['top'][number];

export interface AssistantUsageData {
  from: string;
  to: string;
  usage: Usage | null;
  /** A period the gateway refused (too long, backwards), in the page's language. */
  error: string | null;
}

/**
 * /crm/assistant/usage: the assistant's usage over the URL's period (viewAssistantUsage) —
 * questions, learners who asked and tokens in all, a chart and a table by day, and the ten
 * learners who asked most.
 */
export function AssistantUsageView({ from, to, usage, error }: AssistantUsageData) {
  const t = useMessages(assistantMessages);
  const dayColumns: ColumnsType<UsageDay> = [
    { key: 'day', title: t.day, dataIndex: 'day' },
    { key: 'questions', title: t.questions, dataIndex: 'questions', align: 'right' },
    { key: 'learners', title: t.learners, dataIndex: 'learners', align: 'right' },
    { key: 'prompt', title: t.promptTokens, dataIndex: 'promptTokens', align: 'right' },
    { key: 'completion', title: t.completionTokens, dataIndex: 'completionTokens', align: 'right' },
  ];
  const topColumns: ColumnsType<TopLearner> = [
    { key: 'rank', title: t.rank, width: 70, render: (_, _r, i) => i + 1 },
    { key: 'name', title: t.learner, render: (_, r) => r.name || format(t.account, { id: r.accountId }) },
    { key: 'questions', title: t.questions, dataIndex: 'questions', align: 'right' },
    { key: 'prompt', title: t.promptTokens, dataIndex: 'promptTokens', align: 'right' },
    { key: 'completion', title: t.completionTokens, dataIndex: 'completionTokens', align: 'right' },
  ];
  const daily = usage && usage.totals.questions > 0 ? everyDay(from, to, usage.days) : [];
  return (
    <>
      <AssistantHeader active="usage" />
      <PeriodFilter query={ASSISTANT_USAGE_QUERY} from={from} to={to} />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t.usageNote}</Typography.Paragraph>
      {usage && (
        <>
          <TotalCards
            cells={[
              ['questions', usage.totals.questions, t.questions],
              ['learners', usage.totals.learners, t.learners],
              ['promptTokens', usage.totals.promptTokens, t.promptTokens],
              ['completionTokens', usage.totals.completionTokens, t.completionTokens],
            ]}
          />
          {daily.length > 0 && (
            <Card size="small" title={t.usageChart} style={{ marginBottom: 16 }}>
              <Chart
                label={t.usageChart}
                height={220}
                option={{
                  grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
                  tooltip: { trigger: 'axis' },
                  legend: { top: 0 },
                  xAxis: { type: 'category', data: daily.map((d) => d.day.slice(5)) },
                  yAxis: { type: 'value', minInterval: 1 },
                  series: [
                    { type: 'bar', name: t.questions, data: daily.map((d) => d.questions) },
                    { type: 'line', name: t.learners, data: daily.map((d) => d.learners) },
                  ],
                }}
              />
            </Card>
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <section aria-label={t.byDay}>
                <Card size="small" title={t.byDay}>
                  <Table<UsageDay>
                    rowKey="day"
                    size="small"
                    columns={dayColumns}
                    // The latest day first.
                    dataSource={[...usage.days].reverse()}
                    pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                    locale={{ emptyText: <Typography.Text>{t.noUsage}</Typography.Text> }}
                  />
                </Card>
              </section>
            </Col>
            <Col xs={24} xl={12}>
              <section aria-label={t.topLearners}>
                <Card size="small" title={t.topLearners}>
                  <Table<TopLearner>
                    rowKey="accountId"
                    size="small"
                    columns={topColumns}
                    dataSource={usage.top}
                    pagination={false}
                    locale={{ emptyText: <Typography.Text>{t.noUsage}</Typography.Text> }}
                  />
                </Card>
              </section>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
