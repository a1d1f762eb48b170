import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  editTalentInfo,
  exportAdminTalentRecords,
  findAuditLog,
  findExportRecords,
  getExportDownloadUrl,
  importTalentRecords,
  previewTalentImport,
  viewAdminTalentRecord,
  viewTalentImportTemplate,
  type TalentEditable,
  type TalentImportResult,
} from '@portal/contract';
import { schema } from '@portal/db';
import { waitFor } from '../../test/export-files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { TALENT_IMPORT_COLUMNS } from './talent-sheet.ts';
import { templateExample } from './talent-template.ts';

/**
 * The history import of talent records (issue 24 item 4, decision 062): a file of the export's
 * columns previewed row by row (the member by phone, each section's problems in the
 * administrator's language), then imported: records made with talentSource 3, sections a member
 * saved never overwritten, the same file twice saving nothing more, an export importing back as it
 * was; another enterprise's members are no members, and a learner may do none of it.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let admin: Learner;
let adminOfB: Learner;
let learner: Learner;
let wang: Learner;
let li: Learner;
let zhao: Learner;
let qian: Learner;
let learnerOfB: Learner;
let leaf: number;
let secondLeaf: number;
let parent: number;

const db = () => t.database.db;
const as = (who: Learner, lang?: string) => ({ as: who, ...(lang ? { lang } : {}) });

async function category(eid: number, name: string, parentId: number | null, nameEn = '') {
  const [row] = await db()
    .insert(schema.categories)
    .values({ eid, categoryType: 14, name, parentId, nameEn })
    .returning({ id: schema.categories.id });
  return row!.id;
}

/** A workbook of the import's columns (headers in `lang`) with these rows, by column key. */
async function sheetOf(rows: Array<Record<string, string | number>>, lang: 'zh' | 'en' = 'zh') {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('人才档案');
  sheet.columns = TALENT_IMPORT_COLUMNS.map((c) => ({ header: c.header[lang], key: c.key }));
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const file = (data: Buffer, filename = '历史档案.xlsx') => ({ field: 'file', filename, data });

function preview(data: Buffer, who: Learner = admin, lang?: string) {
  return t.call(previewTalentImport, {}, { ...as(who, lang), file: file(data) });
}

async function importFile(data: Buffer, who: Learner = admin, lang?: string): Promise<TalentImportResult> {
  const seen = await preview(data, who, lang);
  expect(seen.code, JSON.stringify(seen)).toBe(200);
  const done = await t.call(importTalentRecords, { digest: seen.data.digest }, { ...as(who, lang), file: file(data) });
  expect(done.code, JSON.stringify(done)).toBe(200);
  return done.data;
}

const recordOf = async (who: Learner) => {
  const [row] = await db()
    .select()
    .from(schema.talentRecords)
    .where(and(eq(schema.talentRecords.eid, who.eid!), eq(schema.talentRecords.accountId, who.accountId)));
  return row ?? null;
};

const SECTION_1 = { sex: '男', birthday: '1985-03-02', nation: '汉族', politicalStatus: '中共党员' };
const SECTION_2 = {
  talentType: '骨干成长',
  startWorkDate: '2008/7/1',
  companyName: '南宁分公司',
  companyPosition: '经理',
  region: '南宁市/青秀区',
  talentClassification: '企业人员',
  positionHierarchy: '中层管理人员',
};

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
  learner = await t.learner(a);
  wang = await t.learner(a, { member: { realName: '王历史' } });
  li = await t.learner(a, { member: { realName: '李自填' } });
  zhao = await t.learner(a, { member: { realName: '赵往返', employeeNo: 'Z009' } });
  qian = await t.learner(a, { member: { realName: '钱并发' } });
  learnerOfB = await t.learner(b, { member: { realName: '乙的学员' } });
  parent = await category(a.eid, '寿险业务', null, 'Life business');
  leaf = await category(a.eid, '个人寿险', parent, 'Individual life');
  secondLeaf = await category(a.eid, '团体寿险', parent, 'Group life');
  await category(b.eid, '乙的业务', null);
  // 李 saved sections 1 and 2 themself (source 1).
  const own: Array<Partial<TalentEditable> & { saveType: 1 | 2 }> = [
    { saveType: 1, sex: 2, birthday: '1992-08-08', nation: 1, politicalStatus: 1 },
    {
      saveType: 2,
      talentType: 2,
      startWorkDate: '2015-07-01',
      companyName: '自己填的单位',
      companyPosition: '主管',
      region: ['450100', '450103'],
      talentClassification: 4,
      positionHierarchy: 3,
    },
  ];
  for (const input of own) expect((await t.call(editTalentInfo, input, as(li))).code).toBe(200);
});
afterAll(async () => t?.close());

describe('the history import of talent records', () => {
  it('gives the template: the export’s columns by label, notes and an example that imports cleanly', async () => {
    const zh = await t.call(viewTalentImportTemplate, {}, as(admin));
    expect(zh.code).toBe(200);
    expect(zh.data.fileName).toBe('人才档案导入模板.xlsx');
    const got = await t.app.inject({ method: 'GET', url: zh.data.url });
    expect(got.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(got.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['人才档案', '填写说明', '示例']);
    const headers = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 6)).toEqual(['姓名', '手机号', '人才类型', '性别', '出生日期', '民族']);
    expect(headers).toContain('业务领域');
    expect(headers).toContain('近三年考核及奖惩情况');
    // The notes name the enterprise's business areas (its leaves), not another's.
    const notes = JSON.stringify(workbook.worksheets[1]!.getSheetValues());
    expect(notes).toContain('个人寿险、团体寿险');
    expect(notes).not.toContain('乙的业务');
    const en = await t.call(viewTalentImportTemplate, {}, as(admin, 'en'));
    expect(en.data.fileName).toBe('talent-records-import-template.xlsx');

    for (const lang of ['zh', 'en'] as const) {
      const example = { ...templateExample(lang, ['个人寿险']), phone: learner.phone };
      const seen = await preview(await sheetOf([example], lang), admin, lang);
      expect(seen.code, JSON.stringify(seen)).toBe(200);
      expect(seen.data.rows).toEqual([
        expect.objectContaining({ outcome: 'create', sections: [1, 2, 3, 5, 6], kept: [], problems: [] }),
      ]);
    }
    expect(await recordOf(learner)).toBeNull();
  });

  it('previews every row with its problems in the administrator’s language, storing nothing', async () => {
    const data = await sheetOf([
      // 2: section 1 good, section 2 without its employer.
      { name: '王', phone: wang.phone, ...SECTION_1, ...SECTION_2, companyName: '' },
      // 3: an unreadable choice, date and business area, a too-long title; section 2 good.
      {
        phone: learner.phone,
        sex: '未知',
        birthday: '1990-13-01',
        nation: '汉族',
        politicalStatus: '群众',
        ...SECTION_2,
        talentBusinessRelationList: '个人寿险、没有这个',
        technicalTitle: 'x'.repeat(101),
      },
      // 4: a member of another enterprise only.
      { name: '乙的学员', phone: learnerOfB.phone, ...SECTION_1 },
      // 5: row 2's phone again.
      { phone: ` ${wang.phone.slice(0, 3)}-${wang.phone.slice(3)} `, ...SECTION_1 },
      // 6: no mobile number.
      { phone: '12345', ...SECTION_1 },
      // 7: 李 saved 1 and 2 themself: kept; section 5 is new.
      {
        phone: li.phone,
        ...SECTION_1,
        ...SECTION_2,
        technicalTitle: '高级经济师',
      },
      // 8: nothing but the phone.
      { phone: zhao.phone },
      // 9: a contract institution member on a management post.
      { phone: qian.phone, ...SECTION_2, talentClassification: '事业单位聘用人员', postType: '管理岗' },
    ]);
    const seen = await preview(data);
    expect(seen.code, JSON.stringify(seen)).toBe(200);
    expect(seen.data).toMatchObject({
      imported: false,
      totalRows: 8,
      createCount: 2,
      fillCount: 1,
      unchangedCount: 0,
      refusedCount: 5,
      sectionCount: 3,
    });
    const row = (n: number) => seen.data.rows.find((r) => r.row === n)!;
    expect(row(2)).toMatchObject({
      name: '王历史',
      accountId: wang.accountId,
      outcome: 'create',
      sections: [1],
      problems: ['人员信息未导入：请输入工作单位'],
    });
    expect(row(2).phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(row(3)).toMatchObject({ outcome: 'create', sections: [2] });
    expect(row(3).problems).toEqual([
      '个人信息未导入：性别无法识别：未知；出生日期不是有效日期：1990-13-01',
      '业务信息未导入：业务领域无法识别：没有这个',
      '职业信息未导入：专业技术职务不能超过100个字',
    ]);
    expect(row(4)).toMatchObject({ name: '乙的学员', accountId: null, outcome: 'refused', sections: [] });
    expect(row(4).problems).toEqual([
      `手机号${learnerOfB.phone.slice(0, 3)}****${learnerOfB.phone.slice(7)}不是本企业的学员`,
    ]);
    expect(row(5).problems).toEqual(['与第2行的手机号重复']);
    expect(row(6).problems).toEqual(['手机号格式不正确：12345']);
    expect(row(7)).toMatchObject({ name: '李自填', outcome: 'fill', sections: [5], kept: [1, 2], problems: [] });
    expect(row(8)).toMatchObject({ outcome: 'refused', problems: ['没有填写任何部分的内容'] });
    expect(row(9).problems).toEqual(['人员信息未导入：岗位类型“管理岗”不适用于事业单位聘用人员']);
    // The region is read by the row's own tree: a wrong district is named, with the tree's example.
    const region = await preview(await sheetOf([{ phone: wang.phone, ...SECTION_2, region: '南宁市' }]));
    expect(region.data.rows[0]!.problems).toEqual([
      '人员信息未导入：所在地区无法识别：南宁市（按地区名称逐级填写，如 南宁市/青秀区）',
    ]);

    const en = await preview(data, admin, 'en');
    const enRow = (n: number) => en.data.rows.find((r) => r.row === n)!;
    expect(enRow(2).problems).toEqual(['Employment information not imported: Enter employer']);
    expect(enRow(3).problems).toEqual([
      'Personal information not imported: Gender not recognised: 未知; Date of birth is not a valid date: 1990-13-01',
      'Business areas not imported: Business areas not recognised: 没有这个',
      'Career information not imported: Technical title is at most 100 characters',
    ]);
    expect(enRow(4).problems[0]).toMatch(/^\d{3}\*{4}\d{4} is not a member of this enterprise$/);
    expect(enRow(5).problems).toEqual(['The same phone as row 2']);
    expect(enRow(6).problems).toEqual(['Not a valid mobile number: 12345']);
    expect(enRow(8).problems).toEqual(['No section is filled in']);
    expect(enRow(9).problems).toEqual([
      'Employment information not imported: Post type “管理岗” does not apply to Public institution staff (contract)',
    ]);

    // Nothing is stored by a preview; it is audited.
    expect(await recordOf(wang)).toBeNull();
    expect((await recordOf(li))!.savedSections).toEqual([1, 2]);
    const audit = await t.call(findAuditLog, { entityType: 'talent_import', entityId: seen.data.digest }, as(admin));
    expect(audit.data.list.map((e) => e.action)).toContain('previewTalentImport');
  });

  it('imports source-3 records, never overwrites what a member saved, and saves nothing more the second time', async () => {
    const data = await sheetOf([
      {
        phone: wang.phone,
        ...SECTION_1,
        ...SECTION_2,
        talentType: '保险专家',
        region: '广西壮族自治区/南宁市',
        talentBusinessRelationList: '团体寿险、Individual life',
        graduateSchool: '广西大学',
        education: '本科',
      },
      { phone: li.phone, ...SECTION_1, sex: '男', ...SECTION_2, companyName: '历史单位', technicalTitle: '高级经济师' },
    ]);
    const done = await importFile(data);
    expect(done).toMatchObject({ imported: true, createCount: 1, fillCount: 1, sectionCount: 5 });
    const made = (await recordOf(wang))!;
    expect(made).toMatchObject({
      talentSource: 3,
      talentType: 3,
      talentClassification: 4,
      savedSections: [1, 2, 3, 4],
    });
    expect(made.details).toMatchObject({
      sex: 1,
      birthday: '1985-03-02',
      startWorkDate: '2008-07-01',
      region: ['450000', '450100'],
      positionHierarchy: 2,
      education: 5,
      graduateSchool: '广西大学',
      talentBusinessRelationList: [
        {
          businessCategoryId: secondLeaf,
          businessCategoryName: '团体寿险',
          parentCategoryIdList: [parent],
          recommendOrder: 1,
        },
        {
          businessCategoryId: leaf,
          businessCategoryName: '个人寿险',
          parentCategoryIdList: [parent],
          recommendOrder: 2,
        },
      ],
    });
    // 李's own sections stay as they saved them; only section 5 is added, and the record stays theirs.
    const own = (await recordOf(li))!;
    expect(own).toMatchObject({ talentSource: 1, talentType: 2, talentClassification: 4, savedSections: [1, 2, 5] });
    expect(own.details).toMatchObject({
      sex: 2,
      birthday: '1992-08-08',
      companyName: '自己填的单位',
      positionHierarchy: 3,
      technicalTitle: '高级经济师',
    });
    const view = await t.call(viewAdminTalentRecord, { accountId: wang.accountId }, as(admin));
    expect(view.data).toMatchObject({ talentSource: 3, regionNames: ['广西壮族自治区', '南宁市'] });

    // The same file again: every row's sections are saved now; nothing is written.
    const again = await importFile(data);
    expect(again).toMatchObject({ createCount: 0, fillCount: 0, unchangedCount: 2, sectionCount: 0 });
    expect(again.rows.map((r) => r.kept)).toEqual([
      [1, 2, 3, 4],
      [1, 2, 5],
    ]);
    expect(await recordOf(wang)).toEqual(made);
    expect(await recordOf(li)).toEqual(own);
    const audit = await t.call(findAuditLog, { entityType: 'talent_import', entityId: done.digest }, as(admin));
    const imports = audit.data.list.filter((e) => e.action === 'importTalentRecords');
    expect(imports).toHaveLength(2);
    expect(imports.at(-1)!.after).toMatchObject({
      createCount: 1,
      records: [
        { accountId: wang.accountId, sections: [1, 2, 3, 4], created: true },
        { accountId: li.accountId, sections: [5], created: false },
      ],
    });
  });

  it('takes two imports of one file at once one after the other: one record, its sections once', async () => {
    const data = await sheetOf([
      { phone: qian.phone, ...SECTION_1, studyWorkExperience: '历史经历', assessmentRewardPunishment: '合格' },
    ]);
    const seen = await preview(data);
    const both = await Promise.all(
      [1, 2].map(() => t.call(importTalentRecords, { digest: seen.data.digest }, { as: admin, file: file(data) })),
    );
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    expect(both.map((r) => r.data.rows[0]!.outcome).sort()).toEqual(['create', 'unchanged']);
    const rows = await db()
      .select()
      .from(schema.talentRecords)
      .where(and(eq(schema.talentRecords.eid, a.eid), eq(schema.talentRecords.accountId, qian.accountId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ talentSource: 3, savedSections: [1, 6] });
  });

  it('fills, never replaces, a record its member made while the import waited for it', async () => {
    const sun = await t.learner(a, { member: { realName: '孙同时' } });
    const data = await sheetOf([
      { phone: sun.phone, ...SECTION_1, studyWorkExperience: '历史经历', assessmentRewardPunishment: '合格' },
    ]);
    const seen = await preview(data);
    expect(seen.data.rows[0]).toMatchObject({ outcome: 'create', sections: [1, 6] });
    const importAgain = () =>
      t.call(importTalentRecords, { digest: seen.data.digest }, { as: admin, file: file(data) });
    let importing: ReturnType<typeof importAgain> | undefined;
    await db().transaction(async (tx) => {
      // The member's own first save of section 1, not committed yet.
      await tx.insert(schema.talentRecords).values({
        eid: a.eid,
        accountId: sun.accountId,
        details: { sex: 2, birthday: '1991-01-01', nation: 1, politicalStatus: 1 },
        savedSections: [1],
      });
      importing = importAgain();
      // Committed once the import's insert waits for it.
      await waitFor('the import to wait for the member’s save', async () => {
        const { rows } = await db().execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "talent_records"%'`);
        return rows[0]!.n > 0;
      });
    });
    const done = await importing!;
    expect(done.code, JSON.stringify(done)).toBe(200);
    expect(done.data.rows[0]).toMatchObject({ outcome: 'fill', sections: [6], kept: [1] });
    const record = (await recordOf(sun))!;
    expect(record).toMatchObject({ talentSource: 1, savedSections: [1, 6] });
    expect(record.details).toMatchObject({ sex: 2, birthday: '1991-01-01', studyWorkExperience: '历史经历' });
  });

  it('imports an export back as it was, in either language', async () => {
    const slot = (id: number, recommendOrder: number) => ({
      businessCategoryId: id,
      businessCategoryName: '',
      parentCategoryIdList: [],
      recommendOrder,
    });
    const sections: Array<Partial<TalentEditable> & { saveType: 1 | 2 | 3 | 4 | 5 | 6 }> = [
      {
        saveType: 1,
        sex: 2,
        birthday: '1979-11-30',
        nation: 3,
        nativePlace: '广西桂林',
        birthPlace: '桂林',
        politicalStatus: 3,
        partyJoinDate: '2001-07-01',
        healthStatus: '良好',
        highestEducation: 6,
      },
      {
        saveType: 2,
        talentType: 2,
        startWorkDate: '2003-09-01',
        companyName: '桂林市某事业单位',
        companyPosition: '科长',
        region: ['450300', '450302'],
        talentClassification: 2,
        postType: 2,
        professionalRank: 2,
      },
      { saveType: 3, talentBusinessRelationList: [slot(secondLeaf, 1), slot(leaf, 2)] },
      {
        saveType: 4,
        education: 5,
        graduateSchool: '广西师范大学',
        major: '经济学',
        jobEducation: 6,
        jobGraduateSchool: '广西大学',
        jobMajor: '金融学',
      },
      { saveType: 5, technicalTitle: '高级经济师', professionalTitle: '精算师', expertise: '寿险精算', remark: '无' },
      {
        saveType: 6,
        studyWorkExperience: '1998—2002 广西师范大学；2003 年至今 桂林市某事业单位。',
        assessmentRewardPunishment: '2023、2024 年度考核优秀。',
      },
    ];
    for (const input of sections) {
      const saved = await t.call(editTalentInfo, input, as(zhao));
      expect(saved.code, JSON.stringify(saved)).toBe(200);
    }
    const {
      id: _id,
      talentSource: _source,
      updatedAt: _updated,
      ...original
    } = (await t.call(viewAdminTalentRecord, { accountId: zhao.accountId }, as(admin))).data;

    for (const lang of ['zh', 'en'] as const) {
      const started = await t.call(exportAdminTalentRecords, { keyword: 'Z009' }, as(admin, lang));
      expect(started.code).toBe(200);
      await waitFor('the talent export', async () => {
        const records = await t.call(findExportRecords, {}, as(admin));
        return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
      });
      const link = await t.call(getExportDownloadUrl, { id: String(started.data.id) }, as(admin));
      const exported = (await t.app.inject({ method: 'GET', url: link.data.url })).rawPayload;
      // The export's phone is whole: the import finds the member by it.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported as unknown as ArrayBuffer);
      const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
      expect(
        workbook.worksheets[0]!.getRow(2).getCell(header.indexOf(lang === 'zh' ? '手机号' : 'Phone') + 1).value,
      ).toBe(zhao.phone);

      await db()
        .delete(schema.talentRecords)
        .where(and(eq(schema.talentRecords.eid, a.eid), eq(schema.talentRecords.accountId, zhao.accountId)));
      const done = await importFile(exported, admin, lang);
      expect(done.rows).toEqual([
        expect.objectContaining({
          accountId: zhao.accountId,
          outcome: 'create',
          sections: [1, 2, 3, 4, 5, 6],
          problems: [],
        }),
      ]);
      const back = (await t.call(viewAdminTalentRecord, { accountId: zhao.accountId }, as(admin))).data;
      const { id: _i, talentSource, updatedAt: _u, ...rest } = back;
      expect(talentSource).toBe(3);
      expect(rest).toEqual(original);
    }
  });

  it('refuses bad files with their codes, a file other than the one previewed, and a learner', async () => {
    const good = await sheetOf([{ phone: wang.phone, ...SECTION_1 }]);
    const seen = await preview(good);
    const other = await sheetOf([{ phone: wang.phone, ...SECTION_1, sex: '女' }]);
    const changed = await t.call(importTalentRecords, { digest: seen.data.digest }, { as: admin, file: file(other) });
    expect(changed.code).toBe(ErrorCode.TALENT_IMPORT_FILE_CHANGED);
    expect(changed.message).toBe('文件与预览时的不同，请重新上传预览后再导入');
    expect((await t.call(previewTalentImport, {}, as(admin))).code).toBe(ErrorCode.TALENT_IMPORT_NO_FILE);
    const text = await t.call(previewTalentImport, {}, { as: admin, file: file(Buffer.from('手机号\n13800138000')) });
    expect(text.code).toBe(ErrorCode.TALENT_IMPORT_BAD_FILE);
    const noPhone = new ExcelJS.Workbook();
    noPhone.addWorksheet('x').addRow(['姓名', '性别']).commit();
    noPhone.worksheets[0]!.addRow(['王', '男']);
    const empty = await t.call(
      previewTalentImport,
      {},
      { ...as(admin, 'en'), file: file(Buffer.from(await noPhone.xlsx.writeBuffer())) },
    );
    expect(empty.code).toBe(ErrorCode.TALENT_IMPORT_EMPTY);
    expect(empty.message).toBe(
      'No records were found: row 1 must hold the headers, with a Phone column, and at least one row below',
    );

    expect((await t.call(viewTalentImportTemplate, {}, as(learner))).code).toBe(3403);
    expect((await t.call(previewTalentImport, {}, { as: learner, file: file(good) })).code).toBe(3403);
    expect(
      (await t.call(importTalentRecords, { digest: seen.data.digest }, { as: learner, file: file(good) })).code,
    ).toBe(3403);
  });

  it('never matches another enterprise’s members: for B’s administrator A’s member is no member', async () => {
    const data = await sheetOf([{ phone: li.phone, ...SECTION_1 }]);
    const done = await importFile(data, adminOfB);
    expect(done).toMatchObject({ refusedCount: 1, createCount: 0, fillCount: 0 });
    expect(done.rows[0]!.problems[0]).toMatch(/不是本企业的学员$/);
    const ofB = await db().select().from(schema.talentRecords).where(eq(schema.talentRecords.eid, b.eid));
    expect(ofB).toEqual([]);
  });
});
