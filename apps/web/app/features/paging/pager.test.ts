import { describe, expect, it } from 'vitest';
import { pageNumbers } from './pager.tsx';

describe('pageNumbers', () => {
  it('lists every page of a short list', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
  });

  it('keeps seven numbers around the current page of a long list', () => {
    expect(pageNumbers(1, 500)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(250, 500)).toEqual([247, 248, 249, 250, 251, 252, 253]);
    expect(pageNumbers(500, 500)).toEqual([494, 495, 496, 497, 498, 499, 500]);
  });
});
