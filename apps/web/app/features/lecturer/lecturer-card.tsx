import { Link } from 'react-router';
import type { LecturerBase } from '@portal/contract/calls/lecturer';
import { useLang } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import './lecturer.css';

/** Lecturer cards (avatar, name, title, rank) linking to /lecturer/view/info: home zone and search. */
export function LecturerGrid({ lecturers, showRank = false }: { lecturers: LecturerBase[]; showRank?: boolean }) {
  const lang = useLang();
  const { website } = useSite();
  return (
    <ul className="portal-lecturer-grid">
      {lecturers.map((l) => (
        <li key={l.id} className="portal-lecturer-card">
          <Link to={`${localePath('/lecturer/view/info', lang)}?lecturerId=${l.id}`}>
            <img
              src={l.avatarUrl || website.defaultUserHeadPortrait || '/demo/avatar.svg'}
              alt=""
              width={96}
              height={96}
              loading="lazy"
            />
            <span className="portal-lecturer-name">{l.name}</span>
          </Link>
          {l.title && <span className="portal-lecturer-title">{l.title}</span>}
          {showRank && l.rankName && <span className="portal-lecturer-rank">{l.rankName}</span>}
        </li>
      ))}
    </ul>
  );
}
