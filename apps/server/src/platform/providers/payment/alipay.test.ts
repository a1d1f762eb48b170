import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayChannel, ALIPAY_GATEWAYS, type AlipaySettings } from './alipay.ts';
import { ChannelError, NoticeRefused, type TradeToPay, type VerifiedNotice } from './channel.ts';

// One key pair for the merchant's application, one standing in for Alipay's, one for an intruder.
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 });

const pem = (k: KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();

const settings: AlipaySettings = {
  appId: '9021000100000001',
  sellerId: '2088100000000001',
  privateKey: pem(merchant.privateKey, 'pkcs1'),
  alipayPublicKey: pem(alipay.publicKey, 'spki'),
  mode: 'sandbox',
};
const now = new Date('2026-11-21T04:00:00.000Z'); // 12:00:00 in China
const channel = new AlipayChannel(settings, () => now);

const rsa2 = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** Alipay's notification signature: RSA2 over the sorted key=value pairs without sign and sign_type. */
function noticeBody(fields: Record<string, string>, key: KeyObject = alipay.privateKey): string {
  const content = Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign: rsa2(content, key) }).toString();
}

const paidFields = (over: Record<string, string> = {}): Record<string, string> => ({
  notify_time: '2026-11-21 12:00:06',
  notify_type: 'trade_status_sync',
  notify_id: '2026112100222120006000001234567890',
  charset: 'utf-8',
  version: '1.0',
  app_id: settings.appId,
  auth_app_id: settings.appId,
  trade_no: '2026112122001400001234567890',
  out_trade_no: 'T20261121000001',
  seller_id: settings.sellerId,
  buyer_id: '2088102177846880',
  trade_status: 'TRADE_SUCCESS',
  total_amount: '19.99',
  receipt_amount: '19.99',
  buyer_pay_amount: '19.99',
  // What the learner bought, with characters that break a second URI decoding (issue #45 of the SDK).
  subject: '课程 100% 通关 & C++ 进阶',
  gmt_create: '2026-11-21 11:59:40',
  gmt_payment: '2026-11-21 12:00:05',
  ...over,
});

const verify = (fields: Record<string, string>, key?: KeyObject) =>
  channel.verifyNotice({ headers: {}, query: {}, body: noticeBody(fields, key) });

async function refusal(p: Promise<VerifiedNotice>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NoticeRefused);
  return (err as NoticeRefused).reason;
}

describe('Alipay notifications', () => {
  it('verifies a payment notice and maps its fields, the amount exactly to the fen', async () => {
    await expect(verify(paidFields())).resolves.toEqual({
      kind: 'payment',
      outTradeNo: 'T20261121000001',
      amountFen: 1999, // 19.99 * 100 is 1998.9999999999998 in floating point
      merchantId: settings.sellerId,
      appId: settings.appId,
      channelTradeNo: '2026112122001400001234567890',
      state: 'paid',
      at: new Date('2026-11-21T04:00:05Z'),
    });
    const big = await verify(paidFields({ total_amount: '1234567.8', trade_status: 'TRADE_FINISHED' }));
    expect(big).toMatchObject({ amountFen: 123456780, state: 'paid' });
    expect((await verify(paidFields({ total_amount: '0.01' }))).amountFen).toBe(1);
    expect((await verify(paidFields({ total_amount: '8' }))).amountFen).toBe(800);
  });

  it('refuses a tampered amount, a foreign key, a missing or other signature type, another app', async () => {
    const tampered = new URLSearchParams(noticeBody(paidFields()));
    tampered.set('total_amount', '0.01');
    expect(await refusal(channel.verifyNotice({ headers: {}, query: {}, body: tampered.toString() }))).toBe(
      'signature',
    );

    expect(await refusal(verify(paidFields(), intruder.privateKey))).toBe('signature');

    const unsigned = new URLSearchParams(noticeBody(paidFields()));
    unsigned.delete('sign');
    expect(await refusal(channel.verifyNotice({ headers: {}, query: {}, body: unsigned.toString() }))).toBe(
      'signature',
    );

    // Signed by Alipay's key, but with SHA-1 (sign_type RSA), which the SDK would accept.
    const fields = paidFields();
    const content = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const sha1 = new URLSearchParams({
      ...fields,
      sign_type: 'RSA',
      sign: createSign('RSA-SHA1').update(content, 'utf8').sign(alipay.privateKey, 'base64'),
    });
    expect(await refusal(channel.verifyNotice({ headers: {}, query: {}, body: sha1.toString() }))).toBe('signature');

    // Properly signed by Alipay, but for another application.
    expect(await refusal(verify(paidFields({ app_id: '9021000100000002' })))).toBe('signature');

    // A field given twice is not ours to pick from.
    const twice = `${noticeBody(paidFields())}&total_amount=0.01`;
    expect(await refusal(channel.verifyNotice({ headers: {}, query: {}, body: twice }))).toBe('malformed');
  });

  it('refuses malformed amounts even when the signature holds', async () => {
    for (const total_amount of ['1.234', '01.00', '1e3', '-1.00', '1.', '.5', ' 1.00', '1,00', ''])
      expect(await refusal(verify(paidFields({ total_amount }))), total_amount).toBe('amount');
  });

  it('maps a waiting or closed trade to other', async () => {
    const waiting = await verify(paidFields({ trade_status: 'WAIT_BUYER_PAY', gmt_payment: '' }));
    expect(waiting).toMatchObject({ kind: 'payment', state: 'other', amountFen: 1999 });
    expect(waiting.at).toBeUndefined();
    const closed = await verify(paidFields({ trade_status: 'TRADE_CLOSED' }));
    expect(closed).toMatchObject({ kind: 'payment', state: 'other' });
  });

  it('maps a refund carried by a trade notification', async () => {
    // A partial refund: the trade stays TRADE_SUCCESS, and must not read as a payment.
    const partial = await verify(
      paidFields({ out_biz_no: 'R20261122000001', refund_fee: '5.1', gmt_refund: '2026-11-22 09:30:00.123' }),
    );
    expect(partial).toEqual({
      kind: 'refund',
      outTradeNo: 'T20261121000001',
      outRefundNo: 'R20261122000001',
      amountFen: 1999,
      refundFen: 510,
      merchantId: settings.sellerId,
      appId: settings.appId,
      channelTradeNo: '2026112122001400001234567890',
      state: 'refunded',
      at: new Date('2026-11-22T01:30:00.123Z'),
    });
    const full = await verify(paidFields({ trade_status: 'TRADE_CLOSED', out_biz_no: 'R2', refund_fee: '19.99' }));
    expect(full).toMatchObject({ kind: 'refund', state: 'refunded', refundFen: 1999, outRefundNo: 'R2' });
    expect(await refusal(verify(paidFields({ out_biz_no: 'R3', refund_fee: '5.001' })))).toBe('amount');
  });

  it('answers success or fail as plain text', () => {
    expect(channel.answer(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(channel.answer(false)).toEqual({ status: 200, contentType: 'text/plain', body: 'fail' });
  });
});

const trade = (over: Partial<TradeToPay> = {}): TradeToPay => ({
  outTradeNo: 'T20261121000001',
  amountFen: 1,
  subject: '数据分析实战（第 2 期）',
  notifyUrl: 'https://learn.example.com/api/pay/notify/alipay',
  returnUrl: 'https://learn.example.com/orders/T20261121000001',
  expiresAt: new Date('2026-11-21T04:30:00.000Z'),
  clientIp: '203.0.113.7',
  isMobile: false,
  ...over,
});

/** The signed parameters of a gateway request, its signature checked with the merchant's public key. */
function signedParams(params: URLSearchParams): { valid: boolean; fields: Record<string, string> } {
  const fields = Object.fromEntries(params);
  const content = Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const valid = createVerify('RSA-SHA256')
    .update(content, 'utf8')
    .verify(merchant.publicKey, fields.sign ?? '', 'base64');
  return { valid, fields };
}

describe('Alipay start', () => {
  it('sends a computer to page pay with a signed address carrying the exact amount', async () => {
    const start = await channel.start(trade());
    if (start.kind !== 'redirect') throw new Error(`expected a redirect, got ${start.kind}`);
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(ALIPAY_GATEWAYS.sandbox);
    const { valid, fields } = signedParams(url.searchParams);
    expect(valid).toBe(true);
    expect(fields).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: settings.appId,
      sign_type: 'RSA2',
      charset: 'utf-8',
      // China time from our clock (the SDK would stamp the server's local time of day).
      timestamp: '2026-11-21 12:00:00',
      notify_url: 'https://learn.example.com/api/pay/notify/alipay',
      return_url: 'https://learn.example.com/orders/T20261121000001',
    });
    expect(JSON.parse(fields.biz_content!)).toEqual({
      out_trade_no: 'T20261121000001',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '0.01',
      subject: '数据分析实战（第 2 期）',
      time_expire: '2026-11-21 12:30:00',
    });

    // The signature covers the amount: changing it breaks the signature.
    const forged = new URLSearchParams(url.searchParams);
    forged.set('biz_content', fields.biz_content!.replace('"0.01"', '"0.02"'));
    expect(signedParams(forged).valid).toBe(false);

    for (const [amountFen, yuan] of [
      [1999, '19.99'],
      [10, '0.10'],
      [100, '1.00'],
      [123456789, '1234567.89'],
    ] as const) {
      const s = await channel.start(trade({ amountFen }));
      const biz = JSON.parse(new URL((s as { url: string }).url).searchParams.get('biz_content')!) as {
        total_amount: string;
      };
      expect(biz.total_amount).toBe(yuan);
    }
  });

  it('sends a phone to wap pay, live gateway, with a PKCS#8 key', async () => {
    const live = new AlipayChannel(
      { ...settings, privateKey: pem(merchant.privateKey, 'pkcs8'), mode: 'live' },
      () => now,
    );
    const start = await live.start(trade({ isMobile: true, amountFen: 2500 }));
    const url = new URL((start as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(ALIPAY_GATEWAYS.live);
    const { valid, fields } = signedParams(url.searchParams);
    expect(valid).toBe(true);
    expect(fields.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', total_amount: '25.00' });
  });

  it('refuses amounts that are not a positive whole number of fen, and broken keys', async () => {
    for (const amountFen of [0, -1, 1.5, Number.NaN])
      await expect(channel.start(trade({ amountFen })), String(amountFen)).rejects.toBeInstanceOf(ChannelError);
    expect(() => new AlipayChannel({ ...settings, privateKey: 'not a key' })).toThrow(ChannelError);
    expect(() => new AlipayChannel({ ...settings, alipayPublicKey: 'not a key' })).toThrow(ChannelError);
  });
});

/**
 * A stand-in for Alipay's gateway on 127.0.0.1: it checks each request's signature with the
 * merchant's public key and answers what the test set, signed as Alipay signs a response (RSA2 over
 * the JSON text of the `<method>_response` member).
 */
describe('Alipay query and refund against a local gateway', () => {
  let server: Server;
  let gateway: string;
  let gw: AlipayChannel;
  const requests: { valid: boolean; fields: Record<string, string> }[] = [];
  let reply: { node: Record<string, unknown>; key?: KeyObject } = { node: {} };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const params = new URLSearchParams(url.searchParams);
        for (const [k, v] of new URLSearchParams(body)) params.append(k, v);
        const seen = signedParams(params);
        requests.push(seen);
        const responseKey = `${seen.fields.method!.replaceAll('.', '_')}_response`;
        const node = seen.valid
          ? reply.node
          : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
        const inner = JSON.stringify(node);
        const sign = rsa2(inner, reply.key ?? alipay.privateKey);
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        res.end(`{"${responseKey}":${inner},"sign":"${sign}"}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
    gw = new AlipayChannel(settings, () => now, gateway);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const answer = (node: Record<string, unknown>, key?: KeyObject) => {
    reply = { node, key };
  };
  const ok = { code: '10000', msg: 'Success' };

  it('queries a trade: paid, waiting, closed, not found', async () => {
    answer({
      ...ok,
      trade_no: '2026112122001400001234567890',
      out_trade_no: 'T20261121000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '19.99',
      send_pay_date: '2026-11-21 12:00:05',
      buyer_logon_id: 'lea***@example.com',
    });
    await expect(gw.query('T20261121000001')).resolves.toEqual({
      state: 'paid',
      amountFen: 1999,
      channelTradeNo: '2026112122001400001234567890',
      merchantId: undefined,
      at: new Date('2026-11-21T04:00:05Z'),
    });
    const sent = requests.at(-1)!;
    expect(sent.valid).toBe(true);
    expect(sent.fields).toMatchObject({ method: 'alipay.trade.query', app_id: settings.appId, sign_type: 'RSA2' });
    expect(sent.fields.timestamp).toBe('2026-11-21 12:00:00');
    expect(JSON.parse(sent.fields.biz_content!)).toEqual({ out_trade_no: 'T20261121000001' });

    answer({ ...ok, out_trade_no: 'T20261121000001', trade_status: 'TRADE_FINISHED', total_amount: '0.01' });
    await expect(gw.query('T20261121000001')).resolves.toMatchObject({ state: 'paid', amountFen: 1 });
    answer({ ...ok, out_trade_no: 'T20261121000001', trade_status: 'WAIT_BUYER_PAY', total_amount: '19.99' });
    await expect(gw.query('T20261121000001')).resolves.toMatchObject({ state: 'waiting', amountFen: 1999 });
    answer({ ...ok, out_trade_no: 'T20261121000001', trade_status: 'TRADE_CLOSED', total_amount: '19.99' });
    await expect(gw.query('T20261121000001')).resolves.toMatchObject({ state: 'closed' });
    answer({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
    await expect(gw.query('T20261121000001')).resolves.toEqual({ state: 'unknown' });
  });

  it('turns errors, a forged response and an unreachable gateway into ChannelError', async () => {
    const failure = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ChannelError);
      return err as ChannelError;
    };
    answer({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' });
    expect((await failure(gw.query('T20261121000001'))).code).toBe('ACQ.SYSTEM_ERROR');

    // A response that Alipay's key did not sign (a paid trade, as a forger would claim).
    answer(
      { ...ok, out_trade_no: 'T20261121000001', trade_status: 'TRADE_SUCCESS', total_amount: '19.99' },
      intruder.privateKey,
    );
    await failure(gw.query('T20261121000001'));
    answer({ ...ok, out_trade_no: 'T20261121000001', trade_status: 'TRADE_SUCCESS', total_amount: '19.9x' });
    expect((await failure(gw.query('T20261121000001'))).code).toBe('amount');
    answer({ ...ok, out_trade_no: 'T20261121000002', trade_status: 'TRADE_SUCCESS', total_amount: '19.99' });
    await failure(gw.query('T20261121000001'));

    // The gateway checks our signature: a channel holding another private key is refused.
    const stranger = new AlipayChannel(
      { ...settings, privateKey: pem(intruder.privateKey, 'pkcs8') },
      () => now,
      gateway,
    );
    expect((await failure(stranger.query('T20261121000001'))).code).toBe('isv.invalid-signature');

    const closed = new AlipayChannel(settings, () => now, 'http://127.0.0.1:1/gateway.do');
    await failure(closed.query('T20261121000001'));
  });

  it('refunds: done when the money moved, processing otherwise, the sub_code on refusal', async () => {
    const request = {
      outTradeNo: 'T20261121000001',
      outRefundNo: 'R20261122000001',
      refundFen: 1234,
      totalFen: 1999,
      reason: '学员退课',
      notifyUrl: 'https://learn.example.com/api/pay/notify/alipay',
    };
    answer({
      ...ok,
      trade_no: '2026112122001400001234567890',
      out_trade_no: request.outTradeNo,
      fund_change: 'Y',
      refund_fee: '12.34',
    });
    await expect(gw.refund(request)).resolves.toEqual({ state: 'refunded' });
    const sent = requests.at(-1)!;
    expect(sent.valid).toBe(true);
    expect(sent.fields.method).toBe('alipay.trade.refund');
    expect(JSON.parse(sent.fields.biz_content!)).toEqual({
      out_trade_no: 'T20261121000001',
      out_request_no: 'R20261122000001',
      refund_amount: '12.34',
      refund_reason: '学员退课',
    });

    answer({ ...ok, out_trade_no: request.outTradeNo, fund_change: 'N', refund_fee: '12.34' });
    await expect(gw.refund(request)).resolves.toEqual({ state: 'processing' });

    answer({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_FINISHED', sub_msg: '交易已完结' });
    const err = await gw.refund(request).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ChannelError);
    expect((err as ChannelError).code).toBe('ACQ.TRADE_HAS_FINISHED');
  });

  it('queries a refund: refunded on REFUND_SUCCESS, processing until then, a forged answer refused', async () => {
    const ask = { outTradeNo: 'T20261121000001', outRefundNo: 'R20261122000001' };
    const refundNode = {
      ...ok,
      trade_no: '2026112122001400001234567890',
      out_trade_no: ask.outTradeNo,
      out_request_no: ask.outRefundNo,
      total_amount: '19.99',
      refund_amount: '12.34',
    };
    answer({ ...refundNode, refund_status: 'REFUND_SUCCESS' });
    await expect(gw.queryRefund(ask)).resolves.toEqual({ state: 'refunded', refundFen: 1234 });
    const sent = requests.at(-1)!;
    expect(sent.valid).toBe(true);
    expect(sent.fields).toMatchObject({
      method: 'alipay.trade.fastpay.refund.query',
      app_id: settings.appId,
      sign_type: 'RSA2',
      timestamp: '2026-11-21 12:00:00',
    });
    expect(JSON.parse(sent.fields.biz_content!)).toEqual({
      out_trade_no: 'T20261121000001',
      out_request_no: 'R20261122000001',
    });

    // Code 10000 says only that the query worked: without REFUND_SUCCESS nothing was refunded yet.
    answer(refundNode);
    await expect(gw.queryRefund(ask)).resolves.toEqual({ state: 'processing' });
    answer({ ...ok });
    await expect(gw.queryRefund(ask)).resolves.toEqual({ state: 'processing' });

    const failure = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ChannelError);
      return err as ChannelError;
    };
    // Signed with another key than Alipay's: a forger's "refunded" is not believed.
    answer({ ...refundNode, refund_status: 'REFUND_SUCCESS' }, intruder.privateKey);
    await failure(gw.queryRefund(ask));
    answer({ ...refundNode, out_request_no: 'R20261122000002', refund_status: 'REFUND_SUCCESS' });
    await failure(gw.queryRefund(ask));
    answer({ ...refundNode, refund_amount: '12.345', refund_status: 'REFUND_SUCCESS' });
    expect((await failure(gw.queryRefund(ask))).code).toBe('amount');
    answer({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' });
    expect((await failure(gw.queryRefund(ask))).code).toBe('ACQ.SYSTEM_ERROR');
    // Our request's signature is checked by the stand-in: another private key is refused.
    const stranger = new AlipayChannel(
      { ...settings, privateKey: pem(intruder.privateKey, 'pkcs8') },
      () => now,
      gateway,
    );
    expect((await failure(stranger.queryRefund(ask))).code).toBe('isv.invalid-signature');
  });
});
