import { useCallback, useState } from 'react';
import { Button, Descriptions, Empty, Input, List, Modal, Pagination, Spin, Tag } from 'antd';
import { MESSAGE_PAGE_SIZE, findMessages, viewMessage, type OnlineMessage } from '@portal/contract/calls/message';
import { request } from '../../lib/api.ts';
import { isAbort, useCall, useLoad } from '../../lib/use-call.ts';
import { format, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { MessageDialog } from './message-dialog.tsx';
import { messageTexts } from './message-texts.ts';
import './message.css';

type Query = { pageCurrent: number; keyword: string };
/** The dialog open: a new message, or editing one. */
type Editing = { id?: number; key: number } | null;

/** One message with the staff's reply, loaded when opened. */
function MessageDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(messageTexts);
  // A failure closes the detail (the request layer said why).
  const { data: m } = useLoad<OnlineMessage>(
    (signal) =>
      request(viewMessage, { id }, { signal }).catch((err: unknown) => {
        if (!isAbort(err)) onClose();
        throw err;
      }),
    [id],
  );
  return (
    <Modal open title={t.detail} width={800} onCancel={onClose} footer={<Button onClick={onClose}>{t.close}</Button>}>
      {m ? (
        <Descriptions column={1} bordered size="small" className="portal-message-detail">
          <Descriptions.Item label={t.title}>{m.title}</Descriptions.Item>
          <Descriptions.Item label={t.messageDate}>{dateTime(m.messageDate)}</Descriptions.Item>
          <Descriptions.Item label={t.content}>
            <div className="portal-message-text">{m.messageContent}</div>
          </Descriptions.Item>
          <Descriptions.Item label={t.reply}>
            {m.replyContent ? (
              <div className="portal-message-text">{m.replyContent}</div>
            ) : (
              <span className="portal-message-muted">{t.noReply}</span>
            )}
          </Descriptions.Item>
          {m.repliedAt && <Descriptions.Item label={t.repliedAt}>{dateTime(m.repliedAt)}</Descriptions.Item>}
        </Descriptions>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/**
 * My messages (/account?change=10): my messages newest first, paged, with a keyword; view one with
 * the reply; edit one not yet answered (the dialog loads it first); leave a new one.
 */
export function MyMessages() {
  const t = useMessages(messageTexts);
  const [query, setQuery] = useState<Query>({ pageCurrent: 1, keyword: '' });
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const { data: page, reload } = useCall(findMessages, {
    pageCurrent: query.pageCurrent,
    pageSize: MESSAGE_PAGE_SIZE,
    ...(query.keyword ? { keyword: query.keyword } : {}),
  });

  const closeView = useCallback(() => setViewing(null), []);
  const closeEdit = useCallback(() => setEditing(null), []);
  // A new message shows first on the first page; an edited one where it was.
  const savedNew = useCallback(() => setQuery({ pageCurrent: 1, keyword: '' }), []);
  const savedEdit = useCallback(() => void reload(), [reload]);

  return (
    <div className="portal-messages">
      <div className="portal-messages-bar">
        <Input.Search
          allowClear
          placeholder={t.keyword}
          aria-label={t.keyword}
          maxLength={50}
          onSearch={(keyword) => setQuery({ pageCurrent: 1, keyword: keyword.trim() })}
          className="portal-messages-search"
        />
        <Button type="primary" onClick={() => setEditing({ key: Date.now() })}>
          {t.newMessage}
        </Button>
      </div>
      {!page ? (
        <Spin />
      ) : page.list.length === 0 ? (
        <Empty description={t.empty} />
      ) : (
        <>
          <List
            className="portal-messages-list"
            dataSource={page.list}
            rowKey="id"
            renderItem={(m) => (
              <List.Item
                actions={[
                  <Button key="view" type="link" onClick={() => setViewing(m.id)} aria-label={`${t.view} ${m.title}`}>
                    {t.view}
                  </Button>,
                  <Button
                    key="edit"
                    type="link"
                    disabled={m.replyContent !== null}
                    title={m.replyContent !== null ? t.repliedNoEdit : undefined}
                    onClick={() => setEditing({ id: m.id, key: Date.now() })}
                    aria-label={`${t.edit} ${m.title}`}
                  >
                    {t.edit}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span className="portal-messages-title">
                      {m.title}{' '}
                      {m.replyContent !== null ? (
                        <Tag color="success">{t.replied}</Tag>
                      ) : (
                        <Tag color="default">{t.waiting}</Tag>
                      )}
                    </span>
                  }
                  description={
                    <>
                      <div className="portal-messages-content">{m.messageContent}</div>
                      <time dateTime={m.messageDate}>{dateTime(m.messageDate)}</time>
                    </>
                  }
                />
              </List.Item>
            )}
          />
          <div className="portal-messages-pager">
            <Pagination
              current={page.pageCurrent}
              pageSize={page.pageSize}
              total={page.totalCount}
              showSizeChanger={false}
              showTotal={(n) => format(t.total, { n })}
              onChange={(pageCurrent) => setQuery((q) => ({ ...q, pageCurrent }))}
            />
          </div>
        </>
      )}
      {viewing !== null && <MessageDetail id={viewing} onClose={closeView} />}
      {editing && (
        <MessageDialog
          key={editing.key}
          open
          id={editing.id}
          onClose={closeEdit}
          onSaved={editing.id === undefined ? savedNew : savedEdit}
        />
      )}
    </div>
  );
}
