import { Alert, App, Button, Popconfirm, Popover, QRCode, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { EnrolRule, type AdminProjectRow } from '@portal/contract/calls/project';
import { deleteStudyProject } from '@portal/contract/calls/project-editor';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { useSite } from '../../../lib/root-data.ts';
import { signUpPath } from '../../project/sign-up.ts';
import { KeywordSearch } from '../keyword-search.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { projectEditorMessages } from './editor-messages.ts';
import { projectAdminMessages } from './messages.ts';

export const PROJECT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

export type ProjectAdminTexts = Record<keyof (typeof projectAdminMessages)['zh'], string>;

export const ruleText = (t: ProjectAdminTexts, rule: number) =>
  rule === EnrolRule.APPROVAL ? t.ruleApproval : rule === EnrolRule.CLOSED ? t.ruleClosed : t.ruleOpen;

/**
 * A published project's enrolment page (/signUp, decision 063) to share: the address, naming the
 * enterprise (a domain may serve several), to copy, and its QR code for a poster.
 */
function EnrolLink({ projectId, t }: { projectId: number; t: ProjectAdminTexts }) {
  const lang = useLang();
  const eid = useSite().website.eid;
  // Made when first opened: the page's origin is the browser's.
  const [url, setUrl] = useState('');
  const open = (visible: boolean) => {
    if (visible && !url) setUrl(new URL(`${signUpPath(lang, projectId)}&eid=${eid}`, window.location.origin).href);
  };
  return (
    <Popover
      trigger="click"
      title={t.enrolLinkTitle}
      onOpenChange={open}
      content={
        url && (
          <div className="portal-enrol-link" style={{ width: 260 }}>
            <QRCode value={url} size={160} bordered={false} style={{ margin: '0 auto' }} />
            <Typography.Paragraph copyable={{ text: url }} style={{ wordBreak: 'break-all', marginBottom: 4 }}>
              {url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t.enrolLinkNote}</Typography.Text>
          </div>
        )
      }
    >
      <Button type="link" size="small" style={{ padding: 0 }}>
        {t.enrolLink}
      </Button>
    </Popover>
  );
}

/** /crm/projects: the enterprise's study projects with their seats and the applications waiting. */
export function ProjectsView({ page, error }: { page: Page<AdminProjectRow> | null; error: string | null }) {
  const t = useMessages(projectAdminMessages);
  const crm = useMessages(crmMessages);
  const e = useMessages(projectEditorMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const remove = async (row: AdminProjectRow) => {
    try {
      await request(deleteStudyProject, { id: row.id });
      void message.success(e.deleted);
      void revalidator.revalidate();
    } catch {
      // The request layer showed why (8213: learners have applied).
    }
  };
  const columns: ColumnsType<AdminProjectRow> = [
    // A Chinese title may break after any character: without a least width it went one a line.
    { key: 'title', title: t.title, dataIndex: 'title', minWidth: 160 },
    {
      key: 'window',
      title: t.window,
      width: 260,
      // Each moment whole on its line when the range wraps.
      render: (_, r) => (
        <>
          <span style={{ whiteSpace: 'nowrap' }}>{dateTime(r.startsAt)}</span> –{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{dateTime(r.endsAt)}</span>
        </>
      ),
    },
    { key: 'rule', title: t.rule, width: 120, render: (_, r) => ruleText(t, r.enrolRule) },
    {
      key: 'seats',
      title: t.seats,
      width: 100,
      render: (_, r) => (r.capacity ? `${r.seatsTaken}/${r.capacity}` : `${r.seatsTaken}/${t.unlimited}`),
    },
    {
      key: 'pending',
      title: t.pending,
      width: 90,
      render: (_, r) => (r.pending ? <Typography.Text strong>{r.pending}</Typography.Text> : 0),
    },
    { key: 'approved', title: t.approved, dataIndex: 'approved', width: 90 },
    {
      key: 'status',
      title: t.status,
      width: 90,
      render: (_, r) => (r.published ? <Tag color="green">{t.published}</Tag> : <Tag>{t.draft}</Tag>),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 370,
      render: (_, r) => (
        <Space size={12}>
          {r.published && <EnrolLink projectId={r.id} t={t} />}
          <Link to={localePath(`/crm/projects/${r.id}/applications${r.pending ? '?status=1' : ''}`, lang)}>
            {t.applications}
          </Link>
          <Link to={localePath(`/crm/projects/${r.id}/progress`, lang)}>{t.progress}</Link>
          <Link to={localePath(`/crm/projects/${r.id}/edit`, lang)}>{e.edit}</Link>
          <Popconfirm title={e.deleteConfirm} okText={e.delete} onConfirm={() => remove(r)}>
            <Button type="link" size="small" danger style={{ padding: 0 }}>
              {e.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.studyProjects}</Typography.Title>
        <Button type="primary" onClick={() => void navigate(localePath('/crm/projects/new', lang))}>
          {e.add}
        </Button>
      </Space>
      <KeywordSearch label={t.keyword} query={PROJECT_TABLE} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminProjectRow>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: PROJECT_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={PROJECT_TABLE}
      />
    </>
  );
}
