import { createPrivateKey, createPublicKey } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
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

/** One enterprise's Alipay application (public-key mode, RSA2). */
export interface AlipaySettings {
  appId: string;
  /** The merchant's partner id (2088…): what a notice's seller_id must name. */
  sellerId: string;
  /** The application's private key, PEM (PKCS#1 or PKCS#8). */
  privateKey: string;
  /** Alipay's public key for this application, PEM. */
  alipayPublicKey: string;
  mode: 'sandbox' | 'live';
}

export const ALIPAY_GATEWAYS = {
  sandbox: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
  live: 'https://openapi.alipay.com/gateway.do',
} as const;

/** Alipay's trade statuses in which the money is the merchant's. */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay's times are China time (UTC+8, no daylight saving) without a zone. */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** 'yyyy-MM-dd HH:mm:ss' in China time, as Alipay's timestamp and time_expire want it. */
export function chinaTime(d: Date): string {
  return new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay's 'yyyy-MM-dd HH:mm:ss' (gmt_refund adds milliseconds) read as China time. */
function parseChinaTime(s: string | undefined): Date | undefined {
  const m = s && /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d{1,3})?$/.exec(s);
  if (!m) return undefined;
  const d = new Date(`${m[1]}T${m[2]}${m[3] ?? ''}+08:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Integer fen to Alipay's yuan with two decimals, without going through floating point. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new ChannelError(`Alipay: invalid amount ${fen} fen`, 'amount');
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan ('12', '12.3', '12.34') to integer fen; undefined for anything else. */
export function yuanToFen(yuan: string | undefined): number | undefined {
  const m = yuan === undefined ? null : /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Alipay (method 11) through the official alipay-sdk 4, OpenAPI 2.0 with RSA2 signatures: page
 * pay on a computer, wap pay on a phone, the asynchronous trade notification (which also carries
 * refunds), trade query and refund.
 *
 * The SDK is used with care where its defaults would be wrong for us: its request timestamp is the
 * server's local time (we pass China time from our clock), it does not check a response's
 * signature unless asked (we always ask), and it reads a PKCS#8 key only when told so (keys are
 * normalised here, which also rejects a broken key when the channel is built).
 */
export class AlipayChannel implements PaymentChannel {
  readonly method = PayMethod.ALIPAY;
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly settings: AlipaySettings,
    private readonly clock: () => Date = () => new Date(),
    /** The gateway address; tests point it at a local stand-in of Alipay. */
    gateway: string = ALIPAY_GATEWAYS[settings.mode],
  ) {
    let privateKey: string;
    let alipayPublicKey: string;
    try {
      privateKey = createPrivateKey(settings.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch {
      throw new ChannelError('Alipay: the application private key is not a valid PEM key', 'config');
    }
    try {
      alipayPublicKey = createPublicKey(settings.alipayPublicKey).export({ type: 'spki', format: 'pem' }).toString();
    } catch {
      throw new ChannelError('Alipay: the Alipay public key is not a valid PEM key', 'config');
    }
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey,
      keyType: 'PKCS8',
      alipayPublicKey,
      signType: 'RSA2',
      gateway,
      timeout: 10_000,
      // Alipay's own field names, as in its documentation.
      camelcase: false,
    });
  }

  async start(trade: TradeToPay): Promise<PayStart> {
    const [apiMethod, productCode] = trade.isMobile
      ? ['alipay.trade.wap.pay', 'QUICK_WAP_WAY']
      : ['alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'];
    const url = this.sdk.pageExecute(apiMethod, 'GET', {
      timestamp: chinaTime(this.clock()),
      notifyUrl: trade.notifyUrl,
      returnUrl: trade.returnUrl,
      bizContent: {
        out_trade_no: trade.outTradeNo,
        product_code: productCode,
        total_amount: fenToYuan(trade.amountFen),
        subject: trade.subject,
        time_expire: chinaTime(trade.expiresAt),
      },
    });
    return { kind: 'redirect', url };
  }

  /**
   * The trade notification (trade_status_sync), a form-encoded POST. Refunds come as the same
   * notification with out_biz_no (our refund number) and refund_fee, which is the trade's total
   * refunded so far, not this refund's amount alone.
   */
  async verifyNotice(notice: IncomingNotice): Promise<VerifiedNotice> {
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(notice.body)) {
      if (Object.hasOwn(params, k)) throw new NoticeRefused('malformed');
      params[k] = v;
    }
    if (!params.sign) throw new NoticeRefused('signature');
    // The SDK would verify with whatever sign_type the notice names (RSA is SHA-1, others throw).
    if (params.sign_type !== undefined && params.sign_type !== 'RSA2') throw new NoticeRefused('signature');
    let valid = false;
    try {
      // V2 verifies the values as posted; the first version URI-decoded them once more.
      valid = this.sdk.checkNotifySignV2(params);
    } catch {
      valid = false;
    }
    if (!valid) throw new NoticeRefused('signature');
    if (params.app_id !== this.settings.appId) throw new NoticeRefused('signature');

    const outTradeNo = str(params.out_trade_no);
    const channelTradeNo = str(params.trade_no);
    const merchantId = str(params.seller_id);
    if (!outTradeNo || !channelTradeNo || !merchantId) throw new NoticeRefused('malformed');
    const amountFen = yuanToFen(params.total_amount);
    if (amountFen === undefined) throw new NoticeRefused('amount');
    const base = { outTradeNo, amountFen, merchantId, appId: params.app_id, channelTradeNo };

    const outRefundNo = str(params.out_biz_no);
    if (outRefundNo !== undefined || str(params.refund_fee) !== undefined) {
      const refundFen = params.refund_fee === undefined ? undefined : yuanToFen(params.refund_fee);
      if (params.refund_fee !== undefined && refundFen === undefined) throw new NoticeRefused('amount');
      return {
        ...base,
        kind: 'refund',
        outRefundNo,
        refundFen,
        state: outRefundNo !== undefined && refundFen !== undefined && refundFen > 0 ? 'refunded' : 'other',
        at: parseChinaTime(params.gmt_refund) ?? parseChinaTime(params.gmt_payment),
      };
    }
    return {
      ...base,
      kind: 'payment',
      state: PAID.has(params.trade_status ?? '') ? 'paid' : 'other',
      at: parseChinaTime(params.gmt_payment),
    };
  }

  /** Alipay stops retrying on the plain body `success`; anything else is retried (about 25 h). */
  answer(ok: boolean): NoticeAnswer {
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
  }

  async query(outTradeNo: string): Promise<QueriedTrade> {
    const r = await this.exec('alipay.trade.query', { out_trade_no: outTradeNo });
    if (r.code !== '10000') {
      if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      throw this.refused('trade query', r);
    }
    if (str(r.out_trade_no) !== undefined && r.out_trade_no !== outTradeNo)
      throw new ChannelError(`Alipay trade query answered for another trade (${String(r.out_trade_no)})`);
    const amountFen = r.total_amount === undefined ? undefined : yuanToFen(str(r.total_amount));
    if (r.total_amount !== undefined && amountFen === undefined)
      throw new ChannelError(`Alipay trade query: malformed total_amount ${String(r.total_amount)}`, 'amount');
    const status = str(r.trade_status);
    const state: QueriedTrade['state'] = PAID.has(status ?? '')
      ? 'paid'
      : status === 'WAIT_BUYER_PAY'
        ? 'waiting'
        : status === 'TRADE_CLOSED'
          ? 'closed'
          : 'unknown';
    return {
      state,
      amountFen,
      channelTradeNo: str(r.trade_no),
      merchantId: str(r.seller_id),
      at: parseChinaTime(str(r.send_pay_date)),
    };
  }

  /**
   * A refund is done at once when Alipay says the money moved (fund_change Y); N happens when the
   * same refund number was already refunded, so its outcome is left to a later look.
   */
  async refund(request: RefundRequest): Promise<RefundAccepted> {
    const r = await this.exec('alipay.trade.refund', {
      out_trade_no: request.outTradeNo,
      out_request_no: request.outRefundNo,
      refund_amount: fenToYuan(request.refundFen),
      refund_reason: request.reason.slice(0, 256),
    });
    if (r.code !== '10000') throw this.refused('refund', r);
    return { state: r.fund_change === 'Y' ? 'refunded' : 'processing' };
  }

  /**
   * A refund's state (alipay.trade.fastpay.refund.query, by our trade and refund numbers). Code
   * 10000 only says the query worked; the refund is done when refund_status is REFUND_SUCCESS.
   * Without it (no refund data at all, or no status), Alipay has not refunded it (yet, or at all:
   * its documentation does not tell them apart and asks for a later look, or a refund retried
   * with the same number), so it stays processing.
   */
  async queryRefund(request: RefundToQuery): Promise<QueriedRefund> {
    const r = await this.exec('alipay.trade.fastpay.refund.query', {
      out_trade_no: request.outTradeNo,
      out_request_no: request.outRefundNo,
    });
    if (r.code !== '10000') throw this.refused('refund query', r);
    for (const [field, ours] of [
      ['out_trade_no', request.outTradeNo],
      ['out_request_no', request.outRefundNo],
    ] as const) {
      const theirs = str(r[field]);
      if (theirs !== undefined && theirs !== ours)
        throw new ChannelError(`Alipay refund query answered for another ${field} (${theirs})`);
    }
    if (str(r.refund_status) !== 'REFUND_SUCCESS') return { state: 'processing' };
    const refundFen = yuanToFen(str(r.refund_amount));
    if (refundFen === undefined)
      throw new ChannelError(`Alipay refund query: malformed refund_amount ${String(r.refund_amount)}`, 'amount');
    return { state: 'refunded', refundFen };
  }

  /** A signed gateway call whose response signature is checked (the SDK skips that by default). */
  private async exec(apiMethod: string, bizContent: Record<string, string>): Promise<AlipaySdkCommonResult> {
    try {
      return await this.sdk.exec(apiMethod, { timestamp: chinaTime(this.clock()), bizContent }, { validateSign: true });
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      throw new ChannelError(
        `Alipay ${apiMethod}: ${(err as Error).message}`,
        typeof code === 'string' ? code : 'gateway',
      );
    }
  }

  private refused(what: string, r: AlipaySdkCommonResult): ChannelError {
    const code = str(r.sub_code) ?? str(r.code);
    return new ChannelError(`Alipay ${what} refused: ${code ?? ''} ${str(r.sub_msg) ?? str(r.msg) ?? ''}`.trim(), code);
  }
}
