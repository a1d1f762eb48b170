import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAllExportRecords, deleteExportRecord, findExportRecords, getExportDownloadUrl } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { newFileKey } from '../../platform/storage.ts';
import { createTestApp, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner, type SiteRef } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

type Person = Learner;

const person = (site: SiteRef = a): Promise<Person> => t.learner(site);

/** A record of `who` in `eid`; a finished one has its CSV in private storage. */
async function record(
  who: Person,
  eid: number,
  status: 1 | 2 | 3,
  fileName = '学习记录.csv',
  content = '\uFEFF姓名,学时\n张三,12\n',
) {
  let storageKey: string | null = null;
  let fileSize = 0;
  if (status === 2) {
    const data = Buffer.from(content, 'utf8');
    storageKey = newFileKey('exports', eid, 'csv');
    await t.platform.storage.put(storageKey, data);
    fileSize = data.length;
  }
  const [row] = await t.database.db
    .insert(schema.exportRecords)
    .values({ eid, accountId: who.accountId, fileName, fileSize, exportStatus: status, storageKey })
    .returning();
  return row!;
}

describe('export records', () => {
  it('need a session', async () => {
    const visitor = { as: visitorOf(a) };
    expect((await t.call(findExportRecords, {}, visitor)).code).toBe(301);
    expect((await t.call(deleteAllExportRecords, {}, visitor)).code).toBe(301);
    expect((await t.call(getExportDownloadUrl, { id: 1 }, visitor)).code).toBe(301);
  });

  it('page my records newest first: defaults 1 and 10, at most 50, the fields of the spec', async () => {
    const me = await person();
    for (let i = 1; i <= 12; i++) await record(me, a.eid, ((i % 3) + 1) as 1 | 2 | 3, `导出${i}.csv`);
    const first = await t.call(findExportRecords, {}, { as: me });
    expect(first.data).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 12, totalPage: 2 });
    expect(first.data.list[0]).toEqual({
      id: expect.any(Number),
      fileName: '导出12.csv',
      fileSize: 0,
      gmtCreate: expect.any(String),
      exportStatus: 1,
    });
    expect(Object.keys(first.data.list[0]!)).not.toContain('storageKey');
    const done = first.data.list.find((r) => r.fileName === '导出10.csv');
    expect(done!.exportStatus).toBe(2);
    expect(done!.fileSize).toBe(Buffer.byteLength('\uFEFF姓名,学时\n张三,12\n'));
    expect((await t.call(findExportRecords, { pageSize: 20 }, { as: me })).data.list).toHaveLength(12);
    expect((await t.call(findExportRecords, { pageCurrent: 2 }, { as: me })).data.list).toHaveLength(2);
    expect((await t.call(findExportRecords, { pageSize: 50 }, { as: me })).code).toBe(200);
    expect((await t.call(findExportRecords, { pageSize: 51 }, { as: me })).code).toBe(400);
    expect((await t.call(findExportRecords, { pageSize: 0 }, { as: me })).code).toBe(400);
  });

  it('gives a short-lived signed link that serves the file bytes of a finished record', async () => {
    const me = await person();
    const content = '\uFEFF课程,进度\n安全生产,100%\n';
    const row = await record(me, a.eid, 2, '课程进度.csv', content);
    const r = await t.call(getExportDownloadUrl, { id: String(row.id) }, { as: me });
    expect(r.code).toBe(200);
    expect(r.data.fileName).toBe('课程进度.csv');
    expect(r.data.url).toMatch(/^\/uploads\/exports\/\d+\/[\w-]+\.csv\?expires=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment');
    // Streamed with its length, and never kept by the browser (a deleted export must not come back).
    expect(file.headers['content-length']).toBe(String(Buffer.byteLength(content)));
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(Buffer.from(content, 'utf8'))).toBe(true);
    expect(file.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    // Without the signature, or with another, the file is not served.
    const bare = r.data.url.split('?')[0];
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: r.data.url.replace(/sig=.*/, 'sig=forged') })).statusCode).toBe(
      404,
    );
  });

  it('refuses to download a processing (4201) or failed (4202) record, in the user language', async () => {
    const me = await person();
    const processing = await record(me, a.eid, 1);
    const failed = await record(me, a.eid, 3);
    expect(await t.call(getExportDownloadUrl, { id: String(processing.id) }, { as: me })).toMatchObject({
      code: 4201,
      message: '文件正在导出中，请稍后再下载',
    });
    const en = await t.call(getExportDownloadUrl, { id: String(failed.id) }, { as: me, lang: 'en' });
    expect(en).toMatchObject({ code: 4202, message: 'The export failed; there is no file to download' });
    expect((await t.call(getExportDownloadUrl, { id: '0' }, { as: me })).code).toBe(400);
    expect((await t.call(getExportDownloadUrl, { id: '2147483648' }, { as: me })).code).toBe(400);
  });

  it("never lists, links or deletes another person's or another enterprise's record", async () => {
    const me = await person();
    const colleague = await person();
    const stranger = await person(b);
    const mine = await record(me, a.eid, 2, '我的.csv');
    const theirs = await record(colleague, a.eid, 2, '同事的.csv');
    const far = await record(stranger, b.eid, 2, '乙企业的.csv');
    expect((await t.call(findExportRecords, {}, { as: me })).data.list.map((r) => r.fileName)).toEqual(['我的.csv']);
    for (const id of [theirs.id, far.id]) {
      expect((await t.call(getExportDownloadUrl, { id: String(id) }, { as: me })).code).toBe(404);
      expect((await t.call(deleteExportRecord, { id }, { as: me })).code).toBe(404);
    }
    // Still there, with their files.
    expect((await t.call(getExportDownloadUrl, { id: String(theirs.id) }, { as: colleague })).code).toBe(200);
    expect(await t.platform.storage.get(far.storageKey!)).not.toBeNull();
    // Delete-all removes only mine.
    expect((await t.call(deleteAllExportRecords, {}, { as: me })).code).toBe(200);
    expect((await t.call(findExportRecords, {}, { as: me })).data.totalCount).toBe(0);
    expect(await t.platform.storage.get(mine.storageKey!)).toBeNull();
    expect((await t.call(findExportRecords, {}, { as: colleague })).data.totalCount).toBe(1);
    expect(await t.platform.storage.get(theirs.storageKey!)).not.toBeNull();
    const farLeft = await t.database.db
      .select()
      .from(schema.exportRecords)
      .where(and(eq(schema.exportRecords.eid, b.eid), eq(schema.exportRecords.id, far.id)));
    expect(farLeft).toHaveLength(1);
  });

  it('deletes one record with its stored file; a deleted record is gone', async () => {
    const me = await person();
    const row = await record(me, a.eid, 2);
    const other = await record(me, a.eid, 1);
    const { url } = (await t.call(getExportDownloadUrl, { id: String(row.id) }, { as: me })).data;
    expect((await t.call(deleteExportRecord, { id: row.id }, { as: me })).code).toBe(200);
    expect(await t.platform.storage.get(row.storageKey!)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.call(deleteExportRecord, { id: row.id }, { as: me })).code).toBe(404);
    expect((await t.call(getExportDownloadUrl, { id: String(row.id) }, { as: me })).code).toBe(404);
    expect((await t.call(findExportRecords, {}, { as: me })).data.list.map((r) => r.id)).toEqual([other.id]);
    expect((await t.call(deleteExportRecord, unchecked({}), { as: me })).code).toBe(400);
  });
});
