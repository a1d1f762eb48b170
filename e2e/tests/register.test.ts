import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';
import { CAPTCHA_ANSWER, knownCaptchas, lastSmsCode } from '../accounts.ts';
import { chooseOption } from '../antd.ts';
import { localePath, waitForPath, type Lang } from '../langs.ts';
import { watchForFailure } from '../session.ts';

// Registering a new learner with the site's configured form, in zh, and the English form's texts (issue 3).

// The default site (1001) configures 所在单位 as the label of companyName: a site's own Chinese
// label, shown on Chinese pages; English pages show the default English label (Employer).
const zh = {
  registerNow: '立即注册',
  register: '注 册',
  errors: [
    '请输入手机号码',
    '请输入图形验证码',
    '请输入验证码',
    '请输入密码',
    '请输入确认密码',
    '请输入真实姓名',
    '请选择性别',
    '请选择学历',
    '请输入所在单位',
    '请阅读并同意《服务协议》和《隐私政策》',
  ],
  // The consent checkbox and its two links (PIPL).
  agree: '我已阅读并同意',
  agreementLinks: ['《服务协议》', '《隐私政策》'],
  phone: '手机号码',
  imageCode: '图形验证码',
  getCode: '获取验证码',
  codeSent: '短信验证码已发送，请注意查收',
  smsCode: '验证码',
  password: '密码',
  confirmPassword: '确认密码',
  nickname: '昵称',
  realName: '真实姓名',
  gender: ['性别', '女'],
  education: ['学历', '本科'],
  company: '所在单位',
  category: '人员类别',
  civilServant: '公务员',
  jobType: ['职位类型', '综合管理类'],
  duty: ['行政职务', '领导职务'],
  rank: ['职级', '一级主任科员'],
  institution: '事业单位人员',
  postType: ['岗位类型', '专业技术岗位'],
  email: '工作邮箱',
  invalidEmail: ['请输入正确的邮箱地址'],
  // Values typed in.
  newNickname: '新同学',
  newRealName: '林新',
  newCompany: '示例科技有限公司',
  // Phones of this language's registrations: 139 0000 xxxx.
  phonePrefix: '1390000',
};

const TEXTS: Record<Lang, typeof zh> = {
  zh,
  en: {
    registerNow: 'Register now',
    register: 'Register',
    errors: [
      'Please enter your mobile number',
      'Please enter the image code',
      'Please enter the code',
      'Please enter a password',
      'Please enter the password again',
      'Please enter real name',
      'Please select gender',
      'Please select education',
      'Please enter employer',
      'Please read and agree to the terms of service and the privacy policy',
    ],
    agree: 'I have read and agree to the',
    agreementLinks: ['terms of service', 'privacy policy'],
    phone: 'Mobile number',
    imageCode: 'Image code',
    getCode: 'Get code',
    codeSent: 'SMS code sent, please check',
    smsCode: 'SMS code',
    password: 'Password',
    confirmPassword: 'Confirm password',
    nickname: 'Nickname',
    realName: 'Real name',
    gender: ['Gender', 'Female'],
    education: ['Education', 'Bachelor'],
    company: 'Employer',
    category: 'Personal category',
    civilServant: 'Civil servant',
    jobType: ['Job position type', 'General management'],
    duty: ['Administrative duty', 'Leading post'],
    rank: ['Rank', 'First-class principal staff member'],
    institution: 'Public institution staff',
    postType: ['Post type', 'Professional post'],
    email: 'Work email',
    invalidEmail: ['Please enter a valid email address'],
    newNickname: 'Newcomer',
    newRealName: 'Lin Xin',
    newCompany: 'Example Technology Ltd',
    phonePrefix: '1391000',
  },
};

describe.runIf(browserAvailable())('registration', () => {
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

  const form = () => b.page.locator('form#register');
  const choose = (label: string, option: string) => chooseOption(b.page, form(), label, option);

  it('registers on the default site with its configured fields and lands signed in; errors use the spec texts', async () => {
    const lang = 'zh';
    const t = TEXTS[lang];
    const choosePair = ([label, option]: string[]) => choose(label!, option!);
    await b.page.goto(url(localePath(lang, '/login')));
    await b.page.getByRole('link', { name: t.registerNow }).click();
    await waitForPath(b.page, lang, '/register');
    await form().getByRole('button', { name: t.register }).click();
    await expect.poll(() => form().locator('.ant-form-item-explain-error').allTextContents()).toEqual(t.errors);

    const phone = `${t.phonePrefix}${String(Date.now()).slice(-4)}`;
    await form().getByLabel(t.phone).fill(phone);
    await form().getByLabel(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByRole('button', { name: t.getCode }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain(t.codeSent);
    await form()
      .getByLabel(t.smsCode, { exact: true })
      .fill(await lastSmsCode(phone));
    await form().getByLabel(t.imageCode).fill(CAPTCHA_ANSWER);
    await form().getByLabel(t.password, { exact: true }).fill('Newbie#2026');
    await form().getByLabel(t.confirmPassword).fill('Newbie#2026');
    await form().getByLabel(t.nickname).fill(t.newNickname);
    await form().getByLabel(t.realName).fill(t.newRealName);
    await choosePair(t.gender);
    await choosePair(t.education);
    await form().getByLabel(t.company).fill(t.newCompany);
    // The personal-category cascade: civil servants have job position types, duties and ranks.
    await choose(t.category, t.civilServant);
    await choosePair(t.jobType);
    await choosePair(t.duty);
    await choosePair(t.rank);
    // Another category resets and hides the lower levels; institutions have post types, no ranks.
    await choose(t.category, t.institution);
    await expect.poll(() => form().getByLabel(t.rank[0]!, { exact: true }).count()).toBe(0);
    await choosePair(t.postType);
    await form().getByRole('checkbox', { name: t.agree }).check();
    await form().getByLabel(t.email).fill('not-an-email');
    await form().getByRole('button', { name: t.register }).click();
    await expect.poll(() => form().locator('.ant-form-item-explain-error').allTextContents()).toEqual(t.invalidEmail);
    await form().getByLabel(t.email).fill('lin@example.com');
    await form().getByRole('button', { name: t.register }).click();
    await waitForPath(b.page, lang, '/home');
    await expect
      .poll(() => b.page.locator('header.portal-header').getByRole('button', { name: t.newNickname }).isVisible())
      .toBe(true);
  });

  it('the English form: its links, its messages for an empty form and a bad email', async () => {
    const t = TEXTS.en;
    await b.page.goto(url('/en/login'));
    await b.page.getByRole('link', { name: t.registerNow }).click();
    await waitForPath(b.page, 'en', '/register');
    await form().getByRole('button', { name: t.register }).click();
    await expect.poll(() => form().locator('.ant-form-item-explain-error').allTextContents()).toEqual(t.errors);
    await form().getByLabel(t.email).fill('not-an-email');
    await expect
      .poll(() => form().locator('.ant-form-item-explain-error').allTextContents())
      .toContain(t.invalidEmail[0]);
    await choose(t.category, t.civilServant);
    await expect.poll(() => form().getByLabel(t.jobType[0]!, { exact: true }).count()).toBe(1);
    expect(await form().getByRole('button', { name: t.getCode }).count()).toBe(1);
    // Both texts open from the consent, in this language, in a tab of their own.
    for (const [name, type] of [
      [t.agreementLinks[0]!, 'serviceAgreement'],
      [t.agreementLinks[1]!, 'privacyAgreement'],
    ] as const) {
      const link = form().getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(`/en/agreement?type=${type}`);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
  });

  it('a site with registration off sends /register home and shows no register link', async () => {
    await b.page.goto(url('/register', 'yb'));
    await b.page.waitForURL(/\/home$/, { waitUntil: 'commit' });
    await b.page.goto(url('/login', 'yb'));
    await expect.poll(() => b.page.getByRole('tab', { name: '密码登录' }).isVisible()).toBe(true);
    expect(await b.page.getByRole('link', { name: '立即注册' }).count()).toBe(0);
  });

  it('registers in English where the site verifies identities, with the one-inch photo it requires', async () => {
    await b.page.goto(url('/en/register', 'sfj'));
    const f = form();
    await f.getByRole('button', { name: 'Register' }).click();
    const errors = await (async () => {
      await expect.poll(() => f.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(5);
      return f.locator('.ant-form-item-explain-error').allTextContents();
    })();
    expect(errors).toContain('Please enter your ID card number');
    expect(errors).toContain('Please upload a one-inch photo');
    expect(errors).toContain('Please read and agree to the terms of service and the privacy policy');
    const phone = `1370000${String(Date.now()).slice(-4)}`;
    await f.getByLabel('Mobile number').fill(phone);
    await f.getByLabel('Image code').fill(CAPTCHA_ANSWER);
    await f.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('SMS code sent, please check');
    await f.getByLabel('SMS code').fill(await lastSmsCode(phone));
    await f.getByLabel('Image code').fill(CAPTCHA_ANSWER);
    await f.getByLabel('Password', { exact: true }).fill('Newbie#2026');
    await f.getByLabel('Confirm password').fill('Newbie#2026');
    await f.getByLabel('Real name').fill('Lin Xin');
    await f.getByLabel('ID number').fill('440301198506151238');
    await choose('Gender', 'Female');
    await choose('Personal category', 'Public institution staff');
    await choose('Post type', 'Professional post');
    await choose('Administrative duty', 'Senior title');
    await f.getByLabel('Employer').fill('Example Bureau');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await f.getByLabel('Upload one-inch photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => f.getByAltText('One-inch photo').isVisible()).toBe(true);
    await f.getByRole('checkbox', { name: 'I have read and agree to the' }).check();
    await f.getByRole('button', { name: 'Register' }).click();
    await b.page.waitForURL(/\/en\/home$/, { waitUntil: 'commit' });
  });

  it('an organisation applies to join at /company/in with its unified social credit code', async () => {
    await b.page.goto(url('/company/in'));
    const f = b.page.locator('form#company-in');
    await f.getByRole('button', { name: '提 交' }).click();
    await expect
      .poll(() => f.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['请输入企业名称', '请输入统一社会信用代码', '请输入联系人', '请输入手机号码', '请输入图形验证码']);
    await f.getByLabel('企业名称').fill('示例入驻企业');
    await f.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
    await expect
      .poll(() => f.locator('.ant-form-item-explain-error').first().textContent())
      .toBe('请输入正确的统一社会信用代码');
    await f.getByLabel('统一社会信用代码').fill('91350100m000100y43');
    await f.getByLabel('联系人').fill('王经理');
    await f.getByLabel('联系电话').fill('13912345678');
    await f.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    await f.getByRole('button', { name: '提 交' }).click();
    await expect
      .poll(() => b.page.locator('.ant-result-title').textContent())
      .toBe('入驻申请已提交，我们将尽快与您联系');
  });
});
