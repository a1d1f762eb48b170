import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip, waitForPath } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';

// Announcements and notices on the default site (1001, seven demo announcements, the two newest
// pop up; the newest has comments open and two demo comments): the popup after sign-in, the
// header bell, /account?change=5 with reading, batch reading, deleting, comments and replies.
const NEWEST = '关于开展2026年度岗位技能提升培训的通知';
const SECOND = '平台系统升级维护公告';
const TEXTS = {
  zh: {
    popup: '公告',
    next: '下一条',
    gotIt: '我知道了',
    bell: (n: number) => (n ? `消息通知，${n}条未读` : '消息通知，没有未读消息'),
    counts: (unread: number, read: number) => `未读 ${unread} 条，已读 ${read} 条`,
    select: (title: string) => `选择 ${title}`,
    markRead: '标为已读',
    remove: '删 除',
    ok: /^确\s?定$/,
    back: '返回列表',
    comments: (n: number) => `评论（${n}）`,
    commentLabel: '评论内容',
    send: '发表评论',
    reply: /^回\s?复$/,
    sendReply: '发送回复',
    delete: /^删\s?除$/,
    comment: '浏览器测试的评论',
    replyText: '浏览器测试的回复',
  },
  en: {
    popup: 'Announcement',
    next: 'Next',
    gotIt: 'Got it',
    bell: (n: number) => (n ? `Notifications, ${n} unread` : 'Notifications, none unread'),
    counts: (unread: number, read: number) => `${unread} unread, ${read} read`,
    select: (title: string) => `Select ${title}`,
    markRead: 'Mark as read',
    remove: 'Delete',
    ok: /^OK$/,
    back: 'Back to the list',
    comments: (n: number) => `Comments (${n})`,
    commentLabel: 'Comment',
    send: 'Post comment',
    reply: /^Reply$/,
    sendReply: 'Send reply',
    delete: /^Delete$/,
    comment: 'A comment from the browser test',
    replyText: 'A reply from the browser test',
  },
} as const;

describe.runIf(browserAvailable())('announcements and notices', () => {
  const session = browserSession();

  const bellLabel = (page: Page) =>
    page.locator('header.portal-header a.portal-bell').getAttribute('aria-label', { timeout: 10_000 });

  it('the popup after sign-in, the bell, reading, batch reading, deleting, comments and replies', async () => {
    const lang = 'zh';
    const t = TEXTS[lang];
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001));
    await declineProfileTip(page, lang);

    // The popup: the two popup announcements one at a time, each read once shown.
    const popup = page.getByRole('region', { name: NEWEST });
    // The first rich text a fresh server sanitises loads its DOM library: a few seconds.
    await expect.poll(() => popup.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await popup.textContent()).toContain(t.popup);
    // Clear of the page's left column, where /account has its side menu (200 px).
    const column = await page.locator('main .portal-wrapper').first().boundingBox();
    expect((await popup.boundingBox())!.x).toBeGreaterThanOrEqual(column!.x + 200);
    await expect.poll(() => bellLabel(page)).toBe(t.bell(6));
    await popup.getByRole('button', { name: t.next }).click();
    const second = page.getByRole('region', { name: SECOND });
    await expect.poll(() => second.isVisible()).toBe(true);
    await expect.poll(() => bellLabel(page)).toBe(t.bell(5));
    await second.getByRole('button', { name: t.gotIt }).click();
    await expect.poll(() => second.count()).toBe(0);

    // From here on without a page load: the bell follows what the section does.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('header.portal-header a.portal-bell').click();
    await waitForPath(page, lang, '/account?change=5');
    const counts = page.locator('.portal-notices-counts');
    await expect.poll(() => counts.textContent()).toBe(t.counts(5, 2));
    const titles = () => page.locator('.portal-notice-title').allTextContents();
    await expect.poll(async () => (await titles()).length).toBe(7);
    const all = await titles();

    // Open one unread: it becomes read.
    await page.getByRole('link', { name: all[2]! }).click();
    await expect.poll(() => page.locator('.portal-notice-detail-title').textContent()).toBe(all[2]);
    await expect.poll(() => bellLabel(page)).toBe(t.bell(4));
    await page.getByRole('link', { name: t.back }).click();
    await expect.poll(() => counts.textContent()).toBe(t.counts(4, 3));

    // Batch read two.
    await page.getByRole('checkbox', { name: t.select(all[3]!) }).check();
    await page.getByRole('checkbox', { name: t.select(all[4]!) }).check();
    await page.getByRole('button', { name: t.markRead }).click();
    await expect.poll(() => counts.textContent()).toBe(t.counts(2, 5));
    await expect.poll(() => bellLabel(page)).toBe(t.bell(2));

    // Delete an unread one (after the confirmation): gone from the list and the counts.
    await page.getByRole('checkbox', { name: t.select(all[6]!) }).check();
    await page.getByRole('button', { name: t.remove, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.ok }).click();
    await expect.poll(() => counts.textContent()).toBe(t.counts(1, 5));
    await expect.poll(() => bellLabel(page)).toBe(t.bell(1));
    expect(await titles()).not.toContain(all[6]);

    // Comments: the newest announcement has its two demo comments (and one reply).
    await page.getByRole('link', { name: NEWEST }).click();
    const comments = page.getByRole('region', { name: /^(评论|Comments)/ });
    await expect.poll(() => page.locator('.portal-comment').count()).toBeGreaterThanOrEqual(2);
    const before = await page.locator('.portal-comment').count();
    const text = `${t.comment} ${Date.now()}`;
    await comments.getByLabel(t.commentLabel, { exact: true }).fill(text);
    await comments.getByRole('button', { name: t.send }).click();
    const mine = page.locator('.portal-comment', { hasText: text });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await page.locator('.portal-comment').count()).toBe(before + 1);

    // Reply to it, then delete the reply.
    await mine.getByRole('button', { name: t.reply }).first().click();
    // The reply box takes the focus (not the comment box above it).
    await expect.poll(() => mine.getByRole('textbox').evaluate((el) => el === document.activeElement)).toBe(true);
    await mine.getByRole('textbox').fill(t.replyText);
    await mine.getByRole('button', { name: t.sendReply }).click();
    const reply = mine.locator('.portal-reply', { hasText: t.replyText });
    await expect.poll(() => reply.count()).toBe(1);
    await reply.getByRole('button', { name: t.delete }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: t.ok }).click();
    await expect.poll(() => reply.count()).toBe(0);
    expect(await mine.count()).toBe(1);

    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The popups were read as they were shown: a new browser session gets none.
    const fresh = await page.addInitScript(() => sessionStorage.clear());
    const popList = page.waitForResponse((r) => r.url().includes('/announcement/user/record/pop/list'));
    await page.goto(url('/home'));
    await fresh.dispose();
    await declineProfileTip(page, lang);
    expect((await (await popList).json()).data).toEqual([]);
    expect(await page.locator('.portal-announcement-popup').count()).toBe(0);
    await expect.poll(() => bellLabel(page)).toBe(t.bell(1));
  });

  it('the English texts: the popup, the bell, the counts, the comments', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    await signInAs(session.b, await createLearner(1001), { lang: 'en' });
    await declineProfileTip(page, 'en');
    const popup = page.getByRole('region', { name: NEWEST });
    await expect.poll(() => popup.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await popup.textContent()).toContain(t.popup);
    await expect.poll(() => bellLabel(page)).toBe(t.bell(6));
    await popup.getByRole('button', { name: t.next }).click();
    const second = page.getByRole('region', { name: SECOND });
    await second.getByRole('button', { name: t.gotIt }).click();
    await expect.poll(() => second.count()).toBe(0);
    await page.locator('header.portal-header a.portal-bell').click();
    await waitForPath(page, 'en', '/account?change=5');
    await expect.poll(() => page.locator('.portal-notices-counts').textContent()).toBe(t.counts(5, 2));
    const all = await page.locator('.portal-notice-title').allTextContents();
    expect(await page.getByRole('checkbox', { name: t.select(all[3]!) }).count()).toBe(1);
    expect(await page.getByRole('button', { name: t.markRead }).count()).toBe(1);
    await page.getByRole('link', { name: NEWEST }).click();
    const comments = page.getByRole('region', { name: /^Comments/ });
    await expect.poll(() => page.locator('.portal-comment').count()).toBeGreaterThanOrEqual(2);
    expect(await comments.getByRole('button', { name: t.send }).count()).toBe(1);
    expect(await comments.getByLabel(t.commentLabel, { exact: true }).count()).toBe(1);
    expect(await page.locator('.portal-comment').first().getByRole('button', { name: t.reply }).count()).toBe(1);
    expect(await page.getByRole('link', { name: t.back }).count()).toBe(1);
  });
});
