import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { ErrorCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import { AppError } from './errors.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const answerHash = (token: string, answer: string) => hash(`${token}:${answer.trim().toLowerCase()}`);

/**
 * Image captchas (svg-captcha): 4 characters without look-alikes, case-insensitive, valid for 5
 * minutes and for one check only, right or wrong. Kept in PostgreSQL so any process may check.
 */
export class CaptchaStore {
  constructor(private readonly db: Db) {}

  async create(now = new Date()): Promise<{ token: string; img: string; text: string }> {
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      color: true,
      width: 120,
      height: 40,
    });
    const token = randomBytes(24).toString('base64url');
    await this.db.insert(schema.captchas).values({
      tokenHash: hash(token),
      answerHash: answerHash(token, captcha.text),
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    });
    // Now and then, drop the long-expired ones.
    if (Math.random() < 0.02) {
      await this.db
        .delete(schema.captchas)
        .where(lt(schema.captchas.expiresAt, new Date(now.getTime() - CAPTCHA_TTL_MS)));
    }
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
    if (!row || row.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.CAPTCHA_EXPIRED);
    if (row.answerHash !== answerHash(token, answer)) throw new AppError(ErrorCode.CAPTCHA_WRONG);
  }
}
