import { useRevalidator, useSearchParams } from 'react-router';
import { App, Button, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { enumLabel } from '@portal/contract/enums';
import { changeInvoice, getAdminInvoiceDownloadUrl, type findAdminInvoices } from '@portal/contract/calls/order-admin';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-call.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { money } from '../../order/order-messages.ts';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { orderAdminMessages } from './messages.ts';

export const INVOICES_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['status'],
};

type InvoicePage = CallResponse<typeof findAdminInvoices>;
type InvoiceRow = InvoicePage['list'][number];

export interface InvoicesData {
  page: InvoicePage | null;
  error: string | null;
}

const emptyPage = { pageCurrent: 1, pageSize: 20, totalCount: 0, list: [] };

/**
 * /crm/invoices: the learners' invoice requests by status; issue one again, red-reverse or void an
 * issued one (only the transitions the server allows are offered), download the PDF.
 */
export function InvoicesView({ page, error }: InvoicesData) {
  const t = useMessages(orderAdminMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, INVOICES_TABLE);
  const change = useAction(async (id: number, action: 'issue' | 'redReverse' | 'void') => {
    await request(changeInvoice, { id, action });
    void message.success(t.changed);
    void revalidator.revalidate();
  });
  const download = useAction(async (id: number) => {
    const link = await request(getAdminInvoiceDownloadUrl, { id });
    const a = document.createElement('a');
    a.href = link.url;
    a.download = link.fileName;
    document.body.append(a);
    a.click();
    a.remove();
  });
  const ask = (title: string, run: () => Promise<unknown>) =>
    void modal.confirm({ title, okText: t.ok, cancelText: t.cancel, onOk: run });

  const columns: ColumnsType<InvoiceRow> = [
    { title: t.orderNo, dataIndex: 'orderNo', key: 'orderNo' },
    { title: t.learner, key: 'learner', render: (_, r) => `${r.learnerName} ${r.phone}` },
    { title: t.goods, dataIndex: 'goodsTitle', key: 'goodsTitle' },
    {
      title: t.title,
      key: 'title',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.title}
          {r.taxNo && <Typography.Text type="secondary">{r.taxNo}</Typography.Text>}
        </Space>
      ),
    },
    { title: t.kind, key: 'kind', render: (_, r) => enumLabel('invoiceKind', r.kind, lang) },
    { title: t.amount, key: 'amount', render: (_, r) => money(Math.round(r.amount * 100)) },
    { title: t.invoiceStatus, key: 'status', render: (_, r) => enumLabel('invoiceStatus', r.status, lang) },
    { title: t.requestedAt, key: 'requestedAt', render: (_, r) => dateTime(r.requestedAt) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, r) => (
        <Space size={0} wrap>
          {r.status === 1 && (
            <Button type="link" size="small" onClick={() => void change.run(r.id, 'issue')}>
              {t.issue}
            </Button>
          )}
          {r.status === 3 && (
            <>
              <Button type="link" size="small" onClick={() => void download.run(r.id)}>
                {t.download}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => ask(t.redReverseConfirm, () => change.run(r.id, 'redReverse'))}
              >
                {t.redReverse}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => ask(t.voidConfirm, () => change.run(r.id, 'void'))}
              >
                {t.void}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={4}>{crm.invoiceAdmin}</Typography.Title>
      <Select
        aria-label={t.invoiceStatus}
        style={{ width: 160, marginBottom: 16 }}
        value={state.filters.status ?? ''}
        onChange={(status: string) =>
          setParams(writeTableQuery({ ...state, pageCurrent: 1, filters: status ? { status } : {} }, INVOICES_TABLE))
        }
        options={[
          { value: '', label: t.allStatus },
          ...[1, 2, 3, 4, 5, 6].map((s) => ({ value: String(s), label: enumLabel('invoiceStatus', s, lang) })),
        ]}
      />
      {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
      <ServerTable<InvoiceRow> rowKey="id" columns={columns} page={page ?? emptyPage} query={INVOICES_TABLE} />
    </>
  );
}
