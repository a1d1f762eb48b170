import { ErrorCode, type CheckInSlotStatusValue, type ErrorCodeValue } from '@portal/contract';

/**
 * The rules of check-in slots (decision 034), pure: which dates a plan asks for, which one is open
 * at a moment, a slot's status and the streaks. Dates and times are China time (Asia/Shanghai,
 * UTC+8 all year: China keeps no daylight saving time), as the plan's fields are written.
 */

/** A plan's schedule, as `check_in_plans` holds it. */
export interface PlanSchedule {
  /** 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** `YYYY-MM-DD`. */
  startsOn: string;
  endsOn: string;
  /** `HH:MM`, both ends included to the minute. */
  windowStart: string;
  windowEnd: string;
}

/** A moment in China time. */
export interface ChinaMoment {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`. */
  time: string;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/**
 * At most this many days of a plan are walked (about ten years): a plan typed with a far end date
 * cannot make a list walk millions of days.
 */
const MAX_PLAN_DAYS = 3660;

const pad = (n: number) => String(n).padStart(2, '0');

/** The date, time and weekday of `at` in China time. */
export function chinaMomentOf(at: Date): ChinaMoment {
  const d = new Date(at.getTime() + CHINA_OFFSET_MS);
  const day = d.getUTCDay();
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    weekday: day === 0 ? 7 : day,
  };
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, or NaN when it is not one. */
function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

function dateOfDay(day: number): { date: string; weekday: number } {
  const d = new Date(day * DAY_MS);
  const w = d.getUTCDay();
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    weekday: w === 0 ? 7 : w,
  };
}

/** The plan's slots in date order: each of its weekdays from `startsOn` to `endsOn`. */
export function slotDatesOf(plan: PlanSchedule): Array<{ date: string; weekday: number }> {
  const first = dayNumber(plan.startsOn);
  const last = Math.min(dayNumber(plan.endsOn), first + MAX_PLAN_DAYS);
  const days = new Set(plan.weekdays);
  const slots: Array<{ date: string; weekday: number }> = [];
  if (Number.isNaN(first) || Number.isNaN(last)) return slots;
  for (let day = first; day <= last; day++) {
    const slot = dateOfDay(day);
    if (days.has(slot.weekday)) slots.push(slot);
  }
  return slots;
}

/** Whether `date` is a slot of the plan: one of its weekdays between its dates. */
export function isSlotDate(plan: PlanSchedule, date: string, weekday: number): boolean {
  return plan.weekdays.includes(weekday) && date >= plan.startsOn && date <= plan.endsOn;
}

/** Why no slot of the plan is open at `now`, with the texts' parameters; null when one is. */
export function closedReason(
  plan: PlanSchedule,
  now: ChinaMoment,
): { code: ErrorCodeValue; params?: Record<string, string> } | null {
  if (now.date < plan.startsOn) return { code: ErrorCode.CHECK_IN_NOT_STARTED, params: { date: plan.startsOn } };
  if (now.date > plan.endsOn) return { code: ErrorCode.CHECK_IN_ENDED };
  if (!plan.weekdays.includes(now.weekday)) return { code: ErrorCode.CHECK_IN_NOT_A_DAY };
  const window = { start: plan.windowStart, end: plan.windowEnd };
  if (now.time < plan.windowStart) return { code: ErrorCode.CHECK_IN_TOO_EARLY, params: window };
  if (now.time > plan.windowEnd) return { code: ErrorCode.CHECK_IN_TOO_LATE, params: window };
  return null;
}

/** A slot's status at `now`, given when the learner checked in to it (if they did). */
export function slotStatusOf(
  plan: PlanSchedule,
  slotDate: string,
  checkedAt: Date | null,
  now: ChinaMoment,
): CheckInSlotStatusValue {
  if (checkedAt) return 'checked';
  if (slotDate < now.date) return 'missed';
  if (slotDate > now.date) return 'upcoming';
  if (now.time < plan.windowStart) return 'upcoming';
  if (now.time > plan.windowEnd) return 'missed';
  return 'open';
}

export interface Streaks {
  /** Consecutive slots checked in, back from the latest slot decided at `now`. */
  current: number;
  /** The longest run of consecutive slots checked in. */
  best: number;
}

/**
 * The streaks at `now` over the plan's slots: a run is consecutive slots checked in (not calendar
 * days: a plan of Mondays keeps its streak from one Monday to the next). A missed slot ends a run;
 * today's slot while it is open or upcoming neither ends nor extends it.
 */
export function streaksOf(plan: PlanSchedule, checkedDates: ReadonlySet<string>, now: ChinaMoment): Streaks {
  let run = 0;
  let best = 0;
  for (const slot of slotDatesOf(plan)) {
    if (slot.date > now.date) break;
    const status = slotStatusOf(plan, slot.date, checkedDates.has(slot.date) ? new Date(0) : null, now);
    if (status === 'checked') {
      run += 1;
      best = Math.max(best, run);
    } else if (status === 'missed') {
      run = 0;
    }
  }
  return { current: run, best };
}
