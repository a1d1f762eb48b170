import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// Study tasks (issue 20 items 1–4, account-area.md section 7 "Courses and study"; decision 033):
// the learner's assigned tasks, their counts, one task with its items in order, item progress and
// order locks, downloads, marks, comments, training records and their export, coaching progress
// seen by the coached learner and their mentor; assigning by enterprise administrators until the
// back office exists. Item completion is derived from the module owning the resource; the server
// keeps the task's standing and earns its completion once.

export const TASK_PAGE_SIZE = 10;
const listPaging = paging(TASK_PAGE_SIZE, 100);

/** Task types (account-area.md section 3): 1 learning, 2 exam, 3 assessment, 4 coaching. */
export const TaskType = { LEARNING: 1, EXAM: 2, ASSESSMENT: 3, COACHING: 4 } as const;
const taskTypes = Object.values(TaskType) as number[];

/**
 * The resource types an item of a task can be (account-area.md section 3): 2 exercise (a practice
 * set), 3 online course, 4 material (a resource library file), 7 exam task, 11 sign-in (a check-in
 * plan), 13 exam paper (served as the exam task that sets it, decision 033).
 */
export const TaskResourceType = {
  EXERCISE: 2,
  COURSE: 3,
  MATERIAL: 4,
  EXAM_TASK: 7,
  CHECK_IN: 11,
  EXAM_PAPER: 13,
} as const;

/**
 * The statusLabel enumeration as a study task shows it for a learner: 1 not started (nothing done
 * yet, or before the window), 2 learning, 3 completed, 4 waiting for exam (an exam task whose exam
 * items are what is left), 5 passed and 6 failed (assessment tasks), 7 waiting for marking (an exam
 * item's attempt is being marked), 9 missed (a timed task past its end, unfinished).
 */
export const TaskStatusLabel = {
  NOT_STARTED: 1,
  LEARNING: 2,
  COMPLETED: 3,
  WAITING_FOR_EXAM: 4,
  PASSED: 5,
  FAILED: 6,
  WAITING_FOR_MARKING: 7,
  MISSED: 9,
} as const;
const taskStatusLabels = Object.values(TaskStatusLabel) as number[];

/** How a task reaches learners: 1 a person (account id), 2 a department, 3 a tag. */
export const TaskTarget = { PERSON: 1, DEPARTMENT: 2, TAG: 3 } as const;

export const TASK_COMMENT_PAGE_SIZE = 10;
export const TASK_COMMENT_MAX = 500;
/** Signed download links (one file, or the task's archive) open for this long. */
export const TASK_DOWNLOAD_LINK_TTL_MS = 10 * 60_000;
/** Most targets one assign call takes. */
export const TASK_ASSIGN_TARGETS_MAX = 500;

const taskRef = z.object({ taskId: id });
const itemRef = taskRef.extend({ itemId: id });

const listFilter = z.object({
  /** One of TaskStatusLabel; absent: all. */
  statusLabel: z.coerce
    .number()
    .int()
    .refine((n) => taskStatusLabels.includes(n), { message: 'unknown status label' })
    .optional(),
  /** One of TaskType; absent: all. */
  taskType: z.coerce
    .number()
    .int()
    .refine((n) => taskTypes.includes(n), { message: 'unknown task type' })
    .optional(),
  keyword: z.string().trim().max(50).optional(),
});

/** The learner's standing in a task (the stored row, refreshed when read). */
const standing = {
  /** TaskStatusLabel. */
  statusLabel: z.number().int(),
  /** 0 to 100: the share of required items done. */
  progressPercent: z.number().int(),
  requiredDone: z.number().int(),
  requiredCount: z.number().int(),
  completedAt: z.string().nullable(),
};

/** One task as the learner's list shows it. */
export const studyTaskRow = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  /** TaskType. */
  taskType: z.number().int(),
  ordered: z.boolean(),
  timed: z.boolean(),
  /** The window (ISO times). A timed task unfinished at its end is missed. */
  startsAt: z.string(),
  endsAt: z.string(),
  ...standing,
  /** What completing earns: credit hours in tenths, points, a certificate. */
  creditTenths: z.number().int(),
  points: z.number().int(),
  hasCertificate: z.boolean(),
});
export type StudyTaskRow = z.infer<typeof studyTaskRow>;

export const findStudyTasks = defineCall({
  name: 'findStudyTasks',
  method: 'POST',
  path: '/course/auth/study/task/page',
  summary:
    "The learner's assigned published tasks, newest window first, by status label, task type and keyword, each with its window and the learner's standing",
  tags: ['task'],
  request: listFilter.extend(listPaging),
  response: pageResponse(studyTaskRow),
});

export const studyTaskCounts = z.object({
  total: z.number().int(),
  notStarted: z.number().int(),
  learning: z.number().int(),
  completed: z.number().int(),
  waitingForExam: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  waitingForMarking: z.number().int(),
  missed: z.number().int(),
});
export type StudyTaskCounts = z.infer<typeof studyTaskCounts>;

export const countStudyTasks = defineCall({
  name: 'countStudyTasks',
  method: 'POST',
  path: '/course/auth/study/task/count',
  summary: "The learner's assigned tasks counted by status label (the list's badges), by task type and keyword",
  tags: ['task'],
  request: listFilter.omit({ statusLabel: true }),
  response: studyTaskCounts,
});

export const studyTaskSummary = z.object({
  assigned: z.number().int(),
  learning: z.number().int(),
  /** Completed or passed. */
  completed: z.number().int(),
  missed: z.number().int(),
  /** Earned from completed tasks: credit hours in tenths and points. */
  creditTenths: z.number().int(),
  points: z.number().int(),
});
export type StudyTaskSummary = z.infer<typeof studyTaskSummary>;

export const summarizeStudyTasks = defineCall({
  name: 'summarizeStudyTasks',
  method: 'GET',
  path: '/course/auth/study/task/summary/count',
  summary: "The learner's task totals: assigned, learning, completed, missed, hours and points earned from tasks",
  tags: ['task'],
  request: z.object({}),
  response: studyTaskSummary,
});

/** One item of a task with the learner's progress in it. */
export const studyTaskItem = z.object({
  id: z.number().int(),
  position: z.number().int(),
  /** TaskResourceType. */
  resourceType: z.number().int(),
  resourceId: z.number().int(),
  title: z.string(),
  required: z.boolean(),
  /** An ordered task: an item before it is not done yet (opening it answers 8004). */
  locked: z.boolean(),
  done: z.boolean(),
  progressPercent: z.number().int(),
  completedAt: z.string().nullable(),
  /** Exam items: the best score counted (tenths of a point), the bar to reach (null: the exam's own pass). */
  scoreTenths: z.number().int().nullable(),
  minScoreTenths: z.number().int().nullable(),
  /** Exam items (7, 13): the exam task to open (/account/exam/info?id=…); null for other items. */
  examTaskId: z.number().int().nullable(),
  /** Exam items: an attempt waits for marking; no attempts are left. */
  waitingForMarking: z.boolean(),
  attemptsLeft: z.boolean(),
  /** Check-in items: check-ins made of those required. */
  checkInsMade: z.number().int().nullable(),
  checkInsRequired: z.number().int().nullable(),
  /** Coaching tasks: the mentor confirmed this step (null in other task types). */
  confirmed: z.boolean().nullable(),
  /** Material items: a file to download (download/resource/download/{id}), how often it was downloaded. */
  downloadable: z.boolean(),
  downloadCount: z.number().int(),
  /** Material items: the file's address to preview (empty while locked or for other items). */
  previewUrl: z.string(),
  fileName: z.string(),
});
export type StudyTaskItem = z.infer<typeof studyTaskItem>;

export const taskPerson = z.object({ accountId: z.number().int(), name: z.string(), headPortrait: z.string() });

export const studyTaskDetail = studyTaskRow.extend({
  /** Rich text, sanitised. */
  intro: z.string(),
  commentsOpen: z.boolean(),
  marked: z.boolean(),
  /** Assessment tasks: the score every exam item must reach (tenths; null: each item's own bar). */
  passScoreTenths: z.number().int().nullable(),
  /** Coaching tasks: the learner's mentor (null: none assigned, or not a coaching task). */
  mentor: taskPerson.nullable(),
  /** The certificate earned by completing it (null: none yet). */
  certificateId: z.number().int().nullable(),
  items: z.array(studyTaskItem),
});
export type StudyTaskDetail = z.infer<typeof studyTaskDetail>;

export const viewStudyTask = defineCall({
  name: 'viewStudyTask',
  method: 'POST',
  path: '/course/auth/study/task/view/task',
  summary:
    'One assigned task with its items in order, each with the learner’s progress, lock and what opening it needs; the learner’s standing and mark',
  tags: ['task'],
  request: taskRef,
  response: studyTaskDetail,
});

/** What a progress save or read answers: the item and the task's standing after it. */
export const taskItemProgress = z.object({
  item: studyTaskItem,
  task: z.object({ taskId: z.number().int(), ...standing }),
});
export type TaskItemProgress = z.infer<typeof taskItemProgress>;

export const saveTaskProgress = defineCall({
  name: 'saveTaskProgress',
  method: 'POST',
  path: '/course/auth/study/task/progress/save',
  summary:
    'Reports progress in a material item (0 to 100; the server keeps the largest, done at 100). Refused for locked items (8004), a missed timed task, and items whose completion their own module keeps',
  tags: ['task'],
  request: itemRef.extend({
    progressPercent: z.coerce.number().int().min(0).max(100),
    studySeconds: z.coerce.number().int().min(0).max(86_400).optional(),
  }),
  response: taskItemProgress,
});

export const getTaskResourceProgress = defineCall({
  name: 'getTaskResourceProgress',
  method: 'POST',
  path: '/course/auth/study/task/progress/get/resource',
  summary: "One item's progress and the task's standing",
  tags: ['task'],
  request: itemRef,
  response: taskItemProgress,
});

export const checkTaskResource = defineCall({
  name: 'checkTaskResource',
  method: 'POST',
  path: '/course/auth/study/task/progress/check/resource',
  summary: 'Whether the learner may open an item now: the item, or 8004 while an item before it is not done',
  tags: ['task'],
  request: itemRef,
  response: studyTaskItem,
});

export const taskDownloadLink = z.object({ url: z.string(), fileName: z.string() });

export const downloadTaskArchive = defineCall({
  name: 'downloadTaskArchive',
  method: 'GET',
  path: '/course/auth/study/task/download/resource',
  summary:
    "A signed, short-lived link to one ZIP of the task's downloadable material items that are open to the learner (8004 when every one is locked); counts each item's download",
  tags: ['task'],
  request: taskRef,
  response: taskDownloadLink,
});

export const downloadTaskResource = defineCall({
  name: 'downloadTaskResource',
  method: 'GET',
  path: '/course/auth/download/resource/download/{id}',
  summary: "A signed, short-lived link to one material item's file (id: the item), counted; 8004 when locked",
  tags: ['task'],
  request: z.object({ id }),
  response: taskDownloadLink,
});

export const taskMarkState = z.object({ marked: z.boolean() });

export const viewTaskMark = defineCall({
  name: 'viewTaskMark',
  method: 'POST',
  path: '/course/auth/user/study/task/mark/view',
  summary: 'Whether the learner marked the task',
  tags: ['task'],
  request: taskRef,
  response: taskMarkState,
});

export const saveTaskMark = defineCall({
  name: 'saveTaskMark',
  method: 'POST',
  path: '/course/auth/user/study/task/mark/save',
  summary: 'Marks or unmarks a task (idempotent)',
  tags: ['task'],
  request: taskRef.extend({ marked: z.boolean() }),
  response: taskMarkState,
});

export const taskComment = z.object({
  id: z.number().int(),
  content: z.string(),
  userName: z.string(),
  headPortrait: z.string(),
  gmtCreate: z.string(),
  /** The learner's own: they may delete it. */
  mine: z.boolean(),
});
export type TaskComment = z.infer<typeof taskComment>;

export const findTaskComments = defineCall({
  name: 'findTaskComments',
  method: 'POST',
  path: '/course/auth/user/study/task/comment/page',
  summary: "A task's comments, newest first",
  tags: ['task'],
  request: taskRef.extend(paging(TASK_COMMENT_PAGE_SIZE, 50)),
  response: pageResponse(taskComment),
});

export const saveTaskComment = defineCall({
  name: 'saveTaskComment',
  method: 'POST',
  path: '/course/auth/user/study/task/comment/save',
  summary: 'Comments on an assigned task (8104 where its comments are closed)',
  tags: ['task'],
  request: taskRef.extend({ content: z.string().trim().min(1).max(TASK_COMMENT_MAX) }),
  response: taskComment,
});

export const deleteTaskComment = defineCall({
  name: 'deleteTaskComment',
  method: 'DELETE',
  path: '/course/auth/user/study/task/comment/delete',
  summary: "Deletes one of the learner's own task comments (5401 for another's)",
  tags: ['task'],
  request: z.object({ id }),
  response: z.null(),
});

/** One row of the learner's training records (their tasks). */
export const taskRelationRow = z.object({
  taskId: z.number().int(),
  title: z.string(),
  taskType: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  statusLabel: z.number().int(),
  progressPercent: z.number().int(),
  completedAt: z.string().nullable(),
  /** Earned by completing it (0 before). */
  earnedCreditTenths: z.number().int(),
  earnedPoints: z.number().int(),
});
export type TaskRelationRow = z.infer<typeof taskRelationRow>;

const relationFilter = listFilter;

export const findTaskRelations = defineCall({
  name: 'findTaskRelations',
  method: 'POST',
  path: '/course/auth/user/study/task/relation/page',
  summary:
    "The learner's task records (/account?change=2): every assigned task, newest window first, with status, progress and what it earned",
  tags: ['task'],
  request: relationFilter.extend(listPaging),
  response: pageResponse(taskRelationRow),
});

export const exportTaskRelations = defineCall({
  name: 'exportTaskRelations',
  method: 'POST',
  path: '/course/auth/user/study/task/relation/export',
  summary:
    "Exports the learner's task records (the list's filter) as XLSX in a background job: answers the export record",
  tags: ['task'],
  request: relationFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

/** A coaching relation as training/progress/sub shows it. */
export const coachingRelation = z.object({
  taskId: z.number().int(),
  taskTitle: z.string(),
  learner: taskPerson,
  mentor: taskPerson,
  ...standing,
  /** Steps (items) done and confirmed, of all. */
  confirmedCount: z.number().int(),
  itemCount: z.number().int(),
});
export type CoachingRelation = z.infer<typeof coachingRelation>;

export const findCoachingRelations = defineCall({
  name: 'findCoachingRelations',
  method: 'GET',
  path: '/course/auth/user/study/task/training/progress/sub',
  summary:
    "The session learner's coaching relations: as a coached learner (their mentor and progress) and as a mentor (each coached learner and their progress)",
  tags: ['task'],
  request: z.object({}),
  response: z.object({ asLearner: z.array(coachingRelation), asMentor: z.array(coachingRelation) }),
});

/** One step of a coached learner's task. */
export const coachingStep = studyTaskItem.extend({
  confirmedAt: z.string().nullable(),
  /** The mentor may confirm it now (the step's own completion holds, or it has none of its own). */
  confirmable: z.boolean(),
});
export type CoachingStep = z.infer<typeof coachingStep>;

export const findCoachingSteps = defineCall({
  name: 'findCoachingSteps',
  method: 'POST',
  path: '/course/auth/user/study/task/training/progress/page',
  summary:
    "A coached learner's steps in a coaching task, visible only to that learner and their mentor (8106 otherwise)",
  tags: ['task'],
  request: taskRef.extend({ learnerId: id, ...paging(20, 100) }),
  response: pageResponse(coachingStep).extend({ relation: coachingRelation }),
});

export const confirmCoachingStep = defineCall({
  name: 'confirmCoachingStep',
  method: 'POST',
  path: '/course/auth/user/study/task/training/progress/confirm',
  summary:
    "The mentor confirms a step of their own coached learner (8106 for others' learners, 8107 while the step's own completion does not hold)",
  tags: ['task'],
  request: taskRef.extend({ learnerId: id, itemId: id }),
  response: coachingStep,
});

const assignRequest = taskRef.extend({
  /** TaskTarget: 1 person, 2 department, 3 tag. */
  targetType: z.coerce.number().int().min(1).max(3),
  targetIds: z.array(id).min(1).max(TASK_ASSIGN_TARGETS_MAX),
});

export const assignStudyTask = defineCall({
  name: 'assignStudyTask',
  method: 'POST',
  path: '/course/auth/admin/study/task/assign',
  summary:
    'Assigns a task to people, departments or tags of the enterprise (administrators; one row a target, whatever its size)',
  tags: ['task'],
  request: assignRequest,
  response: z.object({ assigned: z.number().int() }),
});

export const unassignStudyTask = defineCall({
  name: 'unassignStudyTask',
  method: 'POST',
  path: '/course/auth/admin/study/task/unassign',
  summary: 'Takes assignment rules off a task (administrators); learners keep their progress rows',
  tags: ['task'],
  request: assignRequest,
  response: z.object({ removed: z.number().int() }),
});
