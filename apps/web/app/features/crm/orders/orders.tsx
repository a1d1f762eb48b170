import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import {
  App,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { enumLabel } from '@portal/contract/enums';
import {
  confirmTradePayment,
  exportAdminOrders,
  refundOrder,
  viewAdminOrder,
  type AdminOrderItem,
} from '@portal/contract/calls/order-admin';
import type { Page } from '@portal/contract/envelope';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../../lib/api.ts';
import { useAction, useLoad } from '../../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { orderMessages, money } from '../../order/order-messages.ts';
import { ExportButton } from '../export-button.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { orderAdminMessages } from './messages.ts';

/** The list's state in the URL (decision 057). */
export const ORDERS_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['status', 'payMethod', 'keyword', 'confirming'],
};

export interface OrdersData {
  page: Page<AdminOrderItem> | null;
  error: string | null;
}

const STATUSES = [1, 2, 3, 4, 5, 6] as const;
const METHODS = [9, 10, 11, 12, 13, 14] as const;
const STATUS_COLOR: Record<number, string> = { 1: 'error', 2: 'success' };
const emptyPage = { pageCurrent: 1, pageSize: 20, totalCount: 0, list: [] };

/** /crm/orders: the enterprise's orders, filtered on the server; an order's payments in a drawer. */
export function OrdersView({ page, error }: OrdersData) {
  const t = useMessages(orderAdminMessages);
  const o = useMessages(orderMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, ORDERS_TABLE);
  const [open, setOpen] = useState<number | null>(null);
  const filter = (name: string, value: string) =>
    setParams(
      writeTableQuery({ ...state, pageCurrent: 1, filters: { ...state.filters, [name]: value } }, ORDERS_TABLE),
    );
  const statusText = (r: AdminOrderItem) => (r.confirming ? t.waitingConfirm : o[`status${r.status}`]);
  // The export takes the list's filter as the page's loader sends it (routes/crm-orders.tsx).
  const status = Number(state.filters.status);
  const payMethod = Number(state.filters.payMethod);
  const exportFilter = {
    keyword: state.filters.keyword ?? '',
    confirming: state.filters.confirming === '1' ? ('1' as const) : ('0' as const),
    ...(status ? { status: status as 1 } : {}),
    ...(payMethod ? { payMethod: payMethod as 9 } : {}),
  };

  const columns: ColumnsType<AdminOrderItem> = [
    { title: t.orderNo, dataIndex: 'orderNo', key: 'orderNo' },
    {
      title: t.learner,
      key: 'learner',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.learnerName}
          <Typography.Text type="secondary">{r.phone}</Typography.Text>
        </Space>
      ),
    },
    { title: t.goods, dataIndex: 'goodsTitle', key: 'goodsTitle' },
    { title: t.amount, key: 'amount', render: (_, r) => money(r.amountFen) },
    {
      title: t.method,
      key: 'payMethod',
      render: (_, r) => (r.payMethod ? enumLabel('paymentMethod', r.payMethod, lang) : ''),
    },
    {
      title: t.status,
      key: 'status',
      render: (_, r) => <Tag color={r.confirming ? undefined : STATUS_COLOR[r.status]}>{statusText(r)}</Tag>,
    },
    { title: t.createdAt, key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {t.detail}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={4}>{crm.orderList}</Typography.Title>
        <ExportButton start={() => request(exportAdminOrders, exportFilter)} />
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={state.filters.keyword ?? ''}
          aria-label={t.keyword}
          placeholder={t.keywordPlaceholder}
          defaultValue={state.filters.keyword ?? ''}
          allowClear
          style={{ width: 300 }}
          onSearch={(v) => filter('keyword', v.trim())}
        />
        <Select
          aria-label={t.status}
          style={{ width: 140 }}
          value={state.filters.status ?? ''}
          onChange={(v: string) => filter('status', v)}
          options={[
            { value: '', label: t.allStatus },
            ...STATUSES.map((s) => ({ value: String(s), label: o[`status${s}`] })),
          ]}
        />
        <Select
          aria-label={t.method}
          style={{ width: 160 }}
          value={state.filters.payMethod ?? ''}
          onChange={(v: string) => filter('payMethod', v)}
          options={[
            { value: '', label: t.allMethods },
            ...METHODS.map((m) => ({ value: String(m), label: enumLabel('paymentMethod', m, lang) })),
          ]}
        />
        <Checkbox
          checked={state.filters.confirming === '1'}
          onChange={(e) => filter('confirming', e.target.checked ? '1' : '')}
        >
          {t.confirming}
        </Checkbox>
      </Space>
      {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
      <ServerTable<AdminOrderItem> rowKey="id" columns={columns} page={page ?? emptyPage} query={ORDERS_TABLE} />
      {open !== null && <OrderDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

type OrderDetail = CallResponse<typeof viewAdminOrder>;

/** One order: its payments (receipts, confirmation), refunds, invoice and the notifications received. */
function OrderDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(orderAdminMessages);
  const o = useMessages(orderMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const revalidator = useRevalidator();
  const detail = useLoad((signal) => request(viewAdminOrder, { id }, { signal }), [id]);
  const [refunding, setRefunding] = useState(false);
  const after = async (text: string) => {
    void message.success(text);
    await detail.reload();
    void revalidator.revalidate();
  };
  const confirm = useAction(async (tradeId: number) => {
    await request(confirmTradePayment, { tradeId });
    await after(t.confirmed);
  });
  const d: OrderDetail | undefined = detail.data;
  const tradeColumns: ColumnsType<OrderDetail['trades'][number]> = [
    { title: t.outTradeNo, dataIndex: 'outTradeNo', key: 'outTradeNo' },
    { title: t.method, key: 'method', render: (_, r) => enumLabel('paymentMethod', r.method, lang) },
    { title: t.tradeStatus, key: 'status', render: (_, r) => t[`trade${r.status}`] },
    {
      title: t.receipt,
      key: 'receipt',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          {r.receiptUrl ? (
            <a href={r.receiptUrl} target="_blank" rel="noopener noreferrer">
              {t.viewReceipt}
            </a>
          ) : null}
          {r.note}
          {r.confirmedBy ? format(t.confirmedBy, { name: r.confirmedBy }) : null}
        </Space>
      ),
    },
    {
      title: t.actions,
      key: 'actions',
      render: (_, r) =>
        d?.status === 1 && (r.method === 9 || r.method === 14) && (r.status === 1 || r.status === 4) ? (
          <Button
            type="primary"
            size="small"
            loading={confirm.running}
            onClick={() =>
              void modal.confirm({
                title: t.confirmTitle,
                content: t.confirmHint,
                okText: t.ok,
                cancelText: t.cancel,
                onOk: () => confirm.run(r.id),
              })
            }
          >
            {t.confirm}
          </Button>
        ) : null,
    },
  ];
  return (
    <Drawer open size={760} title={d ? d.orderNo : t.detail} onClose={onClose} destroyOnHidden>
      {d && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'learner', label: t.learner, children: `${d.learnerName} ${d.phone}` },
              { key: 'goods', label: t.goods, children: d.goodsTitle },
              { key: 'amount', label: t.amount, children: money(d.amountFen) },
              { key: 'status', label: t.status, children: d.confirming ? t.waitingConfirm : o[`status${d.status}`] },
              { key: 'created', label: t.createdAt, children: dateTime(d.createdAt) },
              ...(d.paidAt ? [{ key: 'paid', label: t.paidAt, children: dateTime(d.paidAt) }] : []),
              {
                key: 'invoice',
                label: t.invoice,
                children: d.invoice ? enumLabel('invoiceStatus', d.invoice.status, lang) : t.none,
              },
            ]}
          />
          {d.status === 2 && (
            <Button danger onClick={() => setRefunding(true)}>
              {t.refund}
            </Button>
          )}
          <section aria-label={t.trades}>
            <Typography.Title level={5}>{t.trades}</Typography.Title>
            <Table rowKey="id" size="small" pagination={false} columns={tradeColumns} dataSource={d.trades} />
          </section>
          {d.refunds.length > 0 && (
            <section aria-label={t.refunds}>
              <Typography.Title level={5}>{t.refunds}</Typography.Title>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={d.refunds}
                columns={[
                  { title: t.amount, key: 'amount', render: (_, r) => money(Math.round(r.amount * 100)) },
                  { title: t.refundReason, dataIndex: 'reason', key: 'reason' },
                  { title: t.status, key: 'status', render: (_, r) => t[`refund${r.status}`] },
                  { title: t.createdAt, key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
                ]}
              />
            </section>
          )}
          {d.notices.length > 0 && (
            <section aria-label={t.notices}>
              <Typography.Title level={5}>{t.notices}</Typography.Title>
              <Table
                rowKey={(r) => `${r.outTradeNo}-${r.receivedAt}-${r.outcome}`}
                size="small"
                pagination={false}
                dataSource={d.notices}
                columns={[
                  { title: t.outTradeNo, dataIndex: 'outTradeNo', key: 'outTradeNo' },
                  { title: t.noticeOutcome, dataIndex: 'outcome', key: 'outcome' },
                  { title: t.receivedAt, key: 'receivedAt', render: (_, r) => dateTime(r.receivedAt) },
                ]}
              />
            </section>
          )}
        </Space>
      )}
      {refunding && d && (
        <RefundDialog
          orderId={d.id}
          onClose={() => setRefunding(false)}
          onDone={async () => {
            setRefunding(false);
            await after(t.refunded);
          }}
        />
      )}
    </Drawer>
  );
}

function RefundDialog({
  orderId,
  onClose,
  onDone,
}: {
  orderId: number;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const t = useMessages(orderAdminMessages);
  const [form] = Form.useForm<{ reason: string }>();
  const refund = useAction(async (reason: string) => {
    await request(refundOrder, { id: orderId, reason });
    await onDone();
  });
  return (
    <Modal
      open
      title={t.refundTitle}
      okText={t.refund}
      okButtonProps={{ danger: true }}
      cancelText={t.cancel}
      confirmLoading={refund.running}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => refund.run(v.reason))}
      destroyOnHidden
    >
      <Typography.Paragraph>{t.refundHint}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t.refundReason}
          rules={[{ required: true, whitespace: true, message: t.refundReasonRequired }]}
        >
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
