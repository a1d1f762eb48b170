import { Alert, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  deleteAdminComment,
  setCommentHidden,
  type AdminComment,
  type CommentKind,
} from '@portal/contract/calls/content-admin';
import type { Page } from '@portal/contract/envelope';
import { useMessages } from '../../../lib/i18n.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { emptyPage, FilterBar, useWrite } from './content-kit.tsx';
import { contentMessages, timeOf, type ContentText } from './messages.ts';

export const COMMENT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['kind', 'hidden', 'keyword'],
};

const kindText = (t: ContentText, kind: CommentKind) =>
  ({ course: t.kindCourse, announcement: t.kindAnnouncement, task: t.kindTask })[kind];

/** /crm/comments: learners' comments on courses, announcements and tasks; hide, show, delete. */
export function CommentsAdminView({ page, error }: { page: Page<AdminComment> | null; error: string | null }) {
  const t = useMessages(contentMessages);
  const write = useWrite();
  const columns: ColumnsType<AdminComment> = [
    { key: 'kind', title: t.kind, width: 120, render: (_, c) => kindText(t, c.kind) },
    {
      key: 'content',
      title: t.content,
      render: (_, c) => (
        <>
          {c.parentId !== null && <Tag>{t.isReply}</Tag>}
          {c.content}
        </>
      ),
    },
    { key: 'target', title: t.target, dataIndex: 'targetTitle', width: 180 },
    { key: 'author', title: t.learner, dataIndex: 'authorName', width: 110 },
    { key: 'createdAt', title: t.createdAt, dataIndex: 'createdAt', width: 150, render: timeOf },
    {
      key: 'visibility',
      title: t.visibility,
      width: 100,
      render: (_, c) => (c.hidden ? <Tag>{t.hidden}</Tag> : <Tag>{t.shown}</Tag>),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 150,
      render: (_, c) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => write(setCommentHidden, { kind: c.kind, id: c.id, hidden: !c.hidden }, t.done)}
          >
            {c.hidden ? t.unhide : t.hide}
          </Button>
          <Popconfirm
            title={t.confirmDelete}
            onConfirm={() => write(deleteAdminComment, { kind: c.kind, id: c.id }, t.deleted)}
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
      <Typography.Title level={4}>{t.comments}</Typography.Title>
      <FilterBar
        table={COMMENT_TABLE}
        texts={t}
        fields={[
          {
            name: 'kind',
            label: t.kind,
            placeholder: t.all,
            options: [
              { value: 'course', label: t.kindCourse },
              { value: 'announcement', label: t.kindAnnouncement },
              { value: 'task', label: t.kindTask },
            ],
          },
          {
            name: 'hidden',
            label: t.visibility,
            placeholder: t.all,
            options: [
              { value: 'no', label: t.shown },
              { value: 'yes', label: t.hidden },
            ],
          },
          { name: 'keyword', label: t.keyword },
        ]}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminComment>
        rowKey={(c) => `${c.kind}:${c.id}`}
        columns={columns}
        page={page ?? emptyPage<AdminComment>(COMMENT_TABLE.defaultSize)}
        query={COMMENT_TABLE}
      />
    </>
  );
}
