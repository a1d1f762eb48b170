import { describe, expect, it } from 'vitest';
import { pageOffset, toPage } from './envelope.ts';

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
