import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Space, Tag } from 'antd';
import { enumLabel } from '@portal/contract/enums';
import {
  applyInvoice,
  cancelOrder,
  findOrderConfig,
  findOrders,
  getInvoiceDownloadUrl,
  viewInvoice,
  type OrderItem,
} from '@portal/contract/calls/order';
import { request } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { dateTime } from '../../lib/date-time.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { FilteredPagedList } from '../paging/filtered-paged-list.tsx';
import { money, orderMessages } from './order-messages.ts';
import './order.css';

const STATUSES = [0, 1, 2, 3, 4, 5, 6] as const;
type StatusFilter = (typeof STATUSES)[number];

const STATUS_COLOR: Record<number, string> = {
  1: 'error',
  2: 'success',
  3: 'default',
  4: 'default',
  5: 'processing',
  6: 'default',
};

/**
 * My orders (/account?change=4, decision 057): by status, newest first; an unpaid one goes on to
 * the checkout or is cancelled; a paid one asks for its invoice and, once issued, downloads it.
 */
export function MyOrders() {
  const t = useMessages(orderMessages);
  const config = useLoad((signal) => request(findOrderConfig, {}, { signal }), []);
  return (
    <div className="portal-my-orders">
      <FilteredPagedList<OrderItem, StatusFilter>
        filters={{ values: STATUSES, all: 0, ariaLabel: t.status, label: (s) => t[`status${s}`] }}
        load={({ filter, pageCurrent, pageSize }, signal) =>
          request(findOrders, { pageCurrent, pageSize, ...(filter ? { status: filter } : {}) }, { signal })
        }
        pageSize={10}
        rowKey={(o) => o.id}
        renderRow={(o, reload) => (
          <OrderRow
            order={o}
            reload={reload}
            invoiceOpen={config.data?.invoiceOpen ?? false}
            specialInvoiceOpen={config.data?.specialInvoiceOpen ?? false}
            preInvoice={config.data?.invoiceMode === 2}
          />
        )}
        texts={{ list: t.myOrders, empty: t.empty }}
      />
    </div>
  );
}

function OrderRow({
  order: o,
  reload,
  invoiceOpen,
  specialInvoiceOpen,
  preInvoice,
}: {
  order: OrderItem;
  reload: () => Promise<void>;
  invoiceOpen: boolean;
  specialInvoiceOpen: boolean;
  preInvoice: boolean;
}) {
  const t = useMessages(orderMessages);
  const lang = useLang();
  const { modal, message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const cancel = useAction(async () => {
    await request(cancelOrder, { id: o.id });
    void message.success(t.cancelled);
    await reload();
  });
  const download = useAction(async () => {
    const link = await request(getInvoiceDownloadUrl, { orderId: o.id });
    const a = document.createElement('a');
    a.href = link.url;
    a.download = link.fileName;
    document.body.append(a);
    a.click();
    a.remove();
  });
  const mayAsk = invoiceOpen && o.invoiceStatus === 1 && (o.status === 2 || (preInvoice && o.status === 1));
  return (
    <li className="portal-order-row" aria-labelledby={`order-${o.id}`}>
      {o.goodsCover ? (
        <img src={o.goodsCover} alt="" width={128} height={72} />
      ) : (
        <span className="portal-order-cover" />
      )}
      <div className="portal-order-main">
        <h3 id={`order-${o.id}`}>{o.goodsTitle}</h3>
        <p className="portal-order-meta">
          <span>{format(t.orderNo, { no: o.orderNo })}</span>
          <span>{format(t.createdAt, { time: dateTime(o.createdAt) })}</span>
          {o.paidAt && <span>{format(t.paidAt, { time: dateTime(o.paidAt) })}</span>}
          {o.payMethod && o.status === 2 && (
            <span>{format(t.payMethod, { method: enumLabel('paymentMethod', o.payMethod, lang) })}</span>
          )}
          {o.invoiceStatus !== 1 && (
            <span>{format(t.invoiceStatus, { status: enumLabel('invoiceStatus', o.invoiceStatus, lang) })}</span>
          )}
        </p>
      </div>
      <div className="portal-order-side">
        <strong className="portal-order-amount">{money(o.amountFen)}</strong>
        <Tag color={STATUS_COLOR[o.status]}>{o.confirming ? t.confirming : t[`status${o.status}`]}</Tag>
        <Space wrap>
          {o.status === 1 && !o.confirming && (
            <>
              <LinkButton type="primary" size="small" to={`${localePath('/pay/buy', lang)}?orderId=${o.id}`}>
                {t.goPay}
              </LinkButton>
              <Button
                size="small"
                loading={cancel.running}
                onClick={() =>
                  void modal.confirm({
                    title: t.cancelConfirm,
                    okText: t.ok,
                    cancelText: t.back,
                    onOk: () => cancel.run(),
                  })
                }
              >
                {t.cancel}
              </Button>
            </>
          )}
          {mayAsk && (
            <Button size="small" onClick={() => setAsking(true)}>
              {t.invoice}
            </Button>
          )}
          {o.invoiceStatus === 3 && (
            <Button size="small" loading={download.running} onClick={() => void download.run()}>
              {t.downloadInvoice}
            </Button>
          )}
        </Space>
      </div>
      {asking && (
        <InvoiceDialog
          orderId={o.id}
          specialOpen={specialInvoiceOpen}
          onClose={() => setAsking(false)}
          onDone={async () => {
            setAsking(false);
            void message.success(t.applied);
            await reload();
          }}
        />
      )}
    </li>
  );
}

interface InvoiceForm {
  titleType: 1 | 2;
  title: string;
  taxNo: string;
  kind: 1 | 2;
  bankName: string;
  bankAccount: string;
  address: string;
  phone: string;
  email: string;
}

/** The invoice request: personal or a unit (its credit code), ordinary or special (bank and address). */
function InvoiceDialog({
  orderId,
  specialOpen,
  onClose,
  onDone,
}: {
  orderId: number;
  specialOpen: boolean;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const t = useMessages(orderMessages);
  const lang = useLang();
  const [form] = Form.useForm<InvoiceForm>();
  const titleType = Form.useWatch('titleType', form) ?? 1;
  const kind = Form.useWatch('kind', form) ?? 1;
  // The title last used fills the form.
  useLoad(
    async (signal) => {
      const info = await request(viewInvoice, { orderId }, { signal });
      if (info.lastTitle && info.lastTitle.titleType !== 3) {
        form.setFieldsValue({
          titleType: info.lastTitle.titleType,
          title: info.lastTitle.title,
          taxNo: info.lastTitle.taxNo,
          email: info.lastTitle.email,
        });
      }
      return info;
    },
    [orderId],
  );
  const submit = useAction(async (values: InvoiceForm) => {
    await request(applyInvoice, { orderId, ...values, kind: values.titleType === 2 ? values.kind : 1 });
    await onDone();
  });
  const required = (field: string) => [{ required: true, whitespace: true, message: format(t.required, { field }) }];
  return (
    <Modal
      open
      title={t.invoiceTitle}
      okText={t.submit}
      cancelText={t.back}
      confirmLoading={submit.running}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => submit.run(v))}
      destroyOnHidden
    >
      <Form<InvoiceForm>
        form={form}
        layout="vertical"
        initialValues={{ titleType: 1, kind: 1, title: '', taxNo: '', email: '' }}
      >
        <Form.Item name="titleType" label={t.titleType}>
          <Radio.Group options={[1, 2].map((v) => ({ value: v, label: enumLabel('invoiceTitleType', v, lang) }))} />
        </Form.Item>
        {titleType === 2 && specialOpen && (
          <Form.Item name="kind" label={t.kind}>
            <Radio.Group options={[1, 2].map((v) => ({ value: v, label: enumLabel('invoiceKind', v, lang) }))} />
          </Form.Item>
        )}
        <Form.Item name="title" label={t.title} rules={titleType === 2 ? required(t.title) : []}>
          <Input maxLength={100} placeholder={titleType === 2 ? t.titlePlaceholder : undefined} />
        </Form.Item>
        {titleType === 2 && (
          <Form.Item name="taxNo" label={t.taxNo} rules={required(t.taxNo)}>
            <Input maxLength={18} />
          </Form.Item>
        )}
        {titleType === 2 && kind === 2 && (
          <>
            <Form.Item name="bankName" label={t.invoiceBank} rules={required(t.invoiceBank)}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="bankAccount" label={t.invoiceAccount} rules={required(t.invoiceAccount)}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="address" label={t.address} rules={required(t.address)}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="phone" label={t.phone} rules={required(t.phone)}>
              <Input maxLength={30} />
            </Form.Item>
          </>
        )}
        <Form.Item name="email" label={t.email}>
          <Input type="email" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
