import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import { AppError } from './errors.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Capitals and digits without look-alikes (0/O/Q, 1/I/L, 2/Z, 9/G, U/V). */
export const CAPTCHA_CHARS = 'ABCDEFHJKMNPRSTWXY345678';

const c = schema.captchas;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const answerHash = (token: string, answer: string) => hash(`${token}:${answer.trim().toLowerCase()}`);

/**
 * Image captchas (svg-captcha): 4 characters without look-alikes, case-insensitive, valid for 5
 * minutes and for one check only, right or wrong (sending an SMS code and then submitting the form
 * that sent it count as one, see checkForCode). Kept in PostgreSQL so any process may check.
 */
export class CaptchaStore {
  constructor(private readonly db: Db) {}

  async create(now = new Date()): Promise<{ token: string; img: string; text: string }> {
    // Whole characters in the 120×40 box (the default 56 px font is cut off at the bottom), dark
    // on light, from a set without look-alikes (answers are case-insensitive: capitals only).
    // svg-captcha parses its font (opentype.js) when loaded: loaded with the first captcha.
    const { default: svgCaptcha } = await import('svg-captcha');
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      charPreset: CAPTCHA_CHARS,
      color: false,
      width: 120,
      height: 40,
      fontSize: 40,
    });
    const token = randomBytes(24).toString('base64url');
    await this.db.insert(schema.captchas).values({
      tokenHash: hash(token),
      answerHash: answerHash(token, captcha.text),
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    });
    const img = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
    return { token, img, text: captcha.text };
  }

  /**
   * Uses up a captcha for a call that needs one (3004 unknown, used, expired or already spent on
   * an SMS code; 3003 wrong answer).
   */
  check(token: string, answer: string, now = new Date()): Promise<void> {
    return this.take(token, answer, now, isNull(c.codeSentAt), { usedAt: now });
  }

  /**
   * For sending an SMS code of a form that submits the same captcha (registering, resetting a
   * password): the captcha buys this one code and stays good for the submit of that form for that
   * phone only (checkForSubmit), never for another call. A wrong answer uses it up.
   */
  checkForCode(token: string, answer: string, code: { purpose: number; phone: string }, now = new Date()) {
    return this.take(token, answer, now, isNull(c.codeSentAt), {
      codeSentAt: now,
      codePurpose: code.purpose,
      codePhone: code.phone,
    });
  }

  /** The submit of such a form: a fresh captcha, or the one that sent its code to this phone. */
  checkForSubmit(token: string, answer: string, code: { purpose: number; phone: string }, now = new Date()) {
    const fresh = isNull(c.codeSentAt);
    const sentHere = and(eq(c.codePurpose, code.purpose), eq(c.codePhone, code.phone));
    return this.take(token, answer, now, or(fresh, sentHere)!, { usedAt: now });
  }

  /**
   * One statement: the answer is judged in the update, so a right answer records `onRight` and a
   * wrong one uses the captcha up; no second request can slip between the two.
   */
  private async take(
    token: string,
    answer: string,
    now: Date,
    allowed: SQL,
    onRight: { usedAt?: Date; codeSentAt?: Date; codePurpose?: number; codePhone?: string },
  ): Promise<void> {
    const right = sql`${c.answerHash} = ${answerHash(token, answer)}`;
    const set: Record<string, SQL> = {
      usedAt: sql`CASE WHEN ${right} THEN ${onRight.usedAt ?? null}::timestamptz ELSE ${now} END`,
    };
    if (onRight.codeSentAt) {
      set.codeSentAt = sql`CASE WHEN ${right} THEN ${onRight.codeSentAt}::timestamptz ELSE NULL END`;
      set.codePurpose = sql`CASE WHEN ${right} THEN ${onRight.codePurpose}::int ELSE NULL END`;
      set.codePhone = sql`CASE WHEN ${right} THEN ${onRight.codePhone}::text ELSE NULL END`;
    }
    const [row] = await this.db
      .update(c)
      .set(set)
      .where(and(eq(c.tokenHash, hash(token)), isNull(c.usedAt), gt(c.expiresAt, now), allowed))
      .returning({ right: sql<boolean>`${right}` });
    if (!row) throw new AppError(ErrorCode.CAPTCHA_EXPIRED);
    if (!row.right) throw new AppError(ErrorCode.CAPTCHA_WRONG);
  }
}
