import { Alert, App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { PaperMode, deletePaper, type AdminPaperRow } from '@portal/contract/calls/exam-paper';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { KeywordSearch } from '../keyword-search.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { paperMessages } from './paper-messages.ts';

export const PAPER_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

/** /crm/papers: the enterprise's papers, fixed and random, with their totals and exams (decision 047). */
export function PapersView({ page, error }: { page: Page<AdminPaperRow> | null; error: string | null }) {
  const t = useMessages(paperMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const remove = async (paper: AdminPaperRow) => {
    try {
      await request(deletePaper, { id: paper.id });
      void message.success(t.deleted);
      void revalidator.revalidate();
    } catch {
      // The request layer showed why (9514: an exam is given it).
    }
  };
  const columns: ColumnsType<AdminPaperRow> = [
    {
      key: 'title',
      title: t.title,
      render: (_, p) => <Link to={localePath(`/crm/papers/${p.id}`, lang)}>{p.title}</Link>,
    },
    {
      key: 'mode',
      title: t.mode,
      width: 110,
      render: (_, p) => (p.mode === PaperMode.RANDOM ? <Tag color="blue">{t.random}</Tag> : <Tag>{t.fixed}</Tag>),
    },
    { key: 'count', title: t.questionCount, dataIndex: 'questionCount', width: 80 },
    { key: 'total', title: t.totalScore, dataIndex: 'totalScore', width: 80 },
    { key: 'tasks', title: t.tasks, dataIndex: 'taskCount', width: 80 },
    { key: 'createdAt', title: t.createdAt, width: 170, render: (_, p) => dateTime(p.createdAt) },
    {
      key: 'actions',
      title: t.actions,
      width: 200,
      render: (_, p) => (
        <Space size={0}>
          <Link to={localePath(`/crm/papers/${p.id}/preview`, lang)} style={{ padding: '0 7px' }}>
            {t.preview}
          </Link>
          <Link to={localePath(`/crm/papers/${p.id}`, lang)} style={{ padding: '0 7px' }}>
            {t.edit}
          </Link>
          <Popconfirm
            title={format(t.confirmDelete, { name: p.title })}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => remove(p)}
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
        <Typography.Title level={4}>{crm.papers}</Typography.Title>
        <Button type="primary" onClick={() => void navigate(localePath('/crm/papers/new', lang))}>
          {t.addPaper}
        </Button>
      </Space>
      <KeywordSearch label={t.keyword} query={PAPER_TABLE} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminPaperRow>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: PAPER_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={PAPER_TABLE}
      />
    </>
  );
}
