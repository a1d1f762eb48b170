import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import {
  findDevSmsOutbox,
  loginByCode,
  loginByPassword,
  resetPassword,
  sendAccountCode,
  sendVerificationCode,
  setPassword,
  updatePassword,
  updatePhone,
  viewCurrentUser,
  deregister,
  type CallDef,
  type CallRequest,
} from '@portal/contract';
import { createTestApp, encryptFor, unchecked, type TestApp, type Unchecked } from '../../test/harness.ts';
import { createAccount, createEnterprise } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

const encrypt = (plain: string) => encryptFor(t, plain);

const captcha = () => t.platform.captchas.create();

/** A call to the site of 甲企业, signed in when a token is given (the envelope it answers). */
function call<C extends CallDef>(def: C, input: CallRequest<C> | Unchecked, token?: string) {
  return t.call(def, input, { as: { domain: a.domain, ...(token ? { token } : {}) } });
}

async function signIn(phone: string, password: string) {
  const c = await captcha();
  const res = await call(loginByPassword, {
    phone,
    password: encrypt(password),
    imageCodeToken: c.token,
    imageCode: c.text,
  });
  return res as { code: number; data: { token: string } };
}

async function lastCode(phone: string) {
  const [latest] = (await call(findDevSmsOutbox, { phone })).data as Array<{ content: string }>;
  return /\d{6}/.exec(latest!.content)![0];
}

describe('forgotten password', () => {
  it('resets with captcha, SMS code and the new password twice; every session ends; the new one works', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const before = (await signIn(person.phone, person.password)).data.token;
    const c1 = await captcha();
    await call(sendVerificationCode, {
      phone: person.phone,
      verificationCodeType: 3,
      imageCodeToken: c1.token,
      imageCode: c1.text,
    });
    const code = await lastCode(person.phone);
    expect((await call(findDevSmsOutbox, { phone: person.phone })).data[0]?.content).toContain('找回密码');

    const c2 = await captcha();
    const res = await call(resetPassword, {
      phone: person.phone,
      verificationCode: code,
      loginPwd: encrypt('NewPass#2026'),
      confirmPwd: encrypt('NewPass#2026'),
      imgVerificationCodeToken: c2.token,
      imgVerificationCode: c2.text,
    });
    expect(res).toEqual({ code: 200, message: '成功', data: null });
    expect((await call(viewCurrentUser, {}, before)).code).toBe(307);
    expect((await signIn(person.phone, person.password)).code).toBe(3002);
    expect((await signIn(person.phone, 'NewPass#2026')).code).toBe(200);
  });

  it('refuses a weak password (3001), a different confirmation (400) and a wrong code (3005)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const c1 = await captcha();
    await call(sendVerificationCode, {
      phone: person.phone,
      verificationCodeType: 3,
      imageCodeToken: c1.token,
      imageCode: c1.text,
    });
    const code = await lastCode(person.phone);
    const attempt = async (loginPwd: string, confirmPwd: string, verificationCode = code) => {
      const c = await captcha();
      return await call(resetPassword, {
        phone: person.phone,
        verificationCode,
        loginPwd: encrypt(loginPwd),
        confirmPwd: encrypt(confirmPwd),
        imgVerificationCodeToken: c.token,
        imgVerificationCode: c.text,
      });
    };
    expect(await attempt('short', 'short')).toMatchObject({
      code: 3001,
      message: '密码格式错误，密码为8~20位包含英文大、小写字母和数字或特殊字符的组合',
    });
    expect(await attempt('NewPass#2026', 'NewPass#2027')).toMatchObject({
      code: 400,
      message: '确认密码与新密码不一致',
    });
    expect((await attempt('NewPass#2026', 'NewPass#2026', code === '000000' ? '111111' : '000000')).code).toBe(3005);
    // Nothing was changed by the failures.
    expect((await signIn(person.phone, person.password)).code).toBe(200);
  });
});

describe('changing and setting the password', () => {
  it('changes it with the old one; every session of the account ends (307), and the change is audited', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const here = (await signIn(person.phone, person.password)).data.token;
    const elsewhere = (await signIn(person.phone, person.password)).data.token;
    const wrongOld = await call(
      updatePassword,
      {
        password: encrypt('Wrong#2026'),
        newPassword: encrypt('NewPass#2026'),
        confirmPassword: encrypt('NewPass#2026'),
      },
      here,
    );
    expect(wrongOld).toMatchObject({ code: 3002, message: '旧密码错误' });

    const res = await t.call(
      updatePassword,
      {
        password: encrypt(person.password),
        newPassword: encrypt('NewPass#2026'),
        confirmPassword: encrypt('NewPass#2026'),
      },
      { as: { domain: a.domain, token: here }, raw: true },
    );
    expect(res.body.code).toBe(200);
    expect(res.response.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect((await call(viewCurrentUser, {}, here)).code).toBe(307);
    expect((await call(viewCurrentUser, {}, elsewhere)).code).toBe(307);
    expect((await signIn(person.phone, 'NewPass#2026')).code).toBe(200);
    const events = await t.database.db
      .select({ event: schema.auditLog.event })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.accountId, person.accountId));
    expect(events.map((e) => e.event)).toContain('password_changed');
  });

  it('sets a first password only where none is set', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const refused = await call(
      setPassword,
      { loginPwd: encrypt('NewPass#2026'), confirmPwd: encrypt('NewPass#2026') },
      token,
    );
    expect(refused).toMatchObject({ code: 409, message: '密码已设置，请使用修改密码' });

    // An account without a password (imported, or registered by SMS) signs in by code and sets one.
    await t.database.db
      .update(schema.accounts)
      .set({ passwordHash: null })
      .where(eq(schema.accounts.id, person.accountId));
    const session = await t.platform.sessions.create(person.accountId, a.eid);
    const set = await call(
      setPassword,
      { loginPwd: encrypt('First#2026'), confirmPwd: encrypt('First#2026') },
      session.token,
    );
    expect(set.code).toBe(200);
    expect((await call(viewCurrentUser, {}, session.token)).code).toBe(307);
    expect((await signIn(person.phone, 'First#2026')).code).toBe(200);
  });
});

describe('changing the phone', () => {
  it('sends a code to the new phone and changes it; every session ends; the old phone is free again', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const newPhone = '13600000001';
    const c = await captcha();
    const sent = await call(
      sendAccountCode,
      { phone: newPhone, verificationCodeType: 4, imageCodeToken: c.token, imageCode: c.text },
      token,
    );
    expect(sent).toMatchObject({ code: 200, data: { retryDuration: 60 } });
    const code = await lastCode(newPhone);
    const res = await call(updatePhone, { phone: newPhone, verificationCode: code }, token);
    expect(res.code).toBe(200);
    expect((await call(viewCurrentUser, {}, token)).code).toBe(307);
    expect((await signIn(newPhone, person.password)).code).toBe(200);
    expect((await signIn(person.phone, person.password)).code).toBe(3002);
  });

  it('refuses a phone another account has (3007) and the same phone (400)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const other = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const send = async (phone: string) => {
      const c = await captcha();
      return await call(
        sendAccountCode,
        { phone, verificationCodeType: 4, imageCodeToken: c.token, imageCode: c.text },
        token,
      );
    };
    expect(await send(other.phone)).toMatchObject({ code: 3007, message: '该手机号已注册' });
    expect(await send(person.phone)).toMatchObject({ code: 400, message: '新手机号不能与当前手机号相同' });
  });

  it("a code for cancellation goes to the account's own phone, whatever phone is sent", async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const c = await captcha();
    const sent = await call(
      sendAccountCode,
      { phone: '13600000999', verificationCodeType: 5, imageCodeToken: c.token, imageCode: c.text },
      token,
    );
    expect(sent.code).toBe(200);
    expect((await call(findDevSmsOutbox, { phone: person.phone })).data[0]?.content).toContain('注销账号');
    expect((await call(findDevSmsOutbox, { phone: '13600000999' })).data).toEqual([]);
  });
});

describe('cancelling the account', () => {
  async function cancelCode(token: string) {
    const c = await captcha();
    await call(sendAccountCode, { verificationCodeType: 5, imageCodeToken: c.token, imageCode: c.text }, token);
  }
  async function cancel(token: string, body: Record<string, string>) {
    const c = await captcha();
    return call(
      deregister,
      unchecked({ imgVerificationCodeToken: c.token, imgVerificationCode: c.text, ...body }),
      token,
    );
  }

  it('needs the code, the right real name and a reason; then the account is gone and the phone free', async () => {
    const person = await createAccount(t.database.db, [a.eid], { realName: '注销人' });
    const token = (await signIn(person.phone, person.password)).data.token;
    // A picture of theirs, in use.
    const photo = `private/${a.eid}/cancelledPersonPhoto1234.png`;
    await t.platform.storage.put(photo, Buffer.from('png'));
    await t.database.db
      .insert(schema.uploads)
      .values({ key: photo, eid: a.eid, accountId: person.accountId, size: 3, claimedAt: new Date() });
    await cancelCode(token);
    const code = await lastCode(person.phone);
    expect(await cancel(token, { verificationCode: code, realName: '别人', reason: '不再使用' })).toMatchObject({
      code: 400,
      message: '真实姓名不正确',
    });
    const noReason = await cancel(token, { verificationCode: code, realName: '注销人', reason: ' ' });
    expect(noReason.message).toContain('请填写注销理由');
    const longReason = await cancel(token, { verificationCode: code, realName: '注销人', reason: '长'.repeat(101) });
    expect(longReason.message).toContain('注销理由最多100个字');
    expect(
      (
        await cancel(token, {
          verificationCode: '000000' === code ? '111111' : '000000',
          realName: '注销人',
          reason: '不再使用',
        })
      ).code,
    ).toBe(3005);

    const done = await cancel(token, { verificationCode: code, realName: '注销人', reason: '不再使用' });
    expect(done).toEqual({ code: 200, message: '成功', data: null });
    expect((await call(viewCurrentUser, {}, token)).code).toBe(301);
    expect((await signIn(person.phone, person.password)).code).toBe(3002);
    const rows = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.phone, person.phone));
    expect(rows).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.event, 'account_cancelled'));
    expect(audit).toMatchObject({ accountId: person.accountId, eid: a.eid });
    // Their pictures are gone with them.
    expect(await t.platform.storage.get(photo)).toBeNull();
    // The phone may register again.
    const c = await captcha();
    const again = await call(sendVerificationCode, {
      phone: person.phone,
      verificationCodeType: 1,
      imageCodeToken: c.token,
      imageCode: c.text,
    });
    expect(again.code).toBe(200);
  });

  it('an administrator cannot cancel', async () => {
    const person = await createAccount(t.database.db, [a.eid], { realName: '管理员' });
    await t.database.db
      .update(schema.enterpriseUsers)
      .set({ isAdmin: true })
      .where(eq(schema.enterpriseUsers.accountId, person.accountId));
    const token = (await signIn(person.phone, person.password)).data.token;
    await cancelCode(token);
    const res = await cancel(token, {
      verificationCode: await lastCode(person.phone),
      realName: '管理员',
      reason: '不再使用',
    });
    expect(res).toMatchObject({ code: 403, message: '您是平台管理员，请先移交管理员权限后再注销账号' });
    expect((await call(viewCurrentUser, {}, token)).code).toBe(200);
  });
});

describe('review fixes', () => {
  it('guesses of the old password lock the account like failed sign-ins', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const guess = () =>
      call(
        updatePassword,
        {
          password: encrypt('Guess#2026'),
          newPassword: encrypt('NewPass#2026'),
          confirmPassword: encrypt('NewPass#2026'),
        },
        token,
      );
    for (let i = 0; i < 4; i++) expect((await guess()).code).toBe(3002);
    expect(await guess()).toMatchObject({ code: 3008, message: '账号已锁定，请15分钟后再试' });
    // Even the right old password waits now.
    const right = await call(
      updatePassword,
      {
        password: encrypt(person.password),
        newPassword: encrypt('NewPass#2026'),
        confirmPassword: encrypt('NewPass#2026'),
      },
      token,
    );
    expect(right.code).toBe(3008);
  });

  it('parallel guesses of an SMS code cannot share attempts', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const c = await captcha();
    await call(sendVerificationCode, {
      phone: person.phone,
      verificationCodeType: 2,
      imageCodeToken: c.token,
      imageCode: c.text,
    });
    const code = await lastCode(person.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(loginByCode, { phone: person.phone, verificationCode: wrong })),
    );
    const codes = answers.map((r) => r.code).sort();
    expect(codes.filter((x) => x === 3005)).toHaveLength(5);
    expect(codes.filter((x) => x === 3006)).toHaveLength(7);
    const right = await call(loginByCode, {
      phone: person.phone,
      verificationCode: code,
    });
    expect(right.code).toBe(3006);
  });
});
