import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createOrder, payOrder } from '@portal/contract/calls/order';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// Orders in the back office (issue 23 item 6, decision 057): a learner of the public-training site
// pays by manual confirmation (from Node, as the checkout would); its administrator finds the
// order waiting for confirmation, confirms it (the course opens), then refunds it (the course
// closes again). The payment settings page in English.
const EID = 1005;
const ADMIN = { phone: '13800000008', password: 'Demo@2026' };

describe.runIf(browserAvailable())('the back office: orders', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  const bought = async (accountId: number, courseId: number) =>
    (
      await db
        .select()
        .from(schema.coursePurchases)
        .where(
          and(
            eq(schema.coursePurchases.eid, EID),
            eq(schema.coursePurchases.accountId, accountId),
            eq(schema.coursePurchases.courseId, courseId),
          ),
        )
    ).length;

  it('confirms a manual payment (the course opens) and refunds it (the course closes)', async () => {
    const [course] = await db
      .select()
      .from(schema.courses)
      .where(and(eq(schema.courses.eid, EID), eq(schema.courses.published, true), sql`${schema.courses.priceFen} > 0`))
      .orderBy(schema.courses.id)
      .limit(1);
    const learner = await createLearner(EID);
    const call = await signInByCall(learner, 'px');
    const order = await call(createOrder, { goodsType: 1, goodsId: course!.id });
    await call(payOrder, { id: order.id, payMethod: 14, isMobile: false });
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, learner.phone));

    await signInAs(session.b, ADMIN, { host: 'px', path: '/crm/orders?confirming=1' });
    const p = page();
    const row = p.getByRole('row', { name: new RegExp(order.orderNo) });
    await row.waitFor();
    expect(await row.textContent()).toContain('待确认收款');
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = p.getByRole('dialog').filter({ hasText: '支付记录' });
    await drawer.getByRole('button', { name: '确认收款' }).click();
    await p.getByRole('dialog', { name: '确认已收到这笔款项？' }).getByRole('button', { name: '确 定' }).click();
    await p.locator('.ant-message').getByText('已确认收款', { exact: true }).waitFor();
    await expect.poll(() => bought(account!.id, course!.id)).toBe(1);
    await drawer.getByText('已支付', { exact: true }).first().waitFor();

    await drawer.getByRole('button', { name: '退 款' }).click();
    const dialog = p.getByRole('dialog', { name: '退款' });
    await dialog.getByLabel('退款原因').fill('学员申请退款');
    await expectAccessible(p, 'the refund dialog');
    await dialog.getByRole('button', { name: '退 款' }).click();
    await p.locator('.ant-message').getByText('退款已提交', { exact: true }).waitFor();
    await expect.poll(() => bought(account!.id, course!.id)).toBe(0);
    const [after] = await db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.eid, EID), eq(schema.orders.id, order.id)))
      .orderBy(desc(schema.orders.id));
    expect(after).toMatchObject({ status: 6, refundReason: '学员申请退款' });
  });

  it('shows the payment settings in English, keys write-only', async () => {
    await signInAs(session.b, ADMIN, { host: 'px', lang: 'en', path: '/crm/payment' });
    const p = page();
    await p.getByRole('heading', { name: 'Payment settings' }).waitFor();
    await p.getByText('Order settings', { exact: true }).waitFor();
    await p.getByText('Keys stay on the server and are never shown again once saved').waitFor();
    expect(await p.getByLabel('Unpaid orders close after (minutes)').inputValue()).toBe('30');
    await p.goto(url('/en/crm/orders', 'px'));
    await p.getByRole('heading', { name: 'Orders' }).waitFor();
  });
});
