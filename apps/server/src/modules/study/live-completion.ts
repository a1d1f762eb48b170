import { sql } from 'drizzle-orm';
import type { Tx } from '@portal/db';
import { EarningSource } from '@portal/contract';
import { earnOnce } from '../earning/index.ts';
import type { Learner } from '../../platform/learner.ts';
import { countCourse } from './progress.repository.ts';

/** What completing a live period changed: the course's completion and what it earned now. */
export interface LivePeriodCompletion {
  courseCompleted: boolean;
  /** Hours (tenths) and points earned now, null when the course did not complete now. */
  earned: { creditTenths: number; points: number } | null;
}

/**
 * Completes a live lesson's period for a learner whose attendance reached the room's share (issue
 * 24, decision 060), in the caller's transaction: the learner becomes a learner of the course (the
 * first time), the period is complete, and the course is counted like any other completion
 * (`countCourse`), so the course completes, and earns its hours and points through the ledger,
 * once. A period completed before stays as it was.
 */
export async function completeLivePeriod(
  tx: Tx,
  who: Learner,
  courseId: number,
  periodId: number,
): Promise<LivePeriodCompletion> {
  const started = await tx.execute<{ inserted: boolean }>(sql`
    INSERT INTO course_learners (eid, course_id, account_id, last_period_id)
    VALUES (${who.eid}, ${courseId}, ${who.accountId}, ${periodId})
    ON CONFLICT (eid, course_id, account_id) DO NOTHING
    RETURNING true AS inserted`);
  if (started.rows.length > 0) {
    await tx.execute(
      sql`UPDATE courses SET learner_count = learner_count + 1 WHERE eid = ${who.eid} AND id = ${courseId}`,
    );
  }
  await tx.execute(sql`
    INSERT INTO period_progress (eid, account_id, period_id, course_id, completed_at)
    VALUES (${who.eid}, ${who.accountId}, ${periodId}, ${courseId}, now())
    ON CONFLICT (eid, account_id, period_id)
      DO UPDATE SET completed_at = COALESCE(period_progress.completed_at, now()), updated_at = now()`);
  const counted = await countCourse(tx, who, courseId, periodId, async (t) => {
    const { rows } = await t.execute<{ title: string; credit_tenths: number; points: number }>(sql`
      SELECT title, credit_tenths, points FROM courses WHERE eid = ${who.eid} AND id = ${courseId}`);
    const course = rows[0]!;
    // earnOnce forgets the learner's cached user info (the header's hours) after the commit.
    const earned = await earnOnce(t, who, {
      source: { type: EarningSource.COURSE, id: courseId, title: course.title },
      hoursTenths: course.credit_tenths,
      points: course.points,
    });
    return earned.ledger ? { creditTenths: course.credit_tenths, points: course.points } : null;
  });
  return { courseCompleted: counted.course?.completedAt != null, earned: counted.earned };
}
