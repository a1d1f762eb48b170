import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

const c = schema.categories;

export type CategoryRecord = typeof c.$inferSelect;

/** SQL of the back office's category trees, always by enterprise (and type). */
export class CategoryAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Every category of one type in order, with the courses filed directly under each. */
  findTree(eid: number, categoryType: number) {
    return this.db
      .select({
        id: c.id,
        parentId: c.parentId,
        name: c.name,
        nameEn: c.nameEn,
        sort: c.sort,
        courseCount: sql<number>`(SELECT count(*)::int FROM courses k WHERE k.eid = categories.eid AND k.category_id = categories.id)`,
      })
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.categoryType, categoryType)))
      .orderBy(asc(c.sort), asc(c.id));
  }

  /**
   * One tree's changes one at a time (a transaction-scoped advisory lock per enterprise and type):
   * the checks of a move (not under itself, not too deep) and of a level's names hold until commit.
   */
  static async lockTree(tx: Tx, eid: number, categoryType: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('categories'), hashtext(${`${eid}:${categoryType}`}))`);
  }

  static async one(tx: Tx, eid: number, id: number): Promise<CategoryRecord | null> {
    const [row] = await tx
      .select()
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.id, id)));
    return row ?? null;
  }

  /** The ids from the category up to the top, itself first (a broken cycle stops at 10 levels). */
  static async pathUp(tx: Tx, eid: number, id: number): Promise<number[]> {
    const result = await tx.execute<{ id: number }>(sql`
      WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT id, parent_id, 1 FROM categories WHERE eid = ${eid} AND id = ${id}
        UNION ALL
        SELECT p.id, p.parent_id, up.depth + 1 FROM categories p JOIN up ON p.eid = ${eid} AND p.id = up.parent_id
        WHERE up.depth < 10
      ) SELECT id FROM up ORDER BY depth`);
    return result.rows.map((r) => r.id);
  }

  /** Levels of the subtree under the category, itself included (1: no children). */
  static async height(tx: Tx, eid: number, id: number): Promise<number> {
    const result = await tx.execute<{ h: number }>(sql`
      WITH RECURSIVE down(id, depth) AS (
        SELECT id, 1 FROM categories WHERE eid = ${eid} AND id = ${id}
        UNION ALL
        SELECT k.id, down.depth + 1 FROM categories k JOIN down ON k.eid = ${eid} AND k.parent_id = down.id
        WHERE down.depth < 10
      ) SELECT max(depth)::int AS h FROM down`);
    return result.rows[0]?.h ?? 1;
  }

  private static level(eid: number, categoryType: number, parentId: number | null): SQL {
    return and(
      eq(c.eid, eid),
      eq(c.categoryType, categoryType),
      parentId === null ? isNull(c.parentId) : eq(c.parentId, parentId),
    )!;
  }

  /** Whether another category of the level has the name (either name, case-insensitive). */
  static async nameTaken(
    tx: Tx,
    eid: number,
    categoryType: number,
    parentId: number | null,
    names: { name: string; nameEn: string },
    except: number | null,
  ): Promise<boolean> {
    const same = sql`(lower(${c.name}) = lower(${names.name})${
      names.nameEn ? sql` OR (${c.nameEn} <> '' AND lower(${c.nameEn}) = lower(${names.nameEn}))` : sql``
    })`;
    const where = [CategoryAdminRepository.level(eid, categoryType, parentId), same];
    if (except !== null) where.push(ne(c.id, except));
    const [row] = await tx
      .select({ id: c.id })
      .from(c)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  }

  /** The level's categories in order. */
  static siblings(tx: Tx, eid: number, categoryType: number, parentId: number | null) {
    return tx
      .select({ id: c.id, sort: c.sort })
      .from(c)
      .where(CategoryAdminRepository.level(eid, categoryType, parentId))
      .orderBy(asc(c.sort), asc(c.id));
  }

  static async insert(tx: Tx, values: typeof c.$inferInsert): Promise<CategoryRecord> {
    const [row] = await tx.insert(c).values(values).returning();
    return row!;
  }

  static async update(
    tx: Tx,
    eid: number,
    id: number,
    values: Partial<typeof c.$inferInsert>,
  ): Promise<CategoryRecord> {
    const [row] = await tx
      .update(c)
      .set(values)
      .where(and(eq(c.eid, eid), eq(c.id, id)))
      .returning();
    return row!;
  }

  /** How many subcategories and courses (any state) the category has. */
  static async uses(tx: Tx, eid: number, id: number): Promise<{ children: number; courses: number }> {
    const result = await tx.execute<{ children: number; courses: number }>(sql`
      SELECT (SELECT count(*)::int FROM categories WHERE eid = ${eid} AND parent_id = ${id}) AS children,
             (SELECT count(*)::int FROM courses WHERE eid = ${eid} AND category_id = ${id}) AS courses`);
    return result.rows[0] ?? { children: 0, courses: 0 };
  }

  static async remove(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(c).where(and(eq(c.eid, eid), eq(c.id, id)));
  }
}
