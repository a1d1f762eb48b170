import { sql } from 'drizzle-orm';
import type { Db } from '@portal/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Right answers in a row that clear a question from the error book, unless the site says otherwise. */
export const DEFAULT_ERROR_BOOK_CLEAR_STREAK = 2;

/** One marked answer of a learner: the question, whether it was right, and what they answered. */
export interface MarkedAnswer {
  questionId: number;
  correct: boolean;
  answer: string[];
}

/**
 * Writes a learner's marked answers into their error book (错题本), in the caller's transaction: a
 * wrong answer adds the question (or brings it back, counting it again and restarting its streak);
 * a right answer to a question in the book lengthens its streak and clears it at `clearStreak`
 * right answers in a row. `sourceType`: where the answers came from (2 practice, 7 an exam task).
 * A short answer waiting for marking is not passed here.
 */
export async function recordErrorBook(
  tx: Tx,
  who: { eid: number; accountId: number },
  sourceType: number,
  answers: readonly MarkedAnswer[],
  clearStreak = DEFAULT_ERROR_BOOK_CLEAR_STREAK,
): Promise<void> {
  const wrong = answers.filter((a) => !a.correct);
  const right = answers.filter((a) => a.correct);
  if (wrong.length) {
    await tx.execute(sql`
      INSERT INTO error_book (eid, account_id, question_id, source_type, last_answer)
      SELECT ${who.eid}, ${who.accountId}, w.question_id, ${sourceType}, w.answer
      FROM jsonb_to_recordset(${JSON.stringify(wrong.map((a) => ({ question_id: a.questionId, answer: a.answer })))}::jsonb)
        AS w(question_id int, answer jsonb)
      ON CONFLICT (eid, account_id, question_id) DO UPDATE SET
        wrong_count = error_book.wrong_count + 1, right_streak = 0, last_answer = EXCLUDED.last_answer,
        source_type = EXCLUDED.source_type, last_wrong_at = now(), cleared_at = NULL`);
  }
  if (right.length) {
    await tx.execute(sql`
      UPDATE error_book SET right_streak = right_streak + 1,
        cleared_at = CASE WHEN right_streak + 1 >= ${clearStreak} THEN now() ELSE NULL END
      WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND cleared_at IS NULL
        AND question_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${JSON.stringify(right.map((a) => a.questionId))}::jsonb) x)`);
  }
}
