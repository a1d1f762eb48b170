import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode, type SmsPurposeValue } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import { AppError } from './errors.ts';
import type { SmsProvider } from './providers/sms.ts';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
/** Seconds before another code may be sent to the same phone for the same purpose. */
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;
/** The advisory-lock class of sending a code (its second key is a hash of the phone and purpose). */
const SEND_LOCK_CLASS = 24;

const codeHash = (phone: string, purpose: number, code: string) =>
  createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');

const TEXTS: Record<SmsPurposeValue, string> = {
  1: '注册',
  2: '登录',
  3: '找回密码',
  4: '更换手机号',
  5: '注销账号',
};

/**
 * SMS codes (issue 3): 6 digits, valid 5 minutes, 5 attempts, one new code a minute per phone and
 * purpose; a new code replaces the one before. Only the hash is stored.
 */
export class SmsCodes {
  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
  ) {}

  /** Sends a new code; answers the seconds until the next may be sent. */
  async send(phone: string, purpose: SmsPurposeValue, siteName: string, now = new Date()): Promise<number> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const inserted = await this.db.transaction(async (tx) => {
      // One send of a phone and purpose at a time, to its commit: the check below then sees the
      // code a concurrent send just wrote, so of sends at the same moment one is sent (decision 023).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEND_LOCK_CLASS}, hashtext(${`${phone}:${purpose}`}))`);
      const [last] = await tx
        .select({ createdAt: schema.smsCodes.createdAt })
        .from(schema.smsCodes)
        .where(and(eq(schema.smsCodes.phone, phone), eq(schema.smsCodes.purpose, purpose)))
        .orderBy(desc(schema.smsCodes.createdAt))
        .limit(1);
      if (last && now.getTime() - last.createdAt.getTime() < SMS_RESEND_SECONDS * 1000) {
        throw new AppError(ErrorCode.SMS_TOO_FREQUENT);
      }
      // The code before, if any, is of no more use.
      await tx
        .update(schema.smsCodes)
        .set({ usedAt: now })
        .where(
          and(eq(schema.smsCodes.phone, phone), eq(schema.smsCodes.purpose, purpose), isNull(schema.smsCodes.usedAt)),
        );
      const [row] = await tx
        .insert(schema.smsCodes)
        .values({
          phone,
          purpose,
          codeHash: codeHash(phone, purpose, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
        })
        .returning({ id: schema.smsCodes.id });
      return row!;
    });
    try {
      await this.provider.send(phone, {
        code,
        text: `【${siteName}】您的${TEXTS[purpose]}验证码为 ${code}，${SMS_CODE_TTL_MS / 60_000} 分钟内有效，请勿泄露给他人。`,
      });
    } catch (err) {
      // Not sent: the code never existed, and asking again is not "too frequent".
      await this.db.delete(schema.smsCodes).where(eq(schema.smsCodes.id, inserted.id));
      throw new AppError(ErrorCode.INTERNAL, {
        message: { zh: '短信发送失败，请稍后再试', en: 'The SMS could not be sent, please try again later' },
        cause: err,
      });
    }
    return SMS_RESEND_SECONDS;
  }

  /**
   * Uses up the phone's code for the purpose when it matches; otherwise counts the attempt and
   * throws 3005 (wrong) or 3006 (none, expired or out of attempts).
   */
  async consume(phone: string, purpose: SmsPurposeValue, code: string, now = new Date()): Promise<void> {
    const id = await this.attempt(phone, purpose, code, now);
    const used = await this.db
      .update(schema.smsCodes)
      .set({ usedAt: now })
      .where(and(eq(schema.smsCodes.id, id), isNull(schema.smsCodes.usedAt)))
      .returning({ id: schema.smsCodes.id });
    // Two requests raced with the same code: only one of them gets it.
    if (used.length === 0) throw new AppError(ErrorCode.SMS_CODE_EXPIRED);
  }

  /**
   * Checks the phone's code for the purpose without using it up (check/verification/code, decision
   * 019): the check spends one of the code's SMS_MAX_ATTEMPTS like a use does, so checking cannot
   * guess a code any more than using it can; the step after sends the same code and uses it up.
   */
  async check(phone: string, purpose: SmsPurposeValue, code: string, now = new Date()): Promise<void> {
    await this.attempt(phone, purpose, code, now);
  }

  /** One attempt at the phone's live code: claimed first, then compared; answers the code's id. */
  private async attempt(phone: string, purpose: SmsPurposeValue, code: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select()
      .from(schema.smsCodes)
      .where(
        and(
          eq(schema.smsCodes.phone, phone),
          eq(schema.smsCodes.purpose, purpose),
          isNull(schema.smsCodes.usedAt),
          gt(schema.smsCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(schema.smsCodes.createdAt))
      .limit(1);
    if (!row) throw new AppError(ErrorCode.SMS_CODE_EXPIRED);
    // Each check claims one of the attempts first, so parallel guesses cannot share one.
    const [claimed] = await this.db
      .update(schema.smsCodes)
      .set({ attempts: sql`${schema.smsCodes.attempts} + 1` })
      .where(and(eq(schema.smsCodes.id, row.id), lt(schema.smsCodes.attempts, SMS_MAX_ATTEMPTS)))
      .returning({ id: schema.smsCodes.id });
    if (!claimed) throw new AppError(ErrorCode.SMS_CODE_EXPIRED);
    if (row.codeHash !== codeHash(phone, purpose, code.trim())) throw new AppError(ErrorCode.SMS_CODE_WRONG);
    return row.id;
  }
}
