import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache.ts';

describe('TtlCache.forget', () => {
  it('forgets matching entries only; the next get loads again', async () => {
    const cache = new TtlCache<{ v: number }>({ max: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ v: ++loads });
    await cache.get('1:1', load);
    await cache.get('2:1', load);
    cache.forget((key) => key.startsWith('1:'));
    expect((await cache.get('1:1', load)).v).toBe(3);
    expect((await cache.get('2:1', load)).v).toBe(2);
    cache.forget();
    expect((await cache.get('2:1', load)).v).toBe(4);
  });

  it('does not keep a load that began before the change it was forgotten for', async () => {
    const cache = new TtlCache<{ v: string }>({ max: 10, ttlMs: 60_000 });
    let finish!: (v: { v: string }) => void;
    const stale = cache.get('k', () => new Promise((resolve) => (finish = resolve)));
    cache.forget();
    // A get after the change does not join the load under way.
    const fresh = cache.get('k', async () => ({ v: 'new' }));
    finish({ v: 'old' });
    expect((await stale).v).toBe('old');
    expect((await fresh).v).toBe('new');
    expect((await cache.get('k', async () => ({ v: 'again' }))).v).toBe('new');
  });
});
