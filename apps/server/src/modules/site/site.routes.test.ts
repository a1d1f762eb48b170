import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, clientHeaders, type TestApp } from '../../test/harness.ts';
import { createEnterprise } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /gateway/system/api/website/view', () => {
  it('answers the website info of the domain default enterprise in the envelope', async () => {
    const ent = await createEnterprise(t.database.db, { settings: { websiteDesc: '描述A' } });
    const res = await t.app.inject({ method: 'GET', url: '/gateway/system/api/website/view', headers: clientHeaders(ent.domain) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.eid).toBe(ent.eid);
    expect(body.data.websiteDesc).toBe('描述A');
    expect(body.data.websiteThemeColor.pcWrapperWidth).toBe(1200);
  });
});
