import { createHash, createPrivateKey, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import {
  ChannelError,
  NoticeRefused,
  PayMethod,
  type IncomingNotice,
  type NoticeAnswer,
  type PayStart,
  type PaymentChannel,
  type QueriedRefund,
  type QueriedTrade,
  type RefundAccepted,
  type RefundRequest,
  type RefundToQuery,
  type TradeToPay,
  type VerifiedNotice,
} from './channel.ts';

/** One enterprise's UnionPay merchant settings (ACP 5.1.0, certificate signatures). */
export interface UnionpaySettings {
  merId: string;
  /** Base64 of the merchant's signing .pfx (PKCS#12), as UnionPay's merchant service issues it. */
  signPfx: string;
  pfxPassword: string;
  /** PEM of UnionPay's root certificate (acp_prod_root.cer / acp_test_root.cer). */
  rootCert: string;
  /** PEM of UnionPay's intermediate certificate (acp_prod_middle.cer / acp_test_middle.cer). */
  middleCert: string;
  mode: 'sandbox' | 'live';
}

const HOSTS = { sandbox: 'https://gateway.test.95516.com', live: 'https://gateway.95516.com' } as const;

/** UnionPay's name in the third '@' part of its signing certificates' CN (`041@Z…@中国银联股份有限公司@…`). */
const UNIONPAY_NAME = '中国银联股份有限公司';
/** The same part in the test environment's signing certificates, which carry no company name. */
const UNIONPAY_TEST_NAME = '00040000:SIGN';

/** Answer codes meaning "the outcome is not known yet, ask again later" (ACP 5.1.0 appendix). */
const PENDING = new Set(['03', '04', '05']);

/**
 * The string UnionPay signs: every field but `signature`, sorted by name (code unit order, as the
 * SDK's TreeMap), as `k=v` joined by `&`, values as they are (not URL-encoded).
 */
export function unionpaySignString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

/** ACP 5.1.0 signs (and verifies) the lower-case hex SHA-256 of the sign string, not the string. */
function digestHex(fields: Record<string, string>): Buffer {
  return Buffer.from(createHash('sha256').update(unionpaySignString(fields), 'utf8').digest('hex'), 'utf8');
}

/**
 * A synchronous gateway answer: `k=v&k=v` with raw values, which may hold `=`, `+`, line breaks (the
 * PEM of `signPubKeyCert`) and `&` inside `{…}` or `[…]`, so neither URL decoding nor a plain split
 * fits; this walks it as the SDK's parseQString does.
 */
export function parseUnionpayAnswer(text: string): Record<string, string> {
  let s = text.trim();
  if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1);
  const out: Record<string, string> = {};
  let key: string | undefined;
  let buf = '';
  let close: string | undefined;
  const put = () => {
    if (key === undefined) {
      if (buf) out[buf] = '';
    } else out[key] = buf;
    key = undefined;
    buf = '';
  };
  for (const c of s) {
    if (key === undefined) {
      if (c === '=') {
        key = buf;
        buf = '';
      } else if (c === '&') put();
      else buf += c;
      continue;
    }
    if (close) {
      if (c === close) close = undefined;
    } else if (c === '{') close = '}';
    else if (c === '[') close = ']';
    if (c === '&' && !close) put();
    else buf += c;
  }
  put();
  return out;
}

/** yyyyMMddHHmmss in China time (UTC+8 all year), the gateway's time format. */
export function chinaTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The merchant's signing key and its certificate's serial number, read once from the .pfx. */
interface Signer {
  key: KeyObject;
  certId: string;
}

/** PKCS#12 bag types (RFC 7292). */
const PKCS12_BAGS = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  cert: '1.2.840.113549.1.12.10.1.3',
};

/**
 * The private key and the certificate that belongs to it (a .pfx may also hold the CA chain).
 * node-forge, because UnionPay's .pfx files use legacy PKCS#12 ciphers (RC2, 3DES) that OpenSSL 3
 * no longer reads by default.
 */
function readPfx(base64: string, password: string): Signer {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.decode64(base64)), false, password);
  const bags = (bagType: string) => p12.getBags({ bagType })[bagType] ?? [];
  const keyBags = [...bags(PKCS12_BAGS.shroudedKey), ...bags(PKCS12_BAGS.key)];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('no private key');
  const certs = bags(PKCS12_BAGS.cert)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const cert = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!cert) throw new Error('no certificate for the private key');
  return {
    key: createPrivateKey(forge.pki.privateKeyToPem(key)),
    // certId is the serial number in decimal (the SDK's BigInteger.toString()).
    certId: BigInt(`0x${cert.serialNumber}`).toString(10),
  };
}

/**
 * UnionPay online gateway (在线网关支付, ACP 5.1.0, signMethod 01: RSA-SHA256 over the hex SHA-256
 * of the sorted fields). Requests are signed with the merchant's .pfx; answers and notifications
 * carry UnionPay's signing certificate (`signPubKeyCert`), which must chain to the configured
 * intermediate and root and name UnionPay before its key is trusted.
 *
 * Trade numbers: the query needs the original trade's `txnTime`, which UnionPay keys trades by
 * together with `orderId`. So an out-trade number starts with the 14-digit China time
 * (yyyyMMddHHmmss) of the attempt, `start()` sends that prefix as `txnTime`, and `query()` reads it
 * back (or takes `txnTime` as its second argument).
 */
export class UnionpayChannel implements PaymentChannel {
  readonly method = PayMethod.UNIONPAY;
  private signer: Signer | undefined;
  private trust: { root: X509Certificate; middle: X509Certificate } | undefined;

  constructor(
    private readonly settings: UnionpaySettings,
    private readonly fetcher: typeof fetch = fetch,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private get host() {
    return HOSTS[this.settings.mode];
  }

  /** Read lazily: a channel is built per request, and a broken .pfx should fail the call, clearly. */
  private getSigner(): Signer {
    if (!this.signer) {
      try {
        this.signer = readPfx(this.settings.signPfx, this.settings.pfxPassword);
      } catch (e) {
        throw new ChannelError(`UnionPay: the merchant signing certificate cannot be read (${(e as Error).message})`);
      }
    }
    return this.signer;
  }

  /** The common fields, `certId` and `signature` added to a request (blank fields left out, as the SDK does). */
  signFields(fields: Record<string, string>): Record<string, string> {
    const signer = this.getSigner();
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries({
      version: '5.1.0',
      encoding: 'UTF-8',
      signMethod: '01',
      merId: this.settings.merId,
      ...fields,
      certId: signer.certId,
    }))
      if (v !== '' && k !== 'signature') out[k] = v;
    out.signature = sign('sha256', digestHex(out), signer.key).toString('base64');
    return out;
  }

  /**
   * Checks an answer's or notification's signature against the certificate it carries, after
   * checking that certificate (ACP 5.1.0 CertUtil.verifyCertificate): issued by the intermediate,
   * which the root issued, all valid at the clock's time, and UnionPay's name as the third '@' part
   * of its CN. Test certificates carry `00040000:SIGN` there, accepted only in sandbox mode (the
   * SDK's ifValidateCNName=false).
   */
  verifyFields(fields: Record<string, string>): void {
    const refuse = (reason: string): never => {
      throw new NoticeRefused(reason);
    };
    if (fields.signMethod !== '01') refuse(`signMethod ${fields.signMethod ?? 'missing'}`);
    if (!fields.signature) refuse('no signature');
    if (!fields.signPubKeyCert) refuse('no signPubKeyCert');
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(fields.signPubKeyCert!);
    } catch {
      return refuse('signPubKeyCert is not a certificate');
    }
    const { root, middle } = this.trustAnchors();
    if (!cert.checkIssued(middle) || !cert.verify(middle.publicKey))
      refuse('certificate not issued by the intermediate');
    if (!middle.checkIssued(root) || !middle.verify(root.publicKey)) refuse('intermediate not issued by the root');
    const now = this.clock().getTime();
    for (const c of [cert, middle, root])
      if (!(new Date(c.validFrom).getTime() <= now && now <= new Date(c.validTo).getTime()))
        refuse(`certificate ${c.serialNumber} not valid now`);
    const cn = cert.toLegacyObject().subject?.CN as string | string[] | undefined;
    const name = (typeof cn === 'string' ? cn : '').split('@')[2];
    const names = this.settings.mode === 'live' ? [UNIONPAY_NAME] : [UNIONPAY_NAME, UNIONPAY_TEST_NAME];
    if (!name || !names.includes(name)) refuse(`certificate is not UnionPay's (${String(cn)})`);
    let ok = false;
    try {
      ok = verify('sha256', digestHex(fields), cert.publicKey, Buffer.from(fields.signature!, 'base64'));
    } catch {
      ok = false;
    }
    if (!ok) refuse('bad signature');
  }

  private trustAnchors() {
    if (!this.trust) {
      try {
        this.trust = {
          root: new X509Certificate(this.settings.rootCert),
          middle: new X509Certificate(this.settings.middleCert),
        };
      } catch {
        throw new NoticeRefused('the configured UnionPay root or intermediate certificate cannot be read');
      }
    }
    return this.trust;
  }

  /** Posts a signed request to a back-end address and returns the verified answer. */
  private async post(path: string, fields: Record<string, string>): Promise<Record<string, string>> {
    let text: string;
    try {
      const res = await this.fetcher(`${this.host}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: new URLSearchParams(this.signFields(fields)).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      text = await res.text();
      if (!res.ok) throw new ChannelError(`UnionPay: HTTP ${res.status}`);
    } catch (e) {
      if (e instanceof ChannelError) throw e;
      throw new ChannelError(`UnionPay cannot be reached: ${(e as Error).message}`);
    }
    const answer = parseUnionpayAnswer(text);
    try {
      this.verifyFields(answer);
    } catch (e) {
      if (e instanceof NoticeRefused) throw new ChannelError(`UnionPay answer not verified: ${e.reason}`);
      throw e;
    }
    return answer;
  }

  /** The 14-digit time an out-trade number starts with, when it is one (see the class comment). */
  private static timeOf(outTradeNo: string): string | undefined {
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(outTradeNo);
    if (!m) return undefined;
    const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
    const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? m[0] : undefined;
  }

  /**
   * A consume (消费) through the gateway's cashier: an auto-posting form to frontTransReq.do.
   * `txnTime` is the out-trade number's time prefix (the clock's China time when it has none, but
   * then `query()` needs that time passed to it).
   */
  async start(trade: TradeToPay): Promise<PayStart> {
    if (!Number.isSafeInteger(trade.amountFen) || trade.amountFen <= 0)
      throw new ChannelError(`UnionPay: bad amount ${trade.amountFen}`);
    const fields = this.signFields({
      txnType: '01',
      txnSubType: '01',
      bizType: '000201',
      channelType: trade.isMobile ? '08' : '07',
      accessType: '0',
      currencyCode: '156',
      txnAmt: String(trade.amountFen),
      orderId: trade.outTradeNo,
      txnTime: UnionpayChannel.timeOf(trade.outTradeNo) ?? chinaTime(this.clock()),
      payTimeout: chinaTime(trade.expiresAt),
      frontUrl: trade.returnUrl,
      backUrl: trade.notifyUrl,
    });
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const action = escapeHtml(`${this.host}/gateway/api/frontTransReq.do`);
    const html =
      `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>UnionPay</title></head><body>` +
      `<form id="unionpay" action="${action}" method="post">${inputs}<noscript><button type="submit">Continue</button></noscript></form>` +
      `<script>document.getElementById('unionpay').submit();</script></body></html>`;
    return { kind: 'form', html };
  }

  /**
   * A back notification (form-encoded POST to backUrl). A payment: orderId is our out-trade number.
   * A refund (txnType 04): orderId is our refund number; it is given as both outRefundNo and
   * outTradeNo, and the caller looks refunds up by outRefundNo; channelTradeNo is then the original
   * trade's queryId (origQryId), amountFen and refundFen the refunded amount.
   */
  async verifyNotice(notice: IncomingNotice): Promise<VerifiedNotice> {
    const fields = Object.fromEntries(new URLSearchParams(notice.body));
    this.verifyFields(fields);
    const amount = Number(fields.txnAmt);
    if (!fields.orderId || !fields.merId || !/^\d+$/.test(fields.txnAmt ?? '') || !Number.isSafeInteger(amount))
      throw new NoticeRefused('notice lacks orderId, merId or txnAmt');
    const base = { outTradeNo: fields.orderId, amountFen: amount, merchantId: fields.merId };
    if (fields.txnType === '04') {
      return {
        ...base,
        kind: 'refund',
        outRefundNo: fields.orderId,
        refundFen: amount,
        channelTradeNo: fields.origQryId || fields.queryId || '',
        state: fields.respCode === '00' ? 'refunded' : 'failed',
      };
    }
    const paid = fields.txnType === '01' && (fields.respCode === '00' || fields.respCode === 'A6');
    return { ...base, kind: 'payment', channelTradeNo: fields.queryId ?? '', state: paid ? 'paid' : 'other' };
  }

  /** UnionPay wants HTTP 200 once a notification is handled; anything else makes it notify again. */
  answer(ok: boolean): NoticeAnswer {
    return ok
      ? { status: 200, contentType: 'text/plain', body: 'ok' }
      : { status: 500, contentType: 'text/plain', body: 'fail' };
  }

  /**
   * A trade's state (交易状态查询, queryTrans.do). UnionPay finds a trade by orderId and its
   * txnTime: taken from `txnTime`, else from the out-trade number's 14-digit prefix (class
   * comment). respCode 34 is "no such trade"; other non-00 answers mean the query itself failed.
   */
  async query(outTradeNo: string, txnTime?: string): Promise<QueriedTrade> {
    const time = txnTime ?? UnionpayChannel.timeOf(outTradeNo);
    if (!time || !/^\d{14}$/.test(time))
      throw new ChannelError(
        `UnionPay: the trade time of ${outTradeNo} is not known (it must start with yyyyMMddHHmmss)`,
      );
    const a = await this.post('/gateway/api/queryTrans.do', {
      txnType: '00',
      txnSubType: '00',
      bizType: '000201',
      accessType: '0',
      orderId: outTradeNo,
      txnTime: time,
    });
    if (a.respCode === '34') return { state: 'unknown' };
    if (a.respCode !== '00') throw new ChannelError(`UnionPay: ${a.respMsg ?? 'query failed'}`, a.respCode);
    const orig = a.origRespCode ?? '';
    const state = orig === '00' || orig === 'A6' ? 'paid' : PENDING.has(orig) ? 'waiting' : 'closed';
    const amount = Number(a.txnAmt);
    return {
      state,
      ...(a.txnAmt && Number.isSafeInteger(amount) ? { amountFen: amount } : {}),
      ...(a.queryId ? { channelTradeNo: a.queryId } : {}),
      ...(a.merId ? { merchantId: a.merId } : {}),
    };
  }

  /**
   * A refund (退货, backTransReq.do) of the trade UnionPay numbered `channelTradeNo` (origQryId).
   * Accepted (respCode 00) means processing: the outcome comes by notification. 03/04/05 mean the
   * gateway does not know yet: also processing, since an error would invite a second refund.
   * `txnTime` is the refund number's time prefix, as a trade's is (class comment): the refund is
   * looked up by its orderId and that time (`queryRefund`).
   */
  async refund(req: RefundRequest): Promise<RefundAccepted> {
    if (!req.channelTradeNo) throw new ChannelError('UnionPay refunds need the trade’s queryId (channelTradeNo)');
    if (!Number.isSafeInteger(req.refundFen) || req.refundFen <= 0)
      throw new ChannelError(`UnionPay: bad refund amount ${req.refundFen}`);
    const a = await this.post('/gateway/api/backTransReq.do', {
      txnType: '04',
      txnSubType: '00',
      bizType: '000201',
      channelType: '07',
      accessType: '0',
      currencyCode: '156',
      orderId: req.outRefundNo,
      origQryId: req.channelTradeNo,
      txnTime: UnionpayChannel.timeOf(req.outRefundNo) ?? chinaTime(this.clock()),
      txnAmt: String(req.refundFen),
      backUrl: req.notifyUrl,
    });
    if (a.respCode === '00' || PENDING.has(a.respCode ?? ''))
      return { state: 'processing', ...(a.queryId ? { channelRefundNo: a.queryId } : {}) };
    throw new ChannelError(`UnionPay: ${a.respMsg ?? 'refund refused'}`, a.respCode);
  }

  /**
   * A refund's state: the transaction state query (交易状态查询, queryTrans.do, txnType 00) of the
   * refund itself, by its own orderId (our refund number) and txnTime (the number's time prefix,
   * as `refund` sent it). respCode 00 means the query worked and origRespCode is the refund's
   * outcome: 00 refunded, 03/04/05 not known yet (processing), any other failed. respCode 34 (no
   * such transaction) is, in UnionPay's words, a state not known yet: processing, asked again
   * later. Any other respCode means the query itself failed: a ChannelError.
   */
  async queryRefund(request: RefundToQuery): Promise<QueriedRefund> {
    const time = UnionpayChannel.timeOf(request.outRefundNo);
    if (!time)
      throw new ChannelError(
        `UnionPay: the time of refund ${request.outRefundNo} is not known (it must start with yyyyMMddHHmmss)`,
      );
    const a = await this.post('/gateway/api/queryTrans.do', {
      txnType: '00',
      txnSubType: '00',
      bizType: '000201',
      accessType: '0',
      orderId: request.outRefundNo,
      txnTime: time,
    });
    if (a.respCode === '34') return { state: 'processing', reason: a.respMsg ?? '34' };
    if (a.respCode !== '00') throw new ChannelError(`UnionPay: ${a.respMsg ?? 'query failed'}`, a.respCode);
    if ((a.orderId && a.orderId !== request.outRefundNo) || (a.merId && a.merId !== this.settings.merId))
      throw new ChannelError(`UnionPay: a refund query answered for ${a.merId ?? ''} ${a.orderId ?? ''}`.trim());
    const orig = a.origRespCode;
    if (!orig) throw new ChannelError('UnionPay: a refund query answer without origRespCode');
    if (PENDING.has(orig)) return { state: 'processing' };
    if (orig !== '00') return { state: 'failed', reason: `${orig} ${a.origRespMsg ?? ''}`.trim() };
    const amount = Number(a.txnAmt);
    return {
      state: 'refunded',
      ...(a.txnAmt && /^\d+$/.test(a.txnAmt) && Number.isSafeInteger(amount) ? { refundFen: amount } : {}),
    };
  }
}
