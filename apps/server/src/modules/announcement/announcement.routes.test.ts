import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import { createTestApp, clientHeaders, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createSignedInUser } from '../../test/factories.ts';
import { AnnouncementRepository } from './announcement.repository.ts';

const BASE = '/gateway/user/auth/announcement';
const POP = `${BASE}/user/record/pop/list`;
const INFO = '/gateway/user/api/announcement/info/view';
const PAGE = `${BASE}/user/record/page`;
const READ_COUNT = `${BASE}/user/record/read/count`;
const WAIT_COUNT = `${BASE}/user/record/wait/read/count`;
const BATCH_DELETE = `${BASE}/user/record/batch/delete`;
const BATCH_READ = `${BASE}/user/record/batch/read`;
const VIEW = `${BASE}/user/record/view`;
const ADMIRE = `${BASE}/user/record/update/admire`;
const COMMENTS = `${BASE}/comment/page`;
const COMMENT = `${BASE}/comment/save`;
const REPLY = `${BASE}/comment/reply/save`;
const REPLY_DELETE = `${BASE}/comment/reply/delete`;
const COMMENT_DELETE = `${BASE}/comment/delete`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Person = { accountId: number; token: string };

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let ann: Person; // learner of a
let bob: Person; // another learner of a
let bea: Person; // learner of b
const ids: Record<string, number> = {};

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 2));

beforeAll(async () => {
  // Comment and reply saves are limited per address (SIGN_IN_PER_IP_PER_MINUTE): not in these tests.
  t = await createTestApp({ TENANT_CODES: '', SIGN_IN_PER_IP_PER_MINUTE: '1000' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  ann = await createSignedInUser(db, t.platform.sessions, [a.eid]);
  bob = await createSignedInUser(db, t.platform.sessions, [a.eid]);
  bea = await createSignedInUser(db, t.platform.sessions, [b.eid]);
  // 13 visible announcements of a: one a day; every third a platform one; 12 and 13 pop up; 5 has
  // comments closed. One unpublished, one scheduled for later, one of b.
  for (let i = 1; i <= 13; i++) {
    const [row] = await db
      .insert(schema.announcements)
      .values({
        eid: a.eid,
        kind: i % 3 === 0 ? 2 : 1,
        title: `公告${i}`,
        content: i === 2 ? '<p style="color:red" onclick="x()">内容<script>alert(1)</script></p>' : `<p>内容${i}</p>`,
        popup: i >= 12,
        commentOpen: i !== 5,
        publishedAt: day(i),
      })
      .returning();
    ids[`a${i}`] = row!.id;
  }
  const [draft] = await db
    .insert(schema.announcements)
    .values({ eid: a.eid, title: '草稿', published: false, publishedAt: day(20) })
    .returning();
  const [later] = await db
    .insert(schema.announcements)
    .values({ eid: a.eid, title: '以后', publishedAt: new Date(Date.now() + 86_400_000) })
    .returning();
  const [theirs] = await db
    .insert(schema.announcements)
    .values({ eid: b.eid, title: '乙的公告', popup: true, publishedAt: day(3) })
    .returning();
  ids.draft = draft!.id;
  ids.later = later!.id;
  ids.b = theirs!.id;
});
afterAll(async () => t?.close());

const call = (method: Method, url: string, who: Person | null, body: object = {}, domain = a.domain, lang?: string) =>
  t.app
    .inject({
      method,
      url,
      headers: { ...clientHeaders(domain), ...(who ? { token: who.token } : {}), ...(lang ? { lang } : {}) },
      ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
    })
    .then((r) => r.json());

type Rec = { id: number; announcementId: number; title: string; read: boolean; kind: number };
const allRecords = async (who: Person, domain = a.domain, extra: object = {}): Promise<Rec[]> =>
  (await call('POST', PAGE, who, { pageSize: 50, ...extra }, domain)).data.list;
const recordOf = async (who: Person, key: string) =>
  (await allRecords(who)).find((r) => r.announcementId === ids[key])!.id;

describe('announcement records', () => {
  it('pages the learner’s visible announcements newest first: 10 by default, at most 50', async () => {
    const first = (await call('POST', PAGE, ann)).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 13, totalPage: 2 });
    expect(first.list[0]).toMatchObject({
      announcementId: ids.a13,
      title: '公告13',
      kind: 1,
      read: false,
      readAt: null,
      admired: false,
      admireCount: 0,
      commentOpen: true,
    });
    const titles = (await allRecords(ann)).map((r) => r.title);
    expect(titles).not.toContain('草稿');
    expect(titles).not.toContain('以后');
    expect(titles).not.toContain('乙的公告');
    const second = (await call('POST', PAGE, ann, { pageCurrent: 2 })).data;
    expect(second.list.map((r: Rec) => r.title)).toEqual(['公告3', '公告2', '公告1']);
    expect((await call('POST', PAGE, ann, { pageSize: 51 })).code).toBe(400);
    expect((await call('POST', PAGE, ann, { pageSize: 50 })).data.list).toHaveLength(13);
    expect((await call('POST', PAGE, ann, { kind: 2, pageSize: 50 })).data.totalCount).toBe(4);
  });

  it('needs a session', async () => {
    expect((await call('POST', PAGE, null)).code).toBe(301);
    expect((await call('POST', WAIT_COUNT, null)).code).toBe(301);
  });

  it('counts unread and read by kind; reading and deleting move the counts', async () => {
    const who = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    expect((await call('POST', WAIT_COUNT, who)).data).toEqual({ count: 13, entCount: 9, sysCount: 4 });
    expect((await call('POST', READ_COUNT, who)).data).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    const view = (await call('GET', VIEW, who, { id: await recordOf(who, 'a3') })).data;
    expect(view).toMatchObject({ title: '公告3', kind: 2, read: true, content: '<p>内容3</p>', commentCount: 0 });
    expect((await call('POST', WAIT_COUNT, who)).data).toEqual({ count: 12, entCount: 9, sysCount: 3 });
    expect((await call('POST', READ_COUNT, who)).data).toEqual({ count: 1, entCount: 0, sysCount: 1 });
    const r1 = await recordOf(who, 'a1');
    const r2 = await recordOf(who, 'a2');
    expect((await call('PUT', BATCH_READ, who, { ids: [r1, r2] })).data).toEqual({ count: 2 });
    // Again: nothing left to change.
    expect((await call('PUT', BATCH_READ, who, { ids: [r1, r2] })).data).toEqual({ count: 0 });
    expect((await call('POST', WAIT_COUNT, who)).data).toEqual({ count: 10, entCount: 7, sysCount: 3 });
    expect((await call('POST', READ_COUNT, who)).data).toEqual({ count: 3, entCount: 2, sysCount: 1 });
    // Deleting one read and one unread record takes them out of both counts and the list.
    const r4 = await recordOf(who, 'a4');
    expect((await call('DELETE', BATCH_DELETE, who, { ids: [r1, r4] })).data).toEqual({ count: 2 });
    expect((await call('POST', WAIT_COUNT, who)).data).toEqual({ count: 9, entCount: 6, sysCount: 3 });
    expect((await call('POST', READ_COUNT, who)).data).toEqual({ count: 2, entCount: 1, sysCount: 1 });
    const left = await allRecords(who);
    expect(left).toHaveLength(11);
    expect(left.map((r) => r.id)).not.toContain(r1);
    // Filters by read state.
    expect((await allRecords(who, a.domain, { readStatus: 1 })).map((r) => r.title)).toEqual(['公告3', '公告2']);
    expect(await allRecords(who, a.domain, { readStatus: 0 })).toHaveLength(9);
    // A deleted record is gone for good: not viewable, not read again, not listed again.
    expect((await call('GET', VIEW, who, { id: r1 })).code).toBe(404);
    expect((await call('PUT', BATCH_READ, who, { ids: [r4] })).data).toEqual({ count: 0 });
    expect(await allRecords(who)).toHaveLength(11);
  });

  it('a learner who joins later sees the announcements published before', async () => {
    const late = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    expect((await call('POST', WAIT_COUNT, late)).data.count).toBe(13);
    await t.database.db.insert(schema.announcements).values({ eid: b.eid, title: '乙的新公告' });
    expect((await call('POST', WAIT_COUNT, bea, {}, b.domain)).data.count).toBe(2);
  });

  it('the popup list: unread popup announcements with sanitised content; read ones never pop again', async () => {
    const who = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    const pops = (await call('POST', POP, who)).data;
    expect(pops.map((p: Rec) => p.title)).toEqual(['公告13', '公告12']);
    expect(pops[0].content).toBe('<p>内容13</p>');
    expect((await call('PUT', BATCH_READ, who, { ids: [pops[0].id] })).data.count).toBe(1);
    expect((await call('POST', POP, who)).data.map((p: Rec) => p.title)).toEqual(['公告12']);
    // b's learner gets b's popup only.
    expect((await call('POST', POP, bea, {}, b.domain)).data.map((p: Rec) => p.title)).toEqual(['乙的公告']);
  });

  it('a record: sanitised content, opening marks it read', async () => {
    const id = await recordOf(ann, 'a2');
    const view = (await call('GET', VIEW, ann, { id })).data;
    expect(view.content).toBe('<p style="color: red">内容</p>');
    expect(view.read).toBe(true);
    expect(typeof view.readAt).toBe('string');
    expect((await allRecords(ann, a.domain, { readStatus: 1 })).map((r) => r.id)).toContain(id);
  });

  it('admire toggles: twice leaves the count where it was; two learners count two', async () => {
    const mine = await recordOf(ann, 'a7');
    const bobs = await recordOf(bob, 'a7');
    expect((await call('PUT', ADMIRE, ann, { id: mine })).data).toEqual({ admired: true, admireCount: 1 });
    expect((await call('PUT', ADMIRE, bob, { id: bobs })).data).toEqual({ admired: true, admireCount: 2 });
    expect((await call('PUT', ADMIRE, ann, { id: mine })).data).toEqual({ admired: false, admireCount: 1 });
    expect((await call('PUT', ADMIRE, ann, { id: mine })).data).toEqual({ admired: true, admireCount: 2 });
    expect((await call('GET', VIEW, ann, { id: mine })).data).toMatchObject({ admired: true, admireCount: 2 });
    // Many toggles at once by one learner: the count stays the number of learners who like it.
    await Promise.all(Array.from({ length: 6 }, () => call('PUT', ADMIRE, bob, { id: bobs })));
    const after = (await call('GET', VIEW, bob, { id: bobs })).data;
    expect(after.admireCount).toBe(after.admired ? 2 : 1);
    expect(after.admired).toBe(true);
  });

  it('ids of another learner or another enterprise are ignored or not found, never touched', async () => {
    const bobs = await recordOf(bob, 'a8');
    const beas = (await allRecords(bea, b.domain))[0]!.id;
    // Batch read and delete with others' ids change nothing.
    expect((await call('PUT', BATCH_READ, ann, { ids: [bobs, beas] })).data).toEqual({ count: 0 });
    expect((await call('DELETE', BATCH_DELETE, ann, { ids: [bobs, beas] })).data).toEqual({ count: 0 });
    expect((await allRecords(bob)).find((r) => r.id === bobs)!.read).toBe(false);
    expect((await allRecords(bea, b.domain)).map((r) => r.id)).toContain(beas);
    expect((await allRecords(bea, b.domain)).every((r) => !r.read)).toBe(true);
    // One-id calls: not found.
    expect((await call('GET', VIEW, ann, { id: bobs })).code).toBe(404);
    expect((await call('GET', VIEW, ann, { id: beas })).code).toBe(404);
    expect((await call('PUT', ADMIRE, ann, { id: bobs })).code).toBe(404);
    expect((await call('PUT', ADMIRE, ann, { id: beas })).code).toBe(404);
    expect((await call('POST', COMMENTS, ann, { id: beas })).code).toBe(404);
    expect((await call('POST', COMMENT, ann, { id: bobs, content: '不是我的' })).code).toBe(404);
    // Ids beyond int32, and empty id lists, are bad input.
    expect((await call('GET', VIEW, ann, { id: '99999999999' })).code).toBe(400);
    expect((await call('PUT', BATCH_READ, ann, { ids: [] })).code).toBe(400);
    expect((await call('DELETE', BATCH_DELETE, ann, { ids: [99999999999] })).code).toBe(400);
  });

  it('the public view: a published announcement of the site’s enterprise, for anyone', async () => {
    const view = (await call('GET', INFO, null, { id: ids.a2 })).data;
    expect(view).toMatchObject({ id: ids.a2, title: '公告2', content: '<p style="color: red">内容</p>' });
    expect((await call('GET', INFO, null, { id: ids.draft })).code).toBe(404);
    expect((await call('GET', INFO, null, { id: ids.later })).code).toBe(404);
    expect((await call('GET', INFO, null, { id: ids.b })).code).toBe(404);
    expect((await call('GET', INFO, null, { id: ids.b }, b.domain)).data.title).toBe('乙的公告');
    // Signed in to a, on b's domain: the session's enterprise.
    expect((await call('GET', INFO, ann, { id: ids.b }, b.domain)).code).toBe(404);
  });

  it('the public view follows visitor mode: 301 for visitors where the enterprise named has it off', async () => {
    const db = t.database.db;
    const closed = await createEnterprise(db, { name: '闭门企业', settings: { visitorOpenSet: false } });
    const [secret] = await db
      .insert(schema.announcements)
      .values({ eid: closed.eid, title: '内部公告', content: '<p>仅限学员</p>', publishedAt: day(4) })
      .returning();
    const insider = await createSignedInUser(db, t.platform.sessions, [closed.eid]);
    const q = { id: String(secret!.id) };
    // A visitor: on the closed site, and through ?eid= from a's (visitor mode on) domain.
    for (const answer of [
      await call('GET', INFO, null, q, closed.domain),
      await call('GET', INFO, null, { ...q, eid: String(closed.eid) }, a.domain),
      await call('GET', INFO, null, { ...q, eid: String(closed.eid) }, b.domain, 'en'),
    ]) {
      expect(answer.code).toBe(301);
      expect(answer.data).toBeNull();
      expect(JSON.stringify(answer)).not.toContain('内部公告');
    }
    // A bad token is a visitor's.
    const forged = await t.app.inject({
      method: 'GET',
      url: INFO,
      query: { ...q, eid: String(closed.eid) },
      headers: { ...clientHeaders(a.domain), token: 'not-a-token' },
    });
    expect(forged.json().code).toBe(301);
    // Its own learners read it; another enterprise's learner does not (their own enterprise's 404).
    expect((await call('GET', INFO, insider, q, closed.domain)).data.title).toBe('内部公告');
    expect((await call('GET', INFO, ann, { ...q, eid: String(closed.eid) }, closed.domain)).code).toBe(404);
    // ?eid= of an enterprise whose visitor mode is on: that enterprise's rule lets a visitor in.
    expect((await call('GET', INFO, null, { id: String(ids.b), eid: String(b.eid) }, a.domain)).data.title).toBe(
      '乙的公告',
    );
  });

  it('polling the counts draws no record ids when nothing new was published; calls at once materialise once', async () => {
    const db = t.database.db;
    const lastId = async () => {
      const rows = await db.execute<{ last_value: string | null }>(
        sql`SELECT last_value FROM pg_sequences WHERE sequencename = 'announcement_records_id_seq'`,
      );
      return Number(rows.rows[0]!.last_value);
    };
    const who = await createSignedInUser(db, t.platform.sessions, [a.eid]);
    expect((await call('POST', WAIT_COUNT, who)).data.count).toBe(13);
    const before = await lastId();
    for (let i = 0; i < 4; i++) {
      expect((await call('POST', WAIT_COUNT, who)).data.count).toBe(13);
      expect((await call('POST', READ_COUNT, who)).data.count).toBe(0);
      expect((await call('POST', PAGE, who)).data.totalCount).toBe(13);
      expect((await call('POST', POP, who)).data).toHaveLength(2);
    }
    expect(await lastId()).toBe(before);

    // The notices section's three calls at once, for a learner with nothing yet: never two
    // INSERTs of one learner at the same time, so one id per announcement.
    const fresh = await createSignedInUser(db, t.platform.sessions, [a.eid]);
    const repo = AnnouncementRepository.prototype;
    const original = repo.materialise;
    let running = 0;
    let most = 0;
    const spy = vi.spyOn(repo, 'materialise').mockImplementation(async function (this: AnnouncementRepository, l) {
      most = Math.max(most, ++running);
      // Long enough for the other calls to arrive while it runs.
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        return await original.call(this, l);
      } finally {
        running--;
      }
    });
    try {
      const start = await lastId();
      const [page, read, unread] = await Promise.all([
        call('POST', PAGE, fresh),
        call('POST', READ_COUNT, fresh),
        call('POST', WAIT_COUNT, fresh),
      ]);
      expect(page.data.totalCount).toBe(13);
      expect(read.data.count).toBe(0);
      expect(unread.data.count).toBe(13);
      expect(most).toBe(1);
      expect(spy).toHaveBeenCalledTimes(1);
      expect((await lastId()) - start).toBe(13);
    } finally {
      spy.mockRestore();
    }

    // Something new: exactly one id for it per learner who reads.
    const [fresh14] = await db
      .insert(schema.announcements)
      .values({ eid: b.eid, title: '乙的第三条', publishedAt: day(5) })
      .returning();
    const start = await lastId();
    expect((await call('POST', WAIT_COUNT, bea, {}, b.domain)).data.count).toBeGreaterThan(0);
    expect((await call('POST', WAIT_COUNT, bea, {}, b.domain)).data.count).toBeGreaterThan(0);
    expect((await lastId()) - start).toBe(1);
    expect((await allRecords(bea, b.domain)).map((r) => r.announcementId)).toContain(fresh14!.id);
  });
});

describe('the admire count is the number of records with a like', () => {
  const admiredRecords = async (announcementId: number) => {
    const rows = await t.database.db
      .select({ id: schema.announcementRecords.id })
      .from(schema.announcementRecords)
      .where(
        and(
          eq(schema.announcementRecords.eid, a.eid),
          eq(schema.announcementRecords.announcementId, announcementId),
          sql`${schema.announcementRecords.admiredAt} IS NOT NULL`,
        ),
      );
    return rows.length;
  };

  it('a learner who leaves the enterprise no longer counts', async () => {
    const db = t.database.db;
    const stay = await createSignedInUser(db, t.platform.sessions, [a.eid]);
    const leaver = await createSignedInUser(db, t.platform.sessions, [a.eid]);
    const mine = await recordOf(stay, 'a6');
    expect((await call('PUT', ADMIRE, stay, { id: mine })).data).toEqual({ admired: true, admireCount: 1 });
    expect((await call('PUT', ADMIRE, leaver, { id: await recordOf(leaver, 'a6') })).data).toEqual({
      admired: true,
      admireCount: 2,
    });
    // The leaver's membership ends: their records go with it, and so does their like.
    await db
      .delete(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.eid, a.eid), eq(schema.enterpriseUsers.accountId, leaver.accountId)));
    expect((await call('GET', VIEW, stay, { id: mine })).data).toMatchObject({ admired: true, admireCount: 1 });
    expect((await allRecords(stay)).find((r) => r.id === mine)).toMatchObject({ admireCount: 1 });
    expect((await call('GET', INFO, null, { id: ids.a6 })).data.admireCount).toBe(1);
    expect((await call('PUT', ADMIRE, stay, { id: mine })).data).toEqual({ admired: false, admireCount: 0 });
    expect(await admiredRecords(ids.a6!)).toBe(0);
  });

  it('toggles of many learners at once leave the count = the records with a like', async () => {
    const db = t.database.db;
    const people = await Promise.all(
      Array.from({ length: 5 }, () => createSignedInUser(db, t.platform.sessions, [a.eid])),
    );
    const records = await Promise.all(people.map((p) => recordOf(p, 'a4')));
    // Learner i toggles i + 1 times, all at once: learners 0, 2 and 4 end up liking it.
    await Promise.all(
      people.flatMap((p, i) => Array.from({ length: i + 1 }, () => call('PUT', ADMIRE, p, { id: records[i] }))),
    );
    const liked = await admiredRecords(ids.a4!);
    expect(liked).toBe(3);
    for (const [i, p] of people.entries()) {
      expect((await call('GET', VIEW, p, { id: records[i] })).data).toMatchObject({
        admired: i % 2 === 0,
        admireCount: liked,
      });
    }
  });
});

describe('comments and replies', () => {
  it('comments, replies under their comment, paging defaults, and replies to a reply name whom they answer', async () => {
    const mine = await recordOf(ann, 'a9');
    const bobs = await recordOf(bob, 'a9');
    const ids12: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const saved = await call('POST', COMMENT, i % 2 ? ann : bob, { id: i % 2 ? mine : bobs, content: `评论${i}` });
      expect(saved.code).toBe(200);
      ids12.push(saved.data.id);
    }
    const first = (await call('POST', COMMENTS, ann, { id: mine })).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 12, totalPage: 2 });
    expect(first.list[0]).toMatchObject({ content: '评论12', mine: false, replyCount: 0, replies: [] });
    expect(first.list[1]).toMatchObject({ content: '评论11', mine: true });
    expect((await call('POST', COMMENTS, ann, { id: mine, pageCurrent: 2 })).data.list).toHaveLength(2);
    expect((await call('POST', COMMENTS, ann, { id: mine, pageSize: 51 })).code).toBe(400);

    const top = ids12[11]!; // 评论12, by bob
    const replies: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const r = await call('POST', REPLY, ann, { commentId: top, content: `回复${i}` });
      expect(r.data).toMatchObject({ parentId: top, content: `回复${i}`, mine: true, replyToUserName: null });
      replies.push(r.data.id);
    }
    // Bob answers ann's reply: filed under the same comment, naming ann.
    const answer = (await call('POST', REPLY, bob, { commentId: replies[0], content: '回复你' })).data;
    expect(answer.parentId).toBe(top);
    expect(answer.replyToUserName).toMatch(/^学员/);
    const page = (await call('POST', COMMENTS, bob, { id: bobs })).data;
    expect(page.totalCount).toBe(12);
    expect(page.list[0]).toMatchObject({ id: top, replyCount: 5 });
    expect(page.list[0].replies.map((r: { content: string }) => r.content)).toEqual(['回复1', '回复2', '回复3']);
    const rest = (await call('POST', COMMENTS, bob, { id: bobs, parentId: top, pageSize: 3, pageCurrent: 2 })).data;
    expect(rest).toMatchObject({ totalCount: 5, totalPage: 2 });
    expect(rest.list.map((r: { content: string }) => r.content)).toEqual(['回复4', '回复你']);
    // A reply is not a comment to page under, nor does it belong to another announcement.
    expect((await call('POST', COMMENTS, bob, { id: bobs, parentId: replies[0] })).code).toBe(404);
    const other = await recordOf(bob, 'a10');
    expect((await call('POST', COMMENTS, bob, { id: other, parentId: top })).code).toBe(404);
    expect((await call('GET', VIEW, ann, { id: mine })).data.commentCount).toBe(17);

    // Deleting: one's own reply yes; another's comment or reply no (5401), in the user's language.
    const refused = await call('DELETE', COMMENT_DELETE, ann, { id: top });
    expect(refused).toMatchObject({ code: 5401, message: '只能删除自己的评论' });
    const refusedEn = await call('DELETE', REPLY_DELETE, ann, { id: answer.id }, a.domain, 'en');
    expect(refusedEn).toMatchObject({ code: 5401, message: 'You can only delete your own comments' });
    // The wrong call for the kind (a reply through comment delete) is not found.
    expect((await call('DELETE', COMMENT_DELETE, ann, { id: replies[1] })).code).toBe(404);
    expect((await call('DELETE', REPLY_DELETE, ann, { id: replies[1] })).code).toBe(200);
    expect((await call('POST', COMMENTS, ann, { id: mine, parentId: top })).data.totalCount).toBe(4);
    // Bob deletes his comment: its replies (ann's among them) go with it.
    expect((await call('DELETE', COMMENT_DELETE, bob, { id: top })).code).toBe(200);
    expect((await call('POST', COMMENTS, ann, { id: mine })).data.totalCount).toBe(11);
    expect((await call('GET', VIEW, ann, { id: mine })).data.commentCount).toBe(11);
    // Another enterprise's learner cannot see or delete them.
    expect((await call('DELETE', COMMENT_DELETE, bea, { id: ids12[0] }, b.domain)).code).toBe(404);
    expect((await call('POST', REPLY, bea, { commentId: ids12[0], content: '串门' }, b.domain)).code).toBe(404);
  });

  it('content limits in the user’s language; comments refused where closed', async () => {
    const mine = await recordOf(ann, 'a11');
    expect(await call('POST', COMMENT, ann, { id: mine, content: '   ' })).toMatchObject({
      code: 400,
      message: '请输入评论内容',
    });
    expect(await call('POST', COMMENT, ann, { id: mine, content: '字'.repeat(201) }, a.domain, 'en')).toMatchObject({
      code: 400,
      message: 'A comment can have at most 200 characters',
    });
    expect(await call('POST', COMMENT, ann, { id: mine, content: '字'.repeat(201) })).toMatchObject({
      message: '评论内容不能超过200个字',
    });
    // 200 characters (emoji count as one each), trimmed.
    const ok = await call('POST', COMMENT, ann, { id: mine, content: ` ${'😀'.repeat(200)} ` });
    expect(ok.code).toBe(200);
    expect(ok.data.content).toBe('😀'.repeat(200));
    expect((await call('POST', REPLY, ann, { commentId: ok.data.id, content: '' })).code).toBe(400);

    const closed = await recordOf(ann, 'a5');
    expect(await call('POST', COMMENT, ann, { id: closed, content: '评论' })).toMatchObject({
      code: 5402,
      message: '该公告未开放评论',
    });
    const [comment] = await t.database.db
      .insert(schema.announcementComments)
      .values({ eid: a.eid, announcementId: ids.a5!, accountId: bob.accountId, content: '早先的评论' })
      .returning();
    expect((await call('POST', REPLY, ann, { commentId: comment!.id, content: '回复' })).code).toBe(5402);
  });

  it('a reply to a comment deleted while the reply is saved is not found, not a server error', async () => {
    const mine = await recordOf(ann, 'a12');
    const target = (await call('POST', COMMENT, bob, { id: await recordOf(bob, 'a12'), content: '马上删' })).data;
    const repo = AnnouncementRepository.prototype;
    const original = repo.comment;
    // The comment is read, then deleted by its author before the reply is inserted.
    const spy = vi.spyOn(repo, 'comment').mockImplementationOnce(async function (
      this: AnnouncementRepository,
      eid: number,
      id: number,
    ) {
      const row = await original.call(this, eid, id);
      await t.database.db.delete(schema.announcementComments).where(eq(schema.announcementComments.id, id));
      return row;
    });
    try {
      const answer = await call('POST', REPLY, ann, { commentId: target.id, content: '来晚了' });
      expect(answer.code).toBe(404);
    } finally {
      spy.mockRestore();
    }
    expect((await call('POST', COMMENTS, ann, { id: mine })).data.list.map((c: { id: number }) => c.id)).not.toContain(
      target.id,
    );
  });
});

describe('comment and reply saves are limited per address', () => {
  let limited: TestApp;
  afterAll(async () => limited?.close());

  it('the third save of an address within a minute gets 429', async () => {
    limited = await createTestApp({ TENANT_CODES: '', SIGN_IN_PER_IP_PER_MINUTE: '2' });
    const db = limited.database.db;
    const site = await createEnterprise(db);
    const [row] = await db.insert(schema.announcements).values({ eid: site.eid, title: '公告' }).returning();
    const who = await createSignedInUser(db, limited.platform.sessions, [site.eid]);
    const post = (url: string, payload: object) =>
      limited.app.inject({
        method: 'POST',
        url,
        headers: { ...clientHeaders(site.domain), token: who.token },
        payload,
      });
    const list = (await post(PAGE, {})).json().data.list as Rec[];
    const record = list.find((r) => r.announcementId === row!.id)!.id;
    const first = (await post(COMMENT, { id: record, content: '一' })).json();
    expect(first.code).toBe(200);
    expect((await post(COMMENT, { id: record, content: '二' })).json().code).toBe(200);
    const third = await post(COMMENT, { id: record, content: '三' });
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe(429);
    // Replies have their own allowance of the same size.
    expect((await post(REPLY, { commentId: first.data.id, content: '回一' })).json().code).toBe(200);
    expect((await post(REPLY, { commentId: first.data.id, content: '回二' })).json().code).toBe(200);
    expect((await post(REPLY, { commentId: first.data.id, content: '回三' })).statusCode).toBe(429);
    // Reading is not limited by it.
    expect((await post(COMMENTS, { id: record })).json().data.totalCount).toBe(2);
  });
});
