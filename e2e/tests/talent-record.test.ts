import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { createLearner } from '../accounts.ts';
import { expectAccessible } from '../a11y.ts';
import { chooseOption } from '../antd.ts';
import { browserAvailable } from '../browser.ts';
import { declineProfileTip, waitForPath, type Lang } from '../langs.ts';
import { portal } from '../portal.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';

// The talent-pool record (/account/fileRegister, issue 24 part 2): six sections, each saved on its
// own with the spec's messages (account-area.md section 5 "Talent record"); the fields section 2
// shows follow the classification and the post type (section 4); the values stay after a reload;
// leaving with a changed form asks first, and the leave page names the saved and unsaved sections.
// A flow in Chinese on the default demo site, then the English texts on the English demo site.

const TEXTS = {
  zh: {
    title: '人才档案登记',
    headings: ['基本信息', '个人信息', '人员信息', '业务信息', '学历类型', '职业信息', '主要经历'],
    // antd spaces a two-character Chinese button text.
    save: /^保\s?存$/,
    saved: '保存成功',
    leave: '退出登记',
    ok: /^确\s?定$/,
    cancel: /^取\s?消$/,
    unsaved: '有未保存的修改，确定离开吗？',
    personalEmpty: ['请选择性别', '请选择出生日期', '请选择民族', '请选择政治面貌'],
    label: {
      sex: '性别',
      birthday: '出生日期',
      nation: '民族',
      political: '政治面貌',
      nativePlace: '籍贯',
      startWork: '参加工作时间',
      company: '工作单位',
      position: '单位职务',
      region: '所在地区',
      classification: '人员类别',
      postType: '岗位类型',
      postLevel: '管理岗位等级',
      hierarchy: '岗位层级',
      slots: ['第一业务领域', '第二业务领域', '第三业务领域'],
    },
    option: {
      male: '男',
      han: '汉族',
      party: '中共党员',
      staffed: '事业单位在编人员',
      management: '管理岗',
      enterprise: '企业人员',
      middle: '中层管理人员',
    },
    employmentEmpty: ['请选择参加工作时间', '请输入工作单位', '请输入单位职务', '请选择所在地区', '请选择岗位层级'],
    businessEmpty: ['业务领域至少选择一个'],
    businessRepeat: ['业务领域不能重复'],
    business: [
      ['综合管理', '行政管理'],
      ['信息技术', '数据分析'],
    ],
    sectionSaved: '已保存',
    leavePage: {
      title: '离开人才档案登记',
      saved: ['个人信息', '人员信息', '业务信息'],
      unsaved: ['学历类型', '职业信息', '主要经历'],
      back: '返回继续填写',
      confirm: '确认离开',
    },
  },
  en: {
    title: 'Talent record',
    headings: [
      'Profile',
      'Personal information',
      'Employment information',
      'Business areas',
      'Education',
      'Career information',
      'Main experience',
    ],
    save: /^Save$/,
    saved: 'Saved',
    leave: 'Leave',
    ok: /^OK$/,
    unsaved: 'You have unsaved changes. Leave this page?',
    personalEmpty: ['Choose gender', 'Choose date of birth', 'Choose ethnic group', 'Choose political status'],
    label: {
      nativePlace: 'Native place',
      classification: 'Staff category',
      postType: 'Post type',
      postLevel: 'Management post level',
      hierarchy: 'Position level',
      slots: ['First business area', 'Second business area', 'Third business area'],
    },
    option: {
      staffed: 'Public institution staff (established post)',
      management: 'Management post',
      enterprise: 'Enterprise staff',
    },
    employmentEmpty: [
      'Choose when you started work',
      'Enter employer',
      'Enter position at work',
      'Choose region',
      'Choose position level',
    ],
    businessEmpty: ['Choose at least one business area'],
    business: ['General management', 'Administration'],
    leavePage: {
      title: 'Leave the talent record',
      saved: ['Business areas'],
      unsaved: ['Personal information', 'Employment information', 'Education', 'Career information', 'Main experience'],
      back: 'Back to the record',
      confirm: 'Confirm and leave',
    },
  },
};

describe.runIf(browserAvailable())('the talent record', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  const section = (n: number) => page().locator(`section[aria-labelledby="talent-section-${n}-title"]`);
  const errors = (scope: Locator) => scope.locator('.ant-form-item-explain-error').allTextContents();
  const toast = (text: string) => page().locator('.ant-message').getByText(text, { exact: true }).first().waitFor();
  /** What the select, date picker or cascader labelled `label` shows. */
  const shown = (scope: Locator, label: string) =>
    scope
      .locator('.ant-form-item')
      .filter({ has: page().getByLabel(label, { exact: true }) })
      .locator('.ant-select, .ant-picker')
      .first()
      .evaluate((el) => {
        const input = el.querySelector('input');
        return el.classList.contains('ant-picker') ? (input?.value ?? '') : (el as HTMLElement).innerText.trim();
      });

  /** Types a date into the picker labelled `label` and takes it with Enter. */
  const fillDate = async (scope: Locator, label: string, value: string) => {
    const input = scope.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect.poll(() => shown(scope, label)).toBe(value);
    await page().locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  };

  /** Chooses a path in the cascader labelled `label`, level by level, as a person clicks it. */
  const pickPath = async (scope: Locator, label: string, path: string[]) => {
    await scope.getByLabel(label, { exact: true }).click();
    const list = page().locator('.ant-cascader-dropdown:visible');
    for (const name of path) await list.locator(`.ant-cascader-menu-item[title="${name}"]`).click();
    await expect.poll(() => shown(scope, label)).toBe(path.join(' / '));
  };

  /**
   * Past what a new browser session shows after signing in: the profile tip (where the profile is
   * not complete) and then the site's popup announcements, closed.
   */
  const pastPrompts = async (p: Page, lang: Lang) => {
    const tip = p.getByRole('dialog').getByRole('button', { name: lang === 'en' ? 'Cancel' : '取 消' });
    const popupClose = p.locator('.portal-announcement-popup-x');
    await tip.or(popupClose).first().waitFor({ timeout: 15_000 });
    if (await tip.isVisible()) await declineProfileTip(p, lang);
    await popupClose.waitFor({ timeout: 15_000 });
    await popupClose.click();
    await popupClose.waitFor({ state: 'hidden' });
  };

  const leaveLists = async () => ({
    saved: await page().locator('.portal-talent-leave-list.is-saved li').allTextContents(),
    unsaved: await page().locator('.portal-talent-leave-list.is-unsaved li').allTextContents(),
  });

  it('saves the record section by section with the spec messages; the values stay; leaving unsaved asks', async () => {
    const t = TEXTS.zh;
    await signInAs(session.b, await createLearner(1001), { path: '/account/fileRegister' });
    await pastPrompts(page(), 'zh');
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await page().locator('.portal-talent-section-title').allTextContents()).toEqual(t.headings);

    // 1 个人信息: saved empty, the required choices are named; filled, it saves.
    const one = section(1);
    await one.getByRole('button', { name: t.save }).click();
    await expect.poll(() => errors(one)).toEqual(t.personalEmpty);
    await chooseOption(page(), one, t.label.sex, t.option.male);
    await fillDate(one, t.label.birthday, '1990-05-01');
    await chooseOption(page(), one, t.label.nation, t.option.han);
    await chooseOption(page(), one, t.label.political, t.option.party);
    await one.getByLabel(t.label.nativePlace, { exact: true }).fill('广西南宁');
    await expect.poll(() => errors(one)).toEqual([]);
    await one.getByRole('button', { name: t.save }).click();
    await toast(t.saved);
    await expect.poll(() => one.locator('.ant-card-extra').textContent()).toBe(t.sectionSaved);

    // 2 人员信息: the post fields follow the classification and the post type.
    const two = section(2);
    await chooseOption(page(), two, t.label.classification, t.option.staffed);
    await chooseOption(page(), two, t.label.postType, t.option.management);
    await two.getByLabel(t.label.postLevel, { exact: true }).waitFor();
    await chooseOption(page(), two, t.label.classification, t.option.enterprise);
    await two.getByLabel(t.label.hierarchy, { exact: true }).waitFor();
    expect(await two.getByLabel(t.label.postLevel, { exact: true }).count()).toBe(0);
    expect(await two.getByLabel(t.label.postType, { exact: true }).count()).toBe(0);
    await two.getByRole('button', { name: t.save }).click();
    await expect.poll(() => errors(two)).toEqual(t.employmentEmpty);
    await fillDate(two, t.label.startWork, '2012-07-01');
    await two.getByLabel(t.label.company, { exact: true }).fill('南宁市医疗保障局');
    await two.getByLabel(t.label.position, { exact: true }).fill('科员');
    await pickPath(two, t.label.region, ['南宁市', '青秀区']);
    await chooseOption(page(), two, t.label.hierarchy, t.option.middle);
    await expect.poll(() => errors(two)).toEqual([]);
    await two.getByRole('button', { name: t.save }).click();
    await toast(t.saved);
    await expect.poll(() => two.locator('.ant-card-extra').textContent()).toBe(t.sectionSaved);

    // 3 业务信息: at least one, none twice.
    const three = section(3);
    await three.getByRole('button', { name: t.save }).click();
    await expect.poll(() => errors(three)).toEqual(t.businessEmpty);
    await pickPath(three, t.label.slots[0]!, t.business[0]!);
    await pickPath(three, t.label.slots[1]!, t.business[0]!);
    await expect.poll(() => errors(three)).toEqual(t.businessRepeat);
    await pickPath(three, t.label.slots[1]!, t.business[1]!);
    await expect.poll(() => errors(three)).toEqual([]);
    await three.getByRole('button', { name: t.save }).click();
    await toast(t.saved);
    await expect.poll(() => three.locator('.ant-card-extra').textContent()).toBe(t.sectionSaved);

    // Loaded again: what was saved is there.
    await page().reload();
    await expect.poll(() => shown(one, t.label.sex)).toBe(t.option.male);
    expect(await shown(one, t.label.birthday)).toBe('1990-05-01');
    expect(await shown(one, t.label.nation)).toBe(t.option.han);
    expect(await one.getByLabel(t.label.nativePlace, { exact: true }).inputValue()).toBe('广西南宁');
    expect(await shown(two, t.label.classification)).toBe(t.option.enterprise);
    expect(await shown(two, t.label.hierarchy)).toBe(t.option.middle);
    expect(await two.getByLabel(t.label.company, { exact: true }).inputValue()).toBe('南宁市医疗保障局');
    await expect.poll(() => shown(two, t.label.region)).toBe('南宁市 / 青秀区');
    await expect.poll(() => shown(three, t.label.slots[0]!)).toBe(t.business[0]!.join(' / '));
    expect(await shown(three, t.label.slots[1]!)).toBe(t.business[1]!.join(' / '));

    // A changed form: leaving asks first; 取消 stays.
    await two.getByLabel(t.label.company, { exact: true }).fill('另一个单位');
    await page().getByRole('button', { name: t.leave, exact: true }).click();
    const confirm = page().locator('.ant-modal-confirm').filter({ hasText: t.unsaved });
    await confirm.waitFor();
    await expectAccessible(page(), 'unsaved-changes confirm');
    await confirm.getByRole('button', { name: t.cancel }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(new URL(page().url()).pathname).toBe('/account/fileRegister');
    expect(await two.getByLabel(t.label.company, { exact: true }).inputValue()).toBe('另一个单位');
    await page().getByRole('button', { name: t.leave, exact: true }).click();
    await confirm.getByRole('button', { name: t.ok }).click();
    await waitForPath(page(), 'zh', '/account/fileRegister/leave');

    // The leave page names what is saved and what is not.
    // The address changes before the new page has rendered: waited for.
    await expect.poll(() => page().getByRole('heading', { level: 1 }).textContent()).toBe(t.leavePage.title);
    expect(await leaveLists()).toEqual({ saved: t.leavePage.saved, unsaved: t.leavePage.unsaved });
    await page().getByRole('button', { name: t.leavePage.back }).click();
    await waitForPath(page(), 'zh', '/account/fileRegister');
    // The change was not saved; nothing changed now, so leaving does not ask.
    await expect
      .poll(() => section(2).getByLabel(t.label.company, { exact: true }).inputValue())
      .toBe('南宁市医疗保障局');
    await page().getByRole('button', { name: t.leave, exact: true }).click();
    await waitForPath(page(), 'zh', '/account/fileRegister/leave');
    await page().getByRole('button', { name: t.leavePage.confirm }).click();
    await waitForPath(page(), 'zh', '/account');
  });

  it('the English texts on the English site', async () => {
    const t = TEXTS.en;
    const eid = 1004;
    const learner = await createLearner(eid);
    // The site asks its learners to confirm their information first (a popup with its own test,
    // personal-info.test.ts): confirmed already here.
    const [account] = await db
      .select({ id: schema.accounts.id })
      .from(schema.accounts)
      .where(eq(schema.accounts.phone, learner.phone));
    await db
      .update(schema.enterpriseUsers)
      .set({ personalConfirmedAt: new Date(), talentConfirmedAt: new Date() })
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, account!.id)));
    await signInAs(session.b, learner, { host: 'global', lang: 'en', path: '/account/fileRegister' });
    await pastPrompts(page(), 'en');
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await page().locator('.portal-talent-section-title').allTextContents()).toEqual(t.headings);

    const one = section(1);
    await one.getByRole('button', { name: t.save }).click();
    await expect.poll(() => errors(one)).toEqual(t.personalEmpty);

    const two = section(2);
    await chooseOption(page(), two, t.label.classification, t.option.staffed);
    await chooseOption(page(), two, t.label.postType, t.option.management);
    await two.getByLabel(t.label.postLevel, { exact: true }).waitFor();
    await chooseOption(page(), two, t.label.classification, t.option.enterprise);
    await two.getByLabel(t.label.hierarchy, { exact: true }).waitFor();
    await two.getByRole('button', { name: t.save }).click();
    await expect.poll(() => errors(two)).toEqual(t.employmentEmpty);

    const three = section(3);
    for (const label of t.label.slots) await three.getByLabel(label, { exact: true }).waitFor();
    await three.getByRole('button', { name: t.save }).click();
    await expect.poll(() => errors(three)).toEqual(t.businessEmpty);
    await pickPath(three, t.label.slots[0]!, t.business);
    await three.getByRole('button', { name: t.save }).click();
    await toast(t.saved);

    await one.getByLabel(t.label.nativePlace, { exact: true }).fill('Nanning');
    await page().getByRole('button', { name: t.leave, exact: true }).click();
    const confirm = page().locator('.ant-modal-confirm').filter({ hasText: t.unsaved });
    await confirm.getByRole('button', { name: t.ok }).click();
    await waitForPath(page(), 'en', '/account/fileRegister/leave');
    // The address changes before the new page has rendered: waited for.
    await expect.poll(() => page().getByRole('heading', { level: 1 }).textContent()).toBe(t.leavePage.title);
    expect(await leaveLists()).toEqual({ saved: t.leavePage.saved, unsaved: t.leavePage.unsaved });
    expect(await page().getByRole('button', { name: t.leavePage.back }).count()).toBe(1);
    await page().getByRole('button', { name: t.leavePage.confirm }).click();
    await waitForPath(page(), 'en', '/account');
  });
});
