import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  editTalentInfo,
  exportAdminTalentRecords,
  findAdminTalentRecords,
  findAuditLog,
  findExportRecords,
  viewAdminTalentRecord,
  type TalentEditable,
} from '@portal/contract';
import { schema } from '@portal/db';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';

/**
 * The back office's talent records (issue 24 item 4, decision 059): the enterprise's own, listed
 * by keyword, type, classification and department, one viewed as its member sees it, exported as
 * XLSX (audited); a learner and another enterprise's administrator see none of them.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let admin: Learner;
let adminOfB: Learner;
let wang: Learner;
let li: Learner;
let nobody: Learner;
let sales: number;

const db = () => t.database.db;
const as = (who: Learner, lang?: string) => ({ as: who, ...(lang ? { lang } : {}) });

const SECTION_1: Partial<TalentEditable> = { sex: 1, birthday: '1988-01-02', nation: 1, politicalStatus: 1 };
const section2 = (talentClassification: number, extra: Partial<TalentEditable>): Partial<TalentEditable> => ({
  talentType: 1,
  startWorkDate: '2010-09-01',
  companyName: '南宁分公司',
  companyPosition: '讲师',
  region: ['450100', '450103'],
  talentClassification,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
  wang = await t.learner(a, { member: { realName: '王档案', employeeNo: 'T001' } });
  li = await t.learner(a, { member: { realName: '李档案' } });
  nobody = await t.learner(a, { member: { realName: '未登记' } });
  const [department] = await db().insert(schema.departments).values({ eid: a.eid, name: '销售部' }).returning();
  sales = department!.id;
  await db().insert(schema.departmentMembers).values({ eid: a.eid, departmentId: sales, accountId: wang.accountId });
  for (const [who, section] of [
    [wang, section2(4, { positionHierarchy: 2 })],
    [li, section2(1, { jobTitle: 5, jobRank: 7 })],
  ] as const) {
    expect((await t.call(editTalentInfo, { ...SECTION_1, saveType: 1 }, as(who))).code).toBe(200);
    expect((await t.call(editTalentInfo, { ...section, saveType: 2 }, as(who))).code).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('the back office’s talent records', () => {
  it('lists the enterprise’s records, filtered by keyword, classification and department', async () => {
    const all = await t.call(findAdminTalentRecords, {}, as(admin));
    expect(all.code).toBe(200);
    expect(all.data.totalCount).toBe(2);
    expect(all.data.list.map((r) => r.name).sort()).toEqual(['李档案', '王档案']);
    const row = all.data.list.find((r) => r.name === '王档案')!;
    expect(row).toMatchObject({
      userNo: 'T001',
      talentClassification: 4,
      companyName: '南宁分公司',
      savedSections: [1, 2],
    });
    expect(row.phone).toMatch(/\*{4}/);
    const byKeyword = await t.call(findAdminTalentRecords, { keyword: 'T00' }, as(admin));
    expect(byKeyword.data.list.map((r) => r.name)).toEqual(['王档案']);
    const byClass = await t.call(findAdminTalentRecords, { talentClassification: 1 }, as(admin));
    expect(byClass.data.list.map((r) => r.name)).toEqual(['李档案']);
    const byDepartment = await t.call(findAdminTalentRecords, { departmentId: sales }, as(admin));
    expect(byDepartment.data.list.map((r) => r.name)).toEqual(['王档案']);
    expect((await t.call(findAdminTalentRecords, { departmentId: 999_999 }, as(admin))).code).toBe(9101);
  });

  it('shows one record as its member sees it; a member without one is 9606', async () => {
    const view = await t.call(viewAdminTalentRecord, { accountId: li.accountId }, as(admin));
    expect(view.code).toBe(200);
    expect(view.data).toMatchObject({ name: '李档案', jobTitle: 5, jobRank: 7, regionNames: ['南宁市', '青秀区'] });
    expect((await t.call(viewAdminTalentRecord, { accountId: nobody.accountId }, as(admin))).code).toBe(9606);
  });

  it('refuses a learner, and shows another enterprise’s administrator none of them', async () => {
    expect((await t.call(findAdminTalentRecords, {}, as(wang))).code).toBe(3403);
    expect((await t.call(viewAdminTalentRecord, { accountId: li.accountId }, as(wang))).code).toBe(3403);
    expect((await t.call(exportAdminTalentRecords, {}, as(wang))).code).toBe(3403);
    expect((await t.call(findAdminTalentRecords, {}, as(adminOfB))).data.totalCount).toBe(0);
    expect((await t.call(viewAdminTalentRecord, { accountId: li.accountId }, as(adminOfB))).code).toBe(9606);
  });

  it('exports the filter’s records with every field’s label, audited', async () => {
    const started = await t.call(exportAdminTalentRecords, { talentClassification: 1 }, as(admin, 'en'));
    expect(started.code).toBe(200);
    const record = await waitFor('the talent export', async () => {
      const records = await t.call(findExportRecords, {}, as(admin));
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus !== 1);
    });
    expect(record.exportStatus).toBe(2);
    const { workbook } = await downloadExport(t, admin, started.data.id);
    const { name, values } = sheetValues(workbook);
    expect(name).toBe('Talent records');
    const [header, ...rows] = values as unknown[][];
    expect(header).toContain('Staff category');
    expect(header).toContain('Civil service rank');
    expect(rows).toHaveLength(1);
    const cell = (label: string) => rows[0]![header!.indexOf(label)];
    expect(cell('Name')).toBe('李档案');
    expect(cell('Staff category')).toBe('Civil servant (including reference-managed staff)');
    expect(cell('Region')).toBe('南宁市/青秀区');
    expect(cell('Sections saved')).toBe('Personal information, Employment information');
    const audit = await t.call(findAuditLog, { entityType: 'talent_export' }, as(admin));
    expect(audit.data.list).toHaveLength(1);
  });
});
