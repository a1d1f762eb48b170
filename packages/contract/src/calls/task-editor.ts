import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import type { Lang } from '../errors.ts';
import { imageUrl } from './course-admin.ts';
import { TaskResourceType, TaskType } from './task.ts';

// The back office's study task editor (issue 22 item 5, decision 056): a task of each type with
// its items in order, the assessment rule, the coaching mentors, its window, what finishing earns,
// and to whom it is assigned. Once a learner has started, its type, items and rule stay.

export const STUDY_TASK_TITLE_MAX = 50;
/** The introduction is rich text (HTML), sanitised when stored and served. */
export const STUDY_TASK_INTRO_MAX = 20_000;
export const STUDY_TASK_ITEMS_MAX = 50;
/** People, departments, tags and mentor pairs one task names (each). */
export const STUDY_TASK_TARGETS_MAX = 500;

/** What an administrator can put in a task: courses, documents, exams, practice sets and check-ins. */
export const EDITABLE_ITEM_TYPES = [
  TaskResourceType.COURSE,
  TaskResourceType.MATERIAL,
  TaskResourceType.EXAM_TASK,
  TaskResourceType.EXERCISE,
  TaskResourceType.CHECK_IN,
] as const;
const EXAM_ITEM_TYPES: number[] = [TaskResourceType.EXAM_TASK, TaskResourceType.EXAM_PAPER];
const taskTypes = Object.values(TaskType) as number[];

const tenthsOnly = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6;

/** A study task's fields with messages in the caller's language; the back office's form runs the same. */
export const studyTaskFormFor = (lang: Lang) => {
  const zh = lang === 'zh';
  const msg = (z1: string, e: string) => ({ error: zh ? z1 : e });
  const required = msg('请填写任务名称', "Please enter the task's name");
  const when = (zhName: string, enName: string) =>
    z.iso.datetime({ offset: true, ...msg(`请选择${zhName}`, `Please choose the ${enName}`) });
  const ids = (zhName: string, enName: string) =>
    z
      .array(id)
      .max(
        STUDY_TASK_TARGETS_MAX,
        msg(`最多${STUDY_TASK_TARGETS_MAX}个${zhName}`, `At most ${STUDY_TASK_TARGETS_MAX} ${enName}`),
      )
      .default([]);
  const item = z.object({
    resourceType: z
      .number()
      .int()
      .refine((v) => (EDITABLE_ITEM_TYPES as readonly number[]).includes(v) || v === TaskResourceType.EXAM_PAPER, {
        ...msg('任务项类型不正确', 'This kind of item cannot be added'),
      }),
    resourceId: id,
    required: z.boolean().default(true),
    /** An exam item's bar (score); null: the exam's own pass score. */
    minScore: z
      .number()
      .min(0, msg('分数线不能小于0', 'The bar is at least 0'))
      .max(1000, msg('分数线不能大于1000', 'The bar is at most 1000'))
      .refine(tenthsOnly, msg('分数线最多一位小数', 'At most one decimal'))
      .nullable()
      .default(null),
  });
  return z
    .object({
      title: z
        .string(required)
        .trim()
        .min(1, required)
        .max(
          STUDY_TASK_TITLE_MAX,
          msg(`任务名称最多${STUDY_TASK_TITLE_MAX}个字`, `The name has at most ${STUDY_TASK_TITLE_MAX} characters`),
        ),
      intro: z.string().max(STUDY_TASK_INTRO_MAX, msg('任务简介太长', 'The introduction is too long')).default(''),
      coverUrl: imageUrl.default(''),
      taskType: z
        .number(msg('请选择任务类型', 'Choose the kind of task'))
        .int()
        .refine((v) => taskTypes.includes(v), msg('请选择任务类型', 'Choose the kind of task')),
      ordered: z.boolean().default(false),
      timed: z.boolean().default(false),
      startsAt: when('开始时间', 'start'),
      endsAt: when('结束时间', 'end'),
      /** Assessment tasks: the score every exam item must reach (null: each exam's pass score). */
      minExamScore: z
        .number()
        .min(0, msg('考核分数线不能小于0', 'The bar is at least 0'))
        .max(1000, msg('考核分数线不能大于1000', 'The bar is at most 1000'))
        .refine(tenthsOnly, msg('考核分数线最多一位小数', 'At most one decimal'))
        .nullable()
        .default(null),
      /** Assessment tasks: how many required items passing takes (null: all of them). */
      minRequiredDone: z
        .number()
        .int()
        .min(1, msg('至少完成1项', 'At least 1 item'))
        .max(STUDY_TASK_ITEMS_MAX, msg(`最多${STUDY_TASK_ITEMS_MAX}项`, `At most ${STUDY_TASK_ITEMS_MAX} items`))
        .nullable()
        .default(null),
      creditHours: z
        .number()
        .min(0, msg('学时为0到100', 'Credit hours are 0–100'))
        .max(100, msg('学时为0到100', 'Credit hours are 0–100'))
        .refine(tenthsOnly, msg('学时最多一位小数', 'At most one decimal'))
        .default(0),
      points: z
        .number()
        .int()
        .min(0, msg('积分为0到10000', 'Points are 0–10000'))
        .max(10_000, msg('积分为0到10000', 'Points are 0–10000'))
        .default(0),
      certificateTemplateId: id.nullable().default(null),
      commentsOpen: z.boolean().default(true),
      published: z.boolean().default(true),
      items: z
        .array(item)
        .min(1, msg('请至少添加一个任务项', 'Add at least one item'))
        .max(STUDY_TASK_ITEMS_MAX, msg(`最多${STUDY_TASK_ITEMS_MAX}个任务项`, `At most ${STUDY_TASK_ITEMS_MAX} items`)),
      /** Coaching tasks: each coached learner's mentor. */
      mentors: z
        .array(z.object({ learnerId: id, mentorId: id }))
        .max(STUDY_TASK_TARGETS_MAX, msg(`最多${STUDY_TASK_TARGETS_MAX}对`, `At most ${STUDY_TASK_TARGETS_MAX} pairs`))
        .default([]),
      people: ids('学员', 'people'),
      departments: ids('部门', 'departments'),
      tags: ids('标签', 'tags'),
    })
    .superRefine((t, ctx) => {
      const problem = (path: Array<string | number>, zhText: string, enText: string) =>
        ctx.addIssue({ code: 'custom', path, message: zh ? zhText : enText });
      if (Date.parse(t.endsAt) <= Date.parse(t.startsAt))
        problem(['endsAt'], '结束时间须晚于开始时间', 'The end must be after the start');
      const seen = new Set<string>();
      t.items.forEach((it, i) => {
        const key = `${it.resourceType}:${it.resourceId}`;
        if (seen.has(key)) problem(['items', i], '任务项重复', 'This item is in the task twice');
        seen.add(key);
        if (it.minScore !== null && !EXAM_ITEM_TYPES.includes(it.resourceType))
          problem(['items', i], '只有考试项可以设置分数线', 'Only an exam item has a bar');
      });
      if (t.taskType === TaskType.EXAM && !t.items.some((it) => EXAM_ITEM_TYPES.includes(it.resourceType)))
        problem(['items'], '考试任务须包含考试', 'An exam task needs an exam among its items');
      if (t.taskType !== TaskType.ASSESSMENT) {
        if (t.minExamScore !== null || t.minRequiredDone !== null)
          problem(['minExamScore'], '只有考核任务可以设置考核规则', 'Only an assessment task has a pass rule');
      } else if (t.minRequiredDone !== null) {
        const counted = t.items.some((it) => it.required) ? t.items.filter((it) => it.required).length : t.items.length;
        if (t.minRequiredDone > counted)
          problem(
            ['minRequiredDone'],
            `须完成项数不能多于必修项数（${counted}）`,
            `No more than the ${counted} required items`,
          );
      }
      if (t.taskType !== TaskType.COACHING && t.mentors.length > 0)
        problem(['mentors'], '只有带教任务可以设置导师', 'Only a coaching task has mentors');
      const coached = new Set<number>();
      t.mentors.forEach((m, i) => {
        if (m.learnerId === m.mentorId)
          problem(['mentors', i], '导师不能是学员本人', 'A learner cannot be their own mentor');
        if (coached.has(m.learnerId)) problem(['mentors', i], '每名学员只能有一位导师', 'Each learner has one mentor');
        coached.add(m.learnerId);
      });
    });
};
export type StudyTaskForm = z.infer<ReturnType<typeof studyTaskFormFor>>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const adminStudyTaskItem = z.object({
  resourceType: z.number().int(),
  resourceId: z.number().int(),
  title: z.string(),
  required: z.boolean(),
  minScore: z.number().nullable(),
});
export type AdminStudyTaskItem = z.infer<typeof adminStudyTaskItem>;

export const adminStudyTaskDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  coverUrl: z.string(),
  taskType: z.number().int(),
  ordered: z.boolean(),
  timed: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  minExamScore: z.number().nullable(),
  minRequiredDone: z.number().int().nullable(),
  creditHours: z.number(),
  points: z.number().int(),
  certificateTemplateId: z.number().int().nullable(),
  commentsOpen: z.boolean(),
  published: z.boolean(),
  items: z.array(adminStudyTaskItem),
  mentors: z.array(z.object({ learner: named, mentor: named })),
  people: z.array(named),
  departments: z.array(named),
  tags: z.array(named),
  /** Learners who have started: the type, items and rule can no longer change. */
  startedCount: z.number().int(),
  /** The project whose stage holds it (its enrolled learners are given it), if any. */
  projectTitle: z.string().nullable(),
  /** The row's version: an edit from an older form is refused (8119). */
  version: z.string(),
});
export type AdminStudyTaskDetail = z.infer<typeof adminStudyTaskDetail>;

export const viewAdminStudyTask = defineCall({
  name: 'viewAdminStudyTask',
  method: 'GET',
  path: '/course/auth/admin/study/task/{id}',
  summary: 'One study task for editing: its items, rule, mentors and to whom it is assigned (administrators only)',
  tags: ['task', 'back-office'],
  request: z.object({ id }),
  response: adminStudyTaskDetail,
});

export const createStudyTask = defineCall({
  name: 'createStudyTask',
  method: 'POST',
  path: '/course/auth/admin/study/task/create',
  summary:
    'Adds a study task with its items in order (8115 an unknown item; 8111 an unknown person, department or tag; 8116 an unknown certificate template or mentor; 8120 a mentor whose account is disabled)',
  tags: ['task', 'back-office'],
  request: studyTaskFormFor('zh'),
  requestFor: studyTaskFormFor,
  response: z.object({ id: z.number().int() }),
});

const editStudyTaskFor = (lang: Lang) =>
  studyTaskFormFor(lang).and(z.object({ id, version: z.string().max(20).optional() }));

export const editStudyTask = defineCall({
  name: 'editStudyTask',
  method: 'POST',
  path: '/course/auth/admin/study/task/{id}/edit',
  summary:
    'Changes a study task; its type, items and pass rule only while no learner has started (8113), not timed nor ended before now once started (8118), not unpublished while in a project (8117), not over a newer version (8119); a mentor added must have an account in use (8120). Its assignment is replaced by the one given',
  tags: ['task', 'back-office'],
  request: editStudyTaskFor('zh'),
  requestFor: editStudyTaskFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteStudyTask = defineCall({
  name: 'deleteStudyTask',
  method: 'POST',
  path: '/course/auth/admin/study/task/{id}/delete',
  summary:
    'Deletes a study task no learner has started (8114 otherwise: unpublish it instead) and no project holds (8117)',
  tags: ['task', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

export const taskItemOption = z.object({
  id: z.number().int(),
  title: z.string(),
  /** A line about it: a course's lessons, a document's file, an exam's window, a check-in's dates. */
  detail: z.string(),
});
export type TaskItemOption = z.infer<typeof taskItemOption>;

export const findTaskItemOptions = defineCall({
  name: 'findTaskItemOptions',
  method: 'GET',
  path: '/course/auth/admin/study/task/item/options',
  summary:
    "What can be added to a task, of one resource type, by a part of its title (the enterprise's courses, documents, exams, practice sets and check-ins; 30 at most)",
  tags: ['task', 'back-office'],
  request: z.object({
    resourceType: z.coerce
      .number()
      .int()
      .refine((v) => (EDITABLE_ITEM_TYPES as readonly number[]).includes(v)),
    keyword: z.string().trim().max(50).optional(),
  }),
  response: z.array(taskItemOption),
});
