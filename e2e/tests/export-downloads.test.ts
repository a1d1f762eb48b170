import { readFile, stat, mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { connectDatabase, schema } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// The header's export-download popover (issue 4, item 8): a learner's records with their status,
// downloading the finished one (the browser receives the file), deleting one, clearing all after
// the prompt, and the empty text.
const TEXTS = {
  zh: {
    downloads: '下载',
    processing: '导出中',
    failed: '导出失败',
    download: '下载',
    delete: '删除',
    clearAll: '清空',
    prompt: '确认清空当前记录吗？',
    confirm: '确定',
    empty: '暂无可下载的文件',
    downloaded: '下载成功',
    files: ['学习记录导出.csv', '考试记录导出.xlsx', '培训档案导出.xlsx'],
  },
  en: {
    downloads: 'Downloads',
    processing: 'Processing',
    failed: 'Failed',
    download: 'Download',
    delete: 'Delete',
    clearAll: 'Clear all',
    prompt: 'Confirm to clear the current record?',
    confirm: 'OK',
    empty: 'No files to download',
    downloaded: 'Download succeeded',
    files: ['Study records.csv', 'Exam records.xlsx', 'Training archive.xlsx'],
  },
} as const;

const CSV = '\uFEFF课程名称,学习进度,学时\r\n安全生产基础知识,100%,2\r\n';

/** The learner's records in enterprise 1001: a finished CSV in the portal's storage, processing, failed. */
async function giveRecords(phone: string, files: readonly string[]) {
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  try {
    const [account] = await database.db.select().from(schema.accounts).where(eq(schema.accounts.phone, phone));
    const key = `exports/1001/${randomBytes(18).toString('base64url')}.csv`;
    const file = path.join(portal().uploadDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, CSV);
    const hour = 3600_000;
    await database.db.insert(schema.exportRecords).values([
      {
        eid: 1001,
        accountId: account!.id,
        fileName: files[0]!,
        fileSize: Buffer.byteLength(CSV),
        exportStatus: 2,
        storageKey: key,
        createdAt: new Date(Date.now() - hour),
      },
      {
        eid: 1001,
        accountId: account!.id,
        fileName: files[1]!,
        exportStatus: 1,
        createdAt: new Date(Date.now() - 2 * hour),
      },
      {
        eid: 1001,
        accountId: account!.id,
        fileName: files[2]!,
        exportStatus: 3,
        createdAt: new Date(Date.now() - 3 * hour),
      },
    ]);
    return {
      file,
      left: async () =>
        (
          await database.db
            .select()
            .from(schema.exportRecords)
            .where(and(eq(schema.exportRecords.eid, 1001), eq(schema.exportRecords.accountId, account!.id)))
        ).length,
      close: () => database.close(),
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

describe.runIf(browserAvailable())('export downloads', () => {
  const session = browserSession();

  it('a learner downloads, deletes and clears export records', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    const learner = await createLearner(1001);
    const records = await giveRecords(learner.phone, t.files);
    try {
      await signInAs(session.b, learner);
      await declineProfileTip(page, 'zh');

      const header = page.locator('.portal-exports-menu');
      await header.getByRole('button', { name: t.downloads, exact: true }).click();
      const panel = page.locator('.portal-exports-panel');
      const names = () => panel.locator('.portal-exports-name').allTextContents();
      // The list's code loads with the first opening (a chunk that took 6.5 s on a loaded machine):
      // the first record is awaited as a locator (30 s), then the list is compared.
      await panel.locator('.portal-exports-name').first().waitFor();
      await expect.poll(names).toEqual([...t.files]);
      const items = panel.locator('.portal-exports-item');
      expect(await items.nth(0).textContent()).toContain(`${Buffer.byteLength(CSV)} B`);
      expect(await items.nth(1).textContent()).toContain(t.processing);
      expect(await items.nth(2).textContent()).toContain(t.failed);
      expect(
        await items
          .nth(1)
          .getByRole('button', { name: new RegExp(`^${t.download}`) })
          .count(),
      ).toBe(0);

      // Download: the browser receives the file (with its name and bytes).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        items
          .nth(0)
          .getByRole('button', { name: `${t.download} ${t.files[0]}` })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(t.files[0]);
      expect(await readFile((await download.path())!)).toEqual(Buffer.from(CSV));
      await page.locator('.ant-message').getByText(t.downloaded, { exact: true }).waitFor();

      // Delete one (the failed one); the panel stays open.
      await header.hover();
      await panel.getByRole('button', { name: `${t.delete} ${t.files[2]}` }).click();
      await expect.poll(names).toEqual([t.files[0], t.files[1]]);
      expect(await records.left()).toBe(2);

      // Clear all after the prompt: the empty text, no records, the file gone.
      await panel.getByRole('button', { name: t.clearAll }).click();
      await panel.getByText(t.prompt).waitFor();
      await panel.getByRole('button', { name: t.confirm, exact: true }).click();
      await panel.getByText(t.empty, { exact: true }).waitFor();
      expect(await records.left()).toBe(0);
      await expect(stat(records.file)).rejects.toThrow();

      // Opened again: still empty.
      await page.reload();
      await page.locator('.portal-exports-menu').getByRole('button', { name: t.downloads, exact: true }).click();
      await page.locator('.portal-exports-panel').getByText(t.empty, { exact: true }).waitFor();
    } finally {
      await records.close();
    }
  });

  it('the English texts: the records with their status, the prompt and the empty list', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    const learner = await createLearner(1001);
    const records = await giveRecords(learner.phone, t.files);
    try {
      await signInAs(session.b, learner, { lang: 'en' });
      await declineProfileTip(page, 'en');
      await page.locator('.portal-exports-menu').getByRole('button', { name: t.downloads, exact: true }).click();
      const panel = page.locator('.portal-exports-panel');
      await panel.locator('.portal-exports-name').first().waitFor();
      await expect.poll(() => panel.locator('.portal-exports-name').allTextContents()).toEqual([...t.files]);
      const items = panel.locator('.portal-exports-item');
      expect(await items.nth(1).textContent()).toContain(t.processing);
      expect(await items.nth(2).textContent()).toContain(t.failed);
      expect(
        await items
          .nth(2)
          .getByRole('button', { name: `${t.delete} ${t.files[2]}` })
          .count(),
      ).toBe(1);
      expect(
        await items
          .nth(0)
          .getByRole('button', { name: `${t.download} ${t.files[0]}` })
          .count(),
      ).toBe(1);
      await panel.getByRole('button', { name: t.clearAll }).click();
      await panel.getByText(t.prompt).waitFor();
      // The list empties under the pointer still on OK: the panel stays open with the empty text
      // (it used to close as it shrank, and a refresh in flight brought the records back).
      await panel.getByRole('button', { name: t.confirm, exact: true }).click();
      await panel.getByText(t.empty, { exact: true }).waitFor();
      await expect.poll(() => records.left()).toBe(0);
      expect(await page.locator('.portal-exports-menu > button').getAttribute('aria-expanded')).toBe('true');
    } finally {
      await records.close();
    }
  });
});
