import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { ErrorCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import type { AuditEvent, AuditLog } from '../../platform/audit.ts';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';

const log = schema.auditLog;

/** Failed password checks of an account, as the audit log records them. */
const FAILURES: AuditEvent[] = ['sign_in_failed', 'account_locked', 'old_password_wrong'];
/** What ends a run of failures from an address: a sign-in from it, or a new password. */
const SUCCESS = 'sign_in';
const NEW_PASSWORD = 'password_changed';

/** ASVS 2.2.1: no more than 100 failed attempts an hour on one account, from all addresses together. */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
/** Addresses the account signed in from within this many days stay open above the ceiling. */
export const KNOWN_ADDRESS_DAYS = 30;
const HOUR = 60 * 60_000;

/**
 * The password lock (decision 023). Failures are counted per account and client address: after
 * SIGN_IN_MAX_FAILURES failures from one address within SIGN_IN_LOCK_MINUTES (none of them
 * followed by a sign-in from there or a new password), that address may not try the account's
 * password for SIGN_IN_LOCK_MINUTES (3008 with the minutes left), the right password included;
 * every other address is unaffected, so a stranger cannot lock the owner out. Above
 * ACCOUNT_FAILURES_PER_HOUR failures an hour from all addresses together (a guesser with many
 * addresses, each attempt with a solved captcha), only addresses the account signed in from within
 * KNOWN_ADDRESS_DAYS may try the password; the SMS-code sign-in stays open to the owner anywhere.
 * The audit log, which records every attempt with its address, is the one record read.
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

  /** 3008 when this address may not try the account's password now. */
  async assertMayTry(accountId: number, ip: string, now = new Date()): Promise<void> {
    const until = (await this.addressLockedUntil(accountId, ip, now)) ?? (await this.ceilingUntil(accountId, ip, now));
    if (until) throw locked(until, now);
  }

  /**
   * Records a wrong password from this address (`event`: sign_in_failed, or old_password_wrong for
   * a signed-in person's old password) and throws: 3008 when it locks the address, else `wrong`.
   */
  async fail(
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
    const { accountId, ip } = entry;
    const before = await this.recentFailures(accountId, ip, now);
    const run = [now, ...before].slice(0, this.config.SIGN_IN_MAX_FAILURES);
    if (run.length === this.config.SIGN_IN_MAX_FAILURES && now.getTime() - run.at(-1)!.getTime() < this.lockMs) {
      await this.audit.write({ ...entry, event: 'account_locked', detail: { ...entry.detail, by: entry.event } });
      throw locked(new Date(now.getTime() + this.lockMs), now);
    }
    await this.audit.write({ ...entry, detail: { ...entry.detail, reason: 'password', failures: run.length } });
    throw wrong;
  }

  /**
   * The failures from this address since its last sign-in or the account's last new password,
   * newest first, at most SIGN_IN_MAX_FAILURES of them, within two lock periods (older ones can
   * neither lock nor still be locking).
   */
  private async recentFailures(accountId: number, ip: string, now: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ event: log.event, at: log.createdAt })
      .from(log)
      .where(
        and(
          eq(log.accountId, accountId),
          gt(log.createdAt, new Date(now.getTime() - 2 * this.lockMs)),
          or(and(eq(log.ip, ip), inArray(log.event, [...FAILURES, SUCCESS])), eq(log.event, NEW_PASSWORD)),
        ),
      )
      .orderBy(desc(log.createdAt), desc(log.id))
      .limit(this.config.SIGN_IN_MAX_FAILURES);
    const out: Date[] = [];
    for (const row of rows) {
      if (!FAILURES.includes(row.event as AuditEvent)) break;
      out.push(row.at);
    }
    return out;
  }

  /** Until when this address is locked out of the account: a full run of failures, the lock not over. */
  private async addressLockedUntil(accountId: number, ip: string, now: Date): Promise<Date | null> {
    const run = await this.recentFailures(accountId, ip, now);
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
  private async ceilingUntil(accountId: number, ip: string, now: Date): Promise<Date | null> {
    const since = new Date(now.getTime() - HOUR);
    const [reset] = await this.db
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
    const [{ count } = { count: 0 }] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(log)
      .where(counted);
    if (count < ACCOUNT_FAILURES_PER_HOUR) return null;
    const [known] = await this.db
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
    const [oldest] = await this.db
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
