import { schema, type Db } from '@portal/db';
import { CHECK_IN_RESOURCE_TYPE } from '@portal/contract';

/** Assignment targets (`study_task_assignments.target_type`, decision 033). */
const PERSON = 1;

export interface CheckInTaskOptions {
  /** Plan columns (weekdays, startsOn, endsOn, windowStart, windowEnd, requiredCount, title). */
  plan?: Partial<typeof schema.checkInPlans.$inferInsert>;
  /** Task columns (published, timed, startsAt, endsAt, title…). */
  task?: Partial<typeof schema.studyTasks.$inferInsert>;
  /** Account ids the task is assigned to by name. */
  assignTo?: number[];
}

/**
 * A check-in plan as the one item of a study task (resource type 11), the task assigned by name to
 * the given learners. By default the plan asks for every day of 2026 from 08:00 to 09:00 China
 * time, three check-ins, and the task is published and open all year.
 */
export async function createCheckInTask(db: Db, eid: number, options: CheckInTaskOptions = {}) {
  const [plan] = await db
    .insert(schema.checkInPlans)
    .values({
      eid,
      title: '每日晨读签到',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      windowStart: '08:00',
      windowEnd: '09:00',
      requiredCount: 3,
      ...options.plan,
    })
    .returning();
  const [task] = await db
    .insert(schema.studyTasks)
    .values({
      eid,
      title: '晨读打卡任务',
      startsAt: new Date('2026-01-01T00:00:00+08:00'),
      endsAt: new Date('2027-01-01T00:00:00+08:00'),
      ...options.task,
    })
    .returning();
  await db.insert(schema.studyTaskItems).values({
    eid,
    taskId: task!.id,
    position: 1,
    resourceType: CHECK_IN_RESOURCE_TYPE,
    resourceId: plan!.id,
    title: plan!.title,
  });
  for (const accountId of options.assignTo ?? []) {
    await assignTask(db, eid, task!.id, accountId);
  }
  return { plan: plan!, task: task! };
}

/** Assigns a task to one learner by name. */
export async function assignTask(db: Db, eid: number, taskId: number, accountId: number) {
  await db.insert(schema.studyTaskAssignments).values({ eid, taskId, targetType: PERSON, targetId: accountId });
}

/** A moment given in China time, `YYYY-MM-DD HH:MM[:SS]`. */
export const chinaTime = (at: string): Date => new Date(`${at.replace(' ', 'T')}+08:00`);
