import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import {
  chooseEnterprise,
  findDevSmsOutbox,
  findEnterprises,
  getImageCaptcha,
  getPasswordKey,
  loginByCode,
  loginByEmployeeNo,
  loginByHandoff,
  loginByPassword,
  logout,
  sendVerificationCode,
  viewCurrentUser,
  viewHandoff,
  type CallDef,
  type CallRequest,
} from '@portal/contract';
import { captchaFor, createTestApp, encryptFor, unchecked, type TestApp, type Unchecked } from '../../test/harness.ts';
import { createAccount, createEnterprise } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', SIGN_IN_MAX_FAILURES: '3', SIGN_IN_LOCK_MINUTES: '15' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

const encrypt = (plain: string) => encryptFor(t, plain);

/** A fresh captcha and its answer (the answer never leaves the server but through the image). */
const captcha = () => captchaFor(t);

interface Via {
  /** The site called (default 甲企业's). */
  domain?: string;
  token?: string;
  lang?: string;
  remoteAddress?: string;
  /** Headers over the web client's (`host`; undefined leaves one out). */
  headers?: Record<string, string | undefined>;
}

/**
 * One call through `t.call` (the contract's method, path and input), as the web client on a site
 * makes it; the answer as the HTTP response's parts the tests read (`json()`, `cookies`, status).
 */
async function call<C extends CallDef>(
  def: C,
  options: Via & { body?: CallRequest<C> | Unchecked } = {},
  app: TestApp = t,
) {
  const res = await app.call(def, options.body ?? unchecked({}), {
    as: { domain: options.domain ?? a.domain, ...(options.token ? { token: options.token } : {}) },
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    raw: true,
  });
  return { json: () => res.body, statusCode: res.status, cookies: res.response.cookies };
}

async function passwordSignIn(phone: string, password: string, domain = a.domain) {
  return call(loginByPassword, { domain, body: { phone, password: encrypt(password), ...(await captcha()) } });
}

/** The account's audit events; `password_tried` (written before each password check) left out but where asked. */
async function auditEvents(accountId: number, options: { tried?: boolean } = {}) {
  const rows = await t.database.db
    .select({ event: schema.auditLog.event })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.accountId, accountId))
    .orderBy(schema.auditLog.id);
  return rows.map((r) => r.event).filter((e) => options.tried || e !== 'password_tried');
}

async function sendCode(phone: string, type: 1 | 2 | 3 = 2, domain = a.domain) {
  return call(sendVerificationCode, { domain, body: { phone, verificationCodeType: type, ...(await captcha()) } });
}

async function lastCode(phone: string): Promise<string> {
  const res = await call(findDevSmsOutbox, { body: { phone } });
  const [latest] = res.json().data as Array<{ content: string }>;
  return /\d{6}/.exec(latest!.content)![0];
}

describe('captcha and key', () => {
  it('gives a captcha as an SVG data URL with a token, and the public key of the password cipher', async () => {
    const res = await call(getImageCaptcha);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^[\w-]{20,}$/);
    expect(body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.data.img.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const key = (await call(getPasswordKey)).json();
    expect(key.data).toEqual({ publicKey: expect.stringContaining('BEGIN PUBLIC KEY'), algorithm: 'RSA-OAEP-256' });
  });
});

describe('password sign-in', () => {
  it('signs in: token in the body and as an HttpOnly cookie; the person and audit log follow', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const res = await passwordSignIn(person.phone, person.password);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, data: { token: expect.any(String), chooseEnterprise: false } });
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: body.data.token, httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = (await call(viewCurrentUser, { token: body.data.token })).json();
    expect(me.data).toMatchObject({ eid: a.eid, phone: person.phone, isAdmin: false });
    expect(await auditEvents(person.accountId)).toEqual(['sign_in']);
  });

  it('a wrong password gives 3002 and is audited; the message is in the page language', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const res = await call(loginByPassword, {
      lang: 'en',
      body: { phone: person.phone, password: encrypt('Wrong123!'), ...(await captcha()) },
    });
    expect(res.json()).toEqual({ code: 3002, message: 'Wrong account or password', data: null });
    expect((await passwordSignIn(person.phone, 'Wrong123!')).json().message).toBe('账号或密码错误');
    expect(await auditEvents(person.accountId)).toEqual(['sign_in_failed', 'sign_in_failed']);
    // An unknown phone answers the same.
    expect((await passwordSignIn('13900000999', 'Wrong123!')).json().code).toBe(3002);
  });

  it('a wrong captcha gives 3003, a used or made-up one 3004; the captcha is used up either way', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const c = await captcha();
    const wrong = await call(loginByPassword, {
      body: {
        phone: person.phone,
        password: encrypt(person.password),
        imageCodeToken: c.imageCodeToken,
        imageCode: 'zzzz',
      },
    });
    expect(wrong.json()).toMatchObject({ code: 3003, message: '图形验证码错误' });
    const reused = await call(loginByPassword, {
      body: { phone: person.phone, password: encrypt(person.password), ...c },
    });
    expect(reused.json()).toMatchObject({ code: 3004, message: '图形验证码已过期，请重新获取' });
    const madeUp = await call(loginByPassword, {
      body: { phone: person.phone, password: encrypt(person.password), imageCodeToken: 'nope', imageCode: 'abcd' },
    });
    expect(madeUp.json().code).toBe(3004);
  });

  it('an expired captcha gives 3004; answers are case-insensitive', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const old = await captcha();
    await t.database.db.execute(sql`UPDATE captchas SET expires_at = now() - interval '1 second'`);
    const expired = await call(loginByPassword, {
      body: { phone: person.phone, password: encrypt(person.password), ...old },
    });
    expect(expired.json().code).toBe(3004);
    const c = await captcha();
    const ok = await call(loginByPassword, {
      body: { phone: person.phone, password: encrypt(person.password), ...c, imageCode: c.imageCode.toUpperCase() },
    });
    expect(ok.json().code).toBe(200);
  });

  it('locks the account after repeated failures (3008 with the minutes left), even for the right password', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    expect((await passwordSignIn(person.phone, 'Wrong123!')).json().code).toBe(3002);
    expect((await passwordSignIn(person.phone, 'Wrong123!')).json().code).toBe(3002);
    const locked = (await passwordSignIn(person.phone, 'Wrong123!')).json();
    expect(locked).toEqual({ code: 3008, message: '账号已锁定，请15分钟后再试', data: { minutes: 15 } });
    const stillLocked = (await passwordSignIn(person.phone, person.password)).json();
    expect(stillLocked.code).toBe(3008);
    expect(await auditEvents(person.accountId)).toEqual(['sign_in_failed', 'sign_in_failed', 'account_locked']);

    // Once the lock has passed, the right password signs in and the count starts again.
    await olderBy(person.accountId, 16);
    expect((await passwordSignIn(person.phone, person.password)).json().code).toBe(200);
    expect((await passwordSignIn(person.phone, 'Wrong123!')).json().code).toBe(3002);
    expect((await passwordSignIn(person.phone, 'Wrong123!')).json().code).toBe(3002);
  });
});

/** Moves the account's audit history `minutes` into the past (time passing for the lock). */
async function olderBy(accountId: number, minutes: number) {
  await t.database.db.execute(
    sql`UPDATE audit_log SET created_at = created_at - make_interval(mins => ${minutes}) WHERE account_id = ${accountId}`,
  );
}

describe('the password lock holds per account and client address (decision 023)', () => {
  const signInFrom = async (remoteAddress: string, phone: string, password: string, lang = 'zh') =>
    (
      await call(loginByPassword, {
        remoteAddress,
        lang,
        body: { phone, password: encrypt(password), ...(await captcha()) },
      })
    ).json();

  it('locks the guessing address, even for the right password, while the owner signs in from another', async () => {
    const owner = await createAccount(t.database.db, [a.eid]);
    const attacker = '203.0.113.7';
    expect((await signInFrom(attacker, owner.phone, 'Wrong123!')).code).toBe(3002);
    expect((await signInFrom(attacker, owner.phone, 'Wrong123!')).code).toBe(3002);
    expect(await signInFrom(attacker, owner.phone, 'Wrong123!')).toEqual({
      code: 3008,
      message: '账号已锁定，请15分钟后再试',
      data: { minutes: 15 },
    });
    expect(await signInFrom(attacker, owner.phone, owner.password, 'en')).toEqual({
      code: 3008,
      message: 'The account is locked, please try again in 15 minutes',
      data: { minutes: 15 },
    });
    // The owner, elsewhere, is not locked out: the right password signs in.
    expect((await signInFrom('198.51.100.20', owner.phone, owner.password)).code).toBe(200);
    // …and the owner's success does not unlock the guesser's address.
    expect((await signInFrom(attacker, owner.phone, owner.password)).code).toBe(3008);
    // A failure from the owner's address counts only there.
    expect((await signInFrom('198.51.100.20', owner.phone, 'Typo123!')).code).toBe(3002);
  });

  it('failures spread over more than the lock period do not lock', async () => {
    const owner = await createAccount(t.database.db, [a.eid]);
    const from = '203.0.113.8';
    expect((await signInFrom(from, owner.phone, 'Wrong123!')).code).toBe(3002);
    expect((await signInFrom(from, owner.phone, 'Wrong123!')).code).toBe(3002);
    await olderBy(owner.accountId, 16);
    expect((await signInFrom(from, owner.phone, 'Wrong123!')).code).toBe(3002);
    expect((await signInFrom(from, owner.phone, owner.password)).code).toBe(200);
  });

  it('above 100 failures an hour from many addresses, only addresses the owner signed in from may try', async () => {
    const owner = await createAccount(t.database.db, [a.eid]);
    const home = '198.51.100.30';
    expect((await signInFrom(home, owner.phone, owner.password)).code).toBe(200);
    // 100 failures from 50 addresses (two each: none of them locked on its own).
    await t.database.db.insert(schema.auditLog).values(
      Array.from({ length: 100 }, (_, i) => ({
        event: 'sign_in_failed',
        accountId: owner.accountId,
        eid: a.eid,
        ip: `192.0.2.${Math.floor(i / 2)}`,
        detail: { reason: 'password' },
      })),
    );
    const stranger = await signInFrom('192.0.2.200', owner.phone, owner.password);
    expect(stranger).toEqual({ code: 3008, message: '账号已锁定，请60分钟后再试', data: { minutes: 60 } });
    expect((await signInFrom(home, owner.phone, owner.password)).code).toBe(200);
    // The SMS-code sign-in stays open to the owner anywhere.
    expect((await sendCode(owner.phone)).json().code).toBe(200);
    const code = await lastCode(owner.phone);
    const bySms = await call(loginByCode, {
      remoteAddress: '192.0.2.201',
      body: { phone: owner.phone, verificationCode: code },
    });
    expect(bySms.json().code).toBe(200);
    // An hour later the ceiling is behind.
    await olderBy(owner.accountId, 61);
    expect((await signInFrom('192.0.2.202', owner.phone, owner.password)).code).toBe(200);
  });

  it('of 20 wrong passwords at once from one address, only SIGN_IN_MAX_FAILURES reach the check (decision 023)', async () => {
    const owner = await createAccount(t.database.db, [a.eid]);
    const from = '203.0.113.20';
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () => ({
        phone: owner.phone,
        password: encrypt('Wrong123!'),
        ...(await captcha()),
      })),
    );
    const answers = await Promise.all(
      bodies.map(async (body) => (await call(loginByPassword, { remoteAddress: from, body })).json().code as number),
    );
    const max = 3; // SIGN_IN_MAX_FAILURES of this file's app
    expect(answers.filter((c) => c === 3002)).toHaveLength(max - 1);
    expect(answers.filter((c) => c === 3008)).toHaveLength(20 - (max - 1));
    const events = await auditEvents(owner.accountId, { tried: true });
    expect(events.filter((e) => e === 'password_tried')).toHaveLength(max);
    expect(events.filter((e) => e !== 'password_tried').sort()).toEqual([
      'account_locked',
      ...Array<string>(max - 1).fill('sign_in_failed'),
    ]);
    // The right password from there is locked too; from elsewhere it signs in.
    expect((await signInFrom(from, owner.phone, owner.password)).code).toBe(3008);
    expect((await signInFrom('198.51.100.21', owner.phone, owner.password)).code).toBe(200);
  });

  it('refuses a password that was not encrypted with the key (400), and bad input names the field', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const plain = await call(loginByPassword, {
      body: { phone: person.phone, password: person.password, ...(await captcha()) },
    });
    expect(plain.json()).toMatchObject({ code: 400, message: '参数错误：密码未按要求加密，请刷新页面后重试' });
    const badPhone = await call(loginByPassword, { body: { phone: '12345', password: 'x', ...(await captcha()) } });
    expect(badPhone.json()).toMatchObject({ code: 400, message: expect.stringContaining('phone') });
    expect(badPhone.json().message).toContain('请输入正确的手机号码');
  });
});

describe('SMS code sign-in', () => {
  it('sends a 6-digit code through the dev provider and signs in with it once', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const sent = (await sendCode(person.phone)).json();
    expect(sent).toEqual({ code: 200, message: '成功', data: { retryDuration: 60 } });
    const code = await lastCode(person.phone);
    expect(code).toMatch(/^\d{6}$/);
    const outbox = (await call(findDevSmsOutbox, { body: { phone: person.phone } })).json().data;
    expect(outbox[0]?.content).toContain(`【${a.name}】`);

    const res = await call(loginByCode, { body: { phone: person.phone, verificationCode: code } });
    expect(res.json()).toMatchObject({ code: 200, data: { chooseEnterprise: false } });
    const again = await call(loginByCode, { body: { phone: person.phone, verificationCode: code } });
    expect(again.json()).toMatchObject({ code: 3006, message: '短信验证码已过期，请重新获取' });
  });

  it('of 20 sends of a code at once, one is sent; the rest are too frequent (3009, decision 023)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () => ({
        phone: person.phone,
        verificationCodeType: 2 as const,
        ...(await captcha()),
      })),
    );
    const answers = await Promise.all(
      bodies.map(
        async (body) =>
          (await call(sendVerificationCode, { remoteAddress: '203.0.113.40', body })).json().code as number,
      ),
    );
    expect(answers.filter((c) => c === 200)).toHaveLength(1);
    expect(answers.filter((c) => c === 3009)).toHaveLength(19);
    expect((await call(findDevSmsOutbox, { body: { phone: person.phone } })).json().data).toHaveLength(1);
    const codes = await t.database.db.select().from(schema.smsCodes).where(eq(schema.smsCodes.phone, person.phone));
    expect(codes).toHaveLength(1);
  });

  it('a wrong code gives 3005; after five wrong tries the code is dead (3006)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    await sendCode(person.phone);
    const code = await lastCode(person.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call(loginByCode, { body: { phone: person.phone, verificationCode: wrong } });
      expect(res.json()).toMatchObject({ code: 3005, message: '短信验证码错误' });
    }
    const right = await call(loginByCode, { body: { phone: person.phone, verificationCode: code } });
    expect(right.json().code).toBe(3006);
  });

  it('an expired code gives 3006; a new code within a minute is refused (3009)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    await sendCode(person.phone);
    const code = await lastCode(person.phone);
    expect((await sendCode(person.phone)).json()).toMatchObject({
      code: 3009,
      message: '验证码发送过于频繁，请稍后再试',
    });
    await t.database.db
      .update(schema.smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.smsCodes.phone, person.phone));
    const res = await call(loginByCode, { body: { phone: person.phone, verificationCode: code } });
    expect(res.json().code).toBe(3006);
  });

  it('codes for sign-in need a registered phone (3010); codes for registration an unregistered one (3007)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    expect((await sendCode('13900000998')).json()).toMatchObject({ code: 3010, message: '该手机号未注册' });
    expect((await sendCode(person.phone, 1)).json()).toMatchObject({ code: 3007, message: '该手机号已注册' });
    const newcomer = (await sendCode('13900000997', 1)).json();
    expect(newcomer.code).toBe(200);
  });
});

describe('employee-number sign-in', () => {
  it("signs in to the site's enterprise with the employee number and the account's password", async () => {
    const person = await createAccount(t.database.db, [a.eid, b.eid], { employeeNo: 'E-7001' });
    const body = async (domain: string, empNo: string, password: string) =>
      (
        await call(loginByEmployeeNo, {
          domain,
          body: { empNo, password: encrypt(password), ...(await captcha()) },
        })
      ).json();
    const ok = await body(b.domain, 'E-7001', person.password);
    expect(ok).toMatchObject({ code: 200, data: { chooseEnterprise: false } });
    const me = (await call(viewCurrentUser, { token: ok.data.token })).json();
    expect(me.data.eid).toBe(b.eid);
    expect((await body(a.domain, 'E-7001', 'Wrong123!')).code).toBe(3002);
    expect((await body(a.domain, 'E-0000', person.password)).code).toBe(3002);
  });

  it("another enterprise's employee number is unknown on this site", async () => {
    await createAccount(t.database.db, [b.eid], { employeeNo: 'ONLY-B' });
    const res = await call(loginByEmployeeNo, {
      domain: a.domain,
      body: { empNo: 'ONLY-B', password: encrypt('Passw0rd!'), ...(await captcha()) },
    });
    expect(res.json().code).toBe(3002);
  });
});

describe('enterprises, sign-out and tenancy', () => {
  it('a person of several enterprises signing in elsewhere chooses one: 309 until then, then a new session', async () => {
    const c = await createEnterprise(t.database.db, { name: '丙企业' });
    const person = await createAccount(t.database.db, [a.eid, b.eid]);
    const signedIn = (await passwordSignIn(person.phone, person.password, c.domain)).json();
    expect(signedIn.data.chooseEnterprise).toBe(true);
    const first = signedIn.data.token as string;
    expect((await call(viewCurrentUser, { token: first })).json().code).toBe(309);

    const list = (await call(findEnterprises, { token: first })).json();
    expect(list.data).toEqual([
      { eid: a.eid, entName: '甲企业', userEntLogo: '', current: false, disabled: false },
      { eid: b.eid, entName: '乙企业', userEntLogo: '', current: false, disabled: false },
    ]);
    const chosen = await call(chooseEnterprise, { token: first, body: { eid: b.eid } });
    const second = chosen.json().data.token as string;
    expect(chosen.cookies.find((k) => k.name === 'token')?.value).toBe(second);
    expect((await call(viewCurrentUser, { token: second })).json().data.eid).toBe(b.eid);
    // The session it was chosen from has ended.
    expect((await call(findEnterprises, { token: first })).json().code).toBe(307);

    // Switching again: the list marks the current one.
    const now = (await call(findEnterprises, { token: second })).json().data;
    expect(now.find((e) => e.current)?.eid).toBe(b.eid);
    const third = (await call(chooseEnterprise, { token: second, body: { eid: a.eid } })).json().data.token;
    expect((await call(viewCurrentUser, { token: third })).json().data.eid).toBe(a.eid);
    expect((await call(viewCurrentUser, { token: second })).json().code).toBe(307);
  });

  it('switching to an enterprise with its own address carries the session there by a one-time link', async () => {
    const own = await createEnterprise(t.database.db, {
      name: '丙企业',
      domain: 'bing-corp.test',
      correctDomain: 'learn.bing-corp.test',
    });
    const person = await createAccount(t.database.db, [a.eid, own.eid], { realName: '张晓明' });
    const token = (await passwordSignIn(person.phone, person.password)).json().data.token;
    const choose = async (via: Via) => (await call(chooseEnterprise, { ...via, body: { eid: own.eid } })).json().data!;
    const chosen = await choose({ headers: { host: `learn.${a.domain}:3000` }, token, lang: 'en' });
    const siteUrl = new URL(chosen.siteUrl!);
    expect(`${siteUrl.protocol}//${siteUrl.host}${siteUrl.pathname}`).toBe(
      'http://learn.bing-corp.test:3000/en/callbackLogin',
    );
    const ticket = siteUrl.searchParams.get('handoff')!;
    const on = (domain: string, def: typeof viewHandoff | typeof loginByHandoff) =>
      call(def, { domain, body: { ticket } });

    // The page there shows whom it signs in, masked, without using the ticket up.
    const info = (await on('bing-corp.test', viewHandoff)).json();
    expect(info).toEqual({
      code: 200,
      message: '成功',
      data: { userName: '张*明', phone: `${person.phone.slice(0, 3)}****${person.phone.slice(7)}`, entName: '丙企业' },
    });
    // Another enterprise's address cannot use it.
    expect((await on(a.domain, viewHandoff)).json().code).toBe(400);
    expect((await on(a.domain, loginByHandoff)).json()).toMatchObject({
      code: 400,
      message: '登录链接已失效，请重新登录',
    });

    // A fresh ticket, confirmed on the enterprise's own address: signed in there.
    const again = await choose({ token: chosen.token });
    const fresh = new URL(again.siteUrl!).searchParams.get('handoff')!;
    const post = await call(loginByHandoff, { domain: 'bing-corp.test', body: { ticket: fresh } });
    expect(post.json()).toMatchObject({ code: 200, data: { chooseEnterprise: false } });
    const cookie = post.cookies.find((c) => c.name === 'token')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' });
    const me = (await call(viewCurrentUser, { token: cookie.value, domain: 'bing-corp.test' })).json();
    expect(me.data.eid).toBe(own.eid);
    // Single use; and like every call it needs the client's platform header (no sign-in by a link).
    const replay = await call(loginByHandoff, { domain: 'bing-corp.test', body: { ticket: fresh } });
    expect(replay.json().code).toBe(400);
    const thirdChoice = await choose({ token: post.json().data!.token });
    const third = new URL(thirdChoice.siteUrl!);
    const bare = await call(loginByHandoff, {
      domain: 'bing-corp.test',
      headers: { platform: undefined },
      body: { ticket: third.searchParams.get('handoff')! },
    });
    expect(bare.cookies.find((c) => c.name === 'token')).toBeUndefined();

    // Staying on an address of the chosen enterprise needs no link.
    const same = await choose({
      domain: 'bing-corp.test',
      headers: { host: 'learn.bing-corp.test' },
      token: thirdChoice.token,
    });
    expect(same.siteUrl).toBeNull();
  });

  it("no link where the enterprise's address is not a plain host name or does not lead to it", async () => {
    for (const correctDomain of ['x.example.com@evil.example.com', 'evil.example.com/', 'shared-nobody.test']) {
      const ent = await createEnterprise(t.database.db, {
        domain: `own-${Math.random().toString(36).slice(2)}.test`,
        correctDomain,
      });
      const person = await createAccount(t.database.db, [a.eid, ent.eid]);
      const token = (await passwordSignIn(person.phone, person.password)).json().data.token;
      const res = (await call(chooseEnterprise, { token, body: { eid: ent.eid } })).json();
      expect(res).toMatchObject({ code: 200, data: { siteUrl: null } });
    }
  });

  it('a handoff ticket expires after a minute', async () => {
    const person = await createAccount(t.database.db, [b.eid]);
    const ticket = await t.platform.sessions.createHandoff(person.accountId, b.eid, new Date(Date.now() - 61_000));
    expect(await t.platform.sessions.takeHandoff(ticket, b.eid)).toBeNull();
    const fresh = await t.platform.sessions.createHandoff(person.accountId, b.eid);
    expect(await t.platform.sessions.takeHandoff(fresh, a.eid)).toBeNull();
    expect(await t.platform.sessions.takeHandoff(fresh, b.eid)).toBeNull();
    const good = await t.platform.sessions.createHandoff(person.accountId, b.eid);
    expect(await t.platform.sessions.takeHandoff(good, b.eid)).toBe(person.accountId);
  });

  it('choosing an enterprise one does not belong to is not found, and nothing of it is read', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await passwordSignIn(person.phone, person.password)).json().data.token;
    const res = await call(chooseEnterprise, { token, body: { eid: b.eid } });
    expect(res.json().code).toBe(404);
    expect((await call(viewCurrentUser, { token })).json().data.eid).toBe(a.eid);
    // A disabled membership cannot be chosen either.
    const other = await createAccount(t.database.db, [a.eid]);
    await t.database.db.insert(schema.enterpriseUsers).values({ eid: b.eid, accountId: other.accountId, status: 2 });
    const otherToken = (await passwordSignIn(other.phone, other.password)).json().data.token;
    expect((await call(chooseEnterprise, { token: otherToken, body: { eid: b.eid } })).json().code).toBe(308);
  });

  it('signing out ends the session (307 from then on) and clears the cookie; it is audited', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await passwordSignIn(person.phone, person.password)).json().data.token;
    const res = await call(logout, { token });
    expect(res.json()).toEqual({ code: 200, message: '成功', data: null });
    const cleared = res.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect((await call(viewCurrentUser, { token })).json().code).toBe(307);
    expect(await auditEvents(person.accountId)).toEqual(['sign_in', 'sign_out']);
    const [row] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.accountId, person.accountId), eq(schema.auditLog.event, 'sign_out')))
      .orderBy(desc(schema.auditLog.id));
    expect(row?.eid).toBe(a.eid);
  });

  it('a person only in a disabled membership cannot sign in (308)', async () => {
    const person = await createAccount(t.database.db, [a.eid], { status: 2 });
    expect((await passwordSignIn(person.phone, person.password)).json().code).toBe(308);
  });
});

describe('per-address limit of sign-in calls', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ TENANT_CODES: '', SIGN_IN_PER_IP_PER_MINUTE: '2' });
  });
  afterAll(async () => limited?.close());

  it('the third sign-in attempt of an address within a minute gets 429', async () => {
    const e = await createEnterprise(limited.database.db);
    const attempt = () =>
      call(loginByCode, { domain: e.domain, body: { phone: '13900000996', verificationCode: '123456' } }, limited);
    expect((await attempt()).json().code).toBe(3006);
    expect((await attempt()).json().code).toBe(3006);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(429);
  });
});

describe('an SMS provider that fails', () => {
  it('answers a clear error and keeps no code, so asking again is not "too frequent"', async () => {
    const { SmsCodes } = await import('../../platform/sms-codes.ts');
    let fail = true;
    const codes = new SmsCodes(t.database.db, {
      name: 'failing',
      send: async () => {
        if (fail) throw new Error('provider down');
      },
    });
    await expect(codes.send('13900000555', 2, '甲企业')).rejects.toMatchObject({
      code: 500,
      customMessage: { zh: '短信发送失败，请稍后再试' },
    });
    const rows = await t.database.db.select().from(schema.smsCodes).where(eq(schema.smsCodes.phone, '13900000555'));
    expect(rows).toEqual([]);
    fail = false;
    await expect(codes.send('13900000555', 2, '甲企业')).resolves.toBe(60);
  });
});
