import { Alert, App, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import {
  ApplicationStatus,
  PROJECT_REASON_MAX,
  decideProjectApplications,
  type AdminProjectRow,
  type ProjectApplicant,
} from '@portal/contract/calls/project';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { projectAdminMessages } from './messages.ts';
import { ruleText, type ProjectAdminTexts } from './projects.tsx';

/** The queue's state in the URL: the status shown (absent: all) and the page. */
export const APPLICATION_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['status'],
};

export interface ApplicationsData {
  project: AdminProjectRow | null;
  page: Page<ProjectApplicant> | null;
  error: string | null;
}

function statusTag(t: ProjectAdminTexts, status: number) {
  if (status === ApplicationStatus.APPROVED) return <Tag color="success">{t.approved}</Tag>;
  if (status === ApplicationStatus.REJECTED) return <Tag color="error">{t.rejected}</Tag>;
  if (status === ApplicationStatus.WITHDRAWN) return <Tag>{t.withdrawn}</Tag>;
  return <Tag>{t.pending}</Tag>;
}

/** Asks why before rejecting: the learner reads the reason in My enrolments. */
function RejectDialog({
  t,
  open,
  onClose,
  onReject,
}: {
  t: ProjectAdminTexts;
  open: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={t.rejectTitle}
      open={open}
      okText={t.ok}
      cancelText={t.cancel}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(async (v) => {
          setBusy(true);
          try {
            await onReject(v.reason.trim());
          } finally {
            setBusy(false);
          }
        })
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t.rejectReason}
          extra={t.reasonHelp}
          rules={[{ required: true, whitespace: true, message: t.reasonRequired }]}
        >
          <Input.TextArea maxLength={PROJECT_REASON_MAX} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /crm/projects/:id/applications: a project's applications, oldest first, by status. Pending ones
 * are approved or rejected one by one or selected and decided together; an application someone
 * else decided meanwhile is left as it is and counted.
 */
export function ApplicationsView({ project, page, error }: ApplicationsData) {
  const t = useMessages(projectAdminMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, APPLICATION_TABLE);
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number[] | null>(null);

  const decide = async (accountIds: number[], approve: boolean, reason?: string) => {
    if (!project) return;
    try {
      const { decided, unchanged } = await request(decideProjectApplications, {
        projectId: project.id,
        accountIds,
        approve,
        ...(reason ? { reason } : {}),
      });
      if (unchanged) void message.warning(format(t.unchanged, { n: decided, m: unchanged }));
      else void message.success(format(t.decided, { n: decided }));
      setSelected((s) => s.filter((id) => !accountIds.includes(id)));
      setRejecting(null);
      void revalidator.revalidate();
    } catch {
      // The request layer showed why.
    }
  };

  const columns: ColumnsType<ProjectApplicant> = [
    { key: 'userName', title: t.applicant, dataIndex: 'userName' },
    { key: 'appliedAt', title: t.appliedAt, width: 170, render: (_, r) => dateTime(r.appliedAt) },
    {
      key: 'status',
      title: t.status,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {statusTag(t, r.status)}
          {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'decidedAt', title: t.decidedAt, width: 170, render: (_, r) => dateTime(r.decidedAt) },
    {
      key: 'actions',
      title: t.actions,
      width: 140,
      render: (_, r) =>
        r.status === ApplicationStatus.PENDING ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void decide([r.accountId], true)}>
              {t.approve}
            </Button>
            <Button type="link" size="small" danger onClick={() => setRejecting([r.accountId])}>
              {t.reject}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <Link to={localePath('/crm/projects', lang)}>{t.back}</Link>
      <Typography.Title level={4} style={{ marginTop: 8 }}>
        {project ? `${project.title} · ${t.applications}` : t.applications}
      </Typography.Title>
      {project && (
        <Typography.Paragraph type="secondary">
          {ruleText(t, project.enrolRule)} ·{' '}
          {project.capacity
            ? format(t.seatsLine, { taken: project.seatsTaken, capacity: project.capacity })
            : format(t.seatsUnlimited, { taken: project.seatsTaken })}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          aria-label={t.status}
          style={{ width: 160 }}
          value={state.filters.status ?? ''}
          onChange={(status: string) => {
            setSelected([]);
            setParams(
              writeTableQuery({ ...state, pageCurrent: 1, filters: status ? { status } : {} }, APPLICATION_TABLE),
            );
          }}
          options={[
            { value: '', label: t.all },
            { value: String(ApplicationStatus.PENDING), label: t.pending },
            { value: String(ApplicationStatus.APPROVED), label: t.approved },
            { value: String(ApplicationStatus.REJECTED), label: t.rejected },
            { value: String(ApplicationStatus.WITHDRAWN), label: t.withdrawn },
          ]}
        />
        <Typography.Text aria-live="polite">{format(t.selected, { n: selected.length })}</Typography.Text>
        <Button type="primary" disabled={selected.length === 0} onClick={() => void decide(selected, true)}>
          {t.approveSelected}
        </Button>
        <Button danger disabled={selected.length === 0} onClick={() => setRejecting(selected)}>
          {t.rejectSelected}
        </Button>
      </Space>
      <ServerTable<ProjectApplicant>
        rowKey="accountId"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (r) => ({
            disabled: r.status !== ApplicationStatus.PENDING,
            'aria-label': r.userName,
          }),
        }}
        page={page ?? { pageCurrent: 1, pageSize: APPLICATION_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={APPLICATION_TABLE}
      />
      <RejectDialog
        t={t}
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onReject={(reason) => decide(rejecting ?? [], false, reason)}
      />
    </>
  );
}
