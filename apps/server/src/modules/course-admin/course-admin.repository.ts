import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { ADMIN_COURSE_SORTS } from '@portal/contract';
import { schema, type Db, type Tx } from '@portal/db';

const c = schema.courses;
const ch = schema.courseChapters;
const p = schema.coursePeriods;
const m = schema.resourceMaterials;

/** `%keyword%` for ILIKE, with the keyword's own % and _ taken literally. */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;

/** The count of a list stops here: a page never counts a whole large table (decision 036). */
export const COUNT_CAP = 10_000;

export interface AdminCourseFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  status?: 'published' | 'unpublished' | undefined;
  sort: (typeof ADMIN_COURSE_SORTS)[number];
}

/** A course's own columns as the back office edits them (and the audit log shows them). */
export const COURSE_EDIT_COLUMNS = {
  id: c.id,
  title: c.title,
  summary: c.summary,
  coverUrl: c.coverUrl,
  categoryId: c.categoryId,
  lecturerId: c.lecturerId,
  creditTenths: c.creditTenths,
  points: c.points,
  priceFen: c.priceFen,
  visitorVisible: c.visitorVisible,
  intro: c.intro,
  published: c.published,
  learnerCount: c.learnerCount,
};
export type CourseEditRow = NonNullable<Awaited<ReturnType<CourseAdminRepository['viewCourse']>>>;

const PERIOD_COLUMNS = {
  id: p.id,
  chapterId: p.chapterId,
  title: p.title,
  periodType: p.periodType,
  materialId: p.materialId,
  content: p.content,
  durationSeconds: p.durationSeconds,
  freeTrial: p.freeTrial,
  required: p.required,
  sort: p.sort,
};
export type PeriodRow = NonNullable<Awaited<ReturnType<CourseAdminRepository['viewPeriod']>>>;

/** The back office's course SQL, always by enterprise (and under row-level security). */
export class CourseAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** A page of the enterprise's courses; the index by eid + updated_at (or the published ones) serves it. */
  async findCourses(eid: number, f: AdminCourseFilter, offset: number, limit: number) {
    const where: SQL[] = [eq(c.eid, eid)];
    if (f.keyword) where.push(ilike(c.title, likeOf(f.keyword)));
    if (f.status) where.push(eq(c.published, f.status === 'published'));
    if (f.categoryId) {
      where.push(sql`${c.categoryId} IN (
        WITH RECURSIVE tree(id) AS (
          SELECT id FROM categories WHERE eid = ${eid} AND id = ${f.categoryId}
          UNION SELECT k.id FROM categories k JOIN tree ON k.parent_id = tree.id WHERE k.eid = ${eid}
        ) SELECT id FROM tree)`);
    }
    const order = {
      '-updatedAt': [desc(c.updatedAt), desc(c.id)],
      updatedAt: [asc(c.updatedAt), asc(c.id)],
      '-learnerCount': [desc(c.learnerCount), desc(c.id)],
      '-publishedAt': [desc(c.publishedAt), desc(c.id)],
    }[f.sort];
    const k = schema.categories;
    const l = schema.lecturers;
    const [rows, counted] = await Promise.all([
      this.db
        .select({
          id: c.id,
          title: c.title,
          coverUrl: c.coverUrl,
          categoryId: c.categoryId,
          categoryName: sql<string>`coalesce(${k.name}, '')`,
          lecturerId: c.lecturerId,
          lecturerName: sql<string>`coalesce(${l.name}, '')`,
          published: c.published,
          learnerCount: c.learnerCount,
          priceFen: c.priceFen,
          updatedAt: c.updatedAt,
          periodCount: sql<number>`(SELECT count(*)::int FROM course_periods cp WHERE cp.eid = ${c.eid} AND cp.course_id = ${c.id})`,
        })
        .from(c)
        .leftJoin(k, and(eq(k.eid, c.eid), eq(k.id, c.categoryId)))
        .leftJoin(l, and(eq(l.eid, c.eid), eq(l.id, c.lecturerId)))
        .where(and(...where))
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM courses WHERE ${and(...where)} LIMIT ${COUNT_CAP}) x`,
      ),
    ]);
    return { rows, total: counted.rows[0]?.n ?? 0 };
  }

  async viewCourse(db: Db | Tx, eid: number, courseId: number, lock = false) {
    const q = db
      .select(COURSE_EDIT_COLUMNS)
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.id, courseId)));
    const [row] = await (lock ? q.for('update') : q);
    return row ?? null;
  }

  async findTagIds(db: Db | Tx, eid: number, courseId: number): Promise<number[]> {
    const t = schema.courseTags;
    const rows = await db
      .select({ tagId: t.tagId })
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.courseId, courseId)))
      .orderBy(asc(t.tagId));
    return rows.map((r) => r.tagId);
  }

  async findChapters(db: Db | Tx, eid: number, courseId: number) {
    return db
      .select({ id: ch.id, title: ch.title, sort: ch.sort })
      .from(ch)
      .where(and(eq(ch.eid, eid), eq(ch.courseId, courseId)))
      .orderBy(asc(ch.sort), asc(ch.id));
  }

  async findPeriods(db: Db | Tx, eid: number, courseId: number) {
    return db
      .select({ ...PERIOD_COLUMNS, materialTitle: sql<string>`coalesce(${m.title}, '')` })
      .from(p)
      .leftJoin(m, and(eq(m.eid, p.eid), eq(m.id, p.materialId)))
      .where(and(eq(p.eid, eid), eq(p.courseId, courseId)))
      .orderBy(asc(p.sort), asc(p.id));
  }

  async viewChapter(db: Db | Tx, eid: number, courseId: number, chapterId: number) {
    const [row] = await db
      .select({ id: ch.id, title: ch.title, sort: ch.sort })
      .from(ch)
      .where(and(eq(ch.eid, eid), eq(ch.courseId, courseId), eq(ch.id, chapterId)));
    return row ?? null;
  }

  async viewPeriod(db: Db | Tx, eid: number, courseId: number, periodId: number) {
    const [row] = await db
      .select(PERIOD_COLUMNS)
      .from(p)
      .where(and(eq(p.eid, eid), eq(p.courseId, courseId), eq(p.id, periodId)));
    return row ?? null;
  }

  /** The kind and length of a library material of the enterprise, or null. */
  async viewMaterial(db: Db | Tx, eid: number, materialId: number) {
    const [row] = await db
      .select({ id: m.id, kind: m.kind, durationSeconds: m.durationSeconds })
      .from(m)
      .where(and(eq(m.eid, eid), eq(m.id, materialId)));
    return row ?? null;
  }

  async existsIn(db: Db | Tx, table: 'categories' | 'lecturers' | 'tags', eid: number, ids: number[]) {
    if (ids.length === 0) return true;
    const t = { categories: schema.categories, lecturers: schema.lecturers, tags: schema.tags }[table];
    const where = [eq(t.eid, eid), inArray(t.id, ids)];
    if (table === 'categories') where.push(eq(schema.categories.categoryType, 3));
    const [row] = await db
      .select({ n: count() })
      .from(t)
      .where(and(...where));
    return (row?.n ?? 0) === ids.length;
  }

  /**
   * Whether anybody has studied the course (its learners) or these periods (their progress), or
   * bought it: a purchase, an order of it being paid or refunded, a batch package holding it
   * (decision 058) — a payment must find the course it opens.
   */
  async courseStudied(db: Db | Tx, eid: number, courseId: number): Promise<boolean> {
    const { rows } = await db.execute(
      sql`SELECT 1 FROM course_learners WHERE eid = ${eid} AND course_id = ${courseId}
        UNION ALL SELECT 1 FROM course_purchases WHERE eid = ${eid} AND course_id = ${courseId}
        UNION ALL SELECT 1 FROM orders WHERE eid = ${eid} AND goods_type = 1 AND goods_id = ${courseId} AND status IN (1, 2, 5)
        UNION ALL SELECT 1 FROM batch_package_courses WHERE eid = ${eid} AND course_id = ${courseId}
        LIMIT 1`,
    );
    return rows.length > 0;
  }

  async periodsStudied(db: Db | Tx, eid: number, periodIds: number[]): Promise<boolean> {
    if (periodIds.length === 0) return false;
    const pp = schema.periodProgress;
    const rows = await db
      .select({ one: sql`1` })
      .from(pp)
      .where(and(eq(pp.eid, eid), inArray(pp.periodId, periodIds)))
      .limit(1);
    return rows.length > 0;
  }

  async nextSort(db: Db | Tx, table: 'chapters' | 'periods', eid: number, courseId: number): Promise<number> {
    const t = table === 'chapters' ? ch : p;
    const [row] = await db
      .select({ n: sql<number>`coalesce(max(${t.sort}), 0)::int + 1` })
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.courseId, courseId)));
    return row?.n ?? 1;
  }
}
