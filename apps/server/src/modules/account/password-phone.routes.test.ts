import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { clientHeaders, createTestApp, encryptFor, type TestApp } from '../../test/harness.ts';
import { createAccount, createEnterprise } from '../../test/factories.ts';

const LOGIN_PWD = '/gateway/user/api/login/pwd';
const SEND_CODE = '/gateway/user/api/common/send/verification/code';
const SEND_ACCOUNT_CODE = '/gateway/user/auth/user/info/send/verification/code';
const RESET = '/gateway/user/api/user/info/reset/password';
const SET = '/gateway/user/auth/user/info/reset/password';
const UPDATE_PASSWORD = '/gateway/user/auth/user/info/update/password';
const UPDATE_PHONE = '/gateway/user/auth/user/info/update/phone';
const CURRENT = '/gateway/user/auth/enterprise/user/info/current/view';
const OUTBOX = '/gateway/dev/api/sms/outbox';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

const encrypt = (plain: string) => encryptFor(t, plain);

const captcha = () => t.platform.captchas.create();

function call(method: 'GET' | 'POST' | 'PUT', url: string, body: object = {}, token?: string) {
  const headers: Record<string, string> = clientHeaders(a.domain);
  if (token) headers.token = token;
  return t.app.inject({
    method,
    url,
    headers,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
  });
}

async function signIn(phone: string, password: string) {
  const c = await captcha();
  const res = await call('POST', LOGIN_PWD, {
    phone,
    password: encrypt(password),
    imageCodeToken: c.token,
    imageCode: c.text,
  });
  return res.json() as { code: number; data: { token: string } };
}

async function lastCode(phone: string) {
  const [latest] = (await call('GET', OUTBOX, { phone })).json().data as Array<{ content: string }>;
  return /\d{6}/.exec(latest!.content)![0];
}

describe('forgotten password', () => {
  it('resets with captcha, SMS code and the new password twice; every session ends; the new one works', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const before = (await signIn(person.phone, person.password)).data.token;
    const c1 = await captcha();
    await call('POST', SEND_CODE, {
      phone: person.phone,
      verificationCodeType: 3,
      imageCodeToken: c1.token,
      imageCode: c1.text,
    });
    const code = await lastCode(person.phone);
    expect((await call('GET', OUTBOX, { phone: person.phone })).json().data[0].content).toContain('找回密码');

    const c2 = await captcha();
    const res = await call('PUT', RESET, {
      phone: person.phone,
      verificationCode: code,
      loginPwd: encrypt('NewPass#2026'),
      confirmPwd: encrypt('NewPass#2026'),
      imgVerificationCodeToken: c2.token,
      imgVerificationCode: c2.text,
    });
    expect(res.json()).toEqual({ code: 200, message: '成功', data: null });
    expect((await call('GET', CURRENT, {}, before)).json().code).toBe(307);
    expect((await signIn(person.phone, person.password)).code).toBe(3002);
    expect((await signIn(person.phone, 'NewPass#2026')).code).toBe(200);
  });

  it('refuses a weak password (3001), a different confirmation (400) and a wrong code (3005)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const c1 = await captcha();
    await call('POST', SEND_CODE, {
      phone: person.phone,
      verificationCodeType: 3,
      imageCodeToken: c1.token,
      imageCode: c1.text,
    });
    const code = await lastCode(person.phone);
    const attempt = async (loginPwd: string, confirmPwd: string, verificationCode = code) => {
      const c = await captcha();
      return (
        await call('PUT', RESET, {
          phone: person.phone,
          verificationCode,
          loginPwd: encrypt(loginPwd),
          confirmPwd: encrypt(confirmPwd),
          imgVerificationCodeToken: c.token,
          imgVerificationCode: c.text,
        })
      ).json();
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
      'PUT',
      UPDATE_PASSWORD,
      {
        password: encrypt('Wrong#2026'),
        newPassword: encrypt('NewPass#2026'),
        confirmPassword: encrypt('NewPass#2026'),
      },
      here,
    );
    expect(wrongOld.json()).toMatchObject({ code: 3002, message: '旧密码错误' });

    const res = await call(
      'PUT',
      UPDATE_PASSWORD,
      {
        password: encrypt(person.password),
        newPassword: encrypt('NewPass#2026'),
        confirmPassword: encrypt('NewPass#2026'),
      },
      here,
    );
    expect(res.json().code).toBe(200);
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect((await call('GET', CURRENT, {}, here)).json().code).toBe(307);
    expect((await call('GET', CURRENT, {}, elsewhere)).json().code).toBe(307);
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
      'PUT',
      SET,
      { loginPwd: encrypt('NewPass#2026'), confirmPwd: encrypt('NewPass#2026') },
      token,
    );
    expect(refused.json()).toMatchObject({ code: 409, message: '密码已设置，请使用修改密码' });

    // An account without a password (imported, or registered by SMS) signs in by code and sets one.
    await t.database.db
      .update(schema.accounts)
      .set({ passwordHash: null })
      .where(eq(schema.accounts.id, person.accountId));
    const session = await t.platform.sessions.create(person.accountId, a.eid);
    const set = await call(
      'PUT',
      SET,
      { loginPwd: encrypt('First#2026'), confirmPwd: encrypt('First#2026') },
      session.token,
    );
    expect(set.json().code).toBe(200);
    expect((await call('GET', CURRENT, {}, session.token)).json().code).toBe(307);
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
      'POST',
      SEND_ACCOUNT_CODE,
      { phone: newPhone, verificationCodeType: 4, imageCodeToken: c.token, imageCode: c.text },
      token,
    );
    expect(sent.json()).toMatchObject({ code: 200, data: { retryDuration: 60 } });
    const code = await lastCode(newPhone);
    const res = await call('PUT', UPDATE_PHONE, { phone: newPhone, verificationCode: code }, token);
    expect(res.json().code).toBe(200);
    expect((await call('GET', CURRENT, {}, token)).json().code).toBe(307);
    expect((await signIn(newPhone, person.password)).code).toBe(200);
    expect((await signIn(person.phone, person.password)).code).toBe(3002);
  });

  it('refuses a phone another account has (3007) and the same phone (400)', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const other = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const send = async (phone: string) => {
      const c = await captcha();
      return (
        await call(
          'POST',
          SEND_ACCOUNT_CODE,
          { phone, verificationCodeType: 4, imageCodeToken: c.token, imageCode: c.text },
          token,
        )
      ).json();
    };
    expect(await send(other.phone)).toMatchObject({ code: 3007, message: '该手机号已注册' });
    expect(await send(person.phone)).toMatchObject({ code: 400, message: '新手机号不能与当前手机号相同' });
  });

  it("a code for cancellation goes to the account's own phone, whatever phone is sent", async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const c = await captcha();
    const sent = await call(
      'POST',
      SEND_ACCOUNT_CODE,
      { phone: '13600000999', verificationCodeType: 5, imageCodeToken: c.token, imageCode: c.text },
      token,
    );
    expect(sent.json().code).toBe(200);
    expect((await call('GET', OUTBOX, { phone: person.phone })).json().data[0].content).toContain('注销账号');
    expect((await call('GET', OUTBOX, { phone: '13600000999' })).json().data).toEqual([]);
  });
});

describe('cancelling the account', () => {
  const DEREGISTER = '/gateway/user/auth/user/info/deregister';
  async function cancelCode(token: string) {
    const c = await captcha();
    await call(
      'POST',
      SEND_ACCOUNT_CODE,
      { verificationCodeType: 5, imageCodeToken: c.token, imageCode: c.text },
      token,
    );
  }
  async function cancel(token: string, body: Record<string, string>) {
    const c = await captcha();
    return (
      await t.app.inject({
        method: 'DELETE',
        url: DEREGISTER,
        headers: { ...clientHeaders(a.domain), token },
        payload: { imgVerificationCodeToken: c.token, imgVerificationCode: c.text, ...body },
      })
    ).json();
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
    expect((await call('GET', CURRENT, {}, token)).json().code).toBe(301);
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
    const again = await call('POST', SEND_CODE, {
      phone: person.phone,
      verificationCodeType: 1,
      imageCodeToken: c.token,
      imageCode: c.text,
    });
    expect(again.json().code).toBe(200);
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
    expect((await call('GET', CURRENT, {}, token)).json().code).toBe(200);
  });
});

describe('review fixes', () => {
  it('guesses of the old password lock the account like failed sign-ins', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const token = (await signIn(person.phone, person.password)).data.token;
    const guess = () =>
      call(
        'PUT',
        UPDATE_PASSWORD,
        {
          password: encrypt('Guess#2026'),
          newPassword: encrypt('NewPass#2026'),
          confirmPassword: encrypt('NewPass#2026'),
        },
        token,
      );
    for (let i = 0; i < 4; i++) expect((await guess()).json().code).toBe(3002);
    expect((await guess()).json()).toMatchObject({ code: 3008, message: '账号已锁定，请15分钟后再试' });
    // Even the right old password waits now.
    const right = await call(
      'PUT',
      UPDATE_PASSWORD,
      {
        password: encrypt(person.password),
        newPassword: encrypt('NewPass#2026'),
        confirmPassword: encrypt('NewPass#2026'),
      },
      token,
    );
    expect(right.json().code).toBe(3008);
  });

  it('parallel guesses of an SMS code cannot share attempts', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const c = await captcha();
    await call('POST', SEND_CODE, {
      phone: person.phone,
      verificationCodeType: 2,
      imageCodeToken: c.token,
      imageCode: c.text,
    });
    const code = await lastCode(person.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('POST', '/gateway/user/api/login/verification/code', { phone: person.phone, verificationCode: wrong }),
      ),
    );
    const codes = answers.map((r) => r.json().code).sort();
    expect(codes.filter((x) => x === 3005)).toHaveLength(5);
    expect(codes.filter((x) => x === 3006)).toHaveLength(7);
    const right = await call('POST', '/gateway/user/api/login/verification/code', {
      phone: person.phone,
      verificationCode: code,
    });
    expect(right.json().code).toBe(3006);
  });
});
