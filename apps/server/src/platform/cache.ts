import { LRUCache } from 'lru-cache';

/**
 * A bounded, short-lived in-process cache with request coalescing: concurrent misses for one key
 * share one load. Bounded lifetime keeps several nodes from disagreeing for long (DESIGN.md section 1).
 */
export class TtlCache<V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<string, V>;
  private readonly pending = new Map<string, Promise<V>>();

  constructor(options: { max: number; ttlMs: number }) {
    this.cache = new LRUCache<string, V>({ max: options.max, ttl: Math.max(options.ttlMs, 1) });
    this.enabled = options.ttlMs > 0;
  }

  private readonly enabled: boolean;

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.enabled) {
      const hit = this.cache.get(key);
      if (hit !== undefined) return hit;
    }
    const inflight = this.pending.get(key);
    if (inflight) return inflight;
    const p: Promise<V> = load()
      .then((value) => {
        // A load `forget` dropped may have read the row before its change: it is not kept.
        if (this.enabled && this.pending.get(key) === p) this.cache.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === p) this.pending.delete(key);
      });
    this.pending.set(key, p);
    return p;
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }

  /**
   * Forgets the entries whose key matches (all without `match`), and the loads under way for them:
   * the next `get` loads again, and a load that began before is not kept.
   */
  forget(match?: (key: string) => boolean): void {
    for (const key of [...this.cache.keys()]) if (!match || match(key)) this.cache.delete(key);
    for (const key of [...this.pending.keys()]) if (!match || match(key)) this.pending.delete(key);
  }
}
