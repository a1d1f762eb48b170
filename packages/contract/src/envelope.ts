import { z } from 'zod';

/** Every gateway response body (DESIGN.md section 3). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const PAGE_SIZE_MAX = 100;

/** Paging request: `{ pageCurrent, pageSize, ...filters }`. */
export const pageRequest = z.object({
  pageCurrent: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
});

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
