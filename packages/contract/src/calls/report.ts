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

// ---- Exams and certificates (issue 22 item 6) ----

const period = z.object({
  /** Days of China time, both included (at most REPORT_MAX_DAYS: 9526). */
  from: day,
  to: day,
});

/**
 * An exam task's results over a period, read from its attempts submitted in the period:
 * `takers` learners with such an attempt, `marked`/`waiting` the attempts marked and waiting for
 * marking, `passed` learners with a passing marked attempt, `passRate` passed of the learners with
 * a marked attempt (percent, one decimal), the scores (points) over the marked attempts, and the
 * certificates the task issued in the period.
 */
export const examReportRow = z.object({
  taskId: z.number().int(),
  title: z.string(),
  takers: z.number().int(),
  attempts: z.number().int(),
  marked: z.number().int(),
  waiting: z.number().int(),
  passed: z.number().int(),
  /** Null when no attempt in the period is marked yet. */
  passRate: z.number().nullable(),
  averageScore: z.number().nullable(),
  highestScore: z.number().nullable(),
  lowestScore: z.number().nullable(),
  totalScore: z.number(),
  certificates: z.number().int(),
});
export type ExamReportRow = z.infer<typeof examReportRow>;

/** The period's totals over the tasks (a learner counts once per task). */
export const examReportTotals = z.object({
  tasks: z.number().int(),
  takers: z.number().int(),
  attempts: z.number().int(),
  marked: z.number().int(),
  waiting: z.number().int(),
  passed: z.number().int(),
  passRate: z.number().nullable(),
  certificates: z.number().int(),
});
export type ExamReportTotals = z.infer<typeof examReportTotals>;

const examFilter = period.extend({
  /** A part of the exam's title. */
  keyword: z.string().trim().max(50).optional(),
});

export const viewExamReport = defineCall({
  name: 'viewExamReport',
  method: 'GET',
  path: '/course/auth/admin/report/exam',
  summary:
    "Exam results over a period, one row per exam task with attempts submitted in it: takers, attempts, marking, pass rate, scores and certificates, with the period's totals",
  tags: ['back-office'],
  request: examFilter.extend(paging(20, 100)),
  response: z.object({ totals: examReportTotals, page: pageResponse(examReportRow) }),
});

/** Score bands of the distribution, in percent of the paper's total: [from, to) and the last to 100 included. */
export const SCORE_BANDS = [
  { from: 0, to: 60 },
  { from: 60, to: 70 },
  { from: 70, to: 80 },
  { from: 80, to: 90 },
  { from: 90, to: 100 },
] as const;

/**
 * A question of an exam task over the period's marked attempts: how often it was given, answered
 * right, partly right, wrong (unanswered included) and left unanswered, and its average score.
 */
export const examQuestionReportRow = z.object({
  questionId: z.number().int(),
  questionType: z.number().int(),
  /** The stem as the learners saw it (the attempt's copy), without markup. */
  stem: z.string(),
  given: z.number().int(),
  right: z.number().int(),
  partly: z.number().int(),
  wrong: z.number().int(),
  unanswered: z.number().int(),
  /** Wrong (unanswered included) of given, percent with one decimal. */
  wrongRate: z.number(),
  averageScore: z.number(),
  score: z.number(),
});
export type ExamQuestionReportRow = z.infer<typeof examQuestionReportRow>;

export const viewExamTaskReport = defineCall({
  name: 'viewExamTaskReport',
  method: 'GET',
  path: '/course/auth/admin/report/exam/{id}',
  summary:
    "One exam task over a period: its results row, the distribution of the marked attempts' scores by band, and its questions, most often wrong first",
  tags: ['back-office'],
  request: period.extend({ id }).extend(paging(20, 100)),
  response: z.object({
    row: examReportRow,
    passScore: z.number(),
    /** Marked attempts per SCORE_BANDS band, in its order. */
    distribution: z.array(z.number().int()),
    questions: pageResponse(examQuestionReportRow),
  }),
});

export const exportExamReport = defineCall({
  name: 'exportExamReport',
  method: 'POST',
  path: '/course/auth/admin/report/exam/export',
  summary:
    "Exports the exam report as XLSX in a background job: every task's row and the totals, or with a task id that task's questions (most often wrong first): answers the export record",
  tags: ['back-office'],
  request: examFilter.extend({ taskId: id.optional() }),
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

/** What issued certificates (EarningSource: 3 course, 5 study task, 7 exam task, 9 study project). */
export const certificateReportRow = z.object({
  sourceType: z.number().int(),
  sourceId: z.number().int(),
  title: z.string(),
  issued: z.number().int(),
  firstIssuedAt: z.string(),
  lastIssuedAt: z.string(),
});
export type CertificateReportRow = z.infer<typeof certificateReportRow>;

export const certificateReportTotals = z.object({
  issued: z.number().int(),
  /** People who got at least one. */
  holders: z.number().int(),
  /** Issued per source type, as [sourceType, count]. */
  bySource: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type CertificateReportTotals = z.infer<typeof certificateReportTotals>;

const certificateFilter = period.extend({
  /** A part of the title of what issued them. */
  keyword: z.string().trim().max(50).optional(),
});

export const viewCertificateReport = defineCall({
  name: 'viewCertificateReport',
  method: 'GET',
  path: '/course/auth/admin/report/certificate',
  summary:
    "Certificates issued over a period, one row per course, task or project that issued them, most first, with the period's totals by kind",
  tags: ['back-office'],
  request: certificateFilter.extend(paging(20, 100)),
  response: z.object({ totals: certificateReportTotals, page: pageResponse(certificateReportRow) }),
});

export const exportCertificateReport = defineCall({
  name: 'exportCertificateReport',
  method: 'POST',
  path: '/course/auth/admin/report/certificate/export',
  summary:
    'Exports every certificate issued in the period (number, holder, what issued it, score, when) as XLSX in a background job: answers the export record',
  tags: ['back-office'],
  request: certificateFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

/** What issued a certificate (its source type), in the report's and the export's words. */
export const CERTIFICATE_SOURCE_LABELS: Readonly<Record<number, { zh: string; en: string }>> = {
  3: { zh: '课程', en: 'Course' },
  5: { zh: '学习任务', en: 'Study task' },
  7: { zh: '考试', en: 'Exam' },
  9: { zh: '培训项目', en: 'Study project' },
};
