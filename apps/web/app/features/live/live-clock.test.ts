import { describe, expect, it } from 'vitest';
import { LiveState } from '@portal/contract/calls/live';
import {
  BOUNDARY_MARGIN_MS,
  MAX_WAIT_MS,
  MIN_WAIT_MS,
  clockOffset,
  countdownClock,
  countdownParts,
  durationParts,
  featuredRoom,
  nextRoomCheck,
  serverTime,
  stateChangeDelay,
  urlRenewDelay,
} from './live-clock.ts';

const T0 = Date.parse('2026-06-01T06:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe("the server's clock in the browser", () => {
  it("offsets the browser's clock by the answer's serverNow, taken in the middle of the round trip", () => {
    // The browser is 90 s behind; the answer took 400 ms.
    const sentAt = T0 - 90_000;
    const offset = clockOffset(iso(T0), sentAt - 200, sentAt + 200);
    expect(offset).toBe(90_000);
    expect(serverTime(offset, sentAt + 1000)).toBe(T0 + 1000);
    // Without a round trip (the server-rendered page): the moment it is read.
    expect(clockOffset(iso(T0), T0 + 5000)).toBe(-5000);
  });

  it('keeps the browser clock when serverNow cannot be read', () => {
    expect(clockOffset('not a time', T0)).toBe(0);
  });
});

describe('the countdown', () => {
  it('splits what is left into days, hours, minutes and seconds, rounding up to the second', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 12 * 60 + 45) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 12,
      seconds: 45,
    });
    // 0.2 s before the start it still says a second; at the start, nothing.
    expect(countdownParts(200)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows hours, minutes and seconds as a clock', () => {
    expect(countdownClock({ days: 1, hours: 3, minutes: 2, seconds: 9 })).toBe('03:02:09');
    expect(countdownClock(countdownParts(59_001))).toBe('00:01:00');
  });
});

describe('attendance lengths', () => {
  it('splits seconds into whole hours, minutes and seconds', () => {
    expect(durationParts(3725.9)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(durationParts(59)).toEqual({ hours: 0, minutes: 0, seconds: 59 });
    expect(durationParts(-3)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('when the page asks for the room again', () => {
  const room = (state: number, startsAt: number, endsAt: number, expiresAt: number | null = null) => ({
    state,
    startsAt: iso(startsAt),
    endsAt: iso(endsAt),
    play:
      state === LiveState.LIVE || state === LiveState.PLAYBACK
        ? { expiresAt: expiresAt === null ? null : iso(expiresAt) }
        : null,
  });

  it('asks just after the start of an upcoming room and just after the end of a live one', () => {
    expect(stateChangeDelay(room(LiveState.UPCOMING, T0 + 60_000, T0 + 3_600_000), T0)).toBe(
      60_000 + BOUNDARY_MARGIN_MS,
    );
    expect(stateChangeDelay(room(LiveState.LIVE, T0 - 60_000, T0 + 600_000), T0)).toBe(600_000 + BOUNDARY_MARGIN_MS);
  });

  it('asks nothing more of an ended room or its recording', () => {
    expect(stateChangeDelay(room(LiveState.ENDED, T0 - 7_200_000, T0 - 3_600_000), T0)).toBeNull();
    expect(stateChangeDelay(room(LiveState.PLAYBACK, T0 - 7_200_000, T0 - 3_600_000), T0)).toBeNull();
    expect(nextRoomCheck(room(LiveState.ENDED, T0 - 7_200_000, T0 - 3_600_000), T0)).toBeNull();
  });

  it('waits at least a second (a clock a little off asks again, not in a loop) and at most a day', () => {
    // The server still said upcoming though its start has passed by the page's clock.
    expect(stateChangeDelay(room(LiveState.UPCOMING, T0 - 5000, T0 + 3_600_000), T0)).toBe(MIN_WAIT_MS);
    // A start in 40 days is further than a browser timer can wait.
    expect(stateChangeDelay(room(LiveState.UPCOMING, T0 + 40 * 86_400_000, T0 + 41 * 86_400_000), T0)).toBe(
      MAX_WAIT_MS,
    );
    expect(stateChangeDelay({ state: LiveState.UPCOMING, startsAt: 'x', endsAt: 'y' }, T0)).toBeNull();
  });

  it('renews a play address five minutes before it expires, or at half its remaining life', () => {
    expect(urlRenewDelay(iso(T0 + 1_800_000), T0)).toBe(1_500_000);
    expect(urlRenewDelay(iso(T0 + 120_000), T0)).toBe(60_000);
    expect(urlRenewDelay(iso(T0 - 10_000), T0)).toBe(MIN_WAIT_MS);
    expect(urlRenewDelay(null, T0)).toBeNull();
    expect(urlRenewDelay('never', T0)).toBeNull();
  });

  it('takes the sooner of the state change and the renewal', () => {
    // Live until T0 + 1 h, the address good for 30 min: renewed first.
    expect(nextRoomCheck(room(LiveState.LIVE, T0 - 60_000, T0 + 3_600_000, T0 + 1_800_000), T0)).toBe(1_500_000);
    // Live for 2 more minutes: the end first.
    expect(nextRoomCheck(room(LiveState.LIVE, T0 - 60_000, T0 + 120_000, T0 + 1_800_000), T0)).toBe(
      120_000 + BOUNDARY_MARGIN_MS,
    );
    // The recording's address is renewed though nothing else changes.
    expect(nextRoomCheck(room(LiveState.PLAYBACK, T0 - 7_200_000, T0 - 3_600_000, T0 + 1_800_000), T0)).toBe(1_500_000);
  });
});

describe('the room a course of live lessons opens at', () => {
  const r = (id: number, state: number, startsAt: number) => ({
    id,
    state,
    startsAt: iso(startsAt),
    endsAt: iso(startsAt + 3_600_000),
  });

  it('offers a room live now, else the next to start, else the latest recording, else the latest ended', () => {
    const ended = r(1, LiveState.ENDED, T0 - 9 * 86_400_000);
    const olderEnded = r(2, LiveState.ENDED, T0 - 20 * 86_400_000);
    const recording = r(3, LiveState.PLAYBACK, T0 - 7 * 86_400_000);
    const olderRecording = r(4, LiveState.PLAYBACK, T0 - 30 * 86_400_000);
    const later = r(5, LiveState.UPCOMING, T0 + 5 * 86_400_000);
    const sooner = r(6, LiveState.UPCOMING, T0 + 3 * 86_400_000);
    const live = r(7, LiveState.LIVE, T0 - 600_000);
    expect(featuredRoom([ended, later, recording, live, sooner])?.id).toBe(7);
    expect(featuredRoom([ended, later, recording, sooner])?.id).toBe(6);
    expect(featuredRoom([olderRecording, ended, recording])?.id).toBe(3);
    expect(featuredRoom([olderEnded, ended])?.id).toBe(1);
    expect(featuredRoom([])).toBeNull();
  });
});
