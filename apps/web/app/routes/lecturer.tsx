import { Link } from 'react-router';
import { findLecturers, findLecturerRanks } from '@portal/contract';
import { lecturerMessages } from '../features/lecturer/lecturer-messages.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { useLang, useMessages } from '../lib/i18n.ts';
import { Pager } from '../features/paging/pager.tsx';
import { LecturerGrid } from '../features/lecturer/lecturer-card.tsx';
import { localePath } from '../lib/navigation.ts';
import '../features/news/news.css';
import type { Route } from './+types/lecturer';

const PAGE_SIZE = 12;
const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/** /lecturer: the enterprise's lecturers by rank, 12 a page (signed-in learners; the guard sees to it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rankId = positive(url.searchParams.get('rankId'));
  const pageCurrent = positive(url.searchParams.get('page')) ?? 1;
  const site = await siteOf(request, context);
  if (!site) return { ranks: [], page: null, rankId };
  const [ranks, page] = await Promise.all([
    callGateway(request, context, site, findLecturerRanks, {}),
    callGateway(request, context, site, findLecturers, {
      pageCurrent,
      pageSize: PAGE_SIZE,
      ...(rankId ? { rankId } : {}),
    }),
  ]);
  return { ranks: ranks.code === 200 ? ranks.data : [], page: page.code === 200 ? page.data : null, rankId };
}

export default function Lecturers({ loaderData }: Route.ComponentProps) {
  const { ranks, page, rankId } = loaderData;
  const t = useMessages(lecturerMessages);
  const lang = useLang();
  const here = localePath('/lecturer', lang);
  const listPath = (rank: number | undefined, n = 1) => {
    const q = new URLSearchParams();
    if (rank) q.set('rankId', String(rank));
    if (n > 1) q.set('page', String(n));
    return q.toString() ? `${here}?${q.toString()}` : here;
  };
  return (
    <section className="portal-page portal-lecturers">
      <h1 className="portal-page-title">{t.title}</h1>
      <nav className="portal-news-categories" aria-label={t.ranks}>
        <Link to={listPath(undefined)} aria-current={!rankId ? 'page' : undefined}>
          {t.all}
        </Link>
        {ranks.map((r) => (
          <Link key={r.id} to={listPath(r.id)} aria-current={r.id === rankId ? 'page' : undefined}>
            {r.name}
          </Link>
        ))}
      </nav>
      {!page ? (
        <p className="portal-news-note">{t.failed}</p>
      ) : page.list.length === 0 ? (
        <p className="portal-news-note">{t.empty}</p>
      ) : (
        <LecturerGrid lecturers={page.list} showRank />
      )}
      {page && <Pager page={page} href={(n) => listPath(rankId, n)} />}
    </section>
  );
}
