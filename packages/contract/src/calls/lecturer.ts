import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

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
