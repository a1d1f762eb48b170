import { and, asc, count, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const n = schema.news;
const c = schema.newsCategories;

/** `%keyword%` for ILIKE, with the keyword's own % and _ taken literally. */
/** Published, and not scheduled for later (the back office sets a publish time). */
const visible = () => and(eq(n.published, true), lte(n.publishedAt, sql`now()`))!;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** SQL of news and their categories, always by enterprise; only published articles are read. */
export class NewsRepository {
  constructor(private readonly db: Db) {}

  findNewsCategories(eid: number) {
    return this.db.select().from(c).where(eq(c.eid, eid)).orderBy(asc(c.sort), asc(c.id));
  }

  async findNews(eid: number, filter: { categoryId?: number; keyword?: string }, offset: number, limit: number) {
    const where: SQL[] = [eq(n.eid, eid), visible()];
    if (filter.categoryId) where.push(eq(n.categoryId, filter.categoryId));
    if (filter.keyword)
      where.push(or(ilike(n.title, likeOf(filter.keyword)), ilike(n.summary, likeOf(filter.keyword)))!);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ news: n, categoryName: c.name, categoryNameEn: c.nameEn })
        .from(n)
        .innerJoin(c, and(eq(c.eid, n.eid), eq(c.id, n.categoryId)))
        .where(and(...where))
        .orderBy(desc(n.publishedAt), desc(n.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: count() })
        .from(n)
        .where(and(...where)),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /** The article, its view counted (in the same statement). */
  async viewNews(eid: number, id: number) {
    const [row] = await this.db
      .update(n)
      .set({ viewCount: sql`${n.viewCount} + 1` })
      .where(and(eq(n.eid, eid), eq(n.id, id), visible()))
      .returning();
    if (!row) return null;
    const [category] = await this.db
      .select()
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.id, row.categoryId)));
    return { news: row, categoryName: category?.name ?? '', categoryNameEn: category?.nameEn ?? '' };
  }

  /**
   * The published articles just newer and just older than this one (list order: newest first),
   * compared in SQL with the row itself (its time has microseconds a JavaScript date would lose).
   */
  async neighbours(eid: number, id: number) {
    const self = sql`(SELECT s.published_at, s.id FROM news s WHERE s.eid = ${eid} AND s.id = ${id})`;
    const pick = (cond: SQL, order: SQL[]) =>
      this.db
        .select({ id: n.id, title: n.title })
        .from(n)
        .where(and(eq(n.eid, eid), visible(), cond))
        .orderBy(...order)
        .limit(1)
        .then((r) => r[0] ?? null);
    const [newer, older] = await Promise.all([
      pick(sql`(${n.publishedAt}, ${n.id}) > ${self}`, [asc(n.publishedAt), asc(n.id)]),
      pick(sql`(${n.publishedAt}, ${n.id}) < ${self}`, [desc(n.publishedAt), desc(n.id)]),
    ]);
    return { newer, older };
  }
}
