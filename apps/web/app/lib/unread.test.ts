import { describe, expect, it } from 'vitest';
import { normalizeUnread } from './unread.ts';

describe('the unread count from a gateway answer', () => {
  it('takes the object shape', () => {
    expect(normalizeUnread({ count: 5, entCount: 3, sysCount: 2 })).toEqual({ count: 5, entCount: 3, sysCount: 2 });
  });

  it('turns a bare number into count only', () => {
    expect(normalizeUnread(7)).toEqual({ count: 7, entCount: 0, sysCount: 0 });
    expect(normalizeUnread('4')).toEqual({ count: 4, entCount: 0, sysCount: 0 });
    expect(normalizeUnread(0)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
  });

  it('defaults missing or odd values to 0', () => {
    expect(normalizeUnread(null)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    expect(normalizeUnread(undefined)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    expect(normalizeUnread('')).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    expect(normalizeUnread({ count: 2 })).toEqual({ count: 2, entCount: 0, sysCount: 0 });
    expect(normalizeUnread({ count: -1, entCount: 'x', sysCount: 1.5 })).toEqual({
      count: 0,
      entCount: 0,
      sysCount: 1,
    });
    expect(normalizeUnread(Number.NaN)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
  });
});
