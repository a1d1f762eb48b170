import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { createOrder } from '@portal/contract/calls/order';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { pdfText } from '../pdf-text.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// Buying on the public-training demo site (issue 23, decision 057): a priced course bought with
// the dev channel (its cashier, its signed notification), the order paid and the course
// playable; an invoice asked for and downloaded; a bank transfer waiting for the site; an unpaid
// order cancelled; the same flow in English with WeChat Pay's QR code.
const TEXTS = {
  zh: {
    buy: '立即购买',
    payNow: '立即支付',
    alipay: '支付宝',
    transfer: '银行转账',
    devPay: '确认支付',
    paid: '支付成功',
    study: '去学习',
    start: '开始学习',
    statusPaid: '已支付',
    cancelled: '已取消',
    invoice: '申请发票',
    submit: '提 交',
    applied: '发票申请已提交，开具后可在订单中下载',
    download: '下载发票',
    receipt: '上传转账凭证',
    confirming: '等待网站确认收款',
    cancel: '取消订单',
    ok: '确 定',
    unpaid: '1 笔待支付',
  },
  en: {
    payNow: 'Pay now',
    wechat: 'WeChat Pay',
    scan: 'Scan the QR code with WeChat Pay to pay',
    openCashier: 'Open the cashier on this page',
    devCashier: 'Test cashier',
    devPay: 'Confirm payment',
    paid: 'Payment received',
    viewOrders: 'See my orders',
    statusPaid: 'Paid',
  },
} as const;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(browserAvailable())('orders and payment', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** A published priced course of the public-training site, not one another test of this file took. */
  const taken: number[] = [];
  async function pricedCourse() {
    const [course] = await db
      .select()
      .from(schema.courses)
      .where(
        and(
          eq(schema.courses.eid, 1005),
          eq(schema.courses.published, true),
          sql`${schema.courses.priceFen} > 0`,
          taken.length ? notInArray(schema.courses.id, taken) : undefined,
        ),
      )
      .orderBy(desc(schema.courses.id))
      .limit(1);
    if (!course) throw new Error('no priced course left on the public-training site');
    taken.push(course.id);
    return course;
  }

  const orderOf = async (accountId: number, courseId: number) => {
    const [row] = await db
      .select()
      .from(schema.orders)
      .where(
        and(eq(schema.orders.eid, 1005), eq(schema.orders.accountId, accountId), eq(schema.orders.goodsId, courseId)),
      )
      .orderBy(desc(schema.orders.id))
      .limit(1);
    return row;
  };
  const accountOf = async (phone: string) =>
    (await db.select().from(schema.accounts).where(eq(schema.accounts.phone, phone)))[0]!.id;

  it('buys a priced course with the dev channel, studies it, asks for the invoice and downloads it', async () => {
    const t = TEXTS.zh;
    const course = await pricedCourse();
    const learner = await createLearner(1005);
    await signInAs(session.b, learner, { host: 'px', path: `/knowledge/course/info?id=${course.id}` });
    const p = page();
    await declineProfileTip(p, 'zh');
    await p.getByRole('link', { name: t.buy }).click();
    await p.waitForURL(/\/pay\/buy\?courseId=/);
    const price = `¥${(course.priceFen / 100).toFixed(2)}`;
    await p.locator('.portal-checkout-price', { hasText: price }).waitFor();
    await p.locator('.ant-radio-button-wrapper', { hasText: t.alipay }).click();
    await p.getByRole('button', { name: t.payNow }).click();
    // The dev channel's cashier stands in for Alipay's page.
    await p.waitForURL(/\/pay\/dev\?outTradeNo=\d{24}$/);
    await p.getByText(course.title).waitFor();
    await p.getByRole('button', { name: t.devPay }).click();
    await p.getByText(t.paid, { exact: true }).waitFor();
    const order = await orderOf(await accountOf(learner.phone), course.id);
    expect(order).toMatchObject({ status: 2, payMethod: 11, amountFen: course.priceFen });

    await p.getByRole('link', { name: t.study }).click();
    await p.waitForURL(new RegExp(`/knowledge/course/info\\?id=${course.id}$`));
    await p.getByRole('link', { name: t.start }).waitFor();
    expect(await p.getByRole('link', { name: t.buy }).count()).toBe(0);

    await p.goto(url('/account?change=4', 'px'));
    const row = p.locator('.portal-order-row', { hasText: course.title });
    await row.getByText(t.statusPaid, { exact: true }).waitFor();
    await row.getByRole('button', { name: t.invoice }).click();
    const dialog = p.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(p, 'the invoice dialog');
    await dialog.getByRole('button', { name: t.submit }).click();
    await p.locator('.ant-message').getByText(t.applied, { exact: true }).waitFor();
    // The job issues it within moments (read in the database, not by reloading the page over and
    // over); the list then shows the download.
    await expect
      .poll(
        async () =>
          (
            await db
              .select({ status: schema.invoices.status })
              .from(schema.invoices)
              .where(and(eq(schema.invoices.eid, 1005), eq(schema.invoices.orderId, order!.id)))
          )[0]?.status,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(3);
    await p.reload();
    await row.getByRole('button', { name: t.download }).waitFor();
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      row.getByRole('button', { name: t.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^发票-DEV\d+\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(course.title);
    expect(text).toContain(`¥${(course.priceFen / 100).toFixed(2)}`);
  });

  it('pays by bank transfer: the account shown, the receipt uploaded, then waiting for the site', async () => {
    const t = TEXTS.zh;
    const course = await pricedCourse();
    const learner = await createLearner(1005);
    await signInAs(session.b, learner, { host: 'px', path: `/pay/buy?courseId=${course.id}` });
    const p = page();
    await declineProfileTip(p, 'zh');
    await p.locator('.ant-radio-button-wrapper', { hasText: t.transfer }).click();
    await p.getByRole('button', { name: t.payNow }).click();
    await p.getByText('1109 1234 5678 901').waitFor();
    await p.locator('input[type=file]').setInputFiles({ name: '回单.png', mimeType: 'image/png', buffer: PNG });
    await p.getByText(t.confirming, { exact: true }).waitFor();
    const order = await orderOf(await accountOf(learner.phone), course.id);
    expect(order?.status).toBe(1);

    await p.goto(url('/account?change=4', 'px'));
    const row = p.locator('.portal-order-row', { hasText: course.title });
    await row.getByText(t.confirming, { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: t.cancel }).count()).toBe(0);
  });

  it('highlights my orders while one is unpaid, and cancels it', async () => {
    const t = TEXTS.zh;
    const course = await pricedCourse();
    const learner = await createLearner(1005);
    const call = await signInByCall(learner, 'px');
    await call(createOrder, { goodsType: 1, goodsId: course.id });
    await signInAs(session.b, learner, { host: 'px', path: '/account?change=4' });
    const p = page();
    await declineProfileTip(p, 'zh');
    await p.locator('.portal-user-name').click();
    await p.locator('.portal-user-entry-alert', { hasText: t.unpaid }).waitFor();
    await p.keyboard.press('Escape');

    const row = p.locator('.portal-order-row', { hasText: course.title });
    await row.getByRole('button', { name: t.cancel }).click();
    await p.getByRole('dialog').getByRole('button', { name: t.ok }).click();
    await row.getByText(t.cancelled, { exact: true }).waitFor();
    expect((await orderOf(await accountOf(learner.phone), course.id))?.status).toBe(3);
  });

  it('in English: WeChat Pay’s QR code, the cashier, paid', async () => {
    const t = TEXTS.en;
    const course = await pricedCourse();
    const learner = await createLearner(1005);
    await signInAs(session.b, learner, { host: 'px', lang: 'en', path: `/pay/buy?courseId=${course.id}` });
    const p = page();
    await declineProfileTip(p, 'en');
    await p.locator('.ant-radio-button-wrapper', { hasText: t.wechat }).click();
    await p.getByRole('button', { name: t.payNow }).click();
    await p.getByText(t.scan, { exact: true }).waitFor();
    await p.locator('.portal-checkout-qr canvas, .portal-checkout-qr svg').first().waitFor();
    await expectAccessible(p, 'the QR code');
    await p.getByRole('link', { name: t.openCashier }).click();
    await p.waitForURL(/\/en\/pay\/dev\?outTradeNo=/);
    await p.getByRole('heading', { name: t.devCashier }).waitFor();
    await p.getByRole('button', { name: t.devPay }).click();
    await p.getByText(t.paid, { exact: true }).waitFor();
    await p.getByRole('link', { name: t.viewOrders }).click();
    await p.locator('.portal-order-row', { hasText: course.title }).getByText(t.statusPaid, { exact: true }).waitFor();
  });
});
