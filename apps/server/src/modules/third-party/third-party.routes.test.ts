import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeThirdParty,
  bindWeChat,
  findDevSmsOutbox,
  findThirdPartyProviders,
  findThirdPartyBindings,
  loginByDingTalk,
  loginByThirdPartyBind,
  unbindThirdParty,
} from '@portal/contract';
import { clientHeaders, createTestApp, encryptFor, visitorOf, type TestApp } from '../../test/harness.ts';
import { createAccount, createEnterprise } from '../../test/factories.ts';
import { DingTalkProvider, WeChatProvider, WeComProvider } from '../../platform/providers/third-party.ts';

const STATE = 'LEARNPORTAL_abc123_dingding';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db);
});
afterAll(async () => t?.close());

const redirectUri = () => `http://${a.domain}/callbackLogin?provider=dingding`;
const encrypt = (plain: string) => encryptFor(t, plain);
/** On a's site (its own host, as the OAuth pages check), signed in with `token` when given. */
const onA = (token?: string) => ({
  as: { domain: a.domain, ...(token ? { token } : {}) },
  headers: { host: a.domain },
});

describe('third-party sign-in (dev providers)', () => {
  it('gives the authorisation address only for a prefixed state and our own callback page', async () => {
    const ok = await t.call(
      authorizeThirdParty,
      { provider: 'dingding', state: STATE, redirectUri: redirectUri() },
      onA(),
    );
    expect(ok.data.url).toMatch(/^\/gateway\/dev\/api\/oauth\/authorize\?provider=dingding&state=LEARNPORTAL_/);
    expect(
      (await t.call(authorizeThirdParty, { provider: 'dingding', state: 'abc', redirectUri: redirectUri() }, onA()))
        .code,
    ).toBe(400);
    const evil = await t.call(
      authorizeThirdParty,
      {
        provider: 'dingding',
        state: STATE,
        redirectUri: 'https://evil.example.com/steal',
      },
      onA(),
    );
    expect(evil.code).toBe(400);
    // The stand-in page sends the code back to this host's callback page only.
    const page = await t.app.inject({ method: 'GET', url: ok.data.url, headers: { host: a.domain } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('模拟钉钉授权');
    const approve = await t.app.inject({
      method: 'GET',
      url: `/gateway/dev/api/oauth/approve?provider=dingding&state=${STATE}&redirect_uri=${encodeURIComponent(redirectUri())}&user=zhang`,
      headers: { host: a.domain },
    });
    expect(approve.statusCode).toBe(302);
    expect(approve.headers.location).toBe(`${redirectUri()}&code=dev.zhang&state=${STATE}`);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/gateway/dev/api/oauth/approve?provider=dingding&state=${STATE}&redirect_uri=${encodeURIComponent('http://evil.example.com/callbackLogin')}&user=zhang`,
      headers: { host: a.domain },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('an unknown identity gets a bind ticket (3013); signing in with phone and password binds it; then it signs in alone', async () => {
    const person = await createAccount(t.database.db, [a.eid]);
    const first = await t.call(loginByDingTalk, { code: 'dev.li', redirectUri: redirectUri() }, onA());
    expect(first).toMatchObject({ code: 3013, data: { bindTicket: expect.any(String), nickname: 'li' } });
    const { token, text } = await t.platform.captchas.create();
    const bound = await t.call(
      loginByThirdPartyBind,
      {
        bindTicket: (first.data as unknown as { bindTicket: string }).bindTicket,
        phone: person.phone,
        password: encrypt(person.password),
        imageCodeToken: token,
        imageCode: text,
      },
      onA(),
    );
    expect(bound).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const again = await t.call(loginByDingTalk, { code: 'dev.li', redirectUri: redirectUri() }, onA());
    expect(again).toMatchObject({ code: 200, data: { chooseEnterprise: false } });
    const session = again.data.token;
    expect((await t.call(findThirdPartyBindings, {}, onA(session))).data).toEqual([
      { provider: 'dingding', nickname: 'li', boundAt: expect.any(String) },
    ]);

    // Unbound, the identity is unknown again.
    expect((await t.call(unbindThirdParty, { provider: 'dingding' }, onA(session))).code).toBe(200);
    expect((await t.call(loginByDingTalk, { code: 'dev.li', redirectUri: redirectUri() }, onA())).code).toBe(3013);
  });

  it('binds while signed in; an identity bound to another account gives 3014; a forged ticket is refused', async () => {
    const s1 = (await t.learner(a)).token;
    const two = await t.learner(a);
    const s2 = two.token;
    const weixin = { code: 'dev.wang', redirectUri: `http://${a.domain}/callbackLogin?provider=weixin` };
    expect((await t.call(bindWeChat, weixin, onA(s1))).code).toBe(200);
    expect((await t.call(bindWeChat, weixin, onA(s1))).code).toBe(200);
    expect(await t.call(bindWeChat, weixin, onA(s2))).toMatchObject({
      code: 3014,
      message: '该第三方账号已绑定其他平台账号',
    });
    const { token, text } = await t.platform.captchas.create();
    const forged = await t.call(
      loginByThirdPartyBind,
      {
        bindTicket: 'eyJraW5kIjoiZGluZ2RpbmcifQ.forged',
        phone: two.phone,
        password: encrypt(two.password!),
        imageCodeToken: token,
        imageCode: text,
      },
      onA(),
    );
    expect(forged).toMatchObject({ code: 400, message: '绑定已过期，请重新使用第三方登录' });
    expect(await t.call(loginByDingTalk, { code: 'not-a-dev-code', redirectUri: redirectUri() }, onA())).toMatchObject({
      code: 400,
      message: '第三方登录失败，请重试',
    });
  });
});

describe('real providers build and sign their requests', () => {
  function recorder(answers: Array<Record<string, unknown>>) {
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      seen.push({ url, ...(init ? { init } : {}) });
      return new Response(JSON.stringify(answers.shift() ?? {}), { status: 200 });
    }) as unknown as typeof fetch;
    return { seen, fetcher };
  }

  it('DingTalk: authorisation address, token by code with the client secret, user by token', async () => {
    const { seen, fetcher } = recorder([{ accessToken: 'AT' }, { unionId: 'U1', nick: '钉钉用户' }]);
    const p = new DingTalkProvider({ clientId: 'CID', clientSecret: 'SECRET' }, fetcher);
    const url = new URL(p.authorizeUrl(STATE, 'https://learn.example.com/callbackLogin'));
    expect(url.origin + url.pathname).toBe('https://login.dingtalk.com/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'CID',
      state: STATE,
      response_type: 'code',
      scope: 'openid',
    });
    expect(await p.identify('CODE')).toEqual({ openId: 'U1', nickname: '钉钉用户' });
    expect(seen[0]!.url).toBe('https://api.dingtalk.com/v1.0/oauth2/userAccessToken');
    expect(JSON.parse(String(seen[0]!.init!.body))).toEqual({
      clientId: 'CID',
      clientSecret: 'SECRET',
      code: 'CODE',
      grantType: 'authorization_code',
    });
    expect((seen[1]!.init!.headers as Record<string, string>)['x-acs-dingtalk-access-token']).toBe('AT');
  });

  it('WeChat and WeCom: their token and user calls; provider errors are failures', async () => {
    const wx = recorder([{ openid: 'O1', unionid: 'UN1' }]);
    const weixin = new WeChatProvider({ appId: 'APP', appSecret: 'SEC' }, wx.fetcher);
    expect(weixin.authorizeUrl(STATE, 'https://x/callbackLogin')).toMatch(
      /^https:\/\/open\.weixin\.qq\.com\/connect\/qrconnect\?appid=APP&.*scope=snsapi_login.*#wechat_redirect$/,
    );
    expect(await weixin.identify('C')).toEqual({ openId: 'UN1', nickname: '' });
    expect(wx.seen[0]!.url).toBe(
      'https://api.weixin.qq.com/sns/oauth2/access_token?appid=APP&secret=SEC&code=C&grant_type=authorization_code',
    );

    const wc = recorder([{ access_token: 'T' }, { userid: 'zhangsan' }]);
    const wecom = new WeComProvider({ corpId: 'CORP', agentId: '1000002', secret: 'S' }, wc.fetcher);
    expect(await wecom.identify('C')).toEqual({ openId: 'CORP:zhangsan', nickname: '' });
    expect(wc.seen.map((s) => s.url)).toEqual([
      'https://qyapi.weixin.qq.com/cgi-bin/gettoken?corpid=CORP&corpsecret=S',
      'https://qyapi.weixin.qq.com/cgi-bin/auth/getuserinfo?access_token=T&code=C',
    ]);
    const failing = new WeChatProvider(
      { appId: 'APP', appSecret: 'SEC' },
      recorder([{ errcode: 40029, errmsg: 'invalid code' }]).fetcher,
    );
    await expect(failing.identify('bad')).rejects.toThrow(/invalid code/);
  });
});

describe('without DEV_PROVIDERS (a real deployment)', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp({
      TENANT_CODES: '',
      DEV_PROVIDERS: 'false',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'AK',
      ALIYUN_ACCESS_KEY_SECRET: 'SK',
      ALIYUN_SMS_SIGN_NAME: '智学',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      WECHAT_APP_ID: 'APP',
      WECHAT_APP_SECRET: 'SEC',
    });
  });
  afterAll(async () => real?.close());

  it('offers only configured providers, no stand-in pages and no SMS outbox', async () => {
    const e = await createEnterprise(real.database.db);
    const get = (url: string) => real.app.inject({ method: 'GET', url, headers: clientHeaders(e.domain) });
    expect((await real.call(findThirdPartyProviders, {}, { as: visitorOf(e) })).data).toEqual(['weixin']);
    expect((await real.call(findDevSmsOutbox, { phone: '13800000001' }, { as: visitorOf(e) })).code).toBe(404);
    // The stand-in OAuth page is no call of the contract: its address by hand.
    expect((await get(`/gateway/dev/api/oauth/authorize?provider=dingding&state=${STATE}`)).json().code).toBe(404);
    const dev = await real.call(
      loginByDingTalk,
      { code: 'dev.tester', redirectUri: `http://${e.domain}/callbackLogin?provider=dingding` },
      { as: visitorOf(e) },
    );
    expect(dev).toMatchObject({ code: 400, message: '参数错误：不支持的第三方登录' });
  });
});
