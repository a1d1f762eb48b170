import type { Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import { TaskRepository } from './task.repository.ts';
import { reevaluate } from './task-standing.ts';

/** A learner's standing in one task, as the project module reads it. */
export interface TaskStanding {
  /** TaskStatusLabel (3 completed, 5 passed: done; 9 missed…). */
  status: number;
  progressPercent: number;
  completedAt: Date | null;
}

/**
 * The learner's standing in each of `taskIds` of their enterprise (absent: no such task),
 * re-evaluated in the caller's transaction under each standing row's lock (in id order, so two
 * callers never wait on each other crosswise); a task completing here earns once as anywhere.
 */
export async function taskStandingsOf(tx: Tx, learner: Learner, taskIds: number[]): Promise<Map<number, TaskStanding>> {
  const found = new Map<number, TaskStanding>();
  for (const taskId of [...new Set(taskIds)].sort((a, b) => a - b)) {
    const task = await TaskRepository.viewTaskIn(tx, learner.eid, taskId);
    if (!task) continue;
    const { standing } = await reevaluate(tx, learner, task);
    found.set(taskId, {
      status: standing.status,
      progressPercent: standing.progressPercent,
      completedAt: standing.completedAt,
    });
  }
  return found;
}
