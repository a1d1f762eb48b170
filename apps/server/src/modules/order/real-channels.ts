import { AlipayChannel } from '../../platform/providers/payment/alipay.ts';
import { UnionpayChannel } from '../../platform/providers/payment/unionpay.ts';
import { WechatChannel } from '../../platform/providers/payment/wechat.ts';
import type { RealChannelFactory } from './channels.ts';

const need = (values: Record<string, string>, key: string): string => {
  const value = values[key];
  if (!value) throw new Error(`payment settings: ${key} is missing`);
  return value;
};

/** PEM certificates given as one text, one after another. */
const certificatesIn = (pem: string | undefined): string[] =>
  (pem ?? '').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

/**
 * The real channels from a method's settings (decision 057): what may be shown (ids, public
 * certificates) is in `merchant`, the keys in `secrets`. Online payment (10) has no real channel
 * of its own yet: only the dev channel serves it. Settings that cannot build a channel (a key
 * missing) answer null: no payment starts and no notification applies.
 */
export const realChannel: RealChannelFactory = (method, mode, merchant, secrets) => {
  try {
    switch (method) {
      case 11:
        return {
          channel: new AlipayChannel({
            appId: need(merchant, 'appId'),
            sellerId: need(merchant, 'sellerId'),
            alipayPublicKey: need(merchant, 'alipayPublicKey'),
            privateKey: need(secrets, 'privateKey'),
            mode,
          }),
          merchantId: need(merchant, 'sellerId'),
          appId: need(merchant, 'appId'),
        };
      case 12:
        return {
          channel: new WechatChannel({
            mchId: need(merchant, 'mchId'),
            appId: need(merchant, 'appId'),
            merchantSerialNo: need(merchant, 'merchantSerialNo'),
            platformCertificates: certificatesIn(merchant.platformCertificates),
            ...(merchant.wechatpayPublicKey ? { wechatpayPublicKey: merchant.wechatpayPublicKey } : {}),
            ...(merchant.wechatpayPublicKeyId ? { wechatpayPublicKeyId: merchant.wechatpayPublicKeyId } : {}),
            apiV3Key: need(secrets, 'apiV3Key'),
            merchantPrivateKey: need(secrets, 'merchantPrivateKey'),
            mode,
          }),
          merchantId: need(merchant, 'mchId'),
          appId: need(merchant, 'appId'),
        };
      case 13:
        return {
          channel: new UnionpayChannel({
            merId: need(merchant, 'merId'),
            rootCert: need(merchant, 'rootCert'),
            middleCert: need(merchant, 'middleCert'),
            signPfx: need(secrets, 'signPfx'),
            pfxPassword: secrets.pfxPassword ?? '',
            mode,
          }),
          merchantId: need(merchant, 'merId'),
        };
      default:
        return null;
    }
  } catch {
    return null;
  }
};
