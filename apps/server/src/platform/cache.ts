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
    const p = load()
      .then((value) => {
        if (this.enabled) this.cache.set(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, p);
    return p;
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }
}
