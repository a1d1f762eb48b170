import { describe, expect, it } from 'vitest';
import { searchTypeOf } from './search.ts';

describe('search type from the current path', () => {
  it.each([
    ['/home', 1],
    ['/en/home', 1],
    ['/live/watch', 2],
    ['/en/live/watch', 2],
    ['/resource/list', 3],
    ['/account/exam/info', 4],
    ['/blog/1', 5],
    ['/question', 6],
    ['/lecturer/view/info', 7],
    ['/knowledge', 1],
    ['/livestream', 1],
  ])('%s → %i', (path, type) => {
    expect(searchTypeOf(path)).toBe(type);
  });
});
