import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applyEnterprise, type CallRequest } from '@portal/contract';
import { schema } from '@portal/db';
import { captchaFor, createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise } from '../../test/factories.ts';
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db);
});
afterAll(async () => t?.close());

async function apply(body: Partial<CallRequest<typeof applyEnterprise>>) {
  const application = {
    entName: '示例科技有限公司',
    creditCode: '91350100M000100Y43',
    contactName: '王经理',
    contactPhone: '13912345678',
    ...(await captchaFor(t)),
    ...body,
  };
  return t.call(applyEnterprise, application, { as: visitorOf(a) });
}

describe('enterprise application (/company/in)', () => {
  it('stores an application once per pending credit code, with the site it came from', async () => {
    expect(await apply({})).toEqual({ code: 200, message: '成功', data: null });
    const [row] = await t.database.db
      .select()
      .from(schema.enterpriseApplications)
      .where(eq(schema.enterpriseApplications.creditCode, '91350100M000100Y43'));
    expect(row).toMatchObject({ entName: '示例科技有限公司', appliedOnEid: a.eid, status: 1 });
    expect(await apply({ entName: '另一家' })).toMatchObject({
      code: 409,
      message: '该统一社会信用代码已提交入驻申请，请耐心等待审核',
    });
  });

  it('checks the credit code (its check character), the contact phone and the required fields', async () => {
    expect((await apply({ creditCode: '91350100M000100Y44' })).message).toContain('请输入正确的统一社会信用代码');
    expect((await apply({ creditCode: '' })).message).toContain('请输入统一社会信用代码');
    expect((await apply({ contactPhone: '123' })).message).toContain('请输入正确的手机号码');
    expect((await apply({ entName: ' ' })).message).toContain('请输入企业名称');
    expect((await apply({ imageCode: 'zzzz' })).code).toBe(3003);
  });
});
