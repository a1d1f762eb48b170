import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { createEnterprise } from '../test/factories.ts';
import { waitFor } from '../test/export-files.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { uploadDir } from './config.ts';
import { SHEET_WORKER } from './export-sheet.ts';
import type { ExportKind } from './exports.ts';

// An export whose sheet thread (export-sheet.ts) ends while it writes: the record ends failed with
// no file, and the next export is made. The thread here ends itself at its second batch of rows.

/** A sheet thread that answers its first batch and ends (exit code 7) at the second. */
const ENDING = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    let batches = 0;
    parentPort.on('message', (m) => {
      if (m.rows && ++batches === 2) process.exit(7);
      parentPort.postMessage(m.rows ? { written: m.rows.length } : { done: true });
    });`)}`,
);

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let many: ExportKind<{ count: number }>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  many = t.platform.exports.define<{ count: number }>('many', {
    fileName: () => 'many.xlsx',
    sheetName: () => 'Rows',
    columns: [{ key: 'n', header: { zh: '序号', en: 'No.' } }],
    async *rows({ params }) {
      for (let n = 1; n <= params.count; n++) yield { n };
    },
  });
});
afterAll(async () => {
  t.platform.exports.sheetWorker = SHEET_WORKER;
  await t?.close();
});

const settled = (id: number) =>
  waitFor(`export ${id} to end`, async () => {
    const [row] = await t.database.db
      .select()
      .from(schema.exportRecords)
      .where(and(eq(schema.exportRecords.eid, a.eid), eq(schema.exportRecords.id, id)));
    return row && row.exportStatus !== 1 ? row : null;
  });

describe('an export whose sheet thread ends', () => {
  it('ends failed (3) with no file; the next export is made', async () => {
    const me = await t.learner(a);
    const dir = path.join(uploadDir(t.platform.config), 'exports', String(a.eid));
    t.platform.exports.sheetWorker = ENDING;
    const started = await many.start({ eid: a.eid, accountId: me.accountId, lang: 'en', params: { count: 2000 } });
    expect(await settled(started.id)).toMatchObject({ exportStatus: 3, fileSize: 0, storageKey: null });
    // The run's file is removed once the record is marked failed.
    await waitFor('the failed run to leave no file', async () => (await readdir(dir).catch(() => [])).length === 0);
    t.platform.exports.sheetWorker = SHEET_WORKER;
    const next = await many.start({ eid: a.eid, accountId: me.accountId, lang: 'en', params: { count: 2000 } });
    expect(await settled(next.id)).toMatchObject({ exportStatus: 2 });
    expect(await readdir(dir)).toHaveLength(1);
  });
});
