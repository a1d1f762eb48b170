import { EarningSource, TaskResourceType } from '@portal/contract';
import { withTenant } from '@portal/db';
import type { LearningEvent } from '../../platform/learning-events.ts';
import { TaskRepository } from './task.repository.ts';
import { reevaluate } from './task-standing.ts';

/** The resource types whose learning events move a task (decision 033), and the item types they name. */
const ITEM_TYPES_OF: ReadonlyMap<number, readonly number[]> = new Map([
  [EarningSource.COURSE, [TaskResourceType.COURSE]],
  [EarningSource.EXAM_TASK, [TaskResourceType.EXAM_TASK, TaskResourceType.EXAM_PAPER]],
  [TaskResourceType.EXAM_PAPER, [TaskResourceType.EXAM_TASK, TaskResourceType.EXAM_PAPER]],
  [TaskResourceType.EXERCISE, [TaskResourceType.EXERCISE]],
  [TaskResourceType.CHECK_IN, [TaskResourceType.CHECK_IN]],
]);

/**
 * A learning event's listener (`platform.learningEvents`): re-evaluates, each in its own
 * transaction, the learner's assigned tasks holding the resource, so a task completes (and earns)
 * as soon as its last item's owner records it. Safe to lose: the next read re-evaluates too.
 */
export function taskEventListener(repo: TaskRepository) {
  return async (event: LearningEvent): Promise<void> => {
    const types = ITEM_TYPES_OF.get(event.resourceType);
    if (!types) return;
    const who = { eid: event.eid, accountId: event.accountId };
    await withTenant(event.eid, async () => {
      const taskIds = await repo.transaction((tx) => repo.findTaskIdsHolding(tx, who, [...types], event.resourceId));
      for (const taskId of taskIds) {
        await repo.transaction(async (tx) => {
          const task = await TaskRepository.viewTaskIn(tx, who.eid, taskId);
          if (task) await reevaluate(tx, who, task, true);
        });
      }
    });
  };
}
