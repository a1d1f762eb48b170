/**
 * Relative time labels (platform.md section 9: "Relative time: years, months, weeks, days, hours,
 * minutes, just now. After more than 7 days the absolute date is shown. Labels are in Chinese.").
 *
 * Decision: the two sentences are combined by applying the absolute-date rule first. A time whose
 * whole-day distance from now is more than 7 (8 days or older) shows its date as YYYY-MM-DD; a
 * younger one gets a label from the ladder. So within `relativeTime` the ladder's upper rungs meet
 * only the span [7 days, 8 days), which reads "1周前"; months and years never appear there.
 * The full ladder (`relativeLabel`) stays exported for callers that want labels at any distance.
 *
 * Future times (a clock ahead of ours) within one minute read "刚刚"; further ahead they show the
 * date, since "in N days" has no label in the spec.
 */
import dayjs from 'dayjs';
import type { Lang } from './errors.ts';

export type TimeInput = Date | string | number;

export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** A rung of the ladder: `now` (just now) or a whole number of units ago (always >= 1). */
export type RelativeStep = { unit: 'now' } | { unit: RelativeUnit; count: number };

export interface RelativeTimeOptions {
  /**
   * Offset from UTC in minutes used to print the absolute date, e.g. 480 for China Standard Time.
   * Without it the runtime's local time zone is used; pass it when the server renders and the
   * browser hydrates, so both print the same date.
   */
  utcOffsetMinutes?: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** More than this many whole days ago shows the absolute date. */
export const RELATIVE_TIME_MAX_DAYS = 7;

const zhUnits: Record<RelativeUnit, string> = {
  year: '年前',
  month: '个月前',
  week: '周前',
  day: '天前',
  hour: '小时前',
  minute: '分钟前',
};

/**
 * Parses a time the way the gateway sends it: a Date, epoch milliseconds, an ISO string, or
 * 'YYYY-MM-DD HH:mm:ss' (local time). Returns null when it is not a valid time.
 */
export function parseTime(input: TimeInput | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const parsed = dayjs(input);
  return parsed.isValid() ? parsed.toDate() : null;
}

/**
 * The full ladder: just now (< 1 minute), minutes (< 1 hour), hours (< 1 day), days (< 7 days),
 * weeks (< 1 calendar month), months (< 1 calendar year), years. Future times count as just now.
 */
export function relativeStep(date: Date, now: Date = new Date()): RelativeStep {
  const diff = now.getTime() - date.getTime();
  if (diff < MINUTE_MS) return { unit: 'now' };
  if (diff < HOUR_MS) return { unit: 'minute', count: Math.floor(diff / MINUTE_MS) };
  if (diff < DAY_MS) return { unit: 'hour', count: Math.floor(diff / HOUR_MS) };
  const days = Math.floor(diff / DAY_MS);
  if (days < 7) return { unit: 'day', count: days };
  const months = dayjs(now).diff(dayjs(date), 'month');
  if (months < 1) return { unit: 'week', count: Math.floor(days / 7) };
  if (months < 12) return { unit: 'month', count: months };
  return { unit: 'year', count: Math.floor(months / 12) };
}

/** The words for one rung: '刚刚', '3分钟前', '1周前' / 'just now', '3 minutes ago', '1 week ago'. */
export function formatRelativeStep(step: RelativeStep, lang: Lang = 'zh'): string {
  if (step.unit === 'now') return lang === 'zh' ? '刚刚' : 'just now';
  if (lang === 'zh') return `${step.count}${zhUnits[step.unit]}`;
  return `${step.count} ${step.unit}${step.count === 1 ? '' : 's'} ago`;
}

/** The ladder label at any distance (no absolute-date cut-off); '' for an invalid time. */
export function relativeLabel(date: TimeInput, now: TimeInput = new Date(), lang: Lang = 'zh'): string {
  const then = parseTime(date);
  const current = parseTime(now);
  if (!then || !current) return '';
  return formatRelativeStep(relativeStep(then, current), lang);
}

/** YYYY-MM-DD in the runtime's time zone, or at a fixed UTC offset. */
export function formatDate(date: Date, options: RelativeTimeOptions = {}): string {
  if (options.utcOffsetMinutes === undefined) return dayjs(date).format('YYYY-MM-DD');
  const shifted = new Date(date.getTime() + options.utcOffsetMinutes * MINUTE_MS);
  const y = String(shifted.getUTCFullYear()).padStart(4, '0');
  const m = String(shifted.getUTCMonth() + 1).padStart(2, '0');
  const d = String(shifted.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * The product's relative time: a ladder label up to 7 whole days ago, the date (YYYY-MM-DD)
 * beyond. Returns '' for a missing or invalid time.
 */
export function relativeTime(
  date: TimeInput | null | undefined,
  now: TimeInput = new Date(),
  lang: Lang = 'zh',
  options: RelativeTimeOptions = {},
): string {
  const then = parseTime(date);
  const current = parseTime(now);
  if (!then || !current) return '';
  const diff = current.getTime() - then.getTime();
  if (diff < -MINUTE_MS || Math.floor(diff / DAY_MS) > RELATIVE_TIME_MAX_DAYS) return formatDate(then, options);
  return formatRelativeStep(relativeStep(then, current), lang);
}
