import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCategories, findExportRecords, findMessages, getExportDownloadUrl } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_TENANTS, schema, seedDemoData } from '@portal/db';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The demo data's export records (packages/db/src/seed.ts), written to the server's storage, and
// the demo messages.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());

describe('demo export records', () => {
  it('give every demo person a downloadable CSV (with a BOM), one processing and one failed record', async () => {
    const db = t.database.db;
    await seedDemoData(db, { files: t.platform.storage });
    for (const demo of DEMO_ACCOUNTS) {
      const [account] = await db.select().from(schema.accounts).where(eq(schema.accounts.phone, demo.phone));
      for (const eid of demo.eids) {
        const who = { domain: 'localhost', token: (await t.platform.sessions.create(account!.id, eid)).token };
        const list = (await t.call(findExportRecords, { pageSize: 20 }, { as: who })).data.list as Array<{
          id: number;
          fileName: string;
          exportStatus: number;
          fileSize: number;
        }>;
        expect(list.map((r) => r.exportStatus).sort()).toEqual([1, 2, 3]);
        const done = list.find((r) => r.exportStatus === 2)!;
        expect(done.fileName).toMatch(/\.csv$/);
        const link = await t.call(getExportDownloadUrl, { id: String(done.id) }, { as: who });
        const file = await t.app.inject({ method: 'GET', url: link.data.url });
        expect(file.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
        expect(file.rawPayload.length).toBe(done.fileSize);
        expect(file.rawPayload.toString('utf8')).toMatch(eid === 1004 ? /^\uFEFFCourse,/ : /^\uFEFF课程名称,/);
        const messages = (await t.call(findMessages, {}, { as: who })).data.list as Array<{
          replyContent: string | null;
        }>;
        expect(messages.map((m) => m.replyContent === null)).toEqual([true, false]);
      }
    }
  }, 60_000);

  it('gives every demo site topics that hold courses on their subject, and an Android version', async () => {
    const db = t.database.db;
    await seedDemoData(db, { files: t.platform.storage });
    const topics = await db.select().from(schema.topics);
    expect(topics.length).toBeGreaterThanOrEqual(15);
    for (const topic of topics) {
      const held = await db.select().from(schema.topicCourses).where(eq(schema.topicCourses.topicId, topic.id));
      expect(held.length, topic.name).toBeGreaterThan(0);
    }
    const versions = await db.select().from(schema.appVersions);
    expect(new Set(versions.map((v) => v.eid)).size).toBe(5);
  }, 60_000);

  it('gives every demo site learner tags and course (3) and talent business (14) category trees in its language', async () => {
    const db = t.database.db;
    await seedDemoData(db, { files: t.platform.storage });
    const cjk = /[\u4e00-\u9fff]/;
    for (const site of DEMO_TENANTS) {
      const tags = await db.select().from(schema.tags).where(eq(schema.tags.eid, site.eid));
      expect(tags.length).toBeGreaterThanOrEqual(3);
      for (const type of [3, 14]) {
        const res = await t.call(findCategories, { categoryType: type }, { query: { eid: String(site.eid) } });
        const tree = res.data;
        expect(tree.length).toBeGreaterThanOrEqual(2);
        expect(tree.some((c) => c.childrenList.length > 0)).toBe(true);
        const names = [
          ...tree.map((c) => c.categoryName),
          ...tree.flatMap((c) => c.childrenList.map((x) => x.categoryName)),
        ];
        expect(names.every((n) => cjk.test(n) === (site.lang === 'zh'))).toBe(true);
      }
      expect(tags.every((x) => cjk.test(x.name) === (site.lang === 'zh'))).toBe(true);
    }
  });
});
