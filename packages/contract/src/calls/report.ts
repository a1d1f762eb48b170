import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';

// The back office's reports (issue 22 item 6): learning — credit hours, points and course
// completions — by department, person and course over a period, read straight from the ledger
// (earnings) and the completions, so every number is the sum of the rows it stands for.

/** The longest period a report covers (days). */
export const REPORT_MAX_DAYS = 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const LEARNING_REPORT_BY = ['department', 'person', 'course'] as const;
export type LearningReportBy = (typeof LEARNING_REPORT_BY)[number];

const learningFilter = z.object({
  by: z.enum(LEARNING_REPORT_BY).default('department'),
  /** Days of China time, both included (at most REPORT_MAX_DAYS: 9526). */
  from: day,
  to: day,
  /** The person report: members of this department only. */
  departmentId: id.optional(),
  /** The person report: a part of the name or employee no.; the course report: of the title. */
  keyword: z.string().trim().max(50).optional(),
});

/**
 * A row of a learning report. `people`: a department's members, 1 for a person, a course's
 * learners who began it in the period; `active`: those of a department's members who earned or
 * completed anything in the period (a person: 1 or 0; a course: as `people`).
 */
export const learningReportRow = z.object({
  key: z.number().int(),
  name: z.string(),
  /** A person's departments (、between); empty for the others. */
  detail: z.string(),
  people: z.number().int(),
  active: z.number().int(),
  completions: z.number().int(),
  creditHours: z.number(),
  points: z.number().int(),
});
export type LearningReportRow = z.infer<typeof learningReportRow>;

export const learningReportTotals = learningReportRow.omit({ key: true, name: true, detail: true });
export type LearningReportTotals = z.infer<typeof learningReportTotals>;

export const viewLearningReport = defineCall({
  name: 'viewLearningReport',
  method: 'GET',
  path: '/course/auth/admin/report/learning',
  summary:
    "Learning over a period by department, person or course: credit hours and points from the ledger, course completions, with the period's totals (each person once)",
  tags: ['back-office'],
  request: learningFilter.extend(paging(20, 100)),
  response: z.object({ totals: learningReportTotals, page: pageResponse(learningReportRow) }),
});

export const exportLearningReport = defineCall({
  name: 'exportLearningReport',
  method: 'POST',
  path: '/course/auth/admin/report/learning/export',
  summary:
    'Exports a learning report (its dimension, period and filters) as XLSX in a background job, with a totals row: answers the export record',
  tags: ['back-office'],
  request: learningFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});
