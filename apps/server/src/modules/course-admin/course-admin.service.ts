import {
  ErrorCode,
  PeriodMaterialKind,
  PeriodType,
  pageOffset,
  toPage,
  type CourseFields,
  type savePeriodRequest,
} from '@portal/contract';
import { schema, type DatabaseChanges, type Tx } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminContext } from '../../platform/gateway.ts';
import { AppError, requireFound } from '../../platform/errors.ts';
import type { UploadService } from '../upload/index.ts';
import { presentAdminCourseRow, presentAdminCourse } from './course-admin.presenter.ts';
import type { AdminCourseFilter, CourseAdminRepository, CourseEditRow } from './course-admin.repository.ts';

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first stored.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

type PeriodInput = z.infer<typeof savePeriodRequest>;

/** The site's own upload addresses (`/uploads/<key>`) a stored text or cover uses. */
export function uploadKeysIn(...texts: string[]): string[] {
  const keys = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/\/uploads\/([\w./-]+)/g)) keys.add(match[1]!);
  return [...keys];
}

/**
 * Courses in the back office (decision 039): the list, the form, chapters and periods, publishing
 * and ordering. Every write runs in one transaction with its audit row; another enterprise's ids
 * are not found. Learners see a change at once: the database announces it (course, chapter and
 * period triggers) and every cache holding courses forgets it (course-changes.ts).
 */
export class CourseAdminService {
  constructor(
    private readonly repo: CourseAdminRepository,
    private readonly uploads: UploadService,
    private readonly changes: DatabaseChanges,
  ) {}

  /**
   * This process forgets the course at once, before the administrator's answer: the database's
   * announcement reaches the other processes (and this one again, harmlessly) a moment later.
   */
  private changed(eid: number, courseId: number) {
    this.changes.emit('change', { table: 'courses', eid, id: courseId });
  }

  async findCourses(eid: number, q: AdminCourseFilter & { pageCurrent: number; pageSize: number }) {
    const { rows, total } = await this.repo.findCourses(eid, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage(rows.map(presentAdminCourseRow), total, q.pageCurrent, q.pageSize);
  }

  async viewCourse(eid: number, courseId: number) {
    const db = this.repo;
    return this.repo.transaction(async (tx) => {
      const course = requireFound(await db.viewCourse(tx, eid, courseId), ErrorCode.ADMIN_COURSE_NOT_FOUND);
      const [tagIds, chapters, periods] = await Promise.all([
        db.findTagIds(tx, eid, courseId),
        db.findChapters(tx, eid, courseId),
        db.findPeriods(tx, eid, courseId),
      ]);
      return presentAdminCourse(course, tagIds, chapters, periods);
    });
  }

  async saveCourse(ctx: AdminContext, q: CourseFields & { courseId?: number | undefined }) {
    const eid = ctx.eid;
    await this.checkReferences(eid, q);
    const intro = await sanitize(q.intro);
    const values = {
      title: q.title,
      summary: q.summary,
      coverUrl: q.coverUrl,
      categoryId: q.categoryId,
      lecturerId: q.lecturerId,
      creditTenths: q.creditTenths,
      points: q.points,
      priceFen: q.priceFen,
      visitorVisible: q.visitorVisible,
      intro,
      updatedAt: new Date(),
    };
    const tagIds = [...new Set(q.tagIds)].sort((a, b) => a - b);
    const courseId = await this.repo.transaction(async (tx) => {
      let before: (CourseEditRow & { tagIds: number[] }) | null = null;
      let id: number;
      if (q.courseId) {
        const row = requireFound(
          await this.repo.viewCourse(tx, eid, q.courseId, true),
          ErrorCode.ADMIN_COURSE_NOT_FOUND,
        );
        before = { ...row, tagIds: await this.repo.findTagIds(tx, eid, row.id) };
        id = row.id;
        await tx
          .update(schema.courses)
          .set(values)
          .where(and(eq(schema.courses.eid, eid), eq(schema.courses.id, id)));
      } else {
        // A new course starts unpublished: learners see it once it has periods and is published.
        const [row] = await tx
          .insert(schema.courses)
          .values({ eid, ...values, published: false })
          .returning({ id: schema.courses.id });
        id = row!.id;
      }
      const t = schema.courseTags;
      await tx.delete(t).where(and(eq(t.eid, eid), eq(t.courseId, id)));
      if (tagIds.length) await tx.insert(t).values(tagIds.map((tagId) => ({ eid, courseId: id, tagId })));
      const after = { ...(await this.repo.viewCourse(tx, eid, id))!, tagIds };
      await ctx.audit.record(tx, { entityType: 'course', entityId: id, before, after });
      return id;
    });
    this.changed(eid, courseId);
    await this.claimUploads(ctx, q.coverUrl, intro);
    return { courseId };
  }

  async publishCourse(ctx: AdminContext, courseId: number, published: boolean) {
    await this.repo.transaction(async (tx) => {
      const row = requireFound(
        await this.repo.viewCourse(tx, ctx.eid, courseId, true),
        ErrorCode.ADMIN_COURSE_NOT_FOUND,
      );
      if (published && (await this.repo.findPeriods(tx, ctx.eid, courseId)).length === 0) {
        throw new AppError(ErrorCode.COURSE_WITHOUT_PERIODS);
      }
      if (row.published === published) return;
      const now = new Date();
      await tx
        .update(schema.courses)
        .set(published ? { published, publishedAt: now, updatedAt: now } : { published, updatedAt: now })
        .where(and(eq(schema.courses.eid, ctx.eid), eq(schema.courses.id, courseId)));
      await ctx.audit.record(tx, {
        entityType: 'course',
        entityId: courseId,
        before: { published: row.published },
        after: { published },
      });
    });
    // Publishing what is already so changes nothing; it is still the administrator's act.
    if (ctx.audit.recorded === 0) {
      await this.repo.transaction((tx) =>
        ctx.audit.record(tx, { entityType: 'course', entityId: courseId, before: { published }, after: { published } }),
      );
    }
    this.changed(ctx.eid, courseId);
    return { published };
  }

  /**
   * Deletes a course nobody has studied. A studied course holds learners' records (progress,
   * credit earned, certificates): it is unpublished instead, which hides it and keeps them.
   */
  async deleteCourse(ctx: AdminContext, courseId: number) {
    await this.repo.transaction(async (tx) => {
      const row = requireFound(
        await this.repo.viewCourse(tx, ctx.eid, courseId, true),
        ErrorCode.ADMIN_COURSE_NOT_FOUND,
      );
      if (await this.repo.courseStudied(tx, ctx.eid, courseId)) throw new AppError(ErrorCode.COURSE_HAS_LEARNERS);
      const periods = await this.repo.findPeriods(tx, ctx.eid, courseId);
      if (
        await this.repo.periodsStudied(
          tx,
          ctx.eid,
          periods.map((x) => x.id),
        )
      ) {
        throw new AppError(ErrorCode.COURSE_HAS_LEARNERS);
      }
      await tx.delete(schema.courses).where(and(eq(schema.courses.eid, ctx.eid), eq(schema.courses.id, courseId)));
      await ctx.audit.record(tx, { entityType: 'course', entityId: courseId, before: row, after: null });
    });
    this.changed(ctx.eid, courseId);
    return { deleted: true };
  }

  async saveChapter(ctx: AdminContext, q: { courseId: number; chapterId?: number | undefined; title: string }) {
    const chapterId = await this.repo.transaction(async (tx) => {
      await this.lockCourse(tx, ctx.eid, q.courseId);
      const t = schema.courseChapters;
      if (q.chapterId) {
        const before = requireFound(
          await this.repo.viewChapter(tx, ctx.eid, q.courseId, q.chapterId),
          ErrorCode.ADMIN_CHAPTER_NOT_FOUND,
        );
        await tx
          .update(t)
          .set({ title: q.title })
          .where(and(eq(t.eid, ctx.eid), eq(t.id, q.chapterId)));
        await ctx.audit.record(tx, {
          entityType: 'course_chapter',
          entityId: q.chapterId,
          before: { courseId: q.courseId, ...before },
          after: { courseId: q.courseId, ...before, title: q.title },
        });
        return q.chapterId;
      }
      const sort = await this.repo.nextSort(tx, 'chapters', ctx.eid, q.courseId);
      const [row] = await tx
        .insert(t)
        .values({ eid: ctx.eid, courseId: q.courseId, title: q.title, sort })
        .returning({ id: t.id });
      await ctx.audit.record(tx, {
        entityType: 'course_chapter',
        entityId: row!.id,
        before: null,
        after: { courseId: q.courseId, id: row!.id, title: q.title, sort },
      });
      return row!.id;
    });
    this.changed(ctx.eid, q.courseId);
    return { chapterId };
  }

  async deleteChapter(ctx: AdminContext, courseId: number, chapterId: number) {
    await this.repo.transaction(async (tx) => {
      await this.lockCourse(tx, ctx.eid, courseId);
      const chapter = requireFound(
        await this.repo.viewChapter(tx, ctx.eid, courseId, chapterId),
        ErrorCode.ADMIN_CHAPTER_NOT_FOUND,
      );
      const periods = (await this.repo.findPeriods(tx, ctx.eid, courseId)).filter((x) => x.chapterId === chapterId);
      if (
        await this.repo.periodsStudied(
          tx,
          ctx.eid,
          periods.map((x) => x.id),
        )
      ) {
        throw new AppError(ErrorCode.PERIOD_STUDIED);
      }
      const t = schema.courseChapters;
      await tx.delete(t).where(and(eq(t.eid, ctx.eid), eq(t.id, chapterId)));
      await this.touch(tx, ctx.eid, courseId);
      await ctx.audit.record(tx, {
        entityType: 'course_chapter',
        entityId: chapterId,
        before: { courseId, ...chapter, periodIds: periods.map((x) => x.id) },
        after: null,
      });
    });
    this.changed(ctx.eid, courseId);
    return { deleted: true };
  }

  async savePeriod(ctx: AdminContext, q: PeriodInput) {
    const eid = ctx.eid;
    const content = q.periodType === PeriodType.IMAGE_TEXT ? await sanitize(q.content) : '';
    const periodId = await this.repo.transaction(async (tx) => {
      await this.lockCourse(tx, eid, q.courseId);
      requireFound(await this.repo.viewChapter(tx, eid, q.courseId, q.chapterId), ErrorCode.ADMIN_CHAPTER_NOT_FOUND);
      const before = q.periodId
        ? requireFound(await this.repo.viewPeriod(tx, eid, q.courseId, q.periodId), ErrorCode.ADMIN_PERIOD_NOT_FOUND)
        : null;
      // A live lesson's period belongs to its room (decision 060): edited under live rooms only.
      if (before?.periodType === PeriodType.LIVE) throw new AppError(ErrorCode.LIVE_PERIOD_ELSEWHERE);
      let materialId: number | null = null;
      let durationSeconds = q.durationSeconds;
      if (q.periodType === PeriodType.IMAGE_TEXT) {
        if (content.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(content)) {
          throw new AppError(ErrorCode.PERIOD_CONTENT_EMPTY);
        }
      } else {
        if (!q.materialId) throw new AppError(ErrorCode.PERIOD_MATERIAL_MISSING);
        const material = requireFound(
          await this.repo.viewMaterial(tx, eid, q.materialId),
          ErrorCode.ADMIN_MATERIAL_NOT_FOUND,
        );
        const wanted = q.periodType === PeriodType.VIDEO ? PeriodMaterialKind.VIDEO : PeriodMaterialKind.DOCUMENT;
        if (material.kind !== wanted) throw new AppError(ErrorCode.ADMIN_MATERIAL_KIND);
        materialId = material.id;
        // A video's length is the material's (0 while its transcoding or the provider is not done).
        if (q.periodType === PeriodType.VIDEO) durationSeconds = material.durationSeconds ?? 0;
      }
      const values = {
        chapterId: q.chapterId,
        title: q.title,
        periodType: q.periodType,
        materialId,
        content,
        durationSeconds,
        freeTrial: q.freeTrial,
        required: q.required,
      };
      const t = schema.coursePeriods;
      let id: number;
      if (before) {
        id = before.id;
        await tx
          .update(t)
          .set(values)
          .where(and(eq(t.eid, eid), eq(t.id, id)));
      } else {
        const sort = await this.repo.nextSort(tx, 'periods', eid, q.courseId);
        const [row] = await tx
          .insert(t)
          .values({ eid, courseId: q.courseId, ...values, sort })
          .returning({ id: t.id });
        id = row!.id;
      }
      await this.touch(tx, eid, q.courseId);
      await ctx.audit.record(tx, {
        entityType: 'course_period',
        entityId: id,
        before: before && { courseId: q.courseId, ...before },
        after: { courseId: q.courseId, ...(await this.repo.viewPeriod(tx, eid, q.courseId, id)) },
      });
      return id;
    });
    this.changed(eid, q.courseId);
    if (content) await this.claimUploads(ctx, content);
    return { periodId };
  }

  async deletePeriod(ctx: AdminContext, courseId: number, periodId: number) {
    await this.repo.transaction(async (tx) => {
      await this.lockCourse(tx, ctx.eid, courseId);
      const before = requireFound(
        await this.repo.viewPeriod(tx, ctx.eid, courseId, periodId),
        ErrorCode.ADMIN_PERIOD_NOT_FOUND,
      );
      if (await this.repo.periodsStudied(tx, ctx.eid, [periodId])) throw new AppError(ErrorCode.PERIOD_STUDIED);
      const t = schema.coursePeriods;
      await tx.delete(t).where(and(eq(t.eid, ctx.eid), eq(t.id, periodId)));
      await this.touch(tx, ctx.eid, courseId);
      await ctx.audit.record(tx, {
        entityType: 'course_period',
        entityId: periodId,
        before: { courseId, ...before },
        after: null,
      });
    });
    this.changed(ctx.eid, courseId);
    return { deleted: true };
  }

  /**
   * A course's new order: exactly its chapters, each once, and exactly its periods, each once, in
   * the chapters that now hold them (9210 otherwise). Sorts are rewritten 1, 2, 3… in one go.
   */
  async reorder(
    ctx: AdminContext,
    q: { courseId: number; chapters: Array<{ chapterId: number; periodIds: number[] }> },
  ) {
    const eid = ctx.eid;
    const done = await this.repo.transaction(async (tx) => {
      await this.lockCourse(tx, eid, q.courseId);
      const chapters = await this.repo.findChapters(tx, eid, q.courseId);
      const periods = await this.repo.findPeriods(tx, eid, q.courseId);
      const given = q.chapters.map((x) => x.chapterId);
      const givenPeriods = q.chapters.flatMap((x) => x.periodIds);
      if (
        !isPermutation(
          given,
          chapters.map((x) => x.id),
        ) ||
        !isPermutation(
          givenPeriods,
          periods.map((x) => x.id),
        )
      ) {
        throw new AppError(ErrorCode.ORDER_NOT_PERMUTATION);
      }
      const orderOf = () => groupPeriods(chapters, periods);
      const before = orderOf();
      const ct = schema.courseChapters;
      const pt = schema.coursePeriods;
      let periodSort = 0;
      for (const [i, chapter] of q.chapters.entries()) {
        await tx
          .update(ct)
          .set({ sort: i + 1 })
          .where(and(eq(ct.eid, eid), eq(ct.id, chapter.chapterId)));
        for (const periodId of chapter.periodIds) {
          periodSort += 1;
          await tx
            .update(pt)
            .set({ sort: periodSort, chapterId: chapter.chapterId })
            .where(and(eq(pt.eid, eid), eq(pt.id, periodId)));
        }
      }
      await this.touch(tx, eid, q.courseId);
      await ctx.audit.record(tx, {
        entityType: 'course',
        entityId: q.courseId,
        before: { order: before },
        after: { order: q.chapters },
      });
      return { chapters: given.length, periods: givenPeriods.length };
    });
    this.changed(eid, q.courseId);
    return done;
  }

  /** The course of a chapter or period change, locked (one change of its order at a time), else 9201. */
  private async lockCourse(tx: Tx, eid: number, courseId: number) {
    return requireFound(await this.repo.viewCourse(tx, eid, courseId, true), ErrorCode.ADMIN_COURSE_NOT_FOUND);
  }

  /** A chapter's or period's change is a change of the course: the list's last-changed order shows it. */
  private async touch(tx: Tx, eid: number, courseId: number) {
    await tx
      .update(schema.courses)
      .set({ updatedAt: new Date() })
      .where(and(eq(schema.courses.eid, eid), eq(schema.courses.id, courseId)));
  }

  private async checkReferences(eid: number, q: CourseFields) {
    const db = this.repo;
    const [category, lecturer, tags] = await db.transaction((tx) =>
      Promise.all([
        db.existsIn(tx, 'categories', eid, q.categoryId ? [q.categoryId] : []),
        db.existsIn(tx, 'lecturers', eid, q.lecturerId ? [q.lecturerId] : []),
        db.existsIn(tx, 'tags', eid, [...new Set(q.tagIds)]),
      ]),
    );
    if (!category) throw new AppError(ErrorCode.ADMIN_CATEGORY_NOT_FOUND);
    if (!lecturer) throw new AppError(ErrorCode.ADMIN_LECTURER_NOT_FOUND);
    if (!tags) throw new AppError(ErrorCode.ADMIN_TAG_NOT_FOUND);
  }

  /**
   * The pictures a course now shows (its cover, images in its rich text) are in use: the day's
   * sweep of unclaimed uploads keeps them. An address that is not this administrator's upload of
   * this enterprise is left as it is (a picture another administrator uploaded is already claimed).
   */
  private async claimUploads(ctx: AdminContext, ...texts: string[]) {
    for (const key of uploadKeysIn(...texts)) {
      await this.uploads.claim(key, ctx.eid, ctx.session.accountId, ctx.session.accountId);
    }
  }
}

/** Whether `given` holds exactly the ids of `actual`, each once. */
export function isPermutation(given: number[], actual: number[]): boolean {
  if (given.length !== actual.length) return false;
  const want = new Set(actual);
  const seen = new Set<number>();
  for (const x of given) {
    if (!want.has(x) || seen.has(x)) return false;
    seen.add(x);
  }
  return true;
}

function groupPeriods(chapters: Array<{ id: number }>, periods: Array<{ id: number; chapterId: number }>) {
  return chapters.map((chapter) => ({
    chapterId: chapter.id,
    periodIds: periods.filter((x) => x.chapterId === chapter.id).map((x) => x.id),
  }));
}
