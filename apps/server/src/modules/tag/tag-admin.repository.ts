import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

const t = schema.tags;

/** A back-office list counts at most this many rows (decision 036). */
export const TAG_COUNT_CAP = 10_000;
/** study_task_assignments.target_type of a tag (decision 033). */
const TARGET_TAG = 3;

const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type TagRecord = typeof t.$inferSelect;
export type TagValues = { name: string; nameEn: string; sort: number };

/** SQL of the back office's learner tags, always by enterprise. */
export class TagAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** One page in the tags' order with their use; the count stops at TAG_COUNT_CAP. */
  async page(eid: number, keyword: string | undefined, offset: number, limit: number) {
    const where: SQL[] = [eq(t.eid, eid)];
    if (keyword) where.push(or(ilike(t.name, likeOf(keyword)), ilike(t.nameEn, likeOf(keyword)))!);
    const [rows, counted] = await Promise.all([
      offset >= TAG_COUNT_CAP
        ? Promise.resolve([])
        : this.db
            .select({
              id: t.id,
              name: t.name,
              nameEn: t.nameEn,
              sort: t.sort,
              // Named in full: drizzle leaves a lone table's columns unqualified.
              learnerCount: sql<number>`(SELECT count(*)::int FROM learner_tags g WHERE g.eid = tags.eid AND g.tag_id = tags.id)`,
              taskCount: sql<number>`(SELECT count(*)::int FROM study_task_assignments a WHERE a.eid = tags.eid AND a.target_type = ${TARGET_TAG} AND a.target_id = tags.id)`,
            })
            .from(t)
            .where(and(...where))
            .orderBy(asc(t.sort), asc(t.id))
            .limit(limit)
            .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${t} WHERE ${and(...where)} LIMIT ${TAG_COUNT_CAP}) x`,
      ),
    ]);
    return { rows, total: counted.rows[0]?.n ?? 0 };
  }

  static async lock(tx: Tx, eid: number, id: number): Promise<TagRecord | null> {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, id)))
      .for('update');
    return row ?? null;
  }

  /** Whether another tag of the enterprise has the name (case-insensitive). */
  static async nameTaken(tx: Tx, eid: number, name: string, except: number | null): Promise<boolean> {
    const where: SQL[] = [eq(t.eid, eid), sql`lower(${t.name}) = lower(${name})`];
    if (except !== null) where.push(ne(t.id, except));
    const [row] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  }

  static async insert(tx: Tx, eid: number, values: TagValues): Promise<TagRecord> {
    const [row] = await tx
      .insert(t)
      .values({ eid, ...values })
      .returning();
    return row!;
  }

  static async update(tx: Tx, eid: number, id: number, values: TagValues): Promise<TagRecord> {
    const [row] = await tx
      .update(t)
      .set(values)
      .where(and(eq(t.eid, eid), eq(t.id, id)))
      .returning();
    return row!;
  }

  /** Study tasks assigned to the tag and learners who carry it. */
  static async uses(tx: Tx, eid: number, id: number): Promise<{ tasks: number; learners: number }> {
    const used = await tx.execute<{ tasks: number; learners: number }>(sql`
      SELECT (SELECT count(*)::int FROM study_task_assignments
               WHERE eid = ${eid} AND target_type = ${TARGET_TAG} AND target_id = ${id}) AS tasks,
             (SELECT count(*)::int FROM learner_tags WHERE eid = ${eid} AND tag_id = ${id}) AS learners`);
    return used.rows[0] ?? { tasks: 0, learners: 0 };
  }

  /** Deletes the tag; its learners' labels go with it (learner_tags cascades). */
  static async remove(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(t).where(and(eq(t.eid, eid), eq(t.id, id)));
  }
}
