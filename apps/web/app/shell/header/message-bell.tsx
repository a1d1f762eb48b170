import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { defineMessages, format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useCurrentUser, useSite } from '../../lib/root-data.ts';
import {
  refreshUnread,
  setUnreadOwner,
  subscribeUnread,
  unreadServerSnapshot,
  unreadSnapshot,
} from '../../lib/unread.ts';
import { hiddenEntries } from './user-menu.tsx';

/** How often the bell asks for the unread count while the tab is visible. */
const BELL_POLL_MS = 60_000;

const messages = defineMessages({
  zh: { none: '消息通知，没有未读消息', some: '消息通知，{n}条未读' },
  en: { none: 'Notifications, none unread', some: 'Notifications, {n} unread' },
});

// BellOutlined of @ant-design/icons-svg (MIT), inline like the shell's other icons.
const BELL =
  'M816 768h-24V428c0-141.1-104.3-257.7-240-277.1V112c0-22.1-17.9-40-40-40s-40 17.9-40 40v38.9c-135.7 19.4-240 136-240 277.1v340h-24c-17.7 0-32 14.3-32 32v32c0 4.4 3.6 8 8 8h216c0 61.8 50.2 112 112 112s112-50.2 112-112h216c4.4 0 8-3.6 8-8v-32c0-17.7-14.3-32-32-32zM512 888c-26.5 0-48-21.5-48-48h96c0 26.5-21.5 48-48 48zM304 768V428c0-55.6 21.6-107.8 60.9-147.1S456.4 220 512 220c55.6 0 107.8 21.6 147.1 60.9S720 372.4 720 428v340H304z';

/**
 * The signed-in header's message bell (account-area.md section 2): the unread announcement count
 * as a badge, a link to /account?change=5. The count is asked for after the page is up, every
 * BELL_POLL_MS while the tab is visible and at once when it becomes visible again; the notices
 * section refreshes it after reading or deleting (lib/unread.ts). The count is the signed-in
 * person's in this enterprise: another person or enterprise in the tab starts from none. Not shown
 * where the site hides the section (accountHidePage has 5).
 */
export function MessageBell() {
  const t = useMessages(messages);
  const lang = useLang();
  const { website } = useSite();
  const hidden = hiddenEntries(website.individuationOptions.accountHidePage).has(5);
  const user = useCurrentUser();
  const eid = user?.eid;
  const person = user?.phone;
  const { count } = useSyncExternalStore(subscribeUnread, unreadSnapshot, unreadServerSnapshot);

  useEffect(() => {
    if (eid !== undefined && person !== undefined) setUnreadOwner(eid, person);
    if (hidden) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(() => void refreshUnread(), BELL_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void refreshUnread();
        start();
      } else {
        clearInterval(timer);
      }
    };
    void refreshUnread();
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [hidden, eid, person]);

  if (hidden) return null;
  const label = count > 0 ? format(t.some, { n: count }) : t.none;
  return (
    <Link
      className="portal-user-link portal-bell"
      to={`${localePath('/account', lang)}?change=5`}
      aria-label={label}
      title={label}
    >
      <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={BELL} />
      </svg>
      {count > 0 && (
        <span className="portal-bell-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
