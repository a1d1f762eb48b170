import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Input, Select } from 'antd';
import type { CategoryNode } from '@portal/contract/calls/category';
import { CourseSort, type CourseCard } from '@portal/contract/calls/course';
import { findLecturers } from '@portal/contract/calls/lecturer';
import { useCall } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { Pager } from '../paging/pager.tsx';
import { CourseGrid } from './course-card.tsx';
import { catalogueMessages } from './course-messages.ts';
import '../news/news.css';
import './course.css';

/** Lecturers the lecturer filter offers before anything is typed (and per search). */
export const LECTURER_OPTIONS = 50;
/** Typing in the lecturer filter searches after this pause (account-area.md section 9: 500 ms). */
const SEARCH_DEBOUNCE_MS = 500;

export interface CatalogueQuery {
  categoryId: number | undefined;
  keyword: string;
  lecturerId: number | undefined;
  sortType: number;
  page: number;
}

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/** The catalogue's filters from the address: anything malformed is left out. */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const sort = Number(params.get('sortType'));
  return {
    categoryId: positive(params.get('categoryId')),
    keyword: (params.get('keyword') ?? '').trim().slice(0, 50),
    lecturerId: positive(params.get('lecturerId')),
    sortType: sort === CourseSort.MOST_LEARNERS ? CourseSort.MOST_LEARNERS : CourseSort.NEWEST,
    page: positive(params.get('page')) ?? 1,
  };
}

/** The address of the catalogue with some filters changed: a changed filter starts at page 1. */
export function catalogueHref(here: string, query: CatalogueQuery, next: Partial<CatalogueQuery>): string {
  const q = { ...query, page: 1, ...next };
  const params = new URLSearchParams();
  if (q.categoryId) params.set('categoryId', String(q.categoryId));
  if (q.keyword) params.set('keyword', q.keyword);
  if (q.lecturerId) params.set('lecturerId', String(q.lecturerId));
  if (q.sortType !== CourseSort.NEWEST) params.set('sortType', String(q.sortType));
  if (q.page > 1) params.set('page', String(q.page));
  const search = params.toString();
  return search ? `${here}?${search}` : here;
}

/** The categories from a root down to the one with `id`, or [] when it is not in the tree. */
export function categoryPath(nodes: CategoryNode[], id: number | undefined): CategoryNode[] {
  if (id === undefined) return [];
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = categoryPath(node.childrenList, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

interface CatalogueProps {
  query: CatalogueQuery;
  categories: CategoryNode[];
  page: { list: CourseCard[]; pageCurrent: number; totalPage: number } | null;
  counts: { totalCount: number; learningCount: number; completedCount: number } | null;
  lecturers: Array<{ id: number; name: string }>;
  failed: boolean;
  /** The tabs of /knowledge (courses, projects), under the heading. */
  tabs?: ReactNode;
}

/**
 * The course catalogue: the category tree as rows (the roots, then the children of each chosen
 * category; choosing a parent lists its children's courses too), keyword, lecturer, sort, the
 * counts line, the course cards and the pages. Every filter is a link or a navigation, so the
 * address holds them all.
 */
export function Catalogue({ query, categories, page, counts, lecturers, failed, tabs }: CatalogueProps) {
  const t = useMessages(catalogueMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const here = localePath('/knowledge', lang);
  const href = (next: Partial<CatalogueQuery>) => catalogueHref(here, query, next);
  // A search or a lecturer changes the filters the address has when it happens: the router renders
  // a navigation in a transition, so its address can be there before this render's `query` is.
  const go = (next: Partial<CatalogueQuery>) =>
    void navigate(catalogueHref(here, parseCatalogueQuery(new URLSearchParams(window.location.search)), next));
  const filtered = query.categoryId !== undefined || query.keyword !== '' || query.lecturerId !== undefined;
  return (
    <section className="portal-page portal-catalogue">
      <h1 className="portal-page-title">{t.title}</h1>
      {tabs}
      <CategoryRows categories={categories} selected={query.categoryId} href={href} />
      <div className="portal-catalogue-tools">
        <div role="search" className="portal-catalogue-search">
          <Input.Search
            key={query.keyword}
            defaultValue={query.keyword}
            aria-label={t.keyword}
            placeholder={t.keywordPlaceholder}
            maxLength={50}
            allowClear
            enterButton={t.search}
            onSearch={(value) => go({ keyword: value.trim() })}
          />
        </div>
        <LecturerFilter value={query.lecturerId} initial={lecturers} onChange={(lecturerId) => go({ lecturerId })} />
        {filtered && (
          <Link
            className="portal-catalogue-reset"
            to={catalogueHref(here, query, { categoryId: undefined, keyword: '', lecturerId: undefined })}
          >
            {t.reset}
          </Link>
        )}
      </div>
      <div className="portal-catalogue-sortbar">
        <nav className="portal-catalogue-sorts" aria-label={t.sort}>
          {[
            [CourseSort.NEWEST, t.newest],
            [CourseSort.MOST_LEARNERS, t.mostLearners],
          ].map(([sortType, label]) => (
            <Link
              key={sortType}
              to={href({ sortType: Number(sortType) })}
              aria-current={query.sortType === sortType ? 'page' : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>
        {counts && (
          <p className="portal-catalogue-counts">
            {format(t.counts, {
              total: counts.totalCount,
              learning: counts.learningCount,
              completed: counts.completedCount,
            })}
          </p>
        )}
      </div>
      {failed || !page ? (
        <p className="portal-news-note" role="alert">
          {t.failed}
        </p>
      ) : (
        <CourseGrid courses={page.list} emptyText={t.empty} />
      )}
      {page && <Pager page={page} href={(n) => href({ page: n })} />}
    </section>
  );
}

/**
 * The category rows: 全部 and the roots, then for each chosen category with children a row of them
 * (its own 全部 keeps the parent chosen, which includes its children).
 */
function CategoryRows({
  categories,
  selected,
  href,
}: {
  categories: CategoryNode[];
  selected: number | undefined;
  href: (next: Partial<CatalogueQuery>) => string;
}) {
  const t = useMessages(catalogueMessages);
  const path = categoryPath(categories, selected);
  const rows: Array<{ parent: CategoryNode | null; nodes: CategoryNode[] }> = [
    { parent: null, nodes: categories },
    ...path.filter((n) => n.childrenList.length > 0).map((n) => ({ parent: n, nodes: n.childrenList })),
  ];
  if (categories.length === 0) return null;
  return (
    <nav className="portal-catalogue-categories" aria-label={t.categories}>
      {rows.map(({ parent, nodes }, level) => {
        const allId = parent?.id;
        return (
          <div key={parent?.id ?? 0} className="portal-catalogue-row">
            <span className="portal-catalogue-label" aria-hidden="true">
              {level === 0 ? t.category : t.subcategory}
            </span>
            <ul className="portal-news-categories">
              <li>
                <Link
                  to={href({ categoryId: allId })}
                  aria-current={selected === allId ? 'page' : undefined}
                  aria-label={parent ? `${t.all} ${parent.categoryName}` : undefined}
                >
                  {t.all}
                </Link>
              </li>
              {nodes.map((n) => (
                <li key={n.id}>
                  <Link
                    to={href({ categoryId: n.id })}
                    aria-current={selected === n.id ? 'page' : undefined}
                    className={path.includes(n) && selected !== n.id ? 'is-open' : undefined}
                  >
                    {n.categoryName}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/**
 * The lecturer filter: the first lecturers of the enterprise, and those whose name matches what is
 * typed (searched on the server after a pause).
 */
function LecturerFilter({
  value,
  initial,
  onChange,
}: {
  value: number | undefined;
  initial: Array<{ id: number; name: string }>;
  onChange: (lecturerId: number | undefined) => void;
}) {
  const t = useMessages(catalogueMessages);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCall(findLecturers, keyword ? { keyword, pageCurrent: 1, pageSize: LECTURER_OPTIONS } : null, {
    quiet: true,
  });
  const list = keyword && found.data ? found.data.list : initial;
  const chosen = initial.find((l) => l.id === value);
  const options = [...(chosen && !list.some((l) => l.id === chosen.id) ? [chosen] : []), ...list].map((l) => ({
    value: l.id,
    label: l.name,
  }));
  const labelId = useId();
  return (
    <div className="portal-catalogue-lecturer">
      <span id={labelId}>{t.lecturer}</span>
      <Select<number>
        aria-labelledby={labelId}
        className="portal-catalogue-lecturer-select"
        value={value}
        placeholder={t.allLecturers}
        allowClear
        showSearch={{ filterOption: false, onSearch: setTyped }}
        loading={found.loading}
        options={options}
        onChange={(v) => {
          setTyped('');
          onChange(v ?? undefined);
        }}
      />
    </div>
  );
}
