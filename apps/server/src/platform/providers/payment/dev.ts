import type { UrlSigner } from '../../storage.ts';
import {
  NoticeRefused,
  type IncomingNotice,
  type NoticeAnswer,
  type PayMethodCode,
  type PayStart,
  type PaymentChannel,
  type QueriedRefund,
  type QueriedTrade,
  type RefundAccepted,
  type RefundRequest,
  type TradeToPay,
  type VerifiedNotice,
} from './channel.ts';

const PURPOSE = 'dev-pay-notice';
/** A dev notification stays good this long (a replay after that is refused like a forged one). */
const NOTICE_TTL_MS = 24 * 60 * 60_000;

/**
 * The dev payment channel (DESIGN.md section 5, decision 057): works offline and stands in for
 * Alipay, WeChat Pay, UnionPay or online payment on a demo site (DEV_PROVIDERS only). Its cashier
 * is a page of the portal (`/pay/dev`); paying there makes a notification sealed with the
 * portal's signing key, and that notification goes the way real ones go: verified here, then
 * applied by the order module exactly as a channel's. A forged or altered one is refused.
 */
export class DevChannel implements PaymentChannel {
  constructor(
    readonly method: PayMethodCode,
    private readonly eid: number,
    private readonly signer: UrlSigner,
    /** The cashier page's absolute address for a trade. */
    private readonly cashierUrl: (outTradeNo: string) => string,
  ) {}

  /** The merchant a dev notification names: the enterprise's own. */
  static merchantOf(eid: number): string {
    return `dev-${eid}`;
  }

  start(trade: TradeToPay): Promise<PayStart> {
    const url = this.cashierUrl(trade.outTradeNo);
    // WeChat Pay's way is a QR code to scan; the others send the browser to the cashier.
    return Promise.resolve(this.method === 12 ? { kind: 'qr', codeUrl: url } : { kind: 'redirect', url });
  }

  /** The notification the cashier sends once the learner pays (what a channel would post). */
  noticeOf(trade: { outTradeNo: string; amountFen: number }, now = Date.now()): IncomingNotice {
    const body = this.signer.seal(
      PURPOSE,
      {
        kind: 'payment',
        eid: String(this.eid),
        method: String(this.method),
        outTradeNo: trade.outTradeNo,
        amountFen: String(trade.amountFen),
        merchantId: DevChannel.merchantOf(this.eid),
        channelTradeNo: `DEV${trade.outTradeNo}`,
        at: new Date(now).toISOString(),
      },
      NOTICE_TTL_MS,
      now,
    );
    return { headers: { 'content-type': 'text/plain' }, body, query: {} };
  }

  refundNoticeOf(r: { outTradeNo: string; outRefundNo: string; refundFen: number; totalFen: number }): IncomingNotice {
    const body = this.signer.seal(
      PURPOSE,
      {
        kind: 'refund',
        eid: String(this.eid),
        method: String(this.method),
        outTradeNo: r.outTradeNo,
        outRefundNo: r.outRefundNo,
        amountFen: String(r.totalFen),
        refundFen: String(r.refundFen),
        merchantId: DevChannel.merchantOf(this.eid),
        channelTradeNo: `DEVR${r.outRefundNo}`,
        at: new Date().toISOString(),
      },
      NOTICE_TTL_MS,
    );
    return { headers: { 'content-type': 'text/plain' }, body, query: {} };
  }

  verifyNotice(notice: IncomingNotice): Promise<VerifiedNotice> {
    const data = this.signer.unseal(PURPOSE, notice.body.trim());
    // Sealed for another enterprise or method: as good as forged here.
    if (!data || data.eid !== String(this.eid) || data.method !== String(this.method)) {
      return Promise.reject(new NoticeRefused('signature'));
    }
    const refund = data.kind === 'refund';
    return Promise.resolve({
      kind: refund ? 'refund' : 'payment',
      outTradeNo: data.outTradeNo ?? '',
      ...(refund ? { outRefundNo: data.outRefundNo ?? '', refundFen: Number(data.refundFen) } : {}),
      amountFen: Number(data.amountFen),
      merchantId: data.merchantId ?? '',
      channelTradeNo: data.channelTradeNo ?? '',
      state: refund ? 'refunded' : 'paid',
      ...(data.at ? { at: new Date(data.at) } : {}),
    });
  }

  answer(ok: boolean): NoticeAnswer {
    return ok
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }

  /** The dev channel keeps nothing: what it paid, it said by notification. */
  query(): Promise<QueriedTrade> {
    return Promise.resolve({ state: 'unknown' });
  }

  /** Refunds at once; the order module applies it through `refundNoticeOf`, as a channel's notice. */
  refund(request: RefundRequest): Promise<RefundAccepted> {
    return Promise.resolve({ state: 'processing', channelRefundNo: `DEVR${request.outRefundNo}` });
  }

  /**
   * The dev channel keeps nothing, and refunds at once: a refund it is asked about is refunded
   * (its notification was lost on the way, which the order module's sweep makes up for).
   */
  queryRefund(): Promise<QueriedRefund> {
    return Promise.resolve({ state: 'refunded' });
  }
}
