import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';

/**
 * The answer-visibility rule (DESIGN.md section 9, decision 032): whether a learner may see a
 * question's key (right answer, accepted blanks, reference answer) and analysis now — and, as
 * knowing right from wrong gives a true/false key away, whether they may see their mark of it.
 *
 * A question is HELD BACK from a learner while an exam task that can give it to them is not over
 * for them, unless an administrator opened its bank for practice (`question_banks.open_for_practice`).
 * - A task "can give" a question when its fixed paper holds it, or a rule of its random paper draws
 *   from the question's bank, type and difficulty, or the learner's attempt under way has it in its
 *   snapshot.
 * - A task is "over" for a learner when they cannot take it (again): its window has closed, or they
 *   have used every attempt, and no attempt of theirs is under way. A pass with attempts left is not
 *   over (the learner may still start one). Unpublished tasks give nothing (until published).
 * - A question no exam task can give (practice only) is never held back.
 * A task's "show answers" setting shows keys after submitting once the exam is over for the
 * learner (decision 029); no setting shows them between attempts, so it opens nothing here.
 *
 * Every path that can show a key, a mark or analysis asks this rule: the practice draws (a held
 * question is never drawn), a practice answer (refused), the practice round's view, the error book
 * (held entries are neither listed nor practised), the practice analysis (held questions are not
 * counted) and exam results (`examResultShows`).
 *
 * `q` names the `exam_questions` row in the caller's SQL (an alias or the table's name).
 */
export function keyHeldSql(who: Learner, q: string): SQL {
  const x = sql.raw(q);
  return sql`(NOT EXISTS (SELECT 1 FROM question_banks vb
      WHERE vb.eid = ${x}.eid AND vb.id = ${x}.bank_id AND vb.open_for_practice)
    AND (EXISTS (
      SELECT 1 FROM exam_tasks vt
      JOIN exam_papers vp ON vp.eid = vt.eid AND vp.id = vt.paper_id
      LEFT JOIN exam_task_records vr ON vr.eid = vt.eid AND vr.task_id = vt.id AND vr.account_id = ${who.accountId}
      WHERE vt.eid = ${x}.eid AND vt.published
        AND now() < vt.ends_at AND coalesce(vr.attempts_used, 0) < vt.attempts_allowed
        AND (EXISTS (SELECT 1 FROM exam_paper_questions vpq
              WHERE vpq.eid = vt.eid AND vpq.paper_id = vt.paper_id AND vpq.question_id = ${x}.id)
          OR (vp.mode = 2 AND EXISTS (SELECT 1 FROM jsonb_array_elements(vp.rules) vx
              WHERE (vx->>'bankId')::int = ${x}.bank_id AND (vx->>'questionType')::int = ${x}.question_type
                AND (vx->>'difficulty' IS NULL OR (vx->>'difficulty')::int = ${x}.difficulty)))))
    OR EXISTS (
      SELECT 1 FROM exam_attempts va
      WHERE va.eid = ${x}.eid AND va.account_id = ${who.accountId} AND va.submitted_at IS NULL
        AND va.paper @> jsonb_build_array(jsonb_build_object('questionId', ${x}.id)))))`;
}

/** Where a question stands for a learner: held back now, and whether its bank is open for practice. */
export interface QuestionStanding {
  held: boolean;
  bankOpen: boolean;
}

/** The standing of the enterprise's questions `ids` for a learner (a question no longer in the bank is missing). */
export async function findQuestionStandings(
  db: Db | Tx,
  who: Learner,
  ids: readonly number[],
): Promise<Map<number, QuestionStanding>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; held: boolean; bank_open: boolean }>(sql`
    SELECT q.id, ${keyHeldSql(who, 'q')} AS held, coalesce(b.open_for_practice, false) AS bank_open
    FROM exam_questions q LEFT JOIN question_banks b ON b.eid = q.eid AND b.id = q.bank_id
    WHERE q.eid = ${who.eid} AND q.id = ANY(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [r.id, { held: r.held, bankOpen: r.bank_open }]));
}

/**
 * What an exam result shows of one question, by the same rule. `examOver`: the result's own task is
 * over for the learner (no attempt left or the window closed, none under way); `showsAnswers`: the
 * task shows answers after submitting. While the task is not over, every question of the attempt is
 * held back — even one since removed from the bank or the paper — unless its bank is open for
 * practice; a question another open task can give stays held back too. The mark (right or wrong,
 * the points it got, the marker's comment) shows when the question is not held back; the keys and
 * analysis only when, besides, the task shows answers and the exam is over for the learner.
 */
export function examResultShows(
  task: { examOver: boolean; showsAnswers: boolean },
  standing: QuestionStanding | undefined,
): { mark: boolean; key: boolean } {
  const held = (standing?.held ?? false) || (!task.examOver && !(standing?.bankOpen ?? false));
  return { mark: !held, key: !held && task.showsAnswers && task.examOver };
}
