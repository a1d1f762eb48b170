import ExcelJS from 'exceljs';
import type { Learner } from './factories.ts';
import type { TestApp } from './harness.ts';
import type { createEnterprise } from './factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;

/** An administrator of `site`, signed in. */
export const createAdmin = (t: TestApp, site: Ent): Promise<Learner> => t.learner(site, { member: { isAdmin: true } });

/** An XLSX of learners as an administrator fills the template: a header row, then `rows`. */
export async function learnerSheet(
  rows: Array<Array<string | number>>,
  header = ['姓名', '手机号', '工号', '部门', '标签'],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学员');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
