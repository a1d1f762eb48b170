/**
 * The server-paged table's state in the page's URL (decision 036): `page`, `size`, `sort`
 * (`field` or `-field` for descending) and one parameter per filter. The loader reads it into a
 * call's input with `readTableQuery`; the table writes it with `writeTableQuery`, so a view can be
 * bookmarked, shared and reloaded, and the browser's back button steps back through it.
 */
export interface TableQuery {
  pageCurrent: number;
  pageSize: number;
  sort: { field: string; order: 'asc' | 'desc' } | null;
  filters: Record<string, string>;
}

export interface TableQueryOptions {
  defaultSize: number;
  /** Page sizes the table offers; another size in the URL falls back to `defaultSize`. */
  sizes: readonly number[];
  /** Fields the server sorts by; another `sort` is ignored. */
  sortable: readonly string[];
  /** Filter parameters the page reads. */
  filters: readonly string[];
}

/** The last page the table asks for (the contract's PAGE_CURRENT_MAX). */
const PAGE_MAX = 100_000;

export function readTableQuery(params: URLSearchParams, o: TableQueryOptions): TableQuery {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const sortRaw = params.get('sort') ?? '';
  const field = sortRaw.replace(/^-/, '');
  const filters: Record<string, string> = {};
  for (const name of o.filters) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return {
    pageCurrent: Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1,
    pageSize: o.sizes.includes(size) ? size : o.defaultSize,
    sort: o.sortable.includes(field) ? { field, order: sortRaw.startsWith('-') ? 'desc' : 'asc' } : null,
    filters,
  };
}

/**
 * The URL parameters of a table state: defaults are left out (a clean URL for the first page),
 * and a change of filters or sort starts again at page 1 (the caller passes `pageCurrent: 1`).
 */
export function writeTableQuery(q: TableQuery, o: Pick<TableQueryOptions, 'defaultSize'>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(q.filters)) if (value) params.set(name, value);
  if (q.sort) params.set('sort', `${q.sort.order === 'desc' ? '-' : ''}${q.sort.field}`);
  if (q.pageCurrent > 1) params.set('page', String(q.pageCurrent));
  if (q.pageSize !== o.defaultSize) params.set('size', String(q.pageSize));
  return params;
}
