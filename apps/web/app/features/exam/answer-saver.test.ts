import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerSaver, type SaveAnswer, type SaverState } from './answer-saver.ts';
import { AnswerStore, answerStoreKey, type PendingAnswer, type StorageLike } from './answer-store.ts';

/** localStorage as a Map. */
function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const CLOCK = { secondsLeft: 600, deadlineAt: '2026-01-01T10:10:00.000Z', serverNow: '2026-01-01T10:00:00.000Z' };

/** A server that holds the highest sequence of each question, as answer/save does. */
function fakeServer() {
  const held = new Map<number, { answer: string[]; seq: number }>();
  let lastSeq = 0;
  return {
    held,
    save(list: PendingAnswer[]): SaveAnswer {
      for (const p of list) {
        const h = held.get(p.questionId);
        if (!h || h.seq < p.seq) held.set(p.questionId, { answer: p.answer, seq: p.seq });
        lastSeq = Math.max(lastSeq, p.seq);
      }
      return {
        results: list.map((p) => ({ questionId: p.questionId, seq: held.get(p.questionId)!.seq })),
        lastSeq,
        clock: CLOCK,
      };
    },
  };
}

class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
  ) {
    super(`refused ${code}`);
  }
}

function setUp(
  options: { lastSeq?: number; storage?: StorageLike; held?: Array<{ questionId: number; seq: number }> } = {},
) {
  const storage = options.storage ?? memoryStorage();
  const store = new AnswerStore(7, { lastSeq: options.lastSeq ?? 0, answers: options.held ?? [] }, storage);
  const server = fakeServer();
  const sent: Array<{ list: PendingAnswer[]; keepalive: boolean }> = [];
  let online = true;
  let failWith: ((list: PendingAnswer[]) => unknown) | null = null;
  const states: SaverState[] = [];
  const ended: number[] = [];
  const saver = new AnswerSaver({
    store,
    online: () => online,
    send: async (list, { keepalive }) => {
      sent.push({ list: list.map((p) => ({ ...p })), keepalive });
      await Promise.resolve();
      const refusal = failWith?.(list);
      if (refusal) throw refusal;
      return server.save(list);
    },
    onClock: () => undefined,
    onState: (s) => states.push(s),
    onEnd: (code) => ended.push(code),
  });
  return {
    storage,
    store,
    server,
    saver,
    sent,
    states,
    ended,
    setOnline: (v: boolean) => (online = v),
    /** Refuses the sends `refusal` gives an error for (null: none). */
    fail: (refusal: ((list: PendingAnswer[]) => unknown) | null) => (failWith = refusal),
    /** Lets timers run `ms` and the sends they started finish. */
    wait: async (ms = 0) => {
      await vi.advanceTimersByTimeAsync(ms);
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the answer store', () => {
  it('numbers every change after the paper’s lastSeq and keeps the latest of each question in storage', () => {
    const t = setUp({ lastSeq: 5 });
    expect(t.store.change(1, ['A'], false).seq).toBe(6);
    expect(t.store.change(1, ['B'], false).seq).toBe(7);
    expect(t.store.change(2, ['T'], true).seq).toBe(8);
    expect(t.store.list().map((p) => [p.questionId, p.answer, p.seq])).toEqual([
      [1, ['B'], 7],
      [2, ['T'], 8],
    ]);
    const kept = JSON.parse(t.storage.getItem(answerStoreKey(7))!) as { seq: number; pending: PendingAnswer[] };
    expect(kept.seq).toBe(8);
    expect(kept.pending).toHaveLength(2);
  });

  it('an acknowledgement clears a question only up to the sequence the server holds', () => {
    const t = setUp();
    t.store.change(1, ['A'], false); // 1
    t.store.change(1, ['B'], false); // 2
    t.store.acknowledge([{ questionId: 1, seq: 1 }]);
    expect(t.store.get(1)?.answer).toEqual(['B']);
    t.store.acknowledge([{ questionId: 1, seq: 2 }]);
    expect(t.store.size).toBe(0);
    expect(t.storage.getItem(answerStoreKey(7))).toBeNull();
  });

  it('after a reload: the kept answers the server lacks wait again, those it holds are dropped, the sequence goes on', () => {
    const storage = memoryStorage();
    const before = new AnswerStore(7, { lastSeq: 3, answers: [] }, storage);
    before.change(1, ['A'], false); // 4, reached the server
    before.change(2, ['x', 'y'], false); // 5, did not
    const after = new AnswerStore(
      7,
      {
        lastSeq: 4,
        answers: [
          { questionId: 1, seq: 4 },
          { questionId: 2, seq: 2 },
        ],
      },
      storage,
    );
    expect(after.list().map((p) => [p.questionId, p.seq])).toEqual([[2, 5]]);
    expect(after.change(3, ['C'], false).seq).toBe(6);
    // Another attempt's key is not read.
    expect(new AnswerStore(8, { lastSeq: 0, answers: [] }, storage).size).toBe(0);
  });

  it('ignores a corrupt or foreign value in storage', () => {
    const storage = memoryStorage();
    storage.setItem(answerStoreKey(7), '{"seq":"x"');
    expect(new AnswerStore(7, { lastSeq: 2, answers: [] }, storage).lastSeq).toBe(2);
    storage.setItem(answerStoreKey(7), JSON.stringify({ seq: 9, pending: [{ questionId: 'a' }, null] }));
    const s = new AnswerStore(7, { lastSeq: 2, answers: [] }, storage);
    expect(s.size).toBe(0);
    expect(s.lastSeq).toBe(9);
  });
});

describe('the answer saver', () => {
  it('sends a choice at once and a typed text 800 ms after the last keystroke', async () => {
    const t = setUp();
    t.saver.start();
    t.saver.change(1, ['A'], false);
    await t.wait();
    expect(t.sent.map((s) => s.list.map((p) => p.questionId))).toEqual([[1]]);
    t.saver.change(4, ['fi'], false, { typed: true });
    await t.wait(500);
    t.saver.change(4, ['fire'], false, { typed: true });
    await t.wait(700);
    expect(t.sent).toHaveLength(1);
    await t.wait(100);
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]!.list).toMatchObject([{ questionId: 4, answer: ['fire'], seq: 3 }]);
    expect(t.store.size).toBe(0);
    expect(t.server.held.get(4)).toEqual({ answer: ['fire'], seq: 3 });
  });

  it('changes made while a save is under way go together in the next one, in sequence order', async () => {
    const t = setUp();
    t.saver.start();
    t.saver.change(1, ['A'], false);
    t.saver.change(2, ['B'], false);
    t.saver.change(3, ['T'], false);
    await t.wait();
    expect(t.sent.map((s) => s.list.map((p) => p.seq))).toEqual([[1], [2, 3]]);
    expect(t.store.size).toBe(0);
  });

  it('offline: nothing is sent and the state says so; back online everything goes in one batch', async () => {
    const t = setUp();
    t.saver.start();
    t.setOnline(false);
    t.saver.change(1, ['A'], false);
    t.saver.change(2, ['T'], true);
    await t.wait(20_000);
    expect(t.sent).toEqual([]);
    expect(t.saver.state).toEqual({ unsent: 2, sending: false, failed: true });
    t.setOnline(true);
    t.saver.sendAll();
    await t.wait();
    expect(t.sent.map((s) => s.list.map((p) => p.questionId))).toEqual([[1, 2]]);
    expect(t.saver.state).toEqual({ unsent: 0, sending: false, failed: false });
  });

  it('a failed save keeps its answers; the 15 s batch sends what is not acknowledged', async () => {
    const t = setUp();
    t.saver.start();
    t.fail(() => new Refusal(500));
    t.saver.change(1, ['A'], false);
    await t.wait();
    expect(t.saver.state.failed).toBe(true);
    expect(t.store.size).toBe(1);
    t.fail(null);
    await t.wait(15_000);
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]!.list.map((p) => p.questionId)).toEqual([1]);
    expect(t.saver.state).toEqual({ unsent: 0, sending: false, failed: false });
    // Nothing waits: the next batch sends nothing.
    await t.wait(15_000);
    expect(t.sent).toHaveLength(2);
  });

  it('answers kept from before a reload are sent as the saver starts', async () => {
    const storage = memoryStorage();
    new AnswerStore(7, { lastSeq: 0, answers: [] }, storage).change(2, ['x'], false);
    const t = setUp({ storage });
    t.saver.start();
    await t.wait();
    expect(t.sent.map((s) => s.list.map((p) => [p.questionId, p.seq]))).toEqual([[[2, 1]]]);
    expect(storage.getItem(answerStoreKey(7))).toBeNull();
  });

  it('flush waits for every answer to be held; false while offline', async () => {
    const t = setUp();
    t.saver.start();
    t.saver.change(4, ['typed'], false, { typed: true });
    t.saver.change(1, ['A'], false);
    expect(await t.saver.flush()).toBe(true);
    expect(t.server.held.get(4)?.answer).toEqual(['typed']);
    t.setOnline(false);
    t.saver.change(1, ['B'], false);
    expect(await t.saver.flush()).toBe(false);
  });

  it('time over, the switch limit or a submitted paper ends the saver and tells the page', async () => {
    for (const code of [7610, 7603, 7605]) {
      const t = setUp();
      t.saver.start();
      t.fail(() => new Refusal(code));
      t.saver.change(1, ['A'], false);
      await t.wait();
      expect(t.ended).toEqual([code]);
      t.fail(null);
      t.saver.change(2, ['B'], false);
      await t.wait(30_000);
      expect(t.sent).toHaveLength(1);
    }
  });

  it('a malformed answer (7606) is dropped and the rest of its batch sent again', async () => {
    const t = setUp();
    t.setOnline(false);
    t.saver.start();
    t.saver.change(1, ['A'], false);
    t.saver.change(2, ['Z'], false);
    t.setOnline(true);
    t.fail((list) => (list.some((p) => p.questionId === 2) ? new Refusal(7606, { questionId: 2 }) : null));
    t.saver.sendAll();
    await t.wait();
    expect(t.sent.map((s) => s.list.map((p) => p.questionId))).toEqual([[1, 2], [1]]);
    expect(t.store.size).toBe(0);
    expect(t.server.held.has(2)).toBe(false);
  });

  it('answers numbered too far past the server’s lastSeq (7612) are numbered again after it and saved', async () => {
    // A store kept in the browser with a number far out of step (as a probe's 2147483647 was).
    const storage = memoryStorage();
    const kept = (questionId: number, seq: number) => ({
      questionId,
      answer: ['A'],
      flagged: false,
      seq,
      clientAt: 'x',
    });
    storage.setItem(
      answerStoreKey(7),
      JSON.stringify({ seq: 2147483647, pending: [kept(1, 2147483600), kept(2, 2147483647)] }),
    );
    const t = setUp({ storage, lastSeq: 3 });
    const limit = 100_000;
    t.fail((list) => (list.some((p) => p.seq > 3 + limit) ? new Refusal(7612, { lastSeq: 3 }) : null));
    t.saver.start();
    await t.wait();
    expect(t.sent.map((s) => s.list.map((p) => [p.questionId, p.seq]))).toEqual([
      [
        [1, 2147483600],
        [2, 2147483647],
      ],
      [
        [1, 4],
        [2, 5],
      ],
    ]);
    expect(t.store.size).toBe(0);
    expect(t.ended).toEqual([]);
    // The next change continues after them.
    expect(t.saver.change(1, ['B'], false).seq).toBe(6);
  });

  it('leaving the page sends what waits with keepalive', async () => {
    const t = setUp();
    t.saver.start();
    t.saver.change(4, ['half'], false, { typed: true });
    t.saver.leave();
    await t.wait();
    expect(t.sent).toEqual([{ list: [expect.objectContaining({ questionId: 4, answer: ['half'] })], keepalive: true }]);
  });
});
