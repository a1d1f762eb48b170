import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of answers that a change makes stale, cleared when the change is committed. A value
 * is stored only if no clear came while it was made: an answer read from the database before a
 * commit and finished after that commit's clear would otherwise be kept, stale, until its ttl.
 * `mark()` before making the value, `set(key, value, mark)` after.
 */
export class ClearedCache<V extends object> {
  private readonly lru: LRUCache<string, V>;
  private clears = 0;

  constructor(o: { max: number; ttlMs: number }) {
    this.lru = new LRUCache<string, V>({ max: o.max, ttl: Math.max(o.ttlMs, 1) });
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** Where the making of a value starts; give it to `set`. */
  mark(): number {
    return this.clears;
  }

  /** Keeps `value` unless the cache was cleared since `mark` was taken. */
  set(key: string, value: V, mark: number): void {
    if (mark === this.clears) this.lru.set(key, value);
  }

  clear(): void {
    this.clears++;
    this.lru.clear();
  }
}
