import type { IdCardVault } from '../../platform/id-card-vault.ts';
import type { PaymentChannel, PayMethodCode } from '../../platform/providers/payment/channel.ts';
import { DevChannel } from '../../platform/providers/payment/dev.ts';
import type { UrlSigner } from '../../platform/storage.ts';
import type { PayMethodRow } from './order.repository.ts';

/** Methods paid through a channel (the others, 9 transfer and 14 manual, are confirmed by the site). */
export const CHANNEL_METHODS: ReadonlySet<number> = new Set([10, 11, 12, 13]);
export const OFFLINE_METHODS: ReadonlySet<number> = new Set([9, 14]);

/** A channel built for one enterprise's method, and the merchant its notifications must name. */
export interface BuiltChannel {
  channel: PaymentChannel;
  merchantId: string;
  appId?: string;
}

/** Builds a real channel from a method's settings (merchant ids and decrypted secrets). */
export type RealChannelFactory = (
  method: PayMethodCode,
  mode: 'sandbox' | 'live',
  merchant: Record<string, string>,
  secrets: Record<string, string>,
) => BuiltChannel | null;

/**
 * The channel of an enterprise's method (decision 057): the dev channel where the method's mode is
 * dev and the portal runs with DEV_PROVIDERS (a demo: never in production, where anyone could pay
 * with it), else the real channel from the method's merchant settings. Null when the method is
 * not a channel, is off, or cannot be built (then no payment starts and no notice applies).
 */
export class ChannelRegistry {
  constructor(
    private readonly deps: {
      devProviders: boolean;
      signer: UrlSigner;
      vault: IdCardVault;
      real: RealChannelFactory | null;
      cashierUrl: (origin: string, outTradeNo: string) => string;
    },
  ) {}

  build(eid: number, row: PayMethodRow | null, origin = ''): BuiltChannel | null {
    if (!row || !CHANNEL_METHODS.has(row.method)) return null;
    const method = row.method as PayMethodCode;
    if (row.mode === 'dev') {
      if (!this.deps.devProviders) return null;
      return {
        channel: new DevChannel(method, eid, this.deps.signer, (no) => this.deps.cashierUrl(origin, no)),
        merchantId: DevChannel.merchantOf(eid),
      };
    }
    if (!this.deps.real || (row.mode !== 'sandbox' && row.mode !== 'live')) return null;
    const secrets = row.secrets ? (JSON.parse(this.deps.vault.decrypt(row.secrets)) as Record<string, string>) : {};
    return this.deps.real(method, row.mode, row.merchant, secrets);
  }

  /** The dev channel of a method, for its cashier (null where the dev channel may not be used). */
  dev(eid: number, row: PayMethodRow | null): DevChannel | null {
    const built = row?.mode === 'dev' ? this.build(eid, row) : null;
    return built?.channel instanceof DevChannel ? built.channel : null;
  }
}
