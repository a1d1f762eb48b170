import { Alert, Button, DatePicker, Form, InputNumber, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { AUDIT_ENTITY_TYPES, type AuditEntry } from '@portal/contract/calls/back-office';
import type { Page } from '@portal/contract/envelope';
import { useMessages } from '../../lib/i18n.ts';
import { crmMessages, type CrmText } from './messages.ts';
import { ServerTable } from './server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from './table-query.ts';

/** The audit log's table state in the URL: newest first unless sorted by time ascending. */
export const AUDIT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: ['createdAt'],
  filters: ['entityType', 'entityId', 'actorId', 'from', 'to'],
};

const textOf = (t: CrmText, key: string): string => (key in t ? t[key as keyof CrmText] : key);

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(iso),
  );

const JSON_STYLE = { margin: 0, maxWidth: 480, whiteSpace: 'pre-wrap', fontSize: 12 } as const;

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** The filter bar: each filter a URL parameter; searching starts again at page 1. */
function AuditFilters({ t }: { t: CrmText }) {
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, AUDIT_TABLE);
  const f = state.filters;
  const range: [Dayjs, Dayjs] | null = f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null;
  type Values = { entityType?: string; actorId?: number | null; dates?: [Dayjs, Dayjs] | null };
  const apply = (v: Values) => {
    const filters: Record<string, string> = {};
    if (v.entityType) filters.entityType = v.entityType;
    if (v.actorId) filters.actorId = String(v.actorId);
    if (v.dates) {
      filters.from = v.dates[0].format('YYYY-MM-DD');
      filters.to = v.dates[1].format('YYYY-MM-DD');
    }
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, AUDIT_TABLE));
  };
  return (
    <Form<Values>
      layout="inline"
      key={params.toString()}
      initialValues={{ entityType: f.entityType, actorId: f.actorId ? Number(f.actorId) : null, dates: range }}
      onFinish={apply}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="entityType" label={t.entity}>
        <Select
          allowClear
          placeholder={t.allEntities}
          style={{ width: 160 }}
          options={AUDIT_ENTITY_TYPES.map((e) => ({ value: e, label: textOf(t, e) }))}
        />
      </Form.Item>
      <Form.Item name="actorId" label={t.actorId}>
        <InputNumber min={1} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="dates" label={t.dates}>
        <DatePicker.RangePicker allowEmpty={[false, false]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t.search}
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>{t.reset}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** /crm/audit: who changed what, when, and the entity before and after (findAuditLog). */
export function AuditLogView({ page, error }: { page: Page<AuditEntry> | null; error: string | null }) {
  const t = useMessages(crmMessages);
  const columns: ColumnsType<AuditEntry> = [
    { key: 'createdAt', title: t.time, dataIndex: 'createdAt', sorter: true, width: 180, render: timeOf },
    {
      key: 'actor',
      title: t.actor,
      render: (_, e) => (
        <>
          {e.actorName || '—'} <Typography.Text type="secondary">#{e.accountId}</Typography.Text>
        </>
      ),
    },
    { key: 'action', title: t.action, dataIndex: 'action', render: (a: string) => textOf(t, a) },
    {
      key: 'entity',
      title: t.entity,
      render: (_, e) => `${textOf(t, e.entityType)} ${e.entityId}`,
    },
    { key: 'ip', title: t.ip, dataIndex: 'ip', width: 140 },
  ];
  return (
    <>
      <Typography.Title level={4}>{t.auditLog}</Typography.Title>
      <AuditFilters t={t} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AuditEntry>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: AUDIT_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={AUDIT_TABLE}
        expandable={{
          expandedRowRender: (e) => (
            <Space align="start" size="large" wrap>
              <div>
                <Typography.Text strong>{t.before}</Typography.Text>
                <pre style={JSON_STYLE}>{json(e.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t.after}</Typography.Text>
                <pre style={JSON_STYLE}>{json(e.after)}</pre>
              </div>
              <Typography.Text type="secondary">
                {t.requestId}: {e.requestId}
              </Typography.Text>
            </Space>
          ),
        }}
      />
    </>
  );
}
