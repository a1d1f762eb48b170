import { describe, expect, it } from 'vitest';
import { ExamClock, clockText, serverMsLeft } from './exam-clock.ts';

const at = (secondsLeft: number, serverNow = '2026-03-01T08:00:00.000Z') => ({
  secondsLeft,
  serverNow,
  deadlineAt: new Date(Date.parse(serverNow) + secondsLeft * 1000 + 250).toISOString(),
});

describe('the exam timer', () => {
  it('counts the server’s time left down on the monotonic clock, whatever the PC clock says', () => {
    let mono = 1_000;
    const clock = new ExamClock(at(600), () => mono);
    expect(clock.remainingMs()).toBe(600_250);
    expect(clock.remainingSeconds()).toBe(601);
    // The PC clock jumps an hour: nothing here reads it.
    const realNow = Date.now;
    Date.now = () => realNow() + 3_600_000;
    try {
      mono += 10_000;
      expect(clock.remainingMs()).toBe(590_250);
    } finally {
      Date.now = realNow;
    }
    mono += 700_000;
    expect(clock.remainingMs()).toBe(0);
    expect(clock.remainingSeconds()).toBe(0);
  });

  it('follows every answer of the server: drift is corrected both ways', () => {
    let mono = 0;
    const clock = new ExamClock(at(600), () => mono);
    mono = 60_000;
    // The server says more is left than the page counted (the page's clock ran fast) …
    clock.follow(at(545, '2026-03-01T08:01:00.000Z'));
    expect(clock.remainingMs()).toBe(545_250);
    mono = 120_000;
    // … or less (a suspended laptop: its monotonic clock stood still).
    clock.follow(at(100, '2026-03-01T08:09:00.000Z'));
    expect(clock.remainingMs()).toBe(100_250);
  });

  it('takes the whole seconds when the times do not parse', () => {
    expect(serverMsLeft({ secondsLeft: 30, deadlineAt: 'x', serverNow: 'y' })).toBe(30_000);
    expect(serverMsLeft(at(-5))).toBe(0);
  });

  it('shows mm:ss, and h:mm:ss from an hour up', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(1199)).toBe('19:59');
    expect(clockText(3600 + 5 * 60 + 9)).toBe('1:05:09');
  });
});
