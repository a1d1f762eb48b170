import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// My check-ins (issue 20 item 4, decision 034): a learner with a sign-in task assigned checks in on
// /account?change=9 (the slot open now by the server's clock), sees the row refresh (made count,
// streak, today checked) and the plan's slots with the check-in and a miss; the English texts of
// the same page. The demo seed may hold no plan yet: the test puts its own plan, task and
// assignment in the portal's database, for a new learner, with a window of the whole day (open
// whenever the test runs) and check-ins made on the two days before (the day before those missed).
// It runs on the SFJ demo site (its own learner and data, away from the default site's tests).
const TEXTS = {
  zh: {
    section: '我的签到',
    tabs: ['全部', '进行中', '未开始', '已结束'],
    task: (title: string) => `所属任务：${title}`,
    window: '签到时间：每天 00:00~23:59',
    todayOpen: '今日可签到',
    checkIn: (title: string) => `签到：${title}`,
    checkedIn: '签到成功，已连续签到 3 次',
    made: (n: number) => `已签到 ${n}/3 次`,
    streak: (n: number) => `连续签到 ${n} 次`,
    todayChecked: '今日已签到',
    slots: '签到记录',
    checked: '已签到',
    missed: '缺签',
    upcoming: '未开始',
  },
  en: {
    section: 'My check-ins',
    tabs: ['All', 'Ongoing', 'Not started', 'Ended'],
    task: (title: string) => `Task: ${title}`,
    window: 'Check in: every day, 00:00 to 23:59',
    made: (n: number) => `${n} of 3 check-ins made`,
    streak: (n: number) => `Streak: ${n}`,
    todayChecked: 'Checked in today at',
    slots: 'Check-in record',
    checked: 'Checked in',
    missed: 'Missed',
    upcoming: 'Upcoming',
  },
} as const;

const DAY_MS = 86_400_000;
/** The China date (`YYYY-MM-DD`) `days` from today. */
const chinaDate = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);

describe.runIf(browserAvailable())('my check-ins', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** A new learner of the SFJ site with a plan of a task assigned to them. */
  async function learnerWithPlan() {
    const eid = 1002;
    const learner = await createLearner(eid);
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, learner.phone));
    const n = Date.now() % 100_000;
    const [plan] = await db
      .insert(schema.checkInPlans)
      .values({
        eid,
        title: `晨读签到 ${n}`,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startsOn: chinaDate(-3),
        endsOn: chinaDate(3),
        windowStart: '00:00',
        windowEnd: '23:59',
        requiredCount: 3,
      })
      .returning();
    const [task] = await db
      .insert(schema.studyTasks)
      .values({
        eid,
        title: `晨读打卡任务 ${n}`,
        startsAt: new Date(Date.now() - 7 * DAY_MS),
        endsAt: new Date(Date.now() + 7 * DAY_MS),
      })
      .returning();
    await db.insert(schema.studyTaskItems).values({
      eid,
      taskId: task!.id,
      position: 1,
      resourceType: 11,
      resourceId: plan!.id,
      title: plan!.title,
    });
    await db
      .insert(schema.studyTaskAssignments)
      .values({ eid, taskId: task!.id, targetType: 1, targetId: account!.id });
    // Checked in the two days before today; three days ago missed.
    for (const days of [-2, -1]) {
      await db.insert(schema.checkIns).values({
        eid,
        planId: plan!.id,
        accountId: account!.id,
        slotDate: chinaDate(days),
        checkedAt: new Date(`${chinaDate(days)}T08:05:00+08:00`),
      });
    }
    return { learner, accountId: account!.id, plan: plan!, task: task! };
  }

  it('a learner checks in to the open slot and sees it in my check-ins, with the streak and the slots', async () => {
    const t = TEXTS.zh;
    const p = page();
    const { learner, accountId, plan, task } = await learnerWithPlan();
    await signInAs(session.b, learner, { host: 'sfj', path: '/account?change=9' });
    await declineProfileTip(p, 'zh');
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(t.section);
    expect(await p.locator('.ant-segmented').first().innerText()).toBe(t.tabs.join('\n'));

    const row = p.locator(`.portal-check-in-plan[data-plan-id="${plan.id}"]`);
    await row.waitFor();
    expect(await row.getByRole('heading', { level: 2 }).textContent()).toContain(plan.title);
    const text = await row.textContent();
    expect(text).toContain(t.task(task.title));
    expect(text).toContain(t.window);
    expect(text).toContain(t.todayOpen);
    expect(text).toContain(t.made(2));
    expect(text).toContain(t.streak(2));

    await row.getByRole('button', { name: t.checkIn(plan.title) }).click();
    await p.locator('.ant-message').getByText(t.checkedIn, { exact: true }).waitFor();
    // The row shows the server's answer: no button, three made, the streak of three, today checked.
    await row.getByRole('button', { name: t.checkIn(plan.title) }).waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain(t.made(3));
    expect(await row.textContent()).toContain(t.streak(3));
    expect(await row.locator('.portal-check-in-today').textContent()).toContain(t.todayChecked);
    const stored = await db.select().from(schema.checkIns).where(eq(schema.checkIns.accountId, accountId));
    expect(stored.map((c) => c.slotDate).sort()).toEqual([chinaDate(-2), chinaDate(-1), chinaDate(0)]);

    // The slots, latest first: three upcoming, today and the two days before checked, the first missed.
    await row.getByRole('button', { name: t.slots }).click();
    const slots = row.locator('.portal-check-in-slot');
    await slots.first().waitFor();
    expect(await slots.evaluateAll((els) => els.map((e) => `${e.dataset.slotDate} ${e.dataset.status}`))).toEqual([
      `${chinaDate(3)} upcoming`,
      `${chinaDate(2)} upcoming`,
      `${chinaDate(1)} upcoming`,
      `${chinaDate(0)} checked`,
      `${chinaDate(-1)} checked`,
      `${chinaDate(-2)} checked`,
      `${chinaDate(-3)} missed`,
    ]);
    expect(await slots.nth(3).textContent()).toContain(t.checked);
    expect(await slots.nth(6).textContent()).toContain(t.missed);
    expect(await slots.nth(0).textContent()).toContain(t.upcoming);

    // A reload shows the same from the server.
    await p.reload();
    await row.waitFor();
    expect(await row.textContent()).toContain(t.made(3));
    expect(await row.getByRole('button', { name: t.checkIn(plan.title) }).count()).toBe(0);

    // The English page: its texts where they differ.
    const e = TEXTS.en;
    await p.goto(url('/en/account?change=9', 'sfj'));
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(e.section);
    expect(await p.locator('.ant-segmented').first().innerText()).toBe(e.tabs.join('\n'));
    await row.waitFor();
    const en = await row.textContent();
    expect(en).toContain(e.task(task.title));
    expect(en).toContain(e.window);
    expect(en).toContain(e.made(3));
    expect(en).toContain(e.streak(3));
    expect(en).toContain(e.todayChecked);
    await row.getByRole('button', { name: e.slots }).click();
    await slots.first().waitFor();
    expect(await slots.nth(0).textContent()).toContain(e.upcoming);
    expect(await slots.nth(3).textContent()).toContain(e.checked);
    expect(await slots.nth(6).textContent()).toContain(e.missed);
  });
});
