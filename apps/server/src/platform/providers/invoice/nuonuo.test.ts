/**
 * The Nuonuo client against a stand-in of Nuonuo's open platform on 127.0.0.1: it issues tokens
 * (form-encoded client_credentials, `expires_in` as text like Nuonuo's), recomputes the
 * X-Nuonuo-Sign of every call from the query, the raw body and the app secret (HMAC-SHA1, base64,
 * over `a=services&l=v1&p=open&k=…&i=…&n=…&t=…&f=…`, written out here on its own), keeps orders by
 * number (E9106 on a second request), answers queryInvoiceResult from a script per serial number and
 * serves the PDFs it names. The rules: Nuonuo's developer guide and API pages (see nuonuo.ts).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chinaTime,
  fenToYuan,
  NUONUO_ENDPOINTS,
  NuonuoClient,
  NuonuoError,
  NuonuoInvoiceProvider,
  nuonuoOrderNo,
  nuonuoSignature,
  parseCallback,
  rateBasisPoints,
  splitTax,
  type NuonuoInvoiceResult,
  type NuonuoSettings,
} from './nuonuo.ts';
import type { InvoiceIssueInput } from './provider.ts';

const APP_KEY = 'SD00000001';
const APP_SECRET = 'SDTESTSECRET0001';
const TAX_NO = '339902999999789113';

let now = new Date('2026-11-21T04:00:00.000Z'); // 12:00:00 in China
const clock = () => now;

/** Nuonuo's status records of queryInvoiceResult, as the stand-in answers them. */
type Queried = Record<string, unknown>;

interface ServiceCall {
  method: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  raw: string;
  body: Record<string, unknown>;
  signValid: boolean;
  token: string;
}

/** The stand-in's state, reset before each test. */
const fake = {
  tokenRequests: [] as Record<string, string>[],
  tokens: new Set<string>(),
  calls: [] as ServiceCall[],
  badSignatures: 0,
  /** Answer the next service call 070301 and forget its token (it expired). */
  expireNextCall: false,
  /** The next service call's answer, whatever it asks. */
  nextAnswer: undefined as { status?: number; body: string } | undefined,
  orders: new Map<string, { serialNo: string; order: Record<string, unknown> }>(),
  /** What queryInvoiceResult says of a serial number, one entry per query (the last one stays). */
  scripts: new Map<string, Queried[]>(),
  serial: 0,
  reset() {
    this.tokenRequests = [];
    this.tokens.clear();
    this.calls = [];
    this.badSignatures = 0;
    this.expireNextCall = false;
    this.nextAnswer = undefined;
    this.orders.clear();
    this.scripts.clear();
  },
  serviceCalls(method: string) {
    return this.calls.filter((c) => c.method === method);
  },
};

let server: Server;
let base: string;

/** X-Nuonuo-Sign as Nuonuo checks it, written independently of the client. */
function expectedSign(q: Record<string, string>, raw: string, secret = APP_SECRET): string {
  const text = `a=services&l=v1&p=open&k=${q.appkey}&i=${q.senid}&n=${q.nonce}&t=${q.timestamp}&f=${raw}`;
  return createHmac('sha1', secret).update(Buffer.from(text, 'utf8')).digest('base64');
}

const issuedRecord = (serialNo: string, orderNo: string): Queried => ({
  serialNo,
  orderNo,
  status: '2',
  statusMsg: '开票完成（最终状态）',
  failCause: '',
  pdfUrl: `${base}/fp/${serialNo}.pdf`,
  invoiceTime: Date.parse('2026-11-21T04:01:00Z'),
  invoiceCode: '',
  invoiceNo: '26332000000123456789',
  allElectronicInvoiceNumber: '26332000000123456789',
});

/** The default course of an invoice: issuing at the first query, issued from the second on. */
const defaultScript = (serialNo: string, orderNo: string): Queried[] => [
  { serialNo, orderNo, status: '20', statusMsg: '开票中', failCause: '', pdfUrl: '' },
  issuedRecord(serialNo, orderNo),
];

function answerService(call: ServiceCall): unknown {
  if (call.method === 'nuonuo.OpeMplatform.requestBillingNew') {
    const order = call.body.order as Record<string, unknown>;
    if (order.salerTaxNum !== call.headers.usertax) {
      return { code: 'E9302', describe: '身份认证与当前企业税号不相符' };
    }
    const orderNo = String(order.orderNo);
    if (fake.orders.has(orderNo)) return { code: 'E9106', describe: '订单编号或流水号不能重复' };
    const serialNo = `2611210400${String(++fake.serial).padStart(10, '0')}`;
    fake.orders.set(orderNo, { serialNo, order });
    if (!fake.scripts.has(serialNo)) fake.scripts.set(serialNo, defaultScript(serialNo, orderNo));
    return { code: 'E0000', describe: '开票提交成功', result: { invoiceSerialNum: serialNo } };
  }
  if (call.method === 'nuonuo.OpeMplatform.queryInvoiceResult') {
    const serialNos = (call.body.serialNos as string[] | undefined) ?? [];
    const orderNos = (call.body.orderNos as string[] | undefined) ?? [];
    if (serialNos.length === 0 && orderNos.length === 0)
      return { code: 'E9611', describe: '发票流水号或订单号不能全为空' };
    const wanted = serialNos.length > 0 ? serialNos : orderNos.map((o) => fake.orders.get(o)?.serialNo ?? '');
    const found: Queried[] = [];
    for (const serialNo of wanted) {
      const script = fake.scripts.get(serialNo);
      if (!script) continue;
      found.push(script.length > 1 ? script.shift()! : script[0]!);
    }
    if (found.length === 0) return { code: 'E9500', describe: '发票不存在' };
    return { code: 'E0000', describe: '获取成功', result: found };
  }
  return { code: '070501', describe: '请求的API不存在' };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/accessToken') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        fake.tokenRequests.push(form);
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
          return json(200, { error: '070315', error_description: 'Incorrect content-type' });
        }
        if (form.client_id !== APP_KEY) return json(200, { error: '070304', error_description: 'Incorrect clientId' });
        if (form.client_secret !== APP_SECRET) {
          return json(200, { error: '070305', error_description: `Incorrect clientSecret[${form.client_secret}]` });
        }
        if (form.grant_type !== 'client_credentials') return json(200, { error: '070307', error_description: '' });
        const token = `tok${fake.tokenRequests.length}${'x'.repeat(20)}`;
        fake.tokens.add(token);
        // Slow enough that callers at the same time all wait on this one answer.
        setTimeout(() => json(200, { access_token: token, expires_in: '86400' }), 20);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/open/v1/services') {
        const query = Object.fromEntries(url.searchParams);
        const signValid = req.headers['x-nuonuo-sign'] === expectedSign(query, raw);
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          body = {};
        }
        const call: ServiceCall = {
          method: String(req.headers.method),
          query,
          headers: req.headers,
          raw,
          body,
          signValid,
          token: String(req.headers.accesstoken),
        };
        fake.calls.push(call);
        if (fake.nextAnswer) {
          const { status = 200, body: answer } = fake.nextAnswer;
          fake.nextAnswer = undefined;
          res.writeHead(status, { 'content-type': 'text/html' });
          return res.end(answer);
        }
        if (query.appkey !== APP_KEY) return json(200, { code: '070101', describe: '获取app密钥失败或appkey无效' });
        if (!signValid) {
          fake.badSignatures += 1;
          return json(200, { code: '070601', describe: '签名不匹配' });
        }
        if (fake.expireNextCall) {
          fake.expireNextCall = false;
          fake.tokens.delete(call.token);
        }
        if (!fake.tokens.has(call.token)) {
          return json(200, { code: '070301', describe: 'accessToken不匹配/或appKey不匹配' });
        }
        return json(200, answerService(call));
      }
      if (req.method === 'GET' && url.pathname.startsWith('/fp/')) {
        if (url.pathname === '/fp/broken.pdf') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>发票不存在</html>');
        }
        if (url.pathname === '/fp/missing.pdf') {
          res.writeHead(404);
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(Buffer.from(`%PDF-1.4\n% ${url.pathname}\n%%EOF\n`, 'latin1'));
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  now = new Date('2026-11-21T04:00:00.000Z');
  fake.reset();
});
afterEach(() => {
  // Every call the client signed held up against the stand-in's own computation.
  expect(fake.badSignatures).toBe(0);
});

const settings = (over: Partial<NuonuoSettings> = {}): NuonuoSettings => ({
  appKey: APP_KEY,
  appSecret: APP_SECRET,
  taxNo: TAX_NO,
  clerk: '张三',
  sellerTel: '0571-77777777',
  sellerAddress: '杭州市西湖区文三路 1 号',
  sandbox: true,
  baseUrl: base,
  ...over,
});
const newClient = (over: Partial<NuonuoSettings> = {}, fetcher: typeof fetch = fetch) =>
  new NuonuoClient(settings(over), fetcher, clock);

const ORDER_NO = '202611211200000123456789'; // ours: China time to the second and ten digits

const invoice = (over: Partial<InvoiceIssueInput> = {}): InvoiceIssueInput => ({
  orderNo: ORDER_NO,
  titleType: 2,
  title: '杭州示例科技有限公司',
  taxNo: '91330106ma2b2abcdn',
  kind: 2,
  bankName: '中国工商银行杭州分行',
  bankAccount: '1202020209000012345',
  address: '杭州市滨江区网商路 699 号',
  phone: '0571-88888888',
  email: 'finance@example.com',
  amountFen: 1230,
  goodsTitle: '数据分析实战（第 2 期）',
  sellerName: '浙江示例教育科技有限公司',
  ...over,
});

async function failure(p: Promise<unknown>): Promise<NuonuoError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NuonuoError);
  return err as NuonuoError;
}

describe('Nuonuo signature', () => {
  it('matches the published vector of the official Python SDK (jellyfrank/nuonuo-sdk)', () => {
    // secret 'secret', appkey 'app', senid 32 × 'a', nonce 12345678, timestamp 1700000000,
    // content {"name":"中文"}: docs/api-contract.md and tests/test_sdk.py of jellyfrank/nuonuo-sdk.
    expect(
      nuonuoSignature('secret', {
        appKey: 'app',
        senid: 'a'.repeat(32),
        nonce: '12345678',
        timestamp: '1700000000',
        content: '{"name":"中文"}',
      }),
    ).toBe('4BzcKzrcoqxPis0W/W3X2ae0uIo=');
  });

  it('sends the query, headers and body Nuonuo checks, the body byte for byte as signed', async () => {
    const client = newClient();
    await client.requestInvoice(invoice());
    const [call] = fake.serviceCalls('nuonuo.OpeMplatform.requestBillingNew');
    expect(call!.signValid).toBe(true);
    expect(Object.keys(call!.query).sort()).toEqual(['appkey', 'nonce', 'senid', 'timestamp']);
    expect(call!.query.appkey).toBe(APP_KEY);
    expect(call!.query.senid).toMatch(/^[0-9a-f]{32}$/);
    expect(call!.query.nonce).toMatch(/^[1-9]\d{7}$/);
    expect(call!.query.timestamp).toBe(String(now.getTime() / 1000));
    expect(call!.headers['content-type']).toMatch(/^application\/json/);
    expect(call!.headers.usertax).toBe(TAX_NO);
    expect(call!.headers.accesstoken).toBe('tok1xxxxxxxxxxxxxxxxxxxx');
    // Chinese text signed as UTF-8, exactly the bytes posted.
    expect(call!.raw).toContain('数据分析实战');
  });

  it('is refused when the body changes after signing', async () => {
    // The network between us and Nuonuo, changing the amount of what was signed.
    const tampering = ((url: string | URL, init?: RequestInit) =>
      fetch(url, {
        ...init,
        body: typeof init?.body === 'string' ? init.body.replaceAll('12.30', '0.01') : init?.body,
      })) as typeof fetch;
    const err = await failure(newClient({}, tampering).requestInvoice(invoice()));
    expect(err.code).toBe('070601');
    expect(err.describe).toBe('签名不匹配');
    expect(fake.orders.size).toBe(0);
    fake.badSignatures = 0;
  });
});

describe('Nuonuo token', () => {
  it('is asked for once by callers at the same time, then reused', async () => {
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.queryInvoice({ serialNos: ['x1'] })));
    expect(answers).toEqual(Array.from({ length: 8 }, () => []));
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.tokenRequests[0]).toEqual({
      client_id: APP_KEY,
      client_secret: APP_SECRET,
      grant_type: 'client_credentials',
    });
    await client.queryInvoice({ serialNos: ['x2'] });
    expect(fake.tokenRequests).toHaveLength(1);
    expect(new Set(fake.calls.map((c) => c.token)).size).toBe(1);
  });

  it('is replaced shortly before it expires (24 h), by the injected clock', async () => {
    const client = newClient();
    await client.queryInvoice({ serialNos: ['x1'] });
    now = new Date(now.getTime() + 23 * 3600_000 + 49 * 60_000);
    await client.queryInvoice({ serialNos: ['x1'] });
    expect(fake.tokenRequests).toHaveLength(1);
    now = new Date(now.getTime() + 2 * 60_000); // 23 h 51 min: within 10 min of the end
    await client.queryInvoice({ serialNos: ['x1'] });
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.calls.at(-1)!.token).toBe('tok2xxxxxxxxxxxxxxxxxxxx');
  });

  it('is dropped when Nuonuo no longer accepts it, and the call made once more with a new one', async () => {
    const client = newClient();
    await client.queryInvoice({ serialNos: ['x1'] });
    now = new Date(now.getTime() + 5 * 60_000);
    fake.expireNextCall = true;
    const { serialNo } = await client.requestInvoice(invoice());
    expect(serialNo).toMatch(/^2611210400\d{10}$/);
    expect(fake.tokenRequests).toHaveLength(2);
    const billing = fake.serviceCalls('nuonuo.OpeMplatform.requestBillingNew');
    expect(billing.map((c) => c.token)).toEqual(['tok1xxxxxxxxxxxxxxxxxxxx', 'tok2xxxxxxxxxxxxxxxxxxxx']);
    // The second attempt is a new signed request (its own senid), the same body.
    expect(billing[0]!.query.senid).not.toBe(billing[1]!.query.senid);
    expect(billing[0]!.raw).toBe(billing[1]!.raw);
    expect(fake.orders.size).toBe(1);
  });

  it('is not replaced again when the token just obtained is refused (50 tokens a month)', async () => {
    const client = newClient();
    fake.expireNextCall = true;
    const err = await failure(client.queryInvoice({ serialNos: ['x1'] }));
    expect(err.code).toBe('070301');
    expect(fake.tokenRequests).toHaveLength(1);
    // The refused token is forgotten: the next call gets a new one.
    await client.queryInvoice({ serialNos: ['x1'] });
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('turns the token endpoint refusing into its code', async () => {
    const err = await failure(newClient({ appSecret: 'wrong' }).queryInvoice({ serialNos: ['x1'] }));
    expect(err.code).toBe('070305');
    expect(err.describe).toBe('Incorrect clientSecret[wrong]');
    expect(fake.calls).toHaveLength(0);
  });
});

describe('Nuonuo requestBillingNew', () => {
  it('sends a special invoice of one line, the tax split in integer fen, our number shortened', async () => {
    const { serialNo, known } = await newClient().requestInvoice(invoice());
    expect(known).toBeUndefined();
    const sentOrderNo = nuonuoOrderNo(ORDER_NO);
    expect(fake.orders.get(sentOrderNo)?.serialNo).toBe(serialNo);
    const [call] = fake.serviceCalls('nuonuo.OpeMplatform.requestBillingNew');
    expect(call!.body).toEqual({
      order: {
        buyerName: '杭州示例科技有限公司',
        buyerTaxNum: '91330106MA2B2ABCDN',
        buyerTel: '0571-88888888',
        buyerAddress: '杭州市滨江区网商路 699 号',
        buyerAccount: '中国工商银行杭州分行 1202020209000012345',
        salerTaxNum: TAX_NO,
        salerTel: '0571-77777777',
        salerAddress: '杭州市西湖区文三路 1 号',
        orderNo: sentOrderNo,
        invoiceDate: '2026-11-21 12:00:00',
        clerk: '张三',
        pushMode: '0',
        email: 'finance@example.com',
        invoiceType: '1',
        invoiceLine: 'bs',
        bField1: ORDER_NO,
        invoiceDetail: [
          {
            goodsName: '*培训服务*数据分析实战（第 2 期）',
            withTaxFlag: '1',
            price: '12.30',
            num: '1',
            taxRate: '0.06',
            taxIncludedAmount: '12.30',
            taxExcludedAmount: '11.60',
            tax: '0.70',
            invoiceLineProperty: '0',
          },
        ],
      },
    });
  });

  it('sends an ordinary invoice to a person without tax number, bank or push', async () => {
    await newClient({
      taxRate: '0.03',
      goodsCode: '3070201020000000000',
      callbackUrl: 'https://learn.example.com/cb',
    }).requestInvoice(
      invoice({
        orderNo: 'T20261121A1',
        titleType: 1,
        title: '',
        taxNo: '',
        kind: 1,
        bankName: '',
        bankAccount: '',
        address: '',
        phone: '',
        email: '',
        amountFen: 1,
      }),
    );
    const order = fake.serviceCalls('nuonuo.OpeMplatform.requestBillingNew')[0]!.body.order as Record<string, unknown>;
    expect(order).toMatchObject({
      buyerName: '个人',
      orderNo: 'T20261121A1',
      pushMode: '-1',
      invoiceLine: 'pc',
      callBackUrl: 'https://learn.example.com/cb',
    });
    for (const absent of ['buyerTaxNum', 'buyerTel', 'buyerAddress', 'buyerAccount', 'email', 'bField1']) {
      expect(order, absent).not.toHaveProperty(absent);
    }
    expect((order.invoiceDetail as unknown[])[0]).toMatchObject({
      goodsCode: '3070201020000000000',
      price: '0.01',
      taxRate: '0.03',
      taxIncludedAmount: '0.01',
      taxExcludedAmount: '0.01',
      tax: '0.00',
    });
  });

  it('writes the largest amounts exactly', async () => {
    const client = newClient();
    await client.requestInvoice(invoice({ orderNo: 'BIG1', amountFen: 99_999_999 }));
    const line = (
      (fake.serviceCalls('nuonuo.OpeMplatform.requestBillingNew')[0]!.body.order as Record<string, unknown>)
        .invoiceDetail as Record<string, string>[]
    )[0]!;
    expect([line.price, line.taxIncludedAmount, line.taxExcludedAmount, line.tax]).toEqual([
      '999999.99',
      '999999.99',
      '943396.22',
      '56603.77',
    ]);
  });

  it('looks the invoice up by order number when Nuonuo already has it', async () => {
    const client = newClient();
    const first = await client.requestInvoice(invoice());
    const again = await client.requestInvoice(invoice());
    expect(again.serialNo).toBe(first.serialNo);
    expect(again.known).toMatchObject({ serialNo: first.serialNo, state: 'issuing', status: '20' });
    const billing = fake.serviceCalls('nuonuo.OpeMplatform.requestBillingNew');
    expect(billing).toHaveLength(2);
    const [lookup] = fake.serviceCalls('nuonuo.OpeMplatform.queryInvoiceResult');
    expect(lookup!.body).toEqual({ orderNos: [nuonuoOrderNo(ORDER_NO)], isOfferInvoiceDetail: '0' });
    expect(fake.orders.size).toBe(1);
  });

  it('refuses a request it cannot send, before calling Nuonuo', async () => {
    const client = newClient();
    for (const bad of [
      invoice({ amountFen: 0 }),
      invoice({ amountFen: 12.5 }),
      invoice({ titleType: 1, taxNo: '' }), // a special invoice to a person
      invoice({ kind: 1, taxNo: ' ' }), // a unit without its tax number
      invoice({ goodsTitle: ' ' }),
      invoice({ email: `${'a'.repeat(45)}@example.com` }),
      invoice({ orderNo: 'T-2026' }),
    ]) {
      expect((await failure(client.requestInvoice(bad))).code).toBe('input');
    }
    expect(fake.calls).toHaveLength(0);
    expect(fake.tokenRequests).toHaveLength(0);
  });

  it("turns Nuonuo's refusals, HTTP errors, unreadable answers and no answer into NuonuoError", async () => {
    const client = newClient();
    fake.nextAnswer = { body: JSON.stringify({ code: 'E9302', describe: '身份认证与当前企业税号不相符' }) };
    const refused = await failure(client.requestInvoice(invoice()));
    expect([refused.code, refused.describe]).toEqual(['E9302', '身份认证与当前企业税号不相符']);
    expect(refused.message).toBe('Nuonuo requestBillingNew: E9302 身份认证与当前企业税号不相符');

    fake.nextAnswer = { status: 502, body: '<html>Bad Gateway</html>' };
    expect((await failure(client.requestInvoice(invoice()))).code).toBe('http');
    fake.nextAnswer = { body: '<html>维护中</html>' };
    expect((await failure(client.requestInvoice(invoice()))).code).toBe('malformed');
    fake.nextAnswer = { body: JSON.stringify({ describe: 'no code' }) };
    expect((await failure(client.requestInvoice(invoice()))).code).toBe('malformed');
    fake.nextAnswer = { body: JSON.stringify({ code: 'E0000', describe: '开票提交成功', result: {} }) };
    expect((await failure(client.requestInvoice(invoice()))).code).toBe('malformed');

    const closed = new NuonuoClient(settings({ baseUrl: 'http://127.0.0.1:1' }), fetch, clock);
    expect((await failure(closed.requestInvoice(invoice()))).code).toBe('network');
  });
});

describe('Nuonuo queryInvoiceResult', () => {
  const script = (serialNo: string, ...records: Queried[]) =>
    fake.scripts.set(
      serialNo,
      records.map((r) => ({ serialNo, orderNo: `O${serialNo}`, ...r })),
    );

  it('maps every status: issuing, issued, failed, voided; an unknown one is asked again', async () => {
    const client = newClient();
    script(
      'S1',
      { status: '20', statusMsg: '开票中' },
      { status: '21', statusMsg: '开票成功签章中' },
      {
        ...issuedRecord('S1', 'OS1'),
        allElectronicInvoiceNumber: '',
        invoiceCode: '044031900111',
        invoiceNo: '12345678',
      },
    );
    const states: (NuonuoInvoiceResult | undefined)[] = [];
    for (let i = 0; i < 3; i++) states.push((await client.queryInvoice({ serialNos: ['S1'] }))[0]);
    expect(states.map((s) => [s?.state, s?.status])).toEqual([
      ['issuing', '20'],
      ['issuing', '21'],
      ['issued', '2'],
    ]);
    expect(states[2]).toEqual({
      serialNo: 'S1',
      orderNo: 'OS1',
      state: 'issued',
      status: '2',
      statusMsg: '开票完成（最终状态）',
      invoiceNo: '044031900111-12345678',
      invoiceCode: '044031900111',
      invoiceNumber: '12345678',
      pdfUrl: `${base}/fp/S1.pdf`,
      reason: '',
      issuedAt: new Date('2026-11-21T04:01:00Z'),
    });
    expect(states[0]!.invoiceNo).toBe('');

    script('S2', { status: '22', statusMsg: '开票失败', failCause: '购方税号有误' });
    script('S3', { status: '24', statusMsg: '开票成功签章失败', failCause: '' });
    script('S4', { status: '3', statusMsg: '发票已作废' });
    script('S5', { status: '31', statusMsg: '发票作废中' });
    script('S6', { status: '99', statusMsg: '新状态' });
    const many = await client.queryInvoice({ serialNos: ['S2', 'S3', 'S4', 'S5', 'S6', 'S7'] });
    expect(many.map((r) => [r.serialNo, r.state, r.reason])).toEqual([
      ['S2', 'failed', '购方税号有误'],
      ['S3', 'failed', '开票成功签章失败'],
      ['S4', 'voided', ''],
      ['S5', 'voided', ''],
      ['S6', 'issuing', ''],
    ]);
    expect(fake.calls.at(-1)!.body).toEqual({
      serialNos: ['S2', 'S3', 'S4', 'S5', 'S6', 'S7'],
      isOfferInvoiceDetail: '0',
    });
  });

  it('answers nothing for unknown invoices (E9500), and wants one kind of key, at most 50', async () => {
    const client = newClient();
    await expect(client.queryInvoice({ serialNos: ['none'] })).resolves.toEqual([]);
    await expect(client.queryInvoice({ orderNos: [ORDER_NO] })).resolves.toEqual([]);
    expect(fake.calls.at(-1)!.body).toEqual({ orderNos: [nuonuoOrderNo(ORDER_NO)], isOfferInvoiceDetail: '0' });
    expect((await failure(client.queryInvoice({}))).code).toBe('input');
    expect((await failure(client.queryInvoice({ serialNos: ['a'], orderNos: ['b'] }))).code).toBe('input');
    const many = Array.from({ length: 51 }, (_, i) => `S${i}`);
    expect((await failure(client.queryInvoice({ serialNos: many }))).code).toBe('input');
  });
});

describe('Nuonuo PDF', () => {
  it('downloads the PDF and refuses anything else', async () => {
    const client = newClient();
    const pdf = await client.downloadPdf(`${base}/fp/S1.pdf`);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect((await failure(client.downloadPdf(`${base}/fp/broken.pdf`))).code).toBe('pdf');
    expect((await failure(client.downloadPdf(`${base}/fp/missing.pdf`))).code).toBe('pdf');
    expect((await failure(client.downloadPdf('ftp://example.com/a.pdf'))).code).toBe('pdf');
    expect((await failure(client.downloadPdf('not a url'))).code).toBe('pdf');
  });
});

describe('Nuonuo result push', () => {
  const content = {
    c_fpqqlsh: '26112104000000000001',
    c_orderno: 'T1',
    c_status: '2',
    c_msg: '开票成功',
    c_fpdm: '044031900111',
    c_fphm: '12345678',
    c_url: 'https://evil.example.com/fake.pdf',
    c_kprq: Date.parse('2026-11-21T04:01:00Z'),
  };

  it('reads the form Nuonuo posts, or the same as JSON', () => {
    const form = new URLSearchParams({ operater: 'callback', orderno: 'T1', content: JSON.stringify(content) });
    const parsed = parseCallback(form.toString());
    expect(parsed).toMatchObject({
      serialNo: '26112104000000000001',
      orderNo: 'T1',
      state: 'issued',
      invoiceNo: '044031900111-12345678',
      pdfUrl: 'https://evil.example.com/fake.pdf',
      issuedAt: new Date('2026-11-21T04:01:00Z'),
    });
    expect(parseCallback(JSON.stringify({ operater: 'callback', orderno: 'T1', content }))).toEqual(parsed);
    const failed = parseCallback({ content: { ...content, c_status: '22', c_errorMessage: '购方名称有误' } });
    expect(failed).toMatchObject({ state: 'failed', reason: '购方名称有误', invoiceNo: '' });

    for (const bad of [
      'operater=invoiceInvalid&fpqqlsh=1&content={}',
      'operater=callback&orderno=T1',
      'operater=callback&content={not json',
      `operater=callback&content=${encodeURIComponent('{"c_status":"2"}')}`,
      '{"content":',
    ]) {
      expect(() => parseCallback(bad), bad).toThrow(NuonuoError);
    }
  });

  it('is confirmed by asking Nuonuo: the push is unsigned, only its serial number is used', async () => {
    const client = newClient();
    fake.scripts.set(content.c_fpqqlsh, [
      { serialNo: content.c_fpqqlsh, orderNo: 'T1', status: '20', statusMsg: '开票中', pdfUrl: '' },
    ]);
    const form = new URLSearchParams({ operater: 'callback', orderno: 'T1', content: JSON.stringify(content) });
    const confirmed = await client.confirmCallback(form.toString());
    expect(confirmed).toMatchObject({ serialNo: content.c_fpqqlsh, state: 'issuing', pdfUrl: '' });
    expect(fake.calls.at(-1)!.body).toEqual({ serialNos: [content.c_fpqqlsh], isOfferInvoiceDetail: '0' });

    const unknown = new URLSearchParams({
      operater: 'callback',
      content: JSON.stringify({ ...content, c_fpqqlsh: 'forged' }),
    });
    expect((await failure(client.confirmCallback(unknown.toString()))).code).toBe('E9500');
  });
});

describe('NuonuoInvoiceProvider', () => {
  it('issues: issuing with the serial number, then polled until issued with the PDF', async () => {
    const provider = new NuonuoInvoiceProvider(newClient());
    expect(provider.name).toBe('nuonuo');
    const started = await provider.issue(invoice());
    expect(started).toEqual({ state: 'issuing', serialNo: expect.stringMatching(/^2611210400\d{10}$/) });
    const serialNo = (started as { serialNo: string }).serialNo;
    await expect(provider.poll(serialNo)).resolves.toEqual({ state: 'issuing', serialNo });
    const done = await provider.poll(serialNo);
    expect(done.state).toBe('issued');
    if (done.state !== 'issued') return;
    expect(done.invoiceNo).toBe('26332000000123456789');
    expect(done.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The same order again (a job run twice): Nuonuo already issued it, nothing new is requested.
    const again = await provider.issue(invoice());
    expect(again).toMatchObject({ state: 'issued', invoiceNo: '26332000000123456789' });
    expect(fake.orders.size).toBe(1);
  });

  it('reports failures, voided invoices and unknown serial numbers; waits for a late PDF', async () => {
    const provider = new NuonuoInvoiceProvider(newClient());
    fake.scripts.set('F1', [{ serialNo: 'F1', status: '22', statusMsg: '开票失败', failCause: '购方税号有误' }]);
    fake.scripts.set('V1', [{ serialNo: 'V1', status: '3', statusMsg: '发票已作废' }]);
    fake.scripts.set('L1', [{ ...issuedRecord('L1', 'OL1'), pdfUrl: '' }]);
    fake.scripts.set('B1', [{ ...issuedRecord('B1', 'OB1'), pdfUrl: `${base}/fp/broken.pdf` }]);
    await expect(provider.poll('F1')).resolves.toEqual({ state: 'failed', reason: '购方税号有误' });
    await expect(provider.poll('V1')).resolves.toEqual({ state: 'failed', reason: '发票已作废（发票已作废）' });
    await expect(provider.poll('L1')).resolves.toEqual({ state: 'issuing', serialNo: 'L1' });
    await expect(provider.poll('nope')).resolves.toEqual({ state: 'failed', reason: '诺诺查无流水号 nope 的开票请求' });
    // A PDF address that gives no PDF is an error to retry, not an issued invoice.
    expect((await failure(provider.poll('B1'))).code).toBe('pdf');
  });
});

describe('Nuonuo helpers', () => {
  it('formats fen as yuan with integer arithmetic', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(1230)).toBe('12.30');
    expect(fenToYuan(99_999_999)).toBe('999999.99');
    expect(fenToYuan(0)).toBe('0.00');
    // The largest whole number of fen a number holds exactly.
    expect(fenToYuan(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => fenToYuan(bad)).toThrow(NuonuoError);
  });

  it('splits tax from a tax-inclusive amount, half up, in fen', () => {
    expect(splitTax(1230, 600)).toEqual({ netFen: 1160, taxFen: 70 });
    expect(splitTax(1, 600)).toEqual({ netFen: 1, taxFen: 0 });
    expect(splitTax(10_600, 600)).toEqual({ netFen: 10_000, taxFen: 600 });
    expect(splitTax(99_999_999, 600)).toEqual({ netFen: 94_339_622, taxFen: 5_660_377 });
    expect(splitTax(1130, 1300)).toEqual({ netFen: 1000, taxFen: 130 });
    expect(splitTax(500, 0)).toEqual({ netFen: 500, taxFen: 0 });
    expect(rateBasisPoints('0.06')).toBe(600);
    expect(rateBasisPoints('0.13')).toBe(1300);
    expect(rateBasisPoints('0.015')).toBe(150);
    expect(rateBasisPoints('0')).toBe(0);
    for (const bad of ['6%', '0.12345', '1', '.06', '0.06 ']) expect(rateBasisPoints(bad), bad).toBeUndefined();
    expect(() => newClient({ taxRate: '6%' })).toThrow(NuonuoError);
  });

  it('shortens our 24-digit order numbers the same way every time, reversibly', () => {
    const sent = nuonuoOrderNo(ORDER_NO);
    expect(sent).toMatch(/^N[0-9A-Z]{1,19}$/);
    expect(nuonuoOrderNo(ORDER_NO)).toBe(sent);
    const back = [...sent.slice(1).toLowerCase()].reduce((n, c) => n * 36n + BigInt(parseInt(c, 36)), 0n);
    expect(String(back)).toBe(ORDER_NO);
    expect(nuonuoOrderNo('T20261121A1')).toBe('T20261121A1');
    expect(nuonuoOrderNo('12345678901234567890')).toBe('12345678901234567890');
    for (const bad of ['', 'T-1', '订单1', '0'.repeat(24), 'A'.repeat(21)])
      expect(() => nuonuoOrderNo(bad), bad).toThrow();
  });

  it('writes China time and picks the sandbox or live services', async () => {
    expect(chinaTime(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01 00:30:00');
    const seen: string[] = [];
    // The network, answering as Nuonuo would: a token, then an empty query result.
    const recording = (async (url: string | URL) => {
      seen.push(String(url));
      const body = String(url).includes('accessToken')
        ? { access_token: 't', expires_in: '86400' }
        : { code: 'E9500', describe: '发票不存在' };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    for (const sandbox of [true, false]) {
      seen.length = 0;
      const client = new NuonuoClient(settings({ sandbox, baseUrl: undefined }), recording, clock);
      await client.queryInvoice({ serialNos: ['x'] });
      const endpoints = NUONUO_ENDPOINTS[sandbox ? 'sandbox' : 'live'];
      expect(client.endpoints).toEqual(endpoints);
      expect(seen[0]).toBe('https://open.nuonuo.com/accessToken');
      expect(seen[1]!.split('?')[0]).toBe(endpoints.services);
    }
    expect(NUONUO_ENDPOINTS.sandbox.services).toBe('https://sandbox.nuonuocs.cn/open/v1/services');
    expect(NUONUO_ENDPOINTS.live.services).toBe('https://sdk.nuonuo.com/open/v1/services');
    expect(() => new NuonuoClient(settings({ appSecret: ' ' }))).toThrow(NuonuoError);
  });
});
