import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { ItemRow, TaskRow } from './task.repository.ts';
import { isSelfReported, type ItemState } from './task.rules.ts';

/**
 * Who may do what with study tasks (decision 033), in one place:
 * - a learner sees and studies only the published tasks assigned to them now; another
 *   enterprise's task, an unassigned one and a missing one are all 8101, so ids reveal nothing;
 * - an item opens once the items before it are done in an ordered task (8004), not before the
 *   task's window (8105), not after a timed task was missed (8102);
 * - progress is reported only for material items: the others are done by their owner (8103);
 * - a coached learner's steps are seen by that learner and their mentor, confirmed by the mentor only (8106);
 * - only the enterprise's administrators assign: the calls are the back office's (access `admin`,
 *   decision 036), refused by the gateway to everyone else (3403).
 */
export function requireTask<T extends TaskRow | { task: TaskRow }>(task: T | null): T {
  if (!task) throw new AppError(ErrorCode.STUDY_TASK_NOT_FOUND);
  return task;
}

export function requireItem(items: ItemState[], itemId: number): ItemState {
  const found = items.find((s) => s.item.id === itemId);
  if (!found) throw new AppError(ErrorCode.STUDY_TASK_ITEM_NOT_FOUND);
  return found;
}

/** May the learner open the item now: locks, the window, a missed timed task. */
export function requireOpen(task: TaskRow, state: ItemState, missed: boolean, now: Date): void {
  if (missed) throw new AppError(ErrorCode.STUDY_TASK_MISSED);
  if (now.getTime() < task.startsAt.getTime()) throw new AppError(ErrorCode.STUDY_TASK_NOT_STARTED);
  if (state.locked) throw new AppError(ErrorCode.STUDY_RESOURCE_LOCKED);
}

export function requireSelfReported(item: ItemRow): void {
  if (!isSelfReported(item)) throw new AppError(ErrorCode.STUDY_TASK_PROGRESS_ELSEWHERE);
}
