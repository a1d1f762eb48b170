import { createHash, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { ChannelError, NoticeRefused, type TradeToPay } from './channel.ts';
import { parseUnionpayAnswer, UnionpayChannel, type UnionpaySettings } from './unionpay.ts';

// A small PKI made here: UnionPay's root and intermediate, UnionPay's signing certificate, and a
// merchant certificate with its key in a .pfx. Keys come from node:crypto (forge's keygen is slow).

const now = new Date('2026-03-15T02:30:45Z'); // 2026-03-15 10:30:45 in China
const clock = () => now;
const yearsFrom = (years: number) => new Date(now.getTime() + years * 365 * 24 * 3600_000);

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const toForgePublic = (k: KeyObject) => forge.pki.publicKeyFromPem(k.export({ type: 'spki', format: 'pem' }) as string);
const toForgePrivate = (k: KeyObject) =>
  forge.pki.privateKeyFromPem(k.export({ type: 'pkcs8', format: 'pem' }) as string);

type Name = { shortName: string; value: string; valueTagClass?: number }[];
const unionpayCn = (part: string) => [
  { shortName: 'C', value: 'CN' },
  { shortName: 'O', value: 'China UnionPay' },
  { shortName: 'OU', value: '00040000:SIGN' },
  // UTF8String: forge's default PrintableString cannot hold the company name.
  { shortName: 'CN', value: `041@Z12400000311000@${part}@00000003`, valueTagClass: forge.asn1.Type.UTF8 },
];

function makeCert(o: {
  subject: Name;
  issuer: Name;
  publicKey: KeyObject;
  signKey: KeyObject;
  serial: string;
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = toForgePublic(o.publicKey);
  cert.serialNumber = o.serial;
  cert.validity.notBefore = o.notBefore ?? yearsFrom(-1);
  cert.validity.notAfter = o.notAfter ?? yearsFrom(5);
  cert.setSubject(o.subject);
  cert.setIssuer(o.issuer);
  cert.setExtensions(
    o.ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [{ name: 'keyUsage', digitalSignature: true }],
  );
  cert.sign(toForgePrivate(o.signKey), forge.md.sha256.create());
  return cert;
}
/** UnionPay sends its PEM with CRLF line ends. */
const pem = (c: forge.pki.Certificate) => forge.pki.certificateToPem(c).replace(/\r?\n/g, '\r\n');

const rootKey = keyPair();
const middleKey = keyPair();
const upKey = keyPair();
const merchantKey = keyPair();
const otherKey = keyPair();

const rootName = [{ shortName: 'CN', value: 'CFCA TEST ROOT' }];
const middleName = [{ shortName: 'CN', value: 'CFCA TEST OCA1' }];
const root = makeCert({
  subject: rootName,
  issuer: rootName,
  publicKey: rootKey.publicKey,
  signKey: rootKey.privateKey,
  serial: '01',
  ca: true,
});
const middle = makeCert({
  subject: middleName,
  issuer: rootName,
  publicKey: middleKey.publicKey,
  signKey: rootKey.privateKey,
  serial: '02',
  ca: true,
});
/** UnionPay's signing certificate, issued by the intermediate. */
const upCert = (o: { part?: string; signKey?: KeyObject; issuer?: Name; notAfter?: Date } = {}) =>
  pem(
    makeCert({
      subject: unionpayCn(o.part ?? '中国银联股份有限公司'),
      issuer: o.issuer ?? middleName,
      publicKey: upKey.publicKey,
      signKey: o.signKey ?? middleKey.privateKey,
      serial: '7c0ffee1',
      ...(o.notAfter ? { notBefore: yearsFrom(-3), notAfter: o.notAfter } : {}),
    }),
  );

const merchantName = [{ shortName: 'CN', value: '041@Z2026@777290058110097@00000001' }];
const merchantCert = makeCert({
  subject: merchantName,
  issuer: middleName,
  publicKey: merchantKey.publicKey,
  signKey: middleKey.privateKey,
  serial: '0a3f5c7e9b1d2f4081',
});
const MERCHANT_CERT_ID = '189033104064017023105'; // 0x0a3f5c7e9b1d2f4081 in decimal
// The chain's root packed first: the channel must pick the certificate that goes with the key.
const signPfx = forge.util.encode64(
  forge.asn1
    .toDer(
      forge.pkcs12.toPkcs12Asn1(toForgePrivate(merchantKey.privateKey), [root, merchantCert], 'pfx-pass', {
        algorithm: '3des',
      }),
    )
    .getBytes(),
);

const settings: UnionpaySettings = {
  merId: '777290058110097',
  signPfx,
  pfxPassword: 'pfx-pass',
  rootCert: forge.pki.certificateToPem(root),
  middleCert: forge.pki.certificateToPem(middle),
  mode: 'sandbox',
};

// The signature computed independently of the channel: sorted k=v&…, sha256 hex, RSA-SHA256.
const signString = (f: Record<string, string>) =>
  Object.keys(f)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${f[k]}`)
    .join('&');
const digest = (f: Record<string, string>) => Buffer.from(createHash('sha256').update(signString(f)).digest('hex'));
function unionpaySigned(f: Record<string, string>, cert = upCert(), key = upKey.privateKey) {
  const fields = { ...f, signMethod: '01', signPubKeyCert: cert };
  return { ...fields, signature: sign('sha256', digest(fields), key).toString('base64') };
}
const signedByMerchant = (f: Record<string, string>) =>
  verify('sha256', digest(f), merchantKey.publicKey, Buffer.from(f.signature ?? '', 'base64'));

const OUT_TRADE_NO = '20260315103045A1B2C3';
const paymentNotice = (over: Record<string, string> = {}) => ({
  version: '5.1.0',
  encoding: 'UTF-8',
  bizType: '000201',
  txnType: '01',
  txnSubType: '01',
  accessType: '0',
  merId: settings.merId,
  orderId: OUT_TRADE_NO,
  txnTime: '20260315103045',
  txnAmt: '12345',
  currencyCode: '156',
  queryId: '782603151030458812118',
  respCode: '00',
  respMsg: 'Success!',
  traceTime: '0315103100',
  reqReserved: '',
  reserved: '{cardNumber=6216***0018&issInsCode=CMB}',
  ...over,
});
const notice = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  query: {},
});
/** The notice is refused, for the reason given (so that a test cannot pass on another check). */
async function refused(p: Promise<unknown>, reason: string) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NoticeRefused);
  expect((error as NoticeRefused).reason).toContain(reason);
}

const trade: TradeToPay = {
  outTradeNo: OUT_TRADE_NO,
  amountFen: 12345,
  subject: '2026 安全生产培训',
  notifyUrl: 'https://portal.example.com/api/pay/notify/13',
  returnUrl: 'https://portal.example.com/pay/return?o=9&x="<b>"',
  expiresAt: new Date('2026-03-15T03:00:00Z'),
  clientIp: '203.0.113.9',
  isMobile: false,
};

function readForm(html: string) {
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const action = /<form[^>]* action="([^"]*)" method="post"/.exec(html)?.[1];
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescape(m[1]!)] = unescape(m[2]!);
  return { action, fields };
}

describe('UnionPay gateway (ACP 5.1.0)', () => {
  it('starts with a self-posting form signed by the merchant, certId the decimal serial', async () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    const start = await channel.start(trade);
    expect(start.kind).toBe('form');
    const html = start.kind === 'form' ? start.html : '';
    expect(html).toContain('.submit()');
    expect(html).not.toContain('"<b>"');
    expect(html).toContain('x=&quot;&lt;b&gt;&quot;');
    const { action, fields } = readForm(html);
    expect(action).toBe('https://gateway.test.95516.com/gateway/api/frontTransReq.do');
    expect(fields).toMatchObject({
      version: '5.1.0',
      encoding: 'UTF-8',
      signMethod: '01',
      certId: MERCHANT_CERT_ID,
      merId: '777290058110097',
      txnType: '01',
      txnSubType: '01',
      bizType: '000201',
      channelType: '07',
      accessType: '0',
      currencyCode: '156',
      txnAmt: '12345',
      orderId: OUT_TRADE_NO,
      txnTime: '20260315103045',
      payTimeout: '20260315110000',
      frontUrl: trade.returnUrl,
      backUrl: trade.notifyUrl,
    });
    expect(signedByMerchant(fields)).toBe(true);
    expect(signedByMerchant({ ...fields, txnAmt: '1' })).toBe(false);

    const mobile = await channel.start({ ...trade, isMobile: true });
    expect(readForm(mobile.kind === 'form' ? mobile.html : '').fields.channelType).toBe('08');
  });

  it('verifies and maps a payment notification signed with UnionPay’s certificate', async () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    await expect(channel.verifyNotice(notice(unionpaySigned(paymentNotice())))).resolves.toEqual({
      kind: 'payment',
      outTradeNo: OUT_TRADE_NO,
      amountFen: 12345,
      merchantId: '777290058110097',
      channelTradeNo: '782603151030458812118',
      state: 'paid',
    });
    await expect(
      channel.verifyNotice(notice(unionpaySigned(paymentNotice({ respCode: 'A6' })))),
    ).resolves.toMatchObject({ state: 'paid' });
    await expect(
      channel.verifyNotice(notice(unionpaySigned(paymentNotice({ respCode: '01' })))),
    ).resolves.toMatchObject({ kind: 'payment', state: 'other' });
  });

  it('maps a refund notification to our refund number', async () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    const refund = paymentNotice({
      txnType: '04',
      txnSubType: '00',
      orderId: 'RF20260315000001',
      txnAmt: '500',
      queryId: '782603151200000000001',
      origQryId: '782603151030458812118',
    });
    await expect(channel.verifyNotice(notice(unionpaySigned(refund)))).resolves.toEqual({
      kind: 'refund',
      outTradeNo: 'RF20260315000001',
      outRefundNo: 'RF20260315000001',
      amountFen: 500,
      refundFen: 500,
      merchantId: '777290058110097',
      channelTradeNo: '782603151030458812118',
      state: 'refunded',
    });
    await expect(channel.verifyNotice(notice(unionpaySigned({ ...refund, respCode: '61' })))).resolves.toMatchObject({
      kind: 'refund',
      state: 'failed',
    });
  });

  it('refuses a tampered amount', async () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    const fields = { ...unionpaySigned(paymentNotice()), txnAmt: '1' };
    await refused(channel.verifyNotice(notice(fields)), 'bad signature');
  });

  it('refuses a certificate not issued by the intermediate', async () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    // Same issuer name as the intermediate, another key: only the signature check catches it.
    const forged = upCert({ signKey: otherKey.privateKey });
    await refused(
      channel.verifyNotice(notice(unionpaySigned(paymentNotice(), forged))),
      'not issued by the intermediate',
    );
    // Issued by the root itself, skipping the intermediate.
    const byRoot = upCert({ signKey: rootKey.privateKey, issuer: rootName });
    await refused(
      channel.verifyNotice(notice(unionpaySigned(paymentNotice(), byRoot))),
      'not issued by the intermediate',
    );
    // An intermediate configured that the root did not issue.
    const strayMiddle = makeCert({
      subject: middleName,
      issuer: [{ shortName: 'CN', value: 'Someone Else' }],
      publicKey: middleKey.publicKey,
      signKey: otherKey.privateKey,
      serial: '03',
      ca: true,
    });
    const stray = new UnionpayChannel(
      { ...settings, middleCert: forge.pki.certificateToPem(strayMiddle) },
      fetch,
      clock,
    );
    await refused(stray.verifyNotice(notice(unionpaySigned(paymentNotice()))), 'intermediate not issued by the root');
  });

  it('refuses an expired certificate', async () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    const expired = upCert({ notAfter: new Date(now.getTime() - 1000) });
    await refused(channel.verifyNotice(notice(unionpaySigned(paymentNotice(), expired))), 'not valid now');
    // The same certificate was fine while it was valid.
    const before = new UnionpayChannel(settings, fetch, () => new Date(now.getTime() - 60_000));
    await expect(before.verifyNotice(notice(unionpaySigned(paymentNotice(), expired)))).resolves.toMatchObject({
      state: 'paid',
    });
  });

  it('refuses a certificate that does not name UnionPay; the test name only in sandbox', async () => {
    const sandbox = new UnionpayChannel(settings, fetch, clock);
    const live = new UnionpayChannel({ ...settings, mode: 'live' }, fetch, clock);
    const wrong = upCert({ part: '某某科技有限公司' });
    await refused(sandbox.verifyNotice(notice(unionpaySigned(paymentNotice(), wrong))), "not UnionPay's");
    await refused(live.verifyNotice(notice(unionpaySigned(paymentNotice(), wrong))), "not UnionPay's");
    const testCert = upCert({ part: '00040000:SIGN' });
    await expect(sandbox.verifyNotice(notice(unionpaySigned(paymentNotice(), testCert)))).resolves.toMatchObject({
      state: 'paid',
    });
    await refused(live.verifyNotice(notice(unionpaySigned(paymentNotice(), testCert))), "not UnionPay's");
    await expect(live.verifyNotice(notice(unionpaySigned(paymentNotice())))).resolves.toMatchObject({
      state: 'paid',
    });
  });

  it('refuses a notification without the certificate or with another sign method', async () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    const { signPubKeyCert: _cert, ...noCert } = unionpaySigned(paymentNotice());
    await refused(channel.verifyNotice(notice(noCert)), 'no signPubKeyCert');
    await refused(
      channel.verifyNotice(notice({ ...unionpaySigned(paymentNotice()), signMethod: '11' })),
      'signMethod 11',
    );
  });

  it('answers ok when handled and 500 otherwise', () => {
    const channel = new UnionpayChannel(settings, fetch, clock);
    expect(channel.answer(true)).toEqual({ status: 200, contentType: 'text/plain', body: 'ok' });
    expect(channel.answer(false).status).toBe(500);
  });

  it('parses raw gateway answers, braces and PEM included', () => {
    const cert = upCert();
    expect(parseUnionpayAnswer(`a=1&reserved={x=1&y=2}&signPubKeyCert=${cert}&empty=&z=a+b/c==`)).toEqual({
      a: '1',
      reserved: '{x=1&y=2}',
      signPubKeyCert: cert,
      empty: '',
      z: 'a+b/c==',
    });
  });

  /** A gateway stub: records the requests, answers raw `k=v&…` signed by UnionPay. */
  function gateway(answers: Record<string, string>[], sign = true) {
    const calls: { url: string; fields: Record<string, string> }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, fields: Object.fromEntries(new URLSearchParams(String(init.body))) });
      const a = answers.shift()!;
      const fields = sign ? unionpaySigned(a) : { ...unionpaySigned(a), respMsg: 'changed' };
      const text = Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      return new Response(text, { status: 200, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    }) as unknown as typeof fetch;
    return { calls, fetcher };
  }

  const refundReq = {
    outTradeNo: OUT_TRADE_NO,
    outRefundNo: 'RF20260315000001',
    refundFen: 500,
    totalFen: 12345,
    reason: '退课',
    notifyUrl: 'https://portal.example.com/api/pay/notify/13',
    channelTradeNo: '782603151030458812118',
  };
  const answerBase = { version: '5.1.0', encoding: 'UTF-8', merId: settings.merId, reserved: '{a=1&b=2}' };

  it('refunds by origQryId: a signed request, a verified answer', async () => {
    const { calls, fetcher } = gateway([
      { ...answerBase, txnType: '04', respCode: '00', respMsg: '成功[0000000]', queryId: '782603151200000000001' },
      { ...answerBase, txnType: '04', respCode: '12', respMsg: '重复交易[2005001]' },
    ]);
    const channel = new UnionpayChannel(settings, fetcher, clock);
    await expect(channel.refund(refundReq)).resolves.toEqual({
      state: 'processing',
      channelRefundNo: '782603151200000000001',
    });
    expect(calls[0]!.url).toBe('https://gateway.test.95516.com/gateway/api/backTransReq.do');
    expect(calls[0]!.fields).toMatchObject({
      txnType: '04',
      txnSubType: '00',
      bizType: '000201',
      orderId: 'RF20260315000001',
      origQryId: '782603151030458812118',
      txnAmt: '500',
      txnTime: '20260315103045',
      backUrl: refundReq.notifyUrl,
      merId: settings.merId,
      certId: MERCHANT_CERT_ID,
    });
    expect(signedByMerchant(calls[0]!.fields)).toBe(true);

    await expect(channel.refund(refundReq)).rejects.toMatchObject({
      message: 'UnionPay: 重复交易[2005001]',
      code: '12',
    });

    const { calls: none, fetcher: unused } = gateway([]);
    await expect(
      new UnionpayChannel(settings, unused, clock).refund({ ...refundReq, channelTradeNo: undefined }),
    ).rejects.toThrow(ChannelError);
    expect(none).toHaveLength(0);
  });

  it('refuses a gateway answer whose signature does not hold', async () => {
    const { fetcher } = gateway([{ ...answerBase, txnType: '04', respCode: '00', respMsg: 'ok' }], false);
    const channel = new UnionpayChannel(settings, fetcher, clock);
    await expect(channel.refund(refundReq)).rejects.toThrow(/not verified: bad signature/);
  });

  it('queries a trade by orderId and the time its number starts with', async () => {
    const paidAnswer = {
      ...answerBase,
      txnType: '00',
      respCode: '00',
      respMsg: '成功[0000000]',
      origRespCode: '00',
      origRespMsg: '成功[0000000]',
      orderId: OUT_TRADE_NO,
      txnAmt: '12345',
      queryId: '782603151030458812118',
    };
    const { calls, fetcher } = gateway([
      paidAnswer,
      { ...paidAnswer, origRespCode: '05' },
      { ...answerBase, respCode: '34', respMsg: '查无此交易[2011000]' },
      { ...paidAnswer, origRespCode: '11' },
      { ...answerBase, respCode: '04', respMsg: '交易失败[9100004]' },
      paidAnswer,
    ]);
    const channel = new UnionpayChannel({ ...settings, mode: 'live' }, fetcher, clock);
    await expect(channel.query(OUT_TRADE_NO)).resolves.toEqual({
      state: 'paid',
      amountFen: 12345,
      channelTradeNo: '782603151030458812118',
      merchantId: settings.merId,
    });
    expect(calls[0]!.url).toBe('https://gateway.95516.com/gateway/api/queryTrans.do');
    expect(calls[0]!.fields).toMatchObject({
      txnType: '00',
      txnSubType: '00',
      bizType: '000201',
      orderId: OUT_TRADE_NO,
      txnTime: '20260315103045',
    });
    expect(signedByMerchant(calls[0]!.fields)).toBe(true);
    await expect(channel.query(OUT_TRADE_NO)).resolves.toMatchObject({ state: 'waiting' });
    await expect(channel.query(OUT_TRADE_NO)).resolves.toEqual({ state: 'unknown' });
    await expect(channel.query(OUT_TRADE_NO)).resolves.toMatchObject({ state: 'closed' });
    await expect(channel.query(OUT_TRADE_NO)).rejects.toMatchObject({ code: '04' });
    await expect(channel.query('ORDERA1B2C3D4', '20260314235959')).resolves.toMatchObject({ state: 'paid' });
    expect(calls[5]!.fields.txnTime).toBe('20260314235959');
    await expect(channel.query('ORDERA1B2C3D4')).rejects.toThrow(ChannelError);
    expect(calls).toHaveLength(6);
  });

  // Our refund numbers start with their China time, as trade numbers do (order-numbers.ts).
  const REFUND_NO = '202603151030505566778899';

  it('sends a refund with its number’s time as txnTime, so that the refund can be queried', async () => {
    const { calls, fetcher } = gateway([{ ...answerBase, txnType: '04', respCode: '00', respMsg: '成功[0000000]' }]);
    const channel = new UnionpayChannel(settings, fetcher, clock);
    await expect(channel.refund({ ...refundReq, outRefundNo: REFUND_NO })).resolves.toMatchObject({
      state: 'processing',
    });
    expect(calls[0]!.fields).toMatchObject({ orderId: REFUND_NO, txnTime: '20260315103050' });
    expect(signedByMerchant(calls[0]!.fields)).toBe(true);
  });

  it('queries a refund by its own orderId and txnTime and maps origRespCode', async () => {
    const refunded = {
      ...answerBase,
      txnType: '00',
      respCode: '00',
      respMsg: '成功[0000000]',
      origRespCode: '00',
      origRespMsg: '成功[0000000]',
      orderId: REFUND_NO,
      txnAmt: '500',
      queryId: '782603151030508812119',
    };
    const { calls, fetcher } = gateway([
      refunded,
      { ...refunded, origRespCode: '03', origRespMsg: '交易通讯超时，请发起查询交易' },
      { ...refunded, origRespCode: '05' },
      { ...answerBase, respCode: '34', respMsg: '查无此交易[2011000]' },
      { ...refunded, origRespCode: '61', origRespMsg: '退货金额超限' },
      { ...answerBase, respCode: '10', respMsg: '报文格式错误' },
      { ...refunded, orderId: '202603151030509999999999' },
      { ...refunded, merId: '777290058110098' },
      { ...refunded, origRespCode: '' },
    ]);
    const channel = new UnionpayChannel({ ...settings, mode: 'live' }, fetcher, clock);
    const ask = { outTradeNo: OUT_TRADE_NO, outRefundNo: REFUND_NO, channelTradeNo: '782603151030458812118' };
    await expect(channel.queryRefund(ask)).resolves.toEqual({ state: 'refunded', refundFen: 500 });
    expect(calls[0]!.url).toBe('https://gateway.95516.com/gateway/api/queryTrans.do');
    expect(calls[0]!.fields).toMatchObject({
      version: '5.1.0',
      signMethod: '01',
      certId: MERCHANT_CERT_ID,
      merId: settings.merId,
      txnType: '00',
      txnSubType: '00',
      bizType: '000201',
      accessType: '0',
      orderId: REFUND_NO,
      txnTime: '20260315103050',
    });
    expect(signedByMerchant(calls[0]!.fields)).toBe(true);
    await expect(channel.queryRefund(ask)).resolves.toEqual({ state: 'processing' });
    await expect(channel.queryRefund(ask)).resolves.toEqual({ state: 'processing' });
    // No such transaction: UnionPay's own guidance is "not known yet, ask again later".
    await expect(channel.queryRefund(ask)).resolves.toMatchObject({ state: 'processing' });
    await expect(channel.queryRefund(ask)).resolves.toEqual({ state: 'failed', reason: '61 退货金额超限' });
    // The query itself failed, or answered for another refund or merchant, or without the outcome.
    await expect(channel.queryRefund(ask)).rejects.toMatchObject({ code: '10' });
    await expect(channel.queryRefund(ask)).rejects.toThrow(ChannelError);
    await expect(channel.queryRefund(ask)).rejects.toThrow(ChannelError);
    await expect(channel.queryRefund(ask)).rejects.toThrow(/without origRespCode/);
    // A refund number without its time cannot be looked up: nothing is sent.
    await expect(channel.queryRefund({ ...ask, outRefundNo: 'RF20260315000001' })).rejects.toThrow(ChannelError);
    expect(calls).toHaveLength(9);
  });

  it('refuses a refund query answer whose signature does not hold', async () => {
    const { fetcher } = gateway(
      [{ ...answerBase, respCode: '00', origRespCode: '00', orderId: REFUND_NO, txnAmt: '500' }],
      false,
    );
    const channel = new UnionpayChannel(settings, fetcher, clock);
    await expect(channel.queryRefund({ outTradeNo: OUT_TRADE_NO, outRefundNo: REFUND_NO })).rejects.toThrow(
      /not verified: bad signature/,
    );
  });
});
