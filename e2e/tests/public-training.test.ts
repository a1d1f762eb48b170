import { describe, expect, it } from 'vitest';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { CAPTCHA_ANSWER, createLearner } from '../accounts.ts';

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
  const session = browserSession({ captchas: true });

  const tabs = () => session.b.page.getByRole('tab').allTextContents();
  const others = () => session.b.page.getByRole('group').locator('button').allTextContents();

  it('offers password and SMS code, WeChat only and a register button; signs in', async () => {
    const t = TEXTS.zh;
    await session.b.page.goto(url('/login', 'px'));
    await expect.poll(tabs).toEqual(t.tabs);
    await expect.poll(others).toEqual([t.wechat]);
    await session.b.page.getByRole('button', { name: t.createAccount }).click();
    await session.b.page.waitForURL(/\/register$/);
    await expect.poll(() => session.b.page.locator('h1').first().textContent()).toBe(t.registerTitle);

    const learner = await createLearner(1005);
    await session.b.page.goto(url('/login', 'px'));
    const form = session.b.page.locator('form[id^="sign-in-"]:visible');
    await form.getByLabel(t.phone, { exact: true }).fill(learner.phone);
    await form.getByLabel(t.password, { exact: true }).fill(learner.password);
    await form.getByLabel(t.imageCode, { exact: true }).fill(CAPTCHA_ANSWER);
    await form.getByRole('button', { name: t.signIn }).click();
    await session.b.page.waitForURL(/px\.localhost:\d+\/home$/);
  });

  it('the English page: its tabs, WeChat and the register button in English', async () => {
    const t = TEXTS.en;
    await session.b.page.goto(url('/en/login', 'px'));
    await expect.poll(tabs).toEqual(t.tabs);
    await expect.poll(others).toEqual([t.wechat]);
    await session.b.page.getByRole('button', { name: t.createAccount }).click();
    await session.b.page.waitForURL(/\/en\/register$/);
    await expect.poll(() => session.b.page.locator('h1').first().textContent()).toBe(t.registerTitle);
  });

  for (const lang of ['zh', 'en'] as const) {
    const t = TEXTS[lang];
    it(`the standard site keeps the employee number, all providers and the register link (${lang})`, async () => {
      await session.b.page.goto(url(`${t.prefix}/login`));
      await expect.poll(tabs).toEqual(t.standardTabs);
      await expect.poll(async () => (await others()).length).toBe(3);
      await expect(session.b.page.getByRole('button', { name: t.createAccount }).count()).resolves.toBe(0);
    });
  }
});
