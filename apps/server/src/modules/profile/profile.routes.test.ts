import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import { clientHeaders, createTestApp, encryptFor, type TestApp } from '../../test/harness.ts';
import { createAccount, createEnterprise } from '../../test/factories.ts';

const DETAIL = '/gateway/user/auth/enterprise/user/info/detail';
const CHECK = '/gateway/user/auth/enterprise/info/check/idcard';
const VERIFY = '/gateway/user/auth/enterprise/user/info/update/idv';
const COMPLETE = '/gateway/user/auth/enterprise/user/info/verify/complete';
const ID = '11010519491231002X';
const OTHER_ID = '440301198506151238';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业', settings: { verifyOpenSet: true } });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

const encrypt = (plain: string) => encryptFor(t, plain);

async function session(eids: number[]) {
  const person = await createAccount(t.database.db, eids);
  const { token } = await t.platform.sessions.create(person.accountId, eids[0]!);
  return { ...person, token };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body: object = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...clientHeaders(a.domain), token },
    ...(method === 'GET' ? {} : { payload: body }),
  });
}

describe('real-name verification', () => {
  it('verifies: the ID number is stored encrypted and hashed, and shown masked; the name reaches every enterprise', async () => {
    const p = await session([a.eid, b.eid]);
    const before = (await call('GET', COMPLETE, p.token)).json().data;
    expect(before).toMatchObject({ userVerify: true, completeUserVerify: false });

    const res = await call('PUT', VERIFY, p.token, { realName: '张三', idCard: encrypt(ID.toLowerCase()) });
    expect(res.json()).toEqual({ code: 200, message: '成功', data: null });
    const detail = (await call('GET', DETAIL, p.token)).json().data;
    expect(detail).toMatchObject({ realName: '张三', idCard: '110105********002X', verified: true, phone: p.phone });
    expect((await call('GET', COMPLETE, p.token)).json().data).toMatchObject({ completeUserVerify: true });
    // Verified where the site verifies: the identity is not replaced.
    const again = (await call('PUT', VERIFY, p.token, { realName: '李四', idCard: encrypt(OTHER_ID) })).json();
    expect(again).toMatchObject({ code: 409, message: '您已完成实名认证，如需修改请联系管理员' });

    const [row] = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.id, p.accountId));
    expect(row!.idCardEncrypted).toBeTruthy();
    expect(row!.idCardHash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing readable anywhere in the row.
    expect(JSON.stringify(row)).not.toContain('110105');
    const names = await t.database.db
      .select({ eid: schema.enterpriseUsers.eid, realName: schema.enterpriseUsers.realName })
      .from(schema.enterpriseUsers)
      .where(eq(schema.enterpriseUsers.accountId, p.accountId));
    expect(names.map((n) => n.realName)).toEqual(['张三', '张三']);
  });

  it('an ID number bound to another account gives 3052 with that phone masked; 继续绑定 binds anyway', async () => {
    const first = await session([a.eid]);
    await call('PUT', VERIFY, first.token, { realName: '李四', idCard: encrypt(OTHER_ID) });
    const second = await session([a.eid]);
    const masked = `${first.phone.slice(0, 3)}****${first.phone.slice(7)}`;

    const check = (await call('POST', CHECK, second.token, { idCard: encrypt(OTHER_ID) })).json();
    expect(check).toEqual({ code: 3052, message: '该身份证号已绑定其他账号', data: { phone: masked } });
    const refused = (await call('PUT', VERIFY, second.token, { realName: '李四', idCard: encrypt(OTHER_ID) })).json();
    expect(refused).toMatchObject({ code: 3052, data: { phone: masked } });
    expect((await call('GET', DETAIL, second.token)).json().data.verified).toBe(false);

    const bound = await call('PUT', VERIFY, second.token, {
      realName: '李四',
      idCard: encrypt(OTHER_ID),
      confirmBind: true,
    });
    expect(bound.json().code).toBe(200);
    expect((await call('GET', DETAIL, second.token)).json().data).toMatchObject({
      verified: true,
      idCard: '440301********1238',
    });
    // The account's own ID number is not "bound to another".
    expect((await call('POST', CHECK, first.token, { idCard: encrypt(OTHER_ID) })).json().code).toBe(3052);
    const own = await session([a.eid]);
    await call('PUT', VERIFY, own.token, { realName: '王五', idCard: encrypt('44030119850615130X') });
    expect((await call('POST', CHECK, own.token, { idCard: encrypt('44030119850615130X') })).json().code).toBe(200);
  });

  it('refuses a malformed ID number, an empty or long name and an unencrypted ID, changing nothing', async () => {
    const p = await session([a.eid]);
    const bad = (
      await call('PUT', VERIFY, p.token, { realName: '张三', idCard: encrypt('110105194912310021') })
    ).json();
    expect(bad).toMatchObject({ code: 400, message: '请输入正确的身份证号码' });
    const noName = (await call('PUT', VERIFY, p.token, { realName: '  ', idCard: encrypt(ID) })).json();
    expect(noName.code).toBe(400);
    expect(noName.message).toContain('请输入真实姓名');
    const longName = (
      await call('PUT', VERIFY, p.token, { realName: '一二三四五六七八九十一二三四五六', idCard: encrypt(ID) })
    ).json();
    expect(longName.message).toContain('真实姓名最多15个字');
    const plain = (await call('PUT', VERIFY, p.token, { realName: '张三', idCard: ID })).json();
    expect(plain).toMatchObject({ code: 400, message: '参数错误：身份证号码未按要求加密，请刷新页面后重试' });
    const [row] = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.id, p.accountId));
    expect(row!.verifiedAt).toBeNull();
  });

  it('without an ID number: refused where the site verifies, the name alone kept where it does not', async () => {
    const inA = await session([a.eid]);
    const refused = (await call('PUT', VERIFY, inA.token, { realName: '赵六', idCard: '' })).json();
    expect(refused).toMatchObject({ code: 400, message: '请输入身份证号码' });
    const inB = await session([b.eid]);
    const kept = await t.app.inject({
      method: 'PUT',
      url: VERIFY,
      headers: { ...clientHeaders(b.domain), token: inB.token },
      payload: { realName: '赵六' },
    });
    expect(kept.json().code).toBe(200);
    const detail = (
      await t.app.inject({ method: 'GET', url: DETAIL, headers: { ...clientHeaders(b.domain), token: inB.token } })
    ).json().data;
    expect(detail).toMatchObject({ realName: '赵六', verified: false, idCard: '' });
  });

  it('a person of enterprise A reads only their membership of A; no session, no detail', async () => {
    const p = await session([a.eid, b.eid]);
    await t.database.db
      .update(schema.enterpriseUsers)
      .set({ departmentName: sql`'部门' || ${schema.enterpriseUsers.eid}::text` })
      .where(eq(schema.enterpriseUsers.accountId, p.accountId));
    expect((await call('GET', DETAIL, p.token)).json().data.departmentName).toBe(`部门${a.eid}`);
    const inB = await t.platform.sessions.create(p.accountId, b.eid);
    expect((await call('GET', DETAIL, inB.token)).json().data.departmentName).toBe(`部门${b.eid}`);
    expect((await call('GET', DETAIL, 'nope')).json().code).toBe(301);
  });
});

describe('personal confirmation', () => {
  const SETTING = '/gateway/user/auth/enterprise/user/info/confirm/setting';
  const CONFIRM = '/gateway/user/auth/enterprise/user/info/updateConfirm';
  it('owes the confirmations the site asks for until given, personal before talent, per enterprise', async () => {
    const c = await createEnterprise(t.database.db, {
      settings: { personalInfoConfirmOpenSet: true, talentInfoConfirmOpenSet: true },
    });
    const person = await createAccount(t.database.db, [c.eid, a.eid]);
    const inC = (await t.platform.sessions.create(person.accountId, c.eid)).token;
    const req = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, headers: { ...clientHeaders(c.domain), token }, ...(payload ? { payload } : {}) });
    expect((await req('GET', SETTING, inC)).json().data).toEqual({
      personalInfoConfirmOpenSet: true,
      talentInfoConfirmOpenSet: true,
    });
    expect((await req('PUT', CONFIRM, inC, { type: 2 })).json()).toMatchObject({
      code: 409,
      message: '请先确认个人信息',
    });
    expect((await req('PUT', CONFIRM, inC, { type: 1 })).json().code).toBe(200);
    expect((await req('GET', SETTING, inC)).json().data).toEqual({
      personalInfoConfirmOpenSet: false,
      talentInfoConfirmOpenSet: true,
    });
    expect((await req('PUT', CONFIRM, inC, { type: 2 })).json().code).toBe(200);
    expect((await req('GET', SETTING, inC)).json().data).toEqual({
      personalInfoConfirmOpenSet: false,
      talentInfoConfirmOpenSet: false,
    });
    // Enterprise A asks for nothing.
    const inA = (await t.platform.sessions.create(person.accountId, a.eid)).token;
    expect((await req('GET', SETTING, inA)).json().data).toEqual({
      personalInfoConfirmOpenSet: false,
      talentInfoConfirmOpenSet: false,
    });
    expect((await req('PUT', CONFIRM, inA, { type: 3 })).json().code).toBe(400);
  });
});
