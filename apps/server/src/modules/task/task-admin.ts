import { ErrorCode } from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { requireTask } from './task.policy.ts';
import { TaskRepository } from './task.repository.ts';

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface TaskAdminCaller {
  session: Session;
  audit: AdminAudit;
}

type AssignQuery = { taskId: number; targetType: number; targetIds: number[] };

/**
 * Assigning tasks by enterprise administrators (back-office calls, decision 036): one rule row per
 * person, department or tag, whatever its size; learners reach the task through the rule at request
 * time, and taking a rule off keeps their progress rows. Each change is in the audit log with the
 * task's targets of that type before and after, in the change's transaction.
 */
export class TaskAdmin {
  constructor(private readonly repo: TaskRepository) {}

  async assign({ session, audit }: TaskAdminCaller, q: AssignQuery) {
    requireTask(await this.repo.viewTask(session.eid, q.taskId));
    const ids = [...new Set(q.targetIds)];
    if ((await this.repo.countTargets(session.eid, q.targetType, ids)) !== ids.length) {
      throw new AppError(ErrorCode.STUDY_TASK_TARGET_UNKNOWN);
    }
    const assigned = await this.change(session, audit, q, (tx) =>
      TaskRepository.assign(tx, session.eid, q.taskId, q.targetType, ids),
    );
    return { assigned };
  }

  async unassign({ session, audit }: TaskAdminCaller, q: AssignQuery) {
    requireTask(await this.repo.viewTask(session.eid, q.taskId));
    const ids = [...new Set(q.targetIds)];
    const removed = await this.change(session, audit, q, (tx) =>
      TaskRepository.unassign(tx, session.eid, q.taskId, q.targetType, ids),
    );
    return { removed };
  }

  private change(session: Session, audit: AdminAudit, q: AssignQuery, write: (tx: Tx) => Promise<number>) {
    return this.repo.transaction(async (tx) => {
      const targets = () => TaskRepository.findTargets(tx, session.eid, q.taskId, q.targetType);
      const before = await targets();
      const changed = await write(tx);
      await audit.record(tx, {
        entityType: 'study_task',
        entityId: q.taskId,
        before: { targetType: q.targetType, targetIds: before },
        after: { targetType: q.targetType, targetIds: await targets() },
      });
      return changed;
    });
  }
}
