import { describe, expect, it } from 'vitest';
import { openedDialog } from '../antd.ts';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';

// The message board (issue 4, item 7): a learner leaves a message from the float window, finds it
// in /account?change=10, views and edits it; the SFJ site's customer-service entrance on its home
// page, closable for the browser session.
const TEXTS = {
  zh: {
    button: '在线留言',
    dialog: '在线留言',
    editDialog: '编辑留言',
    title: '留言标题',
    content: '留言内容',
    submit: '提 交',
    titleRequired: '请输入留言标题',
    contentRequired: '请输入留言内容',
    saved: '留言提交成功！工作人员将对您的留言于3个工作日内进行答复，如遇节假日及周末顺延。',
    edited: '留言编辑成功',
    section: '我的留言',
    view: '查看',
    edit: '编辑',
    waiting: '待答复',
    noReply: '工作人员将于3个工作日内答复，如遇节假日及周末顺延。',
    close: '关 闭',
    closeCs: '关闭在线客服入口',
  },
  en: {
    button: 'Online message',
    dialog: 'Leave a message',
    editDialog: 'Edit message',
    title: 'Title',
    content: 'Message',
    submit: 'Submit',
    titleRequired: 'Please enter the message title',
    contentRequired: 'Please enter the message content',
    saved:
      'Message submitted successfully! Our staff will reply within 3 working days (later over weekends and public holidays).',
    edited: 'Message edited successfully',
    section: 'My messages',
    view: 'View',
    edit: 'Edit',
    waiting: 'Awaiting reply',
    noReply: 'Our staff will reply within 3 working days (later over weekends and public holidays).',
    close: 'Close',
    closeCs: 'Close the customer service entrance',
  },
} as const;

describe.runIf(browserAvailable())('message board', () => {
  const session = browserSession();

  it('a visitor has no online-message button', async () => {
    const page = session.b.page;
    // The float window is there (app download), without the online message.
    await page.goto(url('/home'));
    await page.getByRole('complementary').locator('.portal-float-btn').first().waitFor();
    expect(await page.getByRole('button', { name: TEXTS.zh.button }).count()).toBe(0);
  });

  it('a learner leaves a message, finds it in my messages and edits it', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001));
    await declineProfileTip(page, 'zh');

    // From the float window: the fields are required, then the exact success text.
    await page.getByRole('button', { name: t.button }).click();
    const dialog = await openedDialog(page, t.dialog);
    await dialog.getByRole('button', { name: t.submit }).click();
    await dialog.getByText(t.titleRequired).waitFor();
    await dialog.getByText(t.contentRequired).waitFor();
    const title = `证书打印 ${Date.now() % 100000}`;
    await dialog.getByLabel(t.title).fill(title);
    await dialog.getByLabel(t.content).fill('请问证书什么时候可以打印？');
    await dialog.getByRole('button', { name: t.submit }).click();
    await page.locator('.ant-message').getByText(t.saved, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // My messages: listed, viewed (no reply yet), edited (the dialog loads it first).
    await page.goto(url('/account?change=10'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.section);
    const item = page.locator('.portal-messages-list .ant-list-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.textContent()).toContain(t.waiting);
    await item.getByRole('button', { name: `${t.view} ${title}` }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText(t.noReply).waitFor();
    await detail.getByRole('button', { name: t.close }).last().click();
    await detail.waitFor({ state: 'hidden' });

    await item.getByRole('button', { name: `${t.edit} ${title}` }).click();
    const edit = page.getByRole('dialog', { name: t.editDialog });
    await expect.poll(() => edit.getByLabel(t.title).inputValue()).toBe(title);
    const changed = '请问证书什么时候可以打印？单位需要。';
    await edit.getByLabel(t.content).fill(changed);
    await edit.getByRole('button', { name: t.submit }).click();
    await page.locator('.ant-message').getByText(t.edited, { exact: true }).waitFor();
    await expect.poll(() => item.textContent()).toContain(changed);
  });

  it('the English texts: the dialog, its required messages and success, my messages', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001), { lang: 'en' });
    await declineProfileTip(page, 'en');
    await page.getByRole('button', { name: t.button }).click();
    const dialog = await openedDialog(page, t.dialog);
    await dialog.getByRole('button', { name: t.submit }).click();
    await dialog.getByText(t.titleRequired).waitFor();
    await dialog.getByText(t.contentRequired).waitFor();
    const title = `Certificate ${Date.now() % 100000}`;
    await dialog.getByLabel(t.title).fill(title);
    await dialog.getByLabel(t.content).fill('When can I print it?');
    await dialog.getByRole('button', { name: t.submit }).click();
    await page.locator('.ant-message').getByText(t.saved, { exact: true }).waitFor();
    await page.goto(url('/en/account?change=10'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.section);
    const item = page.locator('.portal-messages-list .ant-list-item').filter({ hasText: title });
    expect(await item.textContent()).toContain(t.waiting);
    expect(await item.getByRole('button', { name: `${t.edit} ${title}` }).count()).toBe(1);
    await item.getByRole('button', { name: `${t.view} ${title}` }).click();
    await page.getByRole('dialog').getByText(t.noReply).waitFor();
  });

  it("the SFJ site's customer-service entrance shows on its home page and stays closed", async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1002), { host: 'sfj' });
    await declineProfileTip(page, 'zh');
    const entrance = page.locator('.portal-cs');
    await entrance.waitFor();
    const img = entrance.getByRole('img', { name: '在线咨询' });
    expect(await img.getAttribute('src')).toBe('/demo/sfj-customer-service.svg');
    expect(await entrance.getByRole('link').getAttribute('href')).toBe('/account?change=10');
    // Only on the home page.
    await page.goto(url('/news', 'sfj'));
    await page.locator('.portal-float').first().waitFor({ state: 'attached' });
    expect(await page.locator('.portal-cs').count()).toBe(0);
    // Closed: hidden on the next visit of this browser session, back in a new session.
    await page.goto(url('/home', 'sfj'));
    await entrance.getByRole('button', { name: t.closeCs }).click();
    await entrance.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: t.button }).waitFor();
    expect(await page.locator('.portal-cs').count()).toBe(0);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.locator('.portal-cs').waitFor();
  });

  it("the SFJ entrance's English close button, and no entrance on the default site", async () => {
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1002), { host: 'sfj', lang: 'en' });
    await declineProfileTip(page, 'en');
    await page.locator('.portal-cs').getByRole('button', { name: TEXTS.en.closeCs }).waitFor();

    await signInAs(session.b, await createLearner(1001));
    await declineProfileTip(page, 'zh');
    await page.getByRole('button', { name: TEXTS.zh.button }).waitFor();
    expect(await page.locator('.portal-cs').count()).toBe(0);
  });
});
