import { EarningSource } from '@portal/contract';
import { schema, type Db } from '@portal/db';

/**
 * A learner's study this week as the dashboard reads it: a course studied now (completed when
 * asked) and, for a completion, the ledger's credit for it.
 */
export async function recordStudyNow(
  db: Db,
  eid: number,
  accountId: number,
  courseId: number,
  options: { completed?: boolean; creditTenths?: number } = {},
) {
  const now = new Date();
  await db.insert(schema.courseLearners).values({
    eid,
    courseId,
    accountId,
    lastStudiedAt: now,
    progressPercent: options.completed ? 100 : 40,
    completedAt: options.completed ? now : null,
  });
  if (options.creditTenths) {
    await db.insert(schema.earnings).values({
      eid,
      accountId,
      sourceType: EarningSource.COURSE,
      sourceId: courseId,
      title: 'course',
      creditTenths: options.creditTenths,
      points: 0,
    });
  }
}
