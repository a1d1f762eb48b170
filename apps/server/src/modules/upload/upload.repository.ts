import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

const u = schema.uploads;

/**
 * Who may use an upload: its own uploader, or anyone holding the key of an upload made without a
 * session (a registration's photo; its random key is known only to whoever made it) that nothing
 * has claimed yet.
 */
function usableBy(accountId: number | null): SQL {
  const unowned = and(isNull(u.accountId), isNull(u.claimedAt))!;
  return accountId === null ? unowned : or(eq(u.accountId, accountId), unowned)!;
}

/** The ledger of uploaded files (table `uploads`): who uploaded each and whether it is used. */
export class UploadRepository {
  /**
   * `db`: the request's enterprise (row-level security); `system`: the owner's connection, for
   * work across enterprises (a person's files everywhere when their account goes; the sweep).
   */
  constructor(
    private readonly db: Db,
    private readonly system: Db,
  ) {}

  async record(row: { key: string; eid: number; accountId: number | null; size: number }): Promise<void> {
    await this.db.insert(u).values(row);
  }

  /** Whether this person may use the upload in this enterprise. */
  async usable(key: string, eid: number, accountId: number | null): Promise<boolean> {
    const [row] = await this.db
      .select({ key: u.key })
      .from(u)
      .where(and(eq(u.key, key), eq(u.eid, eid), usableBy(accountId)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Claims the upload for this account (in use from now on, until released), in one statement
   * with the check that it may; false when it may not or the file is already gone.
   */
  async claim(key: string, eid: number, accountId: number, uploader: number | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(u)
      .set({ accountId, claimedAt: now })
      .where(and(eq(u.key, key), eq(u.eid, eid), usableBy(uploader)))
      .returning({ key: u.key });
    return rows.length > 0;
  }

  /**
   * Claims the upload for the enterprise's own content (a lecturer's photo), in the caller's
   * transaction: owned by no account any more (a person's files go with their account; the site's
   * stay), used from now on; false when this uploader may not use it or it is gone.
   */
  static async claimForSite(tx: Tx, key: string, eid: number, uploader: number, now: Date): Promise<boolean> {
    const rows = await tx
      .update(u)
      .set({ accountId: null, claimedAt: now })
      .where(and(eq(u.key, key), eq(u.eid, eid), usableBy(uploader)))
      .returning({ key: u.key });
    return rows.length > 0;
  }

  /** A registration's photo, claimed before the account exists (no owner yet); false if it may not. */
  async reserve(key: string, eid: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(u)
      .set({ claimedAt: now })
      .where(and(eq(u.key, key), eq(u.eid, eid), usableBy(null)))
      .returning({ key: u.key });
    return rows.length > 0;
  }

  /** The registered account owns its reserved photo. */
  async assign(key: string, accountId: number): Promise<void> {
    await this.db.update(u).set({ accountId }).where(eq(u.key, key));
  }

  /** Forgets uploads whose files the caller deletes at once (a cancelled account's). */
  async forget(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.system.delete(u).where(inArray(u.key, keys));
  }

  /** No longer used: housekeeping deletes them once `unusedSince` is a day old. */
  async release(keys: string[], unusedSince: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.update(u).set({ claimedAt: null, createdAt: unusedSince }).where(inArray(u.key, keys));
  }

  /** Everything an account uploaded or claimed. */
  async keysOf(accountId: number): Promise<string[]> {
    const rows = await this.system.select({ key: u.key }).from(u).where(eq(u.accountId, accountId));
    return rows.map((r) => r.key);
  }

  /**
   * Forgets up to `limit` uploads unclaimed since before `before` and returns their keys, whose
   * files the caller deletes. One statement: an upload claimed meanwhile is kept.
   */
  async takeUnclaimed(before: Date, limit: number): Promise<string[]> {
    const rows = await this.system.execute<{ key: string }>(sql`
      DELETE FROM uploads WHERE key IN (
        SELECT key FROM uploads WHERE claimed_at IS NULL AND created_at < ${before.toISOString()}
        ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ) AND claimed_at IS NULL
      RETURNING key`);
    return rows.rows.map((r) => r.key);
  }
}
