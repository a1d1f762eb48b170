import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';
import type { Lang } from '../errors.ts';
import { imageUrl } from './course-admin.ts';
import { EnrolRule } from './project.ts';

// The back office's study project editor (issue 22 item 5, decision 056): a project's window,
// seats, enrolment rule, stages of study tasks in order, lecturers, and what completing earns.
// Seats never fall below the applications holding one; a task belongs to one project at most.

export const PROJECT_TITLE_MAX = 50;
export const PROJECT_SUMMARY_MAX = 200;
export const PROJECT_INTRO_MAX = 20_000;
export const PROJECT_STAGES_MAX = 20;
export const PROJECT_STAGE_TASKS_MAX = 50;
export const PROJECT_LECTURERS_MAX = 20;
/** The most seats a project can have (0: no limit). */
export const PROJECT_CAPACITY_MAX = 100_000;

const enrolRules = Object.values(EnrolRule) as number[];
const tenthsOnly = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6;

/** A project's fields with messages in the caller's language; the back office's form runs the same. */
export const studyProjectFormFor = (lang: Lang) => {
  const zh = lang === 'zh';
  const msg = (z1: string, e: string) => ({ error: zh ? z1 : e });
  const required = msg('请填写项目名称', "Please enter the project's name");
  const stageName = msg('请填写阶段名称', "Please enter the stage's name");
  const when = (zhName: string, enName: string) =>
    z.iso.datetime({ offset: true, ...msg(`请选择${zhName}`, `Please choose the ${enName}`) });
  return z
    .object({
      title: z
        .string(required)
        .trim()
        .min(1, required)
        .max(
          PROJECT_TITLE_MAX,
          msg(`项目名称最多${PROJECT_TITLE_MAX}个字`, `The name has at most ${PROJECT_TITLE_MAX} characters`),
        ),
      summary: z
        .string()
        .trim()
        .max(
          PROJECT_SUMMARY_MAX,
          msg(`项目摘要最多${PROJECT_SUMMARY_MAX}个字`, `The summary has at most ${PROJECT_SUMMARY_MAX} characters`),
        )
        .default(''),
      intro: z.string().max(PROJECT_INTRO_MAX, msg('项目介绍太长', 'The introduction is too long')).default(''),
      coverUrl: imageUrl.default(''),
      startsAt: when('开始时间', 'start'),
      endsAt: when('结束时间', 'end'),
      capacity: z
        .number()
        .int()
        .min(0, msg(`名额为0到${PROJECT_CAPACITY_MAX}`, `Seats are 0–${PROJECT_CAPACITY_MAX}`))
        .max(PROJECT_CAPACITY_MAX, msg(`名额为0到${PROJECT_CAPACITY_MAX}`, `Seats are 0–${PROJECT_CAPACITY_MAX}`))
        .default(0),
      /** The price in fen: a priced project is joined by buying it (decision 058); 0 is free. */
      priceFen: z
        .number()
        .int()
        .min(0, msg('价格为0到1000000元', 'The price is 0–1,000,000 yuan'))
        .max(100_000_000, msg('价格为0到1000000元', 'The price is 0–1,000,000 yuan'))
        .default(0),
      enrolRule: z
        .number(msg('请选择报名方式', 'Choose how learners enrol'))
        .int()
        .refine((v) => enrolRules.includes(v), msg('请选择报名方式', 'Choose how learners enrol')),
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
      visitorVisible: z.boolean().default(true),
      recommended: z.boolean().default(false),
      published: z.boolean().default(true),
      stages: z
        .array(
          z.object({
            title: z
              .string(stageName)
              .trim()
              .min(1, stageName)
              .max(PROJECT_TITLE_MAX, msg(`阶段名称最多${PROJECT_TITLE_MAX}个字`, 'The stage name is too long')),
            taskIds: z
              .array(id)
              .max(
                PROJECT_STAGE_TASKS_MAX,
                msg(`每个阶段最多${PROJECT_STAGE_TASKS_MAX}个任务`, `At most ${PROJECT_STAGE_TASKS_MAX} tasks a stage`),
              )
              .default([]),
          }),
        )
        .min(1, msg('请至少添加一个阶段', 'Add at least one stage'))
        .max(PROJECT_STAGES_MAX, msg(`最多${PROJECT_STAGES_MAX}个阶段`, `At most ${PROJECT_STAGES_MAX} stages`)),
      lecturerIds: z
        .array(id)
        .max(
          PROJECT_LECTURERS_MAX,
          msg(`最多${PROJECT_LECTURERS_MAX}位讲师`, `At most ${PROJECT_LECTURERS_MAX} lecturers`),
        )
        .default([]),
    })
    .superRefine((p, ctx) => {
      const problem = (path: Array<string | number>, zhText: string, enText: string) =>
        ctx.addIssue({ code: 'custom', path, message: zh ? zhText : enText });
      if (Date.parse(p.endsAt) <= Date.parse(p.startsAt))
        problem(['endsAt'], '结束时间须晚于开始时间', 'The end must be after the start');
      const seen = new Set<number>();
      p.stages.forEach((s, i) => {
        for (const taskId of s.taskIds) {
          if (seen.has(taskId))
            problem(['stages', i], '同一学习任务不能出现在两个阶段', 'A study task can be in one stage only');
          seen.add(taskId);
        }
      });
      if (new Set(p.lecturerIds).size !== p.lecturerIds.length)
        problem(['lecturerIds'], '讲师重复', 'A lecturer is named twice');
    });
};
export type StudyProjectForm = z.infer<ReturnType<typeof studyProjectFormFor>>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const adminProjectDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  intro: z.string(),
  coverUrl: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  priceFen: z.number().int(),
  enrolRule: z.number().int(),
  creditHours: z.number(),
  points: z.number().int(),
  certificateTemplateId: z.number().int().nullable(),
  visitorVisible: z.boolean(),
  recommended: z.boolean(),
  published: z.boolean(),
  stages: z.array(z.object({ title: z.string(), tasks: z.array(named) })),
  lecturers: z.array(named),
  /** Pending and approved applications: the seats cannot fall below them, nor the project be deleted. */
  seatsTaken: z.number().int(),
  applications: z.number().int(),
  /** The row's version: an edit from an older form is refused (8215). */
  version: z.string(),
});
export type AdminProjectDetail = z.infer<typeof adminProjectDetail>;

export const viewAdminProjectDetail = defineCall({
  name: 'viewAdminProjectDetail',
  method: 'GET',
  path: '/course/auth/admin/study/project/{id}/detail',
  summary: 'One study project for editing: its stages of tasks, lecturers and seats (administrators only)',
  tags: ['project', 'back-office'],
  request: z.object({ id }),
  response: adminProjectDetail,
});

export const createStudyProject = defineCall({
  name: 'createStudyProject',
  method: 'POST',
  path: '/course/auth/admin/study/project/create',
  summary:
    "Adds a study project with its stages of tasks and lecturers (8212 a task in another project's stage; 8214 an unknown task, lecturer or certificate template)",
  tags: ['project', 'back-office'],
  request: studyProjectFormFor('zh'),
  requestFor: studyProjectFormFor,
  response: z.object({ id: z.number().int() }),
});

const editStudyProjectFor = (lang: Lang) =>
  studyProjectFormFor(lang).and(z.object({ id, version: z.string().max(20).optional() }));

export const editStudyProject = defineCall({
  name: 'editStudyProject',
  method: 'POST',
  path: '/course/auth/admin/study/project/{id}/edit',
  summary:
    'Changes a study project; its seats never below the applications holding one (8211). Its stages and lecturers become the ones given',
  tags: ['project', 'back-office'],
  request: editStudyProjectFor('zh'),
  requestFor: editStudyProjectFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteStudyProject = defineCall({
  name: 'deleteStudyProject',
  method: 'POST',
  path: '/course/auth/admin/study/project/{id}/delete',
  summary: 'Deletes a study project nobody has applied to (8213 otherwise: unpublish or close it instead)',
  tags: ['project', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});
