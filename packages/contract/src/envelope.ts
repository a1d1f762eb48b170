import { z } from 'zod';

/** Every gateway response body (DESIGN.md section 3). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** The largest PostgreSQL `integer`: every row id (serial) fits. */
export const INT4_MAX = 2147483647;

/** A row id in a request: a positive integer column value (as a URL carries it, a string, too). */
export const id = z.coerce.number().int().positive().max(INT4_MAX);

/** The cap of every list's page size (DESIGN.md section 3). */
export const PAGE_SIZE_MAX = 100;

/**
 * The last page number any list accepts. One bound for every list (it was 100 000 in some calls
 * and the integer maximum in others): 100 000 pages of the largest size are ten million rows, more
 * than any list here holds, while a larger number only makes the database skip rows for nothing.
 * The web app's lists clamp the page of the address to it (features/paging).
 */
export const PAGE_CURRENT_MAX = 100_000;

/**
 * The paging fields of a list's request: `pageCurrent` from 1 (default 1) and `pageSize` from 1 to
 * `max` (default `defaultSize`); spread into the request object beside the filters.
 */
export function paging(defaultSize: number, max: number) {
  if (!(defaultSize >= 1 && defaultSize <= max && max <= PAGE_SIZE_MAX)) {
    throw new Error(`paging(${defaultSize}, ${max}): 1 ≤ default ≤ max ≤ ${PAGE_SIZE_MAX}`);
  }
  return {
    pageCurrent: z.coerce.number().int().min(1).max(PAGE_CURRENT_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(max).default(defaultSize),
  };
}

/** Paging request: `{ pageCurrent, pageSize, ...filters }`. */
export const pageRequest = z.object(paging(10, PAGE_SIZE_MAX));

export const pageResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    pageCurrent: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPage: z.number().int(),
    list: z.array(item),
  });

export interface Page<T> {
  pageCurrent: number;
  pageSize: number;
  totalCount: number;
  totalPage: number;
  list: T[];
}

/** The rows a page skips: page 1 starts at 0. Every paged query computes its offset here. */
export function pageOffset(pageCurrent: number, pageSize: number): number {
  return (Math.max(1, pageCurrent) - 1) * pageSize;
}

export function toPage<T>(list: T[], totalCount: number, pageCurrent: number, pageSize: number): Page<T> {
  return { pageCurrent, pageSize, totalCount, totalPage: Math.ceil(totalCount / pageSize), list };
}
