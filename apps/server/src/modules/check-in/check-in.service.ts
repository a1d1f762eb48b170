import { CHECK_IN_RESOURCE_TYPE, ErrorCode, pageOffset, toPage, type CheckInResult } from '@portal/contract';
import { afterCommit } from '../../platform/after-commit.ts';
import { AppError, requireFound } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import type { CheckInClock } from './check-in-clock.ts';
import { presentPlan, presentSlots } from './check-in.presenter.ts';
import type { CheckInRepository, CheckInRow, PlanQuery } from './check-in.repository.ts';
import { chinaMomentOf, closedReason, streaksOf } from './slots.ts';

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/** Each plan's check-ins by slot date. */
function byPlan(rows: CheckInRow[]): Map<number, Map<string, Date>> {
  const plans = new Map<number, Map<string, Date>>();
  for (const r of rows) {
    let slots = plans.get(r.planId);
    if (!slots) plans.set(r.planId, (slots = new Map()));
    slots.set(r.slotDate, r.checkedAt);
  }
  return plans;
}

/**
 * Check-ins (issue 20 item 4, decision 034): checking in to the slot open now by the server's clock,
 * once per slot; the learner's plans with their progress and streaks; one plan's slots.
 */
export class CheckInService {
  constructor(
    private readonly repo: CheckInRepository,
    private readonly clock: CheckInClock,
  ) {}

  async checkIn(who: Learner, planId: number): Promise<CheckInResult> {
    const at = this.clock.now();
    const now = chinaMomentOf(at);
    return this.repo.db.transaction(async (tx) => {
      const plan = requireFound(await this.repo.findPlan(tx, who, planId, at));
      if (plan.tasksClosed) throw new AppError(ErrorCode.CHECK_IN_TASK_CLOSED);
      const closed = closedReason(plan, now);
      if (closed) throw new AppError(closed.code, { params: closed.params });
      // The primary key decides between concurrent check-ins of the slot: one row, the rest refused.
      if (!(await this.repo.insertCheckIn(tx, who, planId, now.date, at))) {
        throw new AppError(ErrorCode.CHECK_IN_DONE);
      }
      const checkedAt = byPlan(await this.repo.findCheckIns(tx, who, [planId])).get(planId) ?? new Map<string, Date>();
      const streaks = streaksOf(plan, new Set(checkedAt.keys()), now);
      // The task module re-evaluates the learner's tasks holding the plan (decision 033).
      afterCommit(tx, (e) =>
        e.learned({ eid: who.eid, accountId: who.accountId, resourceType: CHECK_IN_RESOURCE_TYPE, resourceId: planId }),
      );
      return {
        planId,
        slotDate: now.date,
        checkedAt: at.toISOString(),
        madeCount: checkedAt.size,
        requiredCount: plan.requiredCount,
        currentStreak: streaks.current,
        bestStreak: streaks.best,
      };
    });
  }

  async findPlans(who: Learner, q: Paging & PlanQuery) {
    const at = this.clock.now();
    const now = chinaMomentOf(at);
    const { rows, total } = await this.repo.findPlans(
      who,
      q,
      now.date,
      at,
      q.pageSize,
      pageOffset(q.pageCurrent, q.pageSize),
    );
    const checkIns = byPlan(
      await this.repo.findCheckIns(
        this.repo.db,
        who,
        rows.map((r) => r.planId),
      ),
    );
    const list = rows.map((r) => presentPlan(r, checkIns.get(r.planId) ?? new Map(), now));
    return { ...toPage(list, total, q.pageCurrent, q.pageSize), serverTime: at.toISOString() };
  }

  async findSlots(who: Learner, q: Paging & { planId: number }) {
    const at = this.clock.now();
    const now = chinaMomentOf(at);
    const plan = requireFound(await this.repo.findPlan(this.repo.db, who, q.planId, at));
    const checkedAt = byPlan(await this.repo.findCheckIns(this.repo.db, who, [plan.planId])).get(plan.planId);
    const slots = presentSlots(plan, checkedAt ?? new Map(), now);
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    return toPage(slots.slice(offset, offset + q.pageSize), slots.length, q.pageCurrent, q.pageSize);
  }
}
