import { describe, expect, it } from 'vitest';
import { AliyunSmsProvider, signRpc } from './sms.ts';

describe('Alibaba Cloud SMS', () => {
  it('signs as the published SendSms example does', () => {
    // The request and signature of Alibaba Cloud's SMS signature documentation.
    const { signature } = signRpc(
      {
        AccessKeyId: 'testId',
        Action: 'SendSms',
        Format: 'XML',
        OutId: '123',
        PhoneNumbers: '15300000001',
        RegionId: 'cn-hangzhou',
        SignName: '阿里云短信测试专用',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
        SignatureVersion: '1.0',
        TemplateCode: 'SMS_71390007',
        TemplateParam: '{"customer":"test"}',
        Timestamp: '2017-07-12T02:42:19Z',
        Version: '2017-05-25',
      },
      'testSecret',
    );
    expect(signature).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('sends the code to the template and fails clearly when the provider refuses', async () => {
    const seen: string[] = [];
    const answers = [{ Code: 'OK' }, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' }];
    const fetcher = (async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify(answers.shift()), { status: 200 });
    }) as unknown as typeof fetch;
    const p = new AliyunSmsProvider(
      { accessKeyId: 'AK', accessKeySecret: 'SK', signName: '智学', templateCode: 'SMS_1' },
      fetcher,
      () => new Date('2026-11-21T08:00:00.123Z'),
    );
    await p.send('13800000001', { code: '123456', text: 'ignored' });
    const url = new URL(seen[0]!);
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13800000001',
      SignName: '智学',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-11-21T08:00:00Z',
      AccessKeyId: 'AK',
    });
    expect(url.searchParams.get('Signature')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    await expect(p.send('13800000001', { code: '1', text: '' })).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
  });
});
