import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { id, INT4_MAX, PAGE_CURRENT_MAX, PAGE_SIZE_MAX, pageOffset, paging, toPage } from './envelope.ts';

describe('paging', () => {
  it('pageOffset: the rows before the page', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
    expect(pageOffset(2, 3)).toBe(3);
  });
  it('toPage counts the pages', () => {
    expect(toPage([1], 21, 3, 10).totalPage).toBe(3);
  });
});

describe('id and paging', () => {
  it('id: a positive integer column value, as a URL carries it too', () => {
    expect(id.parse('7')).toBe(7);
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 'abc']) expect(id.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('paging: page from 1 to one shared maximum, size from 1 to the list’s own maximum', () => {
    const request = z.object(paging(10, 50));
    expect(request.parse({})).toEqual({ pageCurrent: 1, pageSize: 10 });
    expect(request.parse({ pageCurrent: '3', pageSize: '50' })).toEqual({ pageCurrent: 3, pageSize: 50 });
    expect(request.parse({ pageCurrent: PAGE_CURRENT_MAX }).pageCurrent).toBe(PAGE_CURRENT_MAX);
    for (const bad of [{ pageCurrent: 0 }, { pageCurrent: PAGE_CURRENT_MAX + 1 }, { pageSize: 0 }, { pageSize: 51 }]) {
      expect(request.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('paging: no list may offer more than the page size cap or default above its maximum', () => {
    expect(() => paging(10, PAGE_SIZE_MAX + 1)).toThrow();
    expect(() => paging(60, 50)).toThrow();
  });

  it('every list call of the contract takes the shared page maximum', async () => {
    const calls = await import('./calls/index.ts');
    let lists = 0;
    for (const call of Object.values(calls)) {
      if (typeof call !== 'object' || call === null || !('request' in call)) continue;
      const shape = (call.request as { shape?: Record<string, z.ZodType> }).shape;
      if (!shape?.pageCurrent) continue;
      lists++;
      expect(shape.pageCurrent.safeParse(PAGE_CURRENT_MAX).success, (call as { path: string }).path).toBe(true);
      expect(shape.pageCurrent.safeParse(PAGE_CURRENT_MAX + 1).success, (call as { path: string }).path).toBe(false);
    }
    expect(lists).toBeGreaterThan(15);
  });
});
