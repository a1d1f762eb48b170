import { data, Link } from 'react-router';
import { viewNews } from '@portal/contract';
import { newsDate } from '../features/news/news-date.ts';
import { newsMessages } from '../features/news/news-messages.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { localePath } from '../lib/navigation.ts';
import { RichContent } from '../features/rich-content/rich-content.tsx';
import '../features/news/news.css';
import type { Route } from './+types/news-detail';

/** /news/detail?id=…: one article (sanitised on the server), with the newer and older ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = Number(new URL(request.url).searchParams.get('id'));
  const site = await siteOf(request, context);
  const en = /^\/en(\/|$)/.test(new URL(request.url).pathname);
  const missing = () => data({ message: en ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  if (!site || !Number.isInteger(id) || id <= 0) throw missing();
  const env = await callGateway(request, context, site, viewNews, { id });
  if (env.code === 404) throw missing();
  if (env.code !== 200) throw data({ message: env.message }, { status: 503 });
  return { article: { ...env.data, date: newsDate(env.data.publishedAt) } };
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const t = useMessages(newsMessages);
  const lang = useLang();
  const detail = (id: number) => `${localePath('/news/detail', lang)}?id=${id}`;
  return (
    <article className="portal-page portal-article">
      <h1 className="portal-page-title portal-article-title">{article.title}</h1>
      <p className="portal-news-meta portal-article-meta">
        <Link to={`${localePath('/news/categorySearch', lang)}?categoryId=${article.categoryId}`}>
          {article.categoryName}
        </Link>
        {article.author && <span>{format(t.author, { name: article.author })}</span>}
        <time dateTime={article.publishedAt}>{article.date}</time>
        <span>{format(t.views, { n: article.viewCount })}</span>
      </p>
      <RichContent html={article.content} />
      <nav className="portal-article-neighbours" aria-label={t.neighbours}>
        <p>
          {t.newer}
          {article.newer ? <Link to={detail(article.newer.id)}>{article.newer.title}</Link> : t.none}
        </p>
        <p>
          {t.older}
          {article.older ? <Link to={detail(article.older.id)}>{article.older.title}</Link> : t.none}
        </p>
        <Link to={localePath('/news', lang)}>{t.back}</Link>
      </nav>
    </article>
  );
}
