import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, findNews, loginByCode, uploadPic, viewCurrentUser } from '@portal/contract';
import { createEnterprise } from './factories.ts';
import { createTestApp, unchecked, visitorOf, type TestApp } from './harness.ts';

// The typed call helper itself: who calls, in which language, and what the type checker refuses.

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

describe('t.call', () => {
  it("calls as a learner with the learner's session and site, and as a visitor without one", async () => {
    const learner = await t.learner(a, { member: { realName: '张三' } });
    const me = await t.call(viewCurrentUser, {}, { as: learner });
    expect(me).toMatchObject({ code: ErrorCode.OK, data: { eid: a.eid, realName: '张三', phone: learner.phone } });
    const visitor = await t.call(viewCurrentUser, {}, { as: visitorOf(a), raw: true });
    expect(visitor.body.code).toBe(ErrorCode.NOT_SIGNED_IN);
    expect(visitor.status).toBe(200);
  });

  it('sends GET input as the query and other input as the body, words answers in the language asked', async () => {
    const page = await t.call(findNews, { pageCurrent: 2, pageSize: 5 }, { as: visitorOf(a) });
    expect(page.data).toMatchObject({ pageCurrent: 2, pageSize: 5, totalCount: 0 });
    const bad = await t.call(loginByCode, { phone: '123', verificationCode: '1' }, { as: visitorOf(a), lang: 'en' });
    expect(bad.code).toBe(ErrorCode.BAD_INPUT);
    expect(bad.message).toMatch(/^Invalid input/);
  });

  it('sends an upload as multipart/form-data with its one file, from the client address given', async () => {
    const learner = await t.learner(a);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const file = { field: 'picFile', filename: 'me.png', data: png, type: 'image/png' };
    const sent = await t.call(uploadPic, {}, { as: learner, file, remoteAddress: '198.51.100.9' });
    expect(sent).toMatchObject({ code: ErrorCode.OK, data: { url: expect.stringMatching(/\.png$/) } });
    // Without the file the call is plain JSON, which the upload refuses.
    expect((await t.call(uploadPic, {}, { as: learner })).code).toBe(ErrorCode.BAD_INPUT);
  });

  it('refuses a wrong input shape at type-check time (unchecked() sends it on purpose)', async () => {
    if (Date.now() < 0) {
      // Type assertions only: never run. `npm run typecheck` fails when one of these compiles.
      // @ts-expect-error a field the call does not declare
      await t.call(findNews, { nope: 1 });
      // @ts-expect-error keyword is text
      await t.call(findNews, { keyword: 5 });
      // @ts-expect-error verificationCode is required
      await t.call(loginByCode, { phone: '13800000000' });
    }
    const res = await t.call(findNews, unchecked({ keyword: 5 }), { as: visitorOf(a) });
    expect(res.code).toBe(ErrorCode.BAD_INPUT);
  });
});
