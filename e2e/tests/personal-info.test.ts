import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, openBrowser, url, type Browser } from '../browser.ts';
import { CAPTCHA_ANSWER, createLearner, knownCaptchas, lastSmsCode } from '../accounts.ts';

// Passwords and the sign-in phone: /account?change=7 and /forget, in zh and en (issue 3).

async function signIn(page: Page, phone: string, password: string, prefix = '', host?: 'sfj' | 'global') {
  await page.goto(url(`${prefix}/login`, host));
  const form = page.locator('form#sign-in-password');
  const en = prefix === '/en';
  await form.getByLabel(en ? 'Mobile number' : '手机号码', { exact: true }).fill(phone);
  await form.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(password);
  await form.getByLabel(en ? 'Image code' : '图形验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  await form.getByRole('button', { name: en ? 'Sign in' : '登 录' }).click();
  await page.waitForURL(new RegExp(`${prefix}/home$`));
}

describe.runIf(browserAvailable())('passwords and phone', () => {
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

  it('changes the password (the spec messages first), signs in again with the new one', async () => {
    const learner = await createLearner(1001);
    await signIn(b.page, learner.phone, learner.password);
    await b.page.goto(url('/account?change=7'));
    const info = b.page.locator('.portal-personal-info');
    await expect.poll(() => info.textContent()).toContain(`${learner.phone.slice(0, 3)}****${learner.phone.slice(7)}`);
    await info.getByRole('button', { name: '修改密码' }).click();
    const dialog = b.page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['请输入旧密码', '请输入密码', '请输入确认密码']);
    await dialog.getByLabel('旧密码').fill(learner.password);
    await dialog.getByLabel('新密码').fill('short');
    await dialog.getByLabel('确认密码').fill('Other#2026');
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['密码为8~20位包含英文大、小写字母和数字或特殊字符的组合', '确认密码与新密码不一致']);
    await dialog.getByLabel('新密码').fill('Changed#2026');
    await dialog.getByLabel('确认密码').fill('Changed#2026');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('修改成功');
    await b.page.waitForURL(/\/login$/);
    await signIn(b.page, learner.phone, 'Changed#2026');
  });

  it('changes the sign-in phone with a code sent to the new one (English)', async () => {
    const learner = await createLearner(1001);
    await signIn(b.page, learner.phone, learner.password, '/en');
    await b.page.goto(url('/en/account?change=7'));
    await b.page.locator('.portal-personal-info').getByRole('button', { name: 'Change phone' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Change phone' });
    const newPhone = `136${learner.phone.slice(3)}`;
    await dialog.getByLabel('New phone').fill(newPhone);
    await dialog.getByLabel('Image code').fill(CAPTCHA_ANSWER);
    await dialog.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('SMS code sent, please check');
    await dialog.getByLabel('SMS code').fill(await lastSmsCode(newPhone));
    await dialog.getByRole('button', { name: 'OK' }).click();
    await b.page.waitForURL(/\/en\/login$/);
    await signIn(b.page, newPhone, learner.password, '/en');
  });

  it('resets a forgotten password at /forget', async () => {
    const learner = await createLearner(1001);
    await b.page.goto(url('/login'));
    await b.page.getByRole('link', { name: '忘记密码？' }).click();
    await b.page.waitForURL(/\/forget$/);
    const form = b.page.locator('form#forget');
    await form.getByLabel('手机号码').fill(learner.phone);
    await form.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('短信验证码已发送，请注意查收');
    await form.getByLabel('验证码', { exact: true }).fill(await lastSmsCode(learner.phone));
    await form.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    await form.getByLabel('新密码').fill('Reset#2026');
    await form.getByLabel('确认密码').fill('Reset#2026');
    await form.getByRole('button', { name: '提 交' }).click();
    await b.page.waitForURL(/\/login$/);
    await signIn(b.page, learner.phone, 'Reset#2026');
  });

  it('binds the real name where the site verifies identities; an ID number already bound asks 继续绑定', async () => {
    const first = await createLearner(1002);
    await signIn(b.page, first.phone, first.password, '', 'sfj');
    await b.page.goto(url('/account?change=7', 'sfj'));
    const info = b.page.locator('.portal-personal-info');
    await expect.poll(() => info.textContent()).toContain('请填写真实姓名和身份证号码完成实名认证');
    await expect.poll(() => info.textContent()).toContain('您的个人资料尚未完善：实名认证');
    await info.getByRole('button', { name: '修改', exact: true }).click();
    const dialog = b.page.getByRole('dialog', { name: '实名认证' });
    await dialog.getByLabel('真实姓名').fill('');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['请输入真实姓名', '请输入身份证号码']);
    await dialog.getByLabel('真实姓名').fill('陈实');
    await dialog.getByLabel('身份证号码').fill('110105194912310021');
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['请输入正确的身份证号码']);
    await dialog.getByLabel('身份证号码').fill('11010519491231002x');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('认证成功');
    await expect.poll(() => info.textContent()).toContain('110105********002X');
    expect(await info.getByText('已认证').isVisible()).toBe(true);
    // Verified where the site verifies: no more editing of the identity.
    expect(await info.getByRole('button', { name: '修改', exact: true }).count()).toBe(0);

    const second = await createLearner(1002);
    await b.context.clearCookies();
    await signIn(b.page, second.phone, second.password, '', 'sfj');
    await b.page.goto(url('/account?change=7', 'sfj'));
    await info.getByRole('button', { name: '修改', exact: true }).click();
    await dialog.getByLabel('真实姓名').fill('陈实');
    await dialog.getByLabel('身份证号码').fill('11010519491231002X');
    await dialog.getByRole('button', { name: '确 定' }).click();
    const bound = b.page.getByRole('dialog', { name: '温馨提示' });
    const masked = `${first.phone.slice(0, 3)}****${first.phone.slice(7)}`;
    await expect.poll(() => bound.textContent()).toContain(`该身份证号码已绑定账号 ${masked}`);
    expect(await bound.textContent()).toContain('是否继续绑定当前账号？');
    await bound.getByRole('button', { name: '继续绑定' }).click();
    await expect.poll(() => info.textContent()).toContain('110105********002X');
  });

  it('cancels the account in two steps; the spec messages; afterwards the account is gone', async () => {
    const learner = await createLearner(1001);
    await signIn(b.page, learner.phone, learner.password);
    await b.page.goto(url('/account?change=7'));
    await b.page.locator('.portal-personal-info').getByRole('button', { name: '注销账号' }).click();
    const dialog = b.page.getByRole('dialog', { name: '注销账号' });
    const one = dialog.locator('form#cancel-step-1');
    const two = dialog.locator('form#cancel-step-2');
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('请获取验证码后再提交下一步');
    await one.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    await one.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('短信验证码已发送，请注意查收');
    await one.getByLabel('验证码', { exact: true }).fill(await lastSmsCode(learner.phone));
    await dialog.getByRole('button', { name: '下一步' }).click();

    await two.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    await two.getByLabel('真实姓名').fill('不是我');
    await dialog.getByRole('button', { name: '注销账号' }).click();
    await expect
      .poll(() => two.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['真实姓名不正确', '请填写注销理由']);
    await dialog.getByRole('button', { name: '上一步' }).click();
    expect(await one.getByLabel('验证码', { exact: true }).inputValue()).toMatch(/^\d{6}$/);
    await dialog.getByRole('button', { name: '下一步' }).click();
    await two.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    const realName = await b.page
      .locator('.portal-personal-info')
      .getByText(/^学员\d+$/)
      .first()
      .textContent();
    await two.getByLabel('真实姓名').fill(realName ?? '');
    await two.getByLabel('注销理由').fill('不再使用本平台');
    await dialog.getByRole('button', { name: '注销账号' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('账号已注销');
    await b.page.waitForURL(/\/login$/);
    const form = b.page.locator('form#sign-in-password');
    await form.getByLabel('手机号码').fill(learner.phone);
    await form.getByLabel('密码', { exact: true }).fill(learner.password);
    await form.getByLabel('图形验证码').fill(CAPTCHA_ANSWER);
    await form.getByRole('button', { name: '登 录' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('账号或密码错误');
  });

  it('crops and uploads an avatar (110×110) and a one-inch photo; wrong files get the spec messages', async () => {
    const learner = await createLearner(1001);
    await signIn(b.page, learner.phone, learner.password);
    await b.page.goto(url('/account?change=7'));
    const info = b.page.locator('.portal-personal-info');
    await expect.poll(() => info.getByRole('button', { name: '更换头像' }).isVisible()).toBe(true);
    // A real 300×200 picture, drawn by the browser.
    const dataUrl = await b.page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 300;
      c.height = 200;
      const g = c.getContext('2d')!;
      g.fillStyle = '#2468f2';
      g.fillRect(0, 0, 300, 200);
      g.fillStyle = '#ffffff';
      g.fillRect(100, 50, 100, 100);
      return c.toDataURL('image/png');
    });
    const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');

    const avatarInput = info.getByLabel('更换头像');
    await avatarInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect
      .poll(() => b.page.locator('.ant-message').textContent())
      .toContain('上传头像图片只能是 JPG | JPEG | PNG 格式！');
    await avatarInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(501 * 1024) });
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('上传头像图片大小不能超过 500kb！');
    await avatarInput.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('该图片不支持剪辑');

    await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const cropper = b.page.getByRole('dialog', { name: '裁剪头像' });
    await expect.poll(() => cropper.getByAltText('预览').isVisible()).toBe(true);
    await cropper.getByRole('button', { name: '确 定' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('头像上传成功');
    const avatar = info.locator('.ant-avatar img');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/uploads\/avatars\/1001\/[\w-]+\.png$/);
    const stored = await b.page.evaluate(
      async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      },
      (await avatar.getAttribute('src'))!,
    );
    expect(stored).toEqual([110, 110]);

    await info.getByLabel('上传一寸照').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('一寸照上传成功');
    const photo = info.getByAltText('一寸照');
    await expect
      .poll(() => photo.getAttribute('src'))
      .toMatch(/^\/uploads\/private\/1001\/[\w-]+\.png\?expires=\d+&sig=/);
    expect(await photo.evaluate((img: HTMLImageElement) => [img.width, img.height, img.naturalWidth])).toEqual([
      110, 154, 300,
    ]);
  });

  it('edits the other information with the fields the site configures', async () => {
    const learner = await createLearner(1001);
    await signIn(b.page, learner.phone, learner.password);
    await b.page.goto(url('/account?change=7'));
    const section = b.page.locator('section[aria-labelledby="other-info-title"]');
    await section.getByRole('button', { name: '编辑' }).click();
    const dialog = b.page.getByRole('dialog', { name: '编辑信息' });
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['请选择性别', '请选择学历', '请输入所在单位']);
    const choose = async (label: string, option: string) => {
      await dialog.getByLabel(label, { exact: true }).click();
      await b.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
    };
    await dialog.getByLabel('昵称').fill('编辑后');
    await choose('性别', '男');
    await choose('学历', '硕士');
    await dialog.getByLabel('所在单位').fill('新单位');
    await choose('人员类别', '国有企业人员');
    await choose('行政岗位', '中层管理');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('修改成功');
    await expect.poll(() => section.textContent()).toContain('编辑后');
    const text = await section.textContent();
    expect(text).toContain('新单位');
    expect(text).toContain('国有企业人员 / 中层管理');
  });

  it('after signing in with an incomplete profile, the tip counts down and opens personal information', async () => {
    const learner = await createLearner(1002);
    await signIn(b.page, learner.phone, learner.password, '', 'sfj');
    const tip = b.page.getByRole('dialog', { name: '温馨提示' });
    await expect.poll(() => tip.textContent()).toMatch(/您的个人资料尚未完善，[45]秒后将前往个人信息页完善资料。/);
    await b.page.waitForURL(/\/account\?change=7$/, { timeout: 10_000 });
    // Once per browser session.
    await b.page.goto(url('/home', 'sfj'));
    await b.page.waitForTimeout(1500);
    expect(await tip.count()).toBe(0);
  });

  it('confirms personal and talent information step by step where the site asks for it (English)', async () => {
    const learner = await createLearner(1004);
    await signIn(b.page, learner.phone, learner.password, '/en', 'global');
    const popup = b.page.getByRole('dialog', { name: 'Confirm your information' }).first();
    await expect.poll(() => popup.textContent()).toContain('Please check your personal information below');
    expect(await popup.getByRole('button', { name: 'Previous' }).count()).toBe(0);
    await popup.getByRole('button', { name: 'Next' }).click();
    const warning = b.page
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Please confirm that the personal information above is correct' });
    await warning.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => popup.textContent()).toContain('Please check the talent growth information');
    await popup.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => popup.textContent()).toContain('Please check your personal information below');
    await popup.getByRole('button', { name: 'Next' }).click();
    await b.page
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Please confirm that' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await b.page
      .locator('.ant-modal-confirm')
      .filter({ hasText: 'Your confirmation will be recorded' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect.poll(() => b.page.locator('.ant-message').textContent()).toContain('Confirmed');
    await b.page.reload();
    await b.page.waitForTimeout(1500);
    expect(await b.page.getByRole('dialog', { name: 'Confirm your information' }).count()).toBe(0);
  });
});
