import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { ChannelError, NoticeRefused, type IncomingNotice } from './channel.ts';
import { WechatChannel, beijingTime, type WechatSettings } from './wechat.ts';

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** A self-signed certificate for a key pair made by node:crypto (forge would take long to make one). */
function certificate(keys: { publicKey: string; privateKey: string }, serialHex: string): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = serialHex;
  cert.validity.notBefore = new Date('2025-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2030-01-01T00:00:00Z');
  const name = [{ name: 'commonName', value: 'Tenpay.com Root CA' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKey), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const merchant = rsa();
const platform = rsa();
const publicKeyPair = rsa();
const stranger = rsa();
const PLATFORM_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PUB_KEY_ID = 'PUB_KEY_ID_0114232806052025052700111800000000';
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

const NOW = new Date('2026-11-21T08:00:00.000Z');
const NOW_S = NOW.getTime() / 1000;

const settings: WechatSettings = {
  mchId: '1900009191',
  appId: 'wxd678efh567hg6787',
  apiV3Key: API_V3_KEY,
  merchantPrivateKey: merchant.privateKey,
  merchantSerialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
  platformCertificates: [certificate(platform, PLATFORM_SERIAL)],
  mode: 'live',
};
const publicKeySettings: WechatSettings = {
  ...settings,
  platformCertificates: [],
  wechatpayPublicKey: publicKeyPair.publicKey,
  wechatpayPublicKeyId: PUB_KEY_ID,
};

const sign = (privateKey: string, text: string) => createSign('RSA-SHA256').update(text).sign(privateKey, 'base64');

/** A resource encrypted as WeChat Pay does: AES-256-GCM, the tag appended to the ciphertext. */
function encrypt(plain: object, key = API_V3_KEY, nonce = 'fdasflkja484', aad = 'transaction') {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ct.toString('base64'),
    nonce,
    associated_data: aad,
    original_type: 'transaction',
  };
}

const paid = {
  appid: settings.appId,
  mchid: settings.mchId,
  out_trade_no: 'P20261121000123',
  transaction_id: '4200000000202611210000000001',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  success_time: '2026-11-21T15:59:30+08:00',
  amount: { total: 19_990, payer_total: 19_990, currency: 'CNY', payer_currency: 'CNY' },
};

/** A notice as WeChat Pay posts it, signed over `timestamp\nnonce\nbody\n`. */
function notice(
  eventType: string,
  resource: object,
  opts: { timestamp?: number; serial?: string; signer?: string; apiV3Key?: string } = {},
): IncomingNotice {
  const timestamp = String(opts.timestamp ?? NOW_S - 5);
  const nonce = 'fdasfjihihihlkja484w';
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-21T15:59:35+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: '支付成功',
    resource: encrypt(resource, opts.apiV3Key),
  });
  return {
    headers: {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': sign(opts.signer ?? platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
      'wechatpay-serial': opts.serial ?? PLATFORM_SERIAL,
    },
    body,
    query: {},
  };
}

const channel = (s = settings, fetcher: typeof fetch = fetch) => new WechatChannel(s, fetcher, () => NOW);

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(NoticeRefused);
  return (e as NoticeRefused).reason;
};

describe('WeChat Pay notices', () => {
  it('verifies a good payment notice, decrypts it and maps the fen exactly', async () => {
    const v = await channel().verifyNotice(notice('TRANSACTION.SUCCESS', paid));
    expect(v).toEqual({
      kind: 'payment',
      outTradeNo: 'P20261121000123',
      amountFen: 19_990,
      merchantId: '1900009191',
      appId: 'wxd678efh567hg6787',
      channelTradeNo: '4200000000202611210000000001',
      state: 'paid',
      at: new Date('2026-11-21T07:59:30Z'),
    });
    const other = await channel().verifyNotice(notice('TRANSACTION.SUCCESS', { ...paid, trade_state: 'NOTPAY' }));
    expect(other.state).toBe('other');
  });

  it('takes a notice at exactly 300 s either way, and refuses one 301 s old or ahead', async () => {
    await expect(
      channel().verifyNotice(notice('TRANSACTION.SUCCESS', paid, { timestamp: NOW_S - 300 })),
    ).resolves.toBeTruthy();
    await expect(
      channel().verifyNotice(notice('TRANSACTION.SUCCESS', paid, { timestamp: NOW_S + 300 })),
    ).resolves.toBeTruthy();
    expect(
      await refusal(channel().verifyNotice(notice('TRANSACTION.SUCCESS', paid, { timestamp: NOW_S - 301 }))),
    ).toMatch(/Timestamp/);
    expect(
      await refusal(channel().verifyNotice(notice('TRANSACTION.SUCCESS', paid, { timestamp: NOW_S + 301 }))),
    ).toMatch(/Timestamp/);
  });

  it('refuses a tampered body, a wrong signature, an unknown serial and missing headers', async () => {
    const good = notice('TRANSACTION.SUCCESS', paid);
    // The body of another, equally well-encrypted notice (a larger amount), under the first signature.
    const other = notice('TRANSACTION.SUCCESS', { ...paid, amount: { total: 1 } });
    expect(await refusal(channel().verifyNotice({ ...good, body: other.body }))).toBe('bad signature');
    expect(await refusal(channel().verifyNotice({ ...good, body: `${good.body} ` }))).toBe('bad signature');

    const forged = notice('TRANSACTION.SUCCESS', paid, { signer: stranger.privateKey });
    expect(await refusal(channel().verifyNotice(forged))).toBe('bad signature');
    expect(
      await refusal(channel().verifyNotice({ ...good, headers: { ...good.headers, 'wechatpay-signature': 'AAAA' } })),
    ).toBe('bad signature');

    expect(
      await refusal(
        channel().verifyNotice(
          notice('TRANSACTION.SUCCESS', paid, { serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E2' }),
        ),
      ),
    ).toMatch(/unknown Wechatpay-Serial/);
    // A platform-signed notice naming a public key id that is not ours.
    expect(await refusal(channel(publicKeySettings).verifyNotice(notice('TRANSACTION.SUCCESS', paid)))).toMatch(
      /unknown Wechatpay-Serial/,
    );

    for (const h of ['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-signature', 'wechatpay-serial'])
      expect(await refusal(channel().verifyNotice({ ...good, headers: { ...good.headers, [h]: undefined } }))).toMatch(
        /missing/,
      );
  });

  it('refuses a resource encrypted with another APIv3 key, though the signature holds', async () => {
    const n = notice('TRANSACTION.SUCCESS', paid, { apiV3Key: 'Z1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6' });
    expect(await refusal(channel().verifyNotice(n))).toBe('resource does not decrypt');
    // The same key for the channel: it decrypts, so the refusal above is the key's.
    await expect(
      channel({ ...settings, apiV3Key: 'Z1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6' }).verifyNotice(n),
    ).resolves.toMatchObject({ amountFen: 19_990 });
  });

  it('verifies with the WeChat Pay public key when the serial is its PUB_KEY_ID_', async () => {
    const n = notice('TRANSACTION.SUCCESS', paid, { serial: PUB_KEY_ID, signer: publicKeyPair.privateKey });
    await expect(channel(publicKeySettings).verifyNotice(n)).resolves.toMatchObject({
      state: 'paid',
      amountFen: 19_990,
    });
    // Signed by the platform key but naming the public key: refused.
    const wrongKey = notice('TRANSACTION.SUCCESS', paid, { serial: PUB_KEY_ID, signer: platform.privateKey });
    expect(await refusal(channel(publicKeySettings).verifyNotice(wrongKey))).toBe('bad signature');
    // A channel without the public key does not know the id.
    expect(await refusal(channel().verifyNotice(n))).toMatch(/unknown Wechatpay-Serial/);
  });

  it('maps REFUND.SUCCESS, and a refund that did not complete to failed', async () => {
    const refund = {
      mchid: settings.mchId,
      out_trade_no: 'P20261121000123',
      transaction_id: '4200000000202611210000000001',
      out_refund_no: 'R20261122000007',
      refund_id: '50000000382019052709732678859',
      refund_status: 'SUCCESS',
      success_time: '2026-11-22T10:00:00+08:00',
      user_received_account: '招商银行信用卡0403',
      amount: { total: 19_990, refund: 5_001, payer_total: 19_990, payer_refund: 5_001 },
    };
    await expect(channel().verifyNotice(notice('REFUND.SUCCESS', refund))).resolves.toEqual({
      kind: 'refund',
      outTradeNo: 'P20261121000123',
      outRefundNo: 'R20261122000007',
      amountFen: 19_990,
      refundFen: 5_001,
      merchantId: '1900009191',
      channelTradeNo: '50000000382019052709732678859',
      state: 'refunded',
      at: new Date('2026-11-22T02:00:00Z'),
    });
    const abnormal = await channel().verifyNotice(notice('REFUND.ABNORMAL', { ...refund, refund_status: 'ABNORMAL' }));
    expect(abnormal.state).toBe('failed');
  });

  it('answers 204 to a handled notice and 500 FAIL otherwise', () => {
    expect(channel().answer(true)).toMatchObject({ status: 204, body: '' });
    const no = channel().answer(false);
    expect(no.status).toBe(500);
    expect(JSON.parse(no.body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A stub of the service: records requests, answers from a queue, signing each answer as told. */
function stub(answers: { status: number; body: object; signature?: 'good' | 'bad' | 'unknown-serial' }[]) {
  const sent: Sent[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? init.body : '',
    });
    const a = answers.shift()!;
    const body = JSON.stringify(a.body);
    const timestamp = String(NOW_S);
    const nonce = randomBytes(16).toString('hex');
    const text = a.signature === 'bad' ? `${timestamp}\n${nonce}\n${body}x\n` : `${timestamp}\n${nonce}\n${body}\n`;
    return new Response(body, {
      status: a.status,
      headers: {
        'Content-Type': 'application/json',
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Nonce': nonce,
        'Wechatpay-Signature': sign(platform.privateKey, text),
        'Wechatpay-Serial': a.signature === 'unknown-serial' ? '1111' : PLATFORM_SERIAL,
      },
    });
  }) as unknown as typeof fetch;
  return { fetcher, sent };
}

/** Checks a request's Authorization against the merchant public key and the exact body sent. */
function expectSigned(req: Sent) {
  const auth = req.headers.Authorization!;
  expect(auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  const fields = Object.fromEntries(
    [...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const),
  ) as Record<string, string>;
  expect(fields.mchid).toBe(settings.mchId);
  expect(fields.serial_no).toBe(settings.merchantSerialNo);
  expect(fields.timestamp).toBe(String(NOW_S));
  const u = new URL(req.url);
  const text = `${req.method}\n${u.pathname}${u.search}\n${fields.timestamp}\n${fields.nonce_str}\n${req.body}\n`;
  const ok = createVerify('RSA-SHA256').update(text).verify(merchant.publicKey, fields.signature!, 'base64');
  expect(ok).toBe(true);
  // The signature covers the body: a different body does not verify.
  const altered = text.replace(/\n$/, ' \n');
  expect(createVerify('RSA-SHA256').update(altered).verify(merchant.publicKey, fields.signature!, 'base64')).toBe(
    false,
  );
}

const trade = {
  outTradeNo: 'P20261121000123',
  amountFen: 19_990,
  subject: '项目管理实战（2026 版）',
  notifyUrl: 'https://learn.example.com/api/pay/notify/wechat',
  returnUrl: 'https://learn.example.com/orders/1',
  expiresAt: new Date('2026-11-21T08:30:00.000Z'),
  clientIp: '203.0.113.9',
  isMobile: false,
};

describe('WeChat Pay calls', () => {
  it('formats times in Beijing time', () => {
    expect(beijingTime(new Date('2026-11-21T16:30:05.678Z'))).toBe('2026-11-22T00:30:05+08:00');
  });

  it('starts a Native payment with a signed request and answers its code_url', async () => {
    const { fetcher, sent } = stub([{ status: 200, body: { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' } }]);
    const start = await channel(settings, fetcher).start(trade);
    expect(start).toEqual({ kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    const req = sent[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(JSON.parse(req.body)).toEqual({
      appid: settings.appId,
      mchid: settings.mchId,
      description: trade.subject,
      out_trade_no: trade.outTradeNo,
      time_expire: '2026-11-21T16:30:00+08:00',
      notify_url: trade.notifyUrl,
      amount: { total: 19_990, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.9' },
    });
    expectSigned(req);
  });

  it('queries a trade with a signed GET and maps its states', async () => {
    const { fetcher, sent } = stub([
      {
        status: 200,
        body: {
          mchid: settings.mchId,
          out_trade_no: trade.outTradeNo,
          transaction_id: '4200000000202611210000000001',
          trade_state: 'SUCCESS',
          success_time: '2026-11-21T15:59:30+08:00',
          amount: { total: 19_990, currency: 'CNY' },
        },
      },
      { status: 200, body: { trade_state: 'NOTPAY', amount: { total: 19_990 } } },
      { status: 200, body: { trade_state: 'CLOSED' } },
      { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } },
      { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } },
    ]);
    const c = channel(settings, fetcher);
    await expect(c.query(trade.outTradeNo)).resolves.toEqual({
      state: 'paid',
      amountFen: 19_990,
      channelTradeNo: '4200000000202611210000000001',
      merchantId: settings.mchId,
      at: new Date('2026-11-21T07:59:30Z'),
    });
    expect((await c.query(trade.outTradeNo)).state).toBe('waiting');
    expect((await c.query(trade.outTradeNo)).state).toBe('closed');
    expect((await c.query(trade.outTradeNo)).state).toBe('unknown');
    await expect(c.query(trade.outTradeNo)).rejects.toMatchObject({ code: 'SYSTEM_ERROR' });
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.url).toBe(
      'https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/P20261121000123?mchid=1900009191',
    );
    expect(sent[0]!.body).toBe('');
    expectSigned(sent[0]!);
  });

  it('refunds with a signed request: SUCCESS refunded, PROCESSING processing, otherwise an error', async () => {
    const { fetcher, sent } = stub([
      { status: 200, body: { refund_id: '50000000382019052709732678859', status: 'PROCESSING' } },
      { status: 200, body: { refund_id: '50000000382019052709732678860', status: 'SUCCESS' } },
      { status: 200, body: { refund_id: '50000000382019052709732678861', status: 'ABNORMAL' } },
    ]);
    const c = channel(settings, fetcher);
    const request = {
      outTradeNo: trade.outTradeNo,
      outRefundNo: 'R20261122000007',
      refundFen: 5_001,
      totalFen: 19_990,
      reason: '学员申请退款',
      notifyUrl: 'https://learn.example.com/api/pay/refund-notify/wechat',
    };
    await expect(c.refund(request)).resolves.toEqual({
      state: 'processing',
      channelRefundNo: '50000000382019052709732678859',
    });
    await expect(c.refund(request)).resolves.toMatchObject({ state: 'refunded' });
    await expect(c.refund(request)).rejects.toBeInstanceOf(ChannelError);
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds');
    expect(JSON.parse(sent[0]!.body)).toEqual({
      out_trade_no: trade.outTradeNo,
      out_refund_no: 'R20261122000007',
      reason: '学员申请退款',
      notify_url: request.notifyUrl,
      amount: { refund: 5_001, total: 19_990, currency: 'CNY' },
    });
    expectSigned(sent[0]!);
  });

  it('refuses an answer whose Wechatpay-Signature does not hold or names an unknown key', async () => {
    const { fetcher } = stub([
      { status: 200, body: { code_url: 'weixin://wxpay/bizpayurl?pr=forged' }, signature: 'bad' },
      { status: 200, body: { trade_state: 'SUCCESS', amount: { total: 1 } }, signature: 'bad' },
      { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' }, signature: 'unknown-serial' },
      { status: 200, body: { refund_id: '1', status: 'SUCCESS' }, signature: 'bad' },
    ]);
    const c = channel(settings, fetcher);
    await expect(c.start(trade)).rejects.toMatchObject({ code: 'SIGNATURE' });
    await expect(c.query(trade.outTradeNo)).rejects.toMatchObject({ code: 'SIGNATURE' });
    await expect(c.query(trade.outTradeNo)).rejects.toMatchObject({ code: 'SIGNATURE' });
    await expect(
      c.refund({ outTradeNo: 'a', outRefundNo: 'b', refundFen: 1, totalFen: 1, reason: '', notifyUrl: 'x' }),
    ).rejects.toMatchObject({ code: 'SIGNATURE' });
  });

  it('queries a refund with a signed GET by our refund number and maps its states', async () => {
    const refund = {
      refund_id: '50000000382019052709732678859',
      out_refund_no: 'R20261122000007',
      transaction_id: '4200000000202611210000000001',
      out_trade_no: trade.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: '2026-11-22T10:00:00+08:00',
      funds_account: 'AVAILABLE',
      amount: { total: 19_990, refund: 5_001, payer_total: 19_990, payer_refund: 5_001, currency: 'CNY' },
    };
    const { fetcher, sent } = stub([
      { status: 200, body: { ...refund, status: 'SUCCESS', success_time: '2026-11-22T10:00:05+08:00' } },
      { status: 200, body: { ...refund, status: 'PROCESSING' } },
      { status: 200, body: { ...refund, status: 'CLOSED' } },
      { status: 200, body: { ...refund, status: 'ABNORMAL' } },
      { status: 200, body: { ...refund, status: 'SOMETHING_NEW' } },
      { status: 200, body: { ...refund, out_refund_no: 'R20261122000008', status: 'SUCCESS' } },
      { status: 404, body: { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' } },
      { status: 200, body: { ...refund, status: 'SUCCESS' }, signature: 'bad' },
      { status: 200, body: { ...refund, status: 'SUCCESS' }, signature: 'unknown-serial' },
    ]);
    const c = channel(settings, fetcher);
    const ask = { outTradeNo: trade.outTradeNo, outRefundNo: 'R20261122000007' };
    await expect(c.queryRefund(ask)).resolves.toEqual({ state: 'refunded', refundFen: 5_001 });
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds/R20261122000007');
    expect(sent[0]!.body).toBe('');
    expectSigned(sent[0]!);
    await expect(c.queryRefund(ask)).resolves.toEqual({ state: 'processing' });
    await expect(c.queryRefund(ask)).resolves.toEqual({ state: 'failed', reason: 'CLOSED' });
    // As its notification REFUND.ABNORMAL is: failed (the merchant has to handle it at WeChat Pay).
    await expect(c.queryRefund(ask)).resolves.toEqual({ state: 'failed', reason: 'ABNORMAL' });
    await expect(c.queryRefund(ask)).rejects.toMatchObject({ code: 'REFUND_STATUS' });
    await expect(c.queryRefund(ask)).rejects.toMatchObject({ code: 'OUT_REFUND_NO' });
    await expect(c.queryRefund(ask)).rejects.toMatchObject({ code: 'RESOURCE_NOT_EXISTS' });
    // A "refunded" that WeChat Pay did not sign is not believed.
    await expect(c.queryRefund(ask)).rejects.toMatchObject({ code: 'SIGNATURE' });
    await expect(c.queryRefund(ask)).rejects.toMatchObject({ code: 'SIGNATURE' });
    expect(sent).toHaveLength(9);
  });

  it('queries a refund as a merchant on the WeChat Pay public key, naming it in Wechatpay-Serial', async () => {
    const sent: Sent[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: '' });
      const body = JSON.stringify({ out_refund_no: 'R20261122000007', status: 'SUCCESS', amount: { refund: 5_001 } });
      const timestamp = String(NOW_S);
      const nonce = randomBytes(16).toString('hex');
      return new Response(body, {
        status: 200,
        headers: {
          'Wechatpay-Timestamp': timestamp,
          'Wechatpay-Nonce': nonce,
          'Wechatpay-Signature': sign(publicKeyPair.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
          'Wechatpay-Serial': PUB_KEY_ID,
        },
      });
    }) as unknown as typeof fetch;
    await expect(
      channel(publicKeySettings, fetcher).queryRefund({ outTradeNo: trade.outTradeNo, outRefundNo: 'R20261122000007' }),
    ).resolves.toEqual({ state: 'refunded', refundFen: 5_001 });
    expect(sent[0]!.headers['Wechatpay-Serial']).toBe(PUB_KEY_ID);
    expectSigned(sent[0]!);
  });
});
