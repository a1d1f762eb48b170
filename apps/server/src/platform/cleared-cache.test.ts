import { describe, expect, it } from 'vitest';
import { ClearedCache } from './cleared-cache.ts';

describe('ClearedCache', () => {
  it('keeps a value made since the last clear', () => {
    const cache = new ClearedCache<{ v: string }>({ max: 10, ttlMs: 60_000 });
    const mark = cache.mark();
    cache.set('k', { v: 'new' }, mark);
    expect(cache.get('k')).toEqual({ v: 'new' });
  });

  it('drops a value whose making began before a clear (read before a commit, done after its clear)', () => {
    const cache = new ClearedCache<{ v: string }>({ max: 10, ttlMs: 60_000 });
    const before = cache.mark();
    cache.clear(); // the change is committed meanwhile
    cache.set('k', { v: 'stale' }, before);
    expect(cache.get('k')).toBeUndefined();
    // The next one, begun after the clear, is kept.
    cache.set('k', { v: 'fresh' }, cache.mark());
    expect(cache.get('k')).toEqual({ v: 'fresh' });
  });

  it('clears what it held', () => {
    const cache = new ClearedCache<{ v: string }>({ max: 10, ttlMs: 60_000 });
    cache.set('k', { v: 'x' }, cache.mark());
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });
});
