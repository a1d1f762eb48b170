import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

import { connectDatabase, schema, type Db } from '@portal/db';
import { portal } from './portal.ts';

/** The answer of every captcha a page gets through `knownCaptchas`. */
export const CAPTCHA_ANSWER = 'k7mp';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A captcha whose answer is CAPTCHA_ANSWER, stored as the server stores its own: its token. */
export async function putCaptcha(db: Db): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(schema.captchas).values({
    tokenHash: sha256(token),
    answerHash: sha256(`${token}:${CAPTCHA_ANSWER}`),
    expiresAt: new Date(Date.now() + 5 * 60_000),
  });
  return token;
}

/**
 * A browser test cannot read the captcha image, so the page's captcha calls are answered with
 * captchas this test put in the portal's database, stored exactly as the server stores its own
 * (token and answer hashed): the server checks them as any other, single use and short-lived.
 */
export async function knownCaptchas(page: Page) {
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  await page.route('**/gateway/user/api/common/get/image/captcha*', async (route) => {
    const token = await putCaptcha(database.db);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="10" y="28">${CAPTCHA_ANSWER}</text></svg>`;
    await route.fulfill({
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({
        code: 200,
        message: '成功',
        data: { token, img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` },
      }),
    });
  });
  return { close: () => database.close() };
}

/** The latest SMS code the dev provider "sent" to a phone (its outbox call). */
export async function lastSmsCode(phone: string): Promise<string> {
  const port = portal().port;
  // A portal that does not answer fails the test here, by name, not at the test's timeout.
  const res = await fetch(`http://127.0.0.1:${port}/gateway/dev/api/sms/outbox?phone=${phone}`, {
    headers: { domain: 'localhost', platform: 'WEB-CLIENT' },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data: Array<{ content: string }> };
  const code = /\d{6}/.exec(body.data[0]?.content ?? '')?.[0];
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

let learners = 0;

/**
 * A new learner of one demo enterprise with a password, for tests that change what they sign in
 * with (the demo accounts stay as they are for the other tests).
 */
export async function createLearner(
  eid: number,
  password = 'Learn#2026',
): Promise<{ phone: string; password: string }> {
  const { hash } = await import('@node-rs/argon2');
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  try {
    const phone =
      `135${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 9) + String(++learners).padStart(2, '0');
    const [account] = await database.db
      .insert(schema.accounts)
      .values({ phone, passwordHash: await hash(password) })
      .returning();
    await database.db
      .insert(schema.enterpriseUsers)
      .values({ eid, accountId: account!.id, userName: `学员${learners}`, realName: `学员${learners}` });
    return { phone, password };
  } finally {
    await database.close();
  }
}
