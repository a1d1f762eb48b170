import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deleteExportRecord, findExportRecords, getExportDownloadUrl } from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../test/factories.ts';
import { downloadExport, sheetValues, waitFor } from '../test/export-files.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { uploadDir } from './config.ts';
import { EXPORT_FAILED_QUEUE, EXPORT_QUEUE, type ExportKind } from './exports.ts';
import { JOBS_SCHEMA } from './jobs.ts';
import { newFileKey } from './storage.ts';

// Exports made by real background jobs (pg-boss on this file's database): probe kinds defined
// here, whose rows are generated, or held at a gate the test opens.

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;

/** A gate a probe's rows wait at (by name and run: the second run of a job has a gate of its own). */
const gates = new Map<string, { open: () => void; fail: (err: Error) => void; wait: Promise<void> }>();
const runs = new Map<string, number>();
/** Runs whose rows have all been read (or failed). */
const ended = new Set<string>();
function gate(name: string) {
  let g = gates.get(name);
  if (!g) {
    let open!: () => void;
    let fail!: (err: Error) => void;
    const wait = new Promise<void>((resolve, reject) => {
      open = resolve;
      fail = reject;
    });
    g = { open, fail, wait };
    gates.set(name, g);
  }
  return g;
}

interface Probe {
  count: number;
  /** Throw after this many rows. */
  failAt?: number;
  /** Wait at `gate(<name>#<run>)` after the first row, for the runs listed. */
  gate?: { name: string; runs: number[] };
}

let probe: ExportKind<Probe>;
let mine: ExportKind<Record<string, never>>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  probe = t.platform.exports.define<Probe>('probe', {
    fileName: (lang, p) => (lang === 'en' ? `Probe ${p.count}.xlsx` : `探针${p.count}.xlsx`),
    sheetName: (lang) => (lang === 'en' ? 'Learners' : '学员'),
    columns: [
      { key: 'name', header: { zh: '姓名', en: 'Name' }, width: 20 },
      { key: 'hours', header: { zh: '学时', en: 'Hours' } },
      { key: 'passed', header: { zh: '是否通过', en: 'Passed' } },
    ],
    async *rows({ params, lang }) {
      const run = params.gate ? (runs.get(params.gate.name) ?? 0) + 1 : 0;
      if (params.gate) runs.set(params.gate.name, run);
      try {
        for (let i = 1; i <= params.count; i++) {
          if (params.failAt === i) throw new Error('probe rows failed');
          yield { name: lang === 'en' ? `Learner ${i}` : `学员${i}`, hours: i * 1.5, passed: i % 2 === 0 };
          if (i === 1 && params.gate?.runs.includes(run)) await gate(`${params.gate.name}#${run}`).wait;
        }
      } finally {
        if (params.gate) ended.add(`${params.gate.name}#${run}`);
      }
    },
  });
  // Rows read through the tenant database, as a module's would: the job is in the enterprise's scope.
  mine = t.platform.exports.define('my-records', {
    fileName: () => '我的导出.xlsx',
    sheetName: () => '导出',
    columns: [{ key: 'fileName', header: { zh: '文件名', en: 'File name' } }],
    async *rows({ eid, accountId }) {
      const r = schema.exportRecords;
      yield* await t.platform.db
        .select({ fileName: r.fileName })
        .from(r)
        .where(and(eq(r.eid, eid), eq(r.accountId, accountId)))
        .orderBy(r.id);
    },
  });
});
afterAll(async () => {
  for (const g of gates.values()) g.open();
  await t?.close();
});

async function recordOf(id: number) {
  const [row] = await t.database.db
    .select()
    .from(schema.exportRecords)
    .where(and(eq(schema.exportRecords.eid, a.eid), eq(schema.exportRecords.id, id)));
  return row ?? null;
}

/** The export's job as pg-boss holds it: state and tries. */
async function jobOf(id: number) {
  const { rows } = await t.database.pool.query<{ state: string; retry_count: number }>(
    `SELECT state, retry_count FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND (data->>'id')::int = $2`,
    [EXPORT_QUEUE, id],
  );
  return rows;
}

/**
 * The export's job once pg-boss has recorded its end: the handler writes the record first and
 * pg-boss marks the job completed after the handler returns, so right after the record settles
 * the job can still read 'active' (seen on a loaded machine).
 */
async function jobEnded(id: number) {
  await waitFor(`the job of export ${id} to end`, async () => (await jobOf(id)).every((j) => j.state !== 'active'));
  return jobOf(id);
}

/** The files in the enterprise's export folder. */
async function exportFiles(): Promise<string[]> {
  const dir = path.join(uploadDir(t.platform.config), 'exports', String(a.eid));
  return (await readdir(dir).catch(() => [])).sort();
}

const settled = (id: number) =>
  waitFor(`export ${id} to end`, async () => {
    const row = await recordOf(id);
    return row && row.exportStatus !== 1 ? row : null;
  });

const download = (who: Learner, id: number) => downloadExport(t, who, id);

describe('exports', () => {
  it('go processing → done: the header list shows it, its link downloads the XLSX in the language asked', async () => {
    const me = await t.learner(a);
    const started = await probe.start({
      eid: a.eid,
      accountId: me.accountId,
      lang: 'en',
      params: { count: 3, gate: { name: 'first', runs: [1] } },
    });
    expect(started).toEqual({ id: expect.any(Number), fileName: 'Probe 3.xlsx', exportStatus: 1 });
    const listed = await t.call(findExportRecords, {}, { as: me });
    expect(listed.data.list).toEqual([
      expect.objectContaining({ id: started.id, fileName: 'Probe 3.xlsx', exportStatus: 1 }),
    ]);
    expect((await t.call(getExportDownloadUrl, { id: String(started.id) }, { as: me })).code).toBe(4201);
    await waitFor('the job to run', async () => runs.get('first'));
    gate('first#1').open();
    const done = await settled(started.id);
    expect(done.exportStatus).toBe(2);
    const [row] = (await t.call(findExportRecords, {}, { as: me })).data.list;
    expect(row).toMatchObject({ id: started.id, exportStatus: 2, fileSize: done.fileSize });
    const { workbook, link, size } = await download(me, started.id);
    expect(link.fileName).toBe('Probe 3.xlsx');
    expect(size).toBe(done.fileSize);
    expect(sheetValues(workbook)).toEqual({
      name: 'Learners',
      values: [
        ['Name', 'Hours', 'Passed'],
        ['Learner 1', 1.5, false],
        ['Learner 2', 3, true],
        ['Learner 3', 4.5, false],
      ],
    });
    expect(await jobEnded(started.id)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('word the headers in Chinese for a Chinese request, read rows in the enterprise scope, and hold every row', async () => {
    const me = await t.learner(a);
    const zh = await probe.start({ eid: a.eid, accountId: me.accountId, lang: 'zh', params: { count: 1200 } });
    expect(zh.fileName).toBe('探针1200.xlsx');
    expect((await settled(zh.id)).exportStatus).toBe(2);
    const { values } = sheetValues((await download(me, zh.id)).workbook);
    expect(values).toHaveLength(1201);
    expect(values[0]).toEqual(['姓名', '学时', '是否通过']);
    expect(values[1200]).toEqual(['学员1200', 1800, true]);
    // Read through the tenant pool: only in the enterprise's scope does the learner see their records.
    const own = await mine.start({ eid: a.eid, accountId: me.accountId, lang: 'zh', params: {} });
    expect((await settled(own.id)).exportStatus).toBe(2);
    expect(sheetValues((await download(me, own.id)).workbook)).toEqual({
      name: '导出',
      values: [['文件名'], ['探针1200.xlsx'], ['我的导出.xlsx']],
    });
  });

  it('end failed (3) with no file when the rows fail', async () => {
    const me = await t.learner(a);
    const before = await exportFiles();
    const started = await probe.start({
      eid: a.eid,
      accountId: me.accountId,
      lang: 'zh',
      params: { count: 5, failAt: 3 },
    });
    const failed = await settled(started.id);
    expect(failed).toMatchObject({ exportStatus: 3, fileSize: 0, storageKey: null });
    expect((await t.call(findExportRecords, {}, { as: me })).data.list[0]).toMatchObject({ exportStatus: 3 });
    expect((await t.call(getExportDownloadUrl, { id: String(started.id) }, { as: me })).code).toBe(4202);
    expect(await exportFiles()).toEqual(before);
    // The failure is the record's; the job itself ended (no retries of a failure the rows made).
    expect(await jobEnded(started.id)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('leave a record deleted while processing deleted, its file gone', async () => {
    const me = await t.learner(a);
    const before = await exportFiles();
    const started = await probe.start({
      eid: a.eid,
      accountId: me.accountId,
      lang: 'zh',
      params: { count: 2, gate: { name: 'deleted', runs: [1] } },
    });
    await waitFor('the job to run', async () => runs.get('deleted'));
    expect((await t.call(deleteExportRecord, { id: started.id }, { as: me })).code).toBe(200);
    gate('deleted#1').open();
    await waitFor('the job to end', async () => (await jobOf(started.id))[0]?.state === 'completed');
    expect(await recordOf(started.id)).toBeNull();
    expect(await exportFiles()).toEqual(before);
    expect((await t.call(findExportRecords, {}, { as: me })).data.totalCount).toBe(0);
  });

  it('leave no file when the record goes with the membership while processing (no one deletes the file)', async () => {
    const me = await t.learner(a);
    const before = await exportFiles();
    const started = await probe.start({
      eid: a.eid,
      accountId: me.accountId,
      lang: 'zh',
      params: { count: 2, gate: { name: 'left', runs: [1] } },
    });
    await waitFor('the job to run', async () => runs.get('left'));
    const u = schema.enterpriseUsers;
    await t.database.db.delete(u).where(and(eq(u.eid, a.eid), eq(u.accountId, me.accountId)));
    expect(await recordOf(started.id)).toBeNull();
    gate('left#1').open();
    await waitFor('the job to end', async () => (await jobOf(started.id))[0]?.state === 'completed');
    expect(await exportFiles()).toEqual(before);
  });

  it('mark failed, without its file, an export whose every try ended with its process (its dead letter)', async () => {
    const me = await t.learner(a);
    // The earlier tests' jobs are over (one may still be ending after its record went): the files
    // compared below are this test's alone.
    await waitFor('the earlier export jobs to end', async () => {
      const { rows } = await t.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [EXPORT_QUEUE],
      );
      return rows[0]!.n === 0;
    });
    const before = await exportFiles();
    await t.platform.jobs.stop();
    const started = await probe.start({ eid: a.eid, accountId: me.accountId, lang: 'zh', params: { count: 1 } });
    // The last try had claimed the record and written part of its file.
    const left = newFileKey('exports', a.eid, 'xlsx');
    await t.platform.storage.put(left, Buffer.from('half a workbook'));
    await t.database.db
      .update(schema.exportRecords)
      .set({ storageKey: left })
      .where(and(eq(schema.exportRecords.eid, a.eid), eq(schema.exportRecords.id, started.id)));
    // What pg-boss does then: the job's data goes to the dead-letter queue (the export's own job is dropped here).
    const job = (
      await t.database.pool.query<{ data: object }>(
        `DELETE FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND (data->>'id')::int = $2 RETURNING data`,
        [EXPORT_QUEUE, started.id],
      )
    ).rows[0]!;
    await t.platform.jobs.send(EXPORT_FAILED_QUEUE, job.data);
    await t.platform.jobs.start();
    expect(await settled(started.id)).toMatchObject({ exportStatus: 3, fileSize: 0, storageKey: null });
    // Its file goes, and nothing is left: a run of another job may hold a file of its own for a
    // moment, so the folder is awaited until it is as it was (a file left behind times this out).
    await waitFor('the export folder as it was', async () => (await exportFiles()).join() === before.join());
    expect((await t.call(getExportDownloadUrl, { id: String(started.id) }, { as: me })).code).toBe(4202);
  });

  it('survive a restart: a job queued while the jobs are stopped runs once they start again', async () => {
    const me = await t.learner(a);
    const before = await exportFiles();
    await t.platform.jobs.stop();
    const started = await probe.start({ eid: a.eid, accountId: me.accountId, lang: 'zh', params: { count: 4 } });
    expect(await jobOf(started.id)).toEqual([{ state: 'created', retry_count: 0 }]);
    // Stopped jobs poll nothing (jobs.test.ts): the job waits, the record stays processing.
    expect((await recordOf(started.id))!.exportStatus).toBe(1);
    // As if a run had claimed the record and died while writing: its file and its part are left.
    const left = newFileKey('exports', a.eid, 'xlsx');
    await t.platform.storage.put(left, Buffer.from('half a workbook'));
    await t.platform.storage.put(left.replace('.xlsx', '.csv'), Buffer.from('not this one'));
    await writeFile(path.join(uploadDir(t.platform.config), `${left}.part`), 'the rest');
    await t.database.db
      .update(schema.exportRecords)
      .set({ storageKey: left })
      .where(and(eq(schema.exportRecords.eid, a.eid), eq(schema.exportRecords.id, started.id)));
    await t.platform.jobs.start();
    const done = await settled(started.id);
    expect(done.exportStatus).toBe(2);
    expect(done.storageKey).not.toBe(left);
    const other = path.basename(left.replace('.xlsx', '.csv'));
    expect(await exportFiles()).toEqual([...before, other, path.basename(done.storageKey!)].sort());
    expect(await jobEnded(started.id)).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(sheetValues((await download(me, started.id)).workbook).values).toHaveLength(5);
  });

  it('finish once when the process stops mid-run: the run is tried again, the interrupted one leaves no file', async () => {
    const me = await t.learner(a);
    const before = await exportFiles();
    const started = await probe.start({
      eid: a.eid,
      accountId: me.accountId,
      lang: 'en',
      params: { count: 3, gate: { name: 'crash', runs: [1] } },
    });
    await waitFor('the first run', async () => runs.get('crash') === 1);
    // The first run is held (as if its process had frozen); stopping fails it, to be tried again.
    await t.platform.jobs.stop(1000);
    expect(await jobOf(started.id)).toEqual([{ state: 'retry', retry_count: 0 }]);
    await t.platform.jobs.start();
    const done = await settled(started.id);
    expect(runs.get('crash')).toBe(2);
    expect(done.exportStatus).toBe(2);
    expect(await jobEnded(started.id)).toEqual([{ state: 'completed', retry_count: 1 }]);
    // The first run comes back to life and finishes its file: it is not the record's, so it is removed.
    gate('crash#1').open();
    await waitFor('the interrupted run to read its rows', async () => ended.has('crash#1'));
    // What is left of it: its workbook written, found not to be the record's, removed (awaited
    // until the folder holds only the record's file; a file left behind times this out).
    const kept = [...before, path.basename(done.storageKey!)].sort();
    await waitFor('the interrupted run to remove its file', async () => (await exportFiles()).join() === kept.join());
    expect(await recordOf(started.id)).toMatchObject({
      exportStatus: 2,
      fileSize: done.fileSize,
      storageKey: done.storageKey,
    });
    expect(sheetValues((await download(me, started.id)).workbook).values).toHaveLength(4);
  });
});
