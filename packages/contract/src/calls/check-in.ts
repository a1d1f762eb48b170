import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// Check-ins (签到, issue 20 item 4; decisions 033 and 034). The spec names no call for them: these
// are the portal's own, in the study-task family. A check-in plan (resource type 11) is an item of
// a study task; a learner has the plans of the published tasks assigned to them. A slot is one
// date of the plan (one of its weekdays between its first and last date, China time); the learner
// checks in once per slot, only while its window is open by the server's clock.

/** The resource type of a check-in plan as a study task's item (account-area.md section 3). */
export const CHECK_IN_RESOURCE_TYPE = 11;

export const CHECK_IN_PAGE_SIZE = 10;
export const CHECK_IN_SLOT_PAGE_SIZE = 10;

/** A slot as the learner sees it now. */
export const CheckInSlotStatus = {
  /** Checked in (with the time). */
  CHECKED: 'checked',
  /** Its window is over and no check-in was made. */
  MISSED: 'missed',
  /** Today's slot, its window open now and not checked in yet. */
  OPEN: 'open',
  /** A later date, or today before the window opens. */
  UPCOMING: 'upcoming',
} as const;
export const checkInSlotStatus = z.enum(['checked', 'missed', 'open', 'upcoming']);
export type CheckInSlotStatusValue = z.infer<typeof checkInSlotStatus>;

/** The plans list's filter: 0 all, 1 not started, 2 under way, 3 ended (by the plan's dates). */
export const CheckInPlanState = { ALL: 0, NOT_STARTED: 1, ONGOING: 2, ENDED: 3 } as const;

/** A date `YYYY-MM-DD` and a time `HH:MM`, China time. */
const date = z.string();

export const checkInPlanRow = z.object({
  planId: z.number().int(),
  title: z.string(),
  /** The study task the plan is an item of (the first by id, when several tasks hold it). */
  task: z.object({ id: z.number().int(), title: z.string() }),
  /** The daily window, `HH:MM` China time, both ends included to the minute. */
  windowStart: z.string(),
  windowEnd: z.string(),
  /** 1 Monday … 7 Sunday. */
  weekdays: z.array(z.number().int()),
  startsOn: date,
  endsOn: date,
  /** Slots of the plan in all (its weekdays between its dates). */
  slotCount: z.number().int(),
  /** Check-ins that complete it, and the ones made. */
  requiredCount: z.number().int(),
  madeCount: z.number().int(),
  /** Consecutive slots checked in up to the latest one decided (today's open slot does not break it). */
  currentStreak: z.number().int(),
  bestStreak: z.number().int(),
  /** Today's slot, when today is one. */
  today: z
    .object({
      date,
      status: checkInSlotStatus,
      /** When the learner checked in today (ISO 8601), else null. */
      checkedAt: z.string().nullable(),
    })
    .nullable(),
  /** A slot is open now and not checked in: the 签到 button is live. */
  canCheckIn: z.boolean(),
});
export type CheckInPlanRow = z.infer<typeof checkInPlanRow>;

export const checkInSlot = z.object({
  date,
  /** 1 Monday … 7 Sunday. */
  weekday: z.number().int(),
  status: checkInSlotStatus,
  /** When the learner checked in (ISO 8601), null unless checked. */
  checkedAt: z.string().nullable(),
});
export type CheckInSlot = z.infer<typeof checkInSlot>;

export const checkInResult = z.object({
  planId: z.number().int(),
  /** The slot checked in: today's date, China time. */
  slotDate: date,
  checkedAt: z.string(),
  madeCount: z.number().int(),
  requiredCount: z.number().int(),
  currentStreak: z.number().int(),
  bestStreak: z.number().int(),
});
export type CheckInResult = z.infer<typeof checkInResult>;

export const checkIn = defineCall({
  name: 'checkIn',
  method: 'POST',
  path: '/course/auth/study/task/check/in',
  summary:
    "Check in to today's slot of a plan, inside its window by the server's clock (China time); once per slot (8156)",
  tags: ['check-in'],
  request: z.object({ planId: id }),
  response: checkInResult,
});

export const findCheckInPlans = defineCall({
  name: 'findCheckInPlans',
  method: 'POST',
  path: '/course/auth/study/task/check/in/page',
  summary: "My check-in plans (of the study tasks assigned to me): window, progress, streaks and today's slot",
  tags: ['check-in'],
  request: z.object({
    ...paging(CHECK_IN_PAGE_SIZE, 50),
    /** 0 all (default), 1 not started, 2 under way, 3 ended. */
    state: z.coerce.number().int().min(0).max(3).default(0),
    /** Words of the plan's or its task's title. */
    keyword: z.string().trim().max(50).optional(),
    /** One plan (a task's check-in item shows its plan): the page holds it or, not assigned, nothing. */
    planId: id.optional(),
  }),
  response: pageResponse(checkInPlanRow).extend({
    /** The server's time when it answered (ISO 8601): the page shows slots by it, not by the browser's. */
    serverTime: z.string(),
  }),
});

export const findCheckInSlots = defineCall({
  name: 'findCheckInSlots',
  method: 'POST',
  path: '/course/auth/study/task/check/in/slot/page',
  summary: "One of my plans' slots, latest date first: checked in (with the time), missed, open now or upcoming",
  tags: ['check-in'],
  request: z.object({ planId: id, ...paging(CHECK_IN_SLOT_PAGE_SIZE, 50) }),
  response: pageResponse(checkInSlot),
});

// ---- The back office (issue 22 item 5, decision 056): a check-in plan made from the task editor.

/** The most days one plan spans. */
export const CHECK_IN_PLAN_DAYS_MAX = 366;

/** A real calendar day `YYYY-MM-DD` (2024-02-31 is not one: Date would roll it over). */
const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const isTime = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
const dayNo = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;

/** The slots of a plan: its weekdays (1 Monday … 7 Sunday) between its first and last date. */
export function checkInSlotCount(p: { startsOn: string; endsOn: string; weekdays: number[] }): number {
  let n = 0;
  for (let d = dayNo(p.startsOn); d <= dayNo(p.endsOn); d++) {
    const weekday = ((new Date(d * 86_400_000).getUTCDay() + 6) % 7) + 1;
    if (p.weekdays.includes(weekday)) n++;
  }
  return n;
}

/** A new check-in plan's fields with messages in the caller's language (the form runs the same). */
export const checkInPlanFormFor = (lang: 'zh' | 'en') => {
  const zh = lang === 'zh';
  const msg = (z1: string, e: string) => ({ error: zh ? z1 : e });
  const required = msg('请填写签到名称', 'Please enter a name');
  const day = (zhName: string, enName: string) =>
    z.string().refine(isDay, msg(`请选择${zhName}`, `Choose the ${enName}`));
  const time = z.string().refine(isTime, msg('时间格式为 HH:MM', 'Times are HH:MM'));
  return z
    .object({
      title: z.string(required).trim().min(1, required).max(50, msg('签到名称最多50个字', 'At most 50 characters')),
      startsOn: day('开始日期', 'first day'),
      endsOn: day('结束日期', 'last day'),
      weekdays: z
        .array(z.number().int().min(1).max(7))
        .min(1, msg('请至少选择一个签到日', 'Choose at least one day of the week')),
      windowStart: time,
      windowEnd: time,
      requiredCount: z.number().int().min(1, msg('须签到次数至少为1', 'At least 1 check-in')),
    })
    .superRefine((p, ctx) => {
      const problem = (path: string, zhText: string, enText: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message: zh ? zhText : enText });
      if (!isDay(p.startsOn) || !isDay(p.endsOn)) return;
      const days = dayNo(p.endsOn) - dayNo(p.startsOn) + 1;
      if (days < 1) problem('endsOn', '结束日期不能早于开始日期', 'The last day cannot be before the first');
      else if (days > CHECK_IN_PLAN_DAYS_MAX)
        problem('endsOn', `签到最长${CHECK_IN_PLAN_DAYS_MAX}天`, `At most ${CHECK_IN_PLAN_DAYS_MAX} days`);
      else {
        const slots = checkInSlotCount(p);
        if (slots === 0) problem('weekdays', '所选日期内没有签到日', 'No check-in day falls between the dates');
        else if (p.requiredCount > slots)
          problem(
            'requiredCount',
            `须签到次数不能多于签到日数（${slots}）`,
            `No more check-ins than the ${slots} check-in days`,
          );
      }
      if (isTime(p.windowStart) && isTime(p.windowEnd) && p.windowEnd <= p.windowStart)
        problem('windowEnd', '签到结束时间须晚于开始时间', 'The window must end after it starts');
    });
};
export type CheckInPlanForm = z.infer<ReturnType<typeof checkInPlanFormFor>>;

export const createCheckInPlan = defineCall({
  name: 'createCheckInPlan',
  method: 'POST',
  path: '/course/auth/admin/check-in/plan/create',
  summary:
    'Adds a check-in plan (its days, weekdays, daily window and the check-ins that complete it), for a study task to hold as an item',
  tags: ['task', 'back-office'],
  request: checkInPlanFormFor('zh'),
  requestFor: checkInPlanFormFor,
  response: z.object({ id: z.number().int(), title: z.string() }),
});
