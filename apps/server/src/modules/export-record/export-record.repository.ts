import { and, count, desc, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const r = schema.exportRecords;

export type ExportRecordRow = typeof r.$inferSelect;

/** SQL of export records: always by enterprise and by the person whose export it is. */
export class ExportRecordRepository {
  constructor(private readonly db: Db) {}

  private mine(eid: number, accountId: number) {
    return [eq(r.eid, eid), eq(r.accountId, accountId)];
  }

  async findExportRecords(eid: number, accountId: number, offset: number, limit: number) {
    const where = and(...this.mine(eid, accountId));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(r).where(where).orderBy(desc(r.createdAt), desc(r.id)).limit(limit).offset(offset),
      this.db.select({ total: count() }).from(r).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async viewExportRecord(eid: number, accountId: number, id: number): Promise<ExportRecordRow | null> {
    const [row] = await this.db
      .select()
      .from(r)
      .where(and(...this.mine(eid, accountId), eq(r.id, id)));
    return row ?? null;
  }

  /** Deletes one record; answers its file key ('' when it had none), null when there was no such record. */
  async deleteExportRecord(eid: number, accountId: number, id: number): Promise<string | null> {
    const [row] = await this.db
      .delete(r)
      .where(and(...this.mine(eid, accountId), eq(r.id, id)))
      .returning({ storageKey: r.storageKey });
    return row ? (row.storageKey ?? '') : null;
  }

  /** Deletes all my records in the enterprise; answers the file keys they had. */
  async deleteAllExportRecords(eid: number, accountId: number): Promise<string[]> {
    const rows = await this.db
      .delete(r)
      .where(and(...this.mine(eid, accountId)))
      .returning({ storageKey: r.storageKey });
    return rows.map((x) => x.storageKey).filter((k): k is string => !!k);
  }
}
