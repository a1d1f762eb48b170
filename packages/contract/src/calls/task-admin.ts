import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';

// The back office's study tasks (issue 22 item 5): the list with how far their learners are, one
// task's progress by learner and by department, and reminders — a notice in the learners' messages
// and notices (/account?change=5) — to those not finished.

/** The most learners one reminder call names. */
export const TASK_REMIND_MAX = 1000;

/** A learner's standing for the progress list: finished (3 completed, 5 passed), learning, not started. */
export const TASK_PROGRESS_STATUS = ['finished', 'learning', 'notStarted'] as const;
export type TaskProgressStatus = (typeof TASK_PROGRESS_STATUS)[number];

export const adminStudyTask = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The spec's task types: 1 study, 2 exam, 3 assessment, 4 coaching. */
  taskType: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  published: z.boolean(),
  /** Learners the task reaches now (its rules read now; disabled members left out). */
  assigned: z.number().int(),
  finished: z.number().int(),
  /** Finished of assigned, percent with one decimal. */
  finishedRate: z.number(),
});
export type AdminStudyTask = z.infer<typeof adminStudyTask>;

export const findAdminStudyTasks = defineCall({
  name: 'findAdminStudyTasks',
  method: 'GET',
  path: '/course/auth/admin/study/task/page',
  summary: "The enterprise's study tasks, latest window first, with how many learners they reach and have finished",
  tags: ['back-office'],
  request: z.object({ keyword: z.string().trim().max(50).optional() }).extend(paging(20, 100)),
  response: pageResponse(adminStudyTask),
});

/** One learner's row of a task's progress. */
export const taskProgressPerson = z.object({
  accountId: z.number().int(),
  name: z.string(),
  employeeNo: z.string(),
  /** Their departments (、between). */
  departments: z.string(),
  /** statusLabel: 1 not started (no progress yet), 2 learning, 3 completed, 5 passed, 6 failed, 9 missed. */
  status: z.number().int(),
  progressPercent: z.number().int(),
  lastStudiedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The last reminder this learner got for this task. */
  remindedAt: z.string().nullable(),
});
export type TaskProgressPerson = z.infer<typeof taskProgressPerson>;

/** One department's row: its members the task reaches, and how far they are. */
export const taskProgressDepartment = z.object({
  departmentId: z.number().int(),
  name: z.string(),
  assigned: z.number().int(),
  finished: z.number().int(),
  learning: z.number().int(),
  notStarted: z.number().int(),
  finishedRate: z.number(),
});
export type TaskProgressDepartment = z.infer<typeof taskProgressDepartment>;

export const taskProgressTotals = z.object({
  assigned: z.number().int(),
  finished: z.number().int(),
  learning: z.number().int(),
  notStarted: z.number().int(),
  finishedRate: z.number(),
});
export type TaskProgressTotals = z.infer<typeof taskProgressTotals>;

const progressFilter = z.object({
  id,
  status: z.enum(TASK_PROGRESS_STATUS).optional(),
  departmentId: id.optional(),
  /** A part of the name or employee no. */
  keyword: z.string().trim().max(50).optional(),
});

export const viewStudyTaskProgress = defineCall({
  name: 'viewStudyTaskProgress',
  method: 'GET',
  path: '/course/auth/admin/study/task/{id}/progress',
  summary:
    "One study task's learners (those it reaches now) with their status, progress and last reminder, filtered by standing, department and name, with the totals",
  tags: ['back-office'],
  request: progressFilter.extend(paging(20, 100)),
  response: z.object({
    task: adminStudyTask,
    totals: taskProgressTotals,
    page: pageResponse(taskProgressPerson),
  }),
});

export const viewStudyTaskDepartmentProgress = defineCall({
  name: 'viewStudyTaskDepartmentProgress',
  method: 'GET',
  path: '/course/auth/admin/study/task/{id}/progress/department',
  summary: "One study task's progress per department: its members the task reaches, finished, learning, not started",
  tags: ['back-office'],
  request: z.object({ id }).extend(paging(20, 100)),
  response: pageResponse(taskProgressDepartment),
});

export const remindStudyTask = defineCall({
  name: 'remindStudyTask',
  method: 'POST',
  path: '/course/auth/admin/study/task/remind',
  summary:
    "Sends a reminder notice to the task's learners who have not finished (all of them, or those named): each learner once a day a task; 8112 once the task has ended",
  tags: ['back-office'],
  request: z.object({ taskId: id, accountIds: z.array(id).min(1).max(TASK_REMIND_MAX).optional() }),
  response: z.object({
    /** Learners reminded now. */
    reminded: z.number().int(),
    /** Learners not finished who had a reminder for this task today already. */
    already: z.number().int(),
  }),
});
