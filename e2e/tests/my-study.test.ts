import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { enumLabel } from '@portal/contract/enums';
import { connectDatabase, schema, type Db } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable } from '../browser.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// My study and my records (issue 12, items 5 and 6): the demo learner's half-way course with its
// percent and the link back to where they left off, the completed course, study activity; the
// progress exported as XLSX by the background job and downloaded from the header's list; the
// earning ledger; the English texts.
const TEXTS = {
  zh: {
    tabs: ['全部', '学习中', '已完成', '我的收藏'],
    completedTab: '已完成',
    periods: (done: number, total: number) => `已完成 ${done}/${total} 课时`,
    continue: '继续学习',
    // antd spaces a two-character Chinese button text.
    review: '复 习',
    dynamics: '学习动态',
    export: '导出',
    exported: '导出任务已提交，完成后可在右上角下载列表中下载',
    downloads: '下载',
    download: '下载',
    downloaded: '下载成功',
    recordTabs: { 1: ['积分学分', '证书'], 2: ['积分学时', '证书'] } as Record<number, string[]>,
    certificates: '证书',
    points: '积分',
    score: { 1: '学分', 2: '学时' } as Record<number, string>,
    source: '在线课程',
  },
  en: {
    tabs: ['All', 'In progress', 'Completed', 'Favourites'],
    completedTab: 'Completed',
    periods: (done: number, total: number) => `${done} of ${total} lessons completed`,
    continue: 'Continue learning',
    review: 'Review',
    dynamics: 'Study activity',
    export: 'Export',
    exported: 'Export submitted. When it is ready, download it from the Downloads list at the top right',
    downloads: 'Downloads',
    download: 'Download',
    downloaded: 'Download succeeded',
    recordTabs: { 1: ['Points and credits', 'Certificates'], 2: ['Points and credit hours', 'Certificates'] } as Record<
      number,
      string[]
    >,
    certificates: 'Certificates',
    points: 'Points',
    score: { 1: 'Credits', 2: 'Credit hours' } as Record<number, string>,
    source: 'Online course',
  },
} as const;

/** The demo learner of the default site (enterprise 1001 only): half way through its showcase course. */
const DEMO = { phone: '13800000002', password: 'Demo@2026', eid: 1001 };

/** The files of an XLSX (a zip): name → bytes, read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

describe.runIf(browserAvailable())('my study and my records', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** The demo learner's courses: started and not completed (last studied first), and completed. */
  const demoCourses = async () => {
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, DEMO.phone));
    const rows = await db
      .select({
        courseId: schema.courseLearners.courseId,
        title: schema.courses.title,
        percent: schema.courseLearners.progressPercent,
        completedPeriods: schema.courseLearners.completedPeriods,
        lastPeriodId: schema.courseLearners.lastPeriodId,
        completedAt: schema.courseLearners.completedAt,
      })
      .from(schema.courseLearners)
      .innerJoin(
        schema.courses,
        and(eq(schema.courses.eid, schema.courseLearners.eid), eq(schema.courses.id, schema.courseLearners.courseId)),
      )
      .where(and(eq(schema.courseLearners.eid, DEMO.eid), eq(schema.courseLearners.accountId, account!.id)))
      .orderBy(desc(schema.courseLearners.lastStudiedAt));
    return {
      accountId: account!.id,
      learning: rows.filter((r) => r.completedAt === null),
      completed: rows.filter((r) => r.completedAt !== null),
    };
  };

  const requiredPeriods = async (courseId: number) =>
    (
      await db
        .select({ id: schema.coursePeriods.id })
        .from(schema.coursePeriods)
        .where(
          and(
            eq(schema.coursePeriods.eid, DEMO.eid),
            eq(schema.coursePeriods.courseId, courseId),
            eq(schema.coursePeriods.required, true),
          ),
        )
    ).length;

  it('the demo learner finds the half-way course with its percent and the way back in, the completed one, and study activity', async () => {
    const t = TEXTS.zh;
    const p = page();
    const { learning, completed } = await demoCourses();
    const half = learning[0]!;
    expect(half.percent).toBeGreaterThan(0);
    await signInAs(session.b, DEMO, { path: '/account?change=1' });
    expect(await p.locator('.ant-segmented').first().innerText()).toBe(t.tabs.join('\n'));
    const row = p.locator(`.portal-study-item[data-course-id="${half.courseId}"]`);
    await row.waitFor();
    expect(await row.getByRole('heading', { level: 2 }).textContent()).toBe(half.title);
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(half.percent));
    expect(await row.textContent()).toContain(`${half.percent}%`);
    expect(await row.textContent()).toContain(t.periods(half.completedPeriods, await requiredPeriods(half.courseId)));
    expect(await row.getByRole('link', { name: t.continue }).getAttribute('href')).toBe(
      `/watch/course?id=${half.courseId}&periodId=${half.lastPeriodId}`,
    );

    // Completed: only the completed courses, each to review.
    await p.locator('.ant-segmented').getByText(t.completedTab, { exact: true }).click();
    await p.waitForURL((u) => u.searchParams.get('status') === '2');
    const items = p.locator('.portal-study-item');
    await expect.poll(() => items.locator('h2').allTextContents()).toEqual(completed.map((c) => c.title));
    for (const [i, done] of completed.entries()) {
      expect(await items.nth(i).getByRole('link', { name: t.review }).getAttribute('href')).toBe(
        done.lastPeriodId === null
          ? `/knowledge/course/info?id=${done.courseId}`
          : `/watch/course?id=${done.courseId}&periodId=${done.lastPeriodId}`,
      );
    }

    // Study activity of the enterprise, newest first.
    const activity = p.getByRole('complementary', { name: t.dynamics });
    await expect.poll(() => activity.locator('li').count()).toBeGreaterThan(0);
    expect(await activity.locator('li').first().textContent()).toMatch(/(开始学习|完成了) 《.+》 · /);
  });

  it('the demo learner exports the course progress and downloads the XLSX from the header list', async () => {
    const t = TEXTS.zh;
    const p = page();
    const { accountId, learning, completed } = await demoCourses();
    await signInAs(session.b, DEMO, { path: '/account?change=1' });
    await p.locator('.portal-study-item').first().waitFor();
    const before = await db
      .select({ id: schema.exportRecords.id })
      .from(schema.exportRecords)
      .where(and(eq(schema.exportRecords.eid, DEMO.eid), eq(schema.exportRecords.accountId, accountId)));
    await p.getByRole('button', { name: t.export }).click();
    await p.locator('.ant-message').getByText(t.exported, { exact: true }).waitFor();
    const [record] = await db
      .select()
      .from(schema.exportRecords)
      .where(and(eq(schema.exportRecords.eid, DEMO.eid), eq(schema.exportRecords.accountId, accountId)))
      .orderBy(desc(schema.exportRecords.id))
      .limit(1);
    expect(before.some((r) => r.id === record!.id)).toBe(false);

    // The header's list shows it, and follows it from processing to done while open.
    await p.locator('.portal-exports-menu').getByRole('button', { name: t.downloads, exact: true }).click();
    const panel = p.locator('.portal-exports-panel');
    const item = panel.locator('.portal-exports-item').filter({ hasText: record!.fileName }).first();
    const button = item.getByRole('button', { name: `${t.download} ${record!.fileName}` });
    await button.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([p.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(record!.fileName);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await p.locator('.ant-message').getByText(t.downloaded, { exact: true }).waitFor();
    const files = unzip(await readFile((await download.path())!));
    const text = [...files.entries()]
      .filter(([name]) => /^xl\/(sharedStrings|worksheets\/sheet\d+)\.xml$/.test(name))
      .map(([, data]) => data.toString('utf8'))
      .join('');
    for (const course of [...learning, ...completed]) expect(text).toContain(course.title);
  });

  it('the ledger lists the demo learner’s earnings with their totals; the certificates’ tab its title', async () => {
    const t = TEXTS.zh;
    const p = page();
    const { accountId } = await demoCourses();
    const [site] = await db
      .select({ studyScoreType: schema.websiteSettings.studyScoreType })
      .from(schema.websiteSettings)
      .where(eq(schema.websiteSettings.eid, DEMO.eid));
    const type = site!.studyScoreType === 2 ? 2 : 1;
    const earned = await db
      .select()
      .from(schema.earnings)
      .where(and(eq(schema.earnings.eid, DEMO.eid), eq(schema.earnings.accountId, accountId)))
      .orderBy(desc(schema.earnings.createdAt), desc(schema.earnings.id));
    expect(earned.length).toBeGreaterThan(0);
    const [totals] = await db
      .select()
      .from(schema.learnerTotals)
      .where(and(eq(schema.learnerTotals.eid, DEMO.eid), eq(schema.learnerTotals.accountId, accountId)));

    await signInAs(session.b, DEMO, { path: '/account?change=3&recordType=1' });
    const tabs = p.getByRole('navigation', { name: '档案类型' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(t.recordTabs[type]);
    const totalsBox = p.locator('.portal-records-totals');
    await expect.poll(() => totalsBox.locator('dd').first().textContent()).toBe(String(totals!.points));
    expect(await totalsBox.locator('dt').allTextContents()).toEqual([t.points, t.score[type]]);
    expect(await totalsBox.locator('dd').nth(1).textContent()).toBe(String(totals!.creditTenths / 10));

    const rows = p.locator('.portal-records-table tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(Math.min(10, earned.length));
    const first = earned[0]!;
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([
      first.title,
      enumLabel('resourceType', first.sourceType, 'zh') || '其他',
      `+${first.points}`,
      `+${first.creditTenths / 10}`,
    ]);
    expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // The completed course's award is among them, named 在线课程.
    expect(earned.some((e) => e.sourceType === 3)).toBe(true);
    expect(enumLabel('resourceType', 3, 'zh')).toBe(t.source);

    await tabs.filter({ hasText: t.certificates }).click();
    await p.waitForURL((u) => u.searchParams.get('recordType') === '2');
    // The address changes before the tab's content is rendered.
    await expect.poll(() => p.getByRole('heading', { level: 2, name: t.certificates }).count()).toBe(1);
  });

  it('my study and the ledger in English', async () => {
    const t = TEXTS.en;
    const p = page();
    const { learning } = await demoCourses();
    const half = learning[0]!;
    await signInAs(session.b, DEMO, { lang: 'en', path: '/account?change=1' });
    expect(await p.locator('.ant-segmented').first().innerText()).toBe(t.tabs.join('\n'));
    const row = p.locator(`.portal-study-item[data-course-id="${half.courseId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(t.periods(half.completedPeriods, await requiredPeriods(half.courseId)));
    expect(await row.getByRole('link', { name: t.continue }).getAttribute('href')).toBe(
      `/en/watch/course?id=${half.courseId}&periodId=${half.lastPeriodId}`,
    );
    expect(await p.getByRole('complementary', { name: t.dynamics }).count()).toBe(1);
    expect(await p.getByRole('button', { name: t.export }).count()).toBe(1);

    const [site] = await db
      .select({ studyScoreType: schema.websiteSettings.studyScoreType })
      .from(schema.websiteSettings)
      .where(eq(schema.websiteSettings.eid, DEMO.eid));
    await p.goto(p.url().replace(/\/en\/account.*/, '/en/account?change=3&recordType=1'));
    expect(await p.getByRole('navigation', { name: 'Record type' }).getByRole('link').allTextContents()).toEqual(
      t.recordTabs[site!.studyScoreType === 2 ? 2 : 1],
    );
    const rows = p.locator('.portal-records-table tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await p.locator('.portal-records-table thead th').first().textContent()).toBe('Title');
  });
});
