import { App, Button, Form, Input, Modal, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { enterpriseApplicationItem } from '@portal/contract/calls/enterprise-application';
import { decideEnterpriseApplication } from '@portal/contract/calls/enterprise-application';
import type { pendingRegistration } from '@portal/contract/calls/registration';
import { decideRegistration } from '@portal/contract/calls/registration';
import type { Page } from '@portal/contract/envelope';
import type { z } from 'zod';
import { request } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { approvalMessages } from './messages.ts';

type Registration = z.infer<typeof pendingRegistration>;
type Application = z.infer<typeof enterpriseApplicationItem>;
type Texts = Record<keyof (typeof approvalMessages)['zh'], string>;

/** The page's state in the URL: which list (`tab`), the applications' status filter, the page. */
export const APPROVALS_TABLE: TableQueryOptions = {
  defaultSize: 10,
  sizes: [10, 20, 50],
  sortable: [],
  filters: ['tab', 'status'],
};

export type ApprovalsData =
  | { tab: 'registrations'; page: Page<Registration> | null; error: string | null }
  | { tab: 'applications'; page: Page<Application> | null; error: string | null };

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

const emptyPage = { pageCurrent: 1, pageSize: 10, totalCount: 0, list: [] };

/** Approve at once; reject after asking why (the person or applicant is told). */
function Decide({ t, onDecide }: { t: Texts; onDecide: (approve: boolean, reason: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Space>
      <Button type="link" size="small" onClick={() => void onDecide(true, '')}>
        {t.approve}
      </Button>
      <Button type="link" size="small" danger onClick={() => setOpen(true)}>
        {t.reject}
      </Button>
      <Modal
        title={t.rejectTitle}
        open={open}
        okText={t.ok}
        cancelText={t.cancel}
        onCancel={() => setOpen(false)}
        onOk={() =>
          void form.validateFields().then(async (v) => {
            await onDecide(false, v.reason);
            setOpen(false);
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t.reason}
            rules={[{ required: true, whitespace: true, message: t.reasonRequired }]}
          >
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** /crm/approvals: registrations waiting for review, and applications to join made on the site. */
export function ApprovalsView(props: ApprovalsData) {
  const t = useMessages(approvalMessages);
  const crm = useMessages(crmMessages);
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, APPROVALS_TABLE);
  const done = () => {
    void message.success(t.done);
    void revalidator.revalidate();
  };
  const decide = async (run: () => Promise<unknown>) => {
    try {
      await run();
      done();
    } catch {
      // The request layer showed the message.
    }
  };

  const registrationColumns: ColumnsType<Registration> = [
    { title: t.realName, dataIndex: 'realName', key: 'realName' },
    { title: t.userName, dataIndex: 'userName', key: 'userName' },
    { title: t.phone, dataIndex: 'phone', key: 'phone' },
    { title: t.submittedAt, dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => timeOf(v) },
    {
      title: t.actions,
      key: 'actions',
      render: (_, r) => (
        <Decide
          t={t}
          onDecide={(approve, reason) =>
            decide(() => request(decideRegistration, { accountId: r.accountId, approve, reason }))
          }
        />
      ),
    },
  ];
  const statusTag = (s: number) =>
    s === 2 ? (
      <Tag color="success">{t.approved}</Tag>
    ) : s === 3 ? (
      <Tag color="error">{t.rejected}</Tag>
    ) : (
      <Tag>{t.pending}</Tag>
    );
  const applicationColumns: ColumnsType<Application> = [
    { title: t.entName, dataIndex: 'entName', key: 'entName' },
    { title: t.creditCode, dataIndex: 'creditCode', key: 'creditCode' },
    { title: t.contact, key: 'contact', render: (_, r) => `${r.contactName} ${r.contactPhone}` },
    { title: t.submittedAt, dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => timeOf(v) },
    {
      title: t.status,
      key: 'status',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {statusTag(r.status)}
          {r.rejectReason}
        </Space>
      ),
    },
    {
      title: t.actions,
      key: 'actions',
      render: (_, r) =>
        r.status === 1 ? (
          <Decide
            t={t}
            onDecide={(approve, reason) =>
              decide(() => request(decideEnterpriseApplication, { id: r.id, approve, reason }))
            }
          />
        ) : null,
    },
  ];

  const switchTab = (tab: string) =>
    setParams(
      writeTableQuery({ ...state, pageCurrent: 1, filters: tab === 'registrations' ? {} : { tab } }, APPROVALS_TABLE),
    );

  return (
    <>
      <Typography.Title level={4}>{crm.approvals}</Typography.Title>
      <Tabs
        activeKey={props.tab}
        onChange={switchTab}
        items={[
          {
            key: 'registrations',
            label: t.registrations,
            children:
              props.tab === 'registrations' ? (
                <ServerTable<Registration>
                  rowKey="accountId"
                  columns={registrationColumns}
                  page={props.page ?? emptyPage}
                  query={APPROVALS_TABLE}
                />
              ) : null,
          },
          {
            key: 'applications',
            label: t.applications,
            children:
              props.tab === 'applications' ? (
                <>
                  <Select
                    aria-label={t.status}
                    style={{ width: 160, marginBottom: 16 }}
                    value={state.filters.status ?? ''}
                    onChange={(status: string) =>
                      setParams(
                        writeTableQuery(
                          { ...state, pageCurrent: 1, filters: { tab: 'applications', ...(status ? { status } : {}) } },
                          APPROVALS_TABLE,
                        ),
                      )
                    }
                    options={[
                      { value: '', label: t.all },
                      { value: '1', label: t.pending },
                      { value: '2', label: t.approved },
                      { value: '3', label: t.rejected },
                    ]}
                  />
                  <ServerTable<Application>
                    rowKey="id"
                    columns={applicationColumns}
                    page={props.page ?? emptyPage}
                    query={APPROVALS_TABLE}
                  />
                </>
              ) : null,
          },
        ]}
      />
    </>
  );
}
