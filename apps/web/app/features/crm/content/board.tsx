import { Alert, Button, Form, Input, Modal, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { contentFields, replyMessage, type AdminMessage } from '@portal/contract/calls/content-admin';
import type { Page } from '@portal/contract/envelope';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { emptyPage, FilterBar, useWrite, zodRule } from './content-kit.tsx';
import { contentMessages, timeOf } from './messages.ts';

export const BOARD_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword', 'replied'],
};

/** /crm/messages: the message board (留言板): learners' messages, read and replied to. */
export function MessageBoardView({ page, error }: { page: Page<AdminMessage> | null; error: string | null }) {
  const t = useMessages(contentMessages);
  const lang = useLang();
  const fields = useMemo(() => contentFields(lang), [lang]);
  const write = useWrite();
  const [replying, setReplying] = useState<AdminMessage | null>(null);
  const [form] = Form.useForm<{ replyContent: string }>();
  const hydrated = useHydrated();
  const open = (m: AdminMessage) => {
    setReplying(m);
    form.setFieldsValue({ replyContent: m.replyContent ?? '' });
  };
  const submit = async (v: { replyContent: string }) => {
    if (replying && (await write(replyMessage, { id: replying.id, replyContent: v.replyContent }, t.saved))) {
      setReplying(null);
    }
  };
  const columns: ColumnsType<AdminMessage> = [
    { key: 'learner', title: t.learner, dataIndex: 'learnerName', width: 120 },
    { key: 'title', title: t.messageTitle, dataIndex: 'title', width: 200 },
    { key: 'content', title: t.messageContent, dataIndex: 'messageContent' },
    { key: 'date', title: t.messageDate, dataIndex: 'messageDate', width: 150, render: timeOf },
    {
      key: 'status',
      title: t.status,
      width: 100,
      render: (_, m) => (m.replyContent ? <Tag>{t.replied}</Tag> : <Tag>{t.unreplied}</Tag>),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 90,
      render: (_, m) => (
        <Button type="link" size="small" onClick={() => open(m)}>
          {t.reply}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={4}>{t.messages}</Typography.Title>
      <FilterBar
        table={BOARD_TABLE}
        texts={t}
        fields={[
          { name: 'keyword', label: t.keyword },
          {
            name: 'replied',
            label: t.status,
            placeholder: t.all,
            options: [
              { value: 'no', label: t.unreplied },
              { value: 'yes', label: t.replied },
            ],
          },
        ]}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminMessage>
        rowKey="id"
        columns={columns}
        page={page ?? emptyPage<AdminMessage>(BOARD_TABLE.defaultSize)}
        query={BOARD_TABLE}
        expandable={{
          expandedRowRender: (m) =>
            m.replyContent ? (
              <Typography.Paragraph style={{ margin: 0 }}>
                <Typography.Text strong>{t.replyContent}：</Typography.Text>
                {m.replyContent}（{timeOf(m.repliedAt)}）
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t.unreplied}</Typography.Text>
            ),
        }}
      />
      <Modal
        open={replying !== null}
        title={replying ? `${t.reply}：${replying.title}` : t.reply}
        okText={t.save}
        cancelText={t.cancel}
        onCancel={() => setReplying(null)}
        onOk={() => form.submit()}
        // Mounted with the page so that its form takes values before it first opens, but only once
        // hydrated: a portal the server did not render fails hydration and React renders the page
        // again, dropping a click made meanwhile.
        forceRender={hydrated}
      >
        {replying && <Typography.Paragraph>{replying.messageContent}</Typography.Paragraph>}
        <Form name="message-reply" form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="replyContent" label={t.replyContent} required rules={[zodRule(fields.replyContent)]}>
            <Input.TextArea rows={5} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
