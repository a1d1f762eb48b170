import { Link } from 'react-router';
import type { LiveRoomCard } from '@portal/contract/calls/live';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { liveMessages } from './live-messages.ts';
import { LiveStateTag, livePath } from './live-parts.tsx';
import './live.css';

/**
 * Live room cards (the header search's live type): cover with the state badge, title, course,
 * lecturer and start in China time, linking to the room.
 */
export function LiveRoomGrid({ rooms }: { rooms: LiveRoomCard[] }) {
  const t = useMessages(liveMessages);
  const lang = useLang();
  return (
    <ul className="portal-live-grid">
      {rooms.map((r) => (
        <li key={r.id} className="portal-live-card">
          <Link to={livePath(r.id, lang)}>
            <span className="portal-live-card-cover">
              <img src={r.coverUrl || '/demo/course-cover.svg'} alt="" width={280} height={158} loading="lazy" />
              <LiveStateTag state={r.state} />
            </span>
            <span className="portal-live-card-body">
              <span className="portal-live-card-title">{r.title}</span>
              <span className="portal-live-card-meta">{r.courseTitle}</span>
              {r.lecturerName && (
                <span className="portal-live-card-meta">{format(t.lecturerName, { name: r.lecturerName })}</span>
              )}
              <time className="portal-live-card-meta" dateTime={r.startsAt}>
                {format(t.startsAt, { time: dateTime(r.startsAt) })}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
