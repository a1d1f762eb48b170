import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  LearnerImportStatus,
  findAuditLog,
  findLearnerImports,
  startLearnerImport,
  viewLearnerImport,
  viewLearnerImportTemplate,
  type LearnerImport,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { waitFor } from '../../test/export-files.ts';
import { createTestApp, encryptFor, type TestApp } from '../../test/harness.ts';
import { createAdmin, learnerSheet } from '../../test/learner-import-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await createAdmin(t, a);
  otherAdmin = await createAdmin(t, b);
});
afterAll(async () => t?.close());

const xlsx = (data: Buffer, filename = '学员.xlsx') => ({ field: 'file', filename, data });

async function start(data: Buffer, options: { as?: Learner; lang?: string; password?: string } = {}) {
  return t.call(
    startLearnerImport,
    { initialPassword: encryptFor(t, options.password ?? 'Welcome@123') },
    { as: options.as ?? admin, file: xlsx(data), ...(options.lang ? { lang: options.lang } : {}) },
  );
}

async function finished(id: number, as = admin): Promise<LearnerImport> {
  return waitFor(`import ${id}`, async () => {
    const r = await t.call(viewLearnerImport, { id }, { as });
    return r.data.status !== LearnerImportStatus.RUNNING && r.data;
  });
}

async function download(url: string): Promise<unknown[][]> {
  const file = await t.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return values;
}

const membersOf = (eid: number) =>
  db().select().from(schema.enterpriseUsers).where(eq(schema.enterpriseUsers.eid, eid));

describe('the import template', () => {
  it('has the columns in the caller language, an example row and a notes sheet', async () => {
    const zh = await t.call(viewLearnerImportTemplate, {}, { as: admin });
    expect(zh.code).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: zh.data.url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const [sheet, notes] = workbook.worksheets;
    expect((sheet!.getRow(1).values as unknown[]).slice(1, 6)).toEqual(['姓名', '手机号', '工号', '部门', '标签']);
    expect((sheet!.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['张三', '13800138000', 'E0001']);
    expect(notes!.name).toBe('填写说明');
    const en = await t.call(viewLearnerImportTemplate, {}, { as: admin, lang: 'en' });
    const enFile = await t.app.inject({ method: 'GET', url: en.data.url });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(enFile.rawPayload as unknown as ArrayBuffer);
    expect(enBook.worksheets[0]!.getRow(1).getCell(2).value).toBe('Mobile number');
  });
});

describe('importing learners', () => {
  const good = [
    ['王小明', '13900000001', 'A001', '总部/研发部', '新员工,技术'],
    ['李小红', 13900000002, '', '总部/研发部/前端组', ''],
    ['赵六', '13900000003', '', '', '技术'],
  ];
  const bad = [
    ['', '13900000004', '', '', ''],
    ['坏号码', '1390000', '', '', ''],
    ['重复', '13900000001', '', '', ''],
    ['工号重复', '13900000005', 'A001', '', ''],
  ];
  let file: Buffer;
  let first: LearnerImport;

  it('adds the good rows with their departments and tags, and lists the bad rows with reasons', async () => {
    // Row 2 is the template's example: skipped.
    file = await learnerSheet([['张三', '13800138000', 'E0001', '总部/研发部', ''], ...good, ...bad]);
    const started = await start(file);
    expect(started.code).toBe(200);
    expect(started.data.status).toBe(LearnerImportStatus.RUNNING);
    first = await finished(started.data.id);
    expect(first).toMatchObject({
      status: LearnerImportStatus.DONE,
      totalRows: 7,
      rowsDone: 7,
      createdCount: 3,
      updatedCount: 0,
      unchangedCount: 0,
      rejectedCount: 4,
    });
    const members = await membersOf(a.eid);
    const wang = members.find((m) => m.realName === '王小明')!;
    expect(wang).toMatchObject({ employeeNo: 'A001', departmentName: '研发部', status: 1 });
    expect(members.some((m) => m.realName === '张三')).toBe(false);
    const departments = await db().select().from(schema.departments).where(eq(schema.departments.eid, a.eid));
    expect(departments.map((d) => d.name).sort()).toEqual(['前端组', '总部', '研发部']);
    const tags = await db().select().from(schema.tags).where(eq(schema.tags.eid, a.eid));
    expect(tags.map((x) => x.name).sort()).toEqual(['技术', '新员工']);
    const tagged = await db().select().from(schema.learnerTags).where(eq(schema.learnerTags.eid, a.eid));
    expect(tagged).toHaveLength(3);
    // The new accounts sign in with the import's initial password.
    const [account] = await db().select().from(schema.accounts).where(eq(schema.accounts.phone, '13900000001'));
    const { verify } = await import('@node-rs/argon2');
    expect(await verify(account!.passwordHash!, 'Welcome@123')).toBe(true);

    expect(first.resultUrl).toBeTruthy();
    const result = await download(first.resultUrl!);
    expect(result[0]).toEqual(['行号', '手机号', '姓名', '原因']);
    expect(result.slice(1)).toEqual([
      [6, '13900000004', '', '请填写姓名'],
      [7, '1390000', '坏号码', '请输入正确的手机号码'],
      [8, '13900000001', '重复', '手机号与第3行重复'],
      [9, '13900000005', '工号重复', '工号与第3行重复'],
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const accountsBefore = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.accounts);
    const again = await start(file);
    expect(again.data.id).not.toBe(first.id);
    const second = await finished(again.data.id);
    expect(second).toMatchObject({
      status: LearnerImportStatus.DONE,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 3,
      rejectedCount: 4,
    });
    const accountsAfter = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.accounts);
    expect(accountsAfter).toEqual(accountsBefore);
    expect(await db().select().from(schema.departments).where(eq(schema.departments.eid, a.eid))).toHaveLength(3);
  });

  it('counts a member who only gains a department as updated, and keeps their password', async () => {
    const existing = await t.learner(a, { phone: '13900000011' });
    const other = await t.learner(b, { phone: '13900000012' });
    const r = await start(
      await learnerSheet([
        ['老学员', '13900000011', '', '总部', ''],
        ['别家学员', '13900000012', '', '', ''],
      ]),
    );
    const done = await finished(r.data.id);
    expect(done).toMatchObject({
      createdCount: 1,
      updatedCount: 1,
      unchangedCount: 0,
      rejectedCount: 0,
      resultUrl: null,
    });
    const [account] = await db().select().from(schema.accounts).where(eq(schema.accounts.id, other.accountId));
    const { verify } = await import('@node-rs/argon2');
    expect(await verify(account!.passwordHash!, other.password!)).toBe(true);
    const dm = await db()
      .select()
      .from(schema.departmentMembers)
      .where(and(eq(schema.departmentMembers.eid, a.eid), eq(schema.departmentMembers.accountId, existing.accountId)));
    expect(dm).toHaveLength(1);
  });

  it('runs one import when the same file is submitted twice at once', async () => {
    const data = await learnerSheet([
      ['并发一', '13900000021', '', '', ''],
      ['并发二', '13900000022', '', '', ''],
    ]);
    const [x, y] = await Promise.all([start(data), start(data)]);
    expect(x.code).toBe(200);
    expect(y.code).toBe(200);
    expect(x.data.id).toBe(y.data.id);
    const done = await finished(x.data.id);
    expect(done.createdCount).toBe(2);
    const accounts = await db()
      .select()
      .from(schema.accounts)
      .where(sql`${schema.accounts.phone} IN ('13900000021', '13900000022')`);
    expect(accounts).toHaveLength(2);
  });

  it('reports the missing columns of a file that is not the template, in English for an English admin', async () => {
    const r = await start(await learnerSheet([['x', 'y']], ['Foo', 'Bar']), { lang: 'en' });
    const done = await finished(r.data.id);
    expect(done.status).toBe(LearnerImportStatus.FAILED);
    expect(done.error).toBe('The file lacks the required columns: Name, Mobile number; please use the template');
  });

  it('writes English reasons in the result of an English admin', async () => {
    const r = await start(await learnerSheet([['Bad', '12345', '', '', '']]), { lang: 'en' });
    const done = await finished(r.data.id);
    expect((await download(done.resultUrl!))[1]).toEqual([2, '12345', 'Bad', 'Please enter a valid mobile number']);
  });

  it('fails a workbook whose sheet is damaged with the message to save it again from the template', async () => {
    const file = await learnerSheet([['李明', '13900000031', '', '', '']]);
    // A sheet's compressed bytes overwritten: still a zip of an XLSX by its first entries (file-type).
    const at = file.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    file.fill(0xff, at, at + 40);
    const r = await start(file);
    expect(r.code).toBe(200);
    const done = await finished(r.data.id);
    expect(done.status).toBe(LearnerImportStatus.FAILED);
    expect(done.error).toBe('文件无法读取，请使用导入模板另存为 XLSX 后重试');
  });

  it('refuses what is no XLSX, a weak initial password and a missing file', async () => {
    expect((await start(Buffer.from('name,phone\n'))).code).toBe(ErrorCode.LEARNER_IMPORT_NOT_XLSX);
    expect((await start(await learnerSheet([]), { password: '123456' })).code).toBe(ErrorCode.BAD_INPUT);
    const none = await t.call(startLearnerImport, { initialPassword: encryptFor(t, 'Welcome@123') }, { as: admin });
    expect(none.code).toBe(ErrorCode.LEARNER_IMPORT_NO_FILE);
  });

  it('is not found by another enterprise, and lists and audits the imports', async () => {
    expect((await t.call(viewLearnerImport, { id: first.id }, { as: otherAdmin })).code).toBe(
      ErrorCode.LEARNER_IMPORT_NOT_FOUND,
    );
    const mine = await t.call(findLearnerImports, { pageCurrent: 1, pageSize: 50 }, { as: admin });
    expect(mine.data.list.map((i) => i.id)).toContain(first.id);
    expect((await t.call(findLearnerImports, {}, { as: otherAdmin })).data.list).toEqual([]);
    const log = await t.call(
      findAuditLog,
      { entityType: 'learner_import', entityId: String(first.id), order: 'asc' },
      { as: admin },
    );
    expect(log.data.list.map((e) => e.action)).toEqual(['startLearnerImport', 'finishLearnerImport']);
    expect(log.data.list[1]!.after).toMatchObject({ status: 2, created: 3, rejected: 4 });
  });
});

describe('statistics after an import', () => {
  it('leaves the planner fresh statistics of the tables it grew (ANALYZE, not only autovacuum later)', async () => {
    const analysed = async () => {
      const { rows } = await t.database.pool.query<{ relname: string; n: number }>(
        `SELECT relname, analyze_count::int AS n FROM pg_stat_user_tables
          WHERE relname IN ('accounts', 'enterprise_users', 'department_members', 'learner_tags')`,
      );
      return Object.fromEntries(rows.map((r) => [r.relname, r.n]));
    };
    const c = await createEnterprise(db(), { name: '丙企业' });
    const cAdmin = await createAdmin(t, c);
    const before = await analysed();
    // Enough rows that autovacuum would analyse the tables too (50 and a tenth), only later.
    const rows = Array.from({ length: 80 }, (_, i) => [
      `统计${i}`,
      `139009${String(i).padStart(5, '0')}`,
      '',
      '总部/统计组',
      '统计',
    ]);
    const started = await start(await learnerSheet(rows), { as: cAdmin });
    const done = await finished(started.data.id, cAdmin);
    expect(done).toMatchObject({ status: LearnerImportStatus.DONE, createdCount: 80 });
    const after = await analysed();
    for (const table of ['accounts', 'enterprise_users', 'department_members', 'learner_tags']) {
      expect(after[table], table).toBeGreaterThan(before[table] ?? 0);
    }
  });
});
