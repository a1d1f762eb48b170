import { Alert, App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { EnrolRule, type AdminProjectRow } from '@portal/contract/calls/project';
import { deleteStudyProject } from '@portal/contract/calls/project-editor';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
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
    { key: 'title', title: t.title, dataIndex: 'title' },
    {
      key: 'window',
      title: t.window,
      width: 300,
      render: (_, r) => `${dateTime(r.startsAt)} – ${dateTime(r.endsAt)}`,
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
      width: 290,
      render: (_, r) => (
        <Space size={12}>
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
