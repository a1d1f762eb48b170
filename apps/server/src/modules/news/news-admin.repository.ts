import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

const n = schema.news;
const c = schema.newsCategories;

/** The back office's lists count at most this many rows (like the audit log): no page counts a whole table. */
export const ADMIN_COUNT_CAP = 10_000;

/** `%keyword%` for ILIKE, with the keyword's own % and _ taken literally. */
export const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type NewsSort = 'publishedAt' | 'viewCount' | 'title';
export interface AdminNewsFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  published?: boolean | undefined;
}

const rowFields = {
  id: n.id,
  categoryId: n.categoryId,
  categoryName: c.name,
  title: n.title,
  coverUrl: n.coverUrl,
  author: n.author,
  published: n.published,
  publishedAt: n.publishedAt,
  viewCount: n.viewCount,
};
export type AdminNewsRecord = typeof n.$inferSelect;

/** The back office's SQL of news and their categories (decision 043), always by enterprise. */
export class NewsAdminRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  findCategories(eid: number) {
    return this.db
      .select({
        id: c.id,
        name: c.name,
        nameEn: c.nameEn,
        sort: c.sort,
        // Names the table itself: drizzle leaves columns unqualified in one-table selects.
        newsCount: sql<number>`(SELECT count(*) FROM news x
          WHERE x.eid = news_categories.eid AND x.category_id = news_categories.id)`.mapWith(Number),
      })
      .from(c)
      .where(eq(c.eid, eid))
      .orderBy(asc(c.sort), asc(c.id));
  }

  static async category(tx: Tx | Db, eid: number, id: number) {
    const [row] = await tx
      .select()
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.id, id)));
    return row ?? null;
  }

  /** Whether another category of the enterprise has this name (case-insensitive). */
  static async nameTaken(tx: Tx, eid: number, name: string, exceptId?: number) {
    const where: SQL[] = [eq(c.eid, eid), sql`lower(${c.name}) = lower(${name})`];
    if (exceptId !== undefined) where.push(ne(c.id, exceptId));
    const [row] = await tx
      .select({ id: c.id })
      .from(c)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  }

  static async newsCount(tx: Tx, eid: number, categoryId: number): Promise<number> {
    return tx.$count(n, and(eq(n.eid, eid), eq(n.categoryId, categoryId)));
  }

  static async insertCategory(tx: Tx, values: typeof c.$inferInsert) {
    const [row] = await tx.insert(c).values(values).returning();
    return row!;
  }

  static async updateCategory(tx: Tx, eid: number, id: number, values: { name: string; nameEn: string; sort: number }) {
    const [row] = await tx
      .update(c)
      .set(values)
      .where(and(eq(c.eid, eid), eq(c.id, id)))
      .returning();
    return row ?? null;
  }

  /**
   * Deletes the category when it holds no article, in one statement (an article saved into it
   * meanwhile keeps it): 'deleted', 'in-use' or 'missing'.
   */
  static async deleteUnusedCategory(tx: Tx, eid: number, id: number): Promise<'deleted' | 'in-use' | 'missing'> {
    const gone = await tx
      .delete(c)
      .where(
        and(
          eq(c.eid, eid),
          eq(c.id, id),
          sql`NOT EXISTS (SELECT 1 FROM news x WHERE x.eid = ${eid} AND x.category_id = ${id})`,
        ),
      )
      .returning({ id: c.id });
    if (gone.length > 0) return 'deleted';
    return (await NewsAdminRepository.category(tx, eid, id)) ? 'in-use' : 'missing';
  }

  private where(eid: number, f: AdminNewsFilter): SQL {
    const where: SQL[] = [eq(n.eid, eid)];
    if (f.categoryId !== undefined) where.push(eq(n.categoryId, f.categoryId));
    if (f.published !== undefined) where.push(eq(n.published, f.published));
    if (f.keyword) where.push(ilike(n.title, likeOf(f.keyword)));
    return and(...where)!;
  }

  findNews(eid: number, f: AdminNewsFilter, sort: { field: NewsSort; desc: boolean }, offset: number, limit: number) {
    const column = { publishedAt: n.publishedAt, viewCount: n.viewCount, title: n.title }[sort.field];
    const dir = sort.desc ? desc : asc;
    return this.db
      .select(rowFields)
      .from(n)
      .innerJoin(c, and(eq(c.eid, n.eid), eq(c.id, n.categoryId)))
      .where(this.where(eid, f))
      .orderBy(dir(column), dir(n.id))
      .limit(limit)
      .offset(offset);
  }

  /** The articles the filter matches, counted up to ADMIN_COUNT_CAP. */
  async countNews(eid: number, f: AdminNewsFilter): Promise<number> {
    const inner = this.db
      .select({ one: sql`1` })
      .from(n)
      .where(this.where(eid, f))
      .limit(ADMIN_COUNT_CAP)
      .as('x');
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inner);
    return row?.n ?? 0;
  }

  static async news(tx: Tx | Db, eid: number, id: number, lock = false) {
    const q = tx
      .select({ news: n, categoryName: c.name })
      .from(n)
      .innerJoin(c, and(eq(c.eid, n.eid), eq(c.id, n.categoryId)))
      .where(and(eq(n.eid, eid), eq(n.id, id)));
    const [row] = await (lock ? q.for('update', { of: n }) : q);
    return row ?? null;
  }

  static async insertNews(tx: Tx, values: typeof n.$inferInsert) {
    const [row] = await tx.insert(n).values(values).returning({ id: n.id });
    return row!.id;
  }

  static async updateNews(tx: Tx, eid: number, id: number, values: Partial<typeof n.$inferInsert>) {
    await tx
      .update(n)
      .set(values)
      .where(and(eq(n.eid, eid), eq(n.id, id)));
  }

  static async deleteNews(tx: Tx, eid: number, id: number) {
    await tx.delete(n).where(and(eq(n.eid, eid), eq(n.id, id)));
  }
}
