import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

const a = schema.announcements;
const ad = schema.announcementDepartments;
const d = schema.departments;

/** The back office's lists count at most this many rows: no page counts a whole table. */
export const ADMIN_COUNT_CAP = 10_000;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export interface AdminAnnouncementFilter {
  keyword?: string | undefined;
  published?: boolean | undefined;
}

export type AnnouncementRow = typeof a.$inferSelect;

/** The back office's SQL of announcements and whom they are published to (decision 043), by enterprise. */
export class AnnouncementAdminRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private where(eid: number, f: AdminAnnouncementFilter): SQL {
    // A notice for named people (a study task's reminder) is the task's, not the announcements' list's.
    const where: SQL[] = [
      eq(a.eid, eid),
      sql`NOT EXISTS (SELECT 1 FROM announcement_recipients ar WHERE ar.eid = ${a.eid} AND ar.announcement_id = ${a.id})`,
    ];
    if (f.published !== undefined) where.push(eq(a.published, f.published));
    if (f.keyword) where.push(ilike(a.title, likeOf(f.keyword)));
    return and(...where)!;
  }

  findAnnouncements(eid: number, f: AdminAnnouncementFilter, offset: number, limit: number) {
    return this.db
      .select()
      .from(a)
      .where(this.where(eid, f))
      .orderBy(desc(a.publishedAt), desc(a.id))
      .limit(limit)
      .offset(offset);
  }

  async countAnnouncements(eid: number, f: AdminAnnouncementFilter): Promise<number> {
    const inner = this.db
      .select({ one: sql`1` })
      .from(a)
      .where(this.where(eid, f))
      .limit(ADMIN_COUNT_CAP)
      .as('x');
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inner);
    return row?.n ?? 0;
  }

  /** The departments each announcement is published to, by announcement id. */
  static async targetsOf(tx: Tx | Db, eid: number, ids: number[]) {
    const out = new Map<number, Array<{ id: number; name: string }>>();
    if (ids.length === 0) return out;
    const rows = await tx
      .select({ announcementId: ad.announcementId, id: d.id, name: d.name })
      .from(ad)
      .innerJoin(d, and(eq(d.eid, ad.eid), eq(d.id, ad.departmentId)))
      .where(and(eq(ad.eid, eid), inArray(ad.announcementId, ids)))
      .orderBy(asc(d.sort), asc(d.id));
    for (const r of rows) {
      const list = out.get(r.announcementId) ?? [];
      list.push({ id: r.id, name: r.name });
      out.set(r.announcementId, list);
    }
    return out;
  }

  findDepartments(eid: number) {
    return this.db
      .select({ id: d.id, name: d.name, parentId: d.parentId })
      .from(d)
      .where(eq(d.eid, eid))
      .orderBy(asc(d.sort), asc(d.id));
  }

  static async countDepartments(tx: Tx, eid: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    return tx.$count(d, and(eq(d.eid, eid), inArray(d.id, ids)));
  }

  static async announcement(tx: Tx | Db, eid: number, id: number, lock = false) {
    const q = tx
      .select()
      .from(a)
      .where(and(eq(a.eid, eid), eq(a.id, id)));
    const [row] = await (lock ? q.for('update') : q);
    return row ?? null;
  }

  static async insert(tx: Tx, values: typeof a.$inferInsert) {
    const [row] = await tx.insert(a).values(values).returning({ id: a.id });
    return row!.id;
  }

  static async update(tx: Tx, eid: number, id: number, values: Partial<typeof a.$inferInsert>) {
    await tx
      .update(a)
      .set(values)
      .where(and(eq(a.eid, eid), eq(a.id, id)));
  }

  static async delete(tx: Tx, eid: number, id: number) {
    await tx.delete(a).where(and(eq(a.eid, eid), eq(a.id, id)));
  }

  /**
   * Publishes the announcement to these departments (none: everyone), and takes it from the
   * learners it no longer reaches: their records go (read state and likes with them), so it leaves
   * their lists and counts at once. Learners it newly reaches get theirs on their next read.
   */
  static async setTargets(tx: Tx, eid: number, id: number, departmentIds: number[]) {
    await tx.delete(ad).where(and(eq(ad.eid, eid), eq(ad.announcementId, id)));
    if (departmentIds.length === 0) return;
    await tx.insert(ad).values(departmentIds.map((departmentId) => ({ eid, announcementId: id, departmentId })));
    await tx.execute(sql`
      WITH RECURSIVE down(id) AS (
        SELECT department_id FROM announcement_departments WHERE eid = ${eid} AND announcement_id = ${id}
        UNION
        SELECT dd.id FROM departments dd JOIN down ON dd.parent_id = down.id WHERE dd.eid = ${eid})
      DELETE FROM announcement_records r
      WHERE r.eid = ${eid} AND r.announcement_id = ${id}
        AND NOT EXISTS (
          SELECT 1 FROM department_members dm JOIN down ON down.id = dm.department_id
          WHERE dm.eid = ${eid} AND dm.account_id = r.account_id)`);
  }
}
