import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTags } from '@portal/contract';
import { schema } from '@portal/db';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let learnerA: Learner;
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
  learnerA = await t.learner(a);
});
afterAll(async () => t?.close());

describe('findTags (POST /system/auth/tag/list)', () => {
  it("answers the session enterprise's tags in order, names in the page's language where given", async () => {
    const zh = await t.call(findTags, {}, { as: learnerA });
    expect(zh.code).toBe(200);
    expect(zh.data).toEqual([
      { id: ids.newcomer, tagName: '新员工' },
      { id: ids.key, tagName: '业务骨干' },
      { id: ids.attendance, tagName: '100%出勤' },
    ]);
    const en = await t.call(findTags, {}, { as: learnerA, lang: 'en' });
    expect(en.data.map((x) => x.tagName)).toEqual(['新员工', 'Key staff', '100%出勤']);
  });

  it('filters by a part of the name, % taken literally', async () => {
    expect((await t.call(findTags, { tagName: '骨干' }, { as: learnerA })).data).toEqual([
      { id: ids.key, tagName: '业务骨干' },
    ]);
    expect((await t.call(findTags, { tagName: 'key' }, { as: learnerA })).data.map((x) => x.id)).toEqual([ids.key]);
    expect((await t.call(findTags, { tagName: '%' }, { as: learnerA })).data.map((x) => x.id)).toEqual([
      ids.attendance,
    ]);
  });

  it('needs a session (301)', async () => {
    expect((await t.call(findTags, {}, { as: visitorOf(a) })).code).toBe(301);
  });

  it('bad input: 400 naming the field, in zh and en', async () => {
    const zh = await t.call(findTags, { tagName: 'x'.repeat(51) }, { as: learnerA });
    expect(zh.code).toBe(400);
    expect(zh.message).toBe('参数错误：tagName 标签名称最多50个字');
    expect(invalidFields(zh)[0]!.field).toBe('tagName');
    const en = await t.call(findTags, { tagName: 'x'.repeat(51) }, { as: learnerA, lang: 'en' });
    expect(en.code).toBe(400);
    expect(en.message).toBe('Invalid input: tagName: The tag name has at most 50 characters');
  });

  it("signed in to one enterprise, another's tags never show, whatever the domain, query or body say", async () => {
    const viaOtherDomain = await t.call(findTags, unchecked({ eid: b.eid }), {
      as: { ...learnerA, domain: b.domain },
      query: { eid: String(b.eid) },
    });
    expect(viaOtherDomain.code).toBe(200);
    const seen = viaOtherDomain.data.map((x) => x.tagName);
    expect(seen).not.toContain('乙的标签');
    expect(seen).toEqual(['新员工', '业务骨干', '100%出勤']);
    const learnerB = await t.learner(b);
    expect((await t.call(findTags, {}, { as: { ...learnerB, domain: a.domain } })).data).toEqual([
      { id: ids.b, tagName: '乙的标签' },
    ]);
  });
});
