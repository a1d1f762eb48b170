import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  admireAnnouncement,
  countReadAnnouncements,
  countUnreadAnnouncements,
  deleteAnnouncementComment,
  deleteAnnouncementRecords,
  deleteAnnouncementReply,
  findAnnouncementComments,
  findAnnouncementRecords,
  findPopupAnnouncements,
  readAnnouncementRecords,
  saveAnnouncementComment,
  saveAnnouncementReply,
  viewAnnouncement,
  viewAnnouncementRecord,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import { createTestApp, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { AnnouncementRepository } from './announcement.repository.ts';

type Person = Learner;
/** Learners without a real name: comments show their user name (学员…). */
const NO_REAL_NAME = { member: { realName: '' } };

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
  ann = await t.learner(a, NO_REAL_NAME);
  bob = await t.learner(a, NO_REAL_NAME);
  bea = await t.learner(b, NO_REAL_NAME);
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

type Rec = { id: number; announcementId: number; title: string; read: boolean; kind: number };
const allRecords = async (who: Person, domain = a.domain, extra: object = {}): Promise<Rec[]> =>
  (await t.call(findAnnouncementRecords, { pageSize: 50, ...extra }, { as: { ...who, domain: domain } })).data.list;
const recordOf = async (who: Person, key: string) =>
  (await allRecords(who)).find((r) => r.announcementId === ids[key])!.id;

describe('announcement records', () => {
  it('pages the learner’s visible announcements newest first: 10 by default, at most 50', async () => {
    const first = (await t.call(findAnnouncementRecords, {}, { as: ann })).data;
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
    const second = (await t.call(findAnnouncementRecords, { pageCurrent: 2 }, { as: ann })).data;
    expect(second.list.map((r: Rec) => r.title)).toEqual(['公告3', '公告2', '公告1']);
    expect((await t.call(findAnnouncementRecords, { pageSize: 51 }, { as: ann })).code).toBe(400);
    expect((await t.call(findAnnouncementRecords, { pageSize: 50 }, { as: ann })).data.list).toHaveLength(13);
    expect((await t.call(findAnnouncementRecords, { kind: 2, pageSize: 50 }, { as: ann })).data.totalCount).toBe(4);
  });

  it('needs a session', async () => {
    expect((await t.call(findAnnouncementRecords, {}, { as: visitorOf(a) })).code).toBe(301);
    expect((await t.call(countUnreadAnnouncements, {}, { as: visitorOf(a) })).code).toBe(301);
  });

  it('counts unread and read by kind; reading and deleting move the counts', async () => {
    const who = await t.learner(a, NO_REAL_NAME);
    expect((await t.call(countUnreadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 13,
      entCount: 9,
      sysCount: 4,
    });
    expect((await t.call(countReadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 0,
      entCount: 0,
      sysCount: 0,
    });
    const view = (
      await t.call(viewAnnouncementRecord, { id: await recordOf(who, 'a3') }, { as: { ...who, domain: a.domain } })
    ).data;
    expect(view).toMatchObject({ title: '公告3', kind: 2, read: true, content: '<p>内容3</p>', commentCount: 0 });
    expect((await t.call(countUnreadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 12,
      entCount: 9,
      sysCount: 3,
    });
    expect((await t.call(countReadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 1,
      entCount: 0,
      sysCount: 1,
    });
    const r1 = await recordOf(who, 'a1');
    const r2 = await recordOf(who, 'a2');
    expect(
      (await t.call(readAnnouncementRecords, { ids: [r1, r2] }, { as: { ...who, domain: a.domain } })).data,
    ).toEqual({ count: 2 });
    // Again: nothing left to change.
    expect(
      (await t.call(readAnnouncementRecords, { ids: [r1, r2] }, { as: { ...who, domain: a.domain } })).data,
    ).toEqual({ count: 0 });
    expect((await t.call(countUnreadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 10,
      entCount: 7,
      sysCount: 3,
    });
    expect((await t.call(countReadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 3,
      entCount: 2,
      sysCount: 1,
    });
    // Deleting one read and one unread record takes them out of both counts and the list.
    const r4 = await recordOf(who, 'a4');
    expect(
      (await t.call(deleteAnnouncementRecords, { ids: [r1, r4] }, { as: { ...who, domain: a.domain } })).data,
    ).toEqual({ count: 2 });
    expect((await t.call(countUnreadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 9,
      entCount: 6,
      sysCount: 3,
    });
    expect((await t.call(countReadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 2,
      entCount: 1,
      sysCount: 1,
    });
    const left = await allRecords(who);
    expect(left).toHaveLength(11);
    expect(left.map((r) => r.id)).not.toContain(r1);
    // Filters by read state.
    expect((await allRecords(who, a.domain, { readStatus: 1 })).map((r) => r.title)).toEqual(['公告3', '公告2']);
    expect(await allRecords(who, a.domain, { readStatus: 0 })).toHaveLength(9);
    // A deleted record is gone for good: not viewable, not read again, not listed again.
    expect((await t.call(viewAnnouncementRecord, { id: r1 }, { as: { ...who, domain: a.domain } })).code).toBe(404);
    expect((await t.call(readAnnouncementRecords, { ids: [r4] }, { as: { ...who, domain: a.domain } })).data).toEqual({
      count: 0,
    });
    expect(await allRecords(who)).toHaveLength(11);
  });

  it('a learner who joins later sees the announcements published before', async () => {
    const late = await t.learner(a, NO_REAL_NAME);
    expect((await t.call(countUnreadAnnouncements, {}, { as: { ...late, domain: a.domain } })).data.count).toBe(13);
    await t.database.db.insert(schema.announcements).values({ eid: b.eid, title: '乙的新公告' });
    expect((await t.call(countUnreadAnnouncements, {}, { as: bea })).data.count).toBe(2);
  });

  it('the popup list: unread popup announcements with sanitised content; read ones never pop again', async () => {
    const who = await t.learner(a, NO_REAL_NAME);
    const pops = (await t.call(findPopupAnnouncements, {}, { as: { ...who, domain: a.domain } })).data;
    expect(pops.map((p: Rec) => p.title)).toEqual(['公告13', '公告12']);
    expect(pops[0]!.content).toBe('<p>内容13</p>');
    expect(
      (await t.call(readAnnouncementRecords, { ids: [pops[0]!.id] }, { as: { ...who, domain: a.domain } })).data.count,
    ).toBe(1);
    expect(
      (await t.call(findPopupAnnouncements, {}, { as: { ...who, domain: a.domain } })).data.map((p: Rec) => p.title),
    ).toEqual(['公告12']);
    // b's learner gets b's popup only.
    expect((await t.call(findPopupAnnouncements, {}, { as: bea })).data.map((p: Rec) => p.title)).toEqual(['乙的公告']);
  });

  it('a record: sanitised content, opening marks it read', async () => {
    const id = await recordOf(ann, 'a2');
    const view = (await t.call(viewAnnouncementRecord, { id }, { as: ann })).data;
    expect(view.content).toBe('<p style="color: red">内容</p>');
    expect(view.read).toBe(true);
    expect(typeof view.readAt).toBe('string');
    expect((await allRecords(ann, a.domain, { readStatus: 1 })).map((r) => r.id)).toContain(id);
  });

  it('admire toggles: twice leaves the count where it was; two learners count two', async () => {
    const mine = await recordOf(ann, 'a7');
    const bobs = await recordOf(bob, 'a7');
    expect((await t.call(admireAnnouncement, { id: mine }, { as: ann })).data).toEqual({
      admired: true,
      admireCount: 1,
    });
    expect((await t.call(admireAnnouncement, { id: bobs }, { as: bob })).data).toEqual({
      admired: true,
      admireCount: 2,
    });
    expect((await t.call(admireAnnouncement, { id: mine }, { as: ann })).data).toEqual({
      admired: false,
      admireCount: 1,
    });
    expect((await t.call(admireAnnouncement, { id: mine }, { as: ann })).data).toEqual({
      admired: true,
      admireCount: 2,
    });
    expect((await t.call(viewAnnouncementRecord, { id: mine }, { as: ann })).data).toMatchObject({
      admired: true,
      admireCount: 2,
    });
    // Many toggles at once by one learner: the count stays the number of learners who like it.
    await Promise.all(Array.from({ length: 6 }, () => t.call(admireAnnouncement, { id: bobs }, { as: bob })));
    const after = (await t.call(viewAnnouncementRecord, { id: bobs }, { as: bob })).data;
    expect(after.admireCount).toBe(after.admired ? 2 : 1);
    expect(after.admired).toBe(true);
  });

  it('ids of another learner or another enterprise are ignored or not found, never touched', async () => {
    const bobs = await recordOf(bob, 'a8');
    const beas = (await allRecords(bea, b.domain))[0]!.id;
    // Batch read and delete with others' ids change nothing.
    expect((await t.call(readAnnouncementRecords, { ids: [bobs, beas] }, { as: ann })).data).toEqual({ count: 0 });
    expect((await t.call(deleteAnnouncementRecords, { ids: [bobs, beas] }, { as: ann })).data).toEqual({ count: 0 });
    expect((await allRecords(bob)).find((r) => r.id === bobs)!.read).toBe(false);
    expect((await allRecords(bea, b.domain)).map((r) => r.id)).toContain(beas);
    expect((await allRecords(bea, b.domain)).every((r) => !r.read)).toBe(true);
    // One-id calls: not found.
    expect((await t.call(viewAnnouncementRecord, { id: bobs }, { as: ann })).code).toBe(404);
    expect((await t.call(viewAnnouncementRecord, { id: beas }, { as: ann })).code).toBe(404);
    expect((await t.call(admireAnnouncement, { id: bobs }, { as: ann })).code).toBe(404);
    expect((await t.call(admireAnnouncement, { id: beas }, { as: ann })).code).toBe(404);
    expect((await t.call(findAnnouncementComments, { id: beas }, { as: ann })).code).toBe(404);
    expect((await t.call(saveAnnouncementComment, { id: bobs, content: '不是我的' }, { as: ann })).code).toBe(404);
    // Ids beyond int32, and empty id lists, are bad input.
    expect((await t.call(viewAnnouncementRecord, { id: '99999999999' }, { as: ann })).code).toBe(400);
    expect((await t.call(readAnnouncementRecords, { ids: [] }, { as: ann })).code).toBe(400);
    expect((await t.call(deleteAnnouncementRecords, { ids: [99999999999] }, { as: ann })).code).toBe(400);
  });

  it('the public view: a published announcement of the site’s enterprise, for anyone', async () => {
    const view = (await t.call(viewAnnouncement, { id: ids.a2 }, { as: visitorOf(a) })).data;
    expect(view).toMatchObject({ id: ids.a2, title: '公告2', content: '<p style="color: red">内容</p>' });
    expect((await t.call(viewAnnouncement, { id: ids.draft }, { as: visitorOf(a) })).code).toBe(404);
    expect((await t.call(viewAnnouncement, { id: ids.later }, { as: visitorOf(a) })).code).toBe(404);
    expect((await t.call(viewAnnouncement, { id: ids.b }, { as: visitorOf(a) })).code).toBe(404);
    expect((await t.call(viewAnnouncement, { id: ids.b }, { as: visitorOf(b) })).data.title).toBe('乙的公告');
    // Signed in to a, on b's domain: the session's enterprise.
    expect((await t.call(viewAnnouncement, { id: ids.b }, { as: { ...ann, domain: b.domain } })).code).toBe(404);
  });

  it('the public view follows visitor mode: 301 for visitors where the enterprise named has it off', async () => {
    const db = t.database.db;
    const closed = await createEnterprise(db, { name: '闭门企业', settings: { visitorOpenSet: false } });
    const [secret] = await db
      .insert(schema.announcements)
      .values({ eid: closed.eid, title: '内部公告', content: '<p>仅限学员</p>', publishedAt: day(4) })
      .returning();
    const insider = await t.learner(closed, NO_REAL_NAME);
    const q = { id: String(secret!.id) };
    // A visitor: on the closed site, and through ?eid= from a's (visitor mode on) domain.
    for (const answer of [
      await t.call(viewAnnouncement, q, { as: visitorOf(closed) }),
      await t.call(viewAnnouncement, { ...q, eid: String(closed.eid) }, { as: visitorOf(a) }),
      await t.call(viewAnnouncement, { ...q, eid: String(closed.eid) }, { as: visitorOf(b), lang: 'en' }),
    ]) {
      expect(answer.code).toBe(301);
      expect(answer.data).toBeNull();
      expect(JSON.stringify(answer)).not.toContain('内部公告');
    }
    // A bad token is a visitor's.
    const forged = await t.call(
      viewAnnouncement,
      { ...q, eid: String(closed.eid) },
      { as: { domain: a.domain, token: 'not-a-token' } },
    );
    expect(forged.code).toBe(301);
    // Its own learners read it; another enterprise's learner does not (their own enterprise's 404).
    expect((await t.call(viewAnnouncement, q, { as: { ...insider, domain: closed.domain } })).data.title).toBe(
      '内部公告',
    );
    expect(
      (await t.call(viewAnnouncement, { ...q, eid: String(closed.eid) }, { as: { ...ann, domain: closed.domain } }))
        .code,
    ).toBe(404);
    // ?eid= of an enterprise whose visitor mode is on: that enterprise's rule lets a visitor in.
    expect(
      (await t.call(viewAnnouncement, { id: String(ids.b), eid: String(b.eid) }, { as: visitorOf(a) })).data.title,
    ).toBe('乙的公告');
  });

  it('polling the counts draws no record ids when nothing new was published; calls at once materialise once', async () => {
    const db = t.database.db;
    const lastId = async () => {
      const rows = await db.execute<{ last_value: string | null }>(
        sql`SELECT last_value FROM pg_sequences WHERE sequencename = 'announcement_records_id_seq'`,
      );
      return Number(rows.rows[0]!.last_value);
    };
    const who = await t.learner(a, NO_REAL_NAME);
    expect((await t.call(countUnreadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data.count).toBe(13);
    const before = await lastId();
    for (let i = 0; i < 4; i++) {
      expect((await t.call(countUnreadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data.count).toBe(13);
      expect((await t.call(countReadAnnouncements, {}, { as: { ...who, domain: a.domain } })).data.count).toBe(0);
      expect((await t.call(findAnnouncementRecords, {}, { as: { ...who, domain: a.domain } })).data.totalCount).toBe(
        13,
      );
      expect((await t.call(findPopupAnnouncements, {}, { as: { ...who, domain: a.domain } })).data).toHaveLength(2);
    }
    expect(await lastId()).toBe(before);

    // The notices section's three calls at once, for a learner with nothing yet: never two
    // INSERTs of one learner at the same time, so one id per announcement.
    const fresh = await t.learner(a, NO_REAL_NAME);
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
        t.call(findAnnouncementRecords, {}, { as: { ...fresh, domain: a.domain } }),
        t.call(countReadAnnouncements, {}, { as: { ...fresh, domain: a.domain } }),
        t.call(countUnreadAnnouncements, {}, { as: { ...fresh, domain: a.domain } }),
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
    expect((await t.call(countUnreadAnnouncements, {}, { as: bea })).data.count).toBeGreaterThan(0);
    expect((await t.call(countUnreadAnnouncements, {}, { as: bea })).data.count).toBeGreaterThan(0);
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
    const stay = await t.learner(a, NO_REAL_NAME);
    const leaver = await t.learner(a, NO_REAL_NAME);
    const mine = await recordOf(stay, 'a6');
    expect((await t.call(admireAnnouncement, { id: mine }, { as: { ...stay, domain: a.domain } })).data).toEqual({
      admired: true,
      admireCount: 1,
    });
    expect(
      (await t.call(admireAnnouncement, { id: await recordOf(leaver, 'a6') }, { as: { ...leaver, domain: a.domain } }))
        .data,
    ).toEqual({
      admired: true,
      admireCount: 2,
    });
    // The leaver's membership ends: their records go with it, and so does their like.
    await db
      .delete(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.eid, a.eid), eq(schema.enterpriseUsers.accountId, leaver.accountId)));
    expect(
      (await t.call(viewAnnouncementRecord, { id: mine }, { as: { ...stay, domain: a.domain } })).data,
    ).toMatchObject({ admired: true, admireCount: 1 });
    expect((await allRecords(stay)).find((r) => r.id === mine)).toMatchObject({ admireCount: 1 });
    expect((await t.call(viewAnnouncement, { id: ids.a6 }, { as: visitorOf(a) })).data.admireCount).toBe(1);
    expect((await t.call(admireAnnouncement, { id: mine }, { as: { ...stay, domain: a.domain } })).data).toEqual({
      admired: false,
      admireCount: 0,
    });
    expect(await admiredRecords(ids.a6!)).toBe(0);
  });

  it('toggles of many learners at once leave the count = the records with a like', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => t.learner(a, NO_REAL_NAME)));
    const records = await Promise.all(people.map((p) => recordOf(p, 'a4')));
    // Learner i toggles i + 1 times, all at once: learners 0, 2 and 4 end up liking it.
    await Promise.all(
      people.flatMap((p, i) =>
        Array.from({ length: i + 1 }, () =>
          t.call(admireAnnouncement, { id: records[i] }, { as: { ...p, domain: a.domain } }),
        ),
      ),
    );
    const liked = await admiredRecords(ids.a4!);
    expect(liked).toBe(3);
    for (const [i, p] of people.entries()) {
      expect(
        (await t.call(viewAnnouncementRecord, { id: records[i] }, { as: { ...p, domain: a.domain } })).data,
      ).toMatchObject({
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
      const saved = await t.call(
        saveAnnouncementComment,
        { id: i % 2 ? mine : bobs, content: `评论${i}` },
        { as: { ...(i % 2 ? ann : bob), domain: a.domain } },
      );
      expect(saved.code).toBe(200);
      ids12.push(saved.data.id);
    }
    const first = (await t.call(findAnnouncementComments, { id: mine }, { as: ann })).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 12, totalPage: 2 });
    expect(first.list[0]).toMatchObject({ content: '评论12', mine: false, replyCount: 0, replies: [] });
    expect(first.list[1]).toMatchObject({ content: '评论11', mine: true });
    expect((await t.call(findAnnouncementComments, { id: mine, pageCurrent: 2 }, { as: ann })).data.list).toHaveLength(
      2,
    );
    expect((await t.call(findAnnouncementComments, { id: mine, pageSize: 51 }, { as: ann })).code).toBe(400);

    const top = ids12[11]!; // 评论12, by bob
    const replies: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const r = await t.call(saveAnnouncementReply, { commentId: top, content: `回复${i}` }, { as: ann });
      expect(r.data).toMatchObject({ parentId: top, content: `回复${i}`, mine: true, replyToUserName: null });
      replies.push(r.data.id);
    }
    // Bob answers ann's reply: filed under the same comment, naming ann.
    const answer = (await t.call(saveAnnouncementReply, { commentId: replies[0], content: '回复你' }, { as: bob }))
      .data;
    expect(answer.parentId).toBe(top);
    expect(answer.replyToUserName).toMatch(/^学员/);
    const page = (await t.call(findAnnouncementComments, { id: bobs }, { as: bob })).data;
    expect(page.totalCount).toBe(12);
    expect(page.list[0]).toMatchObject({ id: top, replyCount: 5 });
    expect(page.list[0]!.replies.map((r) => r.content)).toEqual(['回复1', '回复2', '回复3']);
    const rest = (
      await t.call(findAnnouncementComments, { id: bobs, parentId: top, pageSize: 3, pageCurrent: 2 }, { as: bob })
    ).data;
    expect(rest).toMatchObject({ totalCount: 5, totalPage: 2 });
    expect(rest.list.map((r) => r.content)).toEqual(['回复4', '回复你']);
    // A reply is not a comment to page under, nor does it belong to another announcement.
    expect((await t.call(findAnnouncementComments, { id: bobs, parentId: replies[0] }, { as: bob })).code).toBe(404);
    const other = await recordOf(bob, 'a10');
    expect((await t.call(findAnnouncementComments, { id: other, parentId: top }, { as: bob })).code).toBe(404);
    expect((await t.call(viewAnnouncementRecord, { id: mine }, { as: ann })).data.commentCount).toBe(17);

    // Deleting: one's own reply yes; another's comment or reply no (5401), in the user's language.
    const refused = await t.call(deleteAnnouncementComment, { id: top }, { as: ann });
    expect(refused).toMatchObject({ code: 5401, message: '只能删除自己的评论' });
    const refusedEn = await t.call(deleteAnnouncementReply, { id: answer.id }, { as: ann, lang: 'en' });
    expect(refusedEn).toMatchObject({ code: 5401, message: 'You can only delete your own comments' });
    // The wrong call for the kind (a reply through comment delete) is not found.
    expect((await t.call(deleteAnnouncementComment, { id: replies[1] }, { as: ann })).code).toBe(404);
    expect((await t.call(deleteAnnouncementReply, { id: replies[1] }, { as: ann })).code).toBe(200);
    expect((await t.call(findAnnouncementComments, { id: mine, parentId: top }, { as: ann })).data.totalCount).toBe(4);
    // Bob deletes his comment: its replies (ann's among them) go with it.
    expect((await t.call(deleteAnnouncementComment, { id: top }, { as: bob })).code).toBe(200);
    expect((await t.call(findAnnouncementComments, { id: mine }, { as: ann })).data.totalCount).toBe(11);
    expect((await t.call(viewAnnouncementRecord, { id: mine }, { as: ann })).data.commentCount).toBe(11);
    // Another enterprise's learner cannot see or delete them.
    expect((await t.call(deleteAnnouncementComment, { id: ids12[0] }, { as: bea })).code).toBe(404);
    expect((await t.call(saveAnnouncementReply, { commentId: ids12[0], content: '串门' }, { as: bea })).code).toBe(404);
  });

  it('content limits in the user’s language; comments refused where closed', async () => {
    const mine = await recordOf(ann, 'a11');
    expect(await t.call(saveAnnouncementComment, { id: mine, content: '   ' }, { as: ann })).toMatchObject({
      code: 400,
      message: '请输入评论内容',
    });
    expect(
      await t.call(saveAnnouncementComment, { id: mine, content: '字'.repeat(201) }, { as: ann, lang: 'en' }),
    ).toMatchObject({
      code: 400,
      message: 'A comment can have at most 200 characters',
    });
    expect(await t.call(saveAnnouncementComment, { id: mine, content: '字'.repeat(201) }, { as: ann })).toMatchObject({
      message: '评论内容不能超过200个字',
    });
    // 200 characters (emoji count as one each), trimmed.
    const ok = await t.call(saveAnnouncementComment, { id: mine, content: ` ${'😀'.repeat(200)} ` }, { as: ann });
    expect(ok.code).toBe(200);
    expect(ok.data.content).toBe('😀'.repeat(200));
    expect((await t.call(saveAnnouncementReply, { commentId: ok.data.id, content: '' }, { as: ann })).code).toBe(400);

    const closed = await recordOf(ann, 'a5');
    expect(await t.call(saveAnnouncementComment, { id: closed, content: '评论' }, { as: ann })).toMatchObject({
      code: 5402,
      message: '该公告未开放评论',
    });
    const [comment] = await t.database.db
      .insert(schema.announcementComments)
      .values({ eid: a.eid, announcementId: ids.a5!, accountId: bob.accountId, content: '早先的评论' })
      .returning();
    expect((await t.call(saveAnnouncementReply, { commentId: comment!.id, content: '回复' }, { as: ann })).code).toBe(
      5402,
    );
  });

  it('a reply to a comment deleted while the reply is saved is not found, not a server error', async () => {
    const mine = await recordOf(ann, 'a12');
    const target = (
      await t.call(saveAnnouncementComment, { id: await recordOf(bob, 'a12'), content: '马上删' }, { as: bob })
    ).data;
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
      const answer = await t.call(saveAnnouncementReply, { commentId: target.id, content: '来晚了' }, { as: ann });
      expect(answer.code).toBe(404);
    } finally {
      spy.mockRestore();
    }
    expect(
      (await t.call(findAnnouncementComments, { id: mine }, { as: ann })).data.list.map((c) => c.id),
    ).not.toContain(target.id);
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
    const who = { as: await limited.learner(site, NO_REAL_NAME) };
    const list = (await limited.call(findAnnouncementRecords, {}, who)).data.list;
    const record = list.find((r) => r.announcementId === row!.id)!.id;
    const first = await limited.call(saveAnnouncementComment, { id: record, content: '一' }, who);
    expect(first.code).toBe(200);
    expect((await limited.call(saveAnnouncementComment, { id: record, content: '二' }, who)).code).toBe(200);
    const third = await limited.call(saveAnnouncementComment, { id: record, content: '三' }, { ...who, raw: true });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe(429);
    // Replies have their own allowance of the same size.
    const reply = (content: string) =>
      limited.call(saveAnnouncementReply, { commentId: first.data.id, content }, { ...who, raw: true });
    expect((await reply('回一')).body.code).toBe(200);
    expect((await reply('回二')).body.code).toBe(200);
    expect((await reply('回三')).status).toBe(429);
    // Reading is not limited by it.
    expect((await limited.call(findAnnouncementComments, { id: record }, who)).data.totalCount).toBe(2);
  });
});
