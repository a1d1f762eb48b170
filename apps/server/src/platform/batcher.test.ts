import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

interface Item {
  group: string;
  key: string;
  done: (batch: string[]) => void;
  failed: (err: unknown) => void;
}

/** A batcher whose "database" answers when the test says so; each batch is recorded by its items' keys. */
function setUp(options: { keys?: boolean; maxInFlight?: number; failWith?: Error } = {}) {
  const batches: string[][] = [];
  const release: Array<() => void> = [];
  const batcher = new Batcher<Item>({
    groupOf: (item) => item.group,
    ...(options.keys ? { keyOf: (item: Item) => item.key } : {}),
    maxInFlight: options.maxInFlight ?? 2,
    maxBatch: 3,
    run: async (batch) => {
      const keys = batch.map((item) => `${item.group}:${item.key}`);
      batches.push(keys);
      await new Promise<void>((resolve) => release.push(resolve));
      if (options.failWith) throw options.failWith;
      for (const item of batch) item.done(keys);
    },
    fail: (item, err) => item.failed(err),
  });
  const add = (group: string, key: string) =>
    new Promise<string[]>((resolve, reject) => batcher.add({ group, key, done: resolve, failed: reject }));
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  /** Lets every batch in the database finish, until none is left. */
  const drain = async () => {
    for (let i = 0; i < 50; i++) {
      await tick();
      release.splice(0).forEach((r) => r());
    }
  };
  return { batches, add, tick, drain, inDatabase: () => release.length };
}

describe('Batcher', () => {
  it('starts an item of a quiet moment on its own on the next turn', async () => {
    const b = setUp();
    const one = b.add('a', '1');
    expect(b.batches).toEqual([]);
    await b.tick();
    expect(b.batches).toEqual([['a:1']]);
    await b.drain();
    expect(await one).toEqual(['a:1']);
  });

  it('keeps at most maxInFlight batches of a group in the database; what waits goes together, maxBatch at a time', async () => {
    const b = setUp({ maxInFlight: 1 });
    const all = [b.add('a', '1')];
    await b.tick();
    all.push(b.add('a', '2'), b.add('a', '3'), b.add('a', '4'), b.add('a', '5'));
    await b.tick();
    expect(b.inDatabase()).toBe(1);
    await b.drain();
    await Promise.all(all);
    expect(b.batches).toEqual([['a:1'], ['a:2', 'a:3', 'a:4'], ['a:5']]);
  });

  it('never mixes groups; each group has its own batches in flight', async () => {
    const b = setUp({ maxInFlight: 1 });
    const all = [b.add('a', '1'), b.add('b', '1'), b.add('a', '2')];
    await b.tick();
    expect(b.inDatabase()).toBe(2);
    await b.drain();
    await Promise.all(all);
    expect(b.batches).toEqual([['a:1', 'a:2'], ['b:1']]);
  });

  it('with keys: one key never twice in a batch nor in two batches at once, in the order added', async () => {
    const b = setUp({ keys: true });
    const all = [b.add('a', 'x'), b.add('a', 'x'), b.add('a', 'y'), b.add('a', 'x')];
    await b.tick();
    // Two batches may be in flight, but the second has nothing free to take while x is busy.
    expect(b.batches).toEqual([['a:x', 'a:y']]);
    await b.drain();
    await Promise.all(all);
    expect(b.batches).toEqual([['a:x', 'a:y'], ['a:x'], ['a:x']]);
  });

  it('fails every item of a batch whose work throws, and goes on with the next', async () => {
    const failing = setUp({ failWith: new Error('down') });
    const lost = Promise.allSettled([failing.add('a', '1'), failing.add('a', '2')]);
    await failing.drain();
    expect((await lost).map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['down', 'down']);
    const b = setUp();
    const ok = b.add('a', '3');
    await b.drain();
    expect(await ok).toEqual(['a:3']);
  });
});
