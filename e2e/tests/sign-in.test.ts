import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';
import { CAPTCHA_ANSWER, createLearner, knownCaptchas, lastSmsCode } from '../accounts.ts';

// Signing in, the header's user menu, signing out and choosing an enterprise, with the demo
// accounts (password Demo@2026) in a real Chromium (issue 3).
const PASSWORD = 'Demo@2026';

describe.runIf(browserAvailable())('signing in', () => {
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

  const form = () => b.page.locator('form[id^="sign-in-"]:visible');
  const field = (label: string) => form().getByLabel(label, { exact: true });

  it('shows the spec messages for an empty or malformed form, and 账号或密码错误 for a wrong password', async () => {
    await b.page.goto(url('/login'));
    await form().getByRole('button', { name: '登 录' }).click();
    await expect
      .poll(() => form().locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['请输入手机号码', '请输入密码', '请输入图形验证码']);
    await field('手机号码').fill('12345');
    await expect
      .poll(() => form().locator('.ant-form-item-explain-error').first().textContent())
      .toBe('请输入正确的手机号码');

    await field('手机号码').fill('13800000001');
    await field('密码').fill('Wrong@2026');
    await field('图形验证码').fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: '登 录' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('账号或密码错误');
    // The captcha is used up: the field is emptied for the next one.
    await expect.poll(() => field('图形验证码').inputValue()).toBe('');
  });

  it('signs in with the password and returns to the page asked for; the user menu; signing out', async () => {
    await b.page.goto(url('/account?change=7'));
    await b.page.waitForURL(/\/login\?redirect=/);
    expect(new URL(b.page.url()).searchParams.get('redirect')).toBe('/account?change=7');

    await field('手机号码').fill('13800000002');
    await field('密码').fill(PASSWORD);
    await field('图形验证码').fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: '登 录' }).click();
    await b.page.waitForURL(/\/account\?change=7$/);

    // The header: administrator button, name, menu entries (1001 hides 9, my check-ins).
    const header = b.page.locator('header.portal-header');
    await expect.poll(() => header.getByRole('link', { name: '管理后台' }).getAttribute('href')).toBe('/crm/');
    const name = header.getByRole('button', { name: '李静' });
    await name.hover();
    const menu = b.page.getByRole('navigation', { name: '个人中心菜单' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      '个人信息',
      '我的学习',
      '培训档案',
      '我的档案',
      '我的订单',
      '我的报名',
      '我的留言',
      '总学分 0',
      '证书 0',
    ]);
    expect(await menu.getByRole('link', { name: '个人信息' }).getAttribute('href')).toBe('/account?change=7');

    await menu.getByRole('button', { name: '退出登录' }).click();
    const dialog = b.page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('确定要退出登录吗？');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await b.page.waitForURL(/\/login$/);
    // The session is over: the account area asks to sign in again.
    await b.page.goto(url('/account'));
    await b.page.waitForURL(/\/login\?redirect=%2Faccount$/);
  });

  it('signs in with an SMS code in English', async () => {
    await b.page.goto(url('/en/login', 'global'));
    await b.page.getByRole('tab', { name: 'SMS code' }).click();
    await field('Mobile number').fill('13800000003');
    await field('Image code').fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('SMS code sent, please check');
    await expect.poll(() => form().locator('.portal-sms-button').textContent()).toMatch(/Again in 5\d s/);
    await field('SMS code').fill(await lastSmsCode('13800000003'));
    await form().getByRole('button', { name: 'Sign in' }).click();
    await b.page.waitForURL(/\/en\/home$/);
    await expect
      .poll(() => b.page.locator('header.portal-header').getByRole('button', { name: '王磊' }).isVisible())
      .toBe(true);
  });

  it('a person of several enterprises signing in elsewhere chooses one at /company', async () => {
    await b.page.goto(url('/login', 'yb'));
    await field('手机号码').fill('13800000001');
    await field('密码').fill(PASSWORD);
    await field('图形验证码').fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: '登 录' }).click();
    await b.page.waitForURL(/\/company\?redirect=%2Fhome$/);
    // Any other page leads back here until one is chosen.
    await b.page.goto(url('/about', 'yb'));
    await b.page.waitForURL(/\/company\?redirect=%2Fabout$/);
    const list = b.page.locator('.portal-company .ant-list-item');
    await expect.poll(() => list.count()).toBe(2);
    await b.page.getByRole('button', { name: '进入 司法行政干部教育培训平台' }).click();
    await b.page.waitForURL(/\/about$/);
    expect(await b.page.title()).toBe('司法行政干部教育培训平台');
  });

  it('signs in with an employee number on the enterprise of the site', async () => {
    await b.page.goto(url('/login'));
    await b.page.getByRole('tab', { name: '工号登录' }).click();
    await field('工号').fill('E0001');
    await field('密码').fill(PASSWORD);
    await field('图形验证码').fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: '登 录' }).click();
    await b.page.waitForURL(/\/home$/);
    expect(await b.page.title()).toBe('智学企业培训平台');
    await expect
      .poll(() => b.page.locator('header.portal-header').getByRole('button', { name: '张晓明' }).isVisible())
      .toBe(true);
  });

  it('signs in with DingTalk (dev provider): an unknown identity is bound by signing in, then signs in alone', async () => {
    const learner = await createLearner(1001);
    const user = `e2e${Date.now()}`;
    const viaDingTalk = async () => {
      await b.page.goto(url('/login'));
      await b.page.getByRole('group', { name: '其他登录方式' }).getByRole('button', { name: '钉钉' }).click();
      await b.page.waitForURL(/\/gateway\/dev\/api\/oauth\/authorize\?provider=dingding&state=LEARNPORTAL_/);
      expect(await b.page.title()).toBe('模拟钉钉授权');
      await b.page.getByLabel('测试用户名').fill(user);
      await b.page.getByRole('button', { name: '授权登录' }).click();
    };
    await viaDingTalk();
    await b.page.waitForURL(/\/thirdLogin$/);
    const bind = b.page.locator('form#third-login');
    await bind.getByLabel('手机号码').fill(learner.phone);
    await bind.getByLabel('密码', { exact: true }).fill(learner.password);
    await bind.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    await bind.getByRole('button', { name: '登录并绑定' }).click();
    await b.page.waitForURL(/\/home$/);

    await b.context.clearCookies();
    await viaDingTalk();
    await b.page.waitForURL(/\/home$/);
    await b.page.goto(url('/account?change=7'));
    const section = b.page.locator('section[aria-labelledby="third-party-title"]');
    await expect.poll(() => section.textContent()).toContain(user);
    await section.getByRole('button', { name: '解绑 钉钉' }).click();
    await b.page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('解绑成功');
    await expect.poll(() => section.getByRole('button', { name: '绑定 钉钉' }).isVisible()).toBe(true);
  });
});
