import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '@portal/db';
import { createLearner } from '../accounts.ts';
import { demoProject, seatsLeftOf } from '../demo-projects.ts';
import { browserAvailable, url } from '../browser.ts';
import { expectAccessible } from '../a11y.ts';
import { declineProfileTip, localePath, type Lang } from '../langs.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The training enrolment page /signUp (decision 063): the link a training team shares. A visitor
// sees the demo open project and signs in (or registers) first, coming back to enrol at once; the
// project needing approval ends pending and is in my enrolments; without a project, the projects
// taking enrolments now; an id that names no project of the site is not found. In English: the
// visitor's page, enrolling and the list.
const TEXTS = {
  zh: {
    signInToApply: '登录后报名',
    register: '注册账号',
    registerOnLogin: '立即注册',
    goSignIn: '去登录',
    applyNow: '立即报名',
    applied: '报名成功',
    appliedPending: '报名成功，请等待审核',
    enterProject: '进入项目',
    myEnrolments: '查看我的报名',
    rule: { 1: '自由报名', 2: '报名需审核' },
    status: { 1: '待审核', 2: '已通过' },
    seatsLeft: (n: number) => `剩余 ${n} 个`,
    listTitle: '培训报名',
    allProjects: '查看全部培训项目',
    notFound: '该页面不存在',
    openProjects: '查看可报名的项目',
    signInToSee: '登录后即可查看该项目并报名。',
  },
  en: {
    signInToApply: 'Sign in to enrol',
    register: 'Register',
    applyNow: 'Enrol now',
    applied: 'You are enrolled',
    enterProject: 'Go to the project',
    myEnrolments: 'See my enrolments',
    rule: { 1: 'Open enrolment', 2: 'Approval required' },
    seatsLeft: (n: number) => `${n} left`,
    listTitle: 'Enrol in training',
    notFound: 'This page does not exist',
  },
} as const;

/** The default site (1001): visitor mode and registration open, the demo projects of every site. */
const EID = 1001;
/** The judicial site (1002): its projects are another enterprise's to a learner of 1001. */
const OTHER_EID = 1002;

describe.runIf(browserAvailable())('the training enrolment page', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  const projects = { open: { id: 0, title: '' }, approval: { id: 0, title: '' }, foreign: { id: 0, title: '' } };

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
    for (const [kind, eid, role] of [
      ['open', EID, 'projectOpen'],
      ['approval', EID, 'projectApproval'],
      ['foreign', OTHER_EID, 'projectOpen'],
    ] as const) {
      projects[kind] = await demoProject(db, eid, role);
    }
  });
  afterAll(async () => database?.close());

  const seatsLeft = (projectId: number) => seatsLeftOf(db, EID, projectId);
  const signUpPath = (lang: Lang, id?: number) =>
    localePath(lang, id === undefined ? '/signUp' : `/signUp?projectId=${id}`);
  const heading = (name: string) => page().getByRole('heading', { level: 1, name, exact: true });
  const link = (name: string) => page().getByRole('link', { name, exact: true });
  const button = (name: string) => page().getByRole('button', { name, exact: true });

  it('a visitor sees the open project, signs in from it and enrols at once', async () => {
    const t = TEXTS.zh;
    const here = signUpPath('zh', projects.open.id);
    await page().goto(url(here));
    await heading(projects.open.title).waitFor();
    const card = page().locator(`section.portal-sign-up[data-project-id="${projects.open.id}"]`);
    expect(await card.locator('.portal-project-rule').textContent()).toBe(t.rule[1]);
    const before = await seatsLeft(projects.open.id);
    expect(await card.locator('.portal-sign-up-seats').textContent()).toBe(t.seatsLeft(before));
    // Sign in or register, each coming back here; no way to enrol before that.
    const back = `?redirect=${encodeURIComponent(here)}`;
    expect(await link(t.signInToApply).getAttribute('href')).toBe(`/login${back}`);
    expect(await link(t.register).getAttribute('href')).toBe(`/register${back}`);
    expect(await button(t.applyNow).count()).toBe(0);
    await expectAccessible(page(), 'enrolment page, visitor');

    // 注册账号 leads to the registration form, whose 去登录 keeps the way back.
    await link(t.register).click();
    await page().waitForURL((u) => u.pathname === '/register');
    expect(new URL(page().url()).searchParams.get('redirect')).toBe(here);
    expect(await link(t.goSignIn).getAttribute('href')).toBe(`/login${back}`);
    await page().goBack();
    await heading(projects.open.title).waitFor();

    // 登录后报名: the sign-in page with the way back (its 立即注册 keeps it too); signed in, back here.
    await link(t.signInToApply).click();
    await page().waitForURL((u) => u.pathname === '/login');
    const redirect = new URL(page().url()).searchParams.get('redirect');
    expect(redirect).toBe(here);
    expect(await link(t.registerOnLogin).getAttribute('href')).toBe(`/register${back}`);
    const learner = await createLearner(EID);
    await signInAs(session.b, learner, { path: redirect! });
    await heading(projects.open.title).waitFor();
    expect(await link(t.signInToApply).count()).toBe(0);
    await expectAccessible(page(), 'enrolment page, signed in, before enrolling');

    await button(t.applyNow).click();
    await page().locator('.portal-sign-up-result').getByText(t.applied, { exact: true }).waitFor();
    expect(await link(t.enterProject).getAttribute('href')).toBe(`/knowledge/project/info?id=${projects.open.id}`);
    expect(await link(t.myEnrolments).getAttribute('href')).toBe('/account?change=8');
    expect(await seatsLeft(projects.open.id)).toBe(before - 1);
    await expect.poll(() => card.locator('.portal-sign-up-seats').textContent()).toBe(t.seatsLeft(before - 1));
    await expectAccessible(page(), 'enrolment page, enrolled');

    // Coming back: the application's status and the way on, no second application.
    await page().reload();
    await heading(projects.open.title).waitFor();
    expect(await card.locator('.portal-project-status').textContent()).toBe(t.status[2]);
    expect(await button(t.applyNow).count()).toBe(0);
    expect(await link(t.enterProject).getAttribute('href')).toBe(`/knowledge/project/info?id=${projects.open.id}`);
  });

  it('the project needing approval ends pending, and is in my enrolments', async () => {
    const t = TEXTS.zh;
    const learner = await createLearner(EID);
    await signInAs(session.b, learner, { path: signUpPath('zh', projects.approval.id) });
    await heading(projects.approval.title).waitFor();
    expect(await page().locator('.portal-sign-up .portal-project-rule').textContent()).toBe(t.rule[2]);
    await button(t.applyNow).click();
    const result = page().locator('.portal-sign-up-result');
    await result.getByText(t.appliedPending, { exact: true }).waitFor();
    expect(await result.getByRole('link', { name: t.enterProject }).count()).toBe(0);

    await link(t.myEnrolments).click();
    await page().waitForURL((u) => u.pathname === '/account' && u.searchParams.get('change') === '8');
    // The first page of the default layout after signing in: the profile tip and the site's
    // popup announcements, declined.
    await declineProfileTip(page(), 'zh');
    const popupClose = page().locator('.portal-announcement-popup-x');
    await popupClose.waitFor({ timeout: 15_000 });
    await popupClose.click();
    const row = page().locator(`li.portal-enrolment[data-project-id="${projects.approval.id}"]`);
    await row.waitFor();
    expect(await row.locator('.portal-project-status').textContent()).toBe(t.status[1]);

    // Back on the enrolment page: pending, with the way to my enrolments.
    await page().goto(url(signUpPath('zh', projects.approval.id)));
    await heading(projects.approval.title).waitFor();
    expect(await page().locator('.portal-sign-up .portal-project-status').textContent()).toBe(t.status[1]);
    expect(await button(t.applyNow).count()).toBe(0);
    await link(t.myEnrolments).waitFor();
  });

  it('without a project: the projects taking enrolments, each to its enrolment page', async () => {
    const t = TEXTS.zh;
    await page().goto(url('/signUp'));
    await heading(t.listTitle).waitFor();
    const titles = page().locator('.portal-project-card .portal-project-title');
    expect(await titles.allTextContents()).toEqual(
      expect.arrayContaining([projects.open.title, projects.approval.title]),
    );
    const card = page().locator(`.portal-project-card[data-project-id="${projects.approval.id}"]`);
    expect(await card.getByRole('link').getAttribute('href')).toBe(signUpPath('zh', projects.approval.id));
    // A visitor is not sent to the whole catalogue (it asks to sign in).
    expect(await link(t.allProjects).count()).toBe(0);
    await card.getByRole('link').click();
    await page().waitForURL((u) => u.search === `?projectId=${projects.approval.id}`);
    await heading(projects.approval.title).waitFor();
    await link(t.signInToApply).waitFor();

    // A learner's list: the same projects with their application status, and the whole catalogue.
    await signInAs(session.b, await createLearner(EID), { path: '/signUp' });
    await heading(t.listTitle).waitFor();
    await page().locator(`.portal-project-card[data-project-id="${projects.open.id}"]`).waitFor();
    expect(await link(t.allProjects).getAttribute('href')).toBe('/knowledge?tab=project');
  });

  it('an id that names no project of the site is not found, never an error', async () => {
    const t = TEXTS.zh;
    // Malformed: not found for anyone.
    const malformed = await page().goto(url('/signUp?projectId=abc'));
    expect(malformed?.status()).toBe(404);
    await heading(t.notFound).waitFor();
    expect(await link(t.openProjects).getAttribute('href')).toBe('/signUp');
    // A visitor cannot tell a project hidden from visitors from none: asked to sign in to see it.
    await page().goto(url('/signUp?projectId=2147483000'));
    await page().getByText(t.signInToSee, { exact: true }).waitFor();
    await link(t.signInToApply).waitFor();

    // A learner: unknown, and another enterprise's project, are not found.
    await signInAs(session.b, await createLearner(EID), { path: '/signUp?projectId=2147483000' });
    await heading(t.notFound).waitFor();
    const foreign = await page().goto(url(signUpPath('zh', projects.foreign.id)));
    expect(foreign?.status()).toBe(404);
    await heading(t.notFound).waitFor();
    expect(await page().getByText(projects.foreign.title).count()).toBe(0);
    await link(t.openProjects).click();
    await heading(t.listTitle).waitFor();
  });

  it('in English: the visitor’s page, enrolling and the list', async () => {
    const t = TEXTS.en;
    const here = signUpPath('en', projects.open.id);
    await page().goto(url(here));
    await heading(projects.open.title).waitFor();
    expect(await page().locator('.portal-sign-up .portal-project-rule').textContent()).toBe(t.rule[1]);
    expect(await link(t.signInToApply).getAttribute('href')).toBe(`/en/login?redirect=${encodeURIComponent(here)}`);
    expect(await link(t.register).getAttribute('href')).toBe(`/en/register?redirect=${encodeURIComponent(here)}`);

    await signInAs(session.b, await createLearner(EID), { lang: 'en', path: `/signUp?projectId=${projects.open.id}` });
    await heading(projects.open.title).waitFor();
    const before = await seatsLeft(projects.open.id);
    await button(t.applyNow).click();
    await page().locator('.portal-sign-up-result').getByText(t.applied, { exact: true }).waitFor();
    expect(await link(t.enterProject).getAttribute('href')).toBe(`/en/knowledge/project/info?id=${projects.open.id}`);
    expect(await link(t.myEnrolments).getAttribute('href')).toBe('/en/account?change=8');
    await expect.poll(() => page().locator('.portal-sign-up-seats').textContent()).toBe(t.seatsLeft(before - 1));

    await page().goto(url('/en/signUp'));
    await heading(t.listTitle).waitFor();
    const card = page().locator(`.portal-project-card[data-project-id="${projects.approval.id}"]`);
    expect(await card.locator('.portal-project-rule').textContent()).toBe(t.rule[2]);
    expect(await card.getByRole('link').getAttribute('href')).toBe(signUpPath('en', projects.approval.id));
    const missing = await page().goto(url('/en/signUp?projectId=0'));
    expect(missing?.status()).toBe(404);
    await heading(t.notFound).waitFor();
  });
});
