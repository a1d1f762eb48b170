import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeInvoice,
  confirmTradePayment,
  createOrder,
  exportAdminOrders,
  findAdminInvoices,
  findAdminOrders,
  findAuditLog,
  findExportRecords,
  findOrderConfig,
  getExportDownloadUrl,
  findPayMethods,
  payDevTrade,
  payOrder,
  refundOrder,
  saveOrderSettings,
  savePayMethod,
  viewAdminOrder,
  viewCourse,
  type CallRequest,
  type OrderSettingsForm,
} from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import { orderServicesOf } from './order.routes.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let admin: Learner;
let adminOfB: Learner;
let course: { id: number };

const db = () => t.database.db;
const as = (who: Learner) => ({ as: who });

const SETTINGS: OrderSettingsForm = {
  closeAfterMinutes: 45,
  invoiceOpen: true,
  specialInvoiceOpen: true,
  invoiceMode: 1,
  bankAccountName: '甲企业有限公司',
  bankName: '中国工商银行北京分行',
  bankAccountNo: '0200001234567890',
  bankNote: '附言请写订单号',
};

beforeAll(async () => {
  // Jobs: the orders export is made by the export job.
  t = await createTestApp(
    { TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000', SIGN_IN_PER_IP_PER_MINUTE: '100000' },
    { jobs: true },
  );
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '李管理' } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
  course = await createCourse(db(), a.eid, { title: '财务基础', priceFen: 5_000 });
  for (const method of [9, 11, 14] as const) {
    const saved = await t.call(
      savePayMethod,
      { method, enabled: true, mode: 'dev', merchant: {}, secrets: {} },
      as(admin),
    );
    expect(saved.code).toBe(200);
  }
});
afterAll(async () => t?.close());

async function paidOrder(who: Learner, method: 9 | 11 | 14 = 11) {
  const order = (await t.call(createOrder, { goodsType: 1, goodsId: course.id }, as(who))).data;
  const start = (await t.call(payOrder, { id: order.id, payMethod: method, isMobile: false }, as(who))).data;
  if (method === 11) await t.call(payDevTrade, { outTradeNo: start.outTradeNo }, as(who));
  return { order, start };
}

const orderStatus = async (id: number) =>
  (await db().select({ status: schema.orders.status }).from(schema.orders).where(eq(schema.orders.id, id)))[0]!.status;
const bought = async (who: Learner) => (await t.call(viewCourse, { courseId: course.id }, as(who))).data.bought;

describe('payment settings', () => {
  it('keeps secrets write-only, checks the fields a live channel needs, audits without the values', async () => {
    const missing = await t.call(
      savePayMethod,
      { method: 11, enabled: true, mode: 'live', merchant: { appId: '2021000000000001' }, secrets: {} },
      as(admin),
    );
    expect(missing).toMatchObject({ code: 9015, message: '请填写sellerId' });
    const unknown = await t.call(
      savePayMethod,
      { method: 11, enabled: false, mode: 'sandbox', merchant: { mchId: 'x' }, secrets: {} },
      { as: admin, lang: 'en' },
    );
    expect(unknown).toMatchObject({ code: 9016, message: 'This payment method has no field mchId' });

    const saved = await t.call(
      savePayMethod,
      {
        method: 13,
        enabled: false,
        mode: 'sandbox',
        merchant: { merId: '777290058110048' },
        secrets: { signPfx: 'c2VjcmV0LXBmeA==', pfxPassword: '000000' },
      },
      as(admin),
    );
    expect(saved.data).toMatchObject({ method: 13, merchant: { merId: '777290058110048' } });
    expect(saved.data.secretsSet.sort()).toEqual(['pfxPassword', 'signPfx']);
    // Saving again without secrets keeps them.
    await t.call(
      savePayMethod,
      { method: 13, enabled: false, mode: 'sandbox', merchant: { merId: '777290058110048' }, secrets: {} },
      as(admin),
    );
    const listed = await t.call(findPayMethods, {}, as(admin));
    expect(listed.data.methods.find((m) => m.method === 13)?.secretsSet.sort()).toEqual(['pfxPassword', 'signPfx']);
    const everything = JSON.stringify(listed) + JSON.stringify(saved);
    expect(everything).not.toContain('c2VjcmV0LXBmeA==');
    expect(everything).not.toContain('000000');
    const [row] = await db()
      .select()
      .from(schema.payMethods)
      .where(and(eq(schema.payMethods.eid, a.eid), eq(schema.payMethods.method, 13)));
    expect(row!.secrets).not.toContain('c2VjcmV0');
    const audits = await db().select().from(schema.adminAuditLog).where(eq(schema.adminAuditLog.eid, a.eid));
    expect(JSON.stringify(audits)).not.toContain('c2VjcmV0LXBmeA==');
    expect(audits.some((r) => r.entityType === 'pay_method')).toBe(true);
  });

  it('saves the order settings the checkout then shows', async () => {
    expect((await t.call(saveOrderSettings, SETTINGS, as(admin))).code).toBe(200);
    const learner = await t.learner(a);
    const config = await t.call(findOrderConfig, {}, as(learner));
    expect(config.data).toMatchObject({
      closeAfterMinutes: 45,
      specialInvoiceOpen: true,
      bankAccount: { accountName: '甲企业有限公司', accountNo: '0200001234567890' },
    });
  });

  it('refuses every admin call to a learner and to another enterprise’s administrator', async () => {
    const learner = await t.learner(a);
    expect((await t.call(findAdminOrders, {}, as(learner))).code).toBe(3403);
    expect((await t.call(findPayMethods, {}, as(learner))).code).toBe(3403);
    const { order, start } = await paidOrder(await t.learner(a), 14);
    expect((await t.call(viewAdminOrder, { id: order.id }, as(adminOfB))).code).toBe(9001);
    expect((await t.call(confirmTradePayment, { tradeId: start.tradeId }, as(adminOfB))).code).toBe(9008);
    expect((await t.call(refundOrder, { id: order.id, reason: '误购' }, as(adminOfB))).code).toBe(9001);
    expect((await t.call(findAdminOrders, {}, as(adminOfB))).data.list.map((o) => o.id)).not.toContain(order.id);
    expect(await orderStatus(order.id)).toBe(1);
  });
});

describe('confirming offline payments', () => {
  it('confirms a manual payment once, also when confirmed five times at once, and opens the course', async () => {
    const learner = await t.learner(a, { member: { realName: '王小明' } });
    const { order, start } = await paidOrder(learner, 14);
    const waiting = await t.call(findAdminOrders, { confirming: '1' }, as(admin));
    expect(waiting.data.list.map((o) => o.id)).toContain(order.id);
    expect(waiting.data.list.find((o) => o.id === order.id)).toMatchObject({ learnerName: '王小明', confirming: true });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.call(confirmTradePayment, { tradeId: start.tradeId }, as(admin))),
    );
    expect(answers.every((r) => r.code === 200 && r.data.orderStatus === 2)).toBe(true);
    expect(await orderStatus(order.id)).toBe(2);
    expect(await bought(learner)).toBe(true);
    const view = await t.call(viewAdminOrder, { id: order.id }, as(admin));
    expect(view.data.trades[0]).toMatchObject({ status: 2, confirmedBy: '李管理' });
    const audits = await db()
      .select()
      .from(schema.adminAuditLog)
      .where(and(eq(schema.adminAuditLog.eid, a.eid), eq(schema.adminAuditLog.entityId, String(order.id))));
    expect(audits.length).toBe(5);
  });

  it('refuses to confirm a channel payment', async () => {
    const learner = await t.learner(a);
    const order = (await t.call(createOrder, { goodsType: 1, goodsId: course.id }, as(learner))).data;
    const start = (await t.call(payOrder, { id: order.id, payMethod: 11, isMobile: false }, as(learner))).data;
    expect((await t.call(confirmTradePayment, { tradeId: start.tradeId }, as(admin))).code).toBe(9013);
    expect(await orderStatus(order.id)).toBe(1);
  });
});

describe('refunds', () => {
  it('refunds a dev-channel payment once through its notification: access ends', async () => {
    const learner = await t.learner(a);
    const { order } = await paidOrder(learner, 11);
    expect(await bought(learner)).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => t.call(refundOrder, { id: order.id, reason: '学员误购' }, as(admin))),
    );
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.code === 9012)).toHaveLength(2);
    expect(await orderStatus(order.id)).toBe(6);
    expect(await bought(learner)).toBe(false);
    const view = await t.call(viewAdminOrder, { id: order.id }, as(admin));
    expect(view.data.refunds).toEqual([expect.objectContaining({ status: 2, amount: 50, reason: '学员误购' })]);
    expect(view.data.notices.map((n) => n.outcome)).toEqual(expect.arrayContaining(['paid', 'refund refunded']));
  });

  it('refunds a confirmed transfer at once (the site pays it back itself); an unpaid order is not refunded', async () => {
    const learner = await t.learner(a);
    const { order, start } = await paidOrder(learner, 9);
    expect((await t.call(refundOrder, { id: order.id, reason: '重复付款' }, as(admin))).code).toBe(9012);
    await t.call(confirmTradePayment, { tradeId: start.tradeId }, as(admin));
    const refunded = await t.call(refundOrder, { id: order.id, reason: '重复付款' }, as(admin));
    expect(refunded.data).toEqual({ orderStatus: 6 });
    expect(await bought(learner)).toBe(false);
  });
});

describe('invoice requests', () => {
  it('lists them and allows only the transitions of the spec', async () => {
    const learner = await t.learner(a);
    const { order } = await paidOrder(learner, 11);
    const [invoice] = await db()
      .insert(schema.invoices)
      .values({
        eid: a.eid,
        orderId: order.id,
        accountId: learner.accountId,
        titleType: 1,
        amountFen: 5_000,
        status: 1,
      })
      .returning();
    const list = await t.call(findAdminInvoices, { status: 1 }, as(admin));
    expect(list.data.list.map((i) => i.id)).toContain(invoice!.id);
    // Not issued yet: neither red-reversed nor voided.
    expect((await t.call(changeInvoice, { id: invoice!.id, action: 'void' }, as(admin))).code).toBe(9028);
    expect((await t.call(changeInvoice, { id: invoice!.id, action: 'redReverse' }, as(admin))).code).toBe(9028);
    const issued = await t.call(changeInvoice, { id: invoice!.id, action: 'issue' }, as(admin));
    expect(issued.data.status).toBe(2);
    await db().update(schema.invoices).set({ status: 3 }).where(eq(schema.invoices.id, invoice!.id));
    expect((await t.call(changeInvoice, { id: invoice!.id, action: 'issue' }, as(admin))).code).toBe(9028);
    expect((await t.call(changeInvoice, { id: invoice!.id, action: 'void' }, as(admin))).data.status).toBe(6);
    expect((await t.call(changeInvoice, { id: invoice!.id, action: 'redReverse' }, as(admin))).code).toBe(9028);
    expect((await t.call(changeInvoice, { id: invoice!.id, action: 'issue' }, as(adminOfB))).code).toBe(404);
  });
});

describe('the orders export', () => {
  let x: { id: number };
  let y: { id: number };
  let zhao: Learner;
  let qian: Learner;
  let paid: { id: number; orderNo: string };
  let confirming: { id: number; orderNo: string };
  let refunded: { id: number; orderNo: string };
  let unpaid: { id: number; orderNo: string };
  let ofB: { id: number; orderNo: string };

  /** The 13 columns of a row (an empty cell read back as ''). */
  const cells = (row: unknown[]) => Array.from({ length: 13 }, (_, i) => row[i] ?? '');

  async function exported(who: Learner, filter: CallRequest<typeof exportAdminOrders>, lang?: 'en') {
    const started = await t.call(exportAdminOrders, filter, { as: who, ...(lang ? { lang } : {}) });
    expect(started.code).toBe(200);
    const record = await waitFor('the orders export', async () => {
      const records = await t.call(findExportRecords, {}, as(who));
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus !== 1);
    });
    expect(record.exportStatus).toBe(2);
    const { workbook, link } = await downloadExport(t, who, started.data.id);
    const { name, values } = sheetValues(workbook);
    return { id: started.data.id, fileName: link.fileName, sheet: name, rows: values.map(cells) };
  }

  beforeAll(async () => {
    x = await createCourse(db(), a.eid, { title: '导出课程甲', priceFen: 1_234 });
    y = await createCourse(db(), a.eid, { title: '导出课程乙', priceFen: 9_990 });
    zhao = await t.learner(a, { member: { realName: '赵导出' } });
    qian = await t.learner(a, { member: { realName: '钱导出' } });
    const buy = async (who: Learner, courseId: number, method: 11 | 14 | null) => {
      const order = (await t.call(createOrder, { goodsType: 1, goodsId: courseId }, as(who))).data;
      if (method !== null) {
        const start = (await t.call(payOrder, { id: order.id, payMethod: method, isMobile: false }, as(who))).data;
        if (method === 11)
          expect((await t.call(payDevTrade, { outTradeNo: start.outTradeNo }, as(who))).code).toBe(200);
      }
      return order;
    };
    // Oldest first: paid (Alipay, invoiced), waiting for confirmation (manual), refunded (Alipay), unpaid.
    paid = await buy(zhao, x.id, 11);
    confirming = await buy(zhao, y.id, 14);
    refunded = await buy(qian, x.id, 11);
    expect((await t.call(refundOrder, { id: refunded.id, reason: '学员误购' }, as(admin))).code).toBe(200);
    unpaid = await buy(qian, y.id, null);
    await db()
      .insert(schema.invoices)
      .values({ eid: a.eid, orderId: paid.id, accountId: zhao.accountId, titleType: 1, amountFen: 1_234, status: 3 });
    // Another enterprise's order of its own course.
    const courseOfB = await createCourse(db(), b.eid, { title: '乙企业导出课程', priceFen: 800 });
    ofB = await buy(await t.learner(b, { member: { realName: '孙导出' } }), courseOfB.id, null);
  });

  it("writes the list's filter as XLSX: rows newest first, yuan amounts, Chinese labels, China time; audited", async () => {
    const filter = { keyword: '导出', payMethod: 11 } as const;
    // The export holds what the list shows for the same filter.
    const listed = await t.call(findAdminOrders, filter, as(admin));
    expect(listed.data.list.map((o) => o.id)).toEqual([refunded.id, paid.id]);

    const file = await exported(admin, filter);
    expect(file.sheet).toBe('订单');
    expect(file.fileName).toMatch(/^订单列表-\d{12}\.xlsx$/);
    const [header, ...rows] = file.rows;
    expect(header).toEqual([
      '订单号',
      '商品类型',
      '商品',
      '学员',
      '手机号',
      '金额（元）',
      '支付方式',
      '订单状态',
      '下单时间',
      '支付时间',
      '交易号',
      '退款状态',
      '发票状态',
    ]);
    expect(rows).toHaveLength(2);
    const trades = await db().select().from(schema.trades).where(eq(schema.trades.eid, a.eid));
    // Each of these orders was paid by its one trade.
    const tradeNo = (orderId: number) => trades.find((tr) => tr.orderId === orderId)!.outTradeNo;
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, paid.id));
    const china = (d: Date) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(d);
    expect(rows[0]).toEqual([
      refunded.orderNo,
      '课程',
      '导出课程甲',
      '钱导出',
      qian.phone,
      12.34,
      '支付宝',
      '已退款',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      tradeNo(refunded.id),
      '已退款',
      '未开票',
    ]);
    expect(rows[1]).toEqual([
      paid.orderNo,
      '课程',
      '导出课程甲',
      '赵导出',
      zhao.phone,
      12.34,
      '支付宝',
      '已支付',
      china(order!.createdAt),
      china(order!.paidAt!),
      tradeNo(paid.id),
      '',
      '已开票',
    ]);

    // Another filter: the manual payment waiting for confirmation, and the unpaid order without a method.
    const waiting = await exported(admin, { keyword: '导出课程乙' });
    expect(waiting.rows.slice(1).map((r) => [r[0], r[3], r[5], r[6], r[7], r[9], r[11], r[12]])).toEqual([
      [unpaid.orderNo, '钱导出', 99.9, '', '待支付', '', '', '未开票'],
      [confirming.orderNo, '赵导出', 99.9, '人工确认', '待确认收款', '', '', '未开票'],
    ]);
    const onlyWaiting = await exported(admin, { keyword: '导出', confirming: '1' });
    expect(onlyWaiting.rows.slice(1).map((r) => r[0])).toEqual([confirming.orderNo]);

    // Who took which filter is in the audit log.
    const log = await t.call(findAuditLog, { entityType: 'order_export', entityId: String(file.id) }, as(admin));
    expect(log.data.list[0]).toMatchObject({ action: 'exportAdminOrders', after: { keyword: '导出', payMethod: 11 } });
    // A learner is refused.
    expect((await t.call(exportAdminOrders, {}, as(zhao))).code).toBe(3403);
  });

  it("holds only the administrator's enterprise's orders, and its file is not another's", async () => {
    const ofA = await exported(admin, {});
    const numbersOfA = ofA.rows.slice(1).map((r) => r[0]);
    expect(numbersOfA).toEqual(
      expect.arrayContaining([paid.orderNo, confirming.orderNo, refunded.orderNo, unpaid.orderNo]),
    );
    expect(numbersOfA).not.toContain(ofB.orderNo);

    const everythingOfB = await exported(adminOfB, {});
    expect(everythingOfB.rows.slice(1).map((r) => r[0])).toEqual([ofB.orderNo]);
    expect(everythingOfB.rows[1]![3]).toBe('孙导出');
    // The same filter as a's first export finds nothing of a's in b.
    const filteredOfB = await exported(adminOfB, { keyword: '导出课程甲' });
    expect(filteredOfB.rows).toHaveLength(1);
    expect(JSON.stringify(everythingOfB.rows)).not.toContain('赵导出');
    // a's export record is not b's to download.
    expect((await t.call(getExportDownloadUrl, { id: String(ofA.id) }, as(adminOfB))).code).not.toBe(200);
  });

  it("reads the filter in keyset steps in the list's order, each order once", async () => {
    const { admin: orders } = orderServicesOf(t.platform);
    const filter = { keyword: '导出', confirming: '0' as const };
    const listed = (await t.call(findAdminOrders, filter, as(admin))).data.list.map((o) => o.id);
    expect(listed).toEqual([unpaid.id, refunded.id, confirming.id, paid.id]);
    const stepped: number[] = [];
    let after: number | null = null;
    for (;;) {
      const step = await withTenant(a.eid, () => orders.exportStep(a.eid, filter, after, 1));
      if (step.length === 0) break;
      stepped.push(step[0]!.id);
      after = step[0]!.id;
    }
    expect(stepped).toEqual(listed);
  });

  it("is written in the administrator's language: English headers, labels, sheet and file names", async () => {
    const file = await exported(admin, { keyword: '导出课程甲' }, 'en');
    expect(file.sheet).toBe('Orders');
    expect(file.fileName).toMatch(/^orders-\d{12}\.xlsx$/);
    expect(file.rows[0]).toEqual([
      'Order number',
      'Item type',
      'Item',
      'Learner',
      'Phone',
      'Amount (yuan)',
      'Payment method',
      'Order status',
      'Ordered',
      'Paid',
      'Trade number',
      'Refund',
      'Invoice',
    ]);
    expect(file.rows.slice(1).map((r) => [r[0], r[1], r[5], r[6], r[7], r[11], r[12]])).toEqual([
      [refunded.orderNo, 'Course', 12.34, 'Alipay', 'Refunded', 'Refunded', 'Not invoiced'],
      [paid.orderNo, 'Course', 12.34, 'Alipay', 'Paid', '', 'Invoiced'],
    ]);
  });
});
