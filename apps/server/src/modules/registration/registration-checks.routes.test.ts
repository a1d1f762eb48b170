import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkEditPhone,
  checkPhoneExists,
  checkVerificationCode,
  editRegistration,
  findDevSmsOutbox,
  register,
  sendVerificationCode,
  viewCurrentUser,
  type CallRequest,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import {
  captchaFor,
  createTestApp,
  encryptFor,
  invalidFields,
  unchecked,
  visitorOf,
  type TestApp,
} from '../../test/harness.ts';
import { configureRegistration, createAccount, createEnterprise } from '../../test/factories.ts';

// The registration and profile pages' checks and register/edit (decision 019).

let t: TestApp;
let open: Awaited<ReturnType<typeof createEnterprise>>;
let review: Awaited<ReturnType<typeof createEnterprise>>;
let other: Awaited<ReturnType<typeof createEnterprise>>;
let phones = 0;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  open = await createEnterprise(db, { name: '开放企业' });
  review = await createEnterprise(db, {
    name: '审核企业',
    settings: { registerAutoAudit: false, usernameOpenSet: true },
  });
  other = await createEnterprise(db, { name: '另一企业', settings: { registerAutoAudit: false } });
  await configureRegistration(db, review.eid, [
    { field: 'companyName', name: '所在单位', required: true, sort: 1 },
    { field: 'gender', sort: 2 },
  ]);
});
afterAll(async () => t?.close());

const newPhone = () => `1350000${String(1000 + ++phones).slice(-4)}`;

/** Sends a code of the type to the phone and reads it from the dev outbox. */
async function codeFor(
  domain: string,
  phone: string,
  type: CallRequest<typeof sendVerificationCode>['verificationCodeType'] = 1,
): Promise<string> {
  // A minute has passed since the code before (one new code a minute per phone and purpose).
  await t.database.db
    .update(schema.smsCodes)
    .set({ createdAt: sql`${schema.smsCodes.createdAt} - interval '2 minutes'` })
    .where(eq(schema.smsCodes.phone, phone));
  const sent = await t.call(
    sendVerificationCode,
    { phone, verificationCodeType: type, ...(await captchaFor(t)) },
    { as: visitorOf(domain) },
  );
  expect(sent.code).toBe(200);
  const outbox = (await t.call(findDevSmsOutbox, { phone }, { as: visitorOf(domain) })).data as Array<{
    content: string;
  }>;
  return /\d{6}/.exec(outbox[0]!.content)![0];
}

/** A registration waiting for review on the review site. */
async function pendingRegistration(domain = review.domain) {
  const phone = newPhone();
  const code = await codeFor(domain, phone);
  const res = await t.call(
    register,
    {
      phone,
      verificationCode: code,
      loginPsw: encryptFor(t, 'Regist#2026'),
      confirmPassword: encryptFor(t, 'Regist#2026'),
      userName: '旧昵称',
      realName: '旧名字',
      userDetail: { companyName: '旧单位', gender: '1' },
      agreed: true,
      ...(await captchaFor(t)),
    },
    { as: visitorOf(domain) },
  );
  expect(res.data).toEqual({ audited: false, token: '' });
  return phone;
}

async function memberOf(eid: number, phone: string) {
  const [row] = await t.database.db
    .select({ m: schema.enterpriseUsers, a: schema.accounts })
    .from(schema.enterpriseUsers)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.enterpriseUsers.accountId))
    .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.accounts.phone, phone)));
  return row;
}

describe('checkPhoneExists (GET /user/api/user/info/check/phone/exist)', () => {
  it('answers whether an account has the phone, and nothing else', async () => {
    const known = await createAccount(t.database.db, [open.eid]);
    expect(await t.call(checkPhoneExists, { phone: known.phone }, { as: visitorOf(open) })).toMatchObject({
      code: 200,
      data: { exist: true },
    });
    // An account of another enterprise counts too (one account, several enterprises).
    expect((await t.call(checkPhoneExists, { phone: known.phone }, { as: visitorOf(other) })).data).toEqual({
      exist: true,
    });
    expect((await t.call(checkPhoneExists, { phone: newPhone() }, { as: visitorOf(open) })).data).toEqual({
      exist: false,
    });
  });

  it('bad input: 400 naming phone, in zh and en', async () => {
    const zh = await t.call(checkPhoneExists, { phone: '12345' }, { as: visitorOf(open) });
    expect(zh).toMatchObject({ code: 400, message: '参数错误：phone 请输入正确的手机号码' });
    expect(invalidFields(zh)[0]!.field).toBe('phone');
    const en = await t.call(checkPhoneExists, { phone: '12345' }, { as: visitorOf(open), lang: 'en' });
    expect(en.code).toBe(400);
    expect(en.message).toMatch(/^Invalid input: phone: /);
    expect(en.message).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('checkEditPhone (POST /user/api/user/info/check/edit/phone)', () => {
  it('a free phone passes; a taken one is 3007 (该手机号已注册)', async () => {
    expect(await t.call(checkEditPhone, { phone: newPhone() }, { as: visitorOf(open) })).toMatchObject({
      code: 200,
      data: null,
    });
    const known = await createAccount(t.database.db, [open.eid]);
    expect(await t.call(checkEditPhone, { phone: known.phone }, { as: visitorOf(open) })).toMatchObject({
      code: 3007,
      message: '该手机号已注册',
    });
    expect((await t.call(checkEditPhone, { phone: known.phone }, { as: visitorOf(open), lang: 'en' })).message).toBe(
      'This phone number is already registered',
    );
  });

  it("signed in: the account's own phone is refused as the new one", async () => {
    const me = await t.learner(open);
    const own = await t.call(checkEditPhone, { phone: me.phone }, { as: { domain: open.domain, token: me.token } });
    expect(own).toMatchObject({ code: 400, message: '新手机号不能与当前手机号相同' });
    expect(invalidFields(own)[0]!.field).toBe('phone');
    expect(
      (await t.call(checkEditPhone, { phone: newPhone() }, { as: { domain: open.domain, token: me.token } })).code,
    ).toBe(200);
  });

  it('bad input: 400 naming phone, in zh and en', async () => {
    expect(await t.call(checkEditPhone, unchecked({}), { as: visitorOf(open) })).toMatchObject({ code: 400 });
    const zh = await t.call(checkEditPhone, { phone: '23800000000' }, { as: visitorOf(open) });
    expect(zh.message).toBe('参数错误：phone 请输入正确的手机号码');
    const en = await t.call(checkEditPhone, { phone: '23800000000' }, { as: visitorOf(open), lang: 'en' });
    expect(en.message).toMatch(/^Invalid input: phone: /);
    expect(en.message).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('checkVerificationCode (POST /user/api/user/info/check/verification/code)', () => {
  it('says whether the code is right without using it up: the next step uses the same code', async () => {
    const phone = newPhone();
    const code = await codeFor(open.domain, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await t.call(
        checkVerificationCode,
        { phone, verificationCode: wrong, verificationCodeType: 1 },
        { as: visitorOf(open) },
      ),
    ).toMatchObject({ code: 3005, message: '短信验证码错误' });
    expect(
      await t.call(
        checkVerificationCode,
        { phone, verificationCode: code, verificationCodeType: 1 },
        { as: visitorOf(open) },
      ),
    ).toMatchObject({ code: 200, data: null });
    // Another purpose's code is another code.
    expect(
      (
        await t.call(
          checkVerificationCode,
          { phone, verificationCode: code, verificationCodeType: 3 },
          { as: visitorOf(open) },
        )
      ).code,
    ).toBe(3006);
    const registered = await t.call(
      register,
      {
        phone,
        verificationCode: code,
        loginPsw: encryptFor(t, 'Regist#2026'),
        confirmPassword: encryptFor(t, 'Regist#2026'),
        realName: '新学员',
        agreed: true,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(open) },
    );
    expect(registered.data.audited).toBe(true);
    // Used up by the registration.
    expect(
      (
        await t.call(
          checkVerificationCode,
          { phone, verificationCode: code, verificationCodeType: 1 },
          { as: visitorOf(open) },
        )
      ).code,
    ).toBe(3006);
  });

  it('cannot be brute-forced: checks spend the 5 attempts of the code, then even the right code is refused', async () => {
    const phone = newPhone();
    const code = await codeFor(open.domain, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call(
        checkVerificationCode,
        {
          phone,
          verificationCode: wrong,
          verificationCodeType: 1,
        },
        { as: visitorOf(open) },
      );
      expect(res.code).toBe(3005);
    }
    expect(
      await t.call(
        checkVerificationCode,
        { phone, verificationCode: code, verificationCodeType: 1 },
        { as: visitorOf(open) },
      ),
    ).toMatchObject({ code: 3006, message: '短信验证码已过期，请重新获取' });
  });

  it('bad input: 400 naming the field, in zh and en', async () => {
    const phone = newPhone();
    const zh = await t.call(checkVerificationCode, unchecked({ phone, verificationCodeType: 1 }), {
      as: visitorOf(open),
    });
    expect(zh).toMatchObject({ code: 400, message: '参数错误：verificationCode 请输入验证码' });
    const en = await t.call(checkVerificationCode, unchecked({ phone, verificationCodeType: 1 }), {
      as: visitorOf(open),
      lang: 'en',
    });
    expect(en.message).toBe('Invalid input: verificationCode: Please enter the SMS code');
    const type = await t.call(
      checkVerificationCode,
      {
        phone,
        verificationCode: '123456',
        verificationCodeType: 9,
      },
      { as: visitorOf(open) },
    );
    expect(type).toMatchObject({ code: 400, message: '参数错误：verificationCodeType 验证码类型不正确' });
  });
});

describe('editRegistration (POST /user/api/user/info/register/edit)', () => {
  const corrected = { userName: '新昵称', realName: '新名字', userDetail: { companyName: '新单位' } };

  it('a pending registration is corrected with its phone and registration code and waits for review again', async () => {
    const phone = await pendingRegistration();
    const code = await codeFor(review.domain, phone);
    const res = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code,
        ...corrected,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(res).toMatchObject({ code: 200, data: { audited: false, token: '' } });
    const row = await memberOf(review.eid, phone);
    expect(row!.m).toMatchObject({
      status: 3,
      userName: '新昵称',
      realName: '新名字',
      userDetail: { companyName: '新单位' },
    });
    expect(row!.a.realName).toBe('新名字');
    expect(row!.a.passwordHash).toBeTruthy();
    // The code is used up.
    const again = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code,
        ...corrected,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(again.code).toBe(3006);
  });

  it('bad input: 400 naming the field (zh and en), nothing stored changes and the code stays good', async () => {
    const phone = await pendingRegistration();
    const code = await codeFor(review.domain, phone);
    const before = await memberOf(review.eid, phone);
    const missing = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code,
        ...corrected,
        userDetail: { companyName: '' },
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(missing).toMatchObject({ code: 400, message: '请输入所在单位' });
    expect(invalidFields(missing)[0]!.field).toBe('companyName');
    const tooLong = await t.call(
      editRegistration,
      { phone, verificationCode: code, ...corrected, userName: '长'.repeat(16), ...(await captchaFor(t)) },
      { as: visitorOf(review), lang: 'en' },
    );
    expect(tooLong).toMatchObject({
      code: 400,
      message: 'Invalid input: userName: The nickname has at most 15 characters',
    });
    const zhTooLong = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code,
        ...corrected,
        userName: '长'.repeat(16),
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(zhTooLong.message).toBe('参数错误：userName 昵称最多15个字');
    expect(await memberOf(review.eid, phone)).toEqual(before);
    // The same code corrects it once the input is good.
    const ok = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code,
        ...corrected,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(ok.code).toBe(200);
  });

  it('a wrong code changes nothing (3005)', async () => {
    const phone = await pendingRegistration();
    const code = await codeFor(review.domain, phone);
    const before = await memberOf(review.eid, phone);
    const res = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code === '000000' ? '111111' : '000000',
        ...corrected,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(res.code).toBe(3005);
    expect(await memberOf(review.eid, phone)).toEqual(before);
  });

  it('a phone with no pending registration: no code for an active member (3007), 404 after the code for a new phone', async () => {
    const active = await createAccount(t.database.db, [review.eid]);
    const refused = await t.call(
      sendVerificationCode,
      {
        phone: active.phone,
        verificationCodeType: 1,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(refused.code).toBe(3007);
    const phone = newPhone();
    const code = await codeFor(review.domain, phone);
    const res = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code,
        ...corrected,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(review) },
    );
    expect(res).toMatchObject({ code: 404, message: '该手机号在本平台没有待审核的注册信息' });
  });

  it("another enterprise's pending registration cannot be reached from this site", async () => {
    const phone = await pendingRegistration(review.domain);
    const before = await memberOf(review.eid, phone);
    // The registration waits on review, not on other: other sends no code to a registered phone.
    const refused = await t.call(
      sendVerificationCode,
      {
        phone,
        verificationCodeType: 1,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(other) },
    );
    expect(refused.code).toBe(3007);
    // Even with review's code in hand, other's site finds nothing to correct.
    const code = await codeFor(review.domain, phone);
    const res = await t.call(
      editRegistration,
      {
        phone,
        verificationCode: code,
        ...corrected,
        ...(await captchaFor(t)),
      },
      { as: visitorOf(other) },
    );
    expect(res.code).toBe(404);
    expect(await memberOf(review.eid, phone)).toEqual(before);
    expect(await memberOf(other.eid, phone)).toBeUndefined();
  });

  it('where the site now accepts registrations at once, the corrected one is a member and signed in', async () => {
    const phone = await pendingRegistration();
    const code = await codeFor(review.domain, phone);
    await t.database.db
      .update(schema.websiteSettings)
      .set({ registerAutoAudit: true })
      .where(eq(schema.websiteSettings.eid, review.eid));
    try {
      const res = await t.call(
        editRegistration,
        {
          phone,
          verificationCode: code,
          ...corrected,
          ...(await captchaFor(t)),
        },
        { as: visitorOf(review) },
      );
      expect(res.data.audited).toBe(true);
      const me = await t.call(viewCurrentUser, {}, { as: { domain: review.domain, token: res.data.token } });
      expect(me.data).toMatchObject({ userName: '新昵称', phone });
    } finally {
      await t.database.db
        .update(schema.websiteSettings)
        .set({ registerAutoAudit: false })
        .where(eq(schema.websiteSettings.eid, review.eid));
    }
  });
});

describe('the per-address limit of the public checks', () => {
  it('answers 429 after SIGN_IN_PER_IP_PER_MINUTE calls a minute', async () => {
    const limited = await createTestApp({ TENANT_CODES: '', SIGN_IN_PER_IP_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.call(checkPhoneExists, { phone: '13500001234' }, { raw: true });
        codes.push(res.status);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
