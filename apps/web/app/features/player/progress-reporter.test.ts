import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressEvent } from '@portal/contract/calls/study';
import { ProgressReporter, type ProgressEventCode } from './progress-reporter.ts';

const { TICK, PAUSE, ENDED, HIDDEN, LEAVE, RESUME } = ProgressEvent;

/** A reporter whose reports are recorded as [event, position, keepalive]; the position is set by the test. */
function reporter(kind: 'video' | 'reading', options: { hidden?: boolean; fail?: boolean } = {}) {
  const sent: Array<[ProgressEventCode, number, boolean]> = [];
  let position = 0;
  const r = new ProgressReporter({
    kind,
    intervalMs: 10_000,
    hidden: options.hidden ?? false,
    position: () => position,
    send: async (event, at, { keepalive }) => {
      sent.push([event, at, keepalive]);
      if (options.fail) throw new Error('refused');
    },
  });
  return {
    r,
    sent,
    events: () => sent.map(([e]) => e),
    at: (p: number) => (position = p),
    /** Lets the timers run `ms` and the reports they queued go out. */
    wait: async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      await r.settled();
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the progress reports of a video', () => {
  it('says RESUME on play, then TICK every interval with the position, PAUSE on pause and nothing while paused', async () => {
    const t = reporter('video');
    await t.wait(30_000);
    expect(t.sent).toEqual([]); // opened, not playing: nothing to say
    t.at(12.5);
    t.r.play();
    await t.wait(0);
    expect(t.sent).toEqual([[RESUME, 12.5, false]]);
    t.at(22.5);
    await t.wait(10_000);
    t.at(32.5);
    await t.wait(10_000);
    expect(t.sent.slice(1)).toEqual([
      [TICK, 22.5, false],
      [TICK, 32.5, false],
    ]);
    t.at(35);
    t.r.pause();
    await t.wait(60_000);
    expect(t.sent.slice(3)).toEqual([[PAUSE, 35, false]]);
    t.r.play();
    await t.wait(10_000);
    expect(t.events().slice(4)).toEqual([RESUME, TICK]);
  });

  it('says ENDED at the end and stops ticking; a pause after the end says nothing more', async () => {
    const t = reporter('video');
    t.r.play();
    await t.wait(5_000);
    t.at(12);
    t.r.ended();
    t.r.pause();
    await t.wait(30_000);
    expect(t.sent).toEqual([
      [RESUME, 0, false],
      [ENDED, 12, false],
    ]);
  });

  it('after a seek while playing says TICK where the video was, then RESUME where it went, and ticks from there', async () => {
    const t = reporter('video');
    t.r.play();
    await t.wait(6_000);
    t.at(3);
    t.r.seeked(6.2);
    await t.wait(6_000);
    // The interval began again at the seek.
    expect(t.sent).toEqual([
      [RESUME, 0, false],
      [TICK, 6.2, false],
      [RESUME, 3, false],
    ]);
    await t.wait(4_000);
    expect(t.events()).toEqual([RESUME, TICK, RESUME, TICK]);
    t.r.pause();
    t.r.seeked(9); // a seek while paused waits for the play
    await t.wait(20_000);
    expect(t.events()).toEqual([RESUME, TICK, RESUME, TICK, PAUSE]);
  });

  it('says HIDDEN when the page is hidden, sends nothing while hidden, and RESUME before the ticks on coming back', async () => {
    const t = reporter('video');
    t.r.play();
    await t.wait(10_000);
    t.r.hide();
    await t.wait(60_000);
    expect(t.events()).toEqual([RESUME, TICK, HIDDEN]);
    t.r.show();
    await t.wait(10_000);
    expect(t.events()).toEqual([RESUME, TICK, HIDDEN, RESUME, TICK]);
  });

  it('coming back to a paused video says nothing until it plays; playing while hidden waits for the page', async () => {
    const t = reporter('video');
    t.r.hide(); // not playing: nothing to say
    t.r.show();
    t.r.hide();
    t.r.play();
    await t.wait(30_000);
    expect(t.events()).toEqual([]);
    t.r.show();
    await t.wait(0);
    expect(t.events()).toEqual([RESUME]);
  });

  it('says LEAVE with keepalive when the page is left, at once, and nothing after it', async () => {
    const t = reporter('video');
    t.r.play();
    t.at(7);
    t.r.leave();
    t.r.play();
    t.r.pause();
    t.r.hide();
    await t.wait(60_000);
    // The RESUME queued just before was not sent yet: the page is going, LEAVE says where it was.
    expect(t.sent).toEqual([[LEAVE, 7, true]]);
    expect(t.r.stopped).toBe(true);
  });

  it('sends nothing more once stopped (another player took over), not even LEAVE', async () => {
    const t = reporter('video');
    t.r.play();
    await t.wait(10_000);
    t.r.stop();
    t.r.play();
    t.r.leave();
    await t.wait(60_000);
    expect(t.events()).toEqual([RESUME, TICK]);
  });

  it('goes on reporting after a report failed', async () => {
    const t = reporter('video', { fail: true });
    t.r.play();
    await t.wait(20_000);
    expect(t.events()).toEqual([RESUME, TICK, TICK]);
  });

  it('sends a report only after the one before was answered', async () => {
    const answers: Array<() => void> = [];
    const sent: ProgressEventCode[] = [];
    const r = new ProgressReporter({
      kind: 'video',
      intervalMs: 10_000,
      position: () => 0,
      send: (event) => {
        sent.push(event);
        return new Promise<void>((resolve) => answers.push(resolve));
      },
    });
    r.play();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toEqual([RESUME]); // the ticks wait for the RESUME's answer
    answers.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([RESUME, TICK]);
    r.leave(); // LEAVE does not wait: the page is going
    expect(sent).toEqual([RESUME, TICK, LEAVE]);
  });
});

describe('the progress reports of a document or image-text period', () => {
  it('says RESUME when opened, then ticks with position 0 every interval while the page is visible', async () => {
    const t = reporter('reading');
    await t.wait(25_000);
    expect(t.sent).toEqual([
      [RESUME, 0, false],
      [TICK, 0, false],
      [TICK, 0, false],
    ]);
    t.r.hide();
    await t.wait(30_000);
    t.r.show();
    await t.wait(10_000);
    expect(t.events()).toEqual([RESUME, TICK, TICK, HIDDEN, RESUME, TICK]);
    t.r.play(); // play and ended mean nothing to a page
    t.r.ended();
    t.r.leave();
    await t.wait(0);
    expect(t.events()).toEqual([RESUME, TICK, TICK, HIDDEN, RESUME, TICK, LEAVE]);
  });

  it('opened in a hidden page, it waits for the page to be visible', async () => {
    const t = reporter('reading', { hidden: true });
    await t.wait(30_000);
    expect(t.events()).toEqual([]);
    t.r.show();
    await t.wait(10_000);
    expect(t.events()).toEqual([RESUME, TICK]);
  });
});
