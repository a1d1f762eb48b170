import { and, desc, eq, ilike, lt, ne, sql, type SQL } from 'drizzle-orm';
import { escapeHtml } from '@portal/contract/rich-stem';
import { schema, type Db, type Tx } from '@portal/db';

const b = schema.questionBanks;
const q = schema.examQuestions;

/** A back-office list counts at most this many rows (decision 036). */
export const BANK_COUNT_CAP = 10_000;

const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type BankRecord = typeof b.$inferSelect;
export type QuestionRecord = typeof q.$inferSelect;
export type QuestionValues = Required<Omit<typeof q.$inferInsert, 'eid' | 'id' | 'bankId' | 'createdAt'>>;

/** Papers that use a bank: fixed papers holding one of its questions, random papers with a rule on it. */
const papersOfBank = (eid: SQL | number, bankId: SQL | number) => sql`(
  SELECT count(*)::int FROM exam_papers p
   WHERE p.eid = ${eid}
     AND (p.rules @> jsonb_build_array(jsonb_build_object('bankId', (${bankId})::int))
          OR EXISTS (SELECT 1 FROM exam_paper_questions pq JOIN exam_questions x ON x.eid = pq.eid AND x.id = pq.question_id
                      WHERE pq.eid = p.eid AND pq.paper_id = p.id AND x.bank_id = ${bankId})))`;

/** Which of a bank's questions a list or an export takes. */
export interface QuestionFilter {
  bankId: number;
  questionType?: number | undefined;
  difficulty?: number | undefined;
  keyword?: string | undefined;
  tag?: string | undefined;
}

const filterOf = (eid: number, f: QuestionFilter): SQL[] => {
  const where: SQL[] = [eq(q.eid, eid), eq(q.bankId, f.bankId)];
  if (f.questionType) where.push(eq(q.questionType, f.questionType));
  if (f.difficulty) where.push(eq(q.difficulty, f.difficulty));
  // A stem's text is searched, not its markup (decision 054): tags left out, and the keyword also
  // as rich text writes it (`<` as `&lt;`); a plain stem from before matches as it is.
  if (f.keyword) {
    const text = sql`regexp_replace(${q.stem}, '<[^>]*>', '', 'g')`;
    where.push(sql`(${text} ILIKE ${likeOf(f.keyword)} OR ${text} ILIKE ${likeOf(escapeHtml(f.keyword))})`);
  }
  if (f.tag) where.push(sql`${q.tags} @> ARRAY[${f.tag}]::text[]`);
  return where;
};

/** SQL of the back office's question banks and questions, always by enterprise. */
export class QuestionBankAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** A bank's columns with its questions and use. */
  private selectBanks() {
    return this.db
      .select({
        id: b.id,
        title: b.title,
        openForPractice: b.openForPractice,
        createdAt: b.createdAt,
        // Named in full: drizzle leaves a lone table's columns unqualified.
        questionCount: sql<number>`(SELECT count(*)::int FROM exam_questions x WHERE x.eid = question_banks.eid AND x.bank_id = question_banks.id)`,
        paperCount: sql<number>`${papersOfBank(sql`question_banks.eid`, sql`question_banks.id`)}`,
        practiceSetCount: sql<number>`(SELECT count(*)::int FROM practice_sets s WHERE s.eid = question_banks.eid AND s.bank_id = question_banks.id)`,
      })
      .from(b);
  }

  async bank(eid: number, id: number) {
    const [row] = await this.selectBanks().where(and(eq(b.eid, eid), eq(b.id, id)));
    return row ?? null;
  }

  /** One page of banks, newest first, with their questions and use; the count stops at the cap. */
  async banks(eid: number, keyword: string | undefined, offset: number, limit: number) {
    const where: SQL[] = [eq(b.eid, eid)];
    if (keyword) where.push(ilike(b.title, likeOf(keyword)));
    const [rows, counted] = await Promise.all([
      offset >= BANK_COUNT_CAP
        ? Promise.resolve([])
        : this.selectBanks()
            .where(and(...where))
            .orderBy(desc(b.id))
            .limit(limit)
            .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${b} WHERE ${and(...where)} LIMIT ${BANK_COUNT_CAP}) x`,
      ),
    ]);
    return { rows, total: counted.rows[0]?.n ?? 0 };
  }

  static async lockBank(tx: Tx | Db, eid: number, id: number): Promise<BankRecord | null> {
    const [row] = await tx
      .select()
      .from(b)
      .where(and(eq(b.eid, eid), eq(b.id, id)))
      .for('update');
    return row ?? null;
  }

  /** The tags its questions carry, in order (the list's filter offers them). */
  async bankTags(eid: number, id: number, limit: number): Promise<string[]> {
    const found = await this.db.execute<{ tag: string }>(sql`
      SELECT DISTINCT t.tag FROM exam_questions x, unnest(x.tags) AS t(tag)
       WHERE x.eid = ${eid} AND x.bank_id = ${id} ORDER BY t.tag LIMIT ${limit}`);
    return found.rows.map((r) => r.tag);
  }

  /** Whether another bank of the enterprise has the name (case-insensitive). */
  static async titleTaken(tx: Tx, eid: number, title: string, except: number | null): Promise<boolean> {
    const where: SQL[] = [eq(b.eid, eid), sql`lower(${b.title}) = lower(${title})`];
    if (except !== null) where.push(ne(b.id, except));
    const [row] = await tx
      .select({ id: b.id })
      .from(b)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  }

  static async insertBank(tx: Tx, eid: number, values: { title: string; openForPractice: boolean }) {
    const [row] = await tx
      .insert(b)
      .values({ eid, ...values })
      .returning();
    return row!;
  }

  static async updateBank(tx: Tx, eid: number, id: number, values: { title: string; openForPractice: boolean }) {
    const [row] = await tx
      .update(b)
      .set(values)
      .where(and(eq(b.eid, eid), eq(b.id, id)))
      .returning();
    return row!;
  }

  /** Papers and practice sets that use the bank, and its questions. */
  static async bankUses(tx: Tx, eid: number, id: number) {
    const used = await tx.execute<{ papers: number; sets: number; questions: number }>(sql`
      SELECT ${papersOfBank(eid, id)} AS papers,
             (SELECT count(*)::int FROM practice_sets WHERE eid = ${eid} AND bank_id = ${id}) AS sets,
             (SELECT count(*)::int FROM exam_questions WHERE eid = ${eid} AND bank_id = ${id}) AS questions`);
    return used.rows[0] ?? { papers: 0, sets: 0, questions: 0 };
  }

  /** Deletes the bank; its questions go with it (exam_questions cascades, and their error-book rows). */
  static async removeBank(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(b).where(and(eq(b.eid, eid), eq(b.id, id)));
  }

  /** One page of a bank's questions, newest first; the count stops at the cap. */
  async questions(eid: number, f: QuestionFilter, offset: number, limit: number) {
    const where = filterOf(eid, f);
    const [rows, counted] = await Promise.all([
      offset >= BANK_COUNT_CAP
        ? Promise.resolve([])
        : this.db
            .select({
              id: q.id,
              bankId: q.bankId,
              questionType: q.questionType,
              difficulty: q.difficulty,
              stem: q.stem,
              scoreTenths: q.scoreTenths,
              tags: q.tags,
              createdAt: q.createdAt,
              paperCount: sql<number>`(SELECT count(*)::int FROM exam_paper_questions pq WHERE pq.eid = exam_questions.eid AND pq.question_id = exam_questions.id)`,
            })
            .from(q)
            .where(and(...where))
            .orderBy(desc(q.id))
            .limit(limit)
            .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${q} WHERE ${and(...where)} LIMIT ${BANK_COUNT_CAP}) x`,
      ),
    ]);
    return { rows, total: counted.rows[0]?.n ?? 0 };
  }

  /** The next questions of a filter after `beforeId`, newest first, whole (an export's keyset step). */
  async questionsBefore(eid: number, f: QuestionFilter, beforeId: number | null, limit: number) {
    const where = filterOf(eid, f);
    if (beforeId !== null) where.push(lt(q.id, beforeId));
    return this.db
      .select()
      .from(q)
      .where(and(...where))
      .orderBy(desc(q.id))
      .limit(limit);
  }

  async question(eid: number, id: number) {
    const [row] = await this.db
      .select({
        row: q,
        paperCount: sql<number>`(SELECT count(*)::int FROM exam_paper_questions pq WHERE pq.eid = ${eid} AND pq.question_id = ${id})`,
      })
      .from(q)
      .where(and(eq(q.eid, eid), eq(q.id, id)));
    return row ?? null;
  }

  /** The bank of a question (not locked: the bank is locked first, then the question). */
  static async bankOf(tx: Tx, eid: number, id: number): Promise<number | null> {
    const [row] = await tx
      .select({ bankId: q.bankId })
      .from(q)
      .where(and(eq(q.eid, eid), eq(q.id, id)));
    return row?.bankId ?? null;
  }

  static async lockQuestion(tx: Tx, eid: number, id: number): Promise<QuestionRecord | null> {
    const [row] = await tx
      .select()
      .from(q)
      .where(and(eq(q.eid, eid), eq(q.id, id)))
      .for('update');
    return row ?? null;
  }

  static async insertQuestion(tx: Tx, eid: number, bankId: number, values: QuestionValues) {
    const [row] = await tx
      .insert(q)
      .values({ eid, bankId, ...values })
      .returning();
    return row!;
  }

  static async updateQuestion(tx: Tx, eid: number, id: number, values: QuestionValues) {
    const [row] = await tx
      .update(q)
      .set(values)
      .where(and(eq(q.eid, eid), eq(q.id, id)))
      .returning();
    return row!;
  }

  /** Fixed papers the question is on. */
  static async papersOfQuestion(tx: Tx, eid: number, id: number): Promise<number> {
    const used = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM exam_paper_questions WHERE eid = ${eid} AND question_id = ${id}`,
    );
    return used.rows[0]?.n ?? 0;
  }

  /**
   * How many questions of the bank each random paper's rule on it can draw (its type, and its
   * difficulty when the rule names one), with what the rule asks for.
   */
  static async rulesOnBank(tx: Tx, eid: number, bankId: number) {
    const found = await tx.execute<{
      paperId: number;
      title: string;
      rule: number;
      count: number;
      available: number;
    }>(sql`
      SELECT p.id AS "paperId", p.title, r.ordinality::int AS rule, (r.value->>'count')::int AS count,
             (SELECT count(*)::int FROM exam_questions q
               WHERE q.eid = p.eid AND q.bank_id = ${bankId}
                 AND q.question_type = (r.value->>'questionType')::int
                 AND ((r.value->>'difficulty') IS NULL OR q.difficulty = (r.value->>'difficulty')::int)) AS available
        FROM exam_papers p, jsonb_array_elements(p.rules) WITH ORDINALITY r
       WHERE p.eid = ${eid} AND p.mode = 2 AND (r.value->>'bankId')::int = ${bankId}`);
    return found.rows;
  }

  static async removeQuestion(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(q).where(and(eq(q.eid, eid), eq(q.id, id)));
  }
}
