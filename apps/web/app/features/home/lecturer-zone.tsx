import { Link } from 'react-router';
import type { LecturerBase } from '@portal/contract/calls/lecturer';
import { zoneMessages } from './course-zone.tsx';
import { LecturerGrid } from '../lecturer/lecturer-card.tsx';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import './home.css';

/** The lecturer zone of the home page: featured lecturers (avatar, name, title) and 'more' to /lecturer. */
export function LecturerZone({ id, title, lecturers }: { id: number; title: string; lecturers: LecturerBase[] }) {
  const t = useMessages(zoneMessages);
  const lang = useLang();
  const headingId = `zone-${id}`;
  return (
    <section className="portal-zone portal-lecturer-zone" aria-labelledby={headingId}>
      <div className="portal-zone-head">
        <h2 id={headingId} className="portal-zone-title">
          {title}
        </h2>
        <Link className="portal-zone-more" to={localePath('/lecturer', lang)}>
          {t.more}
        </Link>
      </div>
      {lecturers.length === 0 ? (
        <p className="portal-news-note">{t.noLecturers}</p>
      ) : (
        <LecturerGrid lecturers={lecturers} />
      )}
    </section>
  );
}
