import { Link } from 'react-router';
import { defineMessages, format, useMessages } from '../../lib/i18n.ts';
import './pager.css';

const messages = defineMessages({
  zh: { pages: '分页', page: '第 {n} 页', previous: '上一页', next: '下一页' },
  en: { pages: 'Pages', page: 'Page {n}', previous: 'Previous', next: 'Next' },
});

/** A window of page numbers around the current one, so a list of 500 pages is not 500 links. */
export function pageNumbers(current: number, total: number, around = 3): number[] {
  const from = Math.max(1, Math.min(current - around, total - 2 * around));
  const to = Math.min(total, Math.max(current + around, 1 + 2 * around));
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Page links of a server-rendered list (they work without script): previous, a window of numbers,
 * next. Nothing when everything fits on one page.
 */
export function Pager({
  page,
  href,
  numbers = true,
}: {
  page: { pageCurrent: number; totalPage: number };
  href: (n: number) => string;
  numbers?: boolean;
}) {
  const t = useMessages(messages);
  const { pageCurrent: current, totalPage: total } = page;
  if (total <= 1) return null;
  return (
    <nav className="portal-pager" aria-label={t.pages}>
      {current > 1 ? <Link to={href(current - 1)}>{t.previous}</Link> : <span>{t.previous}</span>}
      {numbers &&
        pageNumbers(current, total).map((n) => (
          <Link
            key={n}
            to={href(n)}
            aria-label={format(t.page, { n })}
            aria-current={n === current ? 'page' : undefined}
          >
            {n}
          </Link>
        ))}
      {current < total ? <Link to={href(current + 1)}>{t.next}</Link> : <span>{t.next}</span>}
    </nav>
  );
}
