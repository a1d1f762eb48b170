/**
 * Nuonuo (诺诺, 诺税通 SaaS) e-invoices through its open platform (decision 057, issue 23 part 2).
 *
 * Where the rules come from: Nuonuo's developer guide (open.jss.com.cn, dev-doc create-app: token,
 * sandbox, common error codes) and API pages 100607 (requestBillingNew), 100188 / OpeMplatform
 * queryInvoiceResult, as copied into public repositories (the guide's text; ZUOXIANGE/NuoNuoSdk
 * with the API pages as PDF), and the public clients that follow the official Java/Python SDKs
 * (jellyfrank/nuonuo-sdk, with its signature vector; Odoo's l10n_cn_edi_nuonuo; Go and PHP clients).
 *
 * - **Token** (self-use application): POST `https://open.nuonuo.com/accessToken`, form-encoded
 *   `client_id` (appKey), `client_secret` (appSecret), `grant_type=client_credentials`; answer
 *   `{"access_token": "…", "expires_in": "86400"}` or `{"error": "070305", "error_description": …}`.
 *   A token lives 24 h and the endpoint allows 50 calls in 30 days, so the token is cached until
 *   shortly before it ends and concurrent callers share one request. Sandbox and live use the same
 *   token endpoint (the sandbox has its own appKey and appSecret).
 * - **Calls**: POST `https://sdk.nuonuo.com/open/v1/services` (sandbox
 *   `https://sandbox.nuonuocs.cn/open/v1/services`) with the query `senid` (32 random characters),
 *   `nonce` (8-digit random positive integer), `timestamp` (seconds), `appkey`; headers
 *   `Content-Type: application/json`, `X-Nuonuo-Sign`, `accessToken`, `userTax` (the seller's tax
 *   number), `method`; the body is the method's JSON. The signature is base64(HMAC-SHA1(appSecret,
 *   `a=services&l=v1&p=open&k={appKey}&i={senid}&n={nonce}&t={timestamp}&f={body}`)), where a, l, p
 *   are the last, middle and first segment of the path and f is the body byte for byte (UTF-8).
 * - **Answers**: `{"code": "E0000", "describe": "…", "result": …}`; any other code is an error
 *   (E9106 the order number exists, E9500 no such invoice, 070301 the token does not match).
 * - **Issue**: `nuonuo.OpeMplatform.requestBillingNew` (诺税通 SaaS, 数电 invoices: 票种 `pc`
 *   电子发票(普通发票), `bs` 电子发票(增值税专用发票); the older `nuonuo.ElectronInvoice.*` methods and
 *   票种 `p`/`b` serve tax-control-device invoices) with `{order: {…}}`, which answers
 *   `result.invoiceSerialNum`. The order number (at most 20 characters) is unique per seller: a
 *   second request with it is refused (E9106), so a retry after a lost answer looks it up instead.
 * - **Result**: `nuonuo.OpeMplatform.queryInvoiceResult` with `serialNos` or `orderNos` (at most 50)
 *   answers records whose `status` is 2 issued (final), 20 issuing, 21 issued and being sealed,
 *   22 failed, 24 issued but sealing failed, 3 voided, 31 being voided; `pdfUrl` is the PDF.
 * - **Push**: an order's `callBackUrl` receives a form POST `operater=callback`, `orderno`, `content`
 *   (JSON with `c_fpqqlsh`, `c_status`, `c_fpdm`, `c_fphm`, `c_url`, …). It carries no signature, so
 *   it is only a hint: `confirmCallback` asks Nuonuo for the invoice by its serial number.
 */

import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { AsyncInvoiceProvider, InvoiceIssueInput, InvoiceProgress } from './provider.ts';

/** Where requests go: the token endpoint is the same for both, the services are not. */
export const NUONUO_ENDPOINTS = {
  sandbox: { token: 'https://open.nuonuo.com/accessToken', services: 'https://sandbox.nuonuocs.cn/open/v1/services' },
  live: { token: 'https://open.nuonuo.com/accessToken', services: 'https://sdk.nuonuo.com/open/v1/services' },
} as const;

/** The API methods used here (诺税通 SaaS). */
export const NuonuoMethod = {
  REQUEST_BILLING: 'nuonuo.OpeMplatform.requestBillingNew',
  QUERY_RESULT: 'nuonuo.OpeMplatform.queryInvoiceResult',
} as const;

/** Nuonuo's answer codes read here. */
export const NuonuoCode = {
  OK: 'E0000',
  /** 订单编号或流水号不能重复: the seller already sent this order number. */
  DUPLICATE_ORDER: 'E9106',
  /** 发票不存在. */
  NOT_FOUND: 'E9500',
} as const;

/** Codes meaning the access token is not (or no longer) good: 070301 accessToken不匹配. */
export const TOKEN_ERROR_CODES: ReadonlySet<string> = new Set(['070301']);

/** Nuonuo's documented limit on an order number's length. */
export const NUONUO_ORDER_NO_MAX = 20;

/**
 * What public integrations answer to the result push (Nuonuo repeats a push it has no answer to).
 * Nuonuo's own page on it was not found; the push changes nothing by itself anyway.
 */
export const NUONUO_CALLBACK_ANSWER = { status: '0000', message: '同步成功' } as const;

/** One seller's Nuonuo application (self-use type). Its secret never leaves the server. */
export interface NuonuoSettings {
  appKey: string;
  appSecret: string;
  /** The seller's tax number: `salerTaxNum` of each invoice and the `userTax` header (sandbox: 339902999999789113). */
  taxNo: string;
  /** The clerk printed on invoices; for 数电 invoices the name of the seller's invoicing account. */
  clerk: string;
  /** Seller's phone, address, bank and account: optional when set in Nuonuo's workbench. */
  sellerTel?: string;
  sellerAddress?: string;
  sellerAccount?: string;
  sandbox: boolean;
  /** Both endpoints under this origin (`/accessToken`, `/open/v1/services`); tests use a local server. */
  baseUrl?: string;
  /** VAT rate as Nuonuo writes it, at most four decimals (default '0.06', modern services). */
  taxRate?: string;
  /** Tax classification code of the goods (商品编码); Nuonuo matches one by name when absent. */
  goodsCode?: string;
  /** Put before the goods title (default '*培训服务*'). */
  goodsNamePrefix?: string;
  /** 票种 for ordinary and special invoices (default 数电: 'pc' 电子发票(普通发票), 'bs' 电子发票(增值税专用发票)). */
  invoiceLines?: { ordinary: string; special: string };
  /** Where Nuonuo pushes results (our https address); none when absent. */
  callbackUrl?: string;
  /** 分机号 of the invoicing terminal, when the seller has several. */
  extensionNumber?: string;
}

/** Where an invoice stands at Nuonuo. */
export type NuonuoInvoiceState = 'issuing' | 'issued' | 'failed' | 'voided';

/** One invoice as Nuonuo reports it. */
export interface NuonuoInvoiceResult {
  serialNo: string;
  /** The order number as Nuonuo holds it (see `nuonuoOrderNo`). */
  orderNo: string;
  state: NuonuoInvoiceState;
  /** Nuonuo's status code and text ('2', '开票完成（最终状态）'). */
  status: string;
  statusMsg: string;
  /** The 20-digit 数电 number, or code and number ('044031900111-12345678') of an older invoice. */
  invoiceNo: string;
  invoiceCode: string;
  invoiceNumber: string;
  pdfUrl: string;
  /** Why it failed (failed only). */
  reason: string;
  issuedAt?: Date;
}

/** Nuonuo refused, could not be reached, or answered something unreadable. */
export class NuonuoError extends Error {
  constructor(
    message: string,
    /** Nuonuo's code (E9106, 070301, …) or ours: config, input, http, network, malformed, pdf, callback. */
    readonly code: string,
    /** Nuonuo's own text for its code. */
    readonly describe = '',
  ) {
    super(message);
    this.name = 'NuonuoError';
  }
}

/** The fields the signature covers. */
export interface SignedRequest {
  appKey: string;
  senid: string;
  nonce: string;
  timestamp: string;
  /** The body exactly as sent. */
  content: string;
  /** The services path, '/open/v1/services'. */
  path?: string;
}

/** X-Nuonuo-Sign: base64(HMAC-SHA1) with the app secret over the request's canonical string. */
export function nuonuoSignature(appSecret: string, r: SignedRequest): string {
  const [, p = '', l = '', a = ''] = (r.path ?? '/open/v1/services').split('/');
  const text = `a=${a}&l=${l}&p=${p}&k=${r.appKey}&i=${r.senid}&n=${r.nonce}&t=${r.timestamp}&f=${r.content}`;
  return createHmac('sha1', appSecret).update(text, 'utf8').digest('base64');
}

/** Integer fen as yuan with two decimals ('12.30'), without floating point. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new NuonuoError(`Nuonuo: invalid amount ${fen} fen`, 'input');
  const cents = fen % 100;
  return `${(fen - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

/** A rate such as '0.06' in hundredths of a percent (600), or undefined when it is not one. */
export function rateBasisPoints(rate: string): number | undefined {
  const m = /^0(?:\.(\d{1,4}))?$/.exec(rate);
  return m ? Number((m[1] ?? '').padEnd(4, '0')) : undefined;
}

/**
 * A tax-inclusive amount split into net and tax at a rate, in fen: tax = amount × r / (1 + r),
 * rounded half up, as the invoice prints it (Nuonuo allows 0.06 of difference on the tax).
 */
export function splitTax(amountFen: number, basisPoints: number): { netFen: number; taxFen: number } {
  const amount = BigInt(amountFen);
  const bp = BigInt(basisPoints);
  const denominator = 10_000n + bp;
  const taxFen = Number((2n * amount * bp + denominator) / (2n * denominator));
  return { netFen: amountFen - taxFen, taxFen };
}

/**
 * Our order number as Nuonuo's `orderNo` (letters and digits, at most 20): kept as it is when it
 * fits; a longer all-digit number (ours are 24 digits, decision 057) is written in base 36 behind an
 * 'N', which is shorter, the same every time (so retries find it) and reversible.
 */
export function nuonuoOrderNo(ours: string): string {
  if (/^[0-9A-Za-z]+$/.test(ours) && ours.length <= NUONUO_ORDER_NO_MAX) return ours;
  if (/^[1-9]\d{20,27}$/.test(ours)) return `N${BigInt(ours).toString(36).toUpperCase()}`;
  throw new NuonuoError(`Nuonuo: order number ${ours} cannot be sent (letters and digits, at most 20)`, 'input');
}

/** 'yyyy-MM-dd HH:mm:ss' in China time (UTC+8, no daylight saving), as Nuonuo's dates are. */
export function chinaTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Nuonuo's invoice statuses (queryInvoiceResult), in our four states. */
const STATES: Record<string, NuonuoInvoiceState> = {
  '2': 'issued',
  '20': 'issuing',
  '21': 'issuing',
  '22': 'failed',
  '24': 'failed',
  '3': 'voided',
  '31': 'voided',
};

/** A status Nuonuo may add later is not an outcome: the invoice is asked for again. */
const stateOf = (status: string): NuonuoInvoiceState => STATES[status] ?? 'issuing';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** 数电 number first; an older invoice's code and number joined by a hyphen. */
function invoiceNoOf(code: string, number: string, allElectronic: string): string {
  if (allElectronic) return allElectronic;
  return code && number ? `${code}-${number}` : number;
}

/** One record of queryInvoiceResult. */
function fromQueried(r: Record<string, unknown>): NuonuoInvoiceResult {
  const status = text(r.status);
  const state = stateOf(status);
  const invoiceCode = text(r.invoiceCode);
  const invoiceNumber = text(r.invoiceNo);
  // The field is 'allElectronicInvoiceNumber'; one page of the documentation cuts its last letter.
  const allElectronic = text(r.allElectronicInvoiceNumber) || text(r.allElectronicInvoiceNumbe);
  const time = typeof r.invoiceTime === 'number' ? new Date(r.invoiceTime) : undefined;
  const statusMsg = text(r.statusMsg);
  return {
    serialNo: text(r.serialNo),
    orderNo: text(r.orderNo),
    state,
    status,
    statusMsg,
    invoiceNo: state === 'issued' ? invoiceNoOf(invoiceCode, invoiceNumber, allElectronic) : '',
    invoiceCode,
    invoiceNumber: allElectronic || invoiceNumber,
    pdfUrl: text(r.pdfUrl),
    reason: state === 'failed' ? text(r.failCause) || statusMsg || `开票失败（${status}）` : '',
    issuedAt: time && !Number.isNaN(time.getTime()) ? time : undefined,
  };
}

/**
 * Nuonuo's result push, read (not trusted): form-encoded `operater=callback&orderno=…&content={json}`
 * as Nuonuo posts it, or the same fields as JSON. The push has no signature; its `c_status` is read
 * with the query's codes, which public integrations do not agree on. Use `confirmCallback`.
 */
export function parseCallback(body: string | Record<string, unknown>): NuonuoInvoiceResult {
  let fields: Record<string, unknown> | undefined;
  try {
    if (typeof body !== 'string') fields = body;
    else if (body.trim().startsWith('{')) fields = record(JSON.parse(body));
    else fields = Object.fromEntries(new URLSearchParams(body));
  } catch {
    fields = undefined;
  }
  if (!fields) throw new NuonuoError('Nuonuo callback: unreadable body', 'callback');
  const operater = text(fields.operater);
  if (operater && operater !== 'callback') {
    throw new NuonuoError(`Nuonuo callback: not an invoice result (${operater})`, 'callback');
  }
  let content: Record<string, unknown> | undefined;
  try {
    content = typeof fields.content === 'string' ? record(JSON.parse(fields.content)) : record(fields.content);
  } catch {
    content = undefined;
  }
  const serialNo = content ? text(content.c_fpqqlsh) : '';
  if (!content || !serialNo) throw new NuonuoError('Nuonuo callback: no invoice serial number', 'callback');
  const status = text(content.c_status);
  const state = stateOf(status);
  const invoiceCode = text(content.c_fpdm);
  const invoiceNumber = text(content.c_fphm);
  const time = typeof content.c_kprq === 'number' ? new Date(content.c_kprq) : undefined;
  return {
    serialNo,
    orderNo: text(content.c_orderno) || text(fields.orderno),
    state,
    status,
    statusMsg: text(content.c_msg),
    invoiceNo: state === 'issued' ? invoiceNoOf(invoiceCode, invoiceNumber, '') : '',
    invoiceCode,
    invoiceNumber,
    pdfUrl: text(content.c_url) || text(content.c_pdf_url),
    reason:
      state === 'failed'
        ? text(content.c_errorMessage) || text(content.c_resultmsg) || text(content.c_msg) || '开票失败'
        : '',
    issuedAt: time && !Number.isNaN(time.getTime()) ? time : undefined,
  };
}

interface Token {
  value: string;
  obtainedAt: number;
  /** When to stop using it: shortly before Nuonuo's expiry. */
  useUntil: number;
}

/** Nuonuo's answer envelope. */
interface Answer {
  code: string;
  describe: string;
  result: unknown;
}

const API_TIMEOUT_MS = 15_000;
const PDF_TIMEOUT_MS = 30_000;
const PDF_MAX_BYTES = 20 * 1024 * 1024;
/** A token is dropped this long before Nuonuo's expiry (at most half its life). */
const TOKEN_EARLY_MS = 10 * 60_000;
/** A token refused within this time of being obtained is not replaced: a new one would be too. */
const TOKEN_FRESH_MS = 60_000;
/** When Nuonuo gives no lifetime: its documented 24 h. */
const TOKEN_DEFAULT_S = 86_400;
const QUERY_MAX = 50;

/**
 * A client of Nuonuo's open platform for one seller: the token, signed calls, invoice requests
 * and queries, the PDF, the result push.
 */
export class NuonuoClient {
  private readonly tokenUrl: string;
  private readonly servicesUrl: string;
  private readonly taxBasisPoints: number;
  private token: Token | undefined;
  private tokenRequest: Promise<Token> | undefined;

  constructor(
    private readonly settings: NuonuoSettings,
    private readonly fetcher: typeof fetch = fetch,
    private readonly clock: () => Date = () => new Date(),
  ) {
    for (const key of ['appKey', 'appSecret', 'taxNo', 'clerk'] as const) {
      if (!settings[key]?.trim()) throw new NuonuoError(`Nuonuo: ${key} is not set`, 'config');
    }
    const endpoints = NUONUO_ENDPOINTS[settings.sandbox ? 'sandbox' : 'live'];
    const base = settings.baseUrl?.replace(/\/+$/, '');
    this.tokenUrl = base ? `${base}/accessToken` : endpoints.token;
    this.servicesUrl = base ? `${base}/open/v1/services` : endpoints.services;
    const rate = settings.taxRate ?? '0.06';
    const bp = rateBasisPoints(rate);
    if (bp === undefined) throw new NuonuoError(`Nuonuo: tax rate ${rate} is not a rate like 0.06`, 'config');
    this.taxBasisPoints = bp;
  }

  /** Where this client's requests go. */
  get endpoints(): { token: string; services: string } {
    return { token: this.tokenUrl, services: this.servicesUrl };
  }

  /**
   * Requests an invoice for one order. When Nuonuo already has the order number (an earlier
   * request whose answer was lost, or a retry), the invoice is looked up instead: `known` is it.
   */
  async requestInvoice(input: InvoiceIssueInput): Promise<{ serialNo: string; known?: NuonuoInvoiceResult }> {
    const content = { order: this.order(input) };
    const orderNo = content.order.orderNo;
    try {
      const result = record(await this.call(NuonuoMethod.REQUEST_BILLING, content));
      const serialNo = result ? text(result.invoiceSerialNum) : '';
      if (!serialNo) throw new NuonuoError('Nuonuo requestBillingNew: no invoiceSerialNum', 'malformed');
      return { serialNo };
    } catch (err) {
      if (!(err instanceof NuonuoError) || err.code !== NuonuoCode.DUPLICATE_ORDER) throw err;
      const [known] = (await this.queryInvoice({ orderNos: [input.orderNo] })).filter((r) => r.orderNo === orderNo);
      if (!known?.serialNo) throw err;
      return { serialNo: known.serialNo, known };
    }
  }

  /** Invoices by serial numbers or by our order numbers (one of the two, at most 50). */
  async queryInvoice(by: { serialNos?: string[]; orderNos?: string[] }): Promise<NuonuoInvoiceResult[]> {
    const serialNos = by.serialNos ?? [];
    const orderNos = (by.orderNos ?? []).map(nuonuoOrderNo);
    if (serialNos.length > 0 === orderNos.length > 0) {
      throw new NuonuoError('Nuonuo queryInvoiceResult: give serial numbers or order numbers', 'input');
    }
    if (serialNos.length > QUERY_MAX || orderNos.length > QUERY_MAX) {
      throw new NuonuoError(`Nuonuo queryInvoiceResult: at most ${QUERY_MAX} at once`, 'input');
    }
    let result: unknown;
    try {
      result = await this.call(
        NuonuoMethod.QUERY_RESULT,
        serialNos.length > 0 ? { serialNos, isOfferInvoiceDetail: '0' } : { orderNos, isOfferInvoiceDetail: '0' },
      );
    } catch (err) {
      if (err instanceof NuonuoError && err.code === NuonuoCode.NOT_FOUND) return [];
      throw err;
    }
    if (result === null || result === undefined || result === '') return [];
    if (!Array.isArray(result)) throw new NuonuoError('Nuonuo queryInvoiceResult: result is not a list', 'malformed');
    const asked = new Set(serialNos.length > 0 ? serialNos : orderNos);
    return result
      .map(record)
      .filter((r): r is Record<string, unknown> => r !== undefined)
      .map(fromQueried)
      .filter((r) => asked.has(serialNos.length > 0 ? r.serialNo : r.orderNo));
  }

  /** The invoice's PDF (Nuonuo's `pdfUrl`), refused unless it is one. */
  async downloadPdf(url: string): Promise<Buffer> {
    let address: URL;
    try {
      address = new URL(url);
    } catch {
      throw new NuonuoError(`Nuonuo PDF: not an address: ${url}`, 'pdf');
    }
    if (address.protocol !== 'https:' && address.protocol !== 'http:') {
      throw new NuonuoError(`Nuonuo PDF: not a web address: ${url}`, 'pdf');
    }
    let res: Response;
    try {
      res = await this.fetcher(address, { signal: AbortSignal.timeout(PDF_TIMEOUT_MS) });
    } catch (err) {
      throw new NuonuoError(`Nuonuo PDF: ${(err as Error).message}`, 'network');
    }
    if (!res.ok) throw new NuonuoError(`Nuonuo PDF: HTTP ${res.status}`, 'pdf');
    if (Number(res.headers.get('content-length') ?? 0) > PDF_MAX_BYTES) {
      throw new NuonuoError('Nuonuo PDF: larger than 20 MB', 'pdf');
    }
    const pdf = Buffer.from(await res.arrayBuffer());
    if (pdf.length > PDF_MAX_BYTES) throw new NuonuoError('Nuonuo PDF: larger than 20 MB', 'pdf');
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new NuonuoError('Nuonuo PDF: not a PDF', 'pdf');
    return pdf;
  }

  /**
   * What a result push is worth: Nuonuo's answer for the serial number it names (the push itself
   * is unsigned, so nothing of it but the serial number is used).
   */
  async confirmCallback(body: string | Record<string, unknown>): Promise<NuonuoInvoiceResult> {
    const { serialNo } = parseCallback(body);
    const [queried] = await this.queryInvoice({ serialNos: [serialNo] });
    if (!queried) throw new NuonuoError(`Nuonuo callback: no invoice ${serialNo}`, NuonuoCode.NOT_FOUND);
    return queried;
  }

  /**
   * One signed call, its `result` when the code is E0000. A token Nuonuo no longer accepts is
   * dropped and the call made once more with a new one.
   */
  async call(method: string, body: unknown): Promise<unknown> {
    const content = JSON.stringify(body);
    let token = await this.accessToken();
    let answer = await this.post(method, content, token.value);
    if (TOKEN_ERROR_CODES.has(answer.code)) {
      if (this.token?.value === token.value) this.token = undefined;
      if (this.clock().getTime() - token.obtainedAt >= TOKEN_FRESH_MS) {
        token = await this.accessToken();
        answer = await this.post(method, content, token.value);
      }
    }
    if (answer.code !== NuonuoCode.OK) {
      const short = method.split('.').at(-1);
      throw new NuonuoError(`Nuonuo ${short}: ${answer.code} ${answer.describe}`.trim(), answer.code, answer.describe);
    }
    return answer.result;
  }

  /** The cached token, or a new one; callers at the same time share one request. */
  private async accessToken(): Promise<Token> {
    if (this.token && this.clock().getTime() < this.token.useUntil) return this.token;
    this.tokenRequest ??= this.newToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async newToken(): Promise<Token> {
    const form = new URLSearchParams({
      client_id: this.settings.appKey,
      client_secret: this.settings.appSecret,
      grant_type: 'client_credentials',
    });
    const answer = record(
      await this.json(this.tokenUrl, 'accessToken', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: form.toString(),
      }),
    );
    const value = answer ? text(answer.access_token) : '';
    if (!answer || !value) {
      const code = answer ? text(answer.error) || 'malformed' : 'malformed';
      const describe = answer ? text(answer.error_description) : '';
      throw new NuonuoError(`Nuonuo accessToken: ${code} ${describe}`.trim(), code, describe);
    }
    const seconds = Number(text(answer.expires_in));
    const lifeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : TOKEN_DEFAULT_S) * 1000;
    const obtainedAt = this.clock().getTime();
    const token = { value, obtainedAt, useUntil: obtainedAt + lifeMs - Math.min(TOKEN_EARLY_MS, lifeMs / 2) };
    this.token = token;
    return token;
  }

  private async post(method: string, content: string, accessToken: string): Promise<Answer> {
    const senid = randomUUID().replaceAll('-', '');
    const nonce = String(randomInt(10_000_000, 100_000_000));
    const timestamp = String(Math.floor(this.clock().getTime() / 1000));
    const { appKey, appSecret, taxNo } = this.settings;
    const url = new URL(this.servicesUrl);
    url.search = new URLSearchParams({ senid, nonce, timestamp, appkey: appKey }).toString();
    const sign = nuonuoSignature(appSecret, { appKey, senid, nonce, timestamp, content, path: url.pathname });
    const answer = record(
      await this.json(url.toString(), method, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json;charset=utf-8',
          'X-Nuonuo-Sign': sign,
          accessToken,
          userTax: taxNo,
          method,
        },
        body: content,
      }),
    );
    const code = answer ? text(answer.code) : '';
    if (!answer || !code) throw new NuonuoError(`Nuonuo ${method}: answer without a code`, 'malformed');
    return { code, describe: text(answer.describe), result: answer.result };
  }

  /** A request whose answer must be JSON, errors named after what was asked. */
  private async json(url: string, what: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetcher(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    } catch (err) {
      throw new NuonuoError(`Nuonuo ${what}: ${(err as Error).message}`, 'network');
    }
    const body = await res.text().catch(() => '');
    if (!res.ok) throw new NuonuoError(`Nuonuo ${what}: HTTP ${res.status}`, 'http');
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new NuonuoError(`Nuonuo ${what}: the answer is not JSON`, 'malformed');
    }
  }

  /** The `order` of requestBillingNew: a blue invoice of one line, the amount with tax. */
  private order(input: InvoiceIssueInput) {
    const s = this.settings;
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
      throw new NuonuoError(`Nuonuo: invalid amount ${input.amountFen} fen`, 'input');
    }
    const unit = input.titleType === 2;
    if (unit && !input.taxNo.trim()) throw new NuonuoError('Nuonuo: a unit title needs its tax number', 'input');
    if (input.kind === 2 && !unit) throw new NuonuoError('Nuonuo: a special invoice needs a unit title', 'input');
    if (!input.goodsTitle.trim()) throw new NuonuoError('Nuonuo: no goods title', 'input');
    if (input.email.length > 50) throw new NuonuoError('Nuonuo: the email is longer than 50 characters', 'input');
    const orderNo = nuonuoOrderNo(input.orderNo);
    const amount = fenToYuan(input.amountFen);
    const { netFen, taxFen } = splitTax(input.amountFen, this.taxBasisPoints);
    const lines = s.invoiceLines ?? { ordinary: 'pc', special: 'bs' };
    const goodsName = Array.from(`${s.goodsNamePrefix ?? '*培训服务*'}${input.goodsTitle.trim()}`)
      .slice(0, 90)
      .join('');
    const bank = [input.bankName.trim(), input.bankAccount.trim()].filter(Boolean).join(' ');
    const some = (v: string | undefined) => v?.trim() || undefined;
    return {
      buyerName: input.title.trim() || '个人',
      buyerTaxNum: unit ? input.taxNo.trim().toUpperCase() : undefined,
      buyerTel: some(input.phone),
      buyerAddress: some(input.address),
      buyerAccount: some(bank),
      salerTaxNum: s.taxNo,
      salerTel: some(s.sellerTel),
      salerAddress: some(s.sellerAddress),
      salerAccount: some(s.sellerAccount),
      orderNo,
      invoiceDate: chinaTime(this.clock()),
      clerk: s.clerk,
      // -1 no push, 0 by email.
      pushMode: input.email.trim() ? '0' : '-1',
      email: some(input.email),
      invoiceType: '1',
      invoiceLine: input.kind === 2 ? lines.special : lines.ordinary,
      callBackUrl: some(s.callbackUrl),
      extensionNumber: some(s.extensionNumber),
      // Our own order number, kept by Nuonuo, when Nuonuo's had to be shorter.
      bField1: orderNo === input.orderNo ? undefined : input.orderNo,
      invoiceDetail: [
        {
          goodsName,
          goodsCode: some(s.goodsCode),
          withTaxFlag: '1',
          price: amount,
          num: '1',
          taxRate: s.taxRate ?? '0.06',
          taxIncludedAmount: amount,
          taxExcludedAmount: fenToYuan(netFen),
          tax: fenToYuan(taxFen),
          invoiceLineProperty: '0',
        },
      ],
    };
  }
}

/**
 * Nuonuo as an asynchronous invoice provider: `issue` requests (answering 'issuing' with the serial
 * number, or the outcome when Nuonuo already had the order number), `poll` asks for the result and
 * downloads the PDF once the invoice is issued.
 */
export class NuonuoInvoiceProvider implements AsyncInvoiceProvider {
  readonly name = 'nuonuo';

  constructor(readonly client: NuonuoClient) {}

  async issue(input: InvoiceIssueInput): Promise<InvoiceProgress> {
    const { serialNo, known } = await this.client.requestInvoice(input);
    return known ? this.progress(known) : { state: 'issuing', serialNo };
  }

  async poll(serialNo: string): Promise<InvoiceProgress> {
    const [found] = await this.client.queryInvoice({ serialNos: [serialNo] });
    if (!found) return { state: 'failed', reason: `诺诺查无流水号 ${serialNo} 的开票请求` };
    return this.progress(found);
  }

  private async progress(r: NuonuoInvoiceResult): Promise<InvoiceProgress> {
    switch (r.state) {
      case 'issued':
        // Issued, but its PDF not yet ready: asked again later.
        if (!r.pdfUrl || !r.invoiceNo) return { state: 'issuing', serialNo: r.serialNo };
        return { state: 'issued', invoiceNo: r.invoiceNo, pdf: await this.client.downloadPdf(r.pdfUrl) };
      case 'failed':
        return { state: 'failed', reason: r.reason };
      case 'voided':
        return { state: 'failed', reason: `发票已作废（${r.statusMsg || r.status}）` };
      default:
        return { state: 'issuing', serialNo: r.serialNo };
    }
  }
}
