import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { createLearner } from '../accounts.ts';
import { expectAccessible } from '../a11y.ts';
import { openedDialog, openedList } from '../antd.ts';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The enterprise's talent records in the back office (/crm/talent, issue 24 item 4): the demo
// administrator finds the demo learner's half-filled record (sections 1–3 saved, seed-talent.ts)
// by phone, filters it by staff category and department, views it section by section (only the
// fields its classification shows, choices and regions by name) and exports the list; then the
// English page's texts. Then the import of history records (decision 062): the template filled in
// for two new members and previewed (a section one of them saved is kept, a stranger's phone and a
// repeated one refused), imported, and the new record listed with the source 历史数据.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const LEARNER = { phone: '13800000001', name: '张晓明', masked: '138****0001' };

const TEXTS = {
  zh: {
    heading: '人才档案',
    columns: [
      '姓名',
      '手机号',
      '工号',
      '部门',
      '人才类型',
      '来源',
      '人员类别',
      '工作单位',
      '单位职务',
      '已保存',
      '更新时间',
      '操作',
    ],
    keyword: '姓名、工号或手机号',
    classification: '人员类别',
    department: '部门',
    staffed: '事业单位在编人员',
    enterprise: '企业人员',
    talentType: '骨干成长',
    view: `查看 ${LEARNER.name}`,
    drawer: `${LEARNER.name}的人才档案`,
    sections: ['个人信息', '人员信息', '业务信息', '学历类型', '职业信息', '主要经历'],
    saved: '已保存',
    unsaved: '未保存',
    // Section 2 of a staffed person on a professional post: no civil-service or enterprise fields.
    employmentLabels: ['参加工作时间', '工作单位', '单位职务', '所在地区', '人员类别', '岗位类型', '专业技术岗位等级'],
    postType: '专业技术岗',
    slot1: '第一业务领域：',
  },
  en: {
    heading: 'Talent records',
    columns: [
      'Name',
      'Phone',
      'Staff number',
      'Department',
      'Talent type',
      'Source',
      'Staff category',
      'Employer',
      'Position at work',
      'Saved',
      'Updated',
      'Actions',
    ],
    keyword: 'Name, staff number or phone',
    classification: 'Staff category',
    department: 'Department',
    staffed: 'Public institution staff (established post)',
    talentType: 'Backbone growth',
    view: `View ${LEARNER.name}`,
    drawer: `Talent record of ${LEARNER.name}`,
    sections: [
      'Personal information',
      'Employment information',
      'Business areas',
      'Education',
      'Career information',
      'Main experience',
    ],
    saved: 'Saved',
    unsaved: 'Not saved',
    employmentLabels: [
      'Started work',
      'Employer',
      'Position at work',
      'Region',
      'Staff category',
      'Post type',
      'Professional post level',
    ],
    postType: 'Professional technical post',
    slot1: 'First business area: ',
  },
} as const;

/** Chooses `option` in the filter select labelled `label`, once its list has finished opening. */
async function chooseFilter(p: Page, label: string, option: string): Promise<void> {
  await p.getByLabel(label, { exact: true }).click();
  await openedList(p).locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** The section's field labels and its saved state, as the drawer shows them. */
function sectionOf(drawer: Locator, title: string) {
  const section = drawer.getByRole('region', { name: title, exact: true });
  return {
    section,
    labels: () => section.locator('.ant-descriptions-item-label').allTextContents(),
    state: () => section.locator('.ant-descriptions-extra').textContent(),
  };
}

describe.runIf(browserAvailable())('the talent records in the back office (/crm/talent)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  /** The members the import test makes: their records are deleted afterwards. */
  const made: number[] = [];
  afterAll(async () => {
    if (db && made.length > 0) {
      await db
        .delete(schema.talentRecords)
        .where(and(eq(schema.talentRecords.eid, EID), inArray(schema.talentRecords.accountId, made)));
    }
    await database?.close();
  });

  it('finds, filters, views and exports the demo learner’s record; the English texts', async () => {
    const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, LEARNER.phone));
    const [record] = await db
      .select()
      .from(schema.talentRecords)
      .where(and(eq(schema.talentRecords.eid, EID), eq(schema.talentRecords.accountId, account!.id)));
    const areas = record!.details.talentBusinessRelationList as Array<{ businessCategoryId: number }>;
    expect(areas).toHaveLength(1);
    // The area by its category's name in each reader's language (the record keeps the id).
    const [category] = await db
      .select({ name: schema.categories.name, nameEn: schema.categories.nameEn })
      .from(schema.categories)
      .where(and(eq(schema.categories.eid, EID), eq(schema.categories.id, areas[0]!.businessCategoryId)));
    const area = category!.name;
    const areaEn = category!.nameEn || category!.name;
    const [department] = await db
      .select({ name: schema.departments.name })
      .from(schema.departmentMembers)
      .innerJoin(schema.departments, eq(schema.departments.id, schema.departmentMembers.departmentId))
      .where(and(eq(schema.departmentMembers.eid, EID), eq(schema.departmentMembers.accountId, account!.id)));
    expect(department).toBeDefined();

    const t = TEXTS.zh;
    await signInAs(session.b, ADMIN, { path: '/crm/talent' });
    const p = page();
    await p.getByRole('heading', { level: 4, name: t.heading }).waitFor();
    const menu = p.getByRole('navigation', { name: '管理后台' });
    expect(await menu.getByRole('link', { name: t.heading }).getAttribute('href')).toBe('/crm/talent');
    expect(await p.getByRole('columnheader').allTextContents()).toEqual(t.columns);
    const rows = p.locator('tbody tr.ant-table-row');
    const mine = rows.filter({ hasText: LEARNER.masked });
    await mine.waitFor();
    const text = await mine.textContent();
    for (const part of [LEARNER.name, t.talentType, t.staffed, '培训专员', '3/6']) expect(text).toContain(part);
    await expectAccessible(p, 'back-office talent records');

    // By phone (the list holds the records other tests of the run made too), then by category.
    await p.waitForLoadState('networkidle');
    await p.getByLabel(t.keyword, { exact: true }).fill(LEARNER.phone);
    await p.getByLabel(t.keyword, { exact: true }).press('Enter');
    await p.waitForURL((u) => u.searchParams.get('keyword') === LEARNER.phone);
    await expect.poll(() => rows.count()).toBe(1);
    await chooseFilter(p, t.classification, t.staffed);
    await p.waitForURL((u) => u.searchParams.get('talentClassification') === '2');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(LEARNER.masked);
    await chooseFilter(p, t.classification, t.enterprise);
    await p.waitForURL((u) => u.searchParams.get('talentClassification') === '4');
    await expect.poll(() => rows.count()).toBe(0);
    await p.locator('.ant-table-placeholder').waitFor();
    await chooseFilter(p, t.classification, t.staffed);
    await p.waitForURL((u) => u.searchParams.get('talentClassification') === '2');
    await expect.poll(() => rows.count()).toBe(1);
    // By the learner's department, searched for by name (other tests add departments).
    const departmentField = p.getByLabel(t.department, { exact: true });
    await departmentField.click();
    await departmentField.fill(department!.name);
    await openedList(p).locator('.ant-select-tree-title', { hasText: department!.name }).first().click();
    await p.waitForURL((u) => u.searchParams.has('departmentId'));
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(LEARNER.masked);

    // The record by section: sections 1–3 saved, the rest not; section 2 as its classification shows it.
    await rows.first().getByRole('button', { name: t.view, exact: true }).click();
    const drawer = p.getByRole('dialog').filter({ hasText: t.drawer });
    await drawer.getByText('培训专员', { exact: true }).waitFor();
    const states: string[] = [];
    for (const title of t.sections) states.push((await sectionOf(drawer, title).state()) ?? '');
    expect(states).toEqual([t.saved, t.saved, t.saved, t.unsaved, t.unsaved, t.unsaved]);
    const employment = sectionOf(drawer, t.sections[1]);
    expect(await employment.labels()).toEqual(t.employmentLabels);
    const employmentText = await employment.section.textContent();
    for (const part of ['南宁市 / 青秀区', t.staffed, t.postType]) expect(employmentText).toContain(part);
    const business = sectionOf(drawer, t.sections[2]);
    expect(await business.section.locator('.ant-descriptions-item-content').textContent()).toBe(`${t.slot1}${area}`);
    const education = sectionOf(drawer, t.sections[3]);
    expect(new Set(await education.section.locator('.ant-descriptions-item-content').allTextContents())).toEqual(
      new Set(['—']),
    );
    await expectAccessible(p, 'back-office talent record drawer');
    await p.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The export of the filter: its file offered once the export job has made it.
    await p.getByRole('button', { name: /^导\s?出$/ }).click();
    const ready = p.getByRole('dialog').filter({ hasText: '导出完成' });
    await ready.getByRole('link', { name: /^下载文件：人才档案-\d+\.xlsx$/ }).waitFor();
    await ready.getByRole('button').last().click();
    await ready.waitFor({ state: 'hidden' });

    // In English: the menu, the list and the drawer's texts.
    const en = TEXTS.en;
    await p.goto(url(`/en/crm/talent?keyword=${LEARNER.phone}&talentClassification=2`));
    await p.getByRole('heading', { level: 4, name: en.heading }).waitFor();
    const enMenu = p.getByRole('navigation', { name: 'Back office' });
    expect(await enMenu.getByRole('link', { name: en.heading }).getAttribute('href')).toBe('/en/crm/talent');
    expect(await p.getByRole('columnheader').allTextContents()).toEqual(en.columns);
    await p.getByLabel(en.keyword, { exact: true }).waitFor();
    await p.getByLabel(en.department, { exact: true }).waitFor();
    expect(
      await p
        .locator('.ant-form-item')
        .filter({ has: p.getByLabel(en.classification) })
        .innerText(),
    ).toContain(en.staffed);
    await expect.poll(() => rows.count()).toBe(1);
    const enText = await rows.first().textContent();
    for (const part of [en.talentType, en.staffed, '3/6']) expect(enText).toContain(part);
    await p.waitForLoadState('networkidle');
    await rows.first().getByRole('button', { name: en.view, exact: true }).click();
    const enDrawer = p.getByRole('dialog').filter({ hasText: en.drawer });
    await enDrawer.getByText('培训专员', { exact: true }).waitFor();
    const enStates: string[] = [];
    for (const title of en.sections) enStates.push((await sectionOf(enDrawer, title).state()) ?? '');
    expect(enStates).toEqual([en.saved, en.saved, en.saved, en.unsaved, en.unsaved, en.unsaved]);
    const enEmployment = sectionOf(enDrawer, en.sections[1]);
    expect(await enEmployment.labels()).toEqual(en.employmentLabels);
    expect(await enEmployment.section.textContent()).toContain(en.postType);
    const enBusiness = sectionOf(enDrawer, en.sections[2]);
    expect(await enBusiness.section.locator('.ant-descriptions-item-content').textContent()).toBe(
      `${en.slot1}${areaEn}`,
    );
  });

  it('imports history records: the template filled in, previewed row by row, imported once', async () => {
    const fresh = await createLearner(EID);
    const saver = await createLearner(EID);
    const accountOf = async (phone: string) =>
      (await db.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.phone, phone)))[0]!
        .id;
    const freshId = await accountOf(fresh.phone);
    const saverId = await accountOf(saver.phone);
    made.push(freshId, saverId);
    // The second member saved their personal information themself.
    await db.insert(schema.talentRecords).values({
      eid: EID,
      accountId: saverId,
      details: { sex: 2, birthday: '1993-03-03', nation: 1, politicalStatus: 1 },
      savedSections: [1],
    });
    // A business area by its name: a leaf of the site's talent categories whose name no other leaf has.
    const categories = await db
      .select({ id: schema.categories.id, name: schema.categories.name, parentId: schema.categories.parentId })
      .from(schema.categories)
      .where(and(eq(schema.categories.eid, EID), eq(schema.categories.categoryType, 14)));
    const leaves = categories.filter((c) => !categories.some((o) => o.parentId === c.id));
    const area = leaves.find((c) => leaves.filter((o) => o.name === c.name).length === 1);
    expect(area).toBeDefined();

    await signInAs(session.b, ADMIN, { path: '/crm/talent' });
    const p = page();
    await p.getByRole('heading', { level: 4, name: '人才档案' }).waitFor();
    await p.waitForLoadState('networkidle');
    await p.getByRole('button', { name: '导入历史档案' }).click();
    const dialog = await openedDialog(p, '导入历史档案');
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载导入模板' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(headers.slice(0, 4)).toEqual(['姓名', '手机号', '人才类型', '性别']);
    const rowOf = (cells: Record<string, string>) => headers.map((h) => cells[h] ?? '');
    const personal = { 性别: '男', 出生日期: '1986-06-16', 民族: '汉族', 政治面貌: '群众' };
    const experience = { 学习工作经历: '2008年起在南宁分公司工作。', 近三年考核及奖惩情况: '近三年考核均为合格。' };
    const stranger = `134${String(Date.now()).slice(-8)}`;
    sheet.addRow(rowOf({ 手机号: fresh.phone, ...personal, ...experience, 业务领域: area!.name }));
    sheet.addRow(rowOf({ 手机号: saver.phone, ...personal, ...experience }));
    sheet.addRow(rowOf({ 姓名: '外人', 手机号: stranger, ...personal }));
    sheet.addRow(rowOf({ 手机号: fresh.phone, ...personal, 性别: '未知' }));
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    await dialog.locator('input[type=file]').setInputFiles({
      name: '历史档案.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: filled,
    });
    await dialog.getByRole('button', { name: /^预\s?览$/ }).click();
    await dialog.getByText('共 4 行：新建 1 份档案，补充 1 份，0 行已保存无需导入，2 行不能导入').waitFor();
    await dialog.getByRole('checkbox', { name: '只看有问题的行' }).uncheck();
    const previewRows = dialog.locator('tbody tr.ant-table-row');
    await expect.poll(() => previewRows.count()).toBe(4);
    const texts = await previewRows.allTextContents();
    for (const part of ['新建档案', '个人信息', '业务信息', '主要经历']) expect(texts[0]).toContain(part);
    for (const part of ['补充档案', '主要经历', '已保存，不覆盖：个人信息']) expect(texts[1]).toContain(part);
    expect(texts[2]).toContain('外人');
    expect(texts[2]).toContain('不是本企业的学员');
    expect(texts[3]).toContain('与第2行的手机号重复');
    await expectAccessible(p, 'the talent import preview');

    await dialog.getByRole('button', { name: '导入 2 行' }).click();
    await dialog.getByText('导入完成：新建 1 份档案，补充 1 份，共保存 4 个部分').waitFor();
    await dialog.getByRole('button', { name: /^完\s?成$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const records = await db
      .select()
      .from(schema.talentRecords)
      .where(and(eq(schema.talentRecords.eid, EID), inArray(schema.talentRecords.accountId, [freshId, saverId])));
    const byAccount = new Map(records.map((r) => [r.accountId, r]));
    expect(byAccount.get(freshId)).toMatchObject({ talentSource: 3, savedSections: [1, 3, 6] });
    expect(byAccount.get(saverId)).toMatchObject({ talentSource: 1, savedSections: [1, 6] });
    expect(byAccount.get(saverId)!.details).toMatchObject({ sex: 2, birthday: '1993-03-03' });

    // The list shows the new record with its source.
    await p.getByLabel(TEXTS.zh.keyword, { exact: true }).fill(fresh.phone);
    await p.getByLabel(TEXTS.zh.keyword, { exact: true }).press('Enter');
    await p.waitForURL((u) => u.searchParams.get('keyword') === fresh.phone);
    const rows = p.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('历史数据');

    // In English: the dialog's texts and the rows' problems in English.
    await p.goto(url('/en/crm/talent'));
    await p.getByRole('heading', { level: 4, name: 'Talent records' }).waitFor();
    await p.waitForLoadState('networkidle');
    await p.getByRole('button', { name: 'Import history records' }).click();
    const enDialog = await openedDialog(p, 'Import history records');
    await enDialog.getByRole('button', { name: 'Download the import template' }).waitFor();
    await enDialog.locator('input[type=file]').setInputFiles({
      name: 'history.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: filled,
    });
    await enDialog.getByRole('button', { name: 'Preview' }).click();
    await enDialog
      .getByText('4 rows: 0 new records, 0 records filled in, 2 rows already saved, 2 rows cannot be imported')
      .waitFor();
    expect(await enDialog.locator('tbody').textContent()).toContain('The same phone as row 2');
    await enDialog.getByRole('button', { name: 'Import 0 rows' }).waitFor();
    expect(await enDialog.getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true);
  });
});
