import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

/** The site's ordered lists: each row has the enterprise, its id and its place. */
export type OrderedTable =
  typeof schema.zones | typeof schema.banners | typeof schema.sysLinks | typeof schema.navItems;

type SettingsRow = typeof schema.websiteSettings.$inferSelect;
export type SettingsChange = Partial<Omit<SettingsRow, 'eid' | 'updatedAt'>>;
export type RegistrationFieldRow = Omit<typeof schema.registrationFields.$inferInsert, 'eid'>;

/**
 * SQL of the back office's site calls (decision 042). Every statement names the enterprise (the
 * session's, row-level security the second wall); the writes run in the caller's transaction, with
 * the row read `FOR UPDATE` first so the audit's "before" is the row the write replaced.
 */
export class SiteAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  findZones(eid: number) {
    return this.db
      .select()
      .from(schema.zones)
      .where(eq(schema.zones.eid, eid))
      .orderBy(asc(schema.zones.sort), asc(schema.zones.id));
  }

  findBanners(eid: number) {
    return this.db
      .select()
      .from(schema.banners)
      .where(eq(schema.banners.eid, eid))
      .orderBy(asc(schema.banners.sort), asc(schema.banners.id));
  }

  findSysLinks(eid: number) {
    return this.db
      .select()
      .from(schema.sysLinks)
      .where(eq(schema.sysLinks.eid, eid))
      .orderBy(asc(schema.sysLinks.sort), asc(schema.sysLinks.id));
  }

  findNavItems(eid: number) {
    return this.db
      .select()
      .from(schema.navItems)
      .where(eq(schema.navItems.eid, eid))
      .orderBy(asc(schema.navItems.sort), asc(schema.navItems.id));
  }

  /** One row of an ordered list, locked for the transaction's change; null when not the enterprise's. */
  static async lockRow<T extends OrderedTable>(tx: Tx, table: T, eid: number, id: number) {
    const rows = await tx
      .select()
      .from(table as OrderedTable)
      .where(and(eq(table.eid, eid), eq(table.id, id)))
      .for('update');
    return (rows[0] as T['$inferSelect'] | undefined) ?? null;
  }

  /** The condition naming one row of the enterprise's list. */
  static rowOf(table: OrderedTable, eid: number, id: number) {
    return and(eq(table.eid, eid), eq(table.id, id));
  }

  /** The place after the list's last. */
  static async nextSort(tx: Tx, table: OrderedTable, eid: number): Promise<number> {
    const rows = await tx
      .select({ last: sql<number>`coalesce(max(${table.sort}), 0)::int` })
      .from(table)
      .where(eq(table.eid, eid));
    return (rows[0]?.last ?? 0) + 1;
  }

  /** The list's ids in their order, locked (a reorder compares them with the ones it was sent). */
  static async lockOrder(tx: Tx, table: OrderedTable, eid: number): Promise<number[]> {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.eid, eid))
      .orderBy(asc(table.sort), asc(table.id))
      .for('update');
    return rows.map((r) => r.id);
  }

  /** Gives the rows places 1, 2, … in the order of `ids` (one statement). */
  static async writeOrder(tx: Tx, table: OrderedTable, eid: number, ids: number[]): Promise<void> {
    await tx.execute(sql`
      UPDATE ${table} SET sort = o.place
      FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS o(id, place)
      WHERE ${table.eid} = ${eid} AND ${table.id} = o.id`);
  }

  static async deleteRow(tx: Tx, table: OrderedTable, eid: number, id: number): Promise<void> {
    await tx.delete(table).where(and(eq(table.eid, eid), eq(table.id, id)));
  }

  /** Whether the enterprise has the topic (a topic menu's). */
  async hasTopic(eid: number, topicId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: schema.topics.id })
      .from(schema.topics)
      .where(and(eq(schema.topics.eid, eid), eq(schema.topics.id, topicId)))
      .limit(1);
    return rows.length > 0;
  }

  findSiteTexts(eid: number) {
    return this.db.select().from(schema.agreements).where(eq(schema.agreements.eid, eid));
  }

  static async lockSiteText(tx: Tx, eid: number, type: string) {
    const rows = await tx
      .select()
      .from(schema.agreements)
      .where(and(eq(schema.agreements.eid, eid), eq(schema.agreements.type, type)))
      .for('update');
    return rows[0] ?? null;
  }

  static async writeSiteText(tx: Tx, eid: number, text: { type: string; title: string; content: string }) {
    const rows = await tx
      .insert(schema.agreements)
      .values({ eid, ...text, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [schema.agreements.eid, schema.agreements.type],
        set: { title: text.title, content: text.content, updatedAt: new Date() },
      })
      .returning();
    return rows[0]!;
  }

  viewSettings(eid: number) {
    return this.db
      .select()
      .from(schema.websiteSettings)
      .where(eq(schema.websiteSettings.eid, eid))
      .limit(1)
      .then((r) => r[0] ?? null);
  }

  findRegistrationFields(eid: number) {
    return this.db
      .select()
      .from(schema.registrationFields)
      .where(eq(schema.registrationFields.eid, eid))
      .orderBy(asc(schema.registrationFields.sort));
  }

  static async lockSettings(tx: Tx, eid: number) {
    const rows = await tx
      .select()
      .from(schema.websiteSettings)
      .where(eq(schema.websiteSettings.eid, eid))
      .for('update');
    return rows[0] ?? null;
  }

  static async findRegistrationFieldsIn(tx: Tx, eid: number) {
    return tx
      .select()
      .from(schema.registrationFields)
      .where(eq(schema.registrationFields.eid, eid))
      .orderBy(asc(schema.registrationFields.sort));
  }

  static async writeSettings(tx: Tx, eid: number, change: SettingsChange, fields: RegistrationFieldRow[]) {
    await tx
      .update(schema.websiteSettings)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(schema.websiteSettings.eid, eid));
    await tx.delete(schema.registrationFields).where(eq(schema.registrationFields.eid, eid));
    if (fields.length > 0) await tx.insert(schema.registrationFields).values(fields.map((f) => ({ ...f, eid })));
  }
}
