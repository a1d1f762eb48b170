import { Alert, App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { deleteExamTask, type AdminExamTaskRow } from '@portal/contract/calls/exam-task-admin';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { KeywordSearch } from '../keyword-search.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { examTaskMessages } from './exam-task-messages.ts';

export const EXAM_TASK_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

/** /crm/exam-tasks: the enterprise's exams with their window, takers, passes and marking waiting (decision 049). */
export function ExamTasksView({ page, error }: { page: Page<AdminExamTaskRow> | null; error: string | null }) {
  const t = useMessages(examTaskMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const remove = async (row: AdminExamTaskRow) => {
    try {
      await request(deleteExamTask, { id: row.id });
      void message.success(t.deleted);
      void revalidator.revalidate();
    } catch {
      // The request layer showed why (9518: someone has taken it).
    }
  };
  const columns: ColumnsType<AdminExamTaskRow> = [
    {
      key: 'title',
      title: t.title,
      render: (_, r) => <Link to={localePath(`/crm/exam-tasks/${r.id}`, lang)}>{r.title}</Link>,
    },
    { key: 'paper', title: t.paper, dataIndex: 'paperTitle', ellipsis: true },
    {
      key: 'window',
      title: t.window,
      width: 300,
      render: (_, r) => `${dateTime(r.startsAt)} – ${dateTime(r.endsAt)}`,
    },
    { key: 'pass', title: t.passScore, width: 90, render: (_, r) => `${r.passScore}/${r.totalScore}` },
    {
      key: 'given',
      title: t.givenTo,
      width: 100,
      render: (_, r) => (r.givenToAll ? t.everyone : t.someone),
    },
    { key: 'takers', title: t.takers, dataIndex: 'takers', width: 90 },
    { key: 'passed', title: t.passed, dataIndex: 'passed', width: 90 },
    { key: 'waiting', title: t.waiting, dataIndex: 'waitingForMarking', width: 80 },
    {
      key: 'status',
      title: t.status,
      width: 90,
      render: (_, r) => (r.published ? <Tag color="green">{t.live}</Tag> : <Tag>{t.draft}</Tag>),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 180,
      render: (_, r) => (
        <Space size={0}>
          <Link to={localePath(`/crm/exam-tasks/${r.id}/results`, lang)} style={{ padding: '0 7px' }}>
            {t.results}
          </Link>
          <Link to={localePath(`/crm/exam-tasks/${r.id}`, lang)} style={{ padding: '0 7px' }}>
            {t.edit}
          </Link>
          <Popconfirm
            title={format(t.confirmDelete, { name: r.title })}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => remove(r)}
          >
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.examTasks}</Typography.Title>
        <Button type="primary" onClick={() => void navigate(localePath('/crm/exam-tasks/new', lang))}>
          {t.add}
        </Button>
      </Space>
      <KeywordSearch label={t.keyword} query={EXAM_TASK_TABLE} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminExamTaskRow>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: EXAM_TASK_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={EXAM_TASK_TABLE}
      />
    </>
  );
}
