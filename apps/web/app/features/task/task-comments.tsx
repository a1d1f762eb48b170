import { useState } from 'react';
import { App, Avatar, Button, Empty, Form, Input, Pagination, Popconfirm } from 'antd';
import {
  TASK_COMMENT_MAX,
  TASK_COMMENT_PAGE_SIZE,
  deleteTaskComment,
  findTaskComments,
  saveTaskComment,
  type TaskComment,
} from '@portal/contract/calls/task';
import { relativeTime } from '@portal/contract/relative-time';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import type { CallResponse } from '@portal/contract/call';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useAction, useCall, type Loaded } from '../../lib/use-call.ts';
import { taskMessages } from './task-messages.ts';
import './task.css';

/** China time, as the server and every other date of the portal. */
const CHINA_OFFSET = { utcOffsetMinutes: 480 };

/**
 * A task's comments (as the course comments, without a rating): a form, the comments newest first
 * (10 a page), deleting one's own after a confirmation. The comments load in the browser, and the
 * form (antd Form, TextArea, Button) renders there too, once hydrated: it works only with the page's
 * script, and rendering it on the server was about a fifth of the task page's server time (issue
 * 20 target, decision 007). The server's HTML keeps the section and its title, with room for the form.
 */
export function TaskComments({ taskId }: { taskId: number }) {
  const t = useMessages(taskMessages);
  const hydrated = useHydrated();
  const [page, setPage] = useState(1);
  const comments = useCall(findTaskComments, { taskId, pageCurrent: page, pageSize: TASK_COMMENT_PAGE_SIZE });
  const { data } = comments;
  return (
    <section className="portal-task-section portal-task-comments" aria-labelledby="task-comments-title">
      <h2 id="task-comments-title">
        {t.comments}
        {data && <span className="portal-task-count">{data.totalCount}</span>}
      </h2>
      {hydrated ? (
        <CommentsBody taskId={taskId} page={page} setPage={setPage} comments={comments} />
      ) : (
        <div className="portal-task-comment-form-space" />
      )}
    </section>
  );
}

function CommentsBody({
  taskId,
  page,
  setPage,
  comments: { data, reload },
}: {
  taskId: number;
  page: number;
  setPage: (page: number) => void;
  comments: Loaded<CallResponse<typeof findTaskComments>>;
}) {
  const t = useMessages(taskMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ content: string }>();

  const post = useAction(async ({ content }: { content: string }) => {
    await request(saveTaskComment, { taskId, content: content.trim() });
    void message.success(t.posted);
    form.resetFields();
    if (page === 1) await reload();
    else setPage(1);
    return true;
  });

  const remove = useAction(async (c: TaskComment) => {
    await request(deleteTaskComment, { id: c.id });
    void message.success(t.deleted);
    // The last one of a page gone: the page before.
    if (data && data.list.length === 1 && page > 1) setPage(page - 1);
    else await reload();
    return true;
  });

  return (
    <>
      <Form
        form={form}
        name="task-comment"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void post.run(values)}
      >
        <Form.Item
          name="content"
          label={t.content}
          rules={[{ required: true, whitespace: true, message: t.contentRequired }]}
        >
          <Input.TextArea rows={3} maxLength={TASK_COMMENT_MAX} showCount placeholder={t.contentPlaceholder} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={post.running}>
          {t.submit}
        </Button>
      </Form>
      {data && data.list.length === 0 && <Empty description={t.noComments} />}
      <ol className="portal-task-comment-list">
        {data?.list.map((c) => (
          <CommentItem key={c.id} comment={c} onDelete={() => remove.run(c)} />
        ))}
      </ol>
      {data && data.totalCount > TASK_COMMENT_PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={TASK_COMMENT_PAGE_SIZE}
          total={data.totalCount}
          showSizeChanger={false}
          onChange={setPage}
          size="small"
        />
      )}
    </>
  );
}

function CommentItem({ comment: c, onDelete }: { comment: TaskComment; onDelete: () => Promise<unknown> }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  return (
    <li className="portal-task-comment" data-comment-id={c.id}>
      <Avatar src={c.headPortrait || undefined} alt="">
        {c.userName.slice(0, 1)}
      </Avatar>
      <div className="portal-task-comment-body">
        <p className="portal-task-comment-head">
          <strong>{c.mine ? format(t.me, { name: c.userName }) : c.userName}</strong>
          <time dateTime={c.gmtCreate} title={dateTime(c.gmtCreate)}>
            {relativeTime(c.gmtCreate, new Date(), lang, CHINA_OFFSET)}
          </time>
        </p>
        <p className="portal-task-comment-text">{c.content}</p>
        {c.mine && (
          <Popconfirm title={t.deleteConfirm} okText={t.ok} cancelText={t.cancel} onConfirm={onDelete}>
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}
