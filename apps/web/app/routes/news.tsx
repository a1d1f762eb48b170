import { Link, useLocation } from 'react-router';
import { findNewsCategories, findNews } from '@portal/contract';
import { newsDate } from '../features/news/news-date.ts';
import { newsMessages } from '../features/news/news-messages.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { Pager } from '../features/paging/pager.tsx';
import { basePath, localePath } from '../lib/navigation.ts';
import '../features/news/news.css';
import type { Route } from './+types/news';

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /news and /news/categorySearch: the site's news by category, newest first, 10 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const categoryId = positive(url.searchParams.get('categoryId'));
  const pageCurrent = positive(url.searchParams.get('page')) ?? 1;
  const site = await siteOf(request, context);
  if (!site) return { categories: [], page: null, categoryId, failed: true };
  const [categories, page] = await Promise.all([
    callGateway(request, context, site, findNewsCategories, {}),
    callGateway(request, context, site, findNews, { pageCurrent, pageSize: 10, ...(categoryId ? { categoryId } : {}) }),
  ]);
  const ok = categories.code === 200 && page.code === 200;
  return {
    categories: categories.code === 200 ? categories.data : [],
    page:
      page.code === 200
        ? { ...page.data, list: page.data.list.map((n) => ({ ...n, date: newsDate(n.publishedAt) })) }
        : null,
    categoryId,
    failed: !ok,
  };
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { categories, page, categoryId, failed } = loaderData;
  const t = useMessages(newsMessages);
  const lang = useLang();
  const { pathname } = useLocation();
  const here = localePath(basePath(pathname), lang);
  const listPath = (category: number | undefined, n = 1) => {
    const q = new URLSearchParams();
    if (category) q.set('categoryId', String(category));
    if (n > 1) q.set('page', String(n));
    const query = q.toString();
    return query ? `${here}?${query}` : here;
  };
  const current = categories.find((c) => c.id === categoryId);
  return (
    <section className="portal-page portal-news">
      <h1 className="portal-page-title">
        {basePath(pathname) === '/news/categorySearch' && current ? current.name : t.title}
      </h1>
      <nav className="portal-news-categories" aria-label={t.categories}>
        <Link to={listPath(undefined)} aria-current={!categoryId ? 'page' : undefined}>
          {t.all}
        </Link>
        {categories.map((c) => (
          <Link key={c.id} to={listPath(c.id)} aria-current={c.id === categoryId ? 'page' : undefined}>
            {c.name}
          </Link>
        ))}
      </nav>
      {failed || !page ? (
        <p className="portal-news-note">{t.failed}</p>
      ) : page.list.length === 0 ? (
        <p className="portal-news-note">{t.empty}</p>
      ) : (
        <ul className="portal-news-list">
          {page.list.map((n) => (
            <li key={n.id} className="portal-news-item">
              {n.coverUrl && (
                <img className="portal-news-cover" src={n.coverUrl} alt="" width={160} height={100} loading="lazy" />
              )}
              <div className="portal-news-text">
                <h2 className="portal-news-title">
                  <Link to={`${localePath('/news/detail', lang)}?id=${n.id}`}>{n.title}</Link>
                </h2>
                {n.summary && <p className="portal-news-summary">{n.summary}</p>}
                <p className="portal-news-meta">
                  <span>{n.categoryName}</span>
                  <time dateTime={n.publishedAt}>{n.date}</time>
                  <span>{format(t.views, { n: n.viewCount })}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page && <Pager page={page} href={(n) => listPath(categoryId, n)} />}
    </section>
  );
}
