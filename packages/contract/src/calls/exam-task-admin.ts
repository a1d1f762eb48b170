import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import type { Lang } from '../errors.ts';

// The back office's exam tasks (issue 22 item 3, decision 049): the window, duration, attempts,
// pass score, screen-switch limit, answers shown after, partial credit, admission ticket, points,
// credit and certificate, and to whom the exam is given (people, departments, tags; all members
// when none is named).

export const EXAM_TASK_TITLE_MAX = 50;
export const EXAM_TASK_INTRO_MAX = 500;
/** People, departments and tags one exam names (each). */
export const EXAM_TASK_TARGETS_MAX = 500;

export const adminExamTaskRow = z.object({
  id: z.number().int(),
  title: z.string(),
  paperTitle: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  passScore: z.number(),
  totalScore: z.number(),
  published: z.boolean(),
  /** Everyone (no rule), or how many people, departments and tags it names. */
  givenToAll: z.boolean(),
  /** Learners who started it, passed it, and attempts waiting for marking. */
  takers: z.number().int(),
  passed: z.number().int(),
  waitingForMarking: z.number().int(),
  createdAt: z.string(),
});
export type AdminExamTaskRow = z.infer<typeof adminExamTaskRow>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** An exam task's fields with messages in the caller's language; the back office's form runs the same. */
export const examTaskFormFor = (lang: Lang) => {
  const zh = lang === 'zh';
  const msg = (z1: string, e: string) => ({ error: zh ? z1 : e });
  const required = msg('请填写考试名称', 'Please enter the exam’s name');
  const when = (zhName: string, enName: string) =>
    z.iso.datetime({ offset: true, ...msg(`请选择${zhName}`, `Please choose the ${enName}`) });
  const ids = (zhName: string, enName: string) =>
    z
      .array(id)
      .max(
        EXAM_TASK_TARGETS_MAX,
        msg(`最多${EXAM_TASK_TARGETS_MAX}个${zhName}`, `At most ${EXAM_TASK_TARGETS_MAX} ${enName}`),
      )
      .default([]);
  return z
    .object({
      title: z
        .string(required)
        .trim()
        .min(1, required)
        .max(
          EXAM_TASK_TITLE_MAX,
          msg(`考试名称最多${EXAM_TASK_TITLE_MAX}个字`, `The name has at most ${EXAM_TASK_TITLE_MAX} characters`),
        ),
      intro: z
        .string()
        .trim()
        .max(
          EXAM_TASK_INTRO_MAX,
          msg(`考试说明最多${EXAM_TASK_INTRO_MAX}个字`, `The notes have at most ${EXAM_TASK_INTRO_MAX} characters`),
        )
        .default(''),
      paperId: z
        .number(msg('请选择试卷', 'Choose the paper'))
        .int()
        .positive(msg('请选择试卷', 'Choose the paper'))
        .max(2147483647, msg('请选择试卷', 'Choose the paper')),
      startsAt: when('开始时间', 'start'),
      endsAt: when('结束时间', 'end'),
      durationMinutes: z
        .number(msg('请填写考试时长', 'Enter the duration'))
        .int()
        .min(1, msg('考试时长为1到600分钟', 'The duration is 1–600 minutes'))
        .max(600, msg('考试时长为1到600分钟', 'The duration is 1–600 minutes')),
      attemptsAllowed: z
        .number(msg('请填写可考次数', 'Enter the attempts'))
        .int()
        .min(1, msg('可考次数为1到99次', 'Attempts are 1–99'))
        .max(99, msg('可考次数为1到99次', 'Attempts are 1–99')),
      passScore: z
        .number(msg('请填写及格分', 'Enter the pass score'))
        .min(0, msg('及格分不能小于0', 'The pass score is at least 0'))
        .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, msg('及格分最多一位小数', 'At most one decimal')),
      screenSwitchLimit: z
        .number()
        .int()
        .min(0, msg('切屏次数为0到99次', 'Screen switches are 0–99'))
        .max(99, msg('切屏次数为0到99次', 'Screen switches are 0–99'))
        .default(0),
      showAnswers: z.boolean().default(true),
      partialMultiple: z.boolean().default(false),
      admissionTicket: z.boolean().default(false),
      admissionPrintAt: z.iso.datetime({ offset: true }).nullable().default(null),
      points: z
        .number()
        .int()
        .min(0, msg('积分为0到10000', 'Points are 0–10000'))
        .max(10_000, msg('积分为0到10000', 'Points are 0–10000'))
        .default(0),
      creditHours: z
        .number()
        .min(0, msg('学时为0到100', 'Credit hours are 0–100'))
        .max(100, msg('学时为0到100', 'Credit hours are 0–100'))
        .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, msg('学时最多一位小数', 'At most one decimal'))
        .default(0),
      certificateTemplateId: id.nullable().default(null),
      published: z.boolean().default(true),
      people: ids('学员', 'people'),
      departments: ids('部门', 'departments'),
      tags: ids('标签', 'tags'),
    })
    .superRefine((t, ctx) => {
      const problem = (path: string, zhText: string, enText: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message: zh ? zhText : enText });
      if (Date.parse(t.endsAt) <= Date.parse(t.startsAt))
        problem('endsAt', '结束时间须晚于开始时间', 'The end must be after the start');
      if (t.admissionTicket) {
        if (!t.admissionPrintAt)
          problem('admissionPrintAt', '请选择准考证开放打印时间', 'Choose when the ticket can be printed');
        else if (Date.parse(t.admissionPrintAt) > Date.parse(t.startsAt))
          problem('admissionPrintAt', '准考证须在考试开始前开放打印', 'The ticket must be printable before the start');
      }
    });
};
export type ExamTaskForm = z.infer<ReturnType<typeof examTaskFormFor>>;

export const adminExamTask = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  paperId: z.number().int(),
  paperTitle: z.string(),
  totalScore: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  attemptsAllowed: z.number().int(),
  passScore: z.number(),
  screenSwitchLimit: z.number().int(),
  showAnswers: z.boolean(),
  partialMultiple: z.boolean(),
  admissionTicket: z.boolean(),
  admissionPrintAt: z.string().nullable(),
  points: z.number().int(),
  creditHours: z.number(),
  certificateTemplateId: z.number().int().nullable(),
  published: z.boolean(),
  people: z.array(named),
  departments: z.array(named),
  tags: z.array(named),
  /** Attempts made: the paper cannot be changed once someone has started. */
  attemptCount: z.number().int(),
});
export type AdminExamTask = z.infer<typeof adminExamTask>;

export const findAdminExamTasks = defineCall({
  name: 'findAdminExamTasks',
  method: 'GET',
  path: '/exam/auth/admin/task/page',
  summary: "The enterprise's exam tasks, newest first, by a part of the name, with takers, passes and marking waiting",
  tags: ['exam', 'back-office'],
  request: z.object({ ...paging(20, 100), keyword: z.string().trim().max(EXAM_TASK_TITLE_MAX).optional() }),
  response: pageResponse(adminExamTaskRow),
});

export const viewAdminExamTask = defineCall({
  name: 'viewAdminExamTask',
  method: 'GET',
  path: '/exam/auth/admin/task/{id}',
  summary: 'One exam task for editing, with the people, departments and tags it is given to',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: adminExamTask,
});

export const createExamTask = defineCall({
  name: 'createExamTask',
  method: 'POST',
  path: '/exam/auth/admin/task/create',
  summary:
    'Adds an exam task on a paper: 9516 an unknown paper, 9520 a pass score above the paper’s total, 9522 an unknown person, department, tag or certificate template',
  tags: ['exam', 'back-office'],
  request: examTaskFormFor('zh'),
  requestFor: examTaskFormFor,
  response: z.object({ id: z.number().int() }),
});

const editExamTaskFor = (lang: Lang) => examTaskFormFor(lang).and(z.object({ id }));

export const editExamTask = defineCall({
  name: 'editExamTask',
  method: 'POST',
  path: '/exam/auth/admin/task/{id}/edit',
  summary:
    'Changes an exam task; its paper only while nobody has started it (9519). Attempts already made keep their paper and deadline',
  tags: ['exam', 'back-office'],
  request: editExamTaskFor('zh'),
  requestFor: editExamTaskFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteExamTask = defineCall({
  name: 'deleteExamTask',
  method: 'POST',
  path: '/exam/auth/admin/task/{id}/delete',
  summary: 'Deletes an exam task nobody has started (9518 otherwise: unpublish it instead)',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

export const findCertificateTemplates = defineCall({
  name: 'findCertificateTemplates',
  method: 'GET',
  path: '/exam/auth/admin/certificate-template/list',
  summary: "The enterprise's certificate templates (an exam task's certificate is one of them)",
  tags: ['exam', 'back-office'],
  request: z.object({}),
  response: z.array(z.object({ id: z.number().int(), title: z.string() })),
});

// ---- Results (decision 049): each learner's standing, their attempts with the attempt log, and
// an attempt given back to a learner with a reason.

export const EXAM_REOPEN_REASON_MAX = 200;

export const examTaskResultRow = z.object({
  accountId: z.number().int(),
  name: z.string(),
  employeeNo: z.string(),
  attemptsUsed: z.number().int(),
  /** The task's attempts and those given back to this learner. */
  attemptsAllowed: z.number().int(),
  bestScore: z.number().nullable(),
  passed: z.boolean(),
  waitingForMarking: z.boolean(),
  firstStartedAt: z.string(),
  lastSubmittedAt: z.string().nullable(),
});
export type ExamTaskResultRow = z.infer<typeof examTaskResultRow>;

export const findExamTaskResults = defineCall({
  name: 'findExamTaskResults',
  method: 'GET',
  path: '/exam/auth/admin/task/{id}/results',
  summary: "An exam's takers, latest submit first, by a part of the name or employee no.: attempts, best score, passed",
  tags: ['exam', 'back-office'],
  request: z.object({ id, ...paging(20, 100), keyword: z.string().trim().max(50).optional() }),
  response: pageResponse(examTaskResultRow),
});

export const examAttemptLogEntry = z.object({
  /** AttemptEventKind. */
  kind: z.number().int(),
  questionId: z.number().int().nullable(),
  /** The server's time and the browser's (when it said). */
  at: z.string(),
  clientAt: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

export const findExamTaskAttempts = defineCall({
  name: 'findExamTaskAttempts',
  method: 'GET',
  path: '/exam/auth/admin/task/{id}/attempts',
  summary:
    "One learner's attempts at an exam with score, status, time taken, leaves and the attempt log (every start, opening, answer, leave, return, submit and mark with the server's and the browser's time)",
  tags: ['exam', 'back-office'],
  request: z.object({ id, accountId: id }),
  response: z.array(
    z.object({
      attemptId: z.number().int(),
      attemptNo: z.number().int(),
      status: z.number().int(),
      score: z.number().nullable(),
      passed: z.boolean().nullable(),
      startedAt: z.string(),
      submittedAt: z.string().nullable(),
      submitReason: z.number().int().nullable(),
      screenSwitches: z.number().int(),
      log: z.array(examAttemptLogEntry),
    }),
  ),
});

const reopenFor = (lang: Lang) => {
  const required = { error: lang === 'zh' ? '请填写重新开放的原因' : 'Please give the reason' };
  return z.object({
    id,
    accountId: id,
    reason: z
      .string(required)
      .trim()
      .min(1, required)
      .max(EXAM_REOPEN_REASON_MAX, {
        error:
          lang === 'zh'
            ? `原因最多${EXAM_REOPEN_REASON_MAX}个字`
            : `The reason has at most ${EXAM_REOPEN_REASON_MAX} characters`,
      }),
  });
};

export const reopenExamAttempt = defineCall({
  name: 'reopenExamAttempt',
  method: 'POST',
  path: '/exam/auth/admin/task/{id}/reopen',
  summary:
    'Gives one learner one more attempt at an exam, with a reason (audited): 9523 after the exam has ended, 9524 while they are answering, 9525 when they have not taken it. Passing again earns nothing twice',
  tags: ['exam', 'back-office'],
  request: reopenFor('zh'),
  requestFor: reopenFor,
  response: z.object({ attemptsAllowed: z.number().int() }),
});

export const exportExamTaskResults = defineCall({
  name: 'exportExamTaskResults',
  method: 'POST',
  path: '/exam/auth/admin/task/{id}/results/export',
  summary:
    "Exports an exam's takers (the results list's keyword) as XLSX in a background job: answers the administrator's export record",
  tags: ['exam', 'back-office'],
  request: z.object({ id, keyword: z.string().trim().max(50).optional() }),
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});
