import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EarningSource,
  ErrorCode,
  exportLearningReport,
  findAuditLog,
  findExportRecords,
  viewLearningReport,
} from '@portal/contract';
import { schema } from '@portal/db';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
const db = () => t.database.db;

/** A moment of a China-time day (noon), as the ledger stores it. */
const on = (day: string) => new Date(`${day}T12:00:00+08:00`);
const PERIOD = { from: '2026-10-01', to: '2026-10-31' };

let sales: number;
let service: number;
let zhang: Learner;
let li: Learner;
let wang: Learner;
let idle: Learner;
let courseA: number;
let courseB: number;

async function department(eid: number, name: string, nameEn: string, members: Learner[]) {
  const [d] = await db().insert(schema.departments).values({ eid, name, nameEn }).returning();
  if (members.length) {
    await db()
      .insert(schema.departmentMembers)
      .values(members.map((m) => ({ eid, departmentId: d!.id, accountId: m.accountId })));
  }
  return d!.id;
}

async function earn(
  who: Learner,
  sourceType: number,
  sourceId: number,
  day: string,
  creditTenths: number,
  points: number,
) {
  await db()
    .insert(schema.earnings)
    .values({
      eid: who.eid!,
      accountId: who.accountId,
      sourceType,
      sourceId,
      title: 'x',
      creditTenths,
      points,
      createdAt: on(day),
    });
}

async function learn(who: Learner, courseId: number, startedDay: string, completedDay: string | null) {
  await db()
    .insert(schema.courseLearners)
    .values({
      eid: who.eid!,
      courseId,
      accountId: who.accountId,
      startedAt: on(startedDay),
      lastStudiedAt: on(completedDay ?? startedDay),
      completedAt: completedDay ? on(completedDay) : null,
      progressPercent: completedDay ? 100 : 40,
    });
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '报表企业' });
  b = await createEnterprise(db(), { name: '他人企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '管理员' } });
  zhang = await t.learner(a, { member: { realName: '张三' } });
  li = await t.learner(a, { member: { realName: '李四' } });
  wang = await t.learner(a, { member: { realName: '王五' } });
  idle = await t.learner(a, { member: { realName: '赵六' } });
  // 王五 is in both departments; 赵六 in one, and does nothing.
  sales = await department(a.eid, '销售部', 'Sales', [zhang, wang, idle]);
  service = await department(a.eid, '客服部', 'Service', [li, wang]);
  courseA = (await createCourse(db(), a.eid, { title: '报表课程甲' })).id;
  courseB = (await createCourse(db(), a.eid, { title: '报表课程乙' })).id;

  // In October: 张三 completes A (2 h, 10 points) and passes an exam (5 points); 李四 completes B
  // on the last day (1.5 h); 王五 begins A. Outside it: 张三's September course, 李四's November one.
  await learn(zhang, courseA, '2026-10-02', '2026-10-05');
  await earn(zhang, EarningSource.COURSE, courseA, '2026-10-05', 20, 10);
  await earn(zhang, EarningSource.EXAM_TASK, 9001, '2026-10-20', 0, 5);
  await learn(li, courseB, '2026-10-30', '2026-10-31');
  await earn(li, EarningSource.COURSE, courseB, '2026-10-31', 15, 8);
  await learn(wang, courseA, '2026-10-10', null);
  await learn(zhang, courseB, '2026-09-01', '2026-09-30');
  await earn(zhang, EarningSource.COURSE, courseB, '2026-09-30', 15, 8);
  await earn(li, EarningSource.STUDY_TASK, 9002, '2026-11-01', 30, 30);
  // Another enterprise's ledger in the same days is never counted.
  const other = await t.learner(b);
  await earn(other, EarningSource.COURSE, 1, '2026-10-05', 99, 99);
});
afterAll(async () => t?.close());

interface ReportQuery {
  by?: 'department' | 'person' | 'course';
  from?: string;
  to?: string;
  departmentId?: number;
  keyword?: string;
  pageSize?: number;
}
const view = (q: ReportQuery, as = admin, lang?: string) =>
  t.call(viewLearningReport, { ...PERIOD, ...q }, { as, ...(lang ? { lang } : {}) });

/** The ledger's sums of the enterprise in the period, as the database has them. */
async function ledger(eid: number, sourceType?: number) {
  const { rows } = await db().execute<{ credit: number; points: number }>(sql`
    SELECT coalesce(sum(credit_tenths), 0)::int AS credit, coalesce(sum(points), 0)::int AS points FROM earnings
     WHERE eid = ${eid} AND created_at >= ${on('2026-10-01').toISOString()}::timestamptz - interval '12 hours'
       AND created_at < ${on('2026-10-31').toISOString()}::timestamptz + interval '12 hours'
       ${sourceType === undefined ? sql`` : sql`AND source_type = ${sourceType}`}`);
  return { creditHours: rows[0]!.credit / 10, points: rows[0]!.points };
}

describe('the learning report', () => {
  it('by department: members, who learned, completions, credit and points; totals count each person once', async () => {
    const r = await view({ by: 'department' });
    expect(r.code).toBe(200);
    expect(r.data.page.list).toEqual([
      { key: sales, name: '销售部', detail: '', people: 3, active: 2, completions: 1, creditHours: 2, points: 15 },
      { key: service, name: '客服部', detail: '', people: 2, active: 2, completions: 1, creditHours: 1.5, points: 8 },
    ]);
    // The enterprise: 5 members (the administrator too), 3 who learned (王五, who began a course,
    // once though in both departments).
    expect(r.data.totals).toEqual({ people: 5, active: 3, completions: 2, creditHours: 3.5, points: 23 });
    expect({ creditHours: r.data.totals.creditHours, points: r.data.totals.points }).toEqual(await ledger(a.eid));
    // English names on the English page.
    const en = await view({ by: 'department' }, admin, 'en');
    expect(en.data.page.list.map((d) => d.name)).toEqual(['Sales', 'Service']);
  });

  it('by person: every member, most credit first, their departments; the rows add up to the totals and the ledger', async () => {
    const r = await view({ by: 'person', pageSize: 100 });
    expect(r.data.page.list.slice(0, 2)).toEqual([
      {
        key: zhang.accountId,
        name: '张三',
        detail: '销售部',
        people: 1,
        active: 1,
        completions: 1,
        creditHours: 2,
        points: 15,
      },
      {
        key: li.accountId,
        name: '李四',
        detail: '客服部',
        people: 1,
        active: 1,
        completions: 1,
        creditHours: 1.5,
        points: 8,
      },
    ]);
    expect(r.data.page.totalCount).toBe(5);
    expect(r.data.page.list.find((p) => p.key === wang.accountId)?.detail).toBe('销售部、客服部');
    expect(r.data.page.list.find((p) => p.key === idle.accountId)).toMatchObject({ active: 0, creditHours: 0 });
    const sum = (k: 'completions' | 'creditHours' | 'points') => r.data.page.list.reduce((n, p) => n + p[k], 0);
    expect({ completions: sum('completions'), creditHours: sum('creditHours'), points: sum('points') }).toEqual({
      completions: r.data.totals.completions,
      creditHours: r.data.totals.creditHours,
      points: r.data.totals.points,
    });
    // A department's members, and a part of a name: the totals are theirs.
    const inSales = await view({ by: 'person', departmentId: sales });
    expect(inSales.data.page.list.map((p) => p.name)).toEqual(['张三', '王五', '赵六']);
    expect(inSales.data.totals).toMatchObject({ people: 3, active: 2, creditHours: 2 });
    expect((await view({ by: 'person', keyword: '李' })).data.page.list.map((p) => p.name)).toEqual(['李四']);
  });

  it('by course: learners who began it, completions, and the credit its completions earned in the period', async () => {
    const r = await view({ by: 'course' });
    expect(r.data.page.list).toEqual([
      {
        key: courseA,
        name: '报表课程甲',
        detail: '',
        people: 2,
        active: 2,
        completions: 1,
        creditHours: 2,
        points: 10,
      },
      {
        key: courseB,
        name: '报表课程乙',
        detail: '',
        people: 1,
        active: 1,
        completions: 1,
        creditHours: 1.5,
        points: 8,
      },
    ]);
    expect(r.data.totals).toEqual({ people: 3, active: 3, completions: 2, creditHours: 3.5, points: 18 });
    expect({ creditHours: r.data.totals.creditHours, points: r.data.totals.points }).toEqual(
      await ledger(a.eid, EarningSource.COURSE),
    );
  });

  it('refuses a period that ends before it starts or is longer than a year, in the caller’s language', async () => {
    const backwards = await view({ from: '2026-10-31', to: '2026-10-01' });
    expect(backwards).toMatchObject({
      code: ErrorCode.REPORT_PERIOD,
      message: '统计日期无效：开始日期不能晚于结束日期，且跨度不超过366天',
    });
    expect((await view({ from: '2025-01-01', to: '2026-01-02' })).code).toBe(ErrorCode.REPORT_PERIOD);
    expect((await view({ from: '2026-02-30', to: '2026-03-01' })).code).toBe(ErrorCode.REPORT_PERIOD);
    expect((await view({ from: '2025-01-01', to: '2026-01-01' })).code).toBe(200);
    const en = await view({ from: '2026-10-31', to: '2026-10-01' }, admin, 'en');
    expect(en.message).toBe(
      'The dates are not valid: the start cannot be after the end, and the period is at most 366 days',
    );
  });

  it('is the administrators’ only, and only of their own enterprise', async () => {
    expect((await view({}, zhang)).code).toBe(ErrorCode.NOT_ADMIN);
    expect((await t.call(exportLearningReport, { ...PERIOD, by: 'person' }, { as: zhang })).code).toBe(
      ErrorCode.NOT_ADMIN,
    );
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    const r = await view({ by: 'person' }, adminOfB);
    expect(r.data.page.list.map((p) => p.key)).not.toContain(zhang.accountId);
    // A department of a, asked for by b's administrator, has none of b's members.
    expect((await view({ by: 'person', departmentId: sales }, adminOfB)).data.page.list).toEqual([]);
  });

  it('exports the person report as XLSX with a totals row, audited', async () => {
    const started = await t.call(exportLearningReport, { ...PERIOD, by: 'person' }, { as: admin });
    expect(started.code).toBe(200);
    await waitFor('the export', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
    });
    const { values: rows } = sheetValues((await downloadExport(t, admin, started.data.id)).workbook);
    expect(rows[0]).toEqual(['姓名', '部门', '完成课程数', '学时', '积分']);
    expect(rows[1]).toEqual(['张三', '销售部', 1, 2, 15]);
    expect(rows).toHaveLength(1 + 5 + 1);
    expect(rows.at(-1)).toEqual(['合计 2026-10-01 至 2026-10-31', '共 5 人', 2, 3.5, 23]);
    const log = await t.call(findAuditLog, { entityType: 'learning_report_export' }, { as: admin });
    expect(log.data.list[0]).toMatchObject({ action: 'exportLearningReport', entityId: String(started.data.id) });
    expect(
      (await t.call(exportLearningReport, { from: '2026-10-31', to: '2026-10-01', by: 'person' }, { as: admin })).code,
    ).toBe(ErrorCode.REPORT_PERIOD);
  });
});
