import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';

/**
 * The back office's own calls (decision 036): its audit log and its dashboard. Every call here is
 * `admin` (an administrator of the session's enterprise) by its `/auth/admin/` path.
 */

/** The entity kinds the audit log names; a later part of the back office adds its own. */
export const AUDIT_ENTITY_TYPES = [
  'study_task',
  'study_project_application',
  'study_project',
  'check_in_plan',
  'exam_attempt',
  'department',
  'learner',
  'learner_export',
  'lecturer',
  'category',
  'tag',
  'learner_import',
  'registration',
  'enterprise_application',
  'zone',
  'banner',
  'sys_link',
  'nav_item',
  'site_text',
  'site_setting',
  'material',
  // Courses in the back office (decision 039).
  'course',
  'course_chapter',
  'course_period',
  // The site's content (decision 043).
  'news',
  'news_category',
  'announcement',
  'online_message',
  'comment',
  // Question banks (decision 045).
  'question_bank',
  'question',
  'question_export',
  'question_import',
  'exam_paper',
  'exam_task',
  // Certificate templates (decision 055).
  'certificate_template',
  'exam_results_export',
  // Reports (issue 22 item 6).
  'learning_report_export',
  'exam_report_export',
  'certificate_report_export',
  // Orders and payment (decision 057).
  'order',
  'invoice',
  'pay_method',
  'order_settings',
  'order_export',
  // Batch packages (decision 058).
  'batch_package',
  // Talent records (decision 059).
  'talent_export',
  // The history import of talent records (decision 062).
  'talent_import',
  // Live rooms (decision 060).
  'live_room',
  'live_settings',
  'live_attendance_export',
  // The study assistant (decision 061).
  'assistant_settings',
  'ai_model',
  'assistant_index',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** A day as the back office's date filters send it (`2026-11-27`), read in China's time zone. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const auditEntry = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  /** The administrator's name in the enterprise (real name, else user name), or '' when gone. */
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string(),
  ip: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const findAuditLog = defineCall({
  name: 'findAuditLog',
  method: 'GET',
  path: '/system/auth/admin/audit/page',
  summary:
    "The enterprise's audit log of administrators' changes, newest first, by entity, actor and days (at most 10 000 counted)",
  tags: ['back-office'],
  request: z.object({
    ...paging(20, 100),
    entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
    entityId: z.string().trim().min(1).max(64).optional(),
    actorId: id.optional(),
    /** Days from and to, both included. */
    from: day.optional(),
    to: day.optional(),
    /** Oldest first instead of newest first. */
    order: z.enum(['asc', 'desc']).default('desc'),
  }),
  response: pageResponse(auditEntry),
});

export const dashboardCount = z.object({ name: z.string(), value: z.number() });

export const viewDashboard = defineCall({
  name: 'viewDashboard',
  method: 'GET',
  path: '/course/auth/admin/dashboard',
  summary:
    "The back office's first page for this week (from Monday, China time): active learners, credit hours earned, courses completed, by department, and the most studied courses",
  tags: ['back-office'],
  request: z.object({}),
  response: z.object({
    /** Monday 00:00 of this week, ISO 8601. */
    weekStart: z.string(),
    /** Members of the enterprise (enabled). */
    learners: z.number().int(),
    /** Learners who studied a course this week. */
    activeLearners: z.number().int(),
    /** Credit hours (学时) the earning ledger credited this week. */
    creditHours: z.number(),
    /** Courses completed this week. */
    completions: z.number().int(),
    /** Per department: active learners, completions and credit hours this week (top 10 by active). */
    departments: z.array(
      z.object({
        departmentId: z.number().int(),
        name: z.string(),
        activeLearners: z.number().int(),
        completions: z.number().int(),
        creditHours: z.number(),
      }),
    ),
    /** The courses most learners studied this week (top 10). */
    topCourses: z.array(z.object({ courseId: z.number().int(), title: z.string(), learners: z.number().int() })),
    /** Completions and credit hours per day of this week so far (Monday first; `day` YYYY-MM-DD). */
    daily: z.array(z.object({ day: z.string(), completions: z.number().int(), creditHours: z.number() })),
  }),
});
