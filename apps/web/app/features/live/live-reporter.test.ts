import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveReporter, type LiveReportKind } from './live-reporter.ts';

/** A reporter whose reports are recorded as [kind, keepalive]; `hold` keeps each answer until released. */
function reporter(options: { hidden?: boolean; fail?: boolean; hold?: boolean } = {}) {
  const sent: Array<[LiveReportKind, boolean]> = [];
  const pending: Array<() => void> = [];
  const r = new LiveReporter({
    intervalMs: 30_000,
    hidden: options.hidden ?? false,
    send: async (kind, { keepalive }) => {
      sent.push([kind, keepalive]);
      if (options.hold) await new Promise<void>((resolve) => pending.push(resolve));
      if (options.fail) throw new Error('refused');
    },
  });
  return {
    r,
    sent,
    kinds: () => sent.map(([k]) => k),
    /** Answers the report waiting longest. */
    answer: async () => {
      pending.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    },
    /** Lets the timers run `ms` and the reports they queued go out. */
    wait: async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      if (!options.hold) await r.settled();
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the reports of the live room', () => {
  it('says nothing until the player plays, then joins at once and reports every interval while it plays', async () => {
    const t = reporter();
    await t.wait(120_000);
    expect(t.sent).toEqual([]);
    t.r.play();
    await t.wait(0);
    expect(t.sent).toEqual([['watch', false]]);
    expect(t.r.watching).toBe(true);
    await t.wait(29_999);
    expect(t.sent).toHaveLength(1);
    await t.wait(1);
    await t.wait(30_000);
    expect(t.kinds()).toEqual(['watch', 'watch', 'watch']);
  });

  it('leaves when the player pauses or ends, says nothing while paused, and joins again when it plays', async () => {
    const t = reporter();
    t.r.play();
    await t.wait(30_000);
    t.r.pause();
    await t.wait(120_000);
    expect(t.kinds()).toEqual(['watch', 'watch', 'leave']);
    expect(t.r.watching).toBe(false);
    t.r.pause(); // a second pause says nothing more
    t.r.play();
    await t.wait(30_000);
    t.r.ended();
    t.r.ended();
    await t.wait(60_000);
    expect(t.kinds()).toEqual(['watch', 'watch', 'leave', 'watch', 'watch', 'leave']);
  });

  it('counts nothing while the page is hidden: it leaves, and joins again when visible if the player still plays', async () => {
    const t = reporter();
    t.r.play();
    await t.wait(0);
    t.r.hide();
    await t.wait(120_000);
    expect(t.kinds()).toEqual(['watch', 'leave']);
    t.r.show();
    await t.wait(30_000);
    expect(t.kinds()).toEqual(['watch', 'leave', 'watch', 'watch']);
    // Paused while hidden: nothing when it shows again.
    t.r.hide();
    t.r.pause();
    t.r.show();
    await t.wait(60_000);
    expect(t.kinds()).toEqual(['watch', 'leave', 'watch', 'watch', 'leave']);
  });

  it('does not join while the page is hidden at the start, only once it is visible', async () => {
    const t = reporter({ hidden: true });
    t.r.play();
    await t.wait(60_000);
    expect(t.sent).toEqual([]);
    t.r.show();
    await t.wait(0);
    expect(t.sent).toEqual([['watch', false]]);
  });

  it('leaves with keepalive when the page is left, once, and then says nothing more', async () => {
    const t = reporter();
    t.r.play();
    await t.wait(30_000);
    t.r.leave();
    t.r.leave();
    t.r.play();
    t.r.show();
    await t.wait(120_000);
    expect(t.sent).toEqual([
      ['watch', false],
      ['watch', false],
      ['leave', true],
    ]);
    expect(t.r.stopped).toBe(true);
  });

  it('sends no leave when leaving a page where nothing was watched (never played, or already left)', async () => {
    const never = reporter();
    never.r.leave();
    await never.wait(0);
    expect(never.sent).toEqual([]);
    const paused = reporter();
    paused.r.play();
    paused.r.pause();
    await paused.wait(0);
    paused.r.leave();
    await paused.wait(0);
    expect(paused.sent).toEqual([
      ['watch', false],
      ['leave', false],
    ]);
  });

  it('sends reports in order, one after another, and a leave still queued goes at once when the page is left', async () => {
    const t = reporter({ hold: true });
    t.r.play();
    await t.answer(); // nothing waiting yet: lets the join go out
    expect(t.kinds()).toEqual(['watch']);
    t.r.pause();
    t.r.play();
    t.r.pause();
    await t.wait(0);
    // The join is not answered: the rest wait behind it.
    expect(t.kinds()).toEqual(['watch']);
    await t.answer();
    expect(t.kinds()).toEqual(['watch', 'leave']);
    // Left while a watch and a leave still wait: the leave goes now with keepalive, the rest never.
    t.r.leave();
    expect(t.sent.at(-1)).toEqual(['leave', true]);
    await t.answer();
    await t.answer();
    await t.answer();
    expect(t.sent).toEqual([
      ['watch', false],
      ['leave', false],
      ['leave', true],
    ]);
  });

  it('goes on after a refused report', async () => {
    const t = reporter({ fail: true });
    t.r.play();
    await t.wait(60_000);
    expect(t.kinds()).toEqual(['watch', 'watch', 'watch']);
  });

  it('stops without a word when the room changed state', async () => {
    const t = reporter();
    t.r.play();
    await t.wait(0);
    t.r.stop();
    t.r.leave();
    t.r.pause();
    await t.wait(120_000);
    expect(t.sent).toEqual([['watch', false]]);
    expect(t.r.watching).toBe(false);
  });
});
