import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Result, Spin, Tag } from 'antd';
import type { CallResponse } from '@portal/contract/call';
import { admireAnnouncement, viewAnnouncementRecord } from '@portal/contract/calls/announcement';
import { ApiError, request } from '../../lib/api.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { refreshUnread } from '../../lib/unread.ts';
import { AnnouncementComments } from './announcement-comments.tsx';
import { dateTime } from '../../lib/date-time.ts';
import { announcementMessages } from './messages.ts';

type View = CallResponse<typeof viewAnnouncementRecord>;

/**
 * One announcement of the learner (opening it marks it read): title, kind, time, the sanitised
 * content, the like button with its count, and the comments where they are open.
 */
export function AnnouncementDetail({ id }: { id: number }) {
  const t = useMessages(announcementMessages);
  const lang = useLang();
  const [params] = useSearchParams();
  const [view, setView] = useState<View | null>(null);
  const [missing, setMissing] = useState(false);
  const [liking, setLiking] = useState(false);

  useEffect(() => {
    request(viewAnnouncementRecord, { id })
      .then((v) => {
        setView(v);
        void refreshUnread();
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 404) setMissing(true);
      });
  }, [id]);

  const back = new URLSearchParams(params);
  back.delete('id');
  const backLink = (
    <Link className="portal-notice-back" to={`${localePath('/account', lang)}?${back}`}>
      {t.back}
    </Link>
  );
  if (missing) return <Result status="404" title={t.empty} extra={backLink} />;
  if (!view) return <Spin />;

  const like = () => {
    setLiking(true);
    request(admireAnnouncement, { id })
      .then((r) => setView((v) => (v ? { ...v, ...r } : v)))
      .catch(() => undefined)
      .finally(() => setLiking(false));
  };

  return (
    <article className="portal-notice-detail" aria-labelledby="notice-title">
      {backLink}
      <h2 id="notice-title" className="portal-notice-detail-title">
        {view.title}
      </h2>
      <p className="portal-notice-meta">
        <Tag color={view.kind === 2 ? 'blue' : 'gold'}>{view.kind === 2 ? t.kind2 : t.kind1}</Tag>
        <time dateTime={view.publishedAt}>{dateTime(view.publishedAt)}</time>
      </p>
      {/* Sanitised by the server (only style, class, mode and data-id stay). */}
      <div className="portal-rich-text" dangerouslySetInnerHTML={{ __html: view.content }} />
      <p className="portal-notice-actions">
        <Button
          type={view.admired ? 'primary' : 'default'}
          aria-pressed={view.admired}
          aria-label={format(t.admireLabel, { n: view.admireCount })}
          loading={liking}
          onClick={like}
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
