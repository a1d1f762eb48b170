import type { DatabaseChanges, TableChange } from '@portal/db';

/** The tables whose changes learners see in course lists and pages (triggers of migrations 0033 and 0039). */
export const COURSE_TABLES: ReadonlySet<string> = new Set(['courses', 'course_chapters', 'course_periods']);

/**
 * Calls `forget` when the database announces a change of a course, its chapters or periods (with
 * the change: its enterprise and course), and without one after a gap in the announcements (what
 * was missed is unknown, so everything goes). Every cache holding course data subscribes through
 * this (decision 039): the back office's change reaches the learner's next call in every process.
 */
export function forgetOnCourseChange(changes: DatabaseChanges, forget: (change?: TableChange) => void): Promise<void> {
  return changes.subscribe({
    change: (c) => {
      if (COURSE_TABLES.has(c.table)) forget(c);
    },
    gap: () => forget(),
  });
}
