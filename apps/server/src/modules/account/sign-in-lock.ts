import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { ErrorCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import type { AuditEvent, AuditLog } from '../../platform/audit.ts';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';

const log = schema.auditLog;

/**
 * A password about to be checked: written, under the account's lock, before the check, so attempts
 * at the same moment each see the ones before them (decision 023).
 */
const TRIED = 'password_tried';
/** Failed password checks of an account, as the audit log records them (the account-wide ceiling). */
const FAILURES: AuditEvent[] = ['sign_in_failed', 'account_locked', 'old_password_wrong'];
/** What ends a run of attempts from an address: a sign-in from it, or a new password. */
const SUCCESS = 'sign_in';
const NEW_PASSWORD = 'password_changed';
/** The advisory-lock class of the password lock (its second key is the account id). */
const LOCK_CLASS = 23;

/** ASVS 2.2.1: no more than 100 failed attempts an hour on one account, from all addresses together. */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
/** Addresses the account signed in from within this many days stay open above the ceiling. */
export const KNOWN_ADDRESS_DAYS = 30;
const HOUR = 60 * 60_000;

/** The owner's connection or its transaction: where the lock reads the audit log. */
type Reader = Pick<Db, 'select'>;

/** A password check the lock let through: whether its failure locks the address. */
export interface PasswordAttempt {
  locksOnFailure: boolean;
}

/**
 * The password lock (decision 023). Attempts are counted per account and client address: after
 * SIGN_IN_MAX_FAILURES attempts from one address within SIGN_IN_LOCK_MINUTES (none of them
 * followed by a sign-in from there or a new password), that address may not try the account's
 * password for SIGN_IN_LOCK_MINUTES (3008 with the minutes left), the right password included;
 * every other address is unaffected, so a stranger cannot lock the owner out. Above
 * ACCOUNT_FAILURES_PER_HOUR failures an hour from all addresses together (a guesser with many
 * addresses, each attempt with a solved captcha), only addresses the account signed in from within
 * KNOWN_ADDRESS_DAYS may try the password; the SMS-code sign-in stays open to the owner anywhere.
 *
 * `claim` decides and records the attempt in one transaction that holds the account's advisory
 * lock, before the (slow) password check: concurrent guesses queue there for a moment, and only
 * SIGN_IN_MAX_FAILURES of them reach the check. An attempt whose outcome never comes (the process
 * stopped) keeps counting as one until its lock period is over. The audit log, which records every
 * attempt with its address, is the one record read.
 */
export class SignInLock {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly config: Pick<Config, 'SIGN_IN_MAX_FAILURES' | 'SIGN_IN_LOCK_MINUTES'>,
  ) {}

  private get lockMs(): number {
    return this.config.SIGN_IN_LOCK_MINUTES * 60_000;
  }

  /**
   * Lets this address try the account's password once, recorded as tried before the check;
   * 3008 (nothing recorded) when it may not try now.
   */
  async claim(
    entry: { accountId: number; eid: number | null; ip: string },
    now = new Date(),
  ): Promise<PasswordAttempt> {
    const { accountId, ip } = entry;
    return this.db.transaction(async (tx) => {
      // One claim of an account at a time, to its commit: the next one reads this one's row.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, ${accountId})`);
      const before = await this.recentAttempts(tx, accountId, ip, now);
      const until = this.addressLockedUntil(before, now) ?? (await this.ceilingUntil(tx, accountId, ip, now));
      if (until) throw locked(until, now);
      const run = [now, ...before].slice(0, this.config.SIGN_IN_MAX_FAILURES);
      const locksOnFailure =
        run.length === this.config.SIGN_IN_MAX_FAILURES && now.getTime() - run.at(-1)!.getTime() < this.lockMs;
      await tx.insert(log).values({ event: TRIED, accountId, eid: entry.eid, ip, detail: { attempt: run.length } });
      return { locksOnFailure };
    });
  }

  /**
   * Records a wrong password of a claimed attempt (`event`: sign_in_failed, or old_password_wrong
   * for a signed-in person's old password) and throws: 3008 when it locks the address, else `wrong`.
   */
  async fail(
    attempt: PasswordAttempt,
    entry: {
      accountId: number;
      eid: number | null;
      ip: string;
      event: 'sign_in_failed' | 'old_password_wrong';
      detail?: Record<string, unknown>;
    },
    wrong: AppError,
    now = new Date(),
  ): Promise<never> {
    if (attempt.locksOnFailure) {
      await this.audit.write({ ...entry, event: 'account_locked', detail: { ...entry.detail, by: entry.event } });
      throw locked(new Date(now.getTime() + this.lockMs), now);
    }
    await this.audit.write({ ...entry, detail: { ...entry.detail, reason: 'password' } });
    throw wrong;
  }

  /**
   * The attempts from this address since its last sign-in or the account's last new password,
   * newest first, at most SIGN_IN_MAX_FAILURES of them, within two lock periods (older ones can
   * neither lock nor still be locking).
   */
  private async recentAttempts(tx: Reader, accountId: number, ip: string, now: Date): Promise<Date[]> {
    const rows = await tx
      .select({ event: log.event, at: log.createdAt })
      .from(log)
      .where(
        and(
          eq(log.accountId, accountId),
          gt(log.createdAt, new Date(now.getTime() - 2 * this.lockMs)),
          or(and(eq(log.ip, ip), inArray(log.event, [TRIED, SUCCESS])), eq(log.event, NEW_PASSWORD)),
        ),
      )
      .orderBy(desc(log.createdAt), desc(log.id))
      .limit(this.config.SIGN_IN_MAX_FAILURES);
    const out: Date[] = [];
    for (const row of rows) {
      if (row.event !== TRIED) break;
      out.push(row.at);
    }
    return out;
  }

  /** Until when this address is locked out of the account: a full run of attempts, the lock not over. */
  private addressLockedUntil(run: Date[], now: Date): Date | null {
    if (run.length < this.config.SIGN_IN_MAX_FAILURES) return null;
    const [last, first] = [run[0]!, run.at(-1)!];
    if (last.getTime() - first.getTime() >= this.lockMs) return null;
    const until = new Date(last.getTime() + this.lockMs);
    return until > now ? until : null;
  }

  /**
   * Above the account-wide ceiling, until when an address the account has not signed in from
   * recently must wait (the hour's count falls below the ceiling then); null otherwise.
   */
  private async ceilingUntil(tx: Reader, accountId: number, ip: string, now: Date): Promise<Date | null> {
    const since = new Date(now.getTime() - HOUR);
    const [reset] = await tx
      .select({ at: log.createdAt })
      .from(log)
      .where(and(eq(log.accountId, accountId), eq(log.event, NEW_PASSWORD), gt(log.createdAt, since)))
      .orderBy(desc(log.createdAt))
      .limit(1);
    const counted = and(
      eq(log.accountId, accountId),
      inArray(log.event, FAILURES),
      gt(log.createdAt, reset ? reset.at : since),
    );
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(log)
      .where(counted);
    if (count < ACCOUNT_FAILURES_PER_HOUR) return null;
    const [known] = await tx
      .select({ id: log.id })
      .from(log)
      .where(
        and(
          eq(log.accountId, accountId),
          eq(log.event, SUCCESS),
          eq(log.ip, ip),
          gt(log.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 24 * HOUR)),
        ),
      )
      .limit(1);
    if (known) return null;
    // The count falls below the ceiling when its (count - ceiling + 1) oldest failures are an hour old.
    const [oldest] = await tx
      .select({ at: log.createdAt })
      .from(log)
      .where(counted)
      .orderBy(asc(log.createdAt))
      .offset(count - ACCOUNT_FAILURES_PER_HOUR)
      .limit(1);
    return new Date((oldest?.at ?? now).getTime() + HOUR);
  }
}

export function locked(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(ErrorCode.ACCOUNT_LOCKED, { params: { minutes }, data: { minutes } });
}
