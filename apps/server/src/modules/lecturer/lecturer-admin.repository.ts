import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

const l = schema.lecturers;
const r = schema.lecturerRanks;
const c = schema.courses;
const cat = schema.categories;

/** A back-office list counts at most this many rows (decision 036): no page counts a whole table. */
export const LECTURER_COUNT_CAP = 10_000;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export interface AdminLecturerFilter {
  keyword?: string | undefined;
  rankId?: number | undefined;
  published?: boolean | undefined;
}

// Named in full: drizzle leaves a lone table's columns unqualified, which the subquery would take as its own.
const courseCount = sql<number>`(SELECT count(*)::int FROM courses k WHERE k.eid = lecturers.eid AND k.lecturer_id = lecturers.id)`;

const columns = {
  id: l.id,
  name: l.name,
  title: l.title,
  organization: l.organization,
  avatarUrl: l.avatarUrl,
  rankId: l.rankId,
  rankName: r.name,
  rankNameEn: r.nameEn,
  sort: l.sort,
  published: l.published,
  featured: l.featured,
  intro: l.intro,
  courseCount,
};

/** The stored fields of a lecturer, as the audit log records them. */
export type LecturerRow = typeof l.$inferSelect;

/** SQL of the back office's lecturers (hidden ones too), always by enterprise. */
export class LecturerAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private where(eid: number, f: AdminLecturerFilter): SQL {
    const where: SQL[] = [eq(l.eid, eid)];
    if (f.keyword) where.push(ilike(l.name, likeOf(f.keyword)));
    if (f.rankId) where.push(eq(l.rankId, f.rankId));
    if (f.published !== undefined) where.push(eq(l.published, f.published));
    return and(...where)!;
  }

  /** One page in the lecturers' order (index eid, sort, id); the count stops at the cap. */
  async page(eid: number, f: AdminLecturerFilter, offset: number, limit: number) {
    const where = this.where(eid, f);
    const [rows, counted] = await Promise.all([
      this.db
        .select(columns)
        .from(l)
        .leftJoin(r, and(eq(r.eid, l.eid), eq(r.id, l.rankId)))
        .where(where)
        .orderBy(asc(l.sort), asc(l.id))
        .limit(limit)
        .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${l} WHERE ${where} LIMIT ${LECTURER_COUNT_CAP}) x`,
      ),
    ]);
    return { rows, total: counted.rows[0]?.n ?? 0 };
  }

  async view(eid: number, id: number) {
    const [row] = await this.db
      .select(columns)
      .from(l)
      .leftJoin(r, and(eq(r.eid, l.eid), eq(r.id, l.rankId)))
      .where(and(eq(l.eid, eid), eq(l.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** The lecturer's row, locked for the change in `tx`. */
  static async lock(tx: Tx, eid: number, id: number): Promise<LecturerRow | null> {
    const [row] = await tx
      .select()
      .from(l)
      .where(and(eq(l.eid, eid), eq(l.id, id)))
      .for('update');
    return row ?? null;
  }

  async rankExists(eid: number, rankId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.eid, eid), eq(r.id, rankId)));
    return row !== undefined;
  }

  static async insert(tx: Tx, values: typeof l.$inferInsert): Promise<LecturerRow> {
    const [row] = await tx.insert(l).values(values).returning();
    return row!;
  }

  static async update(tx: Tx, eid: number, id: number, values: Partial<typeof l.$inferInsert>): Promise<LecturerRow> {
    const [row] = await tx
      .update(l)
      .set(values)
      .where(and(eq(l.eid, eid), eq(l.id, id)))
      .returning();
    return row!;
  }

  /** How many courses and study projects name the lecturer (a delete would change them). */
  static async uses(tx: Tx, eid: number, id: number): Promise<{ courses: number; projects: number }> {
    const result = await tx.execute<{ courses: number; projects: number }>(sql`
      SELECT (SELECT count(*)::int FROM courses WHERE eid = ${eid} AND lecturer_id = ${id}) AS courses,
             (SELECT count(*)::int FROM study_project_lecturers WHERE eid = ${eid} AND lecturer_id = ${id}) AS projects`);
    return result.rows[0] ?? { courses: 0, projects: 0 };
  }

  static async remove(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(l).where(and(eq(l.eid, eid), eq(l.id, id)));
  }

  /** The lecturer's courses, every state, newest first (index eid, lecturer_id, published_at, id). */
  async courses(eid: number, lecturerId: number, offset: number, limit: number) {
    const where = and(eq(c.eid, eid), eq(c.lecturerId, lecturerId))!;
    const [rows, counted] = await Promise.all([
      this.db
        .select({
          id: c.id,
          title: c.title,
          published: c.published,
          categoryName: cat.name,
          learnerCount: c.learnerCount,
        })
        .from(c)
        .leftJoin(cat, and(eq(cat.eid, c.eid), eq(cat.id, c.categoryId)))
        .where(where)
        .orderBy(desc(c.publishedAt), desc(c.id))
        .limit(limit)
        .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${c} WHERE ${where} LIMIT ${LECTURER_COUNT_CAP}) x`,
      ),
    ]);
    return { rows, total: counted.rows[0]?.n ?? 0 };
  }
}
