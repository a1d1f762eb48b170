import { useState } from 'react';
import { App, Avatar, Button, Empty, Form, Input, Pagination, Popconfirm, Rate } from 'antd';
import {
  COURSE_COMMENT_MAX,
  COURSE_COMMENT_PAGE_SIZE,
  RATING_MIN,
  deleteCourseComment,
  findCourseComments,
  saveCourseComment,
  type CourseComment,
} from '@portal/contract/calls/study';
import { relativeTime } from '@portal/contract/relative-time';
import { request } from '../../lib/api.ts';
import { useAction, useCall } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { courseMessages } from './course-messages.ts';
import './course-detail.css';

/** China time, as the server and every other date of the portal. */
const CHINA_OFFSET = { utcOffsetMinutes: 480 };

/**
 * A course's reviews: the average rating, a form with a rating of 0.5 to 5 in half steps and a
 * text, the reviews newest first (10 a page) and deleting one's own after a confirmation.
 * `onChanged` runs after a review is posted or deleted (the page's average and count follow).
 */
export function CourseComments({
  courseId,
  averageRating,
  commentCount,
  onChanged,
}: {
  courseId: number;
  averageRating: number | null;
  commentCount: number;
  onChanged: () => Promise<void>;
}) {
  const t = useMessages(courseMessages);
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, reload } = useCall(findCourseComments, {
    courseId,
    pageCurrent: page,
    pageSize: COURSE_COMMENT_PAGE_SIZE,
  });
  const [form] = Form.useForm<{ rating: number; content: string }>();

  const post = useAction(async ({ rating, content }: { rating: number; content: string }) => {
    await request(saveCourseComment, { courseId, rating, content: content.trim() });
    void message.success(t.posted);
    form.resetFields();
    if (page === 1) await reload();
    else setPage(1);
    await onChanged();
  });

  const remove = useAction(async (c: CourseComment) => {
    await request(deleteCourseComment, { id: c.id });
    void message.success(t.deleted);
    // The last one of a page gone: the page before.
    if (data && data.list.length === 1 && page > 1) setPage(page - 1);
    else await reload();
    await onChanged();
  });

  return (
    <section className="portal-course-comments" aria-labelledby="course-comments-title">
      <h2 id="course-comments-title" className="portal-visually-hidden">
        {t.comments}
      </h2>
      <div className="portal-course-rating">
        <span className="portal-course-rating-label">{t.average}</span>
        {averageRating === null ? (
          <span>{t.noRating}</span>
        ) : (
          <>
            <strong className="portal-course-rating-value">
              {format(t.averageValue, { n: averageRating.toFixed(1) })}
            </strong>
            <span aria-hidden="true">
              <Rate allowHalf disabled value={Math.round(averageRating * 2) / 2} />
            </span>
            <span>{format(t.ratingCount, { n: commentCount })}</span>
          </>
        )}
      </div>
      <Form
        form={form}
        name="course-comment"
        layout="vertical"
        requiredMark={false}
        className="portal-course-comment-form"
        onFinish={(values) => void post.run(values)}
      >
        <Form.Item
          name="rating"
          label={t.rating}
          rules={[
            {
              validator: (_, value: number | undefined) =>
                value !== undefined && value >= RATING_MIN
                  ? Promise.resolve()
                  : Promise.reject(new Error(t.ratingRequired)),
            },
          ]}
        >
          <Rate allowHalf />
        </Form.Item>
        <Form.Item
          name="content"
          label={t.content}
          rules={[{ required: true, whitespace: true, message: t.contentRequired }]}
        >
          <Input.TextArea rows={3} maxLength={COURSE_COMMENT_MAX} showCount placeholder={t.contentPlaceholder} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={post.running}>
          {t.submit}
        </Button>
      </Form>
      {data && data.list.length === 0 && <Empty description={t.noComments} />}
      <ol className="portal-course-comment-list">
        {data?.list.map((c) => (
          <CommentItem key={c.id} comment={c} onDelete={() => remove.run(c)} />
        ))}
      </ol>
      {data && data.totalCount > COURSE_COMMENT_PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={COURSE_COMMENT_PAGE_SIZE}
          total={data.totalCount}
          showSizeChanger={false}
          onChange={setPage}
          size="small"
        />
      )}
    </section>
  );
}

function CommentItem({ comment: c, onDelete }: { comment: CourseComment; onDelete: () => Promise<unknown> }) {
  const t = useMessages(courseMessages);
  const lang = useLang();
  return (
    <li className="portal-course-comment" data-comment-id={c.id}>
      <Avatar src={c.headPortrait || undefined} alt="">
        {c.userName.slice(0, 1)}
      </Avatar>
      <div className="portal-course-comment-body">
        <p className="portal-course-comment-head">
          <strong>{c.mine ? format(t.me, { name: c.userName }) : c.userName}</strong>
          <span aria-hidden="true">
            <Rate allowHalf disabled value={c.rating} />
          </span>
          <span className="portal-visually-hidden">{format(t.ratedLabel, { n: c.rating })}</span>
          <time dateTime={c.gmtCreate} title={dateTime(c.gmtCreate)}>
            {relativeTime(c.gmtCreate, new Date(), lang, CHINA_OFFSET)}
          </time>
        </p>
        <p className="portal-course-comment-text">{c.content}</p>
        {c.mine && (
          <Popconfirm title={t.deleteConfirm} okText={t.ok} cancelText={t.cancel} onConfirm={onDelete}>
            <Button type="link" size="small" danger className="portal-course-comment-delete">
              {t.delete}
            </Button>
          </Popconfirm>
        )}
      </div>
    </li>
  );
}
