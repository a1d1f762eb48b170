import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { CourseRelation, CourseSort } from '@portal/contract';
import { schema, type Db } from '@portal/db';

const c = schema.courses;
const l = schema.lecturers;

/** `%keyword%` for ILIKE, with the keyword's own % and _ taken literally. */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A card's columns: the lecturer only when published and of the same enterprise (the join's eid). */
const columns = {
  id: c.id,
  title: c.title,
  coverUrl: c.coverUrl,
  priceFen: c.priceFen,
  learnerCount: c.learnerCount,
  lecturerId: l.id,
  lecturerName: l.name,
};
const lecturerJoin = and(eq(l.eid, c.eid), eq(l.id, c.lecturerId), eq(l.published, true));

export type CourseRow = Awaited<ReturnType<CourseRepository['findZoneCourses']>>[number];

/** SQL of courses as lists show them, always by enterprise; only published courses are read. */
export class CourseRepository {
  constructor(private readonly db: Db) {}

  /** A course zone's courses: newest, most learners, or the recommended ones (newest first). */
  findZoneCourses(eid: number, relationType: number, limit: number, visitorsOnly = false) {
    const where: SQL[] = [eq(c.eid, eid), eq(c.published, true)];
    if (visitorsOnly) where.push(eq(c.visitorVisible, true));
    if (relationType === CourseRelation.RECOMMENDED) where.push(eq(c.recommended, true));
    const order =
      relationType === CourseRelation.MOST_LEARNERS
        ? [desc(c.learnerCount), desc(c.id)]
        : relationType === CourseRelation.RECOMMENDED
          ? [asc(c.sort), desc(c.publishedAt), desc(c.id)]
          : [desc(c.publishedAt), desc(c.id)];
    return this.db
      .select(columns)
      .from(c)
      .leftJoin(l, lecturerJoin)
      .where(and(...where))
      .orderBy(...order)
      .limit(limit);
  }

  /** Published courses by keyword (title or summary), lecturer and category (with its sub-categories). */
  async findCourses(eid: number, filter: CourseFilter, sort: number, offset: number, limit: number) {
    const where = and(...whereOf(eid, filter));
    const order =
      sort === CourseSort.MOST_LEARNERS ? [desc(c.learnerCount), desc(c.id)] : [desc(c.publishedAt), desc(c.id)];
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(c)
        .leftJoin(l, lecturerJoin)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(c).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /** The catalogue's counts: courses matching the filter, and of those the learner's started and completed ones. */
  async countCourses(eid: number, accountId: number, filter: CourseFilter) {
    const cl = schema.courseLearners;
    const [row] = await this.db
      .select({
        totalCount: count(),
        learningCount: count(sql`CASE WHEN ${cl.courseId} IS NOT NULL AND ${cl.completedAt} IS NULL THEN 1 END`),
        completedCount: count(cl.completedAt),
      })
      .from(c)
      .leftJoin(cl, and(eq(cl.eid, c.eid), eq(cl.courseId, c.id), eq(cl.accountId, accountId)))
      .where(and(...whereOf(eid, filter)));
    return {
      totalCount: row?.totalCount ?? 0,
      learningCount: row?.learningCount ?? 0,
      completedCount: row?.completedCount ?? 0,
    };
  }
}

export interface CourseFilter {
  keyword?: string | undefined;
  lecturerId?: number | undefined;
  categoryId?: number | undefined;
  /** Only the courses the back office shows to visitors (decision 039). */
  visitorsOnly?: boolean | undefined;
}

/** The filter's conditions on published courses of the enterprise. */
function whereOf(eid: number, filter: CourseFilter): SQL[] {
  const where: SQL[] = [eq(c.eid, eid), eq(c.published, true)];
  if (filter.visitorsOnly) where.push(eq(c.visitorVisible, true));
  if (filter.lecturerId) where.push(eq(c.lecturerId, filter.lecturerId));
  if (filter.keyword) where.push(or(ilike(c.title, likeOf(filter.keyword)), ilike(c.summary, likeOf(filter.keyword)))!);
  if (filter.categoryId) {
    // The category and every category below it (a tree by parent id within the enterprise).
    where.push(isNotNull(c.categoryId));
    where.push(sql`${c.categoryId} IN (
      WITH RECURSIVE tree(id) AS (
        SELECT id FROM categories WHERE eid = ${eid} AND id = ${filter.categoryId}
        UNION SELECT k.id FROM categories k JOIN tree ON k.parent_id = tree.id WHERE k.eid = ${eid}
      ) SELECT id FROM tree)`);
  }
  return where;
}
