import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, clientHeaders, type TestApp } from '../../test/harness.ts';
import { createAccount, createAgreement, createEnterprise } from '../../test/factories.ts';

const INTRO = '/gateway/system/api/website/business/intro';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());

const get = (domain: string, extra: Record<string, string> = {}, query: Record<string, string> = {}) =>
  t.app
    .inject({ method: 'GET', url: INTRO, headers: { ...clientHeaders(domain), ...extra }, query })
    .then((r) => r.json());

describe('GET /gateway/system/api/website/business/intro', () => {
  it("answers the site's business introduction as sanitised rich text, to visitors and learners", async () => {
    const db = t.database.db;
    const ent = await createEnterprise(db);
    await createAgreement(db, ent.eid, {
      type: 'businessIntro',
      title: '业务介绍',
      content: '<h3 onclick="x()">企业入驻</h3><p>提供在线培训<script>alert(1)</script></p>',
    });
    const visitor = await get(ent.domain);
    expect(visitor).toMatchObject({
      code: 200,
      data: { title: '业务介绍', content: '<h3>企业入驻</h3><p>提供在线培训</p>' },
    });
    const person = await createAccount(db, [ent.eid]);
    const token = (await t.platform.sessions.create(person.accountId, ent.eid)).token;
    expect((await get(ent.domain, { token })).data.title).toBe('业务介绍');
  });

  it("a site without one gets an empty text; another site's is never served", async () => {
    const db = t.database.db;
    const withIntro = await createEnterprise(db);
    await createAgreement(db, withIntro.eid, { type: 'businessIntro', title: '甲的介绍', content: '<p>甲</p>' });
    const without = await createEnterprise(db);
    expect((await get(without.domain)).data).toEqual({ title: '', content: '' });
    // A visitor naming another enterprise with ?eid= reads that site's text, not a mix.
    expect((await get(without.domain, {}, { eid: String(withIntro.eid) })).data.title).toBe('甲的介绍');
    // Signed in to the site without one, the session's enterprise decides.
    const person = await createAccount(db, [without.eid]);
    const token = (await t.platform.sessions.create(person.accountId, without.eid)).token;
    expect((await get(without.domain, { token }, { eid: String(withIntro.eid) })).data).toEqual({
      title: '',
      content: '',
    });
  });
});
