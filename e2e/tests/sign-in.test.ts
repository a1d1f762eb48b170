import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';
import { CAPTCHA_ANSWER, createLearner, knownCaptchas, lastSmsCode } from '../accounts.ts';
import { SIGN_IN_TEXTS, localePath, waitForPath, type Lang } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';
import { animatesDuring, openedDialog } from '../antd.ts';
import { watchForFailure } from '../session.ts';

// Signing in, the header's user menu, signing out and choosing or switching the enterprise, with
// the demo accounts (password Demo@2026) in a real Chromium, each flow in one language with the
// other language's texts checked (issue 3).
const PASSWORD = 'Demo@2026';

const zh = {
  ...SIGN_IN_TEXTS.zh,
  errors: ['请输入手机号码', '请输入密码', '请输入图形验证码'],
  invalidPhone: '请输入正确的手机号码',
  wrongPassword: '账号或密码错误',
  admin: '管理后台',
  menu: '个人中心菜单',
  // The menu of a member of 1001, which hides 4 (我的订单).
  entries: [
    '个人信息',
    '我的学习',
    '培训档案',
    '我的档案',
    '我的报名',
    '我的签到',
    '我的留言',
    '总学分 75.5',
    '证书 4',
  ],
  signOut: '退出登录',
  signOutConfirm: '确定要退出登录吗？',
  ok: '确 定',
  byCode: '验证码登录',
  getCode: '获取验证码',
  codeSent: '短信验证码已发送，请注意查收',
  resendIn: /^5\d秒后重新获取$/,
  smsCode: '验证码',
  // The demo account and site signing in with an SMS code (one account per language: a phone
  // gets one code a minute).
  smsAccount: { phone: '13800000001', name: '张晓明', host: undefined as 'global' | undefined },
  enter: '进入',
  current: '当前',
  orders: '我的订单',
  verifyBanner: '请填写真实姓名和身份证号码完成实名认证',
  notice: '温馨提示',
  handoff: '以 张*明（138****0001）的身份登录司法行政干部教育培训平台？',
  handoffContinue: '继续登录',
};

const TEXTS: Record<Lang, typeof zh> = {
  zh,
  en: {
    ...SIGN_IN_TEXTS.en,
    errors: ['Please enter your mobile number', 'Please enter your password', 'Please enter the image code'],
    invalidPhone: 'Please enter a valid mobile number',
    wrongPassword: 'Wrong account or password',
    admin: 'Admin',
    menu: 'Account menu',
    entries: [
      'Personal information',
      'My study',
      'Training records',
      'My records',
      'My enrolments',
      'My check-ins',
      'My messages',
      'Total credits 75.5',
      'Certificates 4',
    ],
    signOut: 'Sign out',
    signOutConfirm: 'Are you sure you want to log out?',
    ok: 'OK',
    byCode: 'SMS code',
    getCode: 'Get code',
    codeSent: 'SMS code sent, please check',
    resendIn: /^Again in 5\d s$/,
    smsCode: 'SMS code',
    smsAccount: { phone: '13800000003', name: '王磊', host: 'global' },
    enter: 'Enter',
    current: 'Current',
    orders: 'My orders',
    verifyBanner: 'Please enter your real name and ID number to verify your identity',
    notice: 'Notice',
    handoff: 'Sign in to 司法行政干部教育培训平台 as 张*明 (138****0001)?',
    handoffContinue: 'Continue',
  },
};

describe.runIf(browserAvailable())('signing in', () => {
  let b: Browser;
  let captchas: { close(): Promise<void> };
  beforeAll(async () => {
    b = await openBrowser();
  });
  afterAll(async () => b?.close());
  beforeEach(async ({ onTestFailed, onTestFinished }) => {
    // What the page showed, printed with a failure (session.ts).
    onTestFinished(watchForFailure(b.page, onTestFailed));
    await b.context.clearCookies();
    captchas = await knownCaptchas(b.page);
  });
  afterEach(async () => {
    await b.page.unrouteAll({ behavior: 'ignoreErrors' });
    await captchas.close();
  });

  const form = () => b.page.locator('form[id^="sign-in-"]:visible');
  /** On the chosen enterprise's own address: whom the link signs in, then 继续登录 / Continue. */
  const confirmHandoff = async (lang: Lang) => {
    await b.page.waitForURL((u) => u.hostname === 'sfj.localhost' && u.pathname === localePath(lang, '/callbackLogin'));
    const t = TEXTS[lang];
    await expect.poll(() => b.page.locator('.ant-result-subtitle').textContent()).toBe(t.handoff);
    await b.page.getByRole('button', { name: t.handoffContinue }).click();
  };
  const field = (label: string) => form().getByLabel(label, { exact: true });

  it('shows the spec messages for an empty or malformed form, and the wrong-password message', async () => {
    const t = TEXTS.zh;
    await b.page.goto(url('/login'));
    await form().getByRole('button', { name: t.signIn }).click();
    await expect.poll(() => form().locator('.ant-form-item-explain-error').allTextContents()).toEqual(t.errors);
    await field(t.phone).fill('12345');
    await expect.poll(() => form().locator('.ant-form-item-explain-error').first().textContent()).toBe(t.invalidPhone);

    await field(t.phone).fill('13800000001');
    await field(t.password).fill('Wrong@2026');
    await field(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.signIn }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain(t.wrongPassword);
    // The captcha is used up: the field is emptied for the next one.
    await expect.poll(() => field(t.imageCode).inputValue()).toBe('');
  });

  it('the English form: its messages for an empty or malformed form and a wrong password', async () => {
    const t = TEXTS.en;
    await b.page.goto(url('/en/login'));
    await form().getByRole('button', { name: t.signIn }).click();
    await expect.poll(() => form().locator('.ant-form-item-explain-error').allTextContents()).toEqual(t.errors);
    await field(t.phone).fill('12345');
    await expect.poll(() => form().locator('.ant-form-item-explain-error').first().textContent()).toBe(t.invalidPhone);
    await field(t.phone).fill('13800000001');
    await field(t.password).fill('Wrong@2026');
    await field(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.signIn }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain(t.wrongPassword);
  });

  it('signs in with the password and returns to the page asked for; the user menu; signing out', async () => {
    const lang = 'zh';
    const t = TEXTS[lang];
    await b.page.goto(url(localePath(lang, '/account?change=7')));
    await b.page.waitForURL((u) => u.pathname === localePath(lang, '/login'));
    expect(new URL(b.page.url()).searchParams.get('redirect')).toBe(localePath(lang, '/account?change=7'));

    await field(t.phone).fill('13800000002');
    await field(t.password).fill(PASSWORD);
    await field(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.signIn }).click();
    await waitForPath(b.page, lang, '/account?change=7');

    // The header: administrator button, name, menu entries (1001 hides 9, my check-ins).
    const header = b.page.locator('header.portal-header');
    await expect.poll(() => header.getByRole('link', { name: t.admin }).getAttribute('href')).toBe('/crm/');
    const name = header.getByRole('button', { name: '李静' });
    await name.hover();
    const menu = b.page.getByRole('navigation', { name: t.menu });
    expect(await menu.getByRole('link').allTextContents()).toEqual(t.entries);
    expect(await menu.getByRole('link', { name: t.entries[0] }).getAttribute('href')).toBe(
      localePath(lang, '/account?change=7'),
    );

    // For everyone who has not asked for reduced motion, the confirmation zooms in (decision 044).
    await b.page.emulateMedia({ reducedMotion: 'no-preference' });
    const dialog = b.page.getByRole('dialog');
    const animated = await animatesDuring(b.page, async () => {
      await menu.getByRole('button', { name: t.signOut }).click();
      await openedDialog(b.page, dialog);
    });
    expect(animated).toBe(true);
    await b.page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => dialog.textContent()).toContain(t.signOutConfirm);
    await dialog.getByRole('button', { name: t.ok }).click();
    await waitForPath(b.page, lang, '/login');
    // The session is over: the account area asks to sign in again.
    await b.page.goto(url(localePath(lang, '/account')));
    await waitForPath(b.page, lang, `/login?redirect=${encodeURIComponent(localePath(lang, '/account'))}`);
  });

  it('the English user menu and sign-out confirmation', async () => {
    const t = TEXTS.en;
    await signInAs(b, { phone: '13800000002', password: PASSWORD }, { lang: 'en', path: '/account?change=7' });
    const header = b.page.locator('header.portal-header');
    await expect.poll(() => header.getByRole('link', { name: t.admin }).getAttribute('href')).toBe('/crm/');
    await header.getByRole('button', { name: '李静' }).hover();
    const menu = b.page.getByRole('navigation', { name: t.menu });
    expect(await menu.getByRole('link').allTextContents()).toEqual(t.entries);
    expect(await menu.getByRole('link', { name: t.entries[0] }).getAttribute('href')).toBe('/en/account?change=7');
    const dialog = b.page.getByRole('dialog');
    // Reduced motion asked for (browser.ts): it is there at once.
    const animated = await animatesDuring(b.page, async () => {
      await menu.getByRole('button', { name: t.signOut }).click();
      await openedDialog(b.page, dialog);
    });
    expect(animated).toBe(false);
    await expect.poll(() => dialog.textContent()).toContain(t.signOutConfirm);
    await dialog.getByRole('button', { name: t.ok }).click();
    await waitForPath(b.page, 'en', '/login');
  });

  it('signs in with an SMS code', async () => {
    const lang = 'zh';
    const t = TEXTS[lang];
    const { phone, name, host } = t.smsAccount;
    await b.page.goto(url('/login', host));
    await b.page.getByRole('tab', { name: t.byCode }).click();
    await field(t.phone).fill(phone);
    await field(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.getCode }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain(t.codeSent);
    await expect.poll(() => form().locator('.portal-sms-button').textContent()).toMatch(t.resendIn);
    await field(t.smsCode).fill(await lastSmsCode(phone));
    await form().getByRole('button', { name: t.signIn }).click();
    await waitForPath(b.page, lang, '/home');
    await expect
      .poll(() => b.page.locator('header.portal-header').getByRole('button', { name }).isVisible())
      .toBe(true);
  });

  it('the English SMS-code tab: the code sent and the countdown in English', async () => {
    const t = TEXTS.en;
    const { phone, host } = t.smsAccount;
    await b.page.goto(url('/en/login', host));
    await b.page.getByRole('tab', { name: t.byCode }).click();
    await field(t.phone).fill(phone);
    await field(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.getCode }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain(t.codeSent);
    await expect.poll(() => form().locator('.portal-sms-button').textContent()).toMatch(t.resendIn);
    expect(await field(t.smsCode).count()).toBe(1);
  });

  // In English (the handoff's and the list's English texts); the switch below runs in Chinese.
  it('a person of several enterprises signing in elsewhere chooses one at /company (English)', async () => {
    const lang = 'en';
    const t = TEXTS[lang];
    await b.page.goto(url(localePath(lang, '/login'), 'yb'));
    await field(t.phone).fill('13800000001');
    await field(t.password).fill(PASSWORD);
    await field(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.signIn }).click();
    await waitForPath(b.page, lang, `/company?redirect=${encodeURIComponent(localePath(lang, '/home'))}`);
    // Any other page leads back here until one is chosen.
    await b.page.goto(url(localePath(lang, '/about'), 'yb'));
    await waitForPath(b.page, lang, `/company?redirect=${encodeURIComponent(localePath(lang, '/about'))}`);
    const list = b.page.locator('.portal-company .ant-list-item');
    await expect.poll(() => list.count()).toBe(2);
    await b.page.getByRole('button', { name: `${t.enter} 司法行政干部教育培训平台` }).click();
    // 1002 has its own address: the browser goes there and, once the person confirms who signs in,
    // is signed in there, on the page asked for.
    await confirmHandoff(lang);
    await b.page.waitForURL((u) => u.hostname === 'sfj.localhost' && u.pathname === localePath(lang, '/about'));
    expect(await b.page.title()).toBe('司法行政干部教育培训平台');
    await expect
      .poll(() => b.page.locator('header.portal-header').getByRole('button', { name: '张晓明' }).isVisible())
      .toBe(true);
  });

  it('a member of two enterprises switches at /company while signed in: header and data are the other one’s', async () => {
    const lang = 'zh';
    const t = TEXTS[lang];
    const account = localePath(lang, '/account?change=7');
    await b.page.goto(url(account));
    await field(t.phone).fill('13800000001');
    await field(t.password).fill(PASSWORD);
    await field(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.signIn }).click();
    await waitForPath(b.page, lang, '/account?change=7');
    const header = b.page.locator('header.portal-header');
    const logo = header.locator('.portal-logo img');
    const info = b.page.locator('.portal-personal-info');
    const theme = () =>
      b.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--portal-theme'));
    const menuEntries = async () => {
      await header.getByRole('button', { name: '张晓明' }).hover();
      return b.page.getByRole('navigation', { name: t.menu }).getByRole('link').allTextContents();
    };
    // 1001 (this address's site): its logo, its menu without my check-ins, no identity check.
    await expect.poll(() => logo.getAttribute('alt')).toBe('智学企业培训平台');
    expect(await logo.getAttribute('src')).toBe('/demo/zhixue-logo.svg');
    expect(await b.page.title()).toBe('智学企业培训平台');
    // The site's #2468f2 as the portal shows it on text: its readable shade (decision 025).
    expect(await theme()).toBe('#2364e8');
    await expect.poll(() => info.textContent()).toContain('138****0001');
    expect(await info.textContent()).not.toContain(t.verifyBanner);
    expect(await menuEntries()).toEqual(t.entries);

    await b.page.goto(url(`${localePath(lang, '/company')}?redirect=${encodeURIComponent(account)}`));
    const items = b.page.locator('.portal-company .ant-list-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.filter({ hasText: '智学企业培训平台' }).locator('.ant-tag').textContent()).toBe(t.current);
    expect(await items.filter({ hasText: '司法行政干部教育培训平台' }).locator('.ant-tag').count()).toBe(0);
    await b.page.getByRole('button', { name: `${t.enter} 司法行政干部教育培训平台` }).click();
    // 1002 has its own address (sfj.localhost): the browser goes there, signed in once the person
    // confirms, to the page it was on; no wrong-domain alert.
    await confirmHandoff(lang);
    await b.page.waitForURL((u) => u.hostname === 'sfj.localhost' && `${u.pathname}${u.search}` === account);
    const alert = b.page.getByRole('dialog', { name: t.notice });
    // 1002's title, logo and theme, its identity check, its menu.
    await expect.poll(() => logo.getAttribute('alt')).toBe('司法行政干部教育培训平台');
    expect(await logo.getAttribute('src')).toBe('/demo/sfj-logo.svg');
    expect(await b.page.title()).toBe('司法行政干部教育培训平台');
    expect(await theme()).toBe('#b4232a');
    await expect.poll(() => info.textContent()).toContain(t.verifyBanner);
    // 1002 hides no entry: my orders is back, after my records.
    expect(await alert.count()).toBe(0);
    expect(await menuEntries()).toEqual([...t.entries.slice(0, 4), t.orders, ...t.entries.slice(4)]);
    await b.page.goto(url(localePath(lang, '/company'), 'sfj'));
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.filter({ hasText: '司法行政干部教育培训平台' }).locator('.ant-tag').textContent()).toBe(
      t.current,
    );
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
