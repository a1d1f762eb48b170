import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type PaperRule, type Tx } from '@portal/db';

const p = schema.examPapers;
const pq = schema.examPaperQuestions;
const q = schema.examQuestions;
const b = schema.questionBanks;

/** A back-office list counts at most this many rows (decision 036). */
const COUNT_CAP = 10_000;

const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type PaperRecord = typeof p.$inferSelect;

/** The questions a paper gives and its total in tenths: a fixed paper's rows, a random paper's rules. */
const SIZE = sql`
  CASE WHEN exam_papers.mode = 2
    THEN (SELECT coalesce(sum((r->>'count')::int), 0) FROM jsonb_array_elements(exam_papers.rules) r)
    ELSE (SELECT count(*) FROM exam_paper_questions x WHERE x.eid = exam_papers.eid AND x.paper_id = exam_papers.id)
  END`;
const TOTAL = sql`
  CASE WHEN exam_papers.mode = 2
    THEN (SELECT coalesce(sum((r->>'count')::int * (r->>'scoreTenths')::int), 0) FROM jsonb_array_elements(exam_papers.rules) r)
    ELSE (SELECT coalesce(sum(x.score_tenths), 0) FROM exam_paper_questions x WHERE x.eid = exam_papers.eid AND x.paper_id = exam_papers.id)
  END`;
const TASKS = sql`(SELECT count(*)::int FROM exam_tasks t WHERE t.eid = exam_papers.eid AND t.paper_id = exam_papers.id)`;

/** SQL of the back office's papers, always by enterprise. */
export class PaperAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private selectPapers() {
    return this.db
      .select({
        id: p.id,
        title: p.title,
        mode: p.mode,
        rules: p.rules,
        shuffleQuestions: p.shuffleQuestions,
        shuffleOptions: p.shuffleOptions,
        createdAt: p.createdAt,
        questionCount: sql<number>`(${SIZE})::int`,
        totalTenths: sql<number>`(${TOTAL})::int`,
        taskCount: sql<number>`${TASKS}`,
      })
      .from(p);
  }

  /** One page of papers, newest first; the count stops at the cap. */
  async papers(
    eid: number,
    f: { keyword?: string | undefined; mode?: number | undefined },
    offset: number,
    limit: number,
  ) {
    const where: SQL[] = [eq(p.eid, eid)];
    if (f.keyword) where.push(ilike(p.title, likeOf(f.keyword)));
    if (f.mode) where.push(eq(p.mode, f.mode));
    const [rows, counted] = await Promise.all([
      offset >= COUNT_CAP
        ? Promise.resolve([])
        : this.selectPapers()
            .where(and(...where))
            .orderBy(desc(p.id))
            .limit(limit)
            .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${p} WHERE ${and(...where)} LIMIT ${COUNT_CAP}) x`,
      ),
    ]);
    return { rows, total: counted.rows[0]?.n ?? 0 };
  }

  async paper(eid: number, id: number) {
    const [row] = await this.selectPapers().where(and(eq(p.eid, eid), eq(p.id, id)));
    return row ?? null;
  }

  /** A fixed paper's questions in order, with their banks and the score each is worth on it. */
  async paperQuestions(eid: number, paperId: number) {
    return this.db
      .select({
        questionId: q.id,
        bankId: q.bankId,
        bankTitle: b.title,
        questionType: q.questionType,
        difficulty: q.difficulty,
        stem: q.stem,
        scoreTenths: pq.scoreTenths,
      })
      .from(pq)
      .innerJoin(q, and(eq(q.eid, pq.eid), eq(q.id, pq.questionId)))
      .innerJoin(b, and(eq(b.eid, q.eid), eq(b.id, q.bankId)))
      .where(and(eq(pq.eid, eid), eq(pq.paperId, paperId)))
      .orderBy(pq.sort, q.id);
  }

  /** Each rule's bank name and the questions it may draw. */
  static async ruleStock(db: Db | Tx, eid: number, rules: PaperRule[]) {
    return Promise.all(
      rules.map(async (r) => {
        const { rows } = await db.execute<{ title: string | null; available: number }>(sql`
          SELECT (SELECT title FROM question_banks WHERE eid = ${eid} AND id = ${r.bankId}) AS title,
                 (SELECT count(*)::int FROM exam_questions
                   WHERE eid = ${eid} AND bank_id = ${r.bankId} AND question_type = ${r.questionType}
                     ${r.difficulty === null ? sql`` : sql`AND difficulty = ${r.difficulty}`}) AS available`);
        return { bankTitle: rows[0]?.title ?? null, available: rows[0]?.available ?? 0 };
      }),
    );
  }

  /** Locks banks in id order (the order every change of a bank's questions locks in first, decision 045). */
  static async lockBanks(tx: Tx, eid: number, bankIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(bankIds)].sort((x, y) => x - y);
    const found = new Map<number, string>();
    for (const id of ids) {
      const [row] = await tx
        .select({ id: b.id, title: b.title })
        .from(b)
        .where(and(eq(b.eid, eid), eq(b.id, id)))
        .for('update');
      if (row) found.set(row.id, row.title);
    }
    return found;
  }

  /** The banks of these questions (those that exist). */
  static async banksOfQuestions(tx: Tx, eid: number, questionIds: number[]): Promise<number[]> {
    if (questionIds.length === 0) return [];
    const rows = await tx
      .selectDistinct({ bankId: q.bankId })
      .from(q)
      .where(and(eq(q.eid, eid), inArray(q.id, questionIds)));
    return rows.map((r) => r.bankId);
  }

  /** How many of these questions exist (their banks locked). */
  static async existing(tx: Tx, eid: number, questionIds: number[]): Promise<number> {
    if (questionIds.length === 0) return 0;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(q)
      .where(and(eq(q.eid, eid), inArray(q.id, questionIds)));
    return row?.n ?? 0;
  }

  static async lockPaper(tx: Tx, eid: number, id: number): Promise<PaperRecord | null> {
    const [row] = await tx
      .select()
      .from(p)
      .where(and(eq(p.eid, eid), eq(p.id, id)))
      .for('update');
    return row ?? null;
  }

  static async fixedQuestions(tx: Tx, eid: number, paperId: number) {
    return tx
      .select({ questionId: pq.questionId, scoreTenths: pq.scoreTenths })
      .from(pq)
      .where(and(eq(pq.eid, eid), eq(pq.paperId, paperId)))
      .orderBy(pq.sort, pq.questionId);
  }

  static async insertPaper(tx: Tx, eid: number, values: Omit<typeof p.$inferInsert, 'eid' | 'id' | 'createdAt'>) {
    const [row] = await tx
      .insert(p)
      .values({ eid, ...values })
      .returning();
    return row!;
  }

  static async updatePaper(
    tx: Tx,
    eid: number,
    id: number,
    values: Omit<typeof p.$inferInsert, 'eid' | 'id' | 'createdAt'>,
  ) {
    await tx
      .update(p)
      .set(values)
      .where(and(eq(p.eid, eid), eq(p.id, id)));
  }

  /** Replaces a fixed paper's questions with these, in this order. */
  static async setQuestions(
    tx: Tx,
    eid: number,
    paperId: number,
    questions: Array<{ questionId: number; scoreTenths: number }>,
  ): Promise<void> {
    await tx.delete(pq).where(and(eq(pq.eid, eid), eq(pq.paperId, paperId)));
    if (questions.length === 0) return;
    await tx.insert(pq).values(questions.map((x, sort) => ({ eid, paperId, sort, ...x })));
  }

  /** The exam tasks given the paper, with their pass scores. */
  static async tasksOf(tx: Tx, eid: number, paperId: number) {
    const { rows } = await tx.execute<{ id: number; title: string; passScoreTenths: number }>(sql`
      SELECT id, title, pass_score_tenths AS "passScoreTenths" FROM exam_tasks
       WHERE eid = ${eid} AND paper_id = ${paperId} ORDER BY id`);
    return rows;
  }

  static async removePaper(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(p).where(and(eq(p.eid, eid), eq(p.id, id)));
  }

  /** A bank's questions counted by type and difficulty. */
  async bankCounts(eid: number, bankId: number) {
    const { rows } = await this.db.execute<{ questionType: number; difficulty: number; count: number }>(sql`
      SELECT question_type AS "questionType", difficulty, count(*)::int AS count FROM exam_questions
       WHERE eid = ${eid} AND bank_id = ${bankId} GROUP BY 1, 2 ORDER BY 1, 2`);
    return rows;
  }
}
