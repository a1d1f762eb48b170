import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { newFileKey } from '../../platform/storage.ts';
import { createTestApp, clientHeaders, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createSignedInUser } from '../../test/factories.ts';

const PAGE = '/gateway/data/crm/export/record/page';
const DELETE = '/gateway/data/crm/export/record/delete';
const DELETE_ALL = '/gateway/data/crm/export/record/all/delete';
const URL_OF = '/gateway/data/crm/export/record/get/file/download/url';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

type Person = { accountId: number; token: string };

const person = (eid = a.eid): Promise<Person> => createSignedInUser(t.database.db, t.platform.sessions, [eid]);

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

const call = (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object, extra: object = {}) =>
  t.app
    .inject({
      method,
      url,
      headers: { ...clientHeaders(a.domain), ...extra, token: who.token },
      ...(method === 'GET' ? { query: (body ?? {}) as Record<string, string> } : body ? { payload: body } : {}),
    })
    .then((r) => r.json());

describe('export records', () => {
  it('need a session', async () => {
    for (const [method, url] of [
      ['POST', PAGE],
      ['DELETE', DELETE_ALL],
      ['GET', `${URL_OF}?id=1`],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: clientHeaders(a.domain), payload: {} });
      expect(r.json().code).toBe(301);
    }
  });

  it('page my records newest first: defaults 1 and 10, at most 50, the fields of the spec', async () => {
    const me = await person();
    for (let i = 1; i <= 12; i++) await record(me, a.eid, ((i % 3) + 1) as 1 | 2 | 3, `导出${i}.csv`);
    const first = await call(me, 'POST', PAGE, {});
    expect(first.data).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 12, totalPage: 2 });
    expect(first.data.list[0]).toEqual({
      id: expect.any(Number),
      fileName: '导出12.csv',
      fileSize: 0,
      gmtCreate: expect.any(String),
      exportStatus: 1,
    });
    expect(Object.keys(first.data.list[0])).not.toContain('storageKey');
    const done = first.data.list.find((r: { fileName: string }) => r.fileName === '导出10.csv');
    expect(done.exportStatus).toBe(2);
    expect(done.fileSize).toBe(Buffer.byteLength('\uFEFF姓名,学时\n张三,12\n'));
    expect((await call(me, 'POST', PAGE, { pageSize: 20 })).data.list).toHaveLength(12);
    expect((await call(me, 'POST', PAGE, { pageCurrent: 2 })).data.list).toHaveLength(2);
    expect((await call(me, 'POST', PAGE, { pageSize: 50 })).code).toBe(200);
    expect((await call(me, 'POST', PAGE, { pageSize: 51 })).code).toBe(400);
    expect((await call(me, 'POST', PAGE, { pageSize: 0 })).code).toBe(400);
  });

  it('gives a short-lived signed link that serves the file bytes of a finished record', async () => {
    const me = await person();
    const content = '\uFEFF课程,进度\n安全生产,100%\n';
    const row = await record(me, a.eid, 2, '课程进度.csv', content);
    const r = await call(me, 'GET', URL_OF, { id: String(row.id) });
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
    expect(await call(me, 'GET', URL_OF, { id: String(processing.id) })).toMatchObject({
      code: 4201,
      message: '文件正在导出中，请稍后再下载',
    });
    const en = await call(me, 'GET', URL_OF, { id: String(failed.id) }, { lang: 'en' });
    expect(en).toMatchObject({ code: 4202, message: 'The export failed; there is no file to download' });
    expect((await call(me, 'GET', URL_OF, { id: '0' })).code).toBe(400);
    expect((await call(me, 'GET', URL_OF, { id: '2147483648' })).code).toBe(400);
  });

  it("never lists, links or deletes another person's or another enterprise's record", async () => {
    const me = await person();
    const colleague = await person();
    const stranger = await person(b.eid);
    const mine = await record(me, a.eid, 2, '我的.csv');
    const theirs = await record(colleague, a.eid, 2, '同事的.csv');
    const far = await record(stranger, b.eid, 2, '乙企业的.csv');
    expect((await call(me, 'POST', PAGE, {})).data.list.map((r: { fileName: string }) => r.fileName)).toEqual([
      '我的.csv',
    ]);
    for (const id of [theirs.id, far.id]) {
      expect((await call(me, 'GET', URL_OF, { id: String(id) })).code).toBe(404);
      expect((await call(me, 'DELETE', DELETE, { id })).code).toBe(404);
    }
    // Still there, with their files.
    expect((await call(colleague, 'GET', URL_OF, { id: String(theirs.id) })).code).toBe(200);
    expect(await t.platform.storage.get(far.storageKey!)).not.toBeNull();
    // Delete-all removes only mine.
    expect((await call(me, 'DELETE', DELETE_ALL)).code).toBe(200);
    expect((await call(me, 'POST', PAGE, {})).data.totalCount).toBe(0);
    expect(await t.platform.storage.get(mine.storageKey!)).toBeNull();
    expect((await call(colleague, 'POST', PAGE, {})).data.totalCount).toBe(1);
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
    const { url } = (await call(me, 'GET', URL_OF, { id: String(row.id) })).data;
    expect((await call(me, 'DELETE', DELETE, { id: row.id })).code).toBe(200);
    expect(await t.platform.storage.get(row.storageKey!)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await call(me, 'DELETE', DELETE, { id: row.id })).code).toBe(404);
    expect((await call(me, 'GET', URL_OF, { id: String(row.id) })).code).toBe(404);
    expect((await call(me, 'POST', PAGE, {})).data.list.map((r: { id: number }) => r.id)).toEqual([other.id]);
    expect((await call(me, 'DELETE', DELETE, {})).code).toBe(400);
  });
});
