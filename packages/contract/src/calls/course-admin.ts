import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';

/**
 * The back office's courses (decision 039): courses, chapters and periods of the administrator's
 * enterprise. Every call is `admin` by its `/auth/admin/` path; every write is audited.
 */

/** The limits the form and the server share. */
export const COURSE_TITLE_MAX = 100;
export const COURSE_SUMMARY_MAX = 500;
export const COURSE_RICH_TEXT_MAX = 200_000;
export const COURSE_TAGS_MAX = 20;
/** Credit in tenths: 0 to 1000.0 hours or credits. */
export const COURSE_CREDIT_TENTHS_MAX = 10_000;
export const COURSE_POINTS_MAX = 100_000;
/** Price in fen: up to 1 000 000 yuan. */
export const COURSE_PRICE_FEN_MAX = 100_000_000;
/** A document or image-text period's minimum open time: up to 10 hours. */
export const PERIOD_SECONDS_MAX = 36_000;
export const CHAPTERS_MAX = 200;
export const PERIODS_MAX = 1000;

/** resource_materials.kind: what a period of each type plays. */
export const PeriodMaterialKind = { VIDEO: 1, DOCUMENT: 2 } as const;

/** The sorts of the admin course list: `field` ascending, `-field` descending. */
export const ADMIN_COURSE_SORTS = ['-updatedAt', 'updatedAt', '-learnerCount', '-publishedAt'] as const;

const title = z.string().trim().min(1).max(COURSE_TITLE_MAX);
/** A cover or image address: '' (none), http(s), or one of the site's own paths (an upload). */
export const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(?:$|https?:\/\/\S+$|\/(?!\/)\S*$)/, 'http(s):// or /…');

export const adminCourseRow = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  lecturerId: z.number().int().nullable(),
  lecturerName: z.string(),
  published: z.boolean(),
  learnerCount: z.number().int(),
  periodCount: z.number().int(),
  priceFen: z.number().int(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type AdminCourseRow = z.infer<typeof adminCourseRow>;

export const findAdminCourses = defineCall({
  name: 'findAdminCourses',
  method: 'GET',
  path: '/course/auth/admin/course/page',
  summary:
    "The enterprise's courses for the back office: by title, category (with its subcategories) and status, sorted (at most 10 000 counted)",
  tags: ['course-admin'],
  request: z.object({
    ...paging(20, 100),
    keyword: z.string().trim().max(COURSE_TITLE_MAX).optional(),
    categoryId: id.optional(),
    status: z.enum(['published', 'unpublished']).optional(),
    sort: z.enum(ADMIN_COURSE_SORTS).default('-updatedAt'),
  }),
  response: pageResponse(adminCourseRow),
});

export const adminPeriod = z.object({
  id: z.number().int(),
  chapterId: z.number().int(),
  title: z.string(),
  periodType: z.number().int(),
  materialId: z.number().int().nullable(),
  materialTitle: z.string(),
  /** Image-text: the stored rich text. */
  content: z.string(),
  durationSeconds: z.number().int(),
  freeTrial: z.boolean(),
  required: z.boolean(),
});
export type AdminPeriod = z.infer<typeof adminPeriod>;

export const adminChapter = z.object({
  id: z.number().int(),
  title: z.string(),
  periods: z.array(adminPeriod),
});
export type AdminChapter = z.infer<typeof adminChapter>;

/** What the course form edits. */
export const courseFields = z.object({
  title,
  summary: z.string().trim().max(COURSE_SUMMARY_MAX).default(''),
  coverUrl: imageUrl.default(''),
  categoryId: id.nullable().default(null),
  lecturerId: id.nullable().default(null),
  tagIds: z.array(id).max(COURSE_TAGS_MAX).default([]),
  creditTenths: z.number().int().min(0).max(COURSE_CREDIT_TENTHS_MAX).default(0),
  points: z.number().int().min(0).max(COURSE_POINTS_MAX).default(0),
  priceFen: z.number().int().min(0).max(COURSE_PRICE_FEN_MAX).default(0),
  visitorVisible: z.boolean().default(true),
  /** Rich text (the editor's HTML), sanitised when stored. */
  intro: z.string().max(COURSE_RICH_TEXT_MAX).default(''),
});
export type CourseFields = z.infer<typeof courseFields>;

export const viewAdminCourse = defineCall({
  name: 'viewAdminCourse',
  method: 'GET',
  path: '/course/auth/admin/course/detail',
  summary: 'A course of the enterprise as the back office edits it, with its chapters and periods in order',
  tags: ['course-admin'],
  request: z.object({ courseId: id }),
  response: courseFields.extend({
    id: z.number().int(),
    published: z.boolean(),
    learnerCount: z.number().int(),
    chapters: z.array(adminChapter),
  }),
});

export const saveAdminCourse = defineCall({
  name: 'saveAdminCourse',
  method: 'POST',
  path: '/course/auth/admin/course/save',
  summary: 'Creates a course (unpublished) or, with courseId, changes one; the intro is sanitised',
  tags: ['course-admin'],
  request: courseFields.extend({ courseId: id.optional() }),
  response: z.object({ courseId: z.number().int() }),
});

export const publishAdminCourse = defineCall({
  name: 'publishAdminCourse',
  method: 'POST',
  path: '/course/auth/admin/course/publish',
  summary: 'Publishes a course (it needs a period) or unpublishes it; learners see the change at once',
  tags: ['course-admin'],
  request: z.object({ courseId: id, published: z.boolean() }),
  response: z.object({ published: z.boolean() }),
});

export const deleteAdminCourse = defineCall({
  name: 'deleteAdminCourse',
  method: 'POST',
  path: '/course/auth/admin/course/delete',
  summary: 'Deletes a course nobody has studied, with its chapters and periods (9209: unpublish it instead)',
  tags: ['course-admin'],
  request: z.object({ courseId: id }),
  response: z.object({ deleted: z.boolean() }),
});

export const saveAdminChapter = defineCall({
  name: 'saveAdminChapter',
  method: 'POST',
  path: '/course/auth/admin/chapter/save',
  summary: 'Adds a chapter at the end of a course or, with chapterId, renames one',
  tags: ['course-admin'],
  request: z.object({ courseId: id, chapterId: id.optional(), title }),
  response: z.object({ chapterId: z.number().int() }),
});

export const deleteAdminChapter = defineCall({
  name: 'deleteAdminChapter',
  method: 'POST',
  path: '/course/auth/admin/chapter/delete',
  summary: 'Deletes a chapter and its periods (9213 when learners studied one of them)',
  tags: ['course-admin'],
  request: z.object({ courseId: id, chapterId: id }),
  response: z.object({ deleted: z.boolean() }),
});

export const savePeriodRequest = z.object({
  courseId: id,
  chapterId: id,
  periodId: id.optional(),
  title,
  periodType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Video and document periods: a material of the enterprise's library of that kind. */
  materialId: id.nullable().default(null),
  /** Image-text periods: rich text, sanitised when stored. */
  content: z.string().max(COURSE_RICH_TEXT_MAX).default(''),
  /** Documents and image-text: the minimum open time in seconds (a video's is its length). */
  durationSeconds: z.number().int().min(0).max(PERIOD_SECONDS_MAX).default(0),
  freeTrial: z.boolean().default(false),
  required: z.boolean().default(true),
});

export const saveAdminPeriod = defineCall({
  name: 'saveAdminPeriod',
  method: 'POST',
  path: '/course/auth/admin/period/save',
  summary: 'Adds a period at the end of a chapter or, with periodId, changes one (video, document or image-text)',
  tags: ['course-admin'],
  request: savePeriodRequest,
  response: z.object({ periodId: z.number().int() }),
});

export const deleteAdminPeriod = defineCall({
  name: 'deleteAdminPeriod',
  method: 'POST',
  path: '/course/auth/admin/period/delete',
  summary: 'Deletes a period nobody has studied (9213 otherwise)',
  tags: ['course-admin'],
  request: z.object({ courseId: id, periodId: id }),
  response: z.object({ deleted: z.boolean() }),
});

export const reorderAdminCourse = defineCall({
  name: 'reorderAdminCourse',
  method: 'POST',
  path: '/course/auth/admin/course/reorder',
  summary:
    "A course's new order of chapters and of periods in them (a period may change chapter): exactly the course's chapters and periods, each once (9210)",
  tags: ['course-admin'],
  request: z.object({
    courseId: id,
    chapters: z.array(z.object({ chapterId: id, periodIds: z.array(id).max(PERIODS_MAX) })).max(CHAPTERS_MAX),
  }),
  response: z.object({ chapters: z.number().int(), periods: z.number().int() }),
});
