import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// Courses as lists show them (issue 4): the home page's course zones, a topic's courses, a
// lecturer's courses and search results share this card. The course calls live beside it.

export const courseCard = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  lecturerId: z.number().int().nullable(),
  /** '' when the course has no lecturer. */
  lecturerName: z.string(),
  learnerCount: z.number().int(),
  /** Yuan with two decimals (0 = free); shown only when the site's showCoursePriceOpenSet is on. */
  price: z.number(),
});
export type CourseCard = z.infer<typeof courseCard>;

// ---- The course calls (issue 4, decision 017) ----

const eid = z.coerce.number().int().positive().optional().describe('Enterprise id; the domain default when absent');

/** How a course zone orders its courses (zones.relation_type; decision 017). */
export const CourseRelation = { NEWEST: 1, MOST_LEARNERS: 2, RECOMMENDED: 3 } as const;

/** Courses a course zone shows when neither the zone nor the request says. */
export const ZONE_SHOW_NUM = 8;
/** The most a zone list or a page holds. */
export const COURSE_LIST_MAX = 50;
/** Courses a page of /course/…/info/page holds by default (three rows of four cards). */
export const COURSE_PAGE_SIZE = 12;

const zoneRequest = z.object({
  /** A course zone of the site: its relationType and showNum apply (a request's own are ignored). */
  zoneId: id.optional(),
  relationType: z.coerce.number().int().min(1).max(3).default(CourseRelation.NEWEST),
  showNum: z.coerce.number().int().min(1).max(COURSE_LIST_MAX).default(ZONE_SHOW_NUM),
});

export const findZoneCourses = defineCall({
  name: 'findZoneCourses',
  method: 'GET',
  path: '/system/api/pc/zone/info/course/list',
  access: 'visitor',
  summary:
    "A home course zone's courses: relationType 1 newest, 2 most learners, 3 recommended; visitors only where visitor mode is on",
  tags: ['course'],
  request: zoneRequest.extend({ eid }),
  response: z.array(courseCard),
});

export const findZoneCoursesAuth = defineCall({
  name: 'findZoneCoursesAuth',
  method: 'GET',
  path: '/system/auth/pc/zone/info/course/list',
  summary: "A home course zone's courses, for a signed-in learner's enterprise",
  tags: ['course'],
  request: zoneRequest,
  response: z.array(courseCard),
});

/** How the catalogue orders courses: 1 newest, 2 most learners. */
export const CourseSort = { NEWEST: 1, MOST_LEARNERS: 2 } as const;

const filters = z.object({
  /** In the title or summary; `%` and `_` are taken literally. */
  keyword: z.string().trim().max(50).optional(),
  lecturerId: id.optional(),
  /** A course category (categoryType 3): its courses and those of the categories below it. */
  categoryId: id.optional(),
});

const pageRequest = filters.extend({
  ...paging(COURSE_PAGE_SIZE, COURSE_LIST_MAX),
  sortType: z.coerce.number().int().min(1).max(2).default(CourseSort.NEWEST),
});

export const findCourses = defineCall({
  name: 'findCourses',
  method: 'POST',
  path: '/course/api/course/info/page',
  access: 'visitor',
  summary:
    'Published courses of the site by keyword (title or summary), lecturer and category; newest or most learners first',
  tags: ['course'],
  request: pageRequest.extend({ eid }),
  response: pageResponse(courseCard),
});

export const findCoursesAuth = defineCall({
  name: 'findCoursesAuth',
  method: 'POST',
  path: '/course/auth/course/info/page',
  summary:
    "Published courses of the learner's enterprise by keyword, lecturer and category; newest or most learners first",
  tags: ['course'],
  request: pageRequest,
  response: pageResponse(courseCard),
});

export const findLecturerCourses = defineCall({
  name: 'findLecturerCourses',
  method: 'POST',
  path: '/course/auth/course/info/lecturer/page',
  summary: "A lecturer's published courses, newest first (another enterprise's lecturer has none)",
  tags: ['course'],
  request: z.object({
    lecturerId: id,
    ...paging(COURSE_PAGE_SIZE, COURSE_LIST_MAX),
  }),
  response: pageResponse(courseCard),
});

export const countCourses = defineCall({
  name: 'countCourses',
  method: 'POST',
  path: '/course/auth/course/info/count',
  summary:
    "The catalogue's counts for the learner: courses matching the filters, and of those the learner's in progress and completed",
  tags: ['course'],
  request: filters,
  response: z.object({
    totalCount: z.number().int(),
    learningCount: z.number().int(),
    completedCount: z.number().int(),
  }),
});
