/**
 * Coalesces many callers' database work of one kind into batches (decision 028): the items that
 * arrive while a group's batches are in the database wait and go together in the next one. There is
 * no timer: on a quiet server an item starts its batch on the next turn of the event loop; batches
 * grow only while the database is busy. `run` settles every item of its batch (it may `add` an item
 * again for the next batch); if it throws, `fail` settles the ones left with the error.
 */
export interface BatcherOptions<T> {
  /** Items of different groups never share a batch (the ticks of one enterprise). */
  groupOf?: (item: T) => number | string;
  /** Items with the same key never share a batch or run at once: the second waits for the next. */
  keyOf?: (item: T) => string;
  run: (batch: T[], group: number | string) => Promise<void>;
  fail: (item: T, err: unknown) => void;
  /** Batches of one group in the database at once (default 2: one there while the next fills). */
  maxInFlight?: number;
  maxBatch?: number;
}

export class Batcher<T> {
  private readonly waiting = new Map<number | string, T[]>();
  private readonly inFlight = new Map<number | string, number>();
  /** The keys of the items in the database now. */
  private readonly busy = new Set<string>();
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(private readonly o: BatcherOptions<T>) {
    this.maxInFlight = o.maxInFlight ?? 2;
    this.maxBatch = o.maxBatch ?? 500;
  }

  add(item: T): void {
    const group = this.o.groupOf?.(item) ?? '';
    const queue = this.waiting.get(group);
    if (queue) queue.push(item);
    else this.waiting.set(group, [item]);
    this.start(group);
  }

  private free(item: T) {
    return !this.o.keyOf || !this.busy.has(this.o.keyOf(item));
  }

  private start(group: number | string) {
    if ((this.inFlight.get(group) ?? 0) >= this.maxInFlight) return;
    if (!this.waiting.get(group)?.some((item) => this.free(item))) return;
    this.inFlight.set(group, (this.inFlight.get(group) ?? 0) + 1);
    // The items that arrive in this turn of the event loop join this batch.
    setImmediate(() => {
      const batch = this.take(group);
      const running = batch.length ? this.o.run(batch, group) : Promise.resolve();
      void running
        .catch((err: unknown) => {
          for (const item of batch) this.o.fail(item, err);
        })
        .finally(() => {
          if (this.o.keyOf) for (const item of batch) this.busy.delete(this.o.keyOf(item));
          const left = (this.inFlight.get(group) ?? 1) - 1;
          if (left === 0) this.inFlight.delete(group);
          else this.inFlight.set(group, left);
          this.start(group);
        });
    });
  }

  /** The next batch: at most `maxBatch` items, no two of one key nor of a key in the database now. */
  private take(group: number | string): T[] {
    const batch: T[] = [];
    const rest: T[] = [];
    for (const item of this.waiting.get(group) ?? []) {
      if (batch.length >= this.maxBatch || !this.free(item)) rest.push(item);
      else {
        if (this.o.keyOf) this.busy.add(this.o.keyOf(item));
        batch.push(item);
      }
    }
    if (rest.length) this.waiting.set(group, rest);
    else this.waiting.delete(group);
    return batch;
  }
}
