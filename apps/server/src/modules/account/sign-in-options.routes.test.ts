import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaFor, clientHeaders, createTestApp, encryptFor, type TestApp } from '../../test/harness.ts';
import { createAccount, createEnterprise } from '../../test/factories.ts';

// The public-training variant's sign-in (decision 011): no employee number, WeChat only; the
// server refuses what the page does not offer. A standard site offers everything.
const PROVIDERS = '/gateway/user/api/login/thirdparty/providers';
const AUTHORIZE = '/gateway/user/api/login/thirdparty/authorize';
const LOGIN_EMP = '/gateway/user/api/login/emp/no';
const LOGIN_PWD = '/gateway/user/api/login/pwd';
const LOGIN_DING = '/gateway/user/api/login/dingding';
const LOGIN_WEIXIN = '/gateway/user/api/login/weixin';
const BIND_SIGN_IN = '/gateway/user/api/login/thirdparty/bind';
const BIND_WECOM = '/gateway/user/auth/user/info/thirdparty/bind/workWeixin';
const PUBLIC_EID = 9701;

let t: TestApp;
let standard: Awaited<ReturnType<typeof createEnterprise>>;
let open: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: `publicTraining=${PUBLIC_EID}` });
  standard = await createEnterprise(t.database.db, { name: '标准企业' });
  open = await createEnterprise(t.database.db, { eid: PUBLIC_EID, name: '继续教育平台' });
});
afterAll(async () => t?.close());

const encrypt = (plain: string) => encryptFor(t, plain);

const captcha = () => captchaFor(t);

async function call(
  method: 'GET' | 'POST',
  url: string,
  domain: string,
  body: Record<string, string> = {},
  extra: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...clientHeaders(domain), host: domain, ...extra },
    ...(method === 'GET' ? { query: body } : { payload: body }),
  });
  return res.json();
}

const NOT_OFFERED = { code: 400, message: '当前平台不支持该登录方式', data: null };

describe('sign-in options by tenant', () => {
  it('lists the configured providers the site offers: all on a standard site, WeChat on public training', async () => {
    expect((await call('GET', PROVIDERS, standard.domain)).data).toEqual(['dingding', 'weixin', 'workWeixin']);
    expect((await call('GET', PROVIDERS, open.domain)).data).toEqual(['weixin']);
  });

  it('refuses employee-number sign-in on public training, with a clear message in the caller’s language', async () => {
    const person = await createAccount(t.database.db, [standard.eid, open.eid], { employeeNo: 'P-1' });
    const body = async () => ({ empNo: 'P-1', password: encrypt(person.password), ...(await captcha()) });
    expect(await call('POST', LOGIN_EMP, open.domain, await body())).toEqual(NOT_OFFERED);
    expect((await call('POST', LOGIN_EMP, open.domain, await body(), { lang: 'en' })).message).toBe(
      'This site does not offer this way of signing in',
    );
    expect((await call('POST', LOGIN_EMP, standard.domain, await body())).code).toBe(200);
    // Phone and password still sign in on public training.
    const pwd = { phone: person.phone, password: encrypt(person.password), ...(await captcha()) };
    expect((await call('POST', LOGIN_PWD, open.domain, pwd)).code).toBe(200);
  });

  it('refuses DingTalk and WeCom on public training (authorise, sign in, bind); WeChat goes on', async () => {
    const callback = `http://${open.domain}/callbackLogin`;
    const authorize = (provider: string) =>
      call('GET', AUTHORIZE, open.domain, { provider, state: `LEARNPORTAL_x_${provider}`, redirectUri: callback });
    expect(await authorize('dingding')).toEqual(NOT_OFFERED);
    expect(await authorize('workWeixin')).toEqual(NOT_OFFERED);
    expect((await authorize('weixin')).code).toBe(200);
    expect(await call('POST', LOGIN_DING, open.domain, { code: 'dev.zhao', redirectUri: callback })).toEqual(
      NOT_OFFERED,
    );
    // An unknown WeChat identity gets its bind ticket as anywhere else.
    expect((await call('POST', LOGIN_WEIXIN, open.domain, { code: 'dev.zhao', redirectUri: callback })).code).toBe(
      3013,
    );

    const person = await createAccount(t.database.db, [open.eid]);
    const signedIn = await call('POST', LOGIN_PWD, open.domain, {
      phone: person.phone,
      password: encrypt(person.password),
      ...(await captcha()),
    });
    const bind = await call(
      'POST',
      BIND_WECOM,
      open.domain,
      { code: 'dev.zhao', redirectUri: callback },
      { token: signedIn.data.token },
    );
    expect(bind).toEqual(NOT_OFFERED);
  });

  it('a standard site still signs in with DingTalk; its bind ticket cannot bind on public training', async () => {
    const callback = `http://${standard.domain}/callbackLogin`;
    const first = await call('POST', LOGIN_DING, standard.domain, { code: 'dev.qian', redirectUri: callback });
    expect(first.code).toBe(3013);
    const person = await createAccount(t.database.db, [open.eid]);
    const bind = await call('POST', BIND_SIGN_IN, open.domain, {
      bindTicket: first.data.bindTicket,
      phone: person.phone,
      password: encrypt(person.password),
      ...(await captcha()),
    });
    expect(bind).toEqual(NOT_OFFERED);
  });
});
