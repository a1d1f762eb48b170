import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import { taskStandingsOf } from '../task/index.ts';

/** A learner's standing in one study task, as the project reads it. */
export interface TaskStanding {
  /** The statusLabel (1 not started, 2 learning, 3 completed…; 9 missed). */
  statusLabel: number;
  /** 0 to 100. */
  progressPercent: number;
  completedAt: Date | string | null;
}

/** statusLabel of a task the learner has not started (no standing yet). */
const NOT_STARTED = 1;
/** statusLabel of a completed task, and of a passed (assessment) one: both are complete. */
const COMPLETED = 3;
const PASSED = 5;

export const NO_STANDING: TaskStanding = { statusLabel: NOT_STARTED, progressPercent: 0, completedAt: null };

/**
 * The learner's standings in the given tasks, re-evaluated now by the task module (its front door
 * `taskStandingsOf`, in the caller's transaction under each standing row's lock; a task completing
 * here earns and is announced as anywhere). For the project page and the completion.
 */
export async function currentStandingsOf(tx: Tx, who: Learner, taskIds: number[]): Promise<Map<number, TaskStanding>> {
  const standings = new Map<number, TaskStanding>();
  if (taskIds.length === 0) return standings;
  for (const [taskId, s] of await taskStandingsOf(tx, who, taskIds)) {
    standings.set(taskId, { statusLabel: s.status, progressPercent: s.progressPercent, completedAt: s.completedAt });
  }
  return standings;
}

/**
 * The learner's standings as the task module stored them at its last evaluation (decision 033:
 * lists read stored rows, so the training records stay fast with many projects). For the records
 * and their export; the page and the completion re-evaluate (`currentStandingsOf`).
 */
export async function storedStandingsOf(
  q: Db | Tx,
  who: Learner,
  taskIds: number[],
): Promise<Map<number, TaskStanding>> {
  const standings = new Map<number, TaskStanding>();
  if (taskIds.length === 0) return standings;
  const { rows } = await q.execute<{
    taskId: number;
    status: number;
    progressPercent: number;
    completedAt: Date | string | null;
  }>(sql`
    SELECT task_id AS "taskId", status, progress_percent AS "progressPercent", completed_at AS "completedAt"
      FROM study_task_learners
     WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND task_id IN (${sql.join(
       taskIds.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  for (const r of rows) {
    standings.set(r.taskId, {
      statusLabel: r.completedAt && r.status !== COMPLETED && r.status !== PASSED ? COMPLETED : r.status,
      progressPercent: r.completedAt ? 100 : Math.max(0, Math.min(100, r.progressPercent)),
      completedAt: r.completedAt,
    });
  }
  return standings;
}

/** The learner's progress over a project's tasks: counts and the mean share (a completed task is 100). */
export function progressOver(taskIds: number[], standings: Map<number, TaskStanding>) {
  const of = taskIds.map((id) => standings.get(id) ?? NO_STANDING);
  const completed = of.filter((s) => s.completedAt !== null).length;
  const percent = of.length === 0 ? 0 : Math.floor(of.reduce((n, s) => n + s.progressPercent, 0) / of.length);
  return {
    taskCount: of.length,
    completedTaskCount: completed,
    progressPercent: of.length > 0 && completed === of.length ? 100 : Math.min(percent, 99),
    allComplete: of.length > 0 && completed === of.length,
    started: of.some((s) => s.statusLabel !== NOT_STARTED || s.progressPercent > 0),
  };
}
