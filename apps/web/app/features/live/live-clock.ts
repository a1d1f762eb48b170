import { LiveState } from '@portal/contract/calls/live';

/**
 * The live room's clock (issue 24, decision 060): the server's clock decides a room's state, the
 * browser's only shows it. The page keeps the offset between the two from each answer's
 * `serverNow`, counts down by it, and asks the server again when the schedule says the state
 * changes (the start, the end) or the play address is about to expire.
 */

/** A browser timer waits at most this long (setTimeout's limit is 2^31 − 1 ms); then the page asks again. */
export const MAX_WAIT_MS = 24 * 3600 * 1000;
/** The page never asks again sooner than this after an answer (a clock a little off retries each second). */
export const MIN_WAIT_MS = 1000;
/** How long after the start or the end the page asks (the server must see the moment as passed). */
export const BOUNDARY_MARGIN_MS = 1000;
/** A play address is renewed this long before it expires at most (half its remaining life if less). */
export const URL_RENEW_BEFORE_MS = 5 * 60 * 1000;

/**
 * Milliseconds to add to the browser's clock to read the server's: the answer's `serverNow` was
 * taken while the request was under way, so it is compared with the middle of the round trip.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number = sentAt): number {
  const server = Date.parse(serverNow);
  if (!Number.isFinite(server)) return 0;
  return server - (sentAt + receivedAt) / 2;
}

/** The server's time now, by the browser's clock and the offset. */
export function serverTime(offset: number, browserNow: number = Date.now()): number {
  return browserNow + offset;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * What is left until a moment, in whole seconds rounded up (the countdown shows 00:00:01 until the
 * start itself, then 0), split into days, hours, minutes and seconds; never negative.
 */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Number.isFinite(remainingMs) && remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `HH:mm:ss` of a countdown's hours, minutes and seconds (the days are said apart). */
export function countdownClock(parts: CountdownParts): string {
  return `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
}

/** Whole hours, minutes and seconds of a length in seconds (attendance). */
export function durationParts(seconds: number): { hours: number; minutes: number; seconds: number } {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

interface Schedule {
  state: number;
  startsAt: string;
  endsAt: string;
}

/**
 * Milliseconds until the room's state changes by its schedule (upcoming: its start; live: its end,
 * a looped room's round included), a little after, so the server sees it passed; null when
 * nothing more changes by the clock (ended, playback).
 */
export function stateChangeDelay(room: Schedule, serverNow: number): number | null {
  const at =
    room.state === LiveState.UPCOMING
      ? Date.parse(room.startsAt)
      : room.state === LiveState.LIVE
        ? Date.parse(room.endsAt)
        : Number.NaN;
  if (!Number.isFinite(at)) return null;
  return clampWait(at - serverNow + BOUNDARY_MARGIN_MS);
}

/**
 * Milliseconds until the play address should be renewed: before `expiresAt` by five minutes, or by
 * half of what is left when less; null when it does not expire.
 */
export function urlRenewDelay(expiresAt: string | null | undefined, serverNow: number): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at)) return null;
  const left = at - serverNow;
  return clampWait(left - Math.min(URL_RENEW_BEFORE_MS, left / 2));
}

/** When the page asks for the room again: the sooner of a state change and the address's renewal. */
export function nextRoomCheck(
  room: Schedule & { play: { expiresAt: string | null } | null },
  serverNow: number,
): number | null {
  const delays = [stateChangeDelay(room, serverNow), urlRenewDelay(room.play?.expiresAt, serverNow)].filter(
    (d): d is number => d !== null,
  );
  return delays.length === 0 ? null : Math.min(...delays);
}

function clampWait(ms: number): number {
  if (!Number.isFinite(ms)) return MAX_WAIT_MS;
  return Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, Math.round(ms)));
}

/** The order rooms are offered in: live now, then upcoming, then the recordings, then the ended. */
const STATE_ORDER: Record<number, number> = {
  [LiveState.LIVE]: 0,
  [LiveState.UPCOMING]: 1,
  [LiveState.PLAYBACK]: 2,
  [LiveState.ENDED]: 3,
};

/**
 * The room to offer first among a course's live lessons (a course of live lessons only opens
 * there): one live now, else the next to start, else the latest recording, else the latest ended.
 */
export function featuredRoom<R extends Schedule>(rooms: readonly R[]): R | null {
  let best: R | null = null;
  for (const r of rooms) {
    if (best === null || compareRooms(r, best) < 0) best = r;
  }
  return best;
}

function compareRooms(a: Schedule, b: Schedule): number {
  const byState = (STATE_ORDER[a.state] ?? 9) - (STATE_ORDER[b.state] ?? 9);
  if (byState !== 0) return byState;
  const diff = Date.parse(a.startsAt) - Date.parse(b.startsAt);
  // Upcoming: the soonest first; the others: the latest first.
  return a.state === LiveState.UPCOMING ? diff : -diff;
}
