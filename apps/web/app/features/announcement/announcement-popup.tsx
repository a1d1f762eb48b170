import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { readAnnouncementRecords, findPopupAnnouncements } from '@portal/contract/calls/announcement';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useCurrentUser } from '../../lib/root-data.ts';
import { markPopupShown, popupShown, refreshUnread, setUnreadOwner } from '../../lib/unread.ts';
import { dateTime } from '../../lib/date-time.ts';
import { announcementMessages } from './messages.ts';
import { RichContent } from '../rich-content/rich-content.tsx';
import './announcement.css';

type Popup = CallResponse<typeof findPopupAnnouncements>[number];

/**
 * The announcement popup after sign-in (platform.md section 2, "Popups and tips"; decision 014):
 * the learner's unread popup announcements, one at a time, in a panel in the corner that does not
 * block the page; once a browser session per person and enterprise (the first page after signing
 * in; another person or enterprise in the tab gets theirs). Each is marked read as it is shown, so
 * it never pops up again; the ones not reached stay unread in the list.
 */
export function AnnouncementPopup() {
  const user = useCurrentUser();
  if (!user) return null;
  // Another person or enterprise starts afresh.
  return <PopupOf key={`${user.eid}:${user.phone}`} eid={user.eid} person={user.phone} />;
}

function PopupOf({ eid, person }: { eid: number; person: string }) {
  const t = useMessages(announcementMessages);
  const lang = useLang();
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);

  // Once a browser session, like the profile tip: not again on every page load. Remembered only
  // once the list has come to this page (a failed or abandoned request asks again next time).
  const { data: items = [] } = useLoad<Popup[]>(
    async (signal) => {
      setUnreadOwner(eid, person);
      if (popupShown(eid, person)) return [];
      const list = await request(findPopupAnnouncements, {}, { quiet: true, signal });
      markPopupShown(eid, person);
      return list;
    },
    [eid, person],
  );

  const current = closed ? undefined : items[index];
  const currentId = current?.id;
  // Each is marked read as it is shown.
  const { run: markRead } = useAction(async (shown: number) => {
    await request(readAnnouncementRecords, { ids: [shown] }, { quiet: true });
    await refreshUnread();
  });
  useEffect(() => {
    if (currentId !== undefined) void markRead(currentId);
  }, [currentId, markRead]);

  if (!current) return null;
  const close = () => setClosed(true);
  return (
    <section className="portal-announcement-popup" aria-labelledby={titleId}>
      <header className="portal-announcement-popup-head">
        <span className="portal-announcement-popup-kind">
          {t.popupTitle}
          {items.length > 1 && ` · ${format(t.popupOf, { i: index + 1, n: items.length })}`}
        </span>
        <button type="button" className="portal-announcement-popup-x" aria-label={t.closeLabel} onClick={close}>
          ×
        </button>
      </header>
      <h2 id={titleId} className="portal-announcement-popup-title">
        {current.title}
      </h2>
      <time dateTime={current.publishedAt}>{dateTime(current.publishedAt)}</time>
      <RichContent html={current.content} className="portal-announcement-popup-body" />
      <footer className="portal-announcement-popup-actions">
        <Link to={`${localePath('/account', lang)}?change=5&id=${current.id}`} onClick={close}>
          {t.popupDetail}
        </Link>
        {index + 1 < items.length ? (
          <button type="button" className="portal-announcement-popup-button" onClick={() => setIndex(index + 1)}>
            {t.popupNext}
          </button>
        ) : (
          <button type="button" className="portal-announcement-popup-button" onClick={close}>
            {t.popupClose}
          </button>
        )}
      </footer>
    </section>
  );
}
