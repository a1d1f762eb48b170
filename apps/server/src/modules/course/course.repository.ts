import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { CourseRelation } from '@portal/contract';
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
  findZoneCourses(eid: number, relationType: number, limit: number) {
    const where: SQL[] = [eq(c.eid, eid), eq(c.published, true)];
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

  /** Published courses, newest first, by keyword (title or summary) and lecturer. */
  async findCourses(eid: number, filter: { keyword?: string; lecturerId?: number }, offset: number, limit: number) {
    const where: SQL[] = [eq(c.eid, eid), eq(c.published, true)];
    if (filter.lecturerId) where.push(eq(c.lecturerId, filter.lecturerId));
    if (filter.keyword)
      where.push(or(ilike(c.title, likeOf(filter.keyword)), ilike(c.summary, likeOf(filter.keyword)))!);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(c)
        .leftJoin(l, lecturerJoin)
        .where(and(...where))
        .orderBy(desc(c.publishedAt), desc(c.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: count() })
        .from(c)
        .where(and(...where)),
    ]);
    return { rows, total: total?.total ?? 0 };
  }
}
