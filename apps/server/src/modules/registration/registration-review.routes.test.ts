import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  decideEnterpriseApplication,
  decideRegistration,
  findAuditLog,
  findEnterpriseApplications,
  findPendingRegistrations,
  loginByPassword,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { captchaFor, createTestApp, encryptFor, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createAdmin } from '../../test/learner-import-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await createAdmin(t, a);
  otherAdmin = await createAdmin(t, b);
});
afterAll(async () => t?.close());

/** A registration waiting for review on `site` (status 3, as registering does with auto-audit off). */
const pendingOn = (site: Ent, realName: string) => t.learner(site, { member: { status: 3, realName } });

async function signIn(who: Learner, lang?: string) {
  return t.call(
    loginByPassword,
    { phone: who.phone, password: encryptFor(t, who.password!), ...(await captchaFor(t)) },
    { as: visitorOf(a), ...(lang ? { lang } : {}) },
  );
}

describe('registration approvals', () => {
  it('lists the pending registrations of the enterprise only, oldest first', async () => {
    const first = await pendingOn(a, '待审一');
    const second = await pendingOn(a, '待审二');
    await pendingOn(b, '别家待审');
    await t.learner(a, { member: { realName: '已是学员' } });
    const page = await t.call(findPendingRegistrations, {}, { as: admin });
    expect(page.data.list.map((r) => r.accountId)).toEqual([first.accountId, second.accountId]);
    expect(page.data.list[0]).toMatchObject({ realName: '待审一', phone: first.phone });
    expect(page.data.totalCount).toBe(2);
  });

  it('approves: the person signs in as a member; a second decision is refused', async () => {
    const person = await pendingOn(a, '通过者');
    expect((await signIn(person)).message).toBe('您的注册信息正在审核中，请耐心等待管理员审核');
    expect((await t.call(decideRegistration, { accountId: person.accountId, approve: true }, { as: admin })).code).toBe(
      200,
    );
    expect((await signIn(person)).code).toBe(200);
    const again = await t.call(
      decideRegistration,
      { accountId: person.accountId, approve: false, reason: 'x' },
      { as: admin },
    );
    expect(again.code).toBe(ErrorCode.REGISTRATION_NOT_PENDING);
  });

  it('rejects with a reason the person is told at sign-in, in their language', async () => {
    const person = await pendingOn(a, '拒绝者');
    const noReason = await t.call(decideRegistration, { accountId: person.accountId, approve: false }, { as: admin });
    expect(noReason.code).toBe(ErrorCode.BAD_INPUT);
    expect(noReason.message).toContain('请输入拒绝原因');
    const r = await t.call(
      decideRegistration,
      { accountId: person.accountId, approve: false, reason: '非本公司员工' },
      { as: admin },
    );
    expect(r.code).toBe(200);
    const zh = await signIn(person);
    expect(zh).toMatchObject({ code: ErrorCode.ACCOUNT_DISABLED, message: '您的注册未通过审核，原因：非本公司员工' });
    expect((await signIn(person, 'en')).message).toBe('Your registration was not approved: 非本公司员工');
    const log = await t.call(
      findAuditLog,
      { entityType: 'registration', entityId: String(person.accountId), order: 'desc' },
      { as: admin },
    );
    expect(log.data.list[0]).toMatchObject({
      action: 'decideRegistration',
      before: { status: 3 },
      after: { status: 4, reason: '非本公司员工' },
    });
  });

  it("refuses another enterprise's administrator a registration it does not hold", async () => {
    const person = await pendingOn(a, '别家动不了');
    const r = await t.call(decideRegistration, { accountId: person.accountId, approve: true }, { as: otherAdmin });
    expect(r.code).toBe(ErrorCode.REGISTRATION_NOT_PENDING);
    const [m] = await db()
      .select()
      .from(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.eid, a.eid), eq(schema.enterpriseUsers.accountId, person.accountId)));
    expect(m!.status).toBe(3);
  });
});

describe('enterprise application approvals', () => {
  const apply = async (site: Ent, creditCode: string, entName: string) => {
    const [row] = await db()
      .insert(schema.enterpriseApplications)
      .values({ appliedOnEid: site.eid, entName, creditCode, contactName: '王经理', contactPhone: '13912345678' })
      .returning();
    return row!;
  };

  it("lists the site's applications, approves and rejects each once, audited", async () => {
    const x = await apply(a, '91350100M000100Y43', '示例科技');
    const y = await apply(a, '91110000MA001A2B3C', '另一家');
    await apply(b, '91110108MA00ABCD1X', '别家的');
    const page = await t.call(findEnterpriseApplications, {}, { as: admin });
    expect(page.data.list.map((r) => r.entName).sort()).toEqual(['另一家', '示例科技']);
    expect((await t.call(decideEnterpriseApplication, { id: x.id, approve: true }, { as: admin })).code).toBe(200);
    expect(
      (await t.call(decideEnterpriseApplication, { id: y.id, approve: false, reason: '资料不全' }, { as: admin })).code,
    ).toBe(200);
    expect(
      (await t.call(decideEnterpriseApplication, { id: x.id, approve: false, reason: 'x' }, { as: admin })).code,
    ).toBe(ErrorCode.ENTERPRISE_APPLICATION_DECIDED);
    const rejected = await t.call(findEnterpriseApplications, { status: 3 }, { as: admin });
    expect(rejected.data.list).toEqual([expect.objectContaining({ id: y.id, rejectReason: '资料不全' })]);
    const log = await t.call(findAuditLog, { entityType: 'enterprise_application' }, { as: admin });
    expect(log.data.list).toHaveLength(2);
  });

  it("is not found by another site's administrator", async () => {
    const x = await apply(a, '91310000MA1FL0A1XX', '他站看不到');
    expect((await t.call(findEnterpriseApplications, {}, { as: otherAdmin })).data.list.map((r) => r.id)).not.toContain(
      x.id,
    );
    const r = await t.call(decideEnterpriseApplication, unchecked({ id: x.id, approve: true }), { as: otherAdmin });
    expect(r.code).toBe(ErrorCode.ENTERPRISE_APPLICATION_NOT_FOUND);
  });
});
