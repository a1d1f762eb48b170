import {
  X509Certificate,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
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

/** One merchant's WeChat Pay API v3 settings (its secrets never leave the server). */
export interface WechatSettings {
  mchId: string;
  appId: string;
  /** The APIv3 key: 32 bytes, decrypts notices' resources. */
  apiV3Key: string;
  /** The merchant's API private key (PEM), signs requests. */
  merchantPrivateKey: string;
  /** The serial number of the merchant's API certificate, named in each request's signature. */
  merchantSerialNo: string;
  /** WeChat Pay platform certificates (PEM); may be empty for merchants on the public key. */
  platformCertificates: string[];
  /** The WeChat Pay public key (PEM), which newer merchants get instead of platform certificates. */
  wechatpayPublicKey?: string;
  /** Its id, 'PUB_KEY_ID_…', as WeChat Pay names it in Wechatpay-Serial. */
  wechatpayPublicKeyId?: string;
  mode: 'sandbox' | 'live';
}

/** API v3 has no sandbox: both modes talk to the one service (a sandbox merchant is a test merchant). */
const BASE_URL = 'https://api.mch.weixin.qq.com';
/** WeChat Pay's own bound on a notice's age, in seconds. */
const NOTICE_MAX_SKEW_S = 300;
const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
const PUB_KEY_PREFIX = 'PUB_KEY_ID_';

/** WeChat Pay's time format: RFC 3339 in Beijing time (`2026-11-21T16:00:00+08:00`). */
export function beijingTime(at: Date): string {
  const shifted = new Date(Math.floor(at.getTime() / 1000) * 1000 + 8 * 3600_000);
  return shifted.toISOString().replace(/\.\d{3}Z$/, '+08:00');
}

/** The text WeChat Pay signs and verifies: each part followed by a line feed, the last one too. */
const signedText = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');

const isFen = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

const dateOf = (s: unknown): Date | undefined => {
  if (typeof s !== 'string') return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** What the decrypted resource of a payment or refund notice holds (the fields read here). */
interface NoticeResource {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  amount?: { total?: number; refund?: number };
}

/**
 * WeChat Pay API v3, Native payment (the learner scans a QR code). Requests are signed with the
 * merchant's private key; responses and notices are verified with WeChat Pay's platform certificate
 * or public key, whichever Wechatpay-Serial names, so that neither a forged answer nor a forged
 * notice can mark an order paid. Notice resources are AES-256-GCM encrypted with the APIv3 key.
 */
export class WechatChannel implements PaymentChannel {
  readonly method = PayMethod.WECHAT;
  private signingKey?: KeyObject;
  private verifyingKeys?: Map<string, KeyObject>;

  constructor(
    private readonly settings: WechatSettings,
    private readonly fetcher: typeof fetch = fetch,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Parsed on first use, so a bad key fails the call that needs it, not building the channel. */
  private merchantKey(): KeyObject {
    try {
      this.signingKey ??= createPrivateKey(this.settings.merchantPrivateKey);
    } catch {
      throw new ChannelError('WeChat Pay: the merchant private key cannot be read', 'SETTINGS');
    }
    return this.signingKey;
  }

  /**
   * WeChat Pay's keys by the serial it names them with: platform certificates by their serial
   * number (upper-case hex, as WeChat Pay writes it), the public key by its PUB_KEY_ID_.
   */
  private wechatKeys(): Map<string, KeyObject> {
    if (this.verifyingKeys) return this.verifyingKeys;
    const keys = new Map<string, KeyObject>();
    try {
      for (const pem of this.settings.platformCertificates) {
        const cert = new X509Certificate(pem);
        keys.set(cert.serialNumber.toUpperCase(), cert.publicKey);
      }
      const { wechatpayPublicKey, wechatpayPublicKeyId } = this.settings;
      if (wechatpayPublicKey && wechatpayPublicKeyId?.startsWith(PUB_KEY_PREFIX))
        keys.set(wechatpayPublicKeyId, createPublicKey(wechatpayPublicKey));
    } catch {
      throw new ChannelError('WeChat Pay: a platform certificate or the public key cannot be read', 'SETTINGS');
    }
    this.verifyingKeys = keys;
    return keys;
  }

  /** The key for a Wechatpay-Serial, or none when the serial is not one of ours. */
  private keyFor(serial: string): KeyObject | undefined {
    const keys = this.wechatKeys();
    return serial.startsWith(PUB_KEY_PREFIX) ? keys.get(serial) : keys.get(serial.toUpperCase());
  }

  /** Whether WeChat Pay signed `timestamp\nnonce\nbody\n` with the key its serial names. */
  private verified(serial: string, timestamp: string, nonce: string, body: string, signature: string): boolean {
    const key = this.keyFor(serial);
    if (!key) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(signedText(timestamp, nonce, body))
        .verify(key, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }

  /** The Authorization header of a request (exposed for tests). */
  authorization(method: string, pathWithQuery: string, body: string, nonce = randomBytes(16).toString('hex')) {
    const timestamp = String(Math.floor(this.clock().getTime() / 1000));
    const signature = createSign('RSA-SHA256')
      .update(signedText(method, pathWithQuery, timestamp, nonce, body))
      .sign(this.merchantKey(), 'base64');
    const { mchId, merchantSerialNo } = this.settings;
    return (
      `${SIGNATURE_TYPE} mchid="${mchId}",nonce_str="${nonce}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${merchantSerialNo}"`
    );
  }

  /**
   * One signed call. The answer's signature must hold before anything in it is believed, error
   * answers included (a 404 says "no such trade"); an answer that does not verify is a ChannelError.
   */
  private async call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: object,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: this.authorization(method, pathWithQuery, body),
      'User-Agent': 'learning-portal',
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    // A merchant on the public key names it, so that WeChat Pay signs the answer with its key.
    if (this.settings.wechatpayPublicKey && this.settings.wechatpayPublicKeyId)
      headers['Wechatpay-Serial'] = this.settings.wechatpayPublicKeyId;

    let res: Response;
    let text: string;
    try {
      res = await this.fetcher(`${BASE_URL}${pathWithQuery}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(10_000),
      });
      text = await res.text();
    } catch (e) {
      throw new ChannelError(`WeChat Pay cannot be reached: ${(e as Error).message}`, 'NETWORK');
    }
    const h = (name: string) => res.headers.get(name) ?? '';
    if (
      !this.verified(
        h('wechatpay-serial'),
        h('wechatpay-timestamp'),
        h('wechatpay-nonce'),
        text,
        h('wechatpay-signature'),
      )
    )
      throw new ChannelError(`WeChat Pay: an answer (HTTP ${res.status}) whose signature does not hold`, 'SIGNATURE');

    let data: Record<string, unknown> = {};
    if (text) {
      try {
        data = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new ChannelError(`WeChat Pay: an unreadable answer (HTTP ${res.status})`);
      }
    }
    return { status: res.status, data };
  }

  private static failure(status: number, data: Record<string, unknown>): ChannelError {
    const code = typeof data.code === 'string' ? data.code : `HTTP_${status}`;
    const message = typeof data.message === 'string' ? data.message : '';
    return new ChannelError(`WeChat Pay: ${code} ${message}`.trim(), code);
  }

  async start(trade: TradeToPay): Promise<PayStart> {
    if (!isFen(trade.amountFen) || trade.amountFen === 0)
      throw new ChannelError(`WeChat Pay: an amount of ${trade.amountFen} fen cannot be paid`, 'AMOUNT');
    const { status, data } = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.settings.appId,
      mchid: this.settings.mchId,
      // WeChat Pay takes at most 127 characters.
      description: Array.from(trade.subject).slice(0, 127).join(''),
      out_trade_no: trade.outTradeNo,
      time_expire: beijingTime(trade.expiresAt),
      notify_url: trade.notifyUrl,
      amount: { total: trade.amountFen, currency: 'CNY' },
      scene_info: { payer_client_ip: trade.clientIp },
    });
    if (status !== 200 || typeof data.code_url !== 'string') throw WechatChannel.failure(status, data);
    return { kind: 'qr', codeUrl: data.code_url };
  }

  /**
   * Believes a notice only when its signature holds with a key of ours, it is at most five minutes
   * from now either way (a replayed notice is older), and its resource decrypts with the APIv3 key
   * (GCM authenticates it, associated data included).
   */
  async verifyNotice(notice: IncomingNotice): Promise<VerifiedNotice> {
    const timestamp = notice.headers['wechatpay-timestamp'];
    const nonce = notice.headers['wechatpay-nonce'];
    const signature = notice.headers['wechatpay-signature'];
    const serial = notice.headers['wechatpay-serial'];
    if (!timestamp || !nonce || !signature || !serial) throw new NoticeRefused('missing Wechatpay headers');
    if (!/^\d{1,12}$/.test(timestamp)) throw new NoticeRefused('bad Wechatpay-Timestamp');
    const skew = Math.abs(this.clock().getTime() / 1000 - Number(timestamp));
    if (skew > NOTICE_MAX_SKEW_S) throw new NoticeRefused('Wechatpay-Timestamp too far from now');
    if (!this.keyFor(serial)) throw new NoticeRefused(`unknown Wechatpay-Serial ${serial}`);
    if (!this.verified(serial, timestamp, nonce, notice.body, signature)) throw new NoticeRefused('bad signature');

    let envelope: {
      event_type?: string;
      resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
    };
    try {
      envelope = JSON.parse(notice.body) as typeof envelope;
    } catch {
      throw new NoticeRefused('unreadable body');
    }
    const r = this.decrypt(envelope.resource);
    const event = envelope.event_type;

    if (event === 'TRANSACTION.SUCCESS') {
      if (!r.out_trade_no || !isFen(r.amount?.total) || !r.mchid || !r.transaction_id)
        throw new NoticeRefused('incomplete payment resource');
      return {
        kind: 'payment',
        outTradeNo: r.out_trade_no,
        amountFen: r.amount.total,
        merchantId: r.mchid,
        appId: r.appid,
        channelTradeNo: r.transaction_id,
        state: r.trade_state === 'SUCCESS' ? 'paid' : 'other',
        at: dateOf(r.success_time),
      };
    }
    if (event === 'REFUND.SUCCESS' || event === 'REFUND.ABNORMAL' || event === 'REFUND.CLOSED') {
      if (!r.out_trade_no || !r.out_refund_no || !isFen(r.amount?.total) || !isFen(r.amount.refund) || !r.mchid)
        throw new NoticeRefused('incomplete refund resource');
      return {
        kind: 'refund',
        outTradeNo: r.out_trade_no,
        outRefundNo: r.out_refund_no,
        amountFen: r.amount.total,
        refundFen: r.amount.refund,
        merchantId: r.mchid,
        channelTradeNo: r.refund_id ?? '',
        state: event === 'REFUND.SUCCESS' ? 'refunded' : 'failed',
        at: dateOf(r.success_time),
      };
    }
    throw new NoticeRefused(`unexpected event_type ${String(event)}`);
  }

  /** AEAD_AES_256_GCM with the APIv3 key; the ciphertext's last 16 bytes are the tag. */
  private decrypt(resource?: {
    algorithm?: string;
    ciphertext?: string;
    nonce?: string;
    associated_data?: string;
  }): NoticeResource {
    if (!resource?.ciphertext || !resource.nonce || resource.algorithm !== 'AEAD_AES_256_GCM')
      throw new NoticeRefused('missing or unsupported resource');
    try {
      const key = Buffer.from(this.settings.apiV3Key, 'utf8');
      const data = Buffer.from(resource.ciphertext, 'base64');
      if (data.length <= 16) throw new Error('short ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
      const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as NoticeResource;
    } catch {
      throw new NoticeRefused('resource does not decrypt');
    }
  }

  /** A handled notice: 204, nothing else. Anything else makes WeChat Pay send it again later. */
  answer(ok: boolean): NoticeAnswer {
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  async query(outTradeNo: string): Promise<QueriedTrade> {
    const path =
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}` +
      `?mchid=${encodeURIComponent(this.settings.mchId)}`;
    const { status, data } = await this.call('GET', path);
    if (status === 404 && data.code === 'ORDER_NOT_EXIST') return { state: 'unknown' };
    if (status !== 200) throw WechatChannel.failure(status, data);

    const amount = data.amount as { total?: unknown } | undefined;
    const details = {
      amountFen: isFen(amount?.total) ? amount.total : undefined,
      channelTradeNo: typeof data.transaction_id === 'string' ? data.transaction_id : undefined,
      merchantId: typeof data.mchid === 'string' ? data.mchid : undefined,
      at: dateOf(data.success_time),
    };
    switch (data.trade_state) {
      // REFUND: it was paid, and a refund of it began since; refunds are the order module's.
      case 'SUCCESS':
      case 'REFUND':
        return { state: 'paid', ...details };
      case 'NOTPAY':
      case 'USERPAYING':
        return { state: 'waiting', ...details };
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { state: 'closed', ...details };
      default:
        throw new ChannelError(`WeChat Pay: unexpected trade_state ${String(data.trade_state)}`, 'TRADE_STATE');
    }
  }

  async refund(request: RefundRequest): Promise<RefundAccepted> {
    const { status, data } = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      reason: request.reason,
      notify_url: request.notifyUrl,
      amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
    });
    if (status !== 200) throw WechatChannel.failure(status, data);
    const channelRefundNo = typeof data.refund_id === 'string' ? data.refund_id : undefined;
    if (data.status === 'SUCCESS') return { state: 'refunded', channelRefundNo };
    if (data.status === 'PROCESSING') return { state: 'processing', channelRefundNo };
    throw new ChannelError(`WeChat Pay: refund ${String(data.status)}`, String(data.status));
  }

  /**
   * A refund's state (查询单笔退款, GET /v3/refund/domestic/refunds/{out_refund_no}), the answer's
   * signature checked as every answer's. SUCCESS is refunded; PROCESSING is not done yet; CLOSED
   * (WeChat Pay gave up on it) and ABNORMAL (the money could not go back to the card: the merchant
   * has to handle it at WeChat Pay) are failed, as their notifications REFUND.CLOSED and
   * REFUND.ABNORMAL are. An error answer (a refund WeChat Pay does not know: 404
   * RESOURCE_NOT_EXISTS) is a ChannelError.
   */
  async queryRefund(request: RefundToQuery): Promise<QueriedRefund> {
    const { status, data } = await this.call(
      'GET',
      `/v3/refund/domestic/refunds/${encodeURIComponent(request.outRefundNo)}`,
    );
    if (status !== 200) throw WechatChannel.failure(status, data);
    if (data.out_refund_no !== request.outRefundNo)
      throw new ChannelError(`WeChat Pay: a refund query answered for ${String(data.out_refund_no)}`, 'OUT_REFUND_NO');
    const amount = data.amount as { refund?: unknown } | undefined;
    switch (data.status) {
      case 'SUCCESS':
        return { state: 'refunded', ...(isFen(amount?.refund) ? { refundFen: amount.refund } : {}) };
      case 'PROCESSING':
        return { state: 'processing' };
      case 'CLOSED':
      case 'ABNORMAL':
        return { state: 'failed', reason: data.status };
      default:
        throw new ChannelError(`WeChat Pay: unexpected refund status ${String(data.status)}`, 'REFUND_STATUS');
    }
  }
}
