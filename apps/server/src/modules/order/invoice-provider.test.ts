import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyInvoice,
  changeInvoice,
  createOrder,
  findAuditLog,
  findPayMethods,
  getInvoiceDownloadUrl,
  INVOICE_NOTIFY_PATH,
  payDevTrade,
  payOrder,
  saveInvoiceProvider,
  savePayMethod,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import { invoiceProviders } from './invoice-providers.ts';
import { InvoiceService } from './invoices.ts';
import { OrderRepository } from './order.repository.ts';

/**
 * An enterprise's e-invoice account (decision 058): Nuonuo set in the back office (its secret
 * write-only), invoices requested from it under the order's number, asked about by serial number
 * until issued (the PDF kept for the learner) or failed, re-issued under a new number, a push only a
 * hint. Nuonuo is a local stand-in here; the client's protocol (signatures, tokens) is tested in
 * platform/providers/invoice/nuonuo.test.ts.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let admin: Learner;
let adminOfB: Learner;
let course: { id: number };
let server: Server;
let base = '';
const APP_SECRET = 'nuonuo-secret-of-a';

/** What the stand-in answers: the statuses each serial number goes through, requests received. */
const fake = {
  requests: [] as Array<{ orderNo: string; buyerName: string; amount: string }>,
  statuses: new Map<string, string[]>(),
  serialOf: new Map<string, string>(),
  queries: 0,
  down: false,
  /** The next request is taken (its invoice made) but its answer is lost (502). */
  loseNextAnswer: false,
};

const db = () => t.database.db;
const as = (who: Learner) => ({ as: who });

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const json = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (fake.down) {
        res.writeHead(502);
        return res.end('bad gateway');
      }
      if (url.pathname === '/accessToken') return json({ access_token: 'token-a', expires_in: '86400' });
      if (url.pathname.startsWith('/fp/')) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end('%PDF-1.7 invoice of the stand-in');
      }
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      if (req.headers.method === 'nuonuo.OpeMplatform.requestBillingNew') {
        const order = body.order as Record<string, unknown>;
        const detail = (order.invoiceDetail as Array<Record<string, unknown>>)[0]!;
        if (fake.serialOf.has(String(order.orderNo))) {
          return json({ code: 'E9106', describe: '订单编号或流水号不能重复' });
        }
        fake.requests.push({
          orderNo: String(order.orderNo),
          buyerName: String(order.buyerName),
          amount: String(detail.taxIncludedAmount),
        });
        const serialNo = `SN${fake.requests.length}`;
        fake.serialOf.set(String(order.orderNo), serialNo);
        if (!fake.statuses.has(serialNo)) fake.statuses.set(serialNo, ['20', '2']);
        if (fake.loseNextAnswer) {
          fake.loseNextAnswer = false;
          res.writeHead(502);
          return res.end('bad gateway');
        }
        return json({ code: 'E0000', describe: '开票提交成功', result: { invoiceSerialNum: serialNo } });
      }
      if (req.headers.method === 'nuonuo.OpeMplatform.queryInvoiceResult') {
        fake.queries += 1;
        const serialNo =
          (body.serialNos as string[] | undefined)?.[0] ??
          fake.serialOf.get((body.orderNos as string[] | undefined)?.[0] ?? '') ??
          '';
        const steps = fake.statuses.get(serialNo);
        if (!steps) return json({ code: 'E9500', describe: '发票不存在' });
        const status = steps.length > 1 ? steps.shift()! : steps[0]!;
        return json({
          code: 'E0000',
          describe: '获取成功',
          result: [
            {
              serialNo,
              orderNo: [...fake.serialOf].find(([, serial]) => serial === serialNo)?.[0] ?? '',
              status,
              statusMsg: status === '2' ? '开票完成' : status === '22' ? '开票失败' : '开票中',
              failCause: status === '22' ? '购方税号有误' : '',
              pdfUrl: status === '2' ? `${base}/fp/${serialNo}.pdf` : '',
              invoiceNo: status === '2' ? '26332000000123456789' : '',
              allElectronicInvoiceNumber: status === '2' ? '26332000000123456789' : '',
              invoiceCode: '',
            },
          ],
        });
      }
      return json({ code: '070501', describe: '请求的API不存在' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // No jobs: the invoices here are moved on by the service under test, pointed at the stand-in.
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000', SIGN_IN_PER_IP_PER_MINUTE: '100000' });
  a = await createEnterprise(db(), { name: '甲培训有限公司' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
  course = await createCourse(db(), a.eid, { title: '税务实务', priceFen: 12_300 });
  expect(
    (await t.call(savePayMethod, { method: 11, enabled: true, mode: 'dev', merchant: {}, secrets: {} }, as(admin)))
      .code,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The service as the job runs it, its Nuonuo at the stand-in. */
const service = () =>
  new InvoiceService(
    new OrderRepository(t.platform.db),
    t.platform.storage,
    t.platform.signer,
    invoiceProviders({
      repo: new OrderRepository(t.platform.db),
      vault: t.platform.vault,
      devProviders: false,
      nuonuoBaseUrl: base,
    }),
    async () => undefined,
    t.platform.systemDb,
  );

async function invoiceRequested() {
  const learner = await t.learner(a, { member: { realName: '赵税' } });
  const order = (await t.call(createOrder, { goodsType: 1, goodsId: course.id }, as(learner))).data;
  const start = (await t.call(payOrder, { id: order.id, payMethod: 11, isMobile: false }, as(learner))).data;
  expect((await t.call(payDevTrade, { outTradeNo: start.outTradeNo }, as(learner))).code).toBe(200);
  const applied = await t.call(
    applyInvoice,
    { orderId: order.id, titleType: 1, title: '赵税', taxNo: '', kind: 1, email: '' },
    as(learner),
  );
  expect(applied.code, JSON.stringify(applied)).toBe(200);
  return { learner, order, invoiceId: applied.data.id };
}

const invoiceRow = async (id: number) =>
  (await db().select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0]!;

describe('the enterprise’s e-invoice account', () => {
  it('is set in the back office: Nuonuo needs its fields, the secret is never answered, the change audited', async () => {
    const missing = await t.call(
      saveInvoiceProvider,
      { provider: 'nuonuo', appKey: 'app-a', taxNo: '', clerk: '王会计', sandbox: true, appSecret: APP_SECRET },
      as(admin),
    );
    expect(missing.code).toBe(9015);
    const saved = await t.call(
      saveInvoiceProvider,
      {
        provider: 'nuonuo',
        appKey: 'app-a',
        taxNo: '91350100m000100y43',
        clerk: '王会计',
        sandbox: true,
        appSecret: APP_SECRET,
      },
      as(admin),
    );
    expect(saved.data).toEqual({
      provider: 'nuonuo',
      appKey: 'app-a',
      taxNo: '91350100M000100Y43',
      clerk: '王会计',
      sandbox: true,
      secretSet: true,
    });
    // Saved again without the secret: the stored one stays.
    const kept = await t.call(
      saveInvoiceProvider,
      { provider: 'nuonuo', appKey: 'app-a', taxNo: '91350100M000100Y43', clerk: '王会计', sandbox: true },
      as(admin),
    );
    expect(kept.data.secretSet).toBe(true);
    const shown = await t.call(findPayMethods, {}, as(admin));
    expect(shown.data.invoiceProvider).toMatchObject({ provider: 'nuonuo', secretSet: true });
    expect(JSON.stringify(shown.data)).not.toContain(APP_SECRET);
    const log = await t.call(findAuditLog, { entityType: 'order_settings' }, as(admin));
    expect(log.data.list.length).toBeGreaterThan(0);
    expect(JSON.stringify(log.data)).not.toContain(APP_SECRET);
    // Another enterprise's settings are its own.
    expect((await t.call(findPayMethods, {}, as(adminOfB))).data.invoiceProvider.provider).toBe('dev');
  });

  it('issues through Nuonuo: requested once under the order number, asked about until issued, the PDF kept', async () => {
    const { learner, order, invoiceId } = await invoiceRequested();
    const invoices = service();
    // The job and the sweep at once: one request.
    const before = fake.requests.length;
    await Promise.all([invoices.issue(a.eid, invoiceId), invoices.issue(a.eid, invoiceId)]);
    expect(fake.requests.length).toBe(before + 1);
    let row = await invoiceRow(invoiceId);
    expect(row).toMatchObject({ status: 2, provider: 'nuonuo', attempts: 0, claimedUntil: null });
    expect(row.providerSerial).toMatch(/^SN\d+$/);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ buyerName: '赵税', amount: '123.00' });
    expect(sent.orderNo).toBe(`N${BigInt(order.orderNo).toString(36).toUpperCase()}`);
    // Still issuing at the first question, issued at the second; a push alone changes nothing more.
    await invoices.issue(a.eid, invoiceId);
    expect((await invoiceRow(invoiceId)).status).toBe(2);
    expect(await invoices.receivePush(b.eid, row.providerSerial)).toBe(false);
    expect(await invoices.receivePush(a.eid, row.providerSerial)).toBe(true);
    row = await invoiceRow(invoiceId);
    expect(row).toMatchObject({ status: 3, invoiceNo: '26332000000123456789', attempts: 0 });
    expect(fake.requests.filter((r) => r.orderNo === sent.orderNo)).toHaveLength(1);
    const link = await t.call(getInvoiceDownloadUrl, { orderId: order.id }, as(learner));
    expect(link.code).toBe(200);
    const pdf = await t.app.inject({
      method: 'GET',
      url: new URL(link.data.url, 'http://x').pathname + new URL(link.data.url, 'http://x').search,
    });
    expect(pdf.body.startsWith('%PDF')).toBe(true);
  });

  it('keeps an invoice pending while Nuonuo cannot be reached and asks again under the same number; a failure is re-issued under a new one', async () => {
    const { order, invoiceId } = await invoiceRequested();
    const invoices = service();
    const first = `N${BigInt(order.orderNo).toString(36).toUpperCase()}`;
    fake.down = true;
    await invoices.issue(a.eid, invoiceId);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 2, providerSerial: '', attempts: 0 });
    fake.down = false;
    // Taken by Nuonuo, its answer lost: the next run asks under the same number and finds it.
    fake.statuses.set(`SN${fake.requests.length + 1}`, ['22']);
    fake.loseNextAnswer = true;
    await invoices.issue(a.eid, invoiceId);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 2, providerSerial: '' });
    // Nuonuo answers the second request under that number E9106; its request is looked up by
    // number and found failed.
    await invoices.issue(a.eid, invoiceId);
    expect(fake.requests.filter((r) => r.orderNo === first)).toHaveLength(1);
    expect(await invoiceRow(invoiceId)).toMatchObject({
      status: 1,
      failReason: '购方税号有误',
      providerSerial: '',
      attempts: 1,
    });
    expect((await t.call(changeInvoice, { id: invoiceId, action: 'issue' }, as(admin))).code).toBe(200);
    await invoices.issue(a.eid, invoiceId);
    expect(fake.requests.at(-1)!.orderNo).toBe(`N${BigInt(`${order.orderNo}2`).toString(36).toUpperCase()}`);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 2, attempts: 1 });
  });

  it('answers Nuonuo’s push at its address, and a push naming no pending invoice asks Nuonuo nothing', async () => {
    const queries = fake.queries;
    const push = await t.app.inject({
      method: 'POST',
      url: INVOICE_NOTIFY_PATH.replace(':eid', String(a.eid)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `operater=callback&orderno=X&content=${encodeURIComponent(JSON.stringify({ c_fpqqlsh: 'SN-unknown', c_status: '2' }))}`,
    });
    expect(push.statusCode).toBe(200);
    expect(push.json()).toEqual({ status: '0000', message: '同步成功' });
    const bad = await t.app.inject({
      method: 'POST',
      url: INVOICE_NOTIFY_PATH.replace(':eid', String(a.eid)),
      headers: { 'content-type': 'text/plain' },
      payload: 'nonsense',
    });
    expect(bad.statusCode).toBe(400);
    expect(fake.queries).toBe(queries);
  });

  it('refuses the dev provider where DEV_PROVIDERS is off, and an invoice then fails with a reason', async () => {
    const { invoiceId } = await invoiceRequested();
    await db().update(schema.orderSettings).set({ invoiceProvider: 'dev' }).where(eq(schema.orderSettings.eid, a.eid));
    await service().issue(a.eid, invoiceId);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 1, failReason: '本站未配置电子发票服务' });
  });
});
