import { Button, Card, Col, DatePicker, Form, Input, Row, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useMessages } from '../../../lib/i18n.ts';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { reportMessages } from './messages.ts';

/**
 * A report's period, its other fields (`children`, Form.Items named as their URL parameters) and a
 * keyword where it has one: URL parameters; searching starts again at page 1. `fixed` parameters
 * (the learning report's dimension) stay through a search and a reset.
 */
export function PeriodFilter({
  query,
  from,
  to,
  keyword,
  fixed = {},
  initial = {},
  children,
}: {
  query: TableQueryOptions;
  from: string;
  to: string;
  /** The keyword's label and value; no keyword field without it. */
  keyword?: { label: string; value: string } | undefined;
  fixed?: Record<string, string>;
  /** The other fields' values now. */
  initial?: Record<string, unknown>;
  children?: ReactNode;
}) {
  const t = useMessages(reportMessages);
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, query);
  type Values = { dates: [Dayjs, Dayjs] } & Record<string, unknown>;
  const apply = ({ dates, ...others }: Values) => {
    const filters: Record<string, string> = {
      ...fixed,
      from: dates[0].format('YYYY-MM-DD'),
      to: dates[1].format('YYYY-MM-DD'),
    };
    for (const [name, value] of Object.entries(others)) {
      const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
      if (text) filters[name] = text;
    }
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, query));
  };
  return (
    <Form<Values>
      layout="inline"
      key={params.toString()}
      initialValues={{ dates: [dayjs(from), dayjs(to)], keyword: keyword?.value ?? '', ...initial }}
      onFinish={apply}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="dates" label={t.period} rules={[{ required: true }]}>
        <DatePicker.RangePicker allowClear={false} />
      </Form.Item>
      {children}
      {keyword && (
        <Form.Item name="keyword" label={keyword.label}>
          <Input allowClear maxLength={50} style={{ width: 180 }} />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t.search}
          </Button>
          <Button onClick={() => setParams(writeTableQuery({ ...state, filters: fixed, pageCurrent: 1 }, query))}>
            {t.reset}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A report's figures as statistic cards in a row (`data-total` names each for tests). */
export function TotalCards({ cells }: { cells: Array<[key: string, value: number | string, title: string]> }) {
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      {cells.map(([key, value, title]) => (
        <Col key={key} flex="1 1 160px">
          <Card size="small" data-total={key}>
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
