import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { createLearner } from '../accounts.ts';
import { demoProject, seatsLeftOf } from '../demo-projects.ts';
import { browserAvailable, openBrowser, url } from '../browser.ts';
import { expectAccessible } from '../a11y.ts';
import { declineProfileTip, localePath, type Lang } from '../langs.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { openedDialog } from '../antd.ts';
import { portal } from '../portal.ts';

// Study projects (issue 20, items 5 and 6): the home page's project zone for a visitor (a card
// leads to sign-in and back); a new learner applies to the demo project needing approval, sees it
// pending on the project page and in my enrolments (/account?change=8), the administrator approves
// it in the back office's applications queue (/crm/projects, issue 22 item 5), and the learner sees
// it approved and the tasks open; the open demo project enrols at once. In English: apply, withdraw
// from my enrolments, apply again, rejected in the back office (selected, a reason asked for). The demo learner's part-way project shows their progress.
const TEXTS = {
  zh: {
    zone: '培训项目',
    projectsTab: '培训项目',
    // antd spaces a two-character Chinese button text.
    apply: '报 名',
    applyAgain: '重新报名',
    ok: '确 定',
    appliedPending: '报名成功，请等待审核',
    applied: '报名成功',
    pending: '审核中',
    withdraw: '取消报名',
    withdrawn: '已取消报名',
    enrolled: '已报名',
    status: { 1: '待审核', 2: '已通过', 3: '未通过', 4: '已取消' },
    all: '全部',
    seatsLeft: (n: number) => `剩余 ${n} 个`,
    progress: (done: number, total: number) => `已完成 ${done}/${total} 个任务`,
    stages: '学习阶段',
    rejectedNote: '报名未通过审核',
    reason: (r: string) => `原因：${r}`,
    learning: '学习中',
  },
  en: {
    zone: 'Training projects',
    projectsTab: 'Training projects',
    apply: 'Apply',
    applyAgain: 'Apply again',
    ok: 'OK',
    appliedPending: 'Application sent; waiting for approval',
    applied: 'You are enrolled',
    pending: 'Pending approval',
    withdraw: 'Withdraw',
    withdrawn: 'Application withdrawn',
    enrolled: 'Enrolled',
    status: { 1: 'Pending', 2: 'Approved', 3: 'Not approved', 4: 'Withdrawn' },
    all: 'All',
    seatsLeft: (n: number) => `${n} left`,
    progress: (done: number, total: number) => `${done} of ${total} tasks completed`,
    stages: 'Stages',
    rejectedNote: 'Your application was not approved',
    reason: (r: string) => `Reason: ${r}`,
    learning: 'Learning',
  },
} as const;

/** The back office's texts of the projects and their applications queue. */
const ADMIN_TEXTS = {
  zh: {
    menu: '培训项目',
    queue: '报名审核',
    ruleApproval: '报名需审核',
    status: '状态',
    all: '全部',
    pending: '待审核',
    approved: '已通过',
    approve: '通过',
    decided: (n: number) => `已处理 ${n} 人`,
    enrolLink: '报名链接',
    enrolLinkTitle: '分享报名链接',
  },
  en: {
    queue: 'Applications',
    pending: 'Pending',
    rejectSelected: 'Reject selected',
    selected: (n: number) => `${n} selected`,
    rejectTitle: 'Reject applications',
    reasonLabel: 'Reason for rejecting',
    reasonRequired: 'Give a reason for rejecting',
    ok: 'OK',
    decided: (n: number) => `${n} decided`,
    enrolLink: 'Enrolment link',
    enrolLinkTitle: 'Share the enrolment link',
  },
} as const;

/** The default site (1001): its administrator decides applications; 张晓明 is its demo learner. */
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const ZHANG = { phone: '13800000001', password: 'Demo@2026' };

describe.runIf(browserAvailable())('study projects', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  const projects = { open: { id: 0, title: '' }, approval: { id: 0, title: '' } };

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
    for (const [kind, role] of [
      ['open', 'projectOpen'],
      ['approval', 'projectApproval'],
    ] as const) {
      projects[kind] = await demoProject(db, EID, role);
    }
  });
  afterAll(async () => database?.close());

  const seatsLeft = (projectId: number) => seatsLeftOf(db, EID, projectId);
  const accountIdOf = async (phone: string) => {
    const [row] = await db
      .select({ id: schema.accounts.id })
      .from(schema.accounts)
      .where(eq(schema.accounts.phone, phone));
    return row!.id;
  };
  const projectPath = (lang: Lang, id: number) => `${localePath(lang, '/knowledge/project/info')}?id=${id}`;
  const toast = (text: string) => page().locator('.ant-message').getByText(text, { exact: true }).waitFor();

  /** A new learner of the site, signed in at `path`, past the profile tip and the announcements popup. */
  const newLearner = async (lang: Lang, path: string) => {
    const learner = await createLearner(EID);
    await signInAs(session.b, learner, { lang, path });
    await declineProfileTip(page(), lang);
    // The site's popup announcements show once after sign-in (over the page's right side): closed.
    const popupClose = page().locator('.portal-announcement-popup-x');
    await popupClose.waitFor({ timeout: 15_000 });
    await popupClose.click();
    return { ...learner, accountId: await accountIdOf(learner.phone) };
  };

  /** Applies on the project page: 报名, the confirmation, the toast. */
  const apply = async (lang: Lang, label: string, toastText: string) => {
    await page().getByRole('button', { name: label, exact: true }).click();
    const dialog = page().getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(page(), 'apply confirmation');
    await dialog.getByRole('button', { name: TEXTS[lang].ok, exact: true }).click();
    await toast(toastText);
    // The confirmation closes once the page has its answer (a dialog left open hides the page's
    // buttons from role queries: the next step would time out without saying so).
    await dialog.waitFor({ state: 'hidden' });
  };

  /**
   * The site's administrator in a browser of their own (the learner's stays signed in), at `path`
   * of the back office in `lang`; closing it checks the pages it saw for WCAG 2.2 AA.
   */
  const inBackOffice = async (lang: Lang, path: string, act: (admin: Page) => Promise<void>) => {
    const admin = await openBrowser();
    try {
      await signInAs(admin, ADMIN, { lang, path });
      await act(admin.page);
    } finally {
      await admin.close();
    }
  };
  /** A project's 报名链接 in the back office: its enrolment page's address naming the site, and the QR code of it. */
  const expectEnrolLink = async (admin: Page, lang: Lang, row: Locator) => {
    const t = ADMIN_TEXTS[lang];
    const button = row.getByRole('button', { name: t.enrolLink, exact: true });
    await button.click();
    const shared = admin.locator('.ant-popover').filter({ hasText: t.enrolLinkTitle });
    await shared.locator('.portal-enrol-link canvas').waitFor();
    const signUp = lang === 'zh' ? '/signUp' : '/en/signUp';
    const href = new URL(`${signUp}?projectId=${projects.approval.id}&eid=${EID}`, admin.url()).href;
    expect((await shared.locator('.portal-enrol-link .ant-typography').first().textContent())?.trim()).toBe(href);
    await button.click();
    await shared.waitFor({ state: 'hidden' });
  };
  const chooseStatus = async (admin: Page, label: string, option: string) => {
    await admin.getByRole('combobox', { name: label }).click();
    await admin
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .click();
  };

  const enrolmentRow = (projectId: number) => page().locator(`li.portal-enrolment[data-project-id="${projectId}"]`);

  it('a visitor sees the projects zone on the home page; a card leads to sign-in and back to the project', async () => {
    const t = TEXTS.zh;
    await page().goto(url('/home'));
    const zone = page().getByRole('region', { name: t.zone });
    const titles = await zone.locator('.portal-project-title').allTextContents();
    expect(titles).toEqual(expect.arrayContaining([projects.open.title, projects.approval.title]));
    await zone.getByRole('link', { name: projects.approval.title }).click();
    await page().waitForURL((u) => u.pathname === '/login');
    expect(new URL(page().url()).searchParams.get('redirect')).toBe(projectPath('zh', projects.approval.id));

    // The English home page names the zone in English; 'More' goes to the projects tab.
    await page().goto(url('/en/home'));
    const en = page().getByRole('region', { name: TEXTS.en.zone });
    expect(await en.locator('.portal-project-card').count()).toBe(titles.length);
    expect(await en.locator('.portal-project-rule').allTextContents()).toEqual(
      expect.arrayContaining(['Open enrolment', 'Approval required']),
    );
    expect(await en.getByRole('link', { name: 'More' }).getAttribute('href')).toBe('/en/knowledge?tab=project');
  });

  it('a learner applies to the project needing approval, sees it pending, and approved once an administrator decides', async () => {
    const lang = 'zh';
    const t = TEXTS[lang];
    const learner = await newLearner(lang, '/knowledge?tab=project');

    // The projects tab of /knowledge: both demo projects, each card to its page.
    const tabs = page().getByRole('navigation', { name: '知识库栏目' });
    expect(await tabs.getByRole('link', { name: t.projectsTab }).getAttribute('aria-current')).toBe('page');
    const cards = page().locator('.portal-project-card .portal-project-title');
    await expect
      .poll(() => cards.allTextContents())
      .toEqual(expect.arrayContaining([projects.open.title, projects.approval.title]));
    await page().getByRole('link', { name: projects.approval.title }).click();
    await page().waitForURL((u) => u.search === `?id=${projects.approval.id}`);
    await page().getByRole('heading', { level: 1, name: projects.approval.title }).waitFor();

    const before = await seatsLeft(projects.approval.id);
    expect(await page().locator('.portal-project-seats-left').textContent()).toBe(t.seatsLeft(before));
    // Not enrolled: the tasks are listed without links.
    await page().getByRole('tab', { name: t.stages }).click();
    expect(await page().locator('.portal-project-task a').count()).toBe(0);
    await expectAccessible(page(), 'project stages, not enrolled');

    await apply(lang, t.apply, t.appliedPending);
    await page().getByRole('button', { name: t.pending, exact: true }).waitFor();
    expect(await page().getByRole('button', { name: t.pending, exact: true }).isDisabled()).toBe(true);
    await page().getByRole('button', { name: t.withdraw, exact: true }).waitFor();
    // A pending application holds a seat.
    await expect.poll(() => page().locator('.portal-project-seats-left').textContent()).toBe(t.seatsLeft(before - 1));
    expect(await seatsLeft(projects.approval.id)).toBe(before - 1);

    // My enrolments: pending, and under the 待审核 filter (in the address).
    await page().goto(url('/account?change=8'));
    const row = enrolmentRow(projects.approval.id);
    await row.waitFor();
    expect(await row.locator('.portal-project-status').textContent()).toBe(t.status[1]);
    await row.getByRole('button', { name: t.withdraw, exact: true }).waitFor();
    await page().locator('.ant-segmented').getByText(t.status[2], { exact: true }).click();
    await page().waitForURL((u) => u.searchParams.get('status') === '2');
    await expect.poll(() => row.count()).toBe(0);
    await page().locator('.ant-segmented').getByText(t.status[1], { exact: true }).click();
    await page().waitForURL((u) => u.searchParams.get('status') === '1');
    await row.waitFor();

    // The administrator approves it in the back office: 培训项目, the project's 报名审核 (pending
    // first), 通过 on the learner's row.
    await inBackOffice(lang, '/crm/projects', async (admin) => {
      const t = ADMIN_TEXTS[lang];
      const menu = admin.getByRole('navigation', { name: '管理后台' });
      expect(await menu.getByRole('link', { name: t.menu }).getAttribute('href')).toBe('/crm/projects');
      const listed = admin.locator('tbody tr.ant-table-row').filter({ hasText: projects.approval.title });
      expect(await listed.locator('td').nth(2).textContent()).toBe(t.ruleApproval);
      await expectEnrolLink(admin, lang, listed);
      await listed.getByRole('link', { name: t.queue }).click();
      await admin.waitForURL(
        (u) =>
          u.pathname === `/crm/projects/${projects.approval.id}/applications` && u.searchParams.get('status') === '1',
      );
      await admin.getByRole('heading', { level: 4, name: `${projects.approval.title} · ${t.queue}` }).waitFor();
      const mine = admin.locator(`tbody tr[data-row-key="${learner.accountId}"]`);
      expect(await mine.locator('.ant-tag').textContent()).toBe(t.pending);
      await expectAccessible(admin, 'project applications, pending');
      await mine.getByRole('button', { name: t.approve, exact: true }).click();
      await admin.locator('.ant-message').getByText(t.decided(1), { exact: true }).waitFor();
      // Decided: no longer under 待审核; under 全部 it is 已通过, with the time it was decided.
      await expect.poll(() => mine.count()).toBe(0);
      await chooseStatus(admin, t.status, t.all);
      await expect.poll(() => mine.locator('.ant-tag').textContent()).toBe(t.approved);

      // The project's progress: the learner enrolled, not started yet; reminded (decision 053).
      await admin.goto(url(`/crm/projects/${projects.approval.id}/progress`));
      await admin.getByRole('heading', { level: 4, name: `${projects.approval.title} · 学习进度` }).waitFor();
      const enrolled = admin.locator(`tbody tr[data-row-key="${learner.accountId}"]`);
      await enrolled.getByRole('checkbox').check();
      await admin.getByRole('button', { name: '提醒所选' }).click();
      await admin.locator('.ant-message').getByText('已提醒 1 人', { exact: true }).waitFor();
      await expectAccessible(admin, 'project progress');
    });

    await page().goto(url('/account?change=8'));
    await expect.poll(() => row.locator('.portal-project-status').textContent()).toBe(t.status[2]);
    expect(await row.getByRole('button', { name: t.withdraw, exact: true }).count()).toBe(0);
    await row.getByRole('link', { name: projects.approval.title }).click();
    await page().waitForURL((u) => u.pathname === '/knowledge/project/info');

    // Enrolled: 已报名, the progress over the project's tasks, each task linked to its page.
    await page().getByRole('button', { name: t.enrolled, exact: true }).waitFor();
    expect(await page().locator('.portal-project-progress-text').textContent()).toBe(t.progress(0, 2));
    await page().getByRole('tab', { name: t.stages }).click();
    const links = page().locator('.portal-project-task a');
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    expect(await links.count()).toBe(await page().locator('.portal-project-task').count());
    expect(await links.first().getAttribute('href')).toMatch(/^\/account\/task\/info\?id=\d+$/);
    // The approved learner now has the project's tasks: the first opens on its page.
    const firstTask = (await links.first().textContent())!;
    await links.first().click();
    await page().waitForURL((u) => u.pathname === '/account/task/info');
    await page().getByRole('heading', { level: 1, name: firstTask }).waitFor();

    // The open project takes the same learner at once.
    await page().goto(url(projectPath(lang, projects.open.id)));
    await apply(lang, t.apply, t.applied);
    await page().getByRole('button', { name: t.enrolled, exact: true }).waitFor();
    await page().goto(url('/account?change=8'));
    await expect
      .poll(() => enrolmentRow(projects.open.id).locator('.portal-project-status').textContent())
      .toBe(t.status[2]);

    // The administrator's reminder is in the learner's messages and notices.
    await page().goto(url('/account?change=5'));
    await expect
      .poll(() => page().locator('.portal-notice-title').allTextContents())
      .toContain(`培训提醒：${projects.approval.title}`);
  });

  it('in English: apply, withdraw from my enrolments, apply again, rejected with the reason', async () => {
    const lang = 'en';
    const t = TEXTS[lang];
    const learner = await newLearner(lang, projectPath(lang, projects.approval.id).slice(3));
    await page().getByRole('heading', { level: 1, name: projects.approval.title }).waitFor();
    await apply(lang, t.apply, t.appliedPending);
    await page().getByRole('button', { name: t.pending, exact: true }).waitFor();

    await page().goto(url('/en/account?change=8'));
    const row = enrolmentRow(projects.approval.id);
    await row.waitFor();
    expect(await row.locator('.portal-project-status').textContent()).toBe(t.status[1]);
    expect(await page().locator('.ant-segmented').first().innerText()).toBe(
      [t.all, t.status[1], t.status[2], t.status[3], t.status[4]].join('\n'),
    );
    await row.getByRole('button', { name: t.withdraw, exact: true }).click();
    const dialog = page().getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(page(), 'withdraw confirmation');
    await dialog.getByRole('button', { name: t.ok, exact: true }).click();
    await toast(t.withdrawn);
    await expect.poll(() => row.locator('.portal-project-status').textContent()).toBe(t.status[4]);

    // Applying again after a withdrawal; the administrator rejects it with a reason.
    await row.getByRole('link', { name: projects.approval.title }).click();
    await page().waitForURL((u) => u.pathname === '/en/knowledge/project/info');
    await apply(lang, t.applyAgain, t.appliedPending);
    const reason = 'Places are kept for the sales team this term';
    // The administrator, in English, selects the application and rejects the selection: a reason
    // is asked for first.
    await inBackOffice(lang, `/crm/projects/${projects.approval.id}/applications?status=1`, async (admin) => {
      const a = ADMIN_TEXTS[lang];
      await admin.getByRole('heading', { level: 4, name: `${projects.approval.title} · ${a.queue}` }).waitFor();
      const mine = admin.locator(`tbody tr[data-row-key="${learner.accountId}"]`);
      expect(await mine.locator('.ant-tag').textContent()).toBe(a.pending);
      const rejectSelected = admin.getByRole('button', { name: a.rejectSelected });
      expect(await rejectSelected.isDisabled()).toBe(true);
      await mine.getByRole('checkbox').check();
      await admin.getByText(a.selected(1), { exact: true }).waitFor();
      await rejectSelected.click();
      const dialog = await openedDialog(admin, a.rejectTitle);
      await dialog.getByRole('button', { name: a.ok, exact: true }).click();
      await dialog.getByText(a.reasonRequired, { exact: true }).waitFor();
      await expectAccessible(admin, 'reject applications dialog, reason missing');
      await dialog.getByLabel(a.reasonLabel).fill(reason);
      await dialog.getByRole('button', { name: a.ok, exact: true }).click();
      await admin.locator('.ant-message').getByText(a.decided(1), { exact: true }).waitFor();
      await expect.poll(() => mine.count()).toBe(0);
      await admin.goto(url('/en/crm/projects'));
      await expectEnrolLink(
        admin,
        lang,
        admin.locator('tbody tr.ant-table-row').filter({ hasText: projects.approval.title }),
      );
    });
    await page().reload();
    const notice = page().locator('.portal-project-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(`${t.rejectedNote} · ${t.reason(reason)}`);
    await page().getByRole('button', { name: t.applyAgain, exact: true }).waitFor();

    await page().goto(url('/en/account?change=8&status=3'));
    await row.waitFor();
    expect(await row.locator('.portal-project-status').textContent()).toBe(t.status[3]);
    expect(await row.locator('.portal-enrolment-reason').textContent()).toBe(t.reason(reason));
  });

  it('the demo learner’s project part way: enrolled, the progress and each task’s standing', async () => {
    const t = TEXTS.zh;
    await signInAs(session.b, ZHANG, { path: projectPath('zh', projects.open.id) });
    await page().getByRole('heading', { level: 1, name: projects.open.title }).waitFor();
    await page().getByRole('button', { name: t.enrolled, exact: true }).waitFor();
    expect(await page().locator('.portal-project-progress-text').textContent()).toBe(t.progress(0, 2));
    await page().getByRole('tab', { name: t.stages }).click();
    const first = page().locator('.portal-project-task').first();
    await first.waitFor();
    expect(await first.locator('.portal-project-task-state').textContent()).toContain(t.learning);
  });
});
