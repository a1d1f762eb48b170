import { describe, expect, it } from 'vitest';
import { dateTime } from './date-time.ts';
import { newsDate } from '../features/news/news-date.ts';

describe('dates in China time', () => {
  it('formats date and time the same wherever the server or browser runs', () => {
    expect(dateTime('2026-11-20T16:05:00Z')).toBe('2026-11-21 00:05');
    expect(newsDate('2026-11-20T16:05:00Z')).toBe('2026-11-21');
  });

  it('gives an empty text for a missing or invalid time', () => {
    expect(dateTime(null)).toBe('');
    expect(dateTime('not a date')).toBe('');
    expect(newsDate('not a date')).toBe('');
  });
});
