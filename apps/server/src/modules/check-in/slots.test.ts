import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/contract';
import { chinaMomentOf, closedReason, slotDatesOf, slotStatusOf, streaksOf, type PlanSchedule } from './slots.ts';

const plan = (over: Partial<PlanSchedule> = {}): PlanSchedule => ({
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  startsOn: '2026-03-02',
  endsOn: '2026-03-31',
  windowStart: '08:00',
  windowEnd: '09:00',
  ...over,
});
const at = (iso: string) => chinaMomentOf(new Date(iso));

describe('check-in slots', () => {
  it('reads moments in China time: the date turns at 16:00 UTC, Sunday is 7', () => {
    expect(at('2026-03-07T15:59:59Z')).toEqual({ date: '2026-03-07', time: '23:59', weekday: 6 });
    expect(at('2026-03-07T16:00:00Z')).toEqual({ date: '2026-03-08', time: '00:00', weekday: 7 });
    expect(at('2026-12-31T16:30:00Z')).toEqual({ date: '2027-01-01', time: '00:30', weekday: 5 });
  });

  it('makes a slot of each plan weekday between the dates, and walks at most about ten years', () => {
    const mondays = slotDatesOf(plan({ weekdays: [1] }));
    expect(mondays.map((s) => s.date)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    expect(slotDatesOf(plan({ startsOn: '2026-03-05', endsOn: '2026-03-04' }))).toEqual([]);
    expect(slotDatesOf(plan({ startsOn: 'soon' }))).toEqual([]);
    expect(slotDatesOf(plan({ endsOn: '9999-12-31' })).length).toBe(3661);
  });

  it('says why no slot is open, dates before days before times', () => {
    const p = plan({ weekdays: [1, 3, 5] });
    expect(closedReason(p, at('2026-03-01T01:00:00Z'))?.code).toBe(ErrorCode.CHECK_IN_NOT_STARTED);
    expect(closedReason(p, at('2026-04-01T01:00:00Z'))?.code).toBe(ErrorCode.CHECK_IN_ENDED);
    expect(closedReason(p, at('2026-03-03T01:00:00Z'))?.code).toBe(ErrorCode.CHECK_IN_NOT_A_DAY);
    // 07:59 on Tuesday the 3rd, China time: not a day, though 23:59 on Monday in UTC.
    expect(closedReason(p, at('2026-03-02T23:59:00Z'))?.code).toBe(ErrorCode.CHECK_IN_NOT_A_DAY);
    expect(closedReason(p, at('2026-03-01T23:59:59Z'))).toEqual({
      code: ErrorCode.CHECK_IN_TOO_EARLY,
      params: { start: '08:00', end: '09:00' },
    });
    expect(closedReason(p, at('2026-03-02T00:00:00Z'))).toBeNull();
    expect(closedReason(p, at('2026-03-02T01:00:59Z'))).toBeNull();
    expect(closedReason(p, at('2026-03-02T01:01:00Z'))?.code).toBe(ErrorCode.CHECK_IN_TOO_LATE);
  });

  it('gives a slot its status at a moment', () => {
    const p = plan();
    const now = at('2026-03-10T00:30:00Z'); // 08:30 China time
    expect(slotStatusOf(p, '2026-03-09', null, now)).toBe('missed');
    expect(slotStatusOf(p, '2026-03-10', null, now)).toBe('open');
    expect(slotStatusOf(p, '2026-03-11', null, now)).toBe('upcoming');
    expect(slotStatusOf(p, '2026-03-10', new Date(), now)).toBe('checked');
    expect(slotStatusOf(p, '2026-03-10', null, at('2026-03-09T23:00:00Z'))).toBe('upcoming');
    expect(slotStatusOf(p, '2026-03-10', null, at('2026-03-10T02:00:00Z'))).toBe('missed');
  });

  it('counts streaks in slots, not days: a plan of Mondays keeps its streak across the week', () => {
    const mondays = plan({ weekdays: [1] });
    const checked = new Set(['2026-03-02', '2026-03-09', '2026-03-23']);
    // On Monday the 23rd after checking in: the 16th was missed.
    expect(streaksOf(mondays, checked, at('2026-03-23T01:00:00Z'))).toEqual({ current: 1, best: 2 });
    // The Sunday after the 9th: no slot missed yet.
    expect(streaksOf(mondays, new Set(['2026-03-02', '2026-03-09']), at('2026-03-15T12:00:00Z'))).toEqual({
      current: 2,
      best: 2,
    });
    // Monday the 16th before its window, then after it.
    const two = new Set(['2026-03-02', '2026-03-09']);
    expect(streaksOf(mondays, two, at('2026-03-15T23:00:00Z')).current).toBe(2);
    expect(streaksOf(mondays, two, at('2026-03-16T01:01:00Z')).current).toBe(0);
    // A check-in of a date that is not a slot counts in no streak.
    expect(streaksOf(mondays, new Set(['2026-03-03']), at('2026-03-04T12:00:00Z'))).toEqual({ current: 0, best: 0 });
  });
});
