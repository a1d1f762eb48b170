import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamPaperQuestion } from '@portal/contract/calls/exam';
import { AnswerStore, answerStoreKey, type PendingAnswer, type StorageLike } from './answer-store.ts';
import { ExamSession, type DurationAnswer, type EndReason, type ExamPaper } from './exam-session.ts';

function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const question = (questionId: number, questionType: number): ExamPaperQuestion => ({
  questionId,
  questionType,
  difficulty: 1,
  stem: `Q${questionId}`,
  options: [],
  items: [],
  blankCount: questionType === 4 ? 2 : 0,
  score: 10,
});

class Refusal extends Error {
  constructor(readonly code: number) {
    super(`refused ${code}`);
  }
}

/**
 * An attempt against a fake server with its own clock (`serverMs`): the deadline, the answers it
 * holds by sequence, the leaves it counts (the 4th past a limit of 3 submits: 7603), submits.
 */
function setUp(options: { secondsLeft?: number; storage?: StorageLike; lastSeq?: number } = {}) {
  let mono = 0;
  let serverMs = 0;
  const deadline = (options.secondsLeft ?? 600) * 1000;
  const server = {
    held: new Map<number, { answer: string[]; seq: number }>(),
    switches: 0,
    events: [] as Array<number | undefined>,
    submitted: false,
    finishCalls: 0,
    offline: false,
  };
  const clock = () => ({
    secondsLeft: Math.max(0, Math.floor((deadline - serverMs) / 1000)),
    deadlineAt: new Date(deadline).toISOString(),
    serverNow: new Date(serverMs).toISOString(),
  });
  const paper: ExamPaper = {
    attemptId: 9,
    questions: [question(1, 1), question(2, 4), question(3, 6)],
    answers: [{ questionId: 1, answer: ['A'], flagged: false, seq: options.lastSeq ?? 1 }],
    lastSeq: options.lastSeq ?? 1,
    screenSwitches: 0,
    screenSwitchLimit: 3,
    ...clock(),
  };
  const ended: EndReason[] = [];
  const returns: number[] = [];
  const keepalive: Array<{ event: number | undefined; keepalive: boolean }> = [];
  const session = new ExamSession({
    paper,
    storage: () => options.storage ?? memoryStorage(),
    online: () => !server.offline,
    now: () => mono,
    api: {
      save: async (list: PendingAnswer[]) => {
        await Promise.resolve();
        if (server.offline) throw new Refusal(500);
        if (serverMs > deadline) throw new Refusal(7610);
        for (const p of list) {
          const h = server.held.get(p.questionId);
          if (!h || h.seq < p.seq) server.held.set(p.questionId, { answer: p.answer, seq: p.seq });
        }
        return {
          results: list.map((p) => ({ questionId: p.questionId, seq: server.held.get(p.questionId)!.seq })),
          lastSeq: Math.max(...list.map((p) => p.seq)),
          clock: clock(),
        };
      },
      duration: async (event, o) => {
        await Promise.resolve();
        keepalive.push({ event, keepalive: o.keepalive });
        server.events.push(event);
        if (event === 1) server.switches += 1;
        if (server.switches > 3) {
          server.submitted = true;
          throw new Refusal(7603);
        }
        return {
          ...clock(),
          screenSwitches: server.switches,
          screenSwitchLimit: 3,
          submitted: false,
        } as DurationAnswer;
      },
      finish: async () => {
        await Promise.resolve();
        server.finishCalls += 1;
        server.submitted = true;
      },
    },
  });
  return {
    session,
    server,
    ended,
    returns,
    keepalive,
    start: () => session.start({ onEnd: (r) => ended.push(r), onReturn: (n) => returns.push(n) }),
    /** Only the server's clock moves. */
    serverAhead: (ms: number) => (serverMs += ms),
    /** Time passes on both clocks (the PC's is never read). */
    pass: async (ms: number) => {
      mono += ms;
      serverMs += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
    snap: () => session.snapshot(),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('an attempt on the exam page', () => {
  it('shows the server’s answers, then the unsent ones kept from before a reload, and sends those at once', async () => {
    const storage = memoryStorage();
    new AnswerStore(9, { lastSeq: 1, answers: [] }, storage).change(2, ['smother', ''], true);
    const t = setUp({ storage });
    expect(t.snap().answers.get(1)).toEqual({ answer: ['A'], flagged: false });
    expect(t.snap().ready).toBe(false);
    t.start();
    expect(t.snap().ready).toBe(true);
    expect(t.snap().answers.get(2)).toEqual({ answer: ['smother', ''], flagged: true });
    await t.pass(0);
    expect(t.server.held.get(2)).toEqual({ answer: ['smother', ''], seq: 2 });
    expect(storage.getItem(answerStoreKey(9))).toBeNull();
  });

  it('saves a choice at once, typed blanks when the typing pauses, an empty answer as nothing', async () => {
    const t = setUp();
    t.start();
    t.session.change(3, ['B', '', '']);
    await t.pass(0);
    expect(t.server.held.get(3)?.answer).toEqual(['B', '', '']);
    t.session.change(2, ['cool', '']);
    await t.pass(100);
    expect(t.server.held.has(2)).toBe(false);
    await t.pass(800);
    expect(t.server.held.get(2)?.answer).toEqual(['cool', '']);
    t.session.change(3, ['', '', '']);
    await t.pass(0);
    expect(t.server.held.get(3)?.answer).toEqual([]);
    t.session.toggleFlag(1);
    await t.pass(0);
    expect(t.snap().answers.get(1)).toEqual({ answer: ['A'], flagged: true });
    expect(t.snap().current).toBe(1);
  });

  it('counts down the server’s time and at zero saves, submits and ends as time over', async () => {
    const t = setUp({ secondsLeft: 400 });
    t.start();
    await t.pass(0);
    expect(t.snap().secondsLeft).toBe(400);
    await t.pass(101_000);
    expect(t.snap().warning).toBe(300);
    await t.pass(240_000);
    expect(t.snap().warning).toBe(60);
    t.session.change(2, ['last', '']);
    await t.pass(59_000);
    expect(t.snap().ended).toBe(true);
    expect(t.ended).toEqual(['timeOver']);
    expect(t.server.finishCalls).toBe(1);
    // The typed answer went before the submit.
    expect(t.server.held.get(2)?.answer).toEqual(['last', '']);
  });

  it('a leave is reported once (blur and hidden together) with keepalive, the return once; the server’s count is shown', async () => {
    const t = setUp();
    t.start();
    await t.pass(0);
    t.session.left();
    t.session.left();
    await t.pass(0);
    t.session.returned();
    t.session.returned();
    await t.pass(0);
    // The start is a return too (the page is here after a reload).
    expect(t.server.events.filter((e) => e !== undefined)).toEqual([2, 1, 2]);
    expect(t.keepalive.filter((k) => k.event !== undefined)).toEqual([
      { event: 2, keepalive: false },
      { event: 1, keepalive: true },
      { event: 2, keepalive: false },
    ]);
    expect(t.snap().switches).toBe(1);
    expect(t.returns).toEqual([1]);
  });

  it('past the switch limit the server submits (7603): the attempt ends with that notice', async () => {
    const t = setUp();
    t.start();
    for (let i = 0; i < 4; i++) {
      t.session.left();
      await t.pass(0);
      t.session.returned();
      await t.pass(0);
    }
    expect(t.ended).toEqual(['switchLimit']);
    expect(t.server.switches).toBe(4);
    // Nothing more is sent.
    t.session.change(1, ['B']);
    await t.pass(20_000);
    expect(t.server.held.has(1)).toBe(false);
  });

  it('交卷 saves everything first, then submits once; offline it submits nothing and says what is unsent', async () => {
    const t = setUp();
    t.start();
    await t.pass(0);
    t.server.offline = true;
    t.session.networkChanged();
    expect(t.snap().online).toBe(false);
    t.session.change(2, ['a', 'b']);
    expect(await t.session.submit()).toEqual({ ok: false, unsent: 1 });
    expect(t.server.finishCalls).toBe(0);
    t.server.offline = false;
    t.session.networkChanged();
    await t.pass(0);
    expect(t.server.held.get(2)?.answer).toEqual(['a', 'b']);
    t.session.change(3, ['C', 'A', 'B']);
    expect(await t.session.submit()).toEqual({ ok: true, unsent: 0 });
    expect(t.server.held.get(3)?.answer).toEqual(['C', 'A', 'B']);
    expect(t.server.finishCalls).toBe(1);
    expect(t.ended).toEqual(['submitted']);
  });

  it('a save refused with 7610 (the server’s deadline passed first) ends the attempt as time over', async () => {
    const t = setUp({ secondsLeft: 60 });
    t.start();
    await t.pass(0);
    // The page's clock stood still (a suspended laptop) while the server's went past the deadline.
    t.serverAhead(61_000);
    t.session.change(1, ['C']);
    await t.pass(0);
    expect(t.ended).toEqual(['timeOver']);
    expect(t.server.finishCalls).toBe(0);
  });

  it('going to another page of the app is a leave; mounted again at once (StrictMode) it is not', async () => {
    const t = setUp();
    t.start();
    await t.pass(0);
    t.session.stop();
    t.start();
    await t.pass(1000);
    expect(t.server.events.filter((e) => e === 1)).toEqual([]);
    t.session.stop();
    await t.pass(0);
    expect(t.keepalive.filter((k) => k.event === 1)).toEqual([{ event: 1, keepalive: true }]);
    expect(t.server.switches).toBe(1);
  });

  it('a reload reports a leave at pagehide (keepalive) and the new page’s start reports the return', async () => {
    const storage = memoryStorage();
    const before = setUp({ storage });
    before.start();
    await before.pass(0);
    // Reloading: pagehide, with no visibilitychange first (the page still counted as visible).
    before.session.pageHide();
    await before.pass(0);
    expect(before.keepalive.filter((k) => k.event !== undefined)).toEqual([
      { event: 2, keepalive: false },
      { event: 1, keepalive: true },
    ]);
    const after = setUp({ storage });
    after.start();
    await after.pass(0);
    expect(after.keepalive.filter((k) => k.event !== undefined)).toEqual([{ event: 2, keepalive: false }]);
    expect(after.returns).toEqual([]);
  });

  it('a tab hidden and then closed is one leave, not two', async () => {
    const t = setUp();
    t.start();
    await t.pass(0);
    t.session.left();
    t.session.pageHide();
    t.session.stop();
    await t.pass(0);
    expect(t.server.switches).toBe(1);
  });
});
