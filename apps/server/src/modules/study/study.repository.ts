import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { StudyStatus } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import { holdsCourseSql } from '../earning/index.ts';

const c = schema.courses;
const ch = schema.courseChapters;
const p = schema.coursePeriods;
const m = schema.resourceMaterials;
const cl = schema.courseLearners;
const pp = schema.periodProgress;
const u = schema.enterpriseUsers;
const l = schema.lecturers;
const cat = schema.categories;
const lr = schema.liveRooms;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;

/** The course's settings progress and completion follow. */
export interface CourseRules {
  id: number;
  title: string;
  priceFen: number;
  creditTenths: number;
  points: number;
  completionPercent: number;
  minPeriodSeconds: number;
  maxSpeedTenths: number;
  commentsOpen: boolean;
}

const rulesColumns = {
  id: c.id,
  title: c.title,
  priceFen: c.priceFen,
  creditTenths: c.creditTenths,
  points: c.points,
  completionPercent: c.completionPercent,
  minPeriodSeconds: c.minPeriodSeconds,
  maxSpeedTenths: c.maxSpeedTenths,
  commentsOpen: c.commentsOpen,
};

export type PeriodRow = Awaited<ReturnType<StudyRepository['findPeriods']>>[number];

/** SQL of course pages and study, always by enterprise; only published courses are studied. */
export class StudyRepository {
  constructor(private readonly db: Db) {}

  /** A published course's rules, or null (missing, unpublished or another enterprise's). */
  async viewCourseRules(eid: number, courseId: number): Promise<CourseRules | null> {
    const [row] = await this.db
      .select(rulesColumns)
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.id, courseId), eq(c.published, true)));
    return row ?? null;
  }

  async viewCourse(eid: number, courseId: number) {
    const [row] = await this.db
      .select({
        id: c.id,
        title: c.title,
        summary: c.summary,
        intro: c.intro,
        coverUrl: c.coverUrl,
        categoryId: c.categoryId,
        categoryName: cat.name,
        categoryNameEn: cat.nameEn,
        learnerCount: c.learnerCount,
        priceFen: c.priceFen,
        creditTenths: c.creditTenths,
        points: c.points,
        commentsOpen: c.commentsOpen,
        lecturerId: l.id,
        lecturerName: l.name,
        lecturerTitle: l.title,
        lecturerAvatar: l.avatarUrl,
      })
      .from(c)
      .leftJoin(cat, and(eq(cat.eid, c.eid), eq(cat.id, c.categoryId)))
      .leftJoin(l, and(eq(l.eid, c.eid), eq(l.id, c.lecturerId), eq(l.published, true)))
      .where(and(eq(c.eid, eid), eq(c.id, courseId), eq(c.published, true)));
    return row ?? null;
  }

  /** The learner's own state of a course: bought, admired, marked; the course's counts and rating. */
  async viewCourseState(who: Learner, courseId: number) {
    const [row] = await this.db
      .execute<{
        bought: boolean;
        admired: boolean;
        admire_count: number;
        marked_at: Date | null;
        comment_count: number;
        rating_halves: string | null;
      }>(
        sql`SELECT
        ${holdsCourseSql(who.eid, courseId, who.accountId)} AS bought,
        EXISTS (SELECT 1 FROM course_admires WHERE eid = ${who.eid} AND course_id = ${courseId} AND account_id = ${who.accountId}) AS admired,
        (SELECT count(*)::int FROM course_admires WHERE eid = ${who.eid} AND course_id = ${courseId}) AS admire_count,
        (SELECT created_at FROM course_marks WHERE eid = ${who.eid} AND course_id = ${courseId} AND account_id = ${who.accountId}) AS marked_at,
        (SELECT count(*)::int FROM course_comments WHERE eid = ${who.eid} AND course_id = ${courseId} AND NOT hidden) AS comment_count,
        (SELECT avg(rating_halves) FROM course_comments WHERE eid = ${who.eid} AND course_id = ${courseId} AND NOT hidden) AS rating_halves`,
      )
      .then((r) => r.rows);
    return {
      bought: row?.bought ?? false,
      admired: row?.admired ?? false,
      admireCount: Number(row?.admire_count ?? 0),
      markedAt: row?.marked_at ? new Date(row.marked_at) : null,
      commentCount: Number(row?.comment_count ?? 0),
      averageHalves: row?.rating_halves == null ? null : Number(row.rating_halves),
    };
  }

  /** The learner's study of a course, or null before they start it. */
  async viewCourseLearner(who: Learner, courseId: number) {
    const [row] = await this.db
      .select()
      .from(cl)
      .where(and(eq(cl.eid, who.eid), eq(cl.courseId, courseId), eq(cl.accountId, who.accountId)));
    return row ?? null;
  }

  findChapters(eid: number, courseId: number) {
    return this.db
      .select({ id: ch.id, title: ch.title })
      .from(ch)
      .where(and(eq(ch.eid, eid), eq(ch.courseId, courseId)))
      .orderBy(asc(ch.sort), asc(ch.id));
  }

  /** A course's periods in order with their material and the learner's progress. */
  findPeriods(who: Learner, courseId: number) {
    return this.db
      .select({
        id: p.id,
        chapterId: p.chapterId,
        title: p.title,
        periodType: p.periodType,
        durationSeconds: p.durationSeconds,
        freeTrial: p.freeTrial,
        required: p.required,
        hasTranscript: sql<boolean>`${m.transcript} IS NOT NULL`,
        creditedMs: pp.creditedMs,
        furthestMs: pp.furthestMs,
        positionMs: pp.positionMs,
        completedAt: pp.completedAt,
        liveRoomId: lr.id,
        liveStartsAt: lr.startsAt,
        liveEndsAt: lr.endsAt,
        liveLooped: lr.looped,
        liveHasRecording: sql<boolean>`${lr.recordingMaterialId} IS NOT NULL`,
        now: sql<string>`now()`,
      })
      .from(p)
      .innerJoin(ch, and(eq(ch.eid, p.eid), eq(ch.id, p.chapterId)))
      .leftJoin(m, and(eq(m.eid, p.eid), eq(m.id, p.materialId)))
      .leftJoin(pp, and(eq(pp.eid, p.eid), eq(pp.periodId, p.id), eq(pp.accountId, who.accountId)))
      .leftJoin(lr, and(eq(lr.eid, p.eid), eq(lr.periodId, p.id)))
      .where(and(eq(p.eid, who.eid), eq(p.courseId, courseId)))
      .orderBy(asc(ch.sort), asc(ch.id), asc(p.sort), asc(p.id));
  }

  /** One period of a course with its material. */
  async viewPeriod(eid: number, courseId: number, periodId: number) {
    const [row] = await this.db
      .select({
        id: p.id,
        title: p.title,
        periodType: p.periodType,
        durationSeconds: p.durationSeconds,
        freeTrial: p.freeTrial,
        required: p.required,
        content: p.content,
        materialId: p.materialId,
        material: {
          kind: m.kind,
          title: m.title,
          fileName: m.fileName,
          vodPlatform: m.vodPlatform,
          url: m.url,
          vid: m.vid,
          durationSeconds: m.durationSeconds,
        },
        transcript: m.transcript,
      })
      .from(p)
      .leftJoin(m, and(eq(m.eid, p.eid), eq(m.id, p.materialId)))
      .where(and(eq(p.eid, eid), eq(p.courseId, courseId), eq(p.id, periodId)));
    return row ?? null;
  }

  async viewMaterial(eid: number, materialId: number) {
    const [row] = await this.db
      .select()
      .from(m)
      .where(and(eq(m.eid, eid), eq(m.id, materialId)));
    return row ?? null;
  }

  /** The learner's name and phone for the player's watermark. */
  async viewViewer(who: Learner) {
    const a = schema.accounts;
    const [row] = await this.db
      .select({ realName: u.realName, userName: u.userName, phone: a.phone })
      .from(u)
      .innerJoin(a, eq(a.id, u.accountId))
      .where(and(eq(u.eid, who.eid), eq(u.accountId, who.accountId)));
    return row ?? null;
  }

  /** Toggles the learner's like; answers the new state and count. One transaction, so a double click toggles twice. */
  admireCourse(who: Learner, courseId: number) {
    const ad = schema.courseAdmires;
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(ad)
        .where(and(eq(ad.eid, who.eid), eq(ad.courseId, courseId), eq(ad.accountId, who.accountId)))
        .returning({ courseId: ad.courseId });
      if (removed.length === 0) {
        await tx.insert(ad).values({ eid: who.eid, courseId, accountId: who.accountId }).onConflictDoNothing();
      }
      const [n] = await tx
        .select({ n: count() })
        .from(ad)
        .where(and(eq(ad.eid, who.eid), eq(ad.courseId, courseId)));
      return { admired: removed.length === 0, admireCount: n?.n ?? 0 };
    });
  }

  async saveCourseMark(who: Learner, courseId: number, marked: boolean): Promise<Date | null> {
    const mk = schema.courseMarks;
    if (!marked) {
      await this.db
        .delete(mk)
        .where(and(eq(mk.eid, who.eid), eq(mk.courseId, courseId), eq(mk.accountId, who.accountId)));
      return null;
    }
    await this.db.insert(mk).values({ eid: who.eid, courseId, accountId: who.accountId }).onConflictDoNothing();
    const [row] = await this.db
      .select({ at: mk.createdAt })
      .from(mk)
      .where(and(eq(mk.eid, who.eid), eq(mk.courseId, courseId), eq(mk.accountId, who.accountId)));
    return row?.at ?? null;
  }

  async findComments(eid: number, courseId: number, offset: number, limit: number) {
    const cc = schema.courseComments;
    // Comments an administrator hid are left out (decision 043).
    const where = and(eq(cc.eid, eid), eq(cc.courseId, courseId), eq(cc.hidden, false));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: cc.id,
          accountId: cc.accountId,
          content: cc.content,
          ratingHalves: cc.ratingHalves,
          createdAt: cc.createdAt,
          realName: u.realName,
          userName: u.userName,
          headPortrait: u.headPortrait,
        })
        .from(cc)
        .innerJoin(u, and(eq(u.eid, cc.eid), eq(u.accountId, cc.accountId)))
        .where(where)
        .orderBy(desc(cc.createdAt), desc(cc.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(cc).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async saveComment(who: Learner, courseId: number, content: string, ratingHalves: number) {
    const cc = schema.courseComments;
    const [row] = await this.db
      .insert(cc)
      .values({ eid: who.eid, courseId, accountId: who.accountId, content, ratingHalves })
      .returning();
    const [user] = await this.db
      .select({ realName: u.realName, userName: u.userName, headPortrait: u.headPortrait })
      .from(u)
      .where(and(eq(u.eid, who.eid), eq(u.accountId, who.accountId)));
    return {
      ...row!,
      realName: user?.realName ?? '',
      userName: user?.userName ?? '',
      headPortrait: user?.headPortrait ?? '',
    };
  }

  async viewComment(eid: number, id: number) {
    const cc = schema.courseComments;
    const [row] = await this.db
      .select({ id: cc.id, accountId: cc.accountId })
      .from(cc)
      .where(and(eq(cc.eid, eid), eq(cc.id, id), eq(cc.hidden, false)));
    return row ?? null;
  }

  async deleteComment(who: Learner, id: number) {
    const cc = schema.courseComments;
    await this.db.delete(cc).where(and(eq(cc.eid, who.eid), eq(cc.id, id), eq(cc.accountId, who.accountId)));
  }

  /** The learner's courses with their progress, last studied first (marked: by when marked). */
  async findMyCourses(
    who: Learner,
    filter: { status: number; keyword?: string | undefined },
    offset: number,
    limit: number | null,
  ) {
    const mk = schema.courseMarks;
    const where: SQL[] = [eq(c.eid, who.eid)];
    if (filter.keyword)
      where.push(or(ilike(c.title, likeOf(filter.keyword)), ilike(c.summary, likeOf(filter.keyword)))!);
    if (filter.status === StudyStatus.LEARNING) where.push(isNotNull(cl.courseId), isNull(cl.completedAt));
    if (filter.status === StudyStatus.COMPLETED) where.push(isNotNull(cl.completedAt));
    if (filter.status === StudyStatus.MARKED) where.push(isNotNull(mk.courseId));
    else where.push(isNotNull(cl.courseId));
    const required = sql<number>`(SELECT count(*)::int FROM course_periods rp
      WHERE rp.eid = ${c.eid} AND rp.course_id = ${c.id} AND rp.required)`.mapWith(Number);
    const base = this.db
      .select({
        courseId: c.id,
        title: c.title,
        coverUrl: c.coverUrl,
        lecturerName: l.name,
        creditTenths: c.creditTenths,
        points: c.points,
        progressPercent: cl.progressPercent,
        completedPeriods: cl.completedPeriods,
        requiredPeriods: required,
        studiedMs: sql<number>`(SELECT coalesce(sum(sp.studied_ms), 0)::int FROM period_progress sp
          WHERE sp.eid = ${c.eid} AND sp.account_id = ${who.accountId} AND sp.course_id = ${c.id})`.mapWith(Number),
        startedAt: cl.startedAt,
        lastStudiedAt: cl.lastStudiedAt,
        completedAt: cl.completedAt,
        lastPeriodId: cl.lastPeriodId,
      })
      .from(c)
      .leftJoin(cl, and(eq(cl.eid, c.eid), eq(cl.courseId, c.id), eq(cl.accountId, who.accountId)))
      .leftJoin(mk, and(eq(mk.eid, c.eid), eq(mk.courseId, c.id), eq(mk.accountId, who.accountId)))
      .leftJoin(l, and(eq(l.eid, c.eid), eq(l.id, c.lecturerId), eq(l.published, true)))
      .where(and(...where))
      .orderBy(
        filter.status === StudyStatus.MARKED ? desc(mk.createdAt) : sql`${cl.lastStudiedAt} DESC NULLS LAST`,
        desc(c.id),
      )
      .offset(offset)
      .$dynamic();
    const rows = await (limit === null ? base : base.limit(limit));
    const [total] = await this.db
      .select({ total: count() })
      .from(c)
      .leftJoin(cl, and(eq(cl.eid, c.eid), eq(cl.courseId, c.id), eq(cl.accountId, who.accountId)))
      .leftJoin(mk, and(eq(mk.eid, c.eid), eq(mk.courseId, c.id), eq(mk.accountId, who.accountId)))
      .where(and(...where));
    return { rows, total: total?.total ?? 0 };
  }

  /** Recent starts and completions in the enterprise, newest first. */
  async findStudyDynamics(eid: number, offset: number, limit: number) {
    const { rows } = await this.db.execute<{
      user_name: string;
      real_name: string;
      head_portrait: string;
      course_id: number;
      course_title: string;
      action: number;
      at: Date;
    }>(sql`SELECT u.user_name, u.real_name, u.head_portrait, c.id AS course_id, c.title AS course_title, e.action, e.at
      FROM (
        SELECT account_id, course_id, 1 AS action, started_at AS at FROM course_learners WHERE eid = ${eid}
        UNION ALL
        SELECT account_id, course_id, 2, completed_at FROM course_learners WHERE eid = ${eid} AND completed_at IS NOT NULL
      ) e
      JOIN courses c ON c.eid = ${eid} AND c.id = e.course_id AND c.published
      JOIN enterprise_users u ON u.eid = ${eid} AND u.account_id = e.account_id
      ORDER BY e.at DESC, e.action DESC, c.id DESC
      LIMIT ${limit} OFFSET ${offset}`);
    const [total] = await this.db
      .execute<{ n: number }>(
        sql`SELECT
        (SELECT count(*) FROM course_learners WHERE eid = ${eid}) + (SELECT count(completed_at) FROM course_learners WHERE eid = ${eid}) AS n`,
      )
      .then((r) => r.rows);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async findEarnings(who: Learner, offset: number, limit: number) {
    const e = schema.earnings;
    const where = and(eq(e.eid, who.eid), eq(e.accountId, who.accountId));
    const [rows, [total], [totals]] = await Promise.all([
      this.db.select().from(e).where(where).orderBy(desc(e.createdAt), desc(e.id)).limit(limit).offset(offset),
      this.db.select({ total: count() }).from(e).where(where),
      this.db
        .select({ points: schema.learnerTotals.points, creditTenths: schema.learnerTotals.creditTenths })
        .from(schema.learnerTotals)
        .where(and(eq(schema.learnerTotals.eid, who.eid), eq(schema.learnerTotals.accountId, who.accountId))),
    ]);
    return { rows, total: total?.total ?? 0, points: totals?.points ?? 0, creditTenths: totals?.creditTenths ?? 0 };
  }
}
