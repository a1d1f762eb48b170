import { and, eq, lt, sql } from 'drizzle-orm';
import { QuestionImportStatus } from '@portal/contract';
import { stemText } from '@portal/contract/rich-stem';
import { schema, type Db, type Tx } from '@portal/db';
import type { QuestionValues } from './question-bank-admin.repository.ts';

const qi = schema.questionImports;
const q = schema.examQuestions;

/** A preview is kept this long; then it is gone (9507) and deleted with the next preview. */
export const PREVIEW_KEPT_HOURS = 24;
/** Questions per insert statement. */
const INSERT_BATCH = 500;

/** A good row of a preview: the question's stored columns and the row it came from. */
export type PreviewedQuestion = QuestionValues & { row: number };

export type ImportRecord = typeof qi.$inferSelect;

/** Two questions are one when their type and their stem's text (spaces aside) are the same. */
export const questionKey = (questionType: number, stem: string) =>
  `${questionType}:${stemText(stem).replace(/\s+/g, '')}`;

/** SQL of question imports' previews, always by enterprise. */
export const QuestionImportRepository = {
  /** The type and stem of every question of a bank, as keys (a repeat is flagged, not added). */
  async bankKeys(db: Db | Tx, eid: number, bankId: number): Promise<Set<string>> {
    const rows = await db
      .select({ questionType: q.questionType, stem: q.stem })
      .from(q)
      .where(and(eq(q.eid, eid), eq(q.bankId, bankId)));
    return new Set(rows.map((r) => questionKey(r.questionType, r.stem)));
  },

  /** Stores a preview, and deletes the enterprise's previews older than a day. */
  async insertPreview(
    tx: Tx,
    values: {
      eid: number;
      bankId: number;
      accountId: number;
      fileName: string;
      totalRows: number;
      badRows: number;
      questions: PreviewedQuestion[];
    },
  ): Promise<ImportRecord> {
    await tx
      .delete(qi)
      .where(
        and(
          eq(qi.eid, values.eid),
          eq(qi.status, QuestionImportStatus.PREVIEWED),
          lt(qi.createdAt, sql`now() - make_interval(hours => ${PREVIEW_KEPT_HOURS})`),
        ),
      );
    const [row] = await tx.insert(qi).values(values).returning();
    return row!;
  },

  /** The administrator's preview (not locked), if it has not expired. */
  async preview(db: Db | Tx, eid: number, accountId: number, id: number): Promise<ImportRecord | null> {
    const [row] = await db
      .select()
      .from(qi)
      .where(and(eq(qi.eid, eid), eq(qi.id, id), eq(qi.accountId, accountId)));
    return row ?? null;
  },

  async lockPreview(tx: Tx, eid: number, id: number): Promise<ImportRecord | null> {
    const [row] = await tx
      .select()
      .from(qi)
      .where(and(eq(qi.eid, eid), eq(qi.id, id)))
      .for('update');
    return row ?? null;
  },

  /** Whether a preview made at `createdAt` has expired. */
  expired: (createdAt: Date | string) => Date.now() - new Date(createdAt).getTime() > PREVIEW_KEPT_HOURS * 3600 * 1000,

  async insertQuestions(tx: Tx, eid: number, bankId: number, questions: QuestionValues[]): Promise<void> {
    for (let i = 0; i < questions.length; i += INSERT_BATCH) {
      await tx.insert(q).values(questions.slice(i, i + INSERT_BATCH).map((v) => ({ eid, bankId, ...v })));
    }
  },

  async markImported(tx: Tx, eid: number, id: number, createdCount: number, skippedCount: number) {
    const [row] = await tx
      .update(qi)
      // The rows are in the bank now: the preview keeps its counts, not its copy of them.
      .set({ status: QuestionImportStatus.IMPORTED, createdCount, skippedCount, importedAt: sql`now()`, questions: [] })
      .where(and(eq(qi.eid, eid), eq(qi.id, id)))
      .returning();
    return row!;
  },
};
