import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMaterials } from '@portal/contract';
import { createMaterial } from '../../test/media-factories.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, unchecked, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

describe('findMaterials', () => {
  it("lists the enterprise's videos and documents newest first, by kind and title, with their transcoding state", async () => {
    const video = await createMaterial(db(), a.eid, {
      title: '安全生产第一课',
      durationSeconds: null,
      transcodeState: 'running',
      transcodeProgress: 40,
    });
    const doc = await createMaterial(db(), a.eid, {
      kind: 2,
      title: '安全手册',
      fileName: 'manual.pdf',
      vodPlatform: null,
      durationSeconds: null,
    });
    await createMaterial(db(), a.eid, { title: '销售技巧' });
    await createMaterial(db(), b.eid, { title: '安全生产（乙）' });

    const all = await t.call(findMaterials, { search: '安全' }, { as: admin });
    expect(all.code).toBe(200);
    expect(all.data.list.map((m) => m.id)).toEqual([doc.id, video.id]);
    expect(all.data.totalCount).toBe(2);
    expect(all.data.list[1]).toMatchObject({
      kind: 1,
      title: '安全生产第一课',
      vodPlatform: 4,
      durationSeconds: null,
      transcodeState: 'running',
      transcodeProgress: 40,
      transcodeError: '',
      posterUrl: '',
    });
    expect(all.data.list[1]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const videos = await t.call(findMaterials, { kind: 1, search: '安全' }, { as: admin });
    expect(videos.data.list.map((m) => m.id)).toEqual([video.id]);
    const byFile = await t.call(findMaterials, { search: 'manual' }, { as: admin });
    expect(byFile.data.list.map((m) => m.id)).toEqual([doc.id]);
    const one = await t.call(findMaterials, { id: video.id }, { as: admin });
    expect(one.data.list.map((m) => m.id)).toEqual([video.id]);
    // A literal `%` matches only itself.
    expect((await t.call(findMaterials, { search: '%' }, { as: admin })).data.list).toEqual([]);
  });

  it("pages, and never shows another enterprise's materials", async () => {
    const page1 = await t.call(findMaterials, { pageSize: 2 }, { as: admin });
    const page2 = await t.call(findMaterials, { pageSize: 2, pageCurrent: 2 }, { as: admin });
    expect(page1.data.list).toHaveLength(2);
    expect(page1.data.totalCount).toBe(3);
    expect(page2.data.list).toHaveLength(1);
    expect([...page1.data.list, ...page2.data.list].some((m) => m.title.includes('乙'))).toBe(false);
    const other = await t.learner(b, { member: { isAdmin: true } });
    const theirs = await t.call(findMaterials, {}, { as: other });
    expect(theirs.data.list.map((m) => m.title)).toEqual(['安全生产（乙）']);
  });

  it('refuses a learner (3403) and bad input in both languages', async () => {
    const learner = await t.learner(a);
    expect((await t.call(findMaterials, {}, { as: learner })).code).toBe(3403);
    const bad = await t.call(findMaterials, unchecked({ kind: 3 }), { as: admin, lang: 'en' });
    expect(bad.code).toBe(400);
    expect(invalidFields(bad)[0]!.field).toBe('kind');
  });
});
