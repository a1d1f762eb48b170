import type { CheckInPlanRow, CheckInSlot } from '@portal/contract';
import type { PlanRow } from './check-in.repository.ts';
import { slotDatesOf, slotStatusOf, streaksOf, isSlotDate, type ChinaMoment } from './slots.ts';

/** A plan as the learner's list shows it, at `now`, from its row and the learner's check-ins. */
export function presentPlan(plan: PlanRow, checkedAt: ReadonlyMap<string, Date>, now: ChinaMoment): CheckInPlanRow {
  const streaks = streaksOf(plan, new Set(checkedAt.keys()), now);
  const todayAt = checkedAt.get(now.date) ?? null;
  const today = isSlotDate(plan, now.date, now.weekday)
    ? { date: now.date, status: slotStatusOf(plan, now.date, todayAt, now), checkedAt: todayAt?.toISOString() ?? null }
    : null;
  return {
    planId: plan.planId,
    title: plan.title,
    task: { id: plan.taskId, title: plan.taskTitle },
    windowStart: plan.windowStart,
    windowEnd: plan.windowEnd,
    weekdays: [...plan.weekdays].sort((a, b) => a - b),
    startsOn: plan.startsOn,
    endsOn: plan.endsOn,
    slotCount: slotDatesOf(plan).length,
    requiredCount: plan.requiredCount,
    madeCount: checkedAt.size,
    currentStreak: streaks.current,
    bestStreak: streaks.best,
    today,
    canCheckIn: today?.status === 'open' && !plan.tasksClosed,
  };
}

/** The plan's slots, latest first, each with its status at `now`. */
export function presentSlots(plan: PlanRow, checkedAt: ReadonlyMap<string, Date>, now: ChinaMoment): CheckInSlot[] {
  return slotDatesOf(plan)
    .reverse()
    .map((slot) => {
      const at = checkedAt.get(slot.date) ?? null;
      return {
        date: slot.date,
        weekday: slot.weekday,
        status: slotStatusOf(plan, slot.date, at, now),
        checkedAt: at?.toISOString() ?? null,
      };
    });
}
