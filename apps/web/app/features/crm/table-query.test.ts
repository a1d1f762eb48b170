import { describe, expect, it } from 'vitest';
import { readTableQuery, writeTableQuery } from './table-query.ts';

const options = { defaultSize: 20, sizes: [10, 20, 50], sortable: ['createdAt'], filters: ['entityType', 'from'] };

describe('the server-paged table’s state in the URL', () => {
  it('reads page, size, sort and filters, and falls back to defaults for anything else', () => {
    const q = readTableQuery(new URLSearchParams('page=3&size=50&sort=-createdAt&entityType=study_task&x=1'), options);
    expect(q).toEqual({
      pageCurrent: 3,
      pageSize: 50,
      sort: { field: 'createdAt', order: 'desc' },
      filters: { entityType: 'study_task' },
    });
    expect(readTableQuery(new URLSearchParams('page=-1&size=7&sort=password&from=%20'), options)).toEqual({
      pageCurrent: 1,
      pageSize: 20,
      sort: null,
      filters: {},
    });
    expect(readTableQuery(new URLSearchParams('page=99999999'), options).pageCurrent).toBe(100_000);
  });

  it('writes what differs from the defaults, so it reads back the same', () => {
    const q = readTableQuery(new URLSearchParams('page=2&sort=createdAt&from=2026-11-01'), options);
    const params = writeTableQuery(q, options);
    expect(params.toString()).toBe('from=2026-11-01&sort=createdAt&page=2');
    expect(readTableQuery(params, options)).toEqual(q);
    expect(writeTableQuery({ ...q, pageCurrent: 1, filters: {}, sort: null }, options).toString()).toBe('');
  });
});
