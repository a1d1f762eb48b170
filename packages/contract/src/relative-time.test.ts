import { describe, expect, it } from 'vitest';
import {
  RELATIVE_TIME_MAX_DAYS,
  formatDate,
  formatRelativeStep,
  parseTime,
  relativeLabel,
  relativeStep,
  relativeTime,
} from './relative-time.ts';

// Local-time instants, so the expectations hold in any time zone.
const now = new Date(2024, 5, 15, 12, 0, 0); // 2024-06-15 12:00:00
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime (zh, the product rule)', () => {
  it.each([
    [0, '刚刚'],
    [59 * SECOND, '刚刚'],
    [MINUTE, '1分钟前'],
    [59 * MINUTE + 59 * SECOND, '59分钟前'],
    [HOUR, '1小时前'],
    [23 * HOUR + 59 * MINUTE, '23小时前'],
    [DAY, '1天前'],
    [6 * DAY + 23 * HOUR, '6天前'],
    [7 * DAY, '1周前'],
    [7 * DAY + 23 * HOUR + 59 * MINUTE, '1周前'],
  ])('%i ms ago reads %s', (ms, label) => {
    expect(relativeTime(ago(ms), now)).toBe(label);
  });

  it('shows the absolute date once more than 7 whole days have passed', () => {
    expect(RELATIVE_TIME_MAX_DAYS).toBe(7);
    expect(relativeTime(ago(8 * DAY), now)).toBe('2024-06-07');
    expect(relativeTime(new Date(2024, 4, 1, 8, 30), now)).toBe('2024-05-01');
    expect(relativeTime(new Date(2019, 0, 2, 0, 0), now)).toBe('2019-01-02');
  });

  it('treats a slightly-ahead clock as just now and a far-future time as a date', () => {
    expect(relativeTime(new Date(now.getTime() + 30 * SECOND), now)).toBe('刚刚');
    expect(relativeTime(new Date(2024, 5, 20, 9, 0), now)).toBe('2024-06-20');
  });

  it('accepts the gateway formats', () => {
    expect(relativeTime('2024-06-15 11:30:00', now)).toBe('30分钟前');
    expect(relativeTime(ago(3 * HOUR).getTime(), now)).toBe('3小时前');
    expect(relativeTime(ago(2 * DAY).toISOString(), now)).toBe('2天前');
    expect(relativeTime('2024-06-01 09:00:00', '2024-06-15 12:00:00')).toBe('2024-06-01');
  });

  it('returns an empty string for a missing or invalid time', () => {
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime(undefined, now)).toBe('');
    expect(relativeTime('', now)).toBe('');
    expect(relativeTime('not a date', now)).toBe('');
  });

  it('uses the current time by default', () => {
    expect(relativeTime(new Date())).toBe('刚刚');
    expect(relativeTime(new Date(Date.now() - 5 * MINUTE))).toBe('5分钟前');
  });

  it('prints the date at a fixed UTC offset when asked', () => {
    const instant = new Date(Date.UTC(2024, 0, 1, 20, 0, 0)); // 2024-01-02 04:00 in China
    const later = new Date(Date.UTC(2024, 1, 1));
    expect(relativeTime(instant, later, 'zh', { utcOffsetMinutes: 480 })).toBe('2024-01-02');
    expect(relativeTime(instant, later, 'zh', { utcOffsetMinutes: 0 })).toBe('2024-01-01');
    expect(relativeTime(instant, later, 'zh', { utcOffsetMinutes: -300 })).toBe('2024-01-01');
  });
});

describe('relativeTime (en)', () => {
  it.each([
    [10 * SECOND, 'just now'],
    [MINUTE, '1 minute ago'],
    [5 * MINUTE, '5 minutes ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [DAY, '1 day ago'],
    [3 * DAY, '3 days ago'],
    [7 * DAY, '1 week ago'],
  ])('%i ms ago reads %s', (ms, label) => {
    expect(relativeTime(ago(ms), now, 'en')).toBe(label);
  });
  it('shows the date the same way', () => {
    expect(relativeTime(ago(30 * DAY), now, 'en')).toBe('2024-05-16');
  });
});

describe('the full ladder', () => {
  it.each([
    [new Date(2024, 5, 1, 12, 0), '2周前'],
    [new Date(2024, 4, 16, 12, 0), '4周前'],
    [new Date(2024, 4, 15, 12, 0), '1个月前'],
    [new Date(2024, 0, 15, 12, 0), '5个月前'],
    [new Date(2023, 5, 16, 12, 0), '11个月前'],
    [new Date(2023, 5, 15, 12, 0), '1年前'],
    [new Date(2020, 5, 15, 12, 0), '4年前'],
  ])('%s reads %s', (date, label) => {
    expect(relativeLabel(date, now)).toBe(label);
  });

  it('has English plurals', () => {
    expect(relativeLabel(new Date(2024, 5, 1, 12, 0), now, 'en')).toBe('2 weeks ago');
    expect(relativeLabel(new Date(2024, 4, 15, 12, 0), now, 'en')).toBe('1 month ago');
    expect(relativeLabel(new Date(2020, 5, 15, 12, 0), now, 'en')).toBe('4 years ago');
    expect(relativeLabel('garbage', now, 'en')).toBe('');
  });

  it('exposes the steps', () => {
    expect(relativeStep(ago(90 * MINUTE), now)).toEqual({ unit: 'hour', count: 1 });
    expect(relativeStep(new Date(now.getTime() + DAY), now)).toEqual({ unit: 'now' });
    expect(formatRelativeStep({ unit: 'year', count: 3 })).toBe('3年前');
    expect(formatRelativeStep({ unit: 'now' }, 'en')).toBe('just now');
  });
});

describe('helpers', () => {
  it('parseTime reads local gateway times and rejects what is not a time', () => {
    expect(parseTime('2024-06-15 11:30:00')?.getTime()).toBe(new Date(2024, 5, 15, 11, 30).getTime());
    expect(parseTime('x')).toBeNull();
    expect(parseTime(Number.NaN)).toBeNull();
  });
  it('formatDate pads', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('2024-01-05');
  });
});
