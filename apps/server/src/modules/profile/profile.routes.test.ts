import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkIdCard,
  updateConfirm,
  updateIdv,
  verifyComplete,
  viewConfirmSetting,
  viewUserDetail,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import { createTestApp, encryptFor, unchecked, type TestApp } from '../../test/harness.ts';
import { createEnterprise } from '../../test/factories.ts';

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

describe('real-name verification', () => {
  it('verifies: the ID number is stored encrypted and hashed, and shown masked; the name reaches every enterprise', async () => {
    const p = await t.learner(a, { alsoIn: [b] });
    const before = (await t.call(verifyComplete, {}, { as: p })).data;
    expect(before).toMatchObject({ userVerify: true, completeUserVerify: false });

    const res = await t.call(updateIdv, { realName: '张三', idCard: encrypt(ID.toLowerCase()) }, { as: p });
    expect(res).toEqual({ code: 200, message: '成功', data: null });
    const detail = (await t.call(viewUserDetail, {}, { as: p })).data;
    expect(detail).toMatchObject({ realName: '张三', idCard: '110105********002X', verified: true, phone: p.phone });
    expect((await t.call(verifyComplete, {}, { as: p })).data).toMatchObject({ completeUserVerify: true });
    // Verified where the site verifies: the identity is not replaced.
    const again = await t.call(updateIdv, { realName: '李四', idCard: encrypt(OTHER_ID) }, { as: p });
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
    const first = await t.learner(a);
    await t.call(updateIdv, { realName: '李四', idCard: encrypt(OTHER_ID) }, { as: first });
    const second = await t.learner(a);
    const masked = `${first.phone.slice(0, 3)}****${first.phone.slice(7)}`;

    const check = await t.call(checkIdCard, { idCard: encrypt(OTHER_ID) }, { as: second });
    expect(check).toEqual({ code: 3052, message: '该身份证号已绑定其他账号', data: { phone: masked } });
    const refused = await t.call(updateIdv, { realName: '李四', idCard: encrypt(OTHER_ID) }, { as: second });
    expect(refused).toMatchObject({ code: 3052, data: { phone: masked } });
    expect((await t.call(viewUserDetail, {}, { as: second })).data.verified).toBe(false);

    const bound = await t.call(
      updateIdv,
      {
        realName: '李四',
        idCard: encrypt(OTHER_ID),
        confirmBind: true,
      },
      { as: second },
    );
    expect(bound.code).toBe(200);
    expect((await t.call(viewUserDetail, {}, { as: second })).data).toMatchObject({
      verified: true,
      idCard: '440301********1238',
    });
    // The account's own ID number is not "bound to another".
    expect((await t.call(checkIdCard, { idCard: encrypt(OTHER_ID) }, { as: first })).code).toBe(3052);
    const own = await t.learner(a);
    await t.call(updateIdv, { realName: '王五', idCard: encrypt('44030119850615130X') }, { as: own });
    expect((await t.call(checkIdCard, { idCard: encrypt('44030119850615130X') }, { as: own })).code).toBe(200);
  });

  it('refuses a malformed ID number, an empty or long name and an unencrypted ID, changing nothing', async () => {
    const p = await t.learner(a);
    const bad = await t.call(updateIdv, { realName: '张三', idCard: encrypt('110105194912310021') }, { as: p });
    expect(bad).toMatchObject({ code: 400, message: '请输入正确的身份证号码' });
    const noName = await t.call(updateIdv, { realName: '  ', idCard: encrypt(ID) }, { as: p });
    expect(noName.code).toBe(400);
    expect(noName.message).toContain('请输入真实姓名');
    const longName = await t.call(
      updateIdv,
      { realName: '一二三四五六七八九十一二三四五六', idCard: encrypt(ID) },
      { as: p },
    );
    expect(longName.message).toContain('真实姓名最多15个字');
    const plain = await t.call(updateIdv, { realName: '张三', idCard: ID }, { as: p });
    expect(plain).toMatchObject({ code: 400, message: '参数错误：身份证号码未按要求加密，请刷新页面后重试' });
    const [row] = await t.database.db.select().from(schema.accounts).where(eq(schema.accounts.id, p.accountId));
    expect(row!.verifiedAt).toBeNull();
  });

  it('without an ID number: refused where the site verifies, the name alone kept where it does not', async () => {
    const inA = await t.learner(a);
    const refused = await t.call(updateIdv, { realName: '赵六', idCard: '' }, { as: inA });
    expect(refused).toMatchObject({ code: 400, message: '请输入身份证号码' });
    const inB = await t.learner(b);
    const kept = await t.call(updateIdv, { realName: '赵六' }, { as: inB });
    expect(kept.code).toBe(200);
    const detail = (await t.call(viewUserDetail, {}, { as: inB })).data;
    expect(detail).toMatchObject({ realName: '赵六', verified: false, idCard: '' });
  });

  it('a person of enterprise A reads only their membership of A; no session, no detail', async () => {
    const p = await t.learner(a, { alsoIn: [b] });
    await t.database.db
      .update(schema.enterpriseUsers)
      .set({ departmentName: sql`'部门' || ${schema.enterpriseUsers.eid}::text` })
      .where(eq(schema.enterpriseUsers.accountId, p.accountId));
    expect((await t.call(viewUserDetail, {}, { as: p })).data.departmentName).toBe(`部门${a.eid}`);
    const inB = await t.platform.sessions.create(p.accountId, b.eid);
    expect((await t.call(viewUserDetail, {}, { as: { domain: a.domain, token: inB.token } })).data.departmentName).toBe(
      `部门${b.eid}`,
    );
    expect((await t.call(viewUserDetail, {}, { as: { domain: a.domain, token: 'nope' } })).code).toBe(301);
  });
});

describe('personal confirmation', () => {
  it('owes the confirmations the site asks for until given, personal before talent, per enterprise', async () => {
    const c = await createEnterprise(t.database.db, {
      settings: { personalInfoConfirmOpenSet: true, talentInfoConfirmOpenSet: true },
    });
    const inC = await t.learner(c, { alsoIn: [a] });
    expect((await t.call(viewConfirmSetting, {}, { as: inC })).data).toEqual({
      personalInfoConfirmOpenSet: true,
      talentInfoConfirmOpenSet: true,
    });
    expect(await t.call(updateConfirm, { type: 2 }, { as: inC })).toMatchObject({
      code: 409,
      message: '请先确认个人信息',
    });
    expect((await t.call(updateConfirm, { type: 1 }, { as: inC })).code).toBe(200);
    expect((await t.call(viewConfirmSetting, {}, { as: inC })).data).toEqual({
      personalInfoConfirmOpenSet: false,
      talentInfoConfirmOpenSet: true,
    });
    expect((await t.call(updateConfirm, { type: 2 }, { as: inC })).code).toBe(200);
    expect((await t.call(viewConfirmSetting, {}, { as: inC })).data).toEqual({
      personalInfoConfirmOpenSet: false,
      talentInfoConfirmOpenSet: false,
    });
    // Enterprise A asks for nothing.
    const inA = { domain: c.domain, token: (await t.platform.sessions.create(inC.accountId, a.eid)).token };
    expect((await t.call(viewConfirmSetting, {}, { as: inA })).data).toEqual({
      personalInfoConfirmOpenSet: false,
      talentInfoConfirmOpenSet: false,
    });
    expect((await t.call(updateConfirm, unchecked({ type: 3 }), { as: inA })).code).toBe(400);
  });
});
