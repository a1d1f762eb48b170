import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { ErrorCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import { AppError } from './errors.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Capitals and digits without look-alikes (0/O/Q, 1/I/L, 2/Z, 9/G, U/V). */
export const CAPTCHA_CHARS = 'ABCDEFHJKMNPRSTWXY345678';

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

  /** Uses up the captcha and throws 3004 (unknown, used or expired) or 3003 (wrong answer). */
  async check(token: string, answer: string, now = new Date()): Promise<void> {
    const [row] = await this.db
      .update(schema.captchas)
      .set({ usedAt: now })
      .where(and(eq(schema.captchas.tokenHash, hash(token)), isNull(schema.captchas.usedAt)))
      .returning({ answerHash: schema.captchas.answerHash, expiresAt: schema.captchas.expiresAt });
    this.judge(row, token, answer, now);
  }

  /**
   * For sending an SMS code: the captcha buys one code, and stays good for one submit of the form
   * that sent it (the person solves one captcha per attempt, not two). A wrong answer uses it up.
   */
  async checkForCode(token: string, answer: string, now = new Date()): Promise<void> {
    const [row] = await this.db
      .update(schema.captchas)
      .set({ codeSentAt: now })
      .where(
        and(
          eq(schema.captchas.tokenHash, hash(token)),
          isNull(schema.captchas.usedAt),
          isNull(schema.captchas.codeSentAt),
        ),
      )
      .returning({ answerHash: schema.captchas.answerHash, expiresAt: schema.captchas.expiresAt });
    try {
      this.judge(row, token, answer, now);
    } catch (err) {
      if (row)
        await this.db
          .update(schema.captchas)
          .set({ usedAt: now })
          .where(eq(schema.captchas.tokenHash, hash(token)));
      throw err;
    }
  }

  private judge(row: { answerHash: string; expiresAt: Date } | undefined, token: string, answer: string, now: Date) {
    if (!row || row.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.CAPTCHA_EXPIRED);
    if (row.answerHash !== answerHash(token, answer)) throw new AppError(ErrorCode.CAPTCHA_WRONG);
  }
}
