/**
 * Payment channels (DESIGN.md sections 5 and 9, decision 057). A channel starts a payment of one
 * trade (our out-trade number, unique per attempt to pay an order), verifies the channel's
 * notifications, asks the channel for a trade's state when no notification came, and refunds.
 * Each enterprise has its own merchant settings; a channel is built per enterprise and method from
 * them (`ChannelSettings`), and its secrets never leave the server.
 *
 * A channel only speaks the channel's protocol: whether a verified notification changes an order
 * (the amount, the merchant, the order's state) is the order module's decision.
 */

/** Payment methods of account-area.md section 3. */
export const PayMethod = {
  BANK_TRANSFER: 9,
  ONLINE: 10,
  ALIPAY: 11,
  WECHAT: 12,
  UNIONPAY: 13,
  MANUAL: 14,
} as const;
export type PayMethodCode = (typeof PayMethod)[keyof typeof PayMethod];

/** Where a channel's requests go: its sandbox or its live service. */
export type ChannelMode = 'sandbox' | 'live';

/** One trade to pay, as the channel needs it. */
export interface TradeToPay {
  /** Ours, 8 to 40 letters and digits (UnionPay's rule, which the others accept). */
  outTradeNo: string;
  amountFen: number;
  /** What is bought, shown by the channel's cashier (at most 128 characters). */
  subject: string;
  /** Where the channel posts its notification (absolute https address of this portal). */
  notifyUrl: string;
  /** Where the learner's browser comes back after paying (page pay). */
  returnUrl: string;
  /** The trade closes at the channel then (the order's time limit). */
  expiresAt: Date;
  /** The learner's address, as WeChat and UnionPay want it. */
  clientIp: string;
  /** A phone browser (`pay-link?isMobile=true`): the channel's mobile page where it has one. */
  isMobile: boolean;
}

/** How the learner pays: a QR code to scan, a page to go to, or a form that posts itself there. */
export type PayStart =
  { kind: 'qr'; codeUrl: string } | { kind: 'redirect'; url: string } | { kind: 'form'; html: string };

/** A notification as it arrived: headers (lower-case names), the raw body, the query. */
export interface IncomingNotice {
  headers: Record<string, string | undefined>;
  body: string;
  query: Record<string, string | undefined>;
}

/** What a notification says once its signature holds. */
export interface VerifiedNotice {
  kind: 'payment' | 'refund';
  outTradeNo: string;
  /** Our refund number (refund notices). */
  outRefundNo?: string;
  /** The trade's total as the channel states it, in fen. */
  amountFen: number;
  /** The refunded amount in fen (refund notices). */
  refundFen?: number;
  /** The merchant the channel says it paid (Alipay seller id, WeChat mchid, UnionPay merId). */
  merchantId: string;
  /** The application it was paid to (Alipay app_id, WeChat appid), where the channel has one. */
  appId?: string;
  channelTradeNo: string;
  /**
   * paid: the money is the merchant's (Alipay TRADE_SUCCESS or TRADE_FINISHED, WeChat SUCCESS,
   * UnionPay respCode 00); refunded: a refund completed; failed: a refund failed; other: anything
   * else (waiting, closed), which changes nothing.
   */
  state: 'paid' | 'refunded' | 'failed' | 'other';
  /** When the channel says it happened. */
  at?: Date;
}

/** A notification whose signature, certificate or timestamp does not hold: nothing changes. */
export class NoticeRefused extends Error {
  constructor(readonly reason: string) {
    super(`payment notice refused: ${reason}`);
  }
}

/** What the channel wants back once a notification was handled (or refused). */
export interface NoticeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A trade's state as the channel answers a query. */
export interface QueriedTrade {
  state: 'paid' | 'waiting' | 'closed' | 'unknown';
  amountFen?: number;
  channelTradeNo?: string;
  merchantId?: string;
  at?: Date;
}

export interface RefundRequest {
  outTradeNo: string;
  /** Ours, unique per refund, 8 to 40 letters and digits. */
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string;
  /** The channel's trade number, where the channel refunds by it (UnionPay's origQryId). */
  channelTradeNo?: string;
}

/** The channel accepted a refund: done at once, or its outcome comes by notification or query. */
export interface RefundAccepted {
  state: 'refunded' | 'processing';
  channelRefundNo?: string;
}

/** A refund to look up at the channel (its notification did not come). */
export interface RefundToQuery {
  outTradeNo: string;
  /** Ours, as the refund was asked with. */
  outRefundNo: string;
  /** The channel's number of the refunded trade, where the channel looks refunds up by it. */
  channelTradeNo?: string;
}

/**
 * A refund's state as the channel answers a query: refunded (the money went back), processing
 * (not done yet, or not known yet: ask again later) or failed (it will not happen, `reason` says
 * the channel's word for it).
 */
export interface QueriedRefund {
  state: 'refunded' | 'processing' | 'failed';
  /** This refund's amount in fen, as the channel states it. */
  refundFen?: number;
  reason?: string;
}

/** The channel answered with an error, or could not be reached: the caller shows a clear error. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface PaymentChannel {
  readonly method: PayMethodCode;
  start(trade: TradeToPay): Promise<PayStart>;
  /** Verifies a notification; throws `NoticeRefused` when its signature does not hold. */
  verifyNotice(notice: IncomingNotice): Promise<VerifiedNotice>;
  /** The answer to a handled notification (`ok`), or to a refused one. */
  answer(ok: boolean): NoticeAnswer;
  query(outTradeNo: string): Promise<QueriedTrade>;
  refund(request: RefundRequest): Promise<RefundAccepted>;
  /**
   * Asks the channel about a refund whose outcome did not come by notification. Throws
   * `ChannelError` when the channel cannot say (an error, no answer, an answer that does not
   * verify): the refund is then left as it is.
   */
  queryRefund(request: RefundToQuery): Promise<QueriedRefund>;
}
