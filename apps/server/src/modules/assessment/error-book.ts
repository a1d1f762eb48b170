import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';
import { QuestionType } from './question-kinds.ts';

/** Right answers in a row that clear a question from the error book, unless the site says otherwise. */
export const DEFAULT_ERROR_BOOK_CLEAR_STREAK = 2;
/** The largest clear streak a site may set (a larger or malformed setting counts as the default). */
export const MAX_ERROR_BOOK_CLEAR_STREAK = 20;

/** One marked answer of a learner: the question, whether it was right, and what they answered. */
export interface MarkedAnswer {
  questionId: number;
  correct: boolean;
  answer: string[];
}

/**
 * The clear streak of a site's `individuationOptions.errorBookClearStreak`: a whole number from 1 to
 * MAX_ERROR_BOOK_CLEAR_STREAK (as a number or its digits); anything else is the default.
 */
export function clearStreakOf(setting: unknown): number {
  const n = typeof setting === 'string' && /^\d+$/.test(setting.trim()) ? Number(setting) : setting;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ERROR_BOOK_CLEAR_STREAK
    ? n
    : DEFAULT_ERROR_BOOK_CLEAR_STREAK;
}

/** The enterprise's clear streak (its website settings' individuationOptions), read in the caller's transaction. */
export async function readErrorBookClearStreak(db: Db | Tx, eid: number): Promise<number> {
  const { rows } = await db.execute<{ setting: unknown }>(
    sql`SELECT individuation_options -> 'errorBookClearStreak' AS setting FROM website_settings WHERE eid = ${eid}`,
  );
  return clearStreakOf(rows[0]?.setting);
}

/**
 * Writes a learner's marked answers into their error book (错题本), in the caller's transaction: a
 * wrong answer adds the question (or brings it back, counting it again and restarting its streak);
 * a right answer to a question in the book lengthens its streak and clears it at `clearStreak`
 * right answers in a row (a right answer to a question not in the book changes nothing).
 * `sourceType`: where the answers came from (2 practice, 7 an exam task). The book holds objective
 * questions only: a short answer, which practice does not mark and so could never clear, is left
 * out even when a marker marked it wrong.
 *
 * `clearStreak`: when left out, the enterprise's setting (`individuationOptions.errorBookClearStreak`,
 * default DEFAULT_ERROR_BOOK_CLEAR_STREAK), read in the same transaction. A question given twice
 * counts once, by its last answer. Rows are written in question order, so two transactions writing
 * one learner's book (an exam's submit and a practice answer) lock them in the same order.
 */
export async function recordErrorBook(
  tx: Tx,
  who: { eid: number; accountId: number },
  sourceType: number,
  answers: readonly MarkedAnswer[],
  clearStreak?: number,
): Promise<void> {
  if (answers.length === 0) return;
  const streak = clearStreak === undefined ? await readErrorBookClearStreak(tx, who.eid) : Math.max(1, clearStreak);
  const last = new Map<number, MarkedAnswer>();
  for (const a of answers) last.set(a.questionId, a);
  const ordered = [...last.values()].sort((x, y) => x.questionId - y.questionId);
  const wrong = ordered.filter((a) => !a.correct);
  const right = ordered.filter((a) => a.correct);
  if (wrong.length) {
    await tx.execute(sql`
      INSERT INTO error_book (eid, account_id, question_id, source_type, last_answer)
      SELECT ${who.eid}, ${who.accountId}, w.question_id, ${sourceType}, w.answer
      FROM jsonb_to_recordset(${JSON.stringify(wrong.map((a) => ({ question_id: a.questionId, answer: a.answer })))}::jsonb)
        AS w(question_id int, answer jsonb)
      JOIN exam_questions q ON q.eid = ${who.eid} AND q.id = w.question_id AND q.question_type <> ${QuestionType.SHORT_ANSWER}
      ORDER BY w.question_id
      ON CONFLICT (eid, account_id, question_id) DO UPDATE SET
        wrong_count = error_book.wrong_count + 1, right_streak = 0, last_answer = EXCLUDED.last_answer,
        source_type = EXCLUDED.source_type, last_wrong_at = now(), cleared_at = NULL`);
  }
  if (right.length) {
    await tx.execute(sql`
      UPDATE error_book SET right_streak = right_streak + 1,
        cleared_at = CASE WHEN right_streak + 1 >= ${streak} THEN now() ELSE NULL END
      WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND cleared_at IS NULL
        AND question_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${JSON.stringify(right.map((a) => a.questionId))}::jsonb) x)`);
  }
}
