import { aliasedTable, and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';

const a = schema.announcements;
const r = schema.announcementRecords;
const c = schema.announcementComments;
const u = schema.enterpriseUsers;
const replyTo = aliasedTable(schema.enterpriseUsers, 'reply_to');

/**
 * Whether announcement `a` reaches the person (decision 043): a notice for named people (a study
 * task's reminder, `announcement_recipients`) reaches them only; otherwise it names no department
 * (everyone in the enterprise), or one of the person's departments or a department above one of
 * them. `accountId` null (a visitor) is reached only by announcements for everyone.
 */
export function reaches(eid: number, accountId: number | null, table: 'a' | 'announcements' = 'a'): SQL {
  const t = sql.raw(table);
  const named = sql`EXISTS (SELECT 1 FROM announcement_recipients ar WHERE ar.eid = ${t}.eid AND ar.announcement_id = ${t}.id)`;
  const forEveryone = sql`(NOT ${named} AND NOT EXISTS (SELECT 1 FROM announcement_departments ad
    WHERE ad.eid = ${t}.eid AND ad.announcement_id = ${t}.id))`;
  if (accountId === null) return forEveryone;
  return sql`(${forEveryone} OR EXISTS (SELECT 1 FROM announcement_recipients ar
      WHERE ar.eid = ${t}.eid AND ar.announcement_id = ${t}.id AND ar.account_id = ${accountId})
    OR (NOT ${named} AND EXISTS (
    WITH RECURSIVE up(id) AS (
      SELECT dm.department_id FROM department_members dm WHERE dm.eid = ${eid} AND dm.account_id = ${accountId}
      UNION
      SELECT d.parent_id FROM departments d JOIN up ON d.id = up.id WHERE d.eid = ${eid} AND d.parent_id IS NOT NULL)
    SELECT 1 FROM announcement_departments ad JOIN up ON up.id = ad.department_id
    WHERE ad.eid = ${t}.eid AND ad.announcement_id = ${t}.id)))`;
}

/** The announcements a learner may see: published ones of the enterprise, not scheduled later. */
const visible = and(eq(a.published, true), lte(a.publishedAt, sql`now()`))!;

/**
 * How many learners like the announcement: its records with a like (a partial index), so a like
 * leaves the count with its record (a learner who leaves the enterprise) and toggles never drift.
 * Names the table itself: drizzle leaves columns unqualified in one-table selects, where `eid`
 * would be the subquery's own.
 */
const admireCount = sql<number>`(SELECT count(*) FROM announcement_records x
  WHERE x.eid = announcements.eid AND x.announcement_id = announcements.id AND x.admired_at IS NOT NULL)`.mapWith(
  Number,
);

const recordFields = {
  id: r.id,
  announcementId: r.announcementId,
  readAt: r.readAt,
  admiredAt: r.admiredAt,
  kind: a.kind,
  title: a.title,
  publishedAt: a.publishedAt,
  admireCount,
  commentOpen: a.commentOpen,
  popup: a.popup,
};
export type RecordRow = {
  id: number;
  announcementId: number;
  readAt: Date | null;
  admiredAt: Date | null;
  kind: number;
  title: string;
  publishedAt: Date;
  admireCount: number;
  commentOpen: boolean;
  popup: boolean;
};

const commentFields = {
  id: c.id,
  parentId: c.parentId,
  accountId: c.accountId,
  content: c.content,
  createdAt: c.createdAt,
  realName: u.realName,
  userName: u.userName,
  headPortrait: u.headPortrait,
  replyToRealName: replyTo.realName,
  replyToUserName: replyTo.userName,
};
export type CommentRow = {
  id: number;
  parentId: number | null;
  accountId: number;
  content: string;
  createdAt: Date;
  realName: string;
  userName: string;
  headPortrait: string;
  replyToRealName: string | null;
  replyToUserName: string | null;
};

type CommentPage = { rows: CommentRow[]; total: number };

/** Comments an administrator hid are left out of every learner's list and count (decision 043). */
const shown = eq(c.hidden, false);

/** SQL of announcements, learners' records of them and comments; always by enterprise (and learner). */
export class AnnouncementRepository {
  constructor(private readonly db: Db) {}

  /**
   * Gives the learner a record of every visible announcement of the enterprise they have none of
   * yet (one statement; learners who join later get theirs on their first read). The anti-join
   * keeps the identity sequence (int4, shared by every tenant) still when nothing is missing: an
   * INSERT draws an id for each row it tries before ON CONFLICT looks, and the bell polls this.
   * ON CONFLICT stays for a concurrent request of the same learner. Announcements published to
   * departments reach only their members (and members of departments under them).
   */
  async materialise(l: Learner): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO announcement_records (eid, announcement_id, account_id)
      SELECT a.eid, a.id, ${l.accountId} FROM announcements a
      WHERE a.eid = ${l.eid} AND a.published AND a.published_at <= now()
        AND ${reaches(l.eid, l.accountId)}
        AND NOT EXISTS (
          SELECT 1 FROM announcement_records r
          WHERE r.eid = a.eid AND r.account_id = ${l.accountId} AND r.announcement_id = a.id)
      ON CONFLICT (eid, account_id, announcement_id) DO NOTHING`);
  }

  private mine(l: Learner): SQL {
    return and(eq(r.eid, l.eid), eq(r.accountId, l.accountId), isNull(r.deletedAt), visible)!;
  }

  private joined() {
    return this.db
      .select(recordFields)
      .from(r)
      .innerJoin(a, and(eq(a.eid, r.eid), eq(a.id, r.announcementId)));
  }

  async findAnnouncementRecords(l: Learner, filter: { read?: boolean; kind?: number }, offset: number, limit: number) {
    const where: SQL[] = [this.mine(l)];
    if (filter.read !== undefined) where.push(filter.read ? isNotNull(r.readAt) : isNull(r.readAt));
    if (filter.kind !== undefined) where.push(eq(a.kind, filter.kind));
    const [rows, [total]] = await Promise.all([
      this.joined()
        .where(and(...where))
        .orderBy(desc(a.publishedAt), desc(a.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: count() })
        .from(r)
        .innerJoin(a, and(eq(a.eid, r.eid), eq(a.id, r.announcementId)))
        .where(and(...where)),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /** Counts of the learner's read (or unread) records by kind (deleted ones left out). */
  async counts(l: Learner, read: boolean) {
    const [row] = await this.db
      .select({
        count: count(),
        entCount: sql<number>`count(*) FILTER (WHERE ${a.kind} = 1)`.mapWith(Number),
        sysCount: sql<number>`count(*) FILTER (WHERE ${a.kind} = 2)`.mapWith(Number),
      })
      .from(r)
      .innerJoin(a, and(eq(a.eid, r.eid), eq(a.id, r.announcementId)))
      .where(and(this.mine(l), read ? isNotNull(r.readAt) : isNull(r.readAt)));
    return { count: row?.count ?? 0, entCount: row?.entCount ?? 0, sysCount: row?.sysCount ?? 0 };
  }

  /** Unread popup records with their content, newest first. */
  findPopupAnnouncements(l: Learner) {
    return this.db
      .select({ ...recordFields, content: a.content })
      .from(r)
      .innerJoin(a, and(eq(a.eid, r.eid), eq(a.id, r.announcementId)))
      .where(and(this.mine(l), isNull(r.readAt), eq(a.popup, true)))
      .orderBy(desc(a.publishedAt), desc(a.id))
      .limit(20);
  }

  async one(l: Learner, id: number): Promise<(RecordRow & { content: string }) | null> {
    const [row] = await this.db
      .select({ ...recordFields, content: a.content })
      .from(r)
      .innerJoin(a, and(eq(a.eid, r.eid), eq(a.id, r.announcementId)))
      .where(and(this.mine(l), eq(r.id, id)));
    return row ?? null;
  }

  /** Marks the learner's records among `ids` read; others' ids match nothing. Answers how many. */
  async readAnnouncementRecords(l: Learner, ids: number[]): Promise<number> {
    const rows = await this.db
      .update(r)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(r.eid, l.eid), eq(r.accountId, l.accountId), inArray(r.id, ids), isNull(r.readAt), isNull(r.deletedAt)),
      )
      .returning({ id: r.id });
    return rows.length;
  }

  async deleteAnnouncementRecords(l: Learner, ids: number[]): Promise<number> {
    const rows = await this.db
      .update(r)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(r.eid, l.eid), eq(r.accountId, l.accountId), inArray(r.id, ids), isNull(r.deletedAt)))
      .returning({ id: r.id });
    return rows.length;
  }

  /**
   * Toggles the learner's like (the record's row lock orders two toggles of one learner) and
   * answers the count of likes after it, counted from the records.
   */
  async admireAnnouncement(l: Learner, id: number): Promise<{ admired: boolean; admireCount: number } | null> {
    const [rec] = await this.db
      .update(r)
      .set({ admiredAt: sql`CASE WHEN ${r.admiredAt} IS NULL THEN now() END` })
      .where(
        and(
          eq(r.eid, l.eid),
          eq(r.accountId, l.accountId),
          eq(r.id, id),
          isNull(r.deletedAt),
          sql`EXISTS (SELECT 1 FROM announcements v WHERE v.eid = ${r.eid} AND v.id = ${r.announcementId} AND v.published AND v.published_at <= now())`,
        ),
      )
      .returning({ admiredAt: r.admiredAt, announcementId: r.announcementId });
    if (!rec) return null;
    const [ann] = await this.db
      .select({ admireCount })
      .from(a)
      .where(and(eq(a.eid, l.eid), eq(a.id, rec.announcementId)));
    return { admired: rec.admiredAt !== null, admireCount: ann?.admireCount ?? 0 };
  }

  /** A published announcement of the enterprise (the public view). */
  /** The announcement if it reaches the person (`accountId` null: a visitor). */
  async announcement(eid: number, id: number, accountId: number | null) {
    const [row] = await this.db
      .select({
        id: a.id,
        kind: a.kind,
        title: a.title,
        content: a.content,
        publishedAt: a.publishedAt,
        commentOpen: a.commentOpen,
        admireCount,
      })
      .from(a)
      .where(and(eq(a.eid, eid), eq(a.id, id), visible, reaches(eid, accountId, 'announcements')));
    return row ?? null;
  }

  private comments() {
    return this.db
      .select(commentFields)
      .from(c)
      .innerJoin(u, and(eq(u.eid, c.eid), eq(u.accountId, c.accountId)))
      .leftJoin(replyTo, and(eq(replyTo.eid, c.eid), eq(replyTo.accountId, c.replyToAccountId)));
  }

  /** Top-level comments of an announcement, newest first. */
  async commentPage(eid: number, announcementId: number, offset: number, limit: number): Promise<CommentPage> {
    const where = and(eq(c.eid, eid), eq(c.announcementId, announcementId), isNull(c.parentId), shown);
    const [rows, [total]] = await Promise.all([
      this.comments().where(where).orderBy(desc(c.createdAt), desc(c.id)).limit(limit).offset(offset),
      this.db.select({ total: count() }).from(c).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /** Replies of one comment, oldest first. */
  async replyPage(eid: number, parentId: number, offset: number, limit: number): Promise<CommentPage> {
    const where = and(eq(c.eid, eid), eq(c.parentId, parentId), shown);
    const [rows, [total]] = await Promise.all([
      this.comments().where(where).orderBy(asc(c.createdAt), asc(c.id)).limit(limit).offset(offset),
      this.db.select({ total: count() }).from(c).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /** The first `limit` replies of each of the comments, oldest first, and how many each has. */
  async repliesOf(eid: number, parentIds: number[], limit: number) {
    if (parentIds.length === 0) return { rows: [] as CommentRow[], counts: new Map<number, number>() };
    const ranked = this.db
      .select({
        id: c.id,
        n: sql<number>`row_number() OVER (PARTITION BY ${c.parentId} ORDER BY ${c.createdAt}, ${c.id})`.as('n'),
      })
      .from(c)
      .where(and(eq(c.eid, eid), inArray(c.parentId, parentIds), shown))
      .as('ranked');
    const [rows, counts] = await Promise.all([
      this.comments()
        .innerJoin(ranked, eq(ranked.id, c.id))
        .where(and(eq(c.eid, eid), lte(ranked.n, limit)))
        .orderBy(asc(c.createdAt), asc(c.id)),
      this.db
        .select({ parentId: c.parentId, n: count() })
        .from(c)
        .where(and(eq(c.eid, eid), inArray(c.parentId, parentIds), shown))
        .groupBy(c.parentId),
    ]);
    return {
      rows: rows as CommentRow[],
      counts: new Map(counts.map((x) => [x.parentId!, x.n])),
    };
  }

  async commentCount(eid: number, announcementId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.announcementId, announcementId), shown));
    return row?.n ?? 0;
  }

  /** A comment or reply learners can see (a hidden one is as gone as a deleted one). */
  async comment(eid: number, id: number) {
    const [row] = await this.db
      .select()
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.id, id), shown));
    return row ?? null;
  }

  async commentView(eid: number, id: number): Promise<CommentRow | null> {
    const [row] = await this.comments().where(and(eq(c.eid, eid), eq(c.id, id)));
    return row ?? null;
  }

  /**
   * Saves a comment or reply; null when what it hangs on went in the meantime (the comment
   * replied to, the announcement, the learner's membership: a foreign-key violation).
   */
  async addComment(values: {
    eid: number;
    announcementId: number;
    accountId: number;
    content: string;
    parentId?: number;
    replyToAccountId?: number | null;
  }): Promise<number | null> {
    try {
      const [row] = await this.db.insert(c).values(values).returning({ id: c.id });
      return row!.id;
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if ((e.code ?? e.cause?.code) === '23503') return null;
      throw err;
    }
  }

  /** Deletes a comment (its replies go with it) or a reply. */
  async deleteComment(eid: number, id: number): Promise<void> {
    await this.db.delete(c).where(and(eq(c.eid, eid), eq(c.id, id)));
  }
}
