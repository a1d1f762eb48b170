import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewBusinessIntro } from '@portal/contract';
import { createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createAgreement, createEnterprise } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());

describe('GET /gateway/system/api/website/business/intro', () => {
  it("answers the site's business introduction as sanitised rich text, to visitors and learners", async () => {
    const db = t.database.db;
    const ent = await createEnterprise(db);
    await createAgreement(db, ent.eid, {
      type: 'businessIntro',
      title: '业务介绍',
      content: '<h3 onclick="x()">企业入驻</h3><p>提供在线培训<script>alert(1)</script></p>',
    });
    const visitor = await t.call(viewBusinessIntro, {}, { as: visitorOf(ent) });
    expect(visitor).toMatchObject({
      code: 200,
      data: { title: '业务介绍', content: '<h3>企业入驻</h3><p>提供在线培训</p>' },
    });
    const person = await t.learner(ent);
    expect((await t.call(viewBusinessIntro, {}, { as: person })).data.title).toBe('业务介绍');
  });

  it("a site without one gets an empty text; another site's is never served", async () => {
    const db = t.database.db;
    const withIntro = await createEnterprise(db);
    await createAgreement(db, withIntro.eid, { type: 'businessIntro', title: '甲的介绍', content: '<p>甲</p>' });
    const without = await createEnterprise(db);
    expect((await t.call(viewBusinessIntro, {}, { as: visitorOf(without) })).data).toEqual({ title: '', content: '' });
    // A visitor naming another enterprise with ?eid= reads that site's text, not a mix.
    expect((await t.call(viewBusinessIntro, { eid: withIntro.eid }, { as: visitorOf(without) })).data.title).toBe(
      '甲的介绍',
    );
    // Signed in to the site without one, the session's enterprise decides.
    const person = await t.learner(without);
    expect((await t.call(viewBusinessIntro, { eid: withIntro.eid }, { as: person })).data).toEqual({
      title: '',
      content: '',
    });
  });
});
