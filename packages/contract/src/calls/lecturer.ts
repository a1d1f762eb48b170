import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';
import type { Lang } from '../errors.ts';

// Lecturers (issue 4): the rank list and the filtered, paged list of /lecturer, and the detail and
// base views of /lecturer/view/info (platform.md section 7, user calls). Signed-in learners only.

export const lecturerRank = z.object({ id: z.number().int(), name: z.string() });

export const findLecturerRanks = defineCall({
  name: 'findLecturerRanks',
  method: 'GET',
  path: '/user/auth/lecturer/rank/list',
  summary: "The enterprise's lecturer ranks, in order (the filter of /lecturer)",
  tags: ['lecturer'],
  request: z.object({}),
  response: z.array(lecturerRank),
});

export const lecturerBase = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  organization: z.string(),
  avatarUrl: z.string(),
  rankId: z.number().int().nullable(),
  rankName: z.string(),
});
export type LecturerBase = z.infer<typeof lecturerBase>;

export const findLecturers = defineCall({
  name: 'findLecturers',
  method: 'POST',
  path: '/user/auth/lecturer/info/page',
  summary: 'Lecturers of the enterprise in their order, by rank and by keyword in the name, paged',
  tags: ['lecturer'],
  request: z.object({
    ...paging(12, 50),
    rankId: id.optional(),
    keyword: z.string().trim().max(50).optional(),
  }),
  response: pageResponse(lecturerBase),
});

const lecturerId = z.object({ lecturerId: id });

export const viewLecturerDetail = defineCall({
  name: 'viewLecturerDetail',
  method: 'GET',
  path: '/user/auth/lecturer/info/detail/view',
  summary: 'A lecturer with the sanitised introduction',
  tags: ['lecturer'],
  request: lecturerId,
  response: lecturerBase.extend({ intro: z.string() }),
});

export const viewLecturerBase = defineCall({
  name: 'viewLecturerBase',
  method: 'GET',
  path: '/user/auth/lecturer/info/base/view',
  summary: "A lecturer's name, title, organisation, avatar and rank",
  tags: ['lecturer'],
  request: lecturerId,
  response: lecturerBase,
});

// The home page's lecturer zone (platform.md section 7, system calls; decision 017): the
// enterprise's featured lecturers in their order, as many as the zone's showNum.

const lecturerZoneRequest = z.object({
  /** A lecturer zone of the site: its showNum applies. */
  zoneId: id.optional(),
  showNum: z.coerce.number().int().min(1).max(50).default(8),
});

export const findZoneLecturers = defineCall({
  name: 'findZoneLecturers',
  method: 'GET',
  path: '/system/api/pc/zone/info/lecturer/list',
  access: 'visitor',
  summary: 'The home lecturer zone: featured lecturers in order; visitors only where visitor mode is on',
  tags: ['lecturer'],
  request: lecturerZoneRequest.extend({
    eid: z.coerce
      .number()
      .int()
      .positive()
      .max(2147483647)
      .optional()
      .describe('Enterprise id; the domain default when absent'),
  }),
  response: z.array(lecturerBase),
});

export const findZoneLecturersAuth = defineCall({
  name: 'findZoneLecturersAuth',
  method: 'GET',
  path: '/system/auth/pc/zone/info/lecturer/list',
  summary: "The home lecturer zone of the learner's enterprise: featured lecturers in order",
  tags: ['lecturer'],
  request: lecturerZoneRequest,
  response: z.array(lecturerBase),
});

// The back office's lecturers (issue 21 item 3, decision 040): an administrator of the session's
// enterprise lists, creates, edits, hides and deletes them and sees their courses.

export const LECTURER_NAME_MAX = 50;
export const LECTURER_TITLE_MAX = 50;
export const LECTURER_ORGANIZATION_MAX = 100;
/** The introduction as stored: sanitised rich text (the portal renders it, decision 005). */
export const LECTURER_INTRO_MAX = 20_000;
export const LECTURER_SORT_MAX = 9999;

/** A lecturer as the back office lists them: hidden ones too, with how many courses they teach. */
export const adminLecturer = lecturerBase.extend({
  sort: z.number().int(),
  /** Shown to learners (the lecturer pages, course cards and pages). */
  published: z.boolean(),
  /** In the home page's lecturer zone. */
  featured: z.boolean(),
  courseCount: z.number().int(),
});
export type AdminLecturer = z.infer<typeof adminLecturer>;

const adminText = (lang: Lang, max: number, label: { zh: string; en: string }) =>
  z
    .string({ error: lang === 'zh' ? `请填写${label.zh}` : `Please enter the ${label.en}` })
    .trim()
    .max(max, { error: lang === 'zh' ? `${label.zh}最多${max}个字` : `The ${label.en} has at most ${max} characters` });

/** The fields of a lecturer's form, with messages in the caller's language (the page uses the same). */
export const lecturerFormFor = (lang: Lang) =>
  z.object({
    name: adminText(lang, LECTURER_NAME_MAX, { zh: '讲师姓名', en: 'lecturer name' }).min(1, {
      error: lang === 'zh' ? '请填写讲师姓名' : 'Please enter the lecturer name',
    }),
    title: adminText(lang, LECTURER_TITLE_MAX, { zh: '职务/职称', en: 'title' }).default(''),
    organization: adminText(lang, LECTURER_ORGANIZATION_MAX, { zh: '所在单位', en: 'organisation' }).default(''),
    /** A rank of the enterprise, or null for none. */
    rankId: id.nullable().default(null),
    /** The photo's address: an upload of this administrator (uploadPic), or the one it has now. */
    avatarUrl: z.string().trim().max(300).default(''),
    /** Rich text (HTML); sanitised when stored and again when served. */
    intro: adminText(lang, LECTURER_INTRO_MAX, { zh: '讲师介绍', en: 'introduction' }).default(''),
    sort: z.coerce
      .number()
      .int()
      .min(0, {
        error: lang === 'zh' ? `排序为0到${LECTURER_SORT_MAX}的整数` : `Sort is a whole number 0–${LECTURER_SORT_MAX}`,
      })
      .max(LECTURER_SORT_MAX, {
        error: lang === 'zh' ? `排序为0到${LECTURER_SORT_MAX}的整数` : `Sort is a whole number 0–${LECTURER_SORT_MAX}`,
      })
      .default(0),
    published: z.boolean().default(true),
    featured: z.boolean().default(false),
  });
export type LecturerForm = z.infer<ReturnType<typeof lecturerFormFor>>;

export const findAdminLecturers = defineCall({
  name: 'findAdminLecturers',
  method: 'GET',
  path: '/user/auth/admin/lecturer/page',
  summary:
    "The enterprise's lecturers for the back office (hidden ones too) in their order, by name, rank and shown or hidden",
  tags: ['lecturer', 'back-office'],
  request: z.object({
    ...paging(20, 100),
    keyword: z.string().trim().max(50).optional(),
    rankId: id.optional(),
    /** 1 shown, 0 hidden. */
    published: z.enum(['0', '1']).optional(),
  }),
  response: pageResponse(adminLecturer),
});

export const viewAdminLecturer = defineCall({
  name: 'viewAdminLecturer',
  method: 'GET',
  path: '/user/auth/admin/lecturer/{id}',
  summary: 'A lecturer for the back office, with the stored introduction',
  tags: ['lecturer', 'back-office'],
  request: z.object({ id }),
  response: adminLecturer.extend({ intro: z.string() }),
});

export const createLecturer = defineCall({
  name: 'createLecturer',
  method: 'POST',
  path: '/user/auth/admin/lecturer/create',
  summary: 'Adds a lecturer; 9251 an unknown rank, 9253 a photo that is not an upload of this administrator',
  tags: ['lecturer', 'back-office'],
  request: lecturerFormFor('zh'),
  requestFor: lecturerFormFor,
  response: z.object({ id: z.number().int() }),
});

const lecturerEditFor = (lang: Lang) => lecturerFormFor(lang).extend({ id });

export const editLecturer = defineCall({
  name: 'editLecturer',
  method: 'POST',
  path: '/user/auth/admin/lecturer/{id}/edit',
  summary: "Changes a lecturer's profile, order and whether learners see them; learners see it at once",
  tags: ['lecturer', 'back-office'],
  request: lecturerEditFor('zh'),
  requestFor: lecturerEditFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteLecturer = defineCall({
  name: 'deleteLecturer',
  method: 'POST',
  path: '/user/auth/admin/lecturer/{id}/delete',
  summary:
    'Deletes a lecturer who teaches no course and no project (else 9252: hide them instead, or change the courses first)',
  tags: ['lecturer', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

export const adminLecturerCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  published: z.boolean(),
  categoryName: z.string(),
  learnerCount: z.number().int(),
});

export const findAdminLecturerCourses = defineCall({
  name: 'findAdminLecturerCourses',
  method: 'GET',
  path: '/user/auth/admin/lecturer/{id}/courses',
  summary: "A lecturer's courses for the back office (unpublished ones too), newest first",
  tags: ['lecturer', 'back-office'],
  request: z.object({ id, ...paging(10, 100) }),
  response: pageResponse(adminLecturerCourse),
});
