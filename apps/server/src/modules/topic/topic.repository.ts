import { and, asc, count, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const t = schema.topics;
const b = schema.topicBanners;
const tc = schema.topicCourses;
const c = schema.courses;
const l = schema.lecturers;

/** SQL of topics, their banners and their courses, always by enterprise; only published rows are read. */
export class TopicRepository {
  constructor(private readonly db: Db) {}

  findTopics(eid: number) {
    return this.db
      .select({ id: t.id, name: t.name, nameEn: t.nameEn, coverUrl: t.coverUrl, summary: t.summary })
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.published, true)))
      .orderBy(asc(t.sort), asc(t.id));
  }

  async isPublished(eid: number, topicId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, topicId), eq(t.published, true)))
      .limit(1);
    return !!row;
  }

  findTopicBanners(eid: number, topicId: number) {
    return this.db
      .select({ id: b.id, title: b.title, imageUrl: b.imageUrl, linkUrl: b.linkUrl })
      .from(b)
      .where(and(eq(b.eid, eid), eq(b.topicId, topicId)))
      .orderBy(asc(b.sort), asc(b.id));
  }

  /**
   * A topic's published courses in the topic's order, with the lecturer's name (a published
   * lecturer of the same enterprise only).
   */
  async findTopicCourses(eid: number, topicId: number, offset: number, limit: number) {
    const where = and(eq(tc.eid, eid), eq(tc.topicId, topicId), eq(c.published, true));
    const joinCourse = and(eq(c.eid, tc.eid), eq(c.id, tc.courseId));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: c.id,
          title: c.title,
          coverUrl: c.coverUrl,
          lecturerId: l.id,
          lecturerName: l.name,
          learnerCount: c.learnerCount,
          priceFen: c.priceFen,
        })
        .from(tc)
        .innerJoin(c, joinCourse)
        .leftJoin(l, and(eq(l.eid, c.eid), eq(l.id, c.lecturerId), eq(l.published, true)))
        .where(where)
        .orderBy(asc(tc.sort), asc(c.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(tc).innerJoin(c, joinCourse).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }
}
