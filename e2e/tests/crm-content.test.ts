import { afterAll, describe, expect, it } from 'vitest';
import { saveMessage } from '@portal/contract/calls/message';
import { createLearner } from '../accounts.ts';
import { browserAvailable, url } from '../browser.ts';
import { declineProfileTip } from '../langs.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { takeBack } from '../take-back.ts';
import { openedList } from '../antd.ts';

// The site's content in the back office (issue 21 item 4, decision 043): the demo administrator
// writes a news item in the rich-text editor and publishes it, and /news lists it; they reply to a
// learner's message, and the learner reads the reply in /account?change=10; the pages in English.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

describe.runIf(browserAvailable())('content in the back office', () => {
  const session = browserSession();
  const page = () => session.b.page;
  const published: string[] = [];
  afterAll(() => takeBack({ news: published }));

  it('publishes a news item written in the editor: /news shows it', async () => {
    // Not 通知: search.test.ts counts the demo news that word finds, in the same database.
    const title = `培训安排 ${Date.now() % 100000}`;
    published.push(title);
    await signInAs(session.b, ADMIN, { path: '/crm/news' });
    const p = page();
    await p.getByRole('heading', { name: '新闻资讯' }).waitFor();
    await p.waitForLoadState('networkidle');
    await p.getByRole('button', { name: '新增新闻' }).click();
    // antd 6's drawer has no .ant-drawer-content: the open drawer is the page's one dialog.
    const drawer = p.getByRole('dialog');
    // The title field by its role: the editor's heading buttons (H1 标题 1…) carry 标题 in their names too.
    await drawer.getByRole('textbox', { name: '标题' }).fill(title);
    await drawer.getByLabel('分类').click();
    await openedList(p).locator('.ant-select-item-option').first().click();
    const editor = drawer.locator('.ProseMirror');
    await editor.click();
    await p.keyboard.type('本周五下午举行安全培训。');
    await drawer.getByLabel('保存后立即发布').check();
    await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
    await p.locator('.ant-message').getByText('保存成功', { exact: true }).waitFor();
    // The news table's cell (the page's other table lists the categories).
    await p.getByRole('cell', { name: title, exact: true }).waitFor();

    await p.goto(url('/news'));
    await p.getByRole('link', { name: title }).first().click();
    await expect.poll(() => p.locator('main').textContent()).toContain('本周五下午举行安全培训。');
  });

  it('replies to a learner’s message: the learner reads the reply in /account?change=10', async () => {
    const learner = await createLearner(EID);
    const asLearner = await signInByCall(learner);
    const title = `证书问题 ${Date.now() % 100000}`;
    await asLearner(saveMessage, { title, messageContent: '证书在哪里下载？' });

    // Found by its title, not by ?replied=no: once replied, that filter drops the row from the table.
    await signInAs(session.b, ADMIN, { path: `/crm/messages?keyword=${encodeURIComponent(title)}` });
    const p = page();
    await p.getByRole('heading', { name: '留言板' }).waitFor();
    await p.waitForLoadState('networkidle');
    const row = p.locator('tbody tr.ant-table-row').filter({ hasText: title });
    await row.getByRole('button', { name: '回复' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel('回复内容').fill('在个人中心的证书页下载。');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await p.locator('.ant-message').getByText('保存成功', { exact: true }).waitFor();
    await expect.poll(() => row.textContent()).toContain('已回复');

    await session.b.context.clearCookies();
    await signInAs(session.b, learner, { path: '/account?change=10' });
    await declineProfileTip(p, 'zh');
    const item = p.locator('.portal-messages-list .ant-list-item').filter({ hasText: title });
    await item.getByRole('button', { name: `查看 ${title}` }).click();
    await p.getByRole('dialog').getByText('在个人中心的证书页下载。').waitFor();
  });

  it('in English: the content menu and the comments page', async () => {
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/comments' });
    const p = page();
    await p.getByRole('heading', { name: 'Comments' }).waitFor();
    const menu = p.getByRole('navigation', { name: 'Back office' });
    for (const name of ['News', 'Announcements', 'Message board', 'Comments']) {
      await menu.getByRole('link', { name }).waitFor();
    }
    expect(await p.getByRole('columnheader', { name: 'Visibility' }).count()).toBe(1);
    await menu.getByRole('link', { name: 'Announcements' }).click();
    await p.getByRole('button', { name: 'Add announcement' }).waitFor();
  });
});
