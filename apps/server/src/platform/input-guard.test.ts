import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@portal/db';
import {
  findCourses,
  findMessages,
  findNews,
  findNewsCategories,
  saveMessage,
  viewWebsite,
  type CallDef,
} from '@portal/contract';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../test/harness.ts';
import { createEnterprise, type Learner } from '../test/factories.ts';
import { nulFields } from './input-guard.ts';

const NEWS_PAGE = findNews;
const NEWS_CATEGORIES = findNewsCategories;
const COURSE_PAGE = findCourses;
const WEBSITE_VIEW = viewWebsite;
const MESSAGE_SAVE = saveMessage;
const MESSAGE_PAGE = findMessages;

let t: TestApp;
let ent: Awaited<ReturnType<typeof createEnterprise>>;
let other: Awaited<ReturnType<typeof createEnterprise>>;
let learner: Learner;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  ent = await createEnterprise(t.database.db, { name: '默认企业' });
  other = await createEnterprise(t.database.db, { name: '另一企业' });
  learner = await t.learner(ent);
});
afterAll(async () => t?.close());

/**
 * A call with input outside its declared type (that is what these tests send), extra headers
 * (token, lang) and query parameters beside a body; the HTTP status and the envelope.
 */
async function send(def: CallDef, input: object, extra: Record<string, string> = {}, query?: Record<string, string>) {
  const res = await t.call(def, unchecked(input), {
    as: visitorOf(ent),
    headers: extra,
    ...(query ? { query } : {}),
    raw: true,
  });
  return { statusCode: res.status, json: () => res.body as { code: number; message: string; data: unknown } };
}
const post = (def: CallDef, payload: object, extra: Record<string, string> = {}, query?: Record<string, string>) =>
  send(def, payload, extra, query);
const get = (def: CallDef, query: Record<string, string>, extra: Record<string, string> = {}) =>
  send(def, query, extra);

/** The 400 envelope naming `field` first, with HTTP 200 (the shape of every bad input). */
function expectBadField(res: Awaited<ReturnType<typeof post>>, field: string) {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.code).toBe(400);
  expect(body.message).toMatch(new RegExp(`^参数错误：${field.replace(/\./g, '\\.')} `));
  expect(invalidFields(body)[0]?.field).toBe(field);
  return body as { code: number; message: string; data: { fields: Array<{ field: string; message: string }> } };
}

describe('the NUL character (U+0000) in any string of any call', () => {
  it('is refused on public calls with a 400 naming the field (it was a 500: PostgreSQL refuses it)', async () => {
    expectBadField(await post(NEWS_PAGE, { keyword: 'a\u0000b' }), 'keyword');
    expectBadField(await post(COURSE_PAGE, { keyword: '\u0000' }), 'keyword');
  });

  it('is refused in a query, in a key and deep in a body, every such field listed', async () => {
    expectBadField(await get(NEWS_CATEGORIES, { x: 'a\u0000' }), 'x');
    const body = expectBadField(
      await post(NEWS_PAGE, { keyword: 'ok', filter: { tags: ['fine', 'bad\u0000'], ['k\u0000']: 1 } }),
      'filter.tags.1',
    );
    expect(body.data.fields.map((f) => f.field)).toEqual(['filter.tags.1', 'filter.k\u0000']);
    // A POST call's eid travels in the query: the query is checked too.
    expectBadField(await post(NEWS_PAGE, {}, {}, { eid: '1\u0000' }), 'eid');
  });

  it('is refused on signed-in calls before anything is stored, in the user’s language', async () => {
    const headers = { token: learner.token };
    expectBadField(
      await post(MESSAGE_SAVE, { title: '标题', messageContent: '内容\u0000' }, headers),
      'messageContent',
    );
    expectBadField(await post(MESSAGE_PAGE, { pageCurrent: 1, pageSize: 10, keyword: '\u0000' }, headers), 'keyword');
    const en = await post(MESSAGE_SAVE, { title: 'T\u0000', messageContent: 'x' }, { ...headers, lang: 'en' });
    expect(en.json()).toEqual({
      code: 400,
      message: 'Invalid input: title: must not contain the NUL character (U+0000)',
      data: { fields: [{ field: 'title', message: 'must not contain the NUL character (U+0000)' }] },
    });
    const stored = await t.database.db.select().from(schema.onlineMessages);
    expect(stored).toHaveLength(0);
  });

  it('leaves good input alone (the same calls answer 200)', async () => {
    expect((await post(NEWS_PAGE, { keyword: 'ab' })).json().code).toBe(200);
    const saved = await post(MESSAGE_SAVE, { title: '标题', messageContent: '内容' }, { token: learner.token });
    expect(saved.json().code).toBe(200);
  });

  it('nulFields walks strings, arrays, objects and keys', () => {
    expect(nulFields({ a: 'x', b: ['y', 'z\u0000'], c: { d: '\u0000', e: 1, f: null } })).toEqual(['b.1', 'c.d']);
    expect(nulFields('\u0000')).toEqual(['(body)']);
    expect(nulFields(undefined)).toEqual([]);
  });
});

describe('an eid in the query that no enterprise can have', () => {
  // The course page's schema takes any positive eid in its body; the tenant comes from the query.
  it.each(['2147483648', '99999999999', '-1', '0', 'abc', '1.5', '1e3', ' 1', '0x10'])(
    '`?eid=%s` is a 400 naming eid, not the domain’s default enterprise',
    async (eid) => {
      const res = await post(COURSE_PAGE, {}, {}, { eid });
      expectBadField(res, 'eid');
      expect(invalidFields(res.json())).toEqual([{ field: 'eid', message: '不是有效的企业编号' }]);
      // GET calls too (their schemas may word it first).
      expectBadField(await get(WEBSITE_VIEW, { eid }), 'eid');
      expectBadField(await get(NEWS_CATEGORIES, { eid }), 'eid');
    },
  );

  it('in English', async () => {
    const en = await post(COURSE_PAGE, {}, { lang: 'en' }, { eid: '2147483648' });
    expect(en.json().message).toBe('Invalid input: eid: is not a valid enterprise id');
  });

  it('a good eid names its site; an empty one is none (the domain’s default)', async () => {
    const named = await get(WEBSITE_VIEW, { eid: String(other.eid) });
    expect(named.json().data).toMatchObject({ entName: '另一企业' });
    expect((await post(COURSE_PAGE, {}, {}, { eid: String(other.eid) })).json().code).toBe(200);
    expect((await post(COURSE_PAGE, {}, {}, { eid: '' })).json().code).toBe(200);
  });

  it('an empty eid is none for GET calls too, whose schemas read the query (decision 022)', async () => {
    const site = await get(WEBSITE_VIEW, { eid: '' });
    const byDomain = (await get(WEBSITE_VIEW, {})).json() as { data: { eid: number } };
    expect(site.json()).toMatchObject({ code: 200, data: { eid: byDomain.data.eid } });
    expect((await get(NEWS_CATEGORIES, { eid: '' })).json().code).toBe(200);
  });
});
