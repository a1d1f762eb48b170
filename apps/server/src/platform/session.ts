import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { ErrorCode, TOKEN_TTL_MS } from '@portal/contract';
import type pg from 'pg';
import { schema, type Db } from '@portal/db';
import { Batcher } from './batcher.ts';
import { AppError } from './errors.ts';

/** How long a session handoff ticket is good for (the browser follows it at once). */
export const HANDOFF_TTL_MS = 60_000;

export interface Session {
  tokenHash: string;
  accountId: number;
  /** The chosen enterprise; every tenant-owned read and write goes through it. */
  eid: number;
  isAdmin: boolean;
}

/** A session that may not have chosen its enterprise yet. */
export interface AccountSession {
  tokenHash: string;
  accountId: number;
  eid: number | null;
}

/** A membership waiting for an administrator's review (registration without auto-audit). */
export const MEMBERSHIP_PENDING = 3;

export function pendingReview(): AppError {
  return new AppError(ErrorCode.ACCOUNT_DISABLED, {
    message: {
      zh: '您的注册信息正在审核中，请耐心等待管理员审核',
      en: 'Your registration is waiting for review by an administrator',
    },
  });
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type LookupRow = {
  accountId: number;
  eid: number | null;
  expiresAt: Date;
  revokedAt: Date | null;
  status: number | null;
  isAdmin: boolean | null;
  enterpriseStatus: number | null;
};

/** The sessions of a set of token hashes, with their membership's and enterprise's state. */
const LOOKUP = {
  name: 'session_authenticate',
  text: `
    SELECT s.token_hash AS "tokenHash", s.account_id AS "accountId", s.eid, s.expires_at AS "expiresAt",
      s.revoked_at AS "revokedAt", eu.status, eu.is_admin AS "isAdmin", e.status AS "enterpriseStatus"
    FROM sessions s
    LEFT JOIN enterprise_users eu ON eu.eid = s.eid AND eu.account_id = s.account_id
    LEFT JOIN enterprises e ON e.eid = s.eid
    WHERE s.token_hash = ANY($1::text[])`,
};

/** Opaque random session tokens (256 bits), stored hashed (DESIGN.md section 4). */
export class SessionStore {
  /**
   * The look-up every signed-in call makes whose token is not kept: the look-ups of the moment go
   * to the database together (one named statement for any number of tokens; `Batcher`, decision
   * 028), so thousands of learners' progress reports a second do not each cost a query.
   */
  private readonly lookups: Batcher<{
    tokenHash: string;
    resolve: (row: LookupRow | undefined) => void;
    reject: (err: unknown) => void;
  }>;

  /**
   * What a token's look-up found, kept `cacheTtlMs` (DESIGN.md section 1: a cache with a bounded
   * lifetime): a page render or a burst of progress reports does not ask the database again. This
   * process forgets a session the moment it ends one (sign-out, switch, password or phone
   * change); another process sees an ending, or an administrator's change of the membership,
   * within `cacheTtlMs`. Expiry is judged on every call.
   */
  private readonly found: LRUCache<string, LookupRow> | null;

  /**
   * What a signed-in person's own reads answered (`remember`), for the same time and forgotten
   * with their sessions (`forgetAccount`): the current user every page and client asks for.
   */
  private readonly views: LRUCache<string, { accountId: number; value: Promise<unknown> }> | null;

  /** `pool`: the owner's pool behind `db`, which the batched look-ups use directly. */
  constructor(
    private readonly db: Db,
    pool: pg.Pool,
    cacheTtlMs = 0,
  ) {
    this.found = cacheTtlMs > 0 ? new LRUCache<string, LookupRow>({ max: 10_000, ttl: cacheTtlMs }) : null;
    this.views = cacheTtlMs > 0 ? new LRUCache({ max: 10_000, ttl: cacheTtlMs }) : null;
    this.lookups = new Batcher({
      run: async (batch) => {
        const { rows } = await pool.query<LookupRow & { tokenHash: string }>({
          ...LOOKUP,
          values: [[...new Set(batch.map((item) => item.tokenHash))]],
        });
        const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
        for (const item of batch) item.resolve(byHash.get(item.tokenHash));
      },
      fail: (item, err) => item.reject(err),
    });
  }

  private lookup(tokenHash: string) {
    return new Promise<LookupRow | undefined>((resolve, reject) => this.lookups.add({ tokenHash, resolve, reject }));
  }

  /**
   * A token's session as kept or looked up in the moment's batch: every signed-in call asks it,
   * and the rate limiter asks it (for the account) before the call does.
   */
  private async rowOf(tokenHash: string): Promise<LookupRow> {
    let row = this.found?.get(tokenHash);
    if (!row) {
      row = await this.lookup(tokenHash);
      if (!row) throw new AppError(ErrorCode.NOT_SIGNED_IN);
      this.found?.set(tokenHash, row);
    }
    return row;
  }

  async create(accountId: number, eid: number | null, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
    await this.db.insert(schema.sessions).values({ tokenHash: hashToken(token), accountId, eid, expiresAt });
    return { token, expiresAt };
  }

  /**
   * The session of a token, or the code that tells the client why there is none:
   * 301 unknown, 305 expired, 307 ended (revoked), 308 disabled by the enterprise, 309 no enterprise yet.
   */
  async authenticate(token: string | undefined, now = new Date()): Promise<Session> {
    if (!token) throw new AppError(ErrorCode.NOT_SIGNED_IN);
    const tokenHash = hashToken(token);
    const row = await this.rowOf(tokenHash);
    // A session ended because the enterprise disabled the person says so (308, not 307): the
    // client shows the 温馨提示 dialog rather than a bare sign-in page (decision 037).
    if (row.revokedAt) throw new AppError(row.status === 2 ? ErrorCode.ACCOUNT_DISABLED : ErrorCode.SESSION_ENDED);
    if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.SESSION_EXPIRED);
    if (row.eid === null) throw new AppError(ErrorCode.CHOOSE_ENTERPRISE);
    if (row.status === null) throw new AppError(ErrorCode.SESSION_ENDED);
    if (row.status === MEMBERSHIP_PENDING) throw pendingReview();
    if (row.status !== 1) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    if (row.enterpriseStatus !== 1) {
      throw new AppError(ErrorCode.ACCOUNT_DISABLED, {
        message: {
          zh: '所在平台已停用，请联系管理员',
          en: 'This organisation has been disabled, please contact the administrator',
        },
      });
    }
    return { tokenHash, accountId: row.accountId, eid: row.eid, isAdmin: row.isAdmin ?? false };
  }

  /**
   * The account behind a token, whether or not an enterprise is chosen yet (choosing one is what
   * such a session is for): 301 unknown, 305 expired, 307 ended.
   */
  async authenticateAccount(token: string | undefined, now = new Date()): Promise<AccountSession> {
    if (!token) throw new AppError(ErrorCode.NOT_SIGNED_IN);
    const tokenHash = hashToken(token);
    const row = await this.rowOf(tokenHash);
    if (row.revokedAt) throw new AppError(ErrorCode.SESSION_ENDED);
    if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.SESSION_EXPIRED);
    return { tokenHash, accountId: row.accountId, eid: row.eid };
  }

  /** Ends one session (sign-out, enterprise switch). */
  async revoke(tokenHash: string, reason: string): Promise<void> {
    this.found?.delete(tokenHash);
    await this.db
      .update(schema.sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(schema.sessions.tokenHash, tokenHash), isNull(schema.sessions.revokedAt)));
    // Again once it is ended: a look-up that ran meanwhile may have kept it.
    this.found?.delete(tokenHash);
  }

  /** A one-time ticket (a minute long) that opens a session of this account and enterprise elsewhere. */
  async createHandoff(accountId: number, eid: number, now = new Date()): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.db
      .insert(schema.sessionHandoffs)
      .values({ ticketHash: hashToken(ticket), accountId, eid, expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS) });
    return ticket;
  }

  /** The account a ticket would open for this enterprise, without using it up, or null. */
  async peekHandoff(ticket: string, eid: number, now = new Date()): Promise<number | null> {
    const [row] = await this.db
      .select()
      .from(schema.sessionHandoffs)
      .where(and(eq(schema.sessionHandoffs.ticketHash, hashToken(ticket)), isNull(schema.sessionHandoffs.usedAt)))
      .limit(1);
    if (!row || row.eid !== eid || row.expiresAt.getTime() <= now.getTime()) return null;
    return row.accountId;
  }

  /** Uses up a ticket for this enterprise: the account it carries, or null (unknown, used, expired, elsewhere). */
  async takeHandoff(ticket: string, eid: number, now = new Date()): Promise<number | null> {
    const [row] = await this.db
      .update(schema.sessionHandoffs)
      .set({ usedAt: now })
      .where(and(eq(schema.sessionHandoffs.ticketHash, hashToken(ticket)), isNull(schema.sessionHandoffs.usedAt)))
      .returning();
    if (!row || row.eid !== eid || row.expiresAt.getTime() <= now.getTime()) return null;
    return row.accountId;
  }

  /** Ends every session of an account (password or phone changed, account cancelled). */
  async revokeAll(accountId: number, reason: string): Promise<void> {
    this.forgetAccount(accountId);
    await this.db
      .update(schema.sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(schema.sessions.accountId, accountId), isNull(schema.sessions.revokedAt)));
    // Again once they are ended: a look-up that ran meanwhile may have kept one.
    this.forgetAccount(accountId);
  }

  /**
   * A read of the person's own that every signed-in page or client repeats (`kind` names it),
   * kept as long as a session look-up; concurrent asks share one load. A change to what it reads
   * must call `forgetAccount` (this process at once; other processes see it within the TTL).
   */
  remember<T>(kind: string, who: { eid: number; accountId: number }, load: () => Promise<T>): Promise<T> {
    if (!this.views) return load();
    const key = `${kind}:${who.eid}:${who.accountId}`;
    const kept = this.views.get(key);
    if (kept) return kept.value as Promise<T>;
    const value = load();
    this.views.set(key, { accountId: who.accountId, value });
    // A failed load is not kept.
    value.catch(() => {
      if (this.views?.get(key)?.value === value) this.views.delete(key);
    });
    return value;
  }

  /**
   * Forgets what this process kept of an account: its looked-up sessions and its remembered reads
   * (its sessions ended, or its memberships, profile or totals changed).
   */
  forgetAccount(accountId: number): void {
    for (const cache of [this.found, this.views]) {
      if (!cache) continue;
      for (const [key, row] of cache.entries()) {
        if (row.accountId === accountId) cache.delete(key);
      }
    }
  }
}
