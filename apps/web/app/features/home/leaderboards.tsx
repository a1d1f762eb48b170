import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useCurrentUser, useSite } from '../../lib/root-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { leaderboardMessages } from './leaderboard-messages.ts';
import './home.css';

type RankKind = 'integral' | 'creditHour' | 'certificate';
const KINDS: RankKind[] = ['integral', 'creditHour', 'certificate'];

const RankBoards = lazy(() => import('./rank-boards.tsx'));

/** The boards' frames while their data loads (same size: nothing moves when it arrives). */
function Placeholder({ titles }: { titles: string[] }) {
  const t = useMessages(leaderboardMessages);
  return (
    <div className="portal-boards">
      {titles.map((title) => (
        <section key={title} className="portal-board" aria-label={title}>
          <h3 className="portal-board-title">{title}</h3>
          <p className="portal-board-note" aria-busy="true">
            {t.loading}
          </p>
        </section>
      ))}
    </div>
  );
}

/**
 * The leaderboard zone of the home page (issue 4, decision 012): points, credit hours (学时 or 学分
 * by the site's studyScoreType) and certificates, 3 a page, with the learner's own rank. The
 * ranking calls need a session: visitors are asked to sign in. Loaded after the page, so the
 * server's render stays cheap and the same for everyone.
 */
export function Leaderboards({ id, title }: { id: number; title: string }) {
  const t = useMessages(leaderboardMessages);
  const lang = useLang();
  const user = useCurrentUser();
  const { website } = useSite();
  const hours = website.studyScoreType === 2;
  // The boards load in the browser (the ranking calls need the session; the page stays cheap).
  const mounted = useHydrated();
  const titles: Record<RankKind, string> = {
    integral: t.integral,
    creditHour: hours ? t.creditHourHours : t.creditHour,
    certificate: t.certificate,
  };
  // [one, many]: "1 certificate", "3 certificates".
  const units: Record<RankKind, [string, string]> = {
    integral: [t.unitIntegralOne, t.unitIntegral],
    creditHour: hours ? [t.unitCreditHourHoursOne, t.unitCreditHourHours] : [t.unitCreditHourOne, t.unitCreditHour],
    certificate: [t.unitCertificateOne, t.unitCertificate],
  };
  return (
    <section className="portal-zone portal-leaderboards" aria-labelledby={`zone-${id}`}>
      <h2 id={`zone-${id}`} className="portal-zone-title">
        {title}
      </h2>
      {user ? (
        mounted ? (
          <Suspense fallback={<Placeholder titles={KINDS.map((k) => titles[k])} />}>
            <RankBoards boards={KINDS.map((kind) => ({ kind, title: titles[kind], unit: units[kind] }))} />
          </Suspense>
        ) : (
          <Placeholder titles={KINDS.map((k) => titles[k])} />
        )
      ) : (
        <p className="portal-board-signin">
          {t.signInFirst}{' '}
          <Link to={`${localePath('/login', lang)}?redirect=${encodeURIComponent(localePath('/home', lang))}`}>
            {t.signIn}
          </Link>
        </p>
      )}
    </section>
  );
}
