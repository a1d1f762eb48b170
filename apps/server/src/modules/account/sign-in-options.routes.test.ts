import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeThirdParty,
  bindWeCom,
  findThirdPartyProviders,
  loginByDingTalk,
  loginByEmployeeNo,
  loginByPassword,
  loginByThirdPartyBind,
  loginByWeChat,
} from '@portal/contract';
import { captchaFor, createTestApp, encryptFor, visitorOf, type TestApp } from '../../test/harness.ts';
import { createAccount, createEnterprise } from '../../test/factories.ts';

// The public-training variant's sign-in (decision 011): no employee number, WeChat only; the
// server refuses what the page does not offer. A standard site offers everything.
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

/** A visitor of the site (on its own host, as the OAuth callbacks check). */
const on = (site: { domain: string }) => ({ as: visitorOf(site), headers: { host: site.domain } });

const NOT_OFFERED = { code: 400, message: '当前平台不支持该登录方式', data: null };

describe('sign-in options by tenant', () => {
  it('lists the configured providers the site offers: all on a standard site, WeChat on public training', async () => {
    expect((await t.call(findThirdPartyProviders, {}, on(standard))).data).toEqual([
      'dingding',
      'weixin',
      'workWeixin',
    ]);
    expect((await t.call(findThirdPartyProviders, {}, on(open))).data).toEqual(['weixin']);
  });

  it('refuses employee-number sign-in on public training, with a clear message in the caller’s language', async () => {
    const person = await createAccount(t.database.db, [standard.eid, open.eid], { employeeNo: 'P-1' });
    const body = async () => ({ empNo: 'P-1', password: encrypt(person.password), ...(await captcha()) });
    expect(await t.call(loginByEmployeeNo, await body(), on(open))).toEqual(NOT_OFFERED);
    expect((await t.call(loginByEmployeeNo, await body(), { ...on(open), lang: 'en' })).message).toBe(
      'This site does not offer this way of signing in',
    );
    expect((await t.call(loginByEmployeeNo, await body(), on(standard))).code).toBe(200);
    // Phone and password still sign in on public training.
    const pwd = { phone: person.phone, password: encrypt(person.password), ...(await captcha()) };
    expect((await t.call(loginByPassword, pwd, on(open))).code).toBe(200);
  });

  it('refuses DingTalk and WeCom on public training (authorise, sign in, bind); WeChat goes on', async () => {
    const callback = `http://${open.domain}/callbackLogin`;
    const authorize = (provider: 'dingding' | 'weixin' | 'workWeixin') =>
      t.call(authorizeThirdParty, { provider, state: `LEARNPORTAL_x_${provider}`, redirectUri: callback }, on(open));
    expect(await authorize('dingding')).toEqual(NOT_OFFERED);
    expect(await authorize('workWeixin')).toEqual(NOT_OFFERED);
    expect((await authorize('weixin')).code).toBe(200);
    expect(await t.call(loginByDingTalk, { code: 'dev.zhao', redirectUri: callback }, on(open))).toEqual(NOT_OFFERED);
    // An unknown WeChat identity gets its bind ticket as anywhere else.
    expect((await t.call(loginByWeChat, { code: 'dev.zhao', redirectUri: callback }, on(open))).code).toBe(3013);

    const learner = await t.learner(open);
    const bind = await t.call(
      bindWeCom,
      { code: 'dev.zhao', redirectUri: callback },
      { as: learner, headers: { host: open.domain } },
    );
    expect(bind).toEqual(NOT_OFFERED);
  });

  it('a standard site still signs in with DingTalk; its bind ticket cannot bind on public training', async () => {
    const callback = `http://${standard.domain}/callbackLogin`;
    const first = await t.call(loginByDingTalk, { code: 'dev.qian', redirectUri: callback }, on(standard));
    expect(first.code).toBe(3013);
    const person = await createAccount(t.database.db, [open.eid]);
    const bind = await t.call(
      loginByThirdPartyBind,
      {
        bindTicket: (first.data as unknown as { bindTicket: string }).bindTicket,
        phone: person.phone,
        password: encrypt(person.password),
        ...(await captcha()),
      },
      on(open),
    );
    expect(bind).toEqual(NOT_OFFERED);
  });
});
