import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const l = schema.lecturers;
const r = schema.lecturerRanks;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const columns = {
  id: l.id,
  name: l.name,
  title: l.title,
  organization: l.organization,
  avatarUrl: l.avatarUrl,
  intro: l.intro,
  rankId: l.rankId,
  rankName: r.name,
  rankNameEn: r.nameEn,
};

/** SQL of lecturers and their ranks, always by enterprise; only published lecturers are read. */
export class LecturerRepository {
  constructor(private readonly db: Db) {}

  findLecturerRanks(eid: number) {
    return this.db.select().from(r).where(eq(r.eid, eid)).orderBy(asc(r.sort), asc(r.id));
  }

  async findLecturers(eid: number, filter: { rankId?: number; keyword?: string }, offset: number, limit: number) {
    const where: SQL[] = [eq(l.eid, eid), eq(l.published, true)];
    if (filter.rankId) where.push(eq(l.rankId, filter.rankId));
    if (filter.keyword) where.push(ilike(l.name, likeOf(filter.keyword)));
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(l)
        .leftJoin(r, and(eq(r.eid, l.eid), eq(r.id, l.rankId)))
        .where(and(...where))
        .orderBy(asc(l.sort), asc(l.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: count() })
        .from(l)
        .where(and(...where)),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /** The featured lecturers in their order: the home page's lecturer zone. */
  findZoneLecturers(eid: number, limit: number) {
    return this.db
      .select(columns)
      .from(l)
      .leftJoin(r, and(eq(r.eid, l.eid), eq(r.id, l.rankId)))
      .where(and(eq(l.eid, eid), eq(l.published, true), eq(l.featured, true)))
      .orderBy(asc(l.sort), asc(l.id))
      .limit(limit);
  }

  async one(eid: number, id: number) {
    const [row] = await this.db
      .select(columns)
      .from(l)
      .leftJoin(r, and(eq(r.eid, l.eid), eq(r.id, l.rankId)))
      .where(and(eq(l.eid, eid), eq(l.id, id), eq(l.published, true)))
      .limit(1);
    return row ?? null;
  }
}
