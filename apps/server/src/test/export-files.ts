import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { getExportDownloadUrl } from '@portal/contract';
import type { Learner } from './factories.ts';
import type { TestApp } from './harness.ts';

/** Polls `fn` until it gives a value (background jobs), failing after `ms`. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 15_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Downloads a finished export through its signed link and opens it as a workbook. */
export async function downloadExport(t: TestApp, who: Learner, id: number) {
  const link = await t.call(getExportDownloadUrl, { id: String(id) }, { as: who });
  expect(link.code).toBe(200);
  // Files under /uploads are served outside the gateway: raw inject.
  const file = await t.app.inject({ method: 'GET', url: link.data.url });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return { workbook, link: link.data, size: file.rawPayload.length };
}

/** The first sheet's name and its rows' cell values. */
export function sheetValues(workbook: ExcelJS.Workbook) {
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, values };
}
