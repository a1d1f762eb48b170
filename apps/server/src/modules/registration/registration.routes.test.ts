import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import {
  checkIdCardForRegistration,
  checkPhone,
  findDevSmsOutbox,
  findPositions,
  loginByPassword,
  register,
  sendVerificationCode,
  updateUserInfo,
  viewAutoAudit,
  viewCurrentUser,
  viewRegistrationConfig,
  viewUserDetail,
  type CallDef,
  type CallRequest,
} from '@portal/contract';
import { captchaFor, createTestApp, encryptFor, unchecked, type TestApp, type Unchecked } from '../../test/harness.ts';
import { configureRegistration, createAccount, createEnterprise, createPositions } from '../../test/factories.ts';
import { uploadServiceOf } from '../upload/index.ts';

let t: TestApp;
let open: Awaited<ReturnType<typeof createEnterprise>>;
let verify: Awaited<ReturnType<typeof createEnterprise>>;
let closed: Awaited<ReturnType<typeof createEnterprise>>;
let review: Awaited<ReturnType<typeof createEnterprise>>;
let phones = 0;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  open = await createEnterprise(db, { name: '开放企业', settings: { usernameOpenSet: true } });
  verify = await createEnterprise(db, { name: '实名企业', settings: { verifyOpenSet: true } });
  closed = await createEnterprise(db, { name: '关闭注册', settings: { registerOpenSet: false } });
  review = await createEnterprise(db, { name: '审核企业', settings: { registerAutoAudit: false } });
  await createPositions(db, open.eid);
  await configureRegistration(db, open.eid, [
    { field: 'gender', required: true, sort: 1 },
    { field: 'email', show: false, sort: 0 },
    { field: 'companyName', name: '所在单位', required: true, sort: 2 },
    { field: 'personalCategory', required: true, sort: 3 },
    { grp: 'default', field: 'userName', name: '用户昵称', required: true, sort: 0 },
  ]);
});
afterAll(async () => t?.close());

const encrypt = (plain: string) => encryptFor(t, plain);

/** One call through `t.call` on a site's domain (signed in with a token); `json()` is its envelope. */
async function call<C extends CallDef>(
  def: C,
  domain: string,
  body: CallRequest<C> | Unchecked = unchecked({}),
  token?: string,
) {
  const res = await t.call(def, body, { as: { domain, ...(token ? { token } : {}) }, raw: true });
  return { json: () => res.body, statusCode: res.status, cookies: res.response.cookies };
}

const captcha = () => captchaFor(t);

const newPhone = () => `1330000${String(1000 + ++phones).slice(-4)}`;

/** Registers with a fresh SMS code; `over` replaces or adds fields. */
async function registerWith(domain: string, over: Record<string, unknown> = {}, phone = newPhone()) {
  await call(sendVerificationCode, domain, { phone, verificationCodeType: 1, ...(await captcha()) });
  const outbox = (await call(findDevSmsOutbox, domain, { phone })).json().data as Array<{ content: string }>;
  const code = /\d{6}/.exec(outbox[0]?.content ?? '')?.[0] ?? '000000';
  const res = await call(
    register,
    domain,
    unchecked({
      phone,
      verificationCode: code,
      loginPsw: encrypt('Regist#2026'),
      confirmPassword: encrypt('Regist#2026'),
      realName: '新学员',
      agreed: true,
      ...(await captcha()),
      ...over,
    }),
  );
  return { phone, res, body: res.json() };
}

const OPEN_DETAIL = {
  gender: '1',
  companyName: '某公司',
  personalCategory: '02',
  jobCategory: '0201',
  administrativeDuty: '020101',
};

describe('registration form', () => {
  it('answers the configuration, the hierarchy by level and pathNo, and the auto-audit setting', async () => {
    const config = (await call(viewRegistrationConfig, open.domain)).json().data;
    expect(config.userTitle.map((f: { field: string }) => f.field)).toEqual([
      'email',
      'gender',
      'companyName',
      'personalCategory',
    ]);
    expect(config.default).toEqual([{ field: 'userName', name: '用户昵称', required: true, show: true, sort: 0 }]);
    expect((await call(viewRegistrationConfig, verify.domain)).json().data).toEqual({ default: [], userTitle: [] });

    const level1 = (await call(findPositions, open.domain, { level: '1' })).json().data;
    expect(level1.map((p: { name: string }) => p.name)).toEqual(['公务员', '事业单位人员', '其他人员']);
    const level2 = (await call(findPositions, open.domain, { level: '2', pathNo: '01' })).json().data;
    expect(level2).toEqual([{ name: '综合管理类', nameEn: 'General management', pathNo: '0101', categoryType: 0 }]);
    expect((await call(findPositions, verify.domain, { level: '1' })).json().data).toEqual([]);
    expect((await call(viewAutoAudit, open.domain)).json().data).toEqual({ autoAudit: true });
    expect((await call(viewAutoAudit, review.domain)).json().data).toEqual({ autoAudit: false });
  });
});

describe('registering', () => {
  it('registers with the configured fields: signed in at once, detail kept, hidden fields dropped', async () => {
    const { phone, res, body } = await registerWith(open.domain, {
      userName: '小新',
      userDetail: { ...OPEN_DETAIL, email: 'not-even-an-email', unknown: 'x', remark: '你好' },
    });
    expect(body).toMatchObject({ code: 200, data: { audited: true, token: expect.any(String) } });
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(body.data.token);
    const me = (await call(viewCurrentUser, open.domain, {}, body.data.token)).json().data;
    expect(me).toMatchObject({ eid: open.eid, phone, userName: '小新', realName: '新学员' });
    const [member] = await t.database.db
      .select({ userDetail: schema.enterpriseUsers.userDetail })
      .from(schema.enterpriseUsers)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.enterpriseUsers.accountId))
      .where(eq(schema.accounts.phone, phone));
    expect(member!.userDetail).toEqual({ ...OPEN_DETAIL, remark: '你好' });
  });

  it('required fields, custom labels and the cascade are checked with their messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ userName: '小新', userDetail: { ...OPEN_DETAIL, gender: '' } }, '请选择性别'],
      [{ userName: '小新', userDetail: { ...OPEN_DETAIL, gender: '9' } }, '请选择性别'],
      [{ userName: '小新', userDetail: { ...OPEN_DETAIL, companyName: ' ' } }, '请输入所在单位'],
      [{ userDetail: OPEN_DETAIL }, '请输入用户昵称'],
      [{ userName: '小新', realName: '', userDetail: OPEN_DETAIL }, '请输入真实姓名'],
      [
        {
          userName: '小新',
          userDetail: { ...OPEN_DETAIL, personalCategory: '01', jobCategory: '0101', administrativeDuty: '010101' },
        },
        '请选择人员类别信息',
      ],
      [{ userName: '小新', userDetail: { ...OPEN_DETAIL, jobCategory: '0101' } }, '人员类别信息无效'],
    ];
    for (const [over, message] of cases) {
      const { body } = await registerWith(open.domain, over);
      expect(body, message).toMatchObject({ code: 400, message });
    }
    // A civil servant down to the rank is complete; "other" has no job types at all.
    expect(
      (
        await registerWith(open.domain, {
          userName: 'a',
          userDetail: {
            ...OPEN_DETAIL,
            personalCategory: '01',
            jobCategory: '0101',
            administrativeDuty: '010101',
            rank: '01010101',
          },
        })
      ).body.code,
    ).toBe(200);
    expect(
      (
        await registerWith(open.domain, {
          userName: 'b',
          userDetail: { gender: '2', companyName: 'x', personalCategory: '03' },
        })
      ).body.code,
    ).toBe(200);
  });

  it('a phone with an account gives 3007 (also from the check); a closed site 3011', async () => {
    const person = await createAccount(t.database.db, [verify.eid]);
    expect((await call(checkPhone, open.domain, { phone: person.phone })).json()).toMatchObject({
      code: 3007,
      message: '该手机号已注册',
    });
    expect((await call(checkPhone, open.domain, { phone: newPhone() })).json().code).toBe(200);
    const dup = await call(register, open.domain, {
      phone: person.phone,
      verificationCode: '123456',
      loginPsw: encrypt('Regist#2026'),
      confirmPassword: encrypt('Regist#2026'),
      realName: '重复',
      userName: 'x',
      userDetail: OPEN_DETAIL,
      agreed: true,
      ...(await captcha()),
    });
    expect(dup.json().code).toBe(3007);
    expect((await registerWith(closed.domain)).body).toMatchObject({ code: 3011, message: '当前平台未开放注册' });
  });

  it('where the site verifies: the ID number is required, 3052 names the other account, 继续绑定 registers', async () => {
    expect((await registerWith(verify.domain)).body).toMatchObject({ code: 400, message: '请输入身份证号码' });
    const first = await registerWith(verify.domain, { idCard: encrypt('44030119850615130X') });
    expect(first.body.code).toBe(200);
    const masked = `${first.phone.slice(0, 3)}****${first.phone.slice(7)}`;
    const second = await registerWith(verify.domain, { idCard: encrypt('44030119850615130x') });
    expect(second.body).toEqual({ code: 3052, message: '该身份证号已绑定其他账号', data: { phone: masked } });
    const bound = await registerWith(verify.domain, { idCard: encrypt('44030119850615130X'), confirmBind: true });
    expect(bound.body.code).toBe(200);
  });

  it('without auto-audit the person waits: no session, and signing in says the review is pending', async () => {
    const { phone, body } = await registerWith(review.domain);
    expect(body).toEqual({ code: 200, message: '成功', data: { audited: false, token: '' } });
    const { token, text } = await t.platform.captchas.create();
    const signIn = await call(loginByPassword, review.domain, {
      phone,
      password: encrypt('Regist#2026'),
      imageCodeToken: token,
      imageCode: text,
    });
    expect(signIn.json()).toMatchObject({ code: 308, message: '您的注册信息正在审核中，请耐心等待管理员审核' });
  });

  it('a wrong SMS code or captcha registers nothing; the password rules apply', async () => {
    const wrongCode = await registerWith(open.domain, {
      userName: 'x',
      userDetail: OPEN_DETAIL,
      verificationCode: '000001',
    });
    expect([3005, 3006]).toContain(wrongCode.body.code);
    expect(
      await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.phone, wrongCode.phone)),
    ).toEqual([]);
    const weak = await registerWith(open.domain, {
      userName: 'x',
      userDetail: OPEN_DETAIL,
      loginPsw: encrypt('weak'),
      confirmPassword: encrypt('weak'),
    });
    expect(weak.body.code).toBe(3001);
    const mismatch = await registerWith(open.domain, {
      userName: 'x',
      userDetail: OPEN_DETAIL,
      confirmPassword: encrypt('Other#2026'),
    });
    expect(mismatch.body).toMatchObject({ code: 400, message: '两次输入的密码不一致' });
  });
});

describe('consent to the service agreement and privacy policy (PIPL)', () => {
  it('a registration without it is refused (3015, both languages) before anything is checked or stored', async () => {
    const phone = newPhone();
    const agreeing = { userName: '同意者', userDetail: OPEN_DETAIL };
    const refused = await registerWith(open.domain, { ...agreeing, agreed: false }, phone);
    expect(refused.body).toEqual({ code: 3015, message: '请阅读并同意《服务协议》和《隐私政策》', data: null });
    const missing = await registerWith(open.domain, { ...agreeing, agreed: undefined }, newPhone());
    expect(missing.body.code).toBe(3015);
    const form = {
      phone,
      verificationCode: '123456',
      loginPsw: encrypt('Regist#2026'),
      confirmPassword: encrypt('Regist#2026'),
      realName: '新学员',
      userName: '同意者',
      userDetail: OPEN_DETAIL,
    };
    const en = await t.call(
      register,
      { ...form, ...(await captcha()) },
      {
        as: { domain: open.domain },
        lang: 'en',
      },
    );
    expect(en).toMatchObject({
      code: 3015,
      message: 'Please read and agree to the terms of service and the privacy policy',
    });
    const accounts = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.phone, phone));
    expect(accounts).toEqual([]);
  });

  it('is recorded with its time and the versions of both texts', async () => {
    const changed = new Date('2026-03-01T08:00:00Z');
    await t.database.db
      .insert(schema.agreements)
      .values({
        eid: open.eid,
        type: 'privacyAgreement',
        title: '隐私政策',
        content: '<p>隐私</p>',
        updatedAt: changed,
      })
      .onConflictDoUpdate({
        target: [schema.agreements.eid, schema.agreements.type],
        set: { updatedAt: changed },
      });
    const before = new Date();
    const { phone, body } = await registerWith(open.domain, { userName: '同意者', userDetail: OPEN_DETAIL });
    expect(body.code).toBe(200);
    const [account] = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.phone, phone));
    const consents = await t.database.db
      .select()
      .from(schema.agreementConsents)
      .where(eq(schema.agreementConsents.accountId, account!.id))
      .orderBy(schema.agreementConsents.type);
    expect(consents.map((c) => ({ eid: c.eid, type: c.type, version: c.version }))).toEqual([
      { eid: open.eid, type: 'privacyAgreement', version: changed },
      // The site has no service agreement of its own: the page shows the default text.
      { eid: open.eid, type: 'serviceAgreement', version: null },
    ]);
    for (const c of consents) expect(c.acceptedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });
});

describe('editing the detail fields', () => {
  it('checks them as at registration and shows the chosen positions by name', async () => {
    const { body } = await registerWith(open.domain, { userName: '编辑者', userDetail: OPEN_DETAIL });
    const token = body.data.token;
    const bad = await call(updateUserInfo, open.domain, { userDetail: { ...OPEN_DETAIL, gender: '' } }, token);
    expect(bad.json()).toMatchObject({ code: 400, message: '请选择性别' });
    const ok = await call(
      updateUserInfo,
      open.domain,
      {
        userName: '改名了',
        userDetail: {
          ...OPEN_DETAIL,
          personalCategory: '01',
          jobCategory: '0101',
          administrativeDuty: '010101',
          rank: '01010101',
        },
      },
      token,
    );
    expect(ok.json().code).toBe(200);
    const detail = (await call(viewUserDetail, open.domain, {}, token)).json().data;
    expect(detail.userName).toBe('改名了');
    expect(detail.userDetail).toMatchObject({ personalCategory: '01', rank: '01010101', companyName: '某公司' });
    expect(detail.positionNames['01010101']).toEqual({
      name: '一级主任科员',
      nameEn: 'First-class principal staff member',
    });
  });
});

describe('checking an ID number before registering', () => {
  it('needs an image captcha, then names the account holding it (masked)', async () => {
    const first = await registerWith(verify.domain, { idCard: encrypt('110105194912310038') });
    expect(first.body.code).toBe(200);
    const noCaptcha = (
      await call(checkIdCardForRegistration, verify.domain, unchecked({ idCard: encrypt('110105194912310038') }))
    ).json();
    expect(noCaptcha.code).toBe(400);
    const bound = (
      await call(checkIdCardForRegistration, verify.domain, {
        idCard: encrypt('110105194912310038'),
        ...(await captcha()),
      })
    ).json();
    expect(bound).toEqual({
      code: 3052,
      message: '该身份证号已绑定其他账号',
      data: { phone: `${first.phone.slice(0, 3)}****${first.phone.slice(7)}` },
    });
    const free = (
      await call(checkIdCardForRegistration, verify.domain, {
        idCard: encrypt('11010519491231002X'),
        ...(await captcha()),
      })
    ).json();
    expect(free.code).toBe(200);
  });
});

describe('the one-inch photo of a registration', () => {
  it('belongs to the account registered with it; another registration cannot use it', async () => {
    const db = t.database.db;
    const site = await createEnterprise(db, { name: '一寸照企业' });
    await configureRegistration(db, site.eid, [{ field: 'headshot', required: true, sort: 0 }]);
    const key = `private/${site.eid}/registrationPhotoKey01.png`;
    await t.platform.storage.put(key, Buffer.from('png'));
    await db.insert(schema.uploads).values({ key, eid: site.eid, accountId: null, size: 3 });

    const first = await registerWith(site.domain, { userDetail: { headshot: key } });
    expect(first.body.code).toBe(200);
    const [row] = await db.select().from(schema.uploads).where(eq(schema.uploads.key, key));
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, first.phone));
    expect(row).toMatchObject({ accountId: account!.id, claimedAt: expect.any(Date) });

    const second = await registerWith(site.domain, { userDetail: { headshot: key } });
    expect(second.body).toMatchObject({ code: 400, message: '一寸照无效，请重新上传' });
    // A sweep leaves it alone.
    await uploadServiceOf(t.platform).sweep(new Date(Date.now() + 2 * 24 * 60 * 60_000));
    expect(await t.platform.storage.get(key)).not.toBeNull();
  });
});
