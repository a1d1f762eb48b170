import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@portal/db';
import { clientHeaders, createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createSignedInUser } from '../../test/factories.ts';

const TAGS = '/gateway/system/auth/tag/list';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let learnerA: { token: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  const rows = await db
    .insert(schema.tags)
    .values([
      { eid: a.eid, name: '业务骨干', nameEn: 'Key staff', sort: 2 },
      { eid: a.eid, name: '新员工', nameEn: '', sort: 1 },
      { eid: a.eid, name: '100%出勤', sort: 3 },
    ])
    .returning();
  ids.key = rows[0]!.id;
  ids.newcomer = rows[1]!.id;
  ids.attendance = rows[2]!.id;
  const [theirs] = await db.insert(schema.tags).values({ eid: b.eid, name: '乙的标签' }).returning();
  ids.b = theirs!.id;
  learnerA = await createSignedInUser(db, t.platform.sessions, [a.eid]);
});
afterAll(async () => t?.close());

const call = (body: object, token?: string, lang?: string, domain = a.domain, url = TAGS) =>
  t.app
    .inject({
      method: 'POST',
      url,
      headers: { ...clientHeaders(domain), ...(token ? { token } : {}), ...(lang ? { lang } : {}) },
      payload: body,
    })
    .then((r) => r.json());

describe('findTags (POST /system/auth/tag/list)', () => {
  it("answers the session enterprise's tags in order, names in the page's language where given", async () => {
    const zh = await call({}, learnerA.token);
    expect(zh.code).toBe(200);
    expect(zh.data).toEqual([
      { id: ids.newcomer, tagName: '新员工' },
      { id: ids.key, tagName: '业务骨干' },
      { id: ids.attendance, tagName: '100%出勤' },
    ]);
    const en = await call({}, learnerA.token, 'en');
    expect(en.data.map((x: { tagName: string }) => x.tagName)).toEqual(['新员工', 'Key staff', '100%出勤']);
  });

  it('filters by a part of the name, % taken literally', async () => {
    expect((await call({ tagName: '骨干' }, learnerA.token)).data).toEqual([{ id: ids.key, tagName: '业务骨干' }]);
    expect((await call({ tagName: 'key' }, learnerA.token)).data.map((x: { id: number }) => x.id)).toEqual([ids.key]);
    expect((await call({ tagName: '%' }, learnerA.token)).data.map((x: { id: number }) => x.id)).toEqual([
      ids.attendance,
    ]);
  });

  it('needs a session (301)', async () => {
    expect((await call({})).code).toBe(301);
  });

  it('bad input: 400 naming the field, in zh and en', async () => {
    const zh = await call({ tagName: 'x'.repeat(51) }, learnerA.token);
    expect(zh.code).toBe(400);
    expect(zh.message).toBe('参数错误：tagName 标签名称最多50个字');
    expect(zh.data.fields[0].field).toBe('tagName');
    const en = await call({ tagName: 'x'.repeat(51) }, learnerA.token, 'en');
    expect(en.code).toBe(400);
    expect(en.message).toBe('Invalid input: tagName: The tag name has at most 50 characters');
  });

  it("signed in to one enterprise, another's tags never show, whatever the domain, query or body say", async () => {
    const viaOtherDomain = await call({ eid: b.eid }, learnerA.token, undefined, b.domain, `${TAGS}?eid=${b.eid}`);
    expect(viaOtherDomain.code).toBe(200);
    const seen = viaOtherDomain.data.map((x: { id: number; tagName: string }) => x.tagName);
    expect(seen).not.toContain('乙的标签');
    expect(seen).toEqual(['新员工', '业务骨干', '100%出勤']);
    const learnerB = await createSignedInUser(t.database.db, t.platform.sessions, [b.eid]);
    expect((await call({}, learnerB.token, undefined, a.domain)).data).toEqual([{ id: ids.b, tagName: '乙的标签' }]);
  });
});
