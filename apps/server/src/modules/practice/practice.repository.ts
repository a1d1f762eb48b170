import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import { keyHeldSql, QuestionType, readErrorBookClearStreak, recordErrorBook } from '../assessment/index.ts';
import type { Learner } from '../../platform/learner.ts';
import { TaskResourceType } from '@portal/contract';
import { afterCommit } from '../../platform/after-commit.ts';

const s = schema.practiceSets;
const r = schema.practiceRecords;
const pa = schema.practiceAnswers;
const q = schema.examQuestions;
const eb = schema.errorBook;

export type QuestionRow = typeof schema.examQuestions.$inferSelect;
export type RoundRow = typeof schema.practiceRecords.$inferSelect;
export type AnswerRow = typeof schema.practiceAnswers.$inferSelect;
export type SetRow = typeof schema.practiceSets.$inferSelect;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;

/** Not held back from the learner by the answer-visibility rule (decision 032): `exam_questions` by its name. */
const notHeld = (who: Learner): SQL => sql`NOT ${keyHeldSql(who, 'exam_questions')}`;

/** The questions of a set's bank that fit its type and difficulty and that the learner may practise now. */
const fitsSet = (who: Learner, set: Pick<SetRow, 'eid' | 'bankId' | 'questionType' | 'difficulty'>): SQL =>
  and(
    eq(q.eid, set.eid),
    eq(q.bankId, set.bankId),
    set.questionType === null ? undefined : eq(q.questionType, set.questionType),
    set.difficulty === null ? undefined : eq(q.difficulty, set.difficulty),
    notHeld(who),
  )!;

/** What an answer stores, decided by the service from the round and the question. */
export interface Marked {
  answer: string[];
  /** Right (fully); false for a wrong answer and for a short answer, which is not marked. */
  correct: boolean;
  /** Right or wrong: goes to the error book. False for a short answer. */
  marked: boolean;
}

/** A learner's error-book entry for one question after an answer. */
export interface BookRow {
  rightStreak: number;
  cleared: boolean;
  /** Cleared in this transaction (by this answer). */
  clearedNow: boolean;
}

export type AnswerOutcome =
  | { kind: 'no-round' }
  | { kind: 'finished' }
  | { kind: 'not-in-round' }
  | { kind: 'held' }
  | {
      kind: 'answered';
      question: QuestionRow;
      row: AnswerRow;
      /** The question was answered before in this round: `row` is that first answer. */
      repeated: boolean;
      round: { answered: number; correct: number };
      book: BookRow | null;
      clearStreak: number;
    };

/**
 * The SQL of practice (decision 031), always by enterprise and, for everything personal, by the
 * learner too: a round, its answers and the error book are found only through their owner.
 */
export class PracticeRepository {
  constructor(private readonly db: Db) {}

  /** Published sets, newest first, with how many questions fit and the learner's latest round. */
  async findSets(who: Learner, keyword: string | undefined, offset: number, limit: number) {
    const where = and(
      eq(s.eid, who.eid),
      eq(s.published, true),
      keyword ? sql`${s.title} ILIKE ${likeOf(keyword)}` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: s.id,
          title: s.title,
          intro: s.intro,
          questionType: s.questionType,
          difficulty: s.difficulty,
          questionCount: s.questionCount,
          // Written with the table's name: inside these subqueries a bare column name would be the inner table's.
          available: sql<number>`(SELECT count(*)::int FROM exam_questions xq
            WHERE xq.eid = practice_sets.eid AND xq.bank_id = practice_sets.bank_id
              AND (practice_sets.question_type IS NULL OR xq.question_type = practice_sets.question_type)
              AND (practice_sets.difficulty IS NULL OR xq.difficulty = practice_sets.difficulty)
              AND NOT ${keyHeldSql(who, 'xq')})`,
          last: sql<{
            id: number;
            total: number;
            answered: number;
            correct: number;
            started_at: string;
            finished_at: string | null;
          } | null>`(SELECT json_build_object('id', pr.id, 'total', jsonb_array_length(pr.question_ids),
              'answered', pr.answered, 'correct', pr.correct, 'started_at', pr.started_at, 'finished_at', pr.finished_at)
            FROM practice_records pr
            WHERE pr.eid = practice_sets.eid AND pr.account_id = ${who.accountId} AND pr.set_id = practice_sets.id
            ORDER BY pr.started_at DESC, pr.id DESC LIMIT 1)`,
        })
        .from(s)
        .where(where)
        .orderBy(desc(s.createdAt), desc(s.id))
        .offset(offset)
        .limit(limit),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** A published set of the enterprise, or null (missing, unpublished or another enterprise's). */
  async viewSet(eid: number, setId: number) {
    const [row] = await this.db
      .select()
      .from(s)
      .where(and(eq(s.eid, eid), eq(s.id, setId), eq(s.published, true)));
    return row ?? null;
  }

  /** Up to `count` questions of the set's bank that fit it and the learner may practise now, at random. */
  async drawSetQuestions(who: Learner, set: SetRow, count: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: q.id })
      .from(q)
      .where(fitsSet(who, set))
      .orderBy(sql`random()`)
      .limit(count);
    return rows.map((x) => x.id);
  }

  /**
   * Up to `count` questions of the learner's error book (not cleared), optionally of one type, at
   * random; not one held back (an exam's mistakes wait until the exam is over for the learner).
   */
  async drawErrorBookQuestions(who: Learner, questionType: number | undefined, count: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: eb.questionId })
      .from(eb)
      .innerJoin(q, and(eq(q.eid, eb.eid), eq(q.id, eb.questionId)))
      .where(
        and(
          eq(eb.eid, who.eid),
          eq(eb.accountId, who.accountId),
          isNull(eb.clearedAt),
          questionType === undefined ? undefined : eq(q.questionType, questionType),
          notHeld(who),
        ),
      )
      .orderBy(sql`random()`)
      .limit(count);
    return rows.map((x) => x.id);
  }

  async createRound(who: Learner, setId: number | null, questionIds: number[]): Promise<number> {
    const [row] = await this.db
      .insert(r)
      .values({ eid: who.eid, accountId: who.accountId, setId, questionIds })
      .returning({ id: r.id });
    return row!.id;
  }

  /** One of the learner's own rounds with its set's title, or null (another learner's, another enterprise's, missing). */
  async viewRound(who: Learner, recordId: number) {
    const [row] = await this.db
      .select({ round: r, title: s.title })
      .from(r)
      .leftJoin(s, and(eq(s.eid, r.eid), eq(s.id, r.setId)))
      .where(and(eq(r.eid, who.eid), eq(r.id, recordId), eq(r.accountId, who.accountId)));
    return row ? { ...row.round, title: row.title ?? '' } : null;
  }

  /**
   * The enterprise's questions by id (any order) that the learner may see now: one held back since
   * the round was drawn (an exam that gives it opened) is left out, as a deleted one is.
   */
  findQuestions(who: Learner, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([] as QuestionRow[]);
    return this.db
      .select()
      .from(q)
      .where(and(eq(q.eid, who.eid), inArray(q.id, [...ids]), notHeld(who)));
  }

  findAnswers(eid: number, recordId: number) {
    return this.db
      .select()
      .from(pa)
      .where(and(eq(pa.eid, eid), eq(pa.recordId, recordId)))
      .orderBy(asc(pa.answeredAt));
  }

  /**
   * Answers one question of the learner's round, in one transaction with the round's row locked:
   * answers of one round are taken one after the other, so a question is stored once however many
   * requests answer it at the same time (the primary key holds it as well), and no answer slips in
   * after the round finished. A question the answer-visibility rule holds back now is refused
   * (`held`), nothing stored and no mark or key told. A question answered before answers its first answer (`repeated`)
   * and changes nothing. A new answer counts in the round's sums and, when marked, goes to the
   * error book (recordErrorBook, source 2, the site's clear streak) in the same transaction.
   */
  answer(
    who: Learner,
    recordId: number,
    questionId: number,
    mark: (question: QuestionRow) => Marked,
  ): Promise<AnswerOutcome> {
    return this.db.transaction(async (tx) => {
      const [round] = await tx
        .select()
        .from(r)
        .where(and(eq(r.eid, who.eid), eq(r.id, recordId), eq(r.accountId, who.accountId)))
        .for('update');
      if (!round) return { kind: 'no-round' };
      if (round.finishedAt) return { kind: 'finished' };
      if (!round.questionIds.includes(questionId)) return { kind: 'not-in-round' };
      const [question] = await tx
        .select({ row: q, held: keyHeldSql(who, 'exam_questions').mapWith(Boolean) })
        .from(q)
        .where(and(eq(q.eid, who.eid), eq(q.id, questionId)));
      if (!question) return { kind: 'not-in-round' };
      if (question.held) return { kind: 'held' };
      const clearStreak = await readErrorBookClearStreak(tx, who.eid);
      const [before] = await tx
        .select()
        .from(pa)
        .where(and(eq(pa.eid, who.eid), eq(pa.recordId, recordId), eq(pa.questionId, questionId)));
      let row = before;
      let inserted = false;
      let counts = { answered: round.answered, correct: round.correct };
      if (!before) {
        const marked = mark(question.row);
        [row] = await tx
          .insert(pa)
          .values({ eid: who.eid, recordId, questionId, answer: marked.answer, correct: marked.correct })
          .onConflictDoNothing()
          .returning();
        inserted = row !== undefined;
        if (row) {
          const [updated] = await tx
            .update(r)
            .set({ answered: sql`${r.answered} + 1`, correct: sql`${r.correct} + ${marked.correct ? 1 : 0}` })
            .where(and(eq(r.eid, who.eid), eq(r.id, recordId)))
            .returning({ answered: r.answered, correct: r.correct });
          counts = updated!;
          if (marked.marked) {
            await recordErrorBook(
              tx,
              who,
              2,
              [{ questionId, correct: marked.correct, answer: marked.answer }],
              clearStreak,
            );
          }
        } else {
          // Not reached while the round's row is locked; the stored answer stands if it ever is.
          [row] = await tx
            .select()
            .from(pa)
            .where(and(eq(pa.eid, who.eid), eq(pa.recordId, recordId), eq(pa.questionId, questionId)));
        }
      }
      const [book] = await tx
        .select({
          rightStreak: eb.rightStreak,
          cleared: sql<boolean>`${eb.clearedAt} IS NOT NULL`,
          // now() is the transaction's start: a clear written by this answer carries it.
          clearedNow: sql<boolean>`${eb.clearedAt} IS NOT DISTINCT FROM now()`,
        })
        .from(eb)
        .where(and(eq(eb.eid, who.eid), eq(eb.accountId, who.accountId), eq(eb.questionId, questionId)));
      return {
        kind: 'answered',
        question: question.row,
        row: row!,
        repeated: before !== undefined || !inserted,
        round: counts,
        book: book ?? null,
        clearStreak,
      };
    });
  }

  /** Finishes the learner's round once (the first finish's time stands); null when it is not theirs. */
  async finishRound(who: Learner, recordId: number) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(r)
        .set({ finishedAt: sql`COALESCE(${r.finishedAt}, now())` })
        .where(and(eq(r.eid, who.eid), eq(r.id, recordId), eq(r.accountId, who.accountId)))
        .returning();
      // Tasks holding this set re-evaluate the learner once this commits (decision 033).
      const setId = row?.setId;
      if (setId != null) {
        afterCommit(tx, (e) =>
          e.learned({
            eid: who.eid,
            accountId: who.accountId,
            resourceType: TaskResourceType.EXERCISE,
            resourceId: setId,
          }),
        );
      }
      return row ?? null;
    });
  }

  /** Short answers answered in a round (neither right nor wrong). */
  async countUnmarked(eid: number, recordId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pa)
      .innerJoin(q, and(eq(q.eid, pa.eid), eq(q.id, pa.questionId)))
      .where(and(eq(pa.eid, eid), eq(pa.recordId, recordId), eq(q.questionType, QuestionType.SHORT_ANSWER)));
    return row?.n ?? 0;
  }

  /**
   * The learner's error book (not cleared), last wrong first, with each question; entries held back
   * by the answer-visibility rule are not listed (an exam's mistakes, until the exam is over for the
   * learner: a wrong answer to a true/false question gives its key away).
   */
  async findErrorBook(who: Learner, questionType: number | undefined, offset: number, limit: number) {
    const where = and(
      eq(eb.eid, who.eid),
      eq(eb.accountId, who.accountId),
      isNull(eb.clearedAt),
      questionType === undefined ? undefined : eq(q.questionType, questionType),
      notHeld(who),
    );
    const [rows, [total], clearStreak] = await Promise.all([
      this.db
        .select({ entry: eb, question: q })
        .from(eb)
        .innerJoin(q, and(eq(q.eid, eb.eid), eq(q.id, eb.questionId)))
        .where(where)
        .orderBy(desc(eb.lastWrongAt), desc(eb.questionId))
        .offset(offset)
        .limit(limit),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(eb)
        .innerJoin(q, and(eq(q.eid, eb.eid), eq(q.id, eb.questionId)))
        .where(where),
      readErrorBookClearStreak(this.db, who.eid),
    ]);
    return { rows, total: total?.n ?? 0, clearStreak };
  }

  /**
   * The learner's answers counted by question type and difficulty: right of answered. Practice
   * answers leave short answers out (not marked); exam answers count where marked (result not
   * null; partly right is not right), in submitted attempts. `source`: 0 both, 2 practice, 7 exams.
   * Questions held back from the learner are not counted: a type or difficulty with one question
   * would tell its mark.
   */
  async countAccuracy(who: Learner, source: number) {
    const practice = sql`
      SELECT q.question_type, q.difficulty, pa.correct AS right
      FROM practice_records pr
      JOIN practice_answers pa ON pa.eid = pr.eid AND pa.record_id = pr.id
      JOIN exam_questions q ON q.eid = pa.eid AND q.id = pa.question_id
      WHERE pr.eid = ${who.eid} AND pr.account_id = ${who.accountId} AND q.question_type <> ${QuestionType.SHORT_ANSWER}
        AND NOT ${keyHeldSql(who, 'q')}`;
    const exams = sql`
      SELECT q.question_type, q.difficulty, ea.result = 1 AS right
      FROM exam_attempts xa
      JOIN exam_answers ea ON ea.eid = xa.eid AND ea.attempt_id = xa.id
      JOIN exam_questions q ON q.eid = ea.eid AND q.id = ea.question_id
      WHERE xa.eid = ${who.eid} AND xa.account_id = ${who.accountId} AND xa.submitted_at IS NOT NULL
        AND ea.result IS NOT NULL AND NOT ${keyHeldSql(who, 'q')}`;
    const answers = source === 2 ? practice : source === 7 ? exams : sql`${practice} UNION ALL ${exams}`;
    const { rows } = await this.db.execute<{
      question_type: number;
      difficulty: number;
      answered: number;
      correct: number;
    }>(sql`
      SELECT a.question_type, a.difficulty, count(*)::int AS answered, count(*) FILTER (WHERE a.right)::int AS correct
      FROM (${answers}) a
      GROUP BY a.question_type, a.difficulty`);
    return rows;
  }
}
