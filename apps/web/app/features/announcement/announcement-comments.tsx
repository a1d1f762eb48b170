import { useEffect, useId, useRef, useState } from 'react';
import { App, Avatar, Button, Empty, Form, Input, Pagination, Popconfirm } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  deleteAnnouncementComment,
  findAnnouncementComments,
  saveAnnouncementComment,
  deleteAnnouncementReply,
  saveAnnouncementReply,
  type AnnouncementComment,
  type AnnouncementReply,
} from '@portal/contract/calls/announcement';
import { COMMENT_MAX_LENGTH, commentMessages, commentProblem } from '@portal/contract/comment-rules';
import { COMMENT_PAGE_SIZE } from '@portal/contract/constants';
import { request } from '../../lib/api.ts';
import { useAction, useCall } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { announcementMessages } from './messages.ts';
import './announcement.css';

/** Comments and the replies under one are paged alike (platform.md section 9). */
const PAGE_SIZE = COMMENT_PAGE_SIZE;
const REPLY_PAGE_SIZE = COMMENT_PAGE_SIZE;

/** The comment and reply rule (comment-rules.ts) as an antd form rule, in the page's language. */
function useContentRule() {
  const lang = useLang();
  return {
    validator: (_: unknown, value: string | undefined) => {
      const problem = commentProblem(value ?? '');
      return problem ? Promise.reject(new Error(commentMessages[lang][problem])) : Promise.resolve();
    },
  };
}

/** A comment or reply text box with its send button; resolves to clear the box. */
function ContentForm({
  label,
  submitText,
  autoFocus,
  onSubmit,
}: {
  label: string;
  submitText: string;
  autoFocus?: boolean;
  onSubmit: (content: string) => Promise<unknown>;
}) {
  const t = useMessages(announcementMessages);
  const rule = useContentRule();
  const [form] = Form.useForm<{ content: string }>();
  const send = useAction(async (content: string) => {
    await onSubmit(content);
    form.resetFields();
  });
  const box = useRef<TextAreaRef>(null);
  // A reply box opened by 回复 takes the focus (the comment box above may still hold it).
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  // Field ids are the form's name and the field's: one per form, as several can be open.
  const name = `comment${useId().replace(/\W/g, '')}`;
  return (
    <Form
      form={form}
      name={name}
      className="portal-comment-form"
      onFinish={({ content }) => void send.run(content.trim())}
    >
      <Form.Item name="content" rules={[rule]} label={label} className="portal-comment-field">
        <Input.TextArea
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          showCount
          placeholder={t.commentPlaceholder}
          ref={box}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.running}>
        {submitText}
      </Button>
    </Form>
  );
}

/**
 * The comments of an announcement (newest first, PAGE_SIZE a page) with their first replies and
 * the rest paged under each; posting, replying (to a comment or a reply) and deleting one's own.
 */
export function AnnouncementComments({ recordId }: { recordId: number }) {
  const t = useMessages(announcementMessages);
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data: p, reload } = useCall(findAnnouncementComments, {
    id: recordId,
    pageCurrent: page,
    pageSize: PAGE_SIZE,
  });
  const data = p && { total: p.totalCount, list: p.list };

  const post = async (content: string) => {
    await request(saveAnnouncementComment, { id: recordId, content });
    void message.success(t.posted);
    if (page === 1) await reload();
    else setPage(1);
  };

  return (
    <section className="portal-comments" aria-labelledby="notice-comments-title">
      <h3 id="notice-comments-title">{format(t.commentCount, { n: data?.total ?? 0 })}</h3>
      <ContentForm label={t.commentLabel} submitText={t.send} onSubmit={post} />
      {data && data.list.length === 0 && <Empty description={t.noComments} />}
      <ol className="portal-comment-list">
        {data?.list.map((c) => (
          <CommentItem key={c.id} recordId={recordId} comment={c} onChanged={reload} />
        ))}
      </ol>
      {data && data.total > PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={setPage}
          size="small"
        />
      )}
    </section>
  );
}

function CommentItem({
  recordId,
  comment,
  onChanged,
}: {
  recordId: number;
  comment: AnnouncementComment;
  onChanged: () => Promise<unknown>;
}) {
  const t = useMessages(announcementMessages);
  const { message } = App.useApp();
  const [replyTo, setReplyTo] = useState<AnnouncementReply | null>(null);
  // All replies, paged (null: the first few that came with the comment).
  const [replyPage, setReplyPage] = useState<number | null>(null);
  const { data: r, reload: reloadReplies } = useCall(
    findAnnouncementComments,
    replyPage === null
      ? null
      : { id: recordId, parentId: comment.id, pageCurrent: replyPage, pageSize: REPLY_PAGE_SIZE },
  );
  const replies = replyPage === null ? null : r && { total: r.totalCount, list: r.list };

  const refresh = async () => {
    await onChanged();
    if (replyPage !== null) await reloadReplies();
  };

  const sendReply = async (content: string) => {
    await request(saveAnnouncementReply, { commentId: (replyTo ?? comment).id, content });
    void message.success(t.replied);
    setReplyTo(null);
    await refresh();
  };

  const remove = useAction(async (entry: AnnouncementReply, isReply: boolean) => {
    await request(isReply ? deleteAnnouncementReply : deleteAnnouncementComment, { id: entry.id });
    void message.success(t.deleted);
    if (isReply) await refresh();
    else await onChanged();
  });

  // The first few stay until the pages of all have come.
  const shown = replies ? replies.list : comment.replies;
  const total = replies ? replies.total : comment.replyCount;

  return (
    <li className="portal-comment">
      <Entry entry={comment} onReply={() => setReplyTo(comment)} onDelete={() => remove.run(comment, false)} />
      {shown.length > 0 && (
        <ol className="portal-reply-list">
          {shown.map((r) => (
            <li key={r.id} className="portal-reply">
              <Entry entry={r} onReply={() => setReplyTo(r)} onDelete={() => remove.run(r, true)} />
            </li>
          ))}
        </ol>
      )}
      {replyPage === null && comment.replyCount > comment.replies.length && (
        <Button type="link" size="small" onClick={() => setReplyPage(1)}>
          {format(t.moreReplies, { n: comment.replyCount })}
        </Button>
      )}
      {replyPage !== null && (
        <div className="portal-reply-pager">
          {total > REPLY_PAGE_SIZE && (
            <Pagination
              size="small"
              current={replyPage}
              pageSize={REPLY_PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              onChange={setReplyPage}
            />
          )}
          <Button type="link" size="small" onClick={() => setReplyPage(null)}>
            {t.fewerReplies}
          </Button>
        </div>
      )}
      {replyTo && (
        <ContentForm
          key={replyTo.id}
          label={format(t.replyTo, { name: replyTo.userName })}
          submitText={t.sendReply}
          autoFocus
          onSubmit={sendReply}
        />
      )}
    </li>
  );
}

function Entry({
  entry,
  onReply,
  onDelete,
}: {
  entry: AnnouncementReply;
  onReply: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const t = useMessages(announcementMessages);
  const isReply = entry.parentId !== null;
  return (
    <div className="portal-comment-entry" data-comment-id={entry.id}>
      <Avatar size="small" src={entry.headPortrait || undefined}>
        {entry.userName.slice(0, 1)}
      </Avatar>
      <div className="portal-comment-body">
        <p className="portal-comment-head">
          <strong>{entry.mine ? format(t.me, { name: entry.userName }) : entry.userName}</strong>
          {entry.replyToUserName !== null && (
            <span className="portal-comment-to">{format(t.replyTo, { name: entry.replyToUserName })}</span>
          )}
          <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
        </p>
        <p className="portal-comment-text">{entry.content}</p>
        <p className="portal-comment-actions">
          <Button type="link" size="small" onClick={onReply}>
            {t.reply}
          </Button>
          {entry.mine && (
            <Popconfirm
              title={isReply ? t.deleteReplyConfirm : t.deleteCommentConfirm}
              okText={t.ok}
              cancelText={t.cancel}
              onConfirm={onDelete}
            >
              <Button type="link" size="small" danger>
                {t.delete}
              </Button>
            </Popconfirm>
          )}
        </p>
      </div>
    </div>
  );
}
