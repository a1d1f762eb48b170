import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { AdminStudyTask } from '@portal/contract/calls/task-admin';
import { deleteStudyTask } from '@portal/contract/calls/task-editor';
import type { Page } from '@portal/contract/envelope';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { KeywordSearch } from '../keyword-search.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { taskEditorMessages } from './editor-messages.ts';
import { taskAdminMessages } from './messages.ts';

/** The task list's state in the URL: the title's part and the page. */
export const TASK_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

export interface TasksData {
  page: Page<AdminStudyTask>;
}

/** /crm/tasks: the study tasks, latest window first, with how many they reach and have finished. */
export function TasksView({ page }: TasksData) {
  const t = useMessages(taskAdminMessages);
  const crm = useMessages(crmMessages);
  const e = useMessages(taskEditorMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const ended = (r: AdminStudyTask) => new Date(r.endsAt).getTime() <= Date.now();
  const remove = async (row: AdminStudyTask) => {
    try {
      await request(deleteStudyTask, { id: row.id });
      void message.success(e.deleted);
      void revalidator.revalidate();
    } catch {
      // The request layer showed why (8114: learners have started).
    }
  };
  const columns: ColumnsType<AdminStudyTask> = [
    {
      key: 'title',
      title: t.title,
      render: (_, r) => (
        <Space size={4} wrap>
          <Link to={localePath(`/crm/tasks/${r.id}`, lang)}>{r.title}</Link>
          {!r.published && <Tag>{t.unpublished}</Tag>}
          {ended(r) && <Tag>{t.ended}</Tag>}
        </Space>
      ),
    },
    { key: 'type', title: t.type, width: 90, render: (_, r) => enumLabel('taskType', r.taskType, lang) },
    {
      key: 'window',
      title: t.window,
      width: 300,
      render: (_, r) => `${dateTime(r.startsAt)} ~ ${dateTime(r.endsAt)}`,
    },
    { key: 'assigned', title: t.assigned, dataIndex: 'assigned', width: 100, align: 'right' },
    { key: 'finished', title: t.finished, dataIndex: 'finished', width: 90, align: 'right' },
    { key: 'rate', title: t.finishedRate, width: 90, align: 'right', render: (_, r) => `${r.finishedRate}%` },
    {
      key: 'actions',
      title: '',
      width: 190,
      render: (_, r) => (
        <Space size={0}>
          <Link to={localePath(`/crm/tasks/${r.id}`, lang)} style={{ padding: '0 7px' }}>
            {t.progress}
          </Link>
          <Link to={localePath(`/crm/tasks/${r.id}/edit`, lang)} style={{ padding: '0 7px' }}>
            {e.edit}
          </Link>
          <Popconfirm title={e.deleteConfirm} okText={e.delete} onConfirm={() => remove(r)}>
            <Button type="link" size="small" danger>
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
        <Typography.Title level={4}>{crm.studyTasks}</Typography.Title>
        <Button type="primary" onClick={() => void navigate(localePath('/crm/tasks/new', lang))}>
          {e.add}
        </Button>
      </Space>
      <KeywordSearch label={t.keyword} query={TASK_TABLE} />
      <ServerTable<AdminStudyTask> key={lang} rowKey="id" columns={columns} page={page} query={TASK_TABLE} />
    </>
  );
}
