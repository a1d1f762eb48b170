import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { connectDatabase, schema } from '@portal/db';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// Learner import (issue 21 item 2, decision 038): the demo administrator downloads the template
// from /crm/imports, fills two learners in it, uploads it, watches the progress reach done with
// the counts, and finds the import in the history; the page in English.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

describe.runIf(browserAvailable())('learner import (/crm/imports)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
  });
  afterAll(async () => database?.close());

  it('downloads the template, imports two learners from it and shows the progress and counts', async () => {
    const suffix = String(Date.now()).slice(-7);
    const phones = [`1391${suffix}`, `1392${suffix}`];
    await signInAs(session.b, ADMIN, { path: '/crm/imports' });
    await page().getByRole('heading', { name: '学员导入' }).waitFor();
    // The page's scripts are in (a click on the server's HTML before hydration does nothing).
    await page().waitForLoadState('networkidle');
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      page().getByRole('button', { name: '下载导入模板' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(['姓名', '手机号', '工号', '部门', '标签']);
    // The example row is overwritten by the first learner, the second goes below it.
    sheet.getRow(2).values = ['导入甲', phones[0], '', '总部/导入测试部', '导入'];
    sheet.getRow(3).values = ['导入乙', phones[1], '', '总部/导入测试部', ''];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    await page().locator('input[type=file]').setInputFiles({
      name: '两名学员.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: filled,
    });
    await page().getByRole('button', { name: '开始导入' }).click();
    const current = page().getByTestId('current-import');
    await current.getByText('已完成').waitFor({ timeout: 30_000 });
    expect(await current.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await current.textContent()).toContain('2 / 2 行');
    expect(await current.locator('.ant-statistic').first().textContent()).toBe('新增2');
    await expect.poll(() => page().locator('tbody tr.ant-table-row').first().textContent()).toContain('两名学员.xlsx');

    const members = await database.db
      .select({ realName: schema.enterpriseUsers.realName })
      .from(schema.enterpriseUsers)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.enterpriseUsers.accountId))
      .where(and(eq(schema.enterpriseUsers.eid, EID), inArray(schema.accounts.phone, phones)));
    expect(members.map((m) => m.realName).sort()).toEqual(['导入乙', '导入甲']);

    // In English: the page's texts and the history's status.
    await page().goto(url('/en/crm/imports'));
    await page().getByRole('heading', { name: 'Import learners' }).waitFor();
    await page().getByRole('button', { name: 'Download the template' }).waitFor();
    expect(await page().locator('tbody tr.ant-table-row').first().textContent()).toContain('Done');
  });
});
