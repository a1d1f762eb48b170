import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { unassignStudyTask } from '@portal/contract/calls/task';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { createLearner } from '../accounts.ts';
import { browserAvailable, url } from '../browser.ts';
import { localePath } from '../langs.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The back office's foundation (issue 21 items 1 and 5, decision 036): the demo administrator
// opens /crm from the header's 管理后台 in a new tab, sees this week's numbers, the menu and the
// audit log with a change they made; a learner gets the no-permission page, in English; a visitor
// is sent to sign in and back.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

describe.runIf(browserAvailable())('the back office (/crm)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  it('the administrator opens it from the header in a new tab: dashboard, menu, audit log', async () => {
    // One audited change that alters nothing: taking off a rule no task has.
    const [task] = await db
      .select({ id: schema.studyTasks.id })
      .from(schema.studyTasks)
      .where(eq(schema.studyTasks.eid, EID))
      .limit(1);
    const asAdmin = await signInByCall(ADMIN);
    await asAdmin(unassignStudyTask, { taskId: task!.id, targetType: 1, targetIds: [2_000_000_000] });
    const [members] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.eid, EID), eq(schema.enterpriseUsers.status, 1)));

    await signInAs(session.b, ADMIN, { path: '/account?change=7' });
    const header = page().locator('header.portal-header');
    const [crm] = await Promise.all([
      session.b.context.waitForEvent('page'),
      header.getByRole('link', { name: '管理后台' }).click(),
    ]);
    await crm.waitForURL((u) => u.pathname === '/crm/');
    await crm.getByRole('heading', { name: '数据看板' }).waitFor();
    await expect
      .poll(() => crm.locator('[data-stat="learners"] .ant-statistic-content').textContent())
      .toBe(String(members!.n));
    for (const stat of ['active', 'hours', 'completions']) {
      expect(await crm.locator(`[data-stat="${stat}"] .ant-statistic-content`).textContent()).toMatch(/^\d/);
    }
    const menu = crm.getByRole('navigation', { name: '管理后台' });
    // Every section is open: a page is one click from any other.
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      '数据看板',
      '人员管理',
      '部门管理',
      '学员管理',
      '人才档案',
      '学员导入',
      '审核',
      '课程管理',
      '课程列表',
      '直播管理',
      '资源库',
      '讲师管理',
      '课程分类',
      '标签管理',
      '考试管理',
      '题库管理',
      '试卷管理',
      '考试安排',
      '证书模板',
      '阅卷',
      '培训管理',
      '学习任务',
      '培训项目',
      '订单管理',
      '订单列表',
      '发票管理',
      '支付设置',
      '批量套餐',
      '统计报表',
      '学习报表',
      '考试报表',
      '证书报表',
      '内容管理',
      '首页专区与轮播',
      '导航菜单',
      '业务介绍与协议',
      '站点设置',
      '新闻资讯',
      '公告通知',
      '留言板',
      '评论管理',
      '系统设置',
      'AI学习助手',
      '操作日志',
    ]);
    await expectAccessible(crm, 'back-office dashboard');

    await menu.getByRole('link', { name: '操作日志' }).click();
    await crm.waitForURL((u) => u.pathname === '/crm/audit');
    await crm.getByRole('heading', { name: '操作日志' }).waitFor();
    const row = crm.locator('tbody tr.ant-table-row').filter({ hasText: '取消分配学习任务' }).first();
    await expect.poll(() => row.textContent()).toContain('李静');
    expect(await row.textContent()).toContain(`学习任务 ${task!.id}`);
    // Sorting is the server's, kept in the address. The page's scripts are in (a click on the
    // server's HTML before hydration does nothing), then one click sorts.
    await crm.waitForLoadState('networkidle');
    await crm.getByRole('columnheader', { name: '时间' }).click();
    await crm.waitForURL((u) => /^-?createdAt$/.test(u.searchParams.get('sort') ?? ''));
    await expectAccessible(crm, 'back-office audit log');
    // In English: the same page, its texts and the action's name.
    await crm.goto(url('/en/crm/audit'));
    await crm.getByRole('heading', { name: 'Audit log' }).waitFor();
    expect(await crm.getByRole('navigation', { name: 'Back office' }).getByRole('menuitem').first().textContent()).toBe(
      'Dashboard',
    );
    await expect.poll(() => crm.locator('tbody').textContent()).toContain('Unassigned a study task');
    await crm.close();
  });

  it('the administrator reads the learning report: totals from the ledger, by person, the export; in English', async () => {
    // The default period, the last 30 days (China time): what the ledger holds for it.
    const chinaDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(d);
    const to = chinaDay(new Date());
    const from = chinaDay(new Date(Date.now() - 29 * 86_400_000));
    const { rows } = await db.execute<{ credit: number; points: number }>(sql`
      SELECT coalesce(sum(credit_tenths), 0)::int AS credit, coalesce(sum(points), 0)::int AS points FROM earnings
       WHERE eid = ${EID} AND created_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Shanghai')
         AND created_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`);
    const ledger = rows[0]!;
    expect(ledger.credit).toBeGreaterThan(0); // the demo site has earnings in the last 30 days

    await signInAs(session.b, ADMIN, { path: '/crm/reports' });
    await page().getByRole('heading', { level: 4, name: '学习报表' }).waitFor();
    const total = async (key: string) =>
      Number(
        (await page().locator(`[data-total="${key}"] .ant-statistic-content-value`).textContent())!.replace(/,/g, ''),
      );
    expect(await total('credit')).toBe(ledger.credit / 10);
    expect(await total('points')).toBe(ledger.points);
    // By department: the demo departments as rows (销售部 among them).
    await expect.poll(() => page().locator('tbody').textContent()).toContain('销售部');
    await expectAccessible(page(), 'learning report by department');

    // By person: the same totals; the rows add up to them.
    await page().waitForLoadState('networkidle');
    await page().getByRole('tab', { name: '按人员' }).click();
    await page().waitForURL((u) => u.searchParams.get('by') === 'person');
    await page().getByRole('columnheader', { name: '所在部门' }).waitFor();
    expect(await total('credit')).toBe(ledger.credit / 10);
    await page()
      .getByRole('button', { name: /^导\s?出$/ })
      .click();
    const ready = page().getByRole('dialog').filter({ hasText: '导出完成' });
    await ready.getByRole('link', { name: /^下载文件：学习报表-\d+\.xlsx$/ }).waitFor();
    await ready.getByRole('button').last().click();
    await ready.waitFor({ state: 'hidden' });

    // In English.
    await page().goto(url('/en/crm/reports?by=course'));
    await page().getByRole('heading', { level: 4, name: 'Learning report' }).waitFor();
    expect(await page().getByRole('tab', { selected: true }).textContent()).toBe('By course');
    await page().getByRole('columnheader', { name: 'New learners' }).waitFor();
    expect(await page().locator('[data-total="credit"] .ant-statistic-title').textContent()).toBe(
      'Credit hours earned',
    );
  });

  it('the administrator reads the exam and certificate reports: numbers of the attempts and certificates; one exam’s analysis; in English', async () => {
    // Two months (China time): the demo exams' attempts and certificates in them, as the database has them.
    const chinaDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(d);
    const to = chinaDay(new Date());
    const from = chinaDay(new Date(Date.now() - 59 * 86_400_000));
    const within = (column: string) => sql`${sql.raw(column)} >= (${from}::date::timestamp AT TIME ZONE 'Asia/Shanghai')
      AND ${sql.raw(column)} < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
    const { rows } = await db.execute<{ attempts: number; waiting: number; certificates: number; task: number }>(sql`
      SELECT (SELECT count(*)::int FROM exam_attempts WHERE eid = ${EID} AND ${within('submitted_at')}) AS attempts,
             (SELECT count(*)::int FROM exam_attempts WHERE eid = ${EID} AND status = 2 AND ${within('submitted_at')}) AS waiting,
             (SELECT count(*)::int FROM certificates WHERE eid = ${EID} AND ${within('issued_at')}) AS certificates,
             (SELECT task_id FROM exam_attempts WHERE eid = ${EID} AND status = 3 AND ${within('submitted_at')}
               ORDER BY submitted_at LIMIT 1) AS task`);
    const held = rows[0]!;
    expect(held.attempts).toBeGreaterThan(0); // the demo learner's exams: one passed, one waiting for marking

    const total = async (key: string) =>
      (await page().locator(`[data-total="${key}"] .ant-statistic-content-value`).textContent())!.replace(/,/g, '');
    await signInAs(session.b, ADMIN, { path: `/crm/reports/exams?from=${from}&to=${to}` });
    await page().getByRole('heading', { level: 4, name: '考试报表' }).waitFor();
    expect(Number(await total('attempts'))).toBe(held.attempts);
    expect(Number(await total('waiting'))).toBe(held.waiting);
    await expectAccessible(page(), 'exam report');

    // One exam: found by its title (the period kept), its distribution and its questions, most
    // often wrong first; the questions' export.
    const [task] = await db.select().from(schema.examTasks).where(eq(schema.examTasks.id, held.task));
    await page().getByLabel('考试名称').fill(task!.title);
    await page()
      .getByRole('button', { name: /^查\s?询$/ })
      .click();
    await page().waitForURL(
      (u) => u.searchParams.get('keyword') === task!.title && u.searchParams.get('from') === from,
    );
    await expect.poll(() => page().locator('tbody tr').count()).toBe(1);
    await page().getByRole('link', { name: task!.title, exact: true }).click();
    await page()
      .getByRole('heading', { level: 4, name: `考试分析：${task!.title}` })
      .waitFor();
    await page().getByText('成绩分布（已阅卷的答卷，按得分率）').waitFor();
    await page().getByRole('columnheader', { name: '错误率' }).waitFor();
    const first = page().locator('tbody tr').first();
    await expect.poll(() => first.locator('td').nth(7).textContent()).toMatch(/^\d+(\.\d)?%$/);
    await expectAccessible(page(), 'one exam’s analysis');
    await page()
      .getByRole('button', { name: /^导\s?出$/ })
      .click();
    const ready = page().getByRole('dialog').filter({ hasText: '导出完成' });
    await ready.getByRole('link', { name: /^下载文件：考试试题分析-\d+\.xlsx$/ }).waitFor();
    await ready.getByRole('button').last().click();
    await ready.waitFor({ state: 'hidden' });

    // Certificates: the period's, as the database has them; in English.
    await page().goto(url(`/en/crm/reports/certificates?from=${from}&to=${to}`));
    await page().getByRole('heading', { level: 4, name: 'Certificate report' }).waitFor();
    expect(Number(await total('issued'))).toBe(held.certificates);
    expect(await page().locator('[data-total="holders"] .ant-statistic-title').textContent()).toBe('Holders');
    await page().getByRole('columnheader', { name: 'Issued for' }).waitFor();
    await expectAccessible(page(), 'certificate report (English)');
  });

  it('the administrator follows a study task’s progress and reminds a learner, who finds the notice; in English', async () => {
    // The demo task given to the demo learner's department, and who it reaches (its active members).
    const { rows } = await db.execute<{ id: number; title: string; assigned: number; learner: number }>(sql`
      SELECT t.id, t.title,
             (SELECT count(*)::int FROM department_members m
                JOIN enterprise_users u ON u.eid = m.eid AND u.account_id = m.account_id AND u.status <> 2
               WHERE m.eid = a.eid AND m.department_id = a.target_id) AS assigned,
             (SELECT a2.id FROM accounts a2 WHERE a2.phone = '13800000001') AS learner
        FROM study_tasks t JOIN study_task_assignments a ON a.eid = t.eid AND a.task_id = t.id AND a.target_type = 2
       WHERE t.eid = ${EID} AND t.ends_at > now()
         AND NOT EXISTS (SELECT 1 FROM study_task_assignments o WHERE o.eid = t.eid AND o.task_id = t.id AND o.target_type <> 2)
         AND NOT EXISTS (SELECT 1 FROM study_project_stage_tasks s WHERE s.eid = t.eid AND s.task_id = t.id)
       ORDER BY t.id LIMIT 1`);
    const task = rows[0]!;

    await signInAs(session.b, ADMIN, { path: '/crm/tasks' });
    await page().getByRole('heading', { level: 4, name: '学习任务' }).waitFor();
    await expectAccessible(page(), 'study tasks');
    await page().getByRole('link', { name: task.title, exact: true }).click();
    await page()
      .getByRole('heading', { level: 4, name: `${task.title} · 学习进度` })
      .waitFor();
    const total = async (key: string) =>
      Number(await page().locator(`[data-total="${key}"] .ant-statistic-content-value`).textContent());
    expect(await total('assigned')).toBe(task.assigned);
    expect((await total('finished')) + (await total('learning')) + (await total('notStarted'))).toBe(task.assigned);

    // The demo learner (not finished): selected and reminded.
    const [learner] = await db
      .select({ name: schema.enterpriseUsers.realName })
      .from(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.eid, EID), eq(schema.enterpriseUsers.accountId, task.learner)));
    await page().getByLabel('姓名或工号').fill(learner!.name);
    await page()
      .getByRole('button', { name: /^查\s?询$/ })
      .click();
    await page().waitForURL((u) => u.searchParams.get('keyword') === learner!.name);
    await page().getByRole('checkbox', { name: learner!.name }).check();
    await page().getByRole('button', { name: '提醒所选' }).click();
    await page().getByText('已提醒 1 人').waitFor();
    await expect.poll(() => page().locator('tbody tr').first().locator('td').last().textContent()).not.toBe('');
    await expectAccessible(page(), 'a study task’s progress');

    // The learner finds it in their messages and notices.
    await signInAs(session.b, { phone: '13800000001', password: 'Demo@2026' }, { path: '/account?change=5' });
    await expect
      .poll(() => page().locator('.portal-notice-title').allTextContents())
      .toContain(`学习提醒：${task.title}`);

    // In English: the department view.
    await signInAs(session.b, ADMIN, { path: `/en/crm/tasks/${task.id}?view=department` });
    await page()
      .getByRole('heading', { level: 4, name: `${task.title} · Progress` })
      .waitFor();
    expect(await page().getByRole('tab', { selected: true }).textContent()).toBe('By department');
    await page().getByRole('columnheader', { name: 'Not started' }).waitFor();
    await page().getByRole('button', { name: 'Remind all not finished' }).waitFor();
  });

  it('a learner gets the no-permission page (English); a visitor goes to sign in and back', async () => {
    await page().goto(url('/crm/'));
    await page().waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/crm/');

    const learner = await createLearner(EID);
    await signInAs(session.b, learner, { lang: 'en', path: '/crm' });
    await page().getByRole('heading', { name: 'You do not have access to the back office' }).waitFor();
    expect(await page().getByRole('link', { name: 'Back to home >' }).getAttribute('href')).toBe(
      localePath('en', '/home'),
    );
  });
});
