import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';
import { lecturerBase } from './lecturer.ts';

// Study projects (issue 20 item 5, account-area.md section 7 "Courses and study", platform.md
// section 7; decisions 033 and 035): programmes of staged study tasks that learners apply for. The
// public list (visitors where visitor mode is on, and the home zone), the signed-in list, count,
// view, lecturers and admire; applying and withdrawing with capacity held under concurrent
// applications; deciding applications by enterprise administrators until the back office exists;
// the learner's project records of the training records (/account?change=2) and their export.

/** How a project takes learners: 1 open (approved at once), 2 approval by an administrator, 3 closed. */
export const EnrolRule = { OPEN: 1, APPROVAL: 2, CLOSED: 3 } as const;

/** An application's state: 1 pending, 2 approved (enrolled), 3 rejected, 4 withdrawn. Pending and approved hold a seat. */
export const ApplicationStatus = { PENDING: 1, APPROVED: 2, REJECTED: 3, WITHDRAWN: 4 } as const;

/** Where a project is in its dates (the server's clock): 1 not started, 2 under way, 3 ended. */
export const ProjectState = { NOT_STARTED: 1, UNDER_WAY: 2, ENDED: 3 } as const;

/**
 * A project record's label in the training records (the statusLabel enumeration): 1 not started
 * (approved, no task started), 2 learning, 3 completed (every task of every stage complete).
 */
export const ProjectRecordLabel = { NOT_STARTED: 1, LEARNING: 2, COMPLETED: 3 } as const;

export const PROJECT_PAGE_SIZE = 12;
export const PROJECT_LIST_MAX = 50;
/** The most an enrolment reason (an administrator's rejection reason) holds. */
export const PROJECT_REASON_MAX = 200;

const projectRef = z.object({ projectId: id });
const applicationStatus = z.coerce.number().int().min(1).max(4);

/** A project as lists show it (the public list, the home zone, the signed-in list). */
export const projectCard = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  summary: z.string(),
  /** ISO times: applications are taken between them. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** ProjectState by the server's clock. */
  projectState: z.number().int(),
  /** 0: no limit. */
  capacity: z.number().int(),
  /** Pending and approved applications. */
  seatsTaken: z.number().int(),
  /** null: no limit. */
  seatsLeft: z.number().int().nullable(),
  /** EnrolRule. */
  enrolRule: z.number().int(),
  admireCount: z.number().int(),
  /** The project's lecturers' names, in order. */
  lecturerNames: z.array(z.string()),
  /** A priced project is joined by buying it (/pay/buy, goods type 2; decision 058); 0 is free. */
  priceFen: z.number().int(),
});
export type ProjectCard = z.infer<typeof projectCard>;

/** A signed-in learner's card: with their application's state (null: never applied). */
export const projectCardMine = projectCard.extend({
  /** ApplicationStatus, or null. */
  applicationStatus: z.number().int().nullable(),
});
export type ProjectCardMine = z.infer<typeof projectCardMine>;

const eid = z.coerce
  .number()
  .int()
  .positive()
  .max(2147483647)
  .optional()
  .describe('Enterprise id; the domain default when absent');

export const findPublicProjects = defineCall({
  name: 'findPublicProjects',
  method: 'POST',
  path: '/course/api/study/project/list',
  access: 'visitor',
  summary:
    "Published projects of the site open to visitors, recommended first then newest, by keyword, state and id; the home zone's list too, and the enrolment page's project (visitors only where visitor mode is on)",
  tags: ['project'],
  request: z.object({
    ...paging(PROJECT_PAGE_SIZE, PROJECT_LIST_MAX),
    keyword: z.string().trim().max(50).optional(),
    /** ProjectState; absent: all. */
    projectState: z.coerce.number().int().min(1).max(3).optional(),
    /** One project (the enrolment page /signUp?projectId=): a list of it, or empty where visitors do not see it. */
    projectId: id.optional(),
    eid,
  }),
  response: pageResponse(projectCard),
});

const projectFilters = z.object({
  /** In the title or summary; `%` and `_` are taken literally. */
  keyword: z.string().trim().max(50).optional(),
  /** ProjectState; absent: all. */
  projectState: z.coerce.number().int().min(1).max(3).optional(),
  /** The learner's ApplicationStatus; 0: projects they never applied to; absent: all. */
  applicationStatus: z.coerce.number().int().min(0).max(4).optional(),
});

export const findProjects = defineCall({
  name: 'findProjects',
  method: 'POST',
  path: '/course/auth/study/project/page',
  summary:
    "Published projects of the learner's enterprise, recommended first then newest, by keyword, state and the learner's application status, each with that status",
  tags: ['project'],
  request: projectFilters.extend(paging(PROJECT_PAGE_SIZE, PROJECT_LIST_MAX)),
  response: pageResponse(projectCardMine),
});

export const countProjects = defineCall({
  name: 'countProjects',
  method: 'POST',
  path: '/course/auth/study/project/count',
  summary:
    "The project list's counts: projects matching the filters, and of those the ones the learner applied to (pending), is enrolled in, and completed",
  tags: ['project'],
  request: projectFilters,
  response: z.object({
    totalCount: z.number().int(),
    pendingCount: z.number().int(),
    enrolledCount: z.number().int(),
    completedCount: z.number().int(),
  }),
});

/** The learner's application to a project. */
export const projectApplication = z.object({
  projectId: z.number().int(),
  /** ApplicationStatus. */
  status: z.number().int(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** An administrator's reason (a rejection's); '' when none. */
  reason: z.string(),
  /** Every task of every stage complete (approved learners only). */
  completedAt: z.string().nullable(),
});
export type ProjectApplication = z.infer<typeof projectApplication>;

/** A task of a stage, with the learner's standing when they are enrolled. */
export const projectTask = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Task type: 1 learning, 2 exam, 3 assessment, 4 coaching. */
  taskType: z.number().int(),
  /** The learner's statusLabel in the task; null when not enrolled. */
  statusLabel: z.number().int().nullable(),
  /** 0 to 100; null when not enrolled. */
  progressPercent: z.number().int().nullable(),
  completedAt: z.string().nullable(),
});
export type ProjectTask = z.infer<typeof projectTask>;

export const projectStage = z.object({
  id: z.number().int(),
  title: z.string(),
  tasks: z.array(projectTask),
});
export type ProjectStage = z.infer<typeof projectStage>;

/** Why the learner cannot apply now: the error code an apply would answer (null: they can). */
export const projectApplyRefusal = z.number().int().nullable();

export const projectDetail = projectCardMine.extend({
  /** Sanitised rich text. */
  intro: z.string(),
  /** Completing the project earns these (credit by the site's studyScoreType), and a certificate when true. */
  creditHour: z.number(),
  points: z.number().int(),
  grantsCertificate: z.boolean(),
  stages: z.array(projectStage),
  lecturers: z.array(lecturerBase),
  admired: z.boolean(),
  application: projectApplication.nullable(),
  /** Applying is possible now (the rule, the dates, the seats, no application holding a seat). */
  canApply: z.boolean(),
  cannotApplyCode: projectApplyRefusal,
  /** The learner's progress over every task of every stage (enrolled learners; zeros otherwise). */
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
  progressPercent: z.number().int(),
  completed: z.boolean(),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const viewProject = defineCall({
  name: 'viewProject',
  method: 'POST',
  path: '/course/auth/study/project/view/project',
  summary:
    "A published project of the learner's enterprise: introduction, stages and their tasks with the learner's standing, lecturers, seats, rule, the learner's application, admire and completion (completing it earns once)",
  tags: ['project'],
  request: projectRef,
  response: projectDetail,
});

export const findProjectLecturers = defineCall({
  name: 'findProjectLecturers',
  method: 'POST',
  path: '/course/auth/study/project/lecturer/page',
  summary: "A project's lecturers in their order, paged",
  tags: ['project'],
  request: projectRef.extend(paging(PROJECT_PAGE_SIZE, PROJECT_LIST_MAX)),
  response: pageResponse(lecturerBase),
});

export const admireProject = defineCall({
  name: 'admireProject',
  method: 'PUT',
  path: '/course/auth/study/project/admire',
  summary: "Toggles the learner's like of a project (as a course's); answers the new state and count",
  tags: ['project'],
  request: projectRef,
  response: z.object({ admired: z.boolean(), admireCount: z.number().int() }),
});

/** A project the learner applied to (/account?change=8 my enrolments). */
export const appliedProject = projectCard.extend({
  application: projectApplication,
});
export type AppliedProject = z.infer<typeof appliedProject>;

export const findAppliedProjects = defineCall({
  name: 'findAppliedProjects',
  method: 'POST',
  path: '/course/auth/study/project/apply/project/list',
  summary:
    'The projects the learner applied to, last applied first, by application status (1 pending, 2 approved, 3 rejected, 4 withdrawn)',
  tags: ['project'],
  request: z.object({
    ...paging(10, PROJECT_LIST_MAX),
    status: applicationStatus.optional(),
  }),
  response: pageResponse(appliedProject),
});

export const applyProject = defineCall({
  name: 'applyProject',
  method: 'POST',
  path: '/course/auth/study/project/apply',
  summary:
    'Applies to a project: approved at once where the rule is open, pending where it needs approval; refused when closed (8201), before or after its dates (8202, 8203), full (8204) or applied already (8205)',
  tags: ['project'],
  request: projectRef,
  response: projectApplication,
});

export const cancelProjectApplication = defineCall({
  name: 'cancelProjectApplication',
  method: 'POST',
  path: '/course/auth/study/project/apply/cancel',
  summary: "Withdraws the learner's pending application and frees its seat (8206 when not pending)",
  tags: ['project'],
  request: projectRef,
  response: projectApplication,
});

// ---- Deciding applications (enterprise administrators until the back office exists) ----

export const projectApplicant = z.object({
  accountId: z.number().int(),
  userName: z.string(),
  status: z.number().int(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string(),
  completedAt: z.string().nullable(),
});
export type ProjectApplicant = z.infer<typeof projectApplicant>;

export const findProjectApplications = defineCall({
  name: 'findProjectApplications',
  method: 'GET',
  path: '/course/auth/admin/study/project/apply/page',
  summary: "A project's applications, oldest first, by status (administrators only: 3403)",
  tags: ['project'],
  request: projectRef.extend({
    ...paging(20, 100),
    status: applicationStatus.optional(),
  }),
  response: pageResponse(projectApplicant),
});

export const decideProjectApplication = defineCall({
  name: 'decideProjectApplication',
  method: 'POST',
  path: '/course/auth/admin/study/project/apply/decide',
  summary:
    'Approves or rejects a pending application; rejecting frees its seat (administrators only: 3403; 8208 when decided already)',
  tags: ['project'],
  request: projectRef.extend({
    accountId: id,
    approve: z.boolean(),
    reason: z.string().trim().max(PROJECT_REASON_MAX).optional(),
  }),
  response: projectApplicant,
});

/** The back office's list of projects (/crm/projects): seats, and applications waiting. */
export const adminProjectRow = z.object({
  id: z.number().int(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Seats (0: no limit) and those held (pending and approved applications). */
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  /** EnrolRule: 1 open to all, 2 approval needed, 3 closed. */
  enrolRule: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  published: z.boolean(),
});
export type AdminProjectRow = z.infer<typeof adminProjectRow>;

export const findAdminProjects = defineCall({
  name: 'findAdminProjects',
  method: 'GET',
  path: '/course/auth/admin/study/project/page',
  summary:
    "The enterprise's projects, latest start first, by a part of the title, with seats and applications waiting (administrators only)",
  tags: ['project', 'back-office'],
  request: z.object({ ...paging(20, 100), keyword: z.string().trim().max(50).optional() }),
  response: pageResponse(adminProjectRow),
});

export const viewAdminProject = defineCall({
  name: 'viewAdminProject',
  method: 'GET',
  path: '/course/auth/admin/study/project/{id}',
  summary:
    'One project of the back office, published or not, with seats and applications waiting (administrators only)',
  tags: ['project', 'back-office'],
  request: z.object({ id }),
  response: adminProjectRow,
});

/** Applications one bulk decision takes (a page of the queue at most). */
export const PROJECT_DECIDE_MAX = 100;

export const decideProjectApplications = defineCall({
  name: 'decideProjectApplications',
  method: 'POST',
  path: '/course/auth/admin/study/project/apply/decide/batch',
  summary:
    'Approves or rejects pending applications at once (rejecting needs a reason: 8209); those no longer pending are left as they are and counted (administrators only)',
  tags: ['project', 'back-office'],
  request: projectRef.extend({
    accountIds: z.array(id).min(1).max(PROJECT_DECIDE_MAX),
    approve: z.boolean(),
    reason: z.string().trim().max(PROJECT_REASON_MAX).optional(),
  }),
  response: z.object({ decided: z.number().int(), unchanged: z.number().int() }),
});

// ---- Project records of the training records (/account?change=2) ----

export const projectRecord = z.object({
  projectId: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** ProjectRecordLabel (statusLabel 1 not started, 2 learning, 3 completed). */
  statusLabel: z.number().int(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
  progressPercent: z.number().int(),
  completedAt: z.string().nullable(),
  /** What completing earned (credit by the site's studyScoreType; zeros before completion). */
  creditHour: z.number(),
  points: z.number().int(),
  certificateEarned: z.boolean(),
});
export type ProjectRecord = z.infer<typeof projectRecord>;

const recordFilter = z.object({
  /** ProjectRecordLabel; absent: all. */
  statusLabel: z.coerce.number().int().min(1).max(3).optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const findProjectRecords = defineCall({
  name: 'findProjectRecords',
  method: 'POST',
  path: '/course/auth/user/study/task/relation/project/page',
  summary:
    "The learner's project records (the projects they are enrolled in), last enrolled first: dates, label, progress over the project's tasks, completion and what it earned",
  tags: ['project'],
  request: recordFilter.extend(paging(10, PROJECT_LIST_MAX)),
  response: pageResponse(projectRecord),
});

export const exportProjectRecords = defineCall({
  name: 'exportProjectRecords',
  method: 'POST',
  path: '/course/auth/user/study/task/relation/project/export',
  summary:
    "Exports the learner's project records (the list's filter) as XLSX in a background job: answers the export record (processing, then done or failed)",
  tags: ['project'],
  request: recordFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

/** One enrolled learner's row of a project's progress (issue 22 item 5). */
export const projectProgressPerson = z.object({
  accountId: z.number().int(),
  name: z.string(),
  employeeNo: z.string(),
  /** Their departments (、between). */
  departments: z.string(),
  /** The project's tasks they finished (completed or passed), of all its stage tasks. */
  tasksFinished: z.number().int(),
  tasksTotal: z.number().int(),
  progressPercent: z.number().int(),
  /** When they completed the project (every task finished); null until then. */
  completedAt: z.string().nullable(),
  lastStudiedAt: z.string().nullable(),
  /** The last reminder this learner got for this project. */
  remindedAt: z.string().nullable(),
});
export type ProjectProgressPerson = z.infer<typeof projectProgressPerson>;

/** A project learner's standing: completed the project, learning (a task begun), not started. */
export const PROJECT_PROGRESS_STATUS = ['finished', 'learning', 'notStarted'] as const;

export const viewStudyProjectProgress = defineCall({
  name: 'viewStudyProjectProgress',
  method: 'GET',
  path: '/course/auth/admin/study/project/{id}/progress',
  summary:
    "One study project's enrolled learners with their progress over its stage tasks, not started first, filtered by standing, department and name, with the totals",
  tags: ['back-office'],
  request: z
    .object({
      id,
      status: z.enum(PROJECT_PROGRESS_STATUS).optional(),
      departmentId: id.optional(),
      keyword: z.string().trim().max(50).optional(),
    })
    .extend(paging(20, 100)),
  response: z.object({
    project: z.object({ id: z.number().int(), title: z.string(), tasks: z.number().int(), endsAt: z.string() }),
    totals: z.object({
      enrolled: z.number().int(),
      finished: z.number().int(),
      learning: z.number().int(),
      notStarted: z.number().int(),
      finishedRate: z.number(),
    }),
    page: pageResponse(projectProgressPerson),
  }),
});

export const remindStudyProject = defineCall({
  name: 'remindStudyProject',
  method: 'POST',
  path: '/course/auth/admin/study/project/remind',
  summary:
    "Sends a reminder notice to the project's enrolled learners who have not completed it (all of them, or those named): each learner once a day a project; 8210 once the project has ended",
  tags: ['back-office'],
  request: z.object({ projectId: id, accountIds: z.array(id).min(1).max(1000).optional() }),
  response: z.object({ reminded: z.number().int(), already: z.number().int() }),
});
