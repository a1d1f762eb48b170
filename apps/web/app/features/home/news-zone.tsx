import { Link } from 'react-router';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { newsMessages } from '../news/news-messages.ts';
import './home.css';

interface ZoneArticle {
  id: number;
  title: string;
  categoryName: string;
  date: string;
}

/** The news zone of the home page: the latest articles, rendered with the page. */
export function NewsZone({ id, title, news }: { id: number; title: string; news: ZoneArticle[] }) {
  const t = useMessages(newsMessages);
  const lang = useLang();
  return (
    <section className="portal-zone portal-news-zone" aria-labelledby={`zone-${id}`}>
      <div className="portal-zone-head">
        <h2 id={`zone-${id}`} className="portal-zone-title">
          {title}
        </h2>
        <Link className="portal-zone-more" to={localePath('/news', lang)}>
          {t.more}
        </Link>
      </div>
      {news.length === 0 ? (
        <p className="portal-board-signin">{t.empty}</p>
      ) : (
        <ul className="portal-news-zone-list">
          {news.map((n) => (
            <li key={n.id}>
              <span className="portal-news-zone-category">{n.categoryName}</span>
              <Link to={`${localePath('/news/detail', lang)}?id=${n.id}`}>{n.title}</Link>
              <time>{n.date}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
