import { Link, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { newsPage } from '@portal/contract';
import { newsDate } from '../features/news/news-date.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { defineMessages, format, useLang, useMessages } from '../lib/i18n.ts';
import { Pager } from '../features/paging/pager.tsx';
import { localePath } from '../lib/navigation.ts';

const messages = defineMessages({
  zh: {
    title: '“{str}”的搜索结果',
    news: '新闻资讯（{n}）',
    none: '没有找到与“{str}”相关的内容',
    failed: '数据加载失败，请稍后再试',
  },
  en: {
    title: 'Results for “{str}”',
    news: 'News ({n})',
    none: 'Nothing found for “{str}”',
    failed: 'Failed to load data, please try again later',
  },
});

const PAGE_SIZE = 10;

/**
 * /search/{str}?type=…: what the site has for the keyword, paged. News so far; courses and
 * lecturers join when they exist (issue 4). The type says where the search started.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const str = (params.str ?? '').trim().slice(0, 50);
  const url = new URL(request.url);
  const raw = Number(url.searchParams.get('page'));
  const page = Number.isInteger(raw) && raw > 0 && raw < 100_000 ? raw : 1;
  const site = await siteOf(request, context);
  if (!site || !str) return { str, news: null, failed: false };
  const env = await callGateway(request, context, site, newsPage, {
    pageCurrent: page,
    pageSize: PAGE_SIZE,
    keyword: str,
  });
  return {
    str,
    failed: env.code !== 200,
    news:
      env.code === 200
        ? { ...env.data, list: env.data.list.map((n) => ({ ...n, date: newsDate(n.publishedAt) })) }
        : null,
  };
}

export default function Search() {
  const { str, news, failed } = useLoaderData<typeof loader>();
  const t = useMessages(messages);
  const lang = useLang();
  const { pathname, search } = useLocation();
  const pageLink = (n: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(n));
    return `${pathname}?${q.toString()}`;
  };
  return (
    <section className="portal-page portal-search-results">
      <h1 className="portal-page-title">{format(t.title, { str })}</h1>
      {failed ? (
        <p className="portal-news-note">{t.failed}</p>
      ) : !news || news.totalCount === 0 ? (
        <p className="portal-news-note">{format(t.none, { str })}</p>
      ) : (
        <>
          <h2 className="portal-search-section">{format(t.news, { n: news.totalCount })}</h2>
          <ul className="portal-news-list">
            {news.list.map((n) => (
              <li key={n.id} className="portal-news-item">
                <div className="portal-news-text">
                  <h3 className="portal-news-title">
                    <Link to={`${localePath('/news/detail', lang)}?id=${n.id}`}>{n.title}</Link>
                  </h3>
                  {n.summary && <p className="portal-news-summary">{n.summary}</p>}
                  <p className="portal-news-meta">
                    <span>{n.categoryName}</span>
                    <time dateTime={n.publishedAt}>{n.date}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={news} href={pageLink} numbers={false} />
        </>
      )}
    </section>
  );
}
