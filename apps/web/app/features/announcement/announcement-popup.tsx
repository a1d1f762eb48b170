import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { announcementBatchRead, announcementPopList } from '@portal/contract/calls/announcement';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../lib/api.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { refreshUnread } from '../../lib/unread.ts';
import { announcementMessages, announcementTime } from './messages.ts';

type Popup = CallResponse<typeof announcementPopList>[number];

const SHOWN = 'portal.announcementPopupShown';

/**
 * The announcement popup after sign-in (platform.md section 2, "Popups and tips"; decision 014):
 * the learner's unread popup announcements, one at a time, in a panel in the corner that does not
 * block the page; once a browser session (the first page after signing in). Each is marked read as
 * it is shown, so it never pops up again; the ones not reached stay unread in the list.
 */
export function AnnouncementPopup() {
  const t = useMessages(announcementMessages);
  const lang = useLang();
  const titleId = useId();
  const [items, setItems] = useState<Popup[]>([]);
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    // Once a browser session, like the profile tip: not again on every page load.
    if (sessionStorage.getItem(SHOWN)) return;
    sessionStorage.setItem(SHOWN, '1');
    request(announcementPopList, {}, { quiet: true })
      .then(setItems)
      .catch(() => undefined);
  }, []);

  const current = closed ? undefined : items[index];
  const currentId = current?.id;
  useEffect(() => {
    if (currentId === undefined) return;
    request(announcementBatchRead, { ids: [currentId] }, { quiet: true })
      .then(() => refreshUnread())
      .catch(() => undefined);
  }, [currentId]);

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
      <time dateTime={current.publishedAt}>{announcementTime(current.publishedAt)}</time>
      {/* Sanitised by the server (only style, class, mode and data-id stay). */}
      <div className="portal-announcement-popup-body" dangerouslySetInnerHTML={{ __html: current.content }} />
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
