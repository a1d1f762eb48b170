import { Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useNavigation, useSearchParams } from 'react-router';
import { format, useMessages } from '../../lib/i18n.ts';
import { crmMessages } from './messages.ts';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from './table-query.ts';

interface PageData<T> {
  pageCurrent: number;
  pageSize: number;
  totalCount: number;
  list: T[];
}

export interface ServerTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange'> {
  /** The page the loader fetched with the URL's state (`readTableQuery`). */
  page: PageData<T>;
  query: TableQueryOptions;
}

/**
 * The back office's table (decision 036): antd's Table over one page the server sorted, filtered
 * and cut. Paging and sorting write the URL's search parameters (table-query.ts); the route's
 * loader reads them and calls the admin call again, so the browser holds no list of its own.
 * Columns name their server field in `key` and say `sorter: true` to be sortable.
 */
export function ServerTable<T extends object>({ page, query, columns, ...rest }: ServerTableProps<T>) {
  const t = useMessages(crmMessages);
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const state = readTableQuery(params, query);
  const sorted = columns?.map((c) =>
    state.sort && c.key === state.sort.field
      ? { ...c, sortOrder: state.sort.order === 'desc' ? ('descend' as const) : ('ascend' as const) }
      : c.sorter
        ? { ...c, sortOrder: null }
        : c,
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const sort =
      s?.order && typeof s.columnKey === 'string'
        ? { field: s.columnKey, order: s.order === 'descend' ? ('desc' as const) : ('asc' as const) }
        : null;
    const sortChanged = JSON.stringify(sort) !== JSON.stringify(state.sort);
    const pageSize = pagination.pageSize ?? state.pageSize;
    const next = writeTableQuery(
      {
        ...state,
        sort,
        pageSize,
        // A new sort or page size starts again at the first page.
        pageCurrent: sortChanged || pageSize !== state.pageSize ? 1 : (pagination.current ?? 1),
      },
      query,
    );
    setParams(next, { preventScrollReset: true });
  };

  return (
    <Table<T>
      {...rest}
      columns={sorted}
      dataSource={page.list}
      loading={navigation.state === 'loading'}
      onChange={onChange}
      pagination={{
        current: page.pageCurrent,
        pageSize: page.pageSize,
        total: page.totalCount,
        pageSizeOptions: query.sizes.map(String),
        showSizeChanger: true,
        showTotal: (n) => format(t.total, { n }),
      }}
    />
  );
}
