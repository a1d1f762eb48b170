import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';
import { CAPTCHA_ANSWER, createLearner, knownCaptchas } from '../accounts.ts';

// The public-training variant's sign-in page (decision 011) on the demo site px.localhost (1005),
// against the standard page of the default site, in zh and en.
const TEXTS = {
  zh: {
    prefix: '',
    tabs: ['密码登录', '验证码登录'],
    standardTabs: ['密码登录', '验证码登录', '工号登录'],
    wechat: '微信',
    createAccount: '注册账号',
    registerTitle: '注册账号',
    phone: '手机号码',
    password: '密码',
    imageCode: '图形验证码',
    signIn: '登 录',
  },
  en: {
    prefix: '/en',
    tabs: ['Password', 'SMS code'],
    standardTabs: ['Password', 'SMS code', 'Employee number'],
    wechat: 'WeChat',
    createAccount: 'Create an account',
    registerTitle: 'Create an account',
    phone: 'Mobile number',
    password: 'Password',
    imageCode: 'Image code',
    signIn: 'Sign in',
  },
} as const;

describe.runIf(browserAvailable())('public-training sign-in', () => {
  let b: Browser;
  let captchas: { close(): Promise<void> };
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await b.context.clearCookies();
    captchas = await knownCaptchas(b.page);
  });
  afterEach(async () => {
    await b.page.unrouteAll({ behavior: 'ignoreErrors' });
    await captchas.close();
  });

  const tabs = () => b.page.getByRole('tab').allTextContents();
  const others = () => b.page.getByRole('group').locator('button').allTextContents();

  for (const lang of ['zh', 'en'] as const) {
    const t = TEXTS[lang];
    it(`offers password and SMS code, WeChat only and a register button; signs in (${lang})`, async () => {
      await b.page.goto(url(`${t.prefix}/login`, 'px'));
      await expect.poll(tabs).toEqual(t.tabs);
      await expect.poll(others).toEqual([t.wechat]);
      await b.page.getByRole('button', { name: t.createAccount }).click();
      await b.page.waitForURL(new RegExp(`${t.prefix}/register$`));
      await expect.poll(() => b.page.locator('h1').first().textContent()).toBe(t.registerTitle);

      const learner = await createLearner(1005);
      await b.page.goto(url(`${t.prefix}/login`, 'px'));
      const form = b.page.locator('form[id^="sign-in-"]:visible');
      await form.getByLabel(t.phone, { exact: true }).fill(learner.phone);
      await form.getByLabel(t.password, { exact: true }).fill(learner.password);
      await form.getByLabel(t.imageCode, { exact: true }).fill(CAPTCHA_ANSWER);
      await form.getByRole('button', { name: t.signIn }).click();
      await b.page.waitForURL(new RegExp(`px\\.localhost:\\d+${t.prefix}/home$`));
    });

    it(`the standard site keeps the employee number, all providers and the register link (${lang})`, async () => {
      await b.page.goto(url(`${t.prefix}/login`));
      await expect.poll(tabs).toEqual(t.standardTabs);
      await expect.poll(async () => (await others()).length).toBe(3);
      await expect(b.page.getByRole('button', { name: t.createAccount }).count()).resolves.toBe(0);
    });
  }
});
