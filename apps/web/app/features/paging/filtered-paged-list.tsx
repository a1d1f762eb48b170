import { Fragment, type Key, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Empty, Input, Pagination, Segmented, Spin } from 'antd';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { PAGE_CURRENT_MAX } from '@portal/contract/envelope';
import { useAction, useLoad } from '../../lib/use-call.ts';
import './filtered-paged-list.css';

/** Longest keyword a list searches by (the calls' `keyword` maximum). */
const KEYWORD_MAX = 50;

/** A list's filter tabs (status): its values, the one meaning "all" (absent from the address), their labels. */
export interface ListFilters<F extends string | number> {
  values: readonly F[];
  all: F;
  label: (value: F) => ReactNode;
  /** The tabs' accessible name. */
  ariaLabel: string;
}

/** What a list shows: the address's filter and keyword (and, for a page's load, its page). */
export interface ListQuery<F> {
  filter: F;
  keyword: string;
}

export interface ListTexts<F> {
  /** The search box's accessible name and placeholder (none: the list has no keyword search). */
  keyword?: string;
  keywordPlaceholder?: string;
  /** The list's accessible name. */
  list: string;
  /** Shown when the page has no rows (by filter: "no favourites yet"). */
  empty: string | ((filter: F) => string);
}

/** The export button: starts a background job of the list as filtered, then says so. */
export interface ListExport<F> {
  label: string;
  /** Said once the job is queued (its file comes in the header's download list). */
  done: string;
  run: (query: ListQuery<F>) => Promise<unknown>;
}

export interface FilteredPagedListProps<Row, F extends string | number> {
  /** Filter tabs, kept in the address as `status`; none: the filter is always `undefined`. */
  filters?: ListFilters<F>;
  /** Loads one page of rows (`request(call, …, { signal })`). */
  load: (
    query: ListQuery<F> & { pageCurrent: number; pageSize: number },
    signal: AbortSignal,
  ) => Promise<{
    list: Row[];
    totalCount: number;
  }>;
  pageSize: number;
  rowKey: (row: Row) => Key;
  /** One row: an `<li>`; `reload` loads the page again (after a row's action changed the list). */
  renderRow: (row: Row, reload: () => Promise<void>) => ReactNode;
  texts: ListTexts<F>;
  export?: ListExport<F>;
  /** More controls at the end of the bar (links to related pages). */
  actions?: ReactNode;
}

/** The page of the address: a whole number from 1, no further than any list goes. */
export function pageOfAddress(value: string | null): number {
  const n = Math.floor(Number(value));
  return n >= 1 ? Math.min(n, PAGE_CURRENT_MAX) : 1;
}

/** The keyword of the address, as a list searches it. */
export function keywordOfAddress(value: string | null): string {
  return (value ?? '').trim().slice(0, KEYWORD_MAX);
}

/**
 * A signed-in list of the account area (my study, exam tasks, practice sets, my enrolments; next
 * study tasks and orders): filter tabs, a keyword search (left out when the texts give none), an
 * export of the filtered list and further actions in one bar; the rows (a spinner until the first page, the empty text when none); page
 * numbers when there is more than one page. The filter (`status`), keyword and page are in the
 * address, so a list can be linked, reloaded and gone back to; a new filter or keyword starts
 * again from page 1. The caller wraps it (its section, heading and anything beside the list).
 */
export function FilteredPagedList<Row, F extends string | number = never>({
  filters,
  load,
  pageSize,
  rowKey,
  renderRow,
  texts,
  export: exportList,
  actions,
}: FilteredPagedListProps<Row, F>) {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  // Without filter tabs the filter is undefined throughout (F is `never`).
  const filter = (filters ? (filters.values.find((v) => String(v) === asked) ?? filters.all) : undefined) as F;
  const keyword = texts.keyword === undefined ? '' : keywordOfAddress(params.get('keyword'));
  const page = pageOfAddress(params.get('page'));

  const { data, reload } = useLoad(
    (signal) => load({ filter, keyword, pageCurrent: page, pageSize }, signal),
    [filter ?? null, keyword, page, pageSize],
  );

  const go = (next: { filter?: F; keyword?: string; page?: number }) => {
    const q = new URLSearchParams(params);
    const f = next.filter ?? filter;
    const k = next.keyword ?? keyword;
    const p = next.page ?? 1;
    if (!filters || f === filters.all) q.delete('status');
    else q.set('status', String(f));
    if (k) q.set('keyword', k);
    else q.delete('keyword');
    if (p === 1) q.delete('page');
    else q.set('page', String(p));
    setParams(q);
  };

  const exporting = useAction(async () => {
    if (!exportList) return;
    const record = await exportList.run({ filter, keyword });
    void message.success(exportList.done);
    return record;
  });

  const empty = typeof texts.empty === 'function' ? texts.empty(filter) : texts.empty;

  return (
    <>
      <div className="portal-filtered-bar">
        {filters && (
          <Segmented<F>
            aria-label={filters.ariaLabel}
            value={filter}
            onChange={(f) => go({ filter: f })}
            options={filters.values.map((v) => ({ value: v, label: filters.label(v) }))}
          />
        )}
        {texts.keyword !== undefined && (
          <div role="search" className="portal-filtered-search">
            <Input.Search
              key={keyword}
              defaultValue={keyword}
              aria-label={texts.keyword}
              placeholder={texts.keywordPlaceholder}
              maxLength={KEYWORD_MAX}
              allowClear
              onSearch={(value) => go({ keyword: value.trim() })}
            />
          </div>
        )}
        <span className="portal-filtered-gap" />
        {exportList && (
          <Button
            icon={<ExportOutlined aria-hidden="true" />}
            loading={exporting.running}
            onClick={() => void exporting.run()}
          >
            {exportList.label}
          </Button>
        )}
        {actions}
      </div>
      {data === undefined ? (
        <Spin />
      ) : data.list.length === 0 ? (
        <Empty description={empty} />
      ) : (
        <ul className="portal-filtered-list" aria-label={texts.list}>
          {data.list.map((row) => (
            <Fragment key={rowKey(row)}>{renderRow(row, reload)}</Fragment>
          ))}
        </ul>
      )}
      {data && data.totalCount > pageSize && (
        <Pagination
          className="portal-filtered-pager"
          current={page}
          pageSize={pageSize}
          total={data.totalCount}
          showSizeChanger={false}
          onChange={(p) => go({ page: p })}
        />
      )}
    </>
  );
}
