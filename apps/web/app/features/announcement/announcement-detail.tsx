import { Link, useSearchParams } from 'react-router';
import { ANNOUNCEMENT_KIND } from '@portal/contract/calls/announcement';
import { Button, Result, Spin, Tag } from 'antd';
import { admireAnnouncement, viewAnnouncementRecord } from '@portal/contract/calls/announcement';
import { ApiError, request } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { RichContent } from '../rich-content/rich-content.tsx';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { refreshUnread } from '../../lib/unread.ts';
import { AnnouncementComments } from './announcement-comments.tsx';
import { dateTime } from '../../lib/date-time.ts';
import { announcementMessages } from './messages.ts';
import './announcement.css';

/**
 * One announcement of the learner (opening it marks it read): title, kind, time, the sanitised
 * content, the like button with its count, and the comments where they are open.
 */
export function AnnouncementDetail({ id }: { id: number }) {
  const t = useMessages(announcementMessages);
  const lang = useLang();
  const [params] = useSearchParams();
  // Opening it marks it read: the bell's count follows.
  const {
    data: view,
    error,
    setData: setView,
  } = useLoad(
    async (signal) => {
      const v = await request(viewAnnouncementRecord, { id }, { signal });
      void refreshUnread();
      return v;
    },
    [id],
  );
  const missing = error instanceof ApiError && error.code === 404;
  const like = useAction(async () => {
    const r = await request(admireAnnouncement, { id });
    setView((v) => (v ? { ...v, ...r } : v));
  });

  const back = new URLSearchParams(params);
  back.delete('id');
  const backLink = (
    <Link className="portal-notice-back" to={`${localePath('/account', lang)}?${back}`}>
      {t.back}
    </Link>
  );
  if (missing) return <Result status="404" title={t.empty} extra={backLink} />;
  if (!view) return <Spin />;

  return (
    <article className="portal-notice-detail" aria-labelledby="notice-title">
      {backLink}
      <h2 id="notice-title" className="portal-notice-detail-title">
        {view.title}
      </h2>
      <p className="portal-notice-meta">
        <Tag color={view.kind === ANNOUNCEMENT_KIND.platform ? 'blue' : 'gold'}>
          {view.kind === ANNOUNCEMENT_KIND.platform ? t.kind2 : t.kind1}
        </Tag>
        <time dateTime={view.publishedAt}>{dateTime(view.publishedAt)}</time>
      </p>
      <RichContent html={view.content} />
      <p className="portal-notice-actions">
        <Button
          type={view.admired ? 'primary' : 'default'}
          aria-pressed={view.admired}
          aria-label={format(t.admireLabel, { n: view.admireCount })}
          loading={like.running}
          onClick={() => void like.run()}
        >
          {view.admired ? t.admired : t.admire} {view.admireCount}
        </Button>
      </p>
      {view.commentOpen ? (
        <AnnouncementComments recordId={id} />
      ) : (
        <p className="portal-notice-closed">{t.commentsClosed}</p>
      )}
    </article>
  );
}
