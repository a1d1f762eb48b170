import { ErrorCode } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { requireAssigner, requireTask } from './task.policy.ts';
import type { TaskRepository } from './task.repository.ts';

/**
 * Assigning tasks by enterprise administrators (isAdmin) until the back office exists (decision
 * 033): one rule row per person, department or tag, whatever its size; learners reach the task
 * through the rule at request time, and taking a rule off keeps their progress rows.
 */
export class TaskAdmin {
  constructor(private readonly repo: TaskRepository) {}

  private async checked(session: Session, q: { taskId: number; targetType: number; targetIds: number[] }) {
    requireAssigner(session);
    requireTask(await this.repo.viewTask(session.eid, q.taskId));
    const ids = [...new Set(q.targetIds)];
    if ((await this.repo.countTargets(session.eid, q.targetType, ids)) !== ids.length) {
      throw new AppError(ErrorCode.STUDY_TASK_TARGET_UNKNOWN);
    }
    return ids;
  }

  async assign(session: Session, q: { taskId: number; targetType: number; targetIds: number[] }) {
    const ids = await this.checked(session, q);
    return { assigned: await this.repo.assign(session.eid, q.taskId, q.targetType, ids) };
  }

  async unassign(session: Session, q: { taskId: number; targetType: number; targetIds: number[] }) {
    requireAssigner(session);
    requireTask(await this.repo.viewTask(session.eid, q.taskId));
    return { removed: await this.repo.unassign(session.eid, q.taskId, q.targetType, [...new Set(q.targetIds)]) };
  }
}
