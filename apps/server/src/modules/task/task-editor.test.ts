import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  createCheckInPlan,
  createStudyTask,
  deleteStudyTask,
  editStudyTask,
  findAuditLog,
  findStudyTasks,
  findTaskItemOptions,
  viewAdminStudyTask,
  viewStudyTask,
  type StudyTaskForm,
} from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { createEnterprise, createExam, createStudyCourse, type Learner } from '../../test/factories.ts';
import { createDepartment, createMaterial, createTag } from '../../test/task-factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let zhang: Learner;
let li: Learner;
let outsider: Learner;
let courseId: number;
let materialId: number;
let examId: number;
let department: number;
let tag: number;
let templateId: number;
let foreignCourse: number;
const db = () => t.database.db;
const HOUR = 3_600_000;

/** A learning task of the course and the document, for 张三's department. */
const form = (over: Partial<StudyTaskForm> = {}) => ({
  title: '新员工入职学习',
  intro: '<p>入职第一周完成</p><script>alert(1)</script>',
  taskType: 1,
  ordered: true,
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 72 * HOUR).toISOString(),
  creditHours: 2.5,
  points: 20,
  items: [
    { resourceType: 3, resourceId: courseId },
    { resourceType: 4, resourceId: materialId, required: false },
  ],
  departments: [department],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '任务编辑企业' });
  b = await createEnterprise(db(), { name: '他人企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '管理员' } });
  zhang = await t.learner(a, { member: { realName: '张三' } });
  li = await t.learner(a, { member: { realName: '李四' } });
  outsider = await t.learner(b, { member: { realName: '外人' } });
  courseId = (await createStudyCourse(db(), a.eid, { course: { title: '安全生产第一课' } })).course.id;
  materialId = (await createMaterial(db(), a.eid, { title: '员工手册' })).id;
  const exam = await createExam(db(), a.eid);
  examId = exam.task.id;
  department = (await createDepartment(db(), a.eid, [zhang.accountId])).id;
  tag = (await createTag(db(), a.eid, [li.accountId])).id;
  const [tpl] = await db()
    .insert(schema.certificateTemplates)
    .values({ eid: a.eid, title: '结业证书', body: '{name}完成学习', issuer: '培训中心' })
    .returning();
  templateId = tpl!.id;
  foreignCourse = (await createStudyCourse(db(), b.eid, { course: { title: '他人课程' } })).course.id;
});
afterAll(async () => t?.close());

describe('the study task editor', () => {
  let taskId: number;

  it('offers the enterprise’s courses, documents and exams by a part of the title', async () => {
    const courses = await t.call(findTaskItemOptions, { resourceType: 3, keyword: '安全' }, { as: admin });
    expect(courses.data).toEqual([expect.objectContaining({ id: courseId, title: '安全生产第一课' })]);
    const docs = await t.call(findTaskItemOptions, { resourceType: 4 }, { as: admin });
    expect(docs.data.map((d) => d.id)).toEqual([materialId]);
    const exams = await t.call(findTaskItemOptions, { resourceType: 7 }, { as: admin });
    expect(exams.data.map((d) => d.id)).toEqual([examId]);
    expect((await t.call(findTaskItemOptions, { resourceType: 9 }, { as: admin })).code).toBe(ErrorCode.BAD_INPUT);
  });

  it('creates a task with its items in order, sanitised introduction and assignment; the learner sees it', async () => {
    const r = await t.call(createStudyTask, form(), { as: admin });
    expect(r.code).toBe(200);
    taskId = r.data.id;
    const view = await t.call(viewAdminStudyTask, { id: taskId }, { as: admin });
    expect(view.data).toMatchObject({
      title: '新员工入职学习',
      intro: '<p>入职第一周完成</p>',
      taskType: 1,
      ordered: true,
      creditHours: 2.5,
      points: 20,
      startedCount: 0,
      projectTitle: null,
      items: [
        { resourceType: 3, resourceId: courseId, title: '安全生产第一课', required: true, minScore: null },
        { resourceType: 4, resourceId: materialId, title: '员工手册', required: false, minScore: null },
      ],
      departments: [{ id: department, name: expect.stringMatching(/^部门/) }],
    });
    const mine = await t.call(findStudyTasks, {}, { as: zhang });
    expect(mine.data.list.map((x: { id: number }) => x.id)).toContain(taskId);
    const theirs = await t.call(findStudyTasks, {}, { as: li });
    expect(theirs.data.list.map((x: { id: number }) => x.id)).not.toContain(taskId);
  });

  it('refuses what the form’s rules forbid, in the caller’s language', async () => {
    const noItems = await t.call(createStudyTask, form({ items: [] }), { as: admin });
    expect(noItems).toMatchObject({
      code: ErrorCode.BAD_INPUT,
      message: expect.stringContaining('请至少添加一个任务项'),
    });
    const backwards = await t.call(
      createStudyTask,
      form({ startsAt: new Date(Date.now() + HOUR).toISOString(), endsAt: new Date().toISOString() }),
      { as: admin, lang: 'en' },
    );
    expect(backwards.message).toContain('The end must be after the start');
    const twice = await t.call(
      createStudyTask,
      form({
        items: [
          { resourceType: 3, resourceId: courseId, required: true, minScore: null },
          { resourceType: 3, resourceId: courseId, required: true, minScore: null },
        ],
      }),
      { as: admin },
    );
    expect(twice.message).toContain('任务项重复');
    const examless = await t.call(createStudyTask, form({ taskType: 2 }), { as: admin });
    expect(examless.message).toContain('考试任务须包含考试');
    const mentorsElsewhere = await t.call(
      createStudyTask,
      form({ mentors: [{ learnerId: zhang.accountId, mentorId: li.accountId }] }),
      { as: admin },
    );
    expect(mentorsElsewhere.message).toContain('只有带教任务可以设置导师');
  });

  it('refuses items, people, templates and mentors of another enterprise or none', async () => {
    const foreignItem = await t.call(
      createStudyTask,
      form({ items: [{ resourceType: 3, resourceId: foreignCourse, required: true, minScore: null }] }),
      { as: admin },
    );
    expect(foreignItem).toMatchObject({ code: ErrorCode.STUDY_TASK_ITEM_UNKNOWN, message: '任务项不存在或已被删除' });
    const foreignPerson = await t.call(createStudyTask, form({ people: [outsider.accountId] }), { as: admin });
    expect(foreignPerson.code).toBe(ErrorCode.STUDY_TASK_TARGET_UNKNOWN);
    const coaching = form({
      taskType: 4,
      mentors: [{ learnerId: zhang.accountId, mentorId: outsider.accountId }],
    });
    expect((await t.call(createStudyTask, coaching, { as: admin })).code).toBe(ErrorCode.STUDY_TASK_REF_UNKNOWN);
    const badTemplate = await t.call(createStudyTask, form({ certificateTemplateId: 999_999 }), { as: admin });
    expect(badTemplate.code).toBe(ErrorCode.STUDY_TASK_REF_UNKNOWN);
    const count = await db().select().from(schema.studyTasks).where(eq(schema.studyTasks.eid, a.eid));
    expect(count).toHaveLength(1);
  });

  it('an assessment with an exam bar and a coaching task with mentors', async () => {
    const assessment = await t.call(
      createStudyTask,
      form({
        title: '岗位考核',
        taskType: 3,
        minExamScore: 80,
        minRequiredDone: 2,
        certificateTemplateId: templateId,
        items: [
          { resourceType: 3, resourceId: courseId, required: true, minScore: null },
          { resourceType: 7, resourceId: examId, required: true, minScore: 90 },
        ],
      }),
      { as: admin },
    );
    expect(assessment.code).toBe(200);
    const [row] = await db()
      .select()
      .from(schema.studyTasks)
      .where(and(eq(schema.studyTasks.eid, a.eid), eq(schema.studyTasks.id, assessment.data.id)));
    expect(row!.passRule).toEqual({ minExamScoreTenths: 800, minRequiredDone: 2 });
    expect(row!.certificateTemplateId).toBe(templateId);
    const view = await t.call(viewAdminStudyTask, { id: assessment.data.id }, { as: admin });
    expect(view.data).toMatchObject({ minExamScore: 80, minRequiredDone: 2 });
    expect(view.data.items[1]).toMatchObject({ resourceType: 7, minScore: 90 });

    const coaching = await t.call(
      createStudyTask,
      form({
        title: '导师带教',
        taskType: 4,
        mentors: [{ learnerId: zhang.accountId, mentorId: li.accountId }],
        people: [zhang.accountId],
        departments: [],
      }),
      { as: admin },
    );
    expect(coaching.code).toBe(200);
    const coached = await t.call(viewAdminStudyTask, { id: coaching.data.id }, { as: admin });
    expect(coached.data.mentors).toEqual([
      { learner: { id: zhang.accountId, name: '张三' }, mentor: { id: li.accountId, name: '李四' } },
    ]);
    expect(coached.data.people).toEqual([{ id: zhang.accountId, name: '张三' }]);

    // A mentor whose account was disabled since: the task's pair stays through an edit of
    // something else, but no task takes them as a new mentor.
    const users = schema.enterpriseUsers;
    const li_ = and(eq(users.eid, a.eid), eq(users.accountId, li.accountId));
    await db().update(users).set({ status: 2 }).where(li_);
    try {
      const coachingForm = {
        title: '导师带教（改）',
        taskType: 4,
        mentors: [{ learnerId: zhang.accountId, mentorId: li.accountId }],
        people: [zhang.accountId],
        departments: [],
      };
      const kept = await t.call(editStudyTask, { id: coaching.data.id, ...form(coachingForm) }, { as: admin });
      expect(kept.code).toBe(200);
      const refused = await t.call(createStudyTask, form(coachingForm), { as: admin });
      expect(refused).toMatchObject({
        code: ErrorCode.STUDY_TASK_MENTOR_DISABLED,
        message: expect.stringContaining('李四'),
      });
      const inEnglish = await t.call(createStudyTask, form(coachingForm), { as: admin, lang: 'en' });
      expect(inEnglish.message).toBe('The mentor 李四 has a disabled account: choose another mentor');
    } finally {
      await db().update(users).set({ status: 1 }).where(li_);
    }
  });

  it('edits: reorders items keeping their rows, replaces the assignment; audited before and after', async () => {
    const [courseItemBefore] = await db()
      .select()
      .from(schema.studyTaskItems)
      .where(and(eq(schema.studyTaskItems.taskId, taskId), eq(schema.studyTaskItems.resourceType, 3)));
    const r = await t.call(
      editStudyTask,
      {
        ...form({
          title: '新员工入职学习（修订）',
          items: [
            { resourceType: 4, resourceId: materialId, required: true, minScore: null },
            { resourceType: 3, resourceId: courseId, required: true, minScore: null },
          ],
          departments: [],
          tags: [tag],
        }),
        id: taskId,
      },
      { as: admin },
    );
    expect(r.code).toBe(200);
    const view = await t.call(viewAdminStudyTask, { id: taskId }, { as: admin });
    expect(view.data.items.map((i) => i.resourceType)).toEqual([4, 3]);
    expect(view.data.tags.map((x) => x.id)).toEqual([tag]);
    expect(view.data.departments).toEqual([]);
    const [courseItemAfter] = await db()
      .select()
      .from(schema.studyTaskItems)
      .where(and(eq(schema.studyTaskItems.taskId, taskId), eq(schema.studyTaskItems.resourceType, 3)));
    expect(courseItemAfter!.id).toBe(courseItemBefore!.id);
    // 李四 (the tag) has it now; 张三 (the department) no longer.
    expect((await t.call(findStudyTasks, {}, { as: li })).data.list.map((x: { id: number }) => x.id)).toContain(taskId);
    expect((await t.call(findStudyTasks, {}, { as: zhang })).data.list.map((x: { id: number }) => x.id)).not.toContain(
      taskId,
    );
    const log = await t.call(findAuditLog, { entityType: 'study_task' }, { as: admin });
    const edit = log.data.list.find((e) => e.entityId === String(taskId) && e.action === 'editStudyTask');
    expect(edit).toBeDefined();
  });

  it('once a learner has started, the items and rule stay (8113) but the window and texts change; no delete (8114)', async () => {
    // 李四 opens the task: the task module makes their standing.
    expect((await t.call(viewStudyTask, { taskId }, { as: li })).code).toBe(200);
    const [standing] = await db()
      .select()
      .from(schema.studyTaskLearners)
      .where(and(eq(schema.studyTaskLearners.taskId, taskId), eq(schema.studyTaskLearners.accountId, li.accountId)));
    if (!standing) await db().insert(schema.studyTaskLearners).values({ eid: a.eid, taskId, accountId: li.accountId });
    const current = (await t.call(viewAdminStudyTask, { id: taskId }, { as: admin })).data;
    const same = {
      ...form({
        title: '新员工入职学习（延期）',
        endsAt: new Date(Date.now() + 240 * HOUR).toISOString(),
        items: current.items.map((i) => ({ ...i })),
        departments: [],
        tags: [tag],
      }),
      id: taskId,
    };
    expect((await t.call(editStudyTask, same, { as: admin })).code).toBe(200);
    const changedItems = {
      ...same,
      items: [{ resourceType: 3, resourceId: courseId, required: true, minScore: null }],
    };
    const locked = await t.call(editStudyTask, changedItems, { as: admin });
    expect(locked).toMatchObject({ code: ErrorCode.STUDY_TASK_CONTENT_LOCKED });
    const lockedEn = await t.call(editStudyTask, { ...same, taskType: 3 }, { as: admin, lang: 'en' });
    expect(lockedEn.message).toBe(
      'Learners have started this task: its kind, items and pass rule can no longer change',
    );
    const kept = await t.call(viewAdminStudyTask, { id: taskId }, { as: admin });
    expect(kept.data).toMatchObject({ title: '新员工入职学习（延期）', startedCount: 1 });
    expect(kept.data.items).toHaveLength(2);
    const del = await t.call(deleteStudyTask, { id: taskId }, { as: admin });
    expect(del).toMatchObject({
      code: ErrorCode.STUDY_TASK_STARTED,
      message: '已有1名学员开始学习，不能删除，可改为不发布',
    });
  });

  it('deletes a task nobody has started, audited', async () => {
    const made = await t.call(createStudyTask, form({ title: '临时任务' }), { as: admin });
    expect((await t.call(deleteStudyTask, { id: made.data.id }, { as: admin })).code).toBe(200);
    expect((await t.call(viewAdminStudyTask, { id: made.data.id }, { as: admin })).code).toBe(
      ErrorCode.STUDY_TASK_NOT_FOUND,
    );
    const log = await t.call(findAuditLog, { entityType: 'study_task' }, { as: admin });
    expect(
      log.data.list.find((e) => e.entityId === String(made.data.id) && e.action === 'deleteStudyTask'),
    ).toMatchObject({
      after: null,
    });
  });

  it('a check-in plan made here becomes an item; a plan that cannot be completed is refused', async () => {
    const plan = {
      title: '早会签到',
      startsOn: '2026-12-07',
      endsOn: '2026-12-13',
      weekdays: [1, 2, 3, 4, 5],
      windowStart: '08:30',
      windowEnd: '09:00',
      requiredCount: 5,
    };
    const tooMany = await t.call(createCheckInPlan, { ...plan, requiredCount: 6 }, { as: admin });
    expect(tooMany).toMatchObject({
      code: ErrorCode.BAD_INPUT,
      message: expect.stringContaining('须签到次数不能多于签到日数（5）'),
    });
    const backwards = await t.call(createCheckInPlan, { ...plan, windowEnd: '08:00' }, { as: admin, lang: 'en' });
    const noSuchDay = await t.call(createCheckInPlan, { ...plan, startsOn: '2027-02-29' }, { as: admin });
    expect(noSuchDay).toMatchObject({ code: ErrorCode.BAD_INPUT, message: expect.stringContaining('请选择开始日期') });
    expect(backwards.message).toContain('The window must end after it starts');
    const made = await t.call(createCheckInPlan, plan, { as: admin });
    expect(made.data).toEqual({ id: expect.any(Number), title: '早会签到' });
    const [row] = await db()
      .select()
      .from(schema.checkInPlans)
      .where(and(eq(schema.checkInPlans.eid, a.eid), eq(schema.checkInPlans.id, made.data.id)));
    expect(row).toMatchObject({ weekdays: [1, 2, 3, 4, 5], windowStart: '08:30', requiredCount: 5 });
    const options = await t.call(findTaskItemOptions, { resourceType: 11 }, { as: admin });
    expect(options.data).toEqual([{ id: made.data.id, title: '早会签到', detail: '2026-12-07 ~ 2026-12-13' }]);
    const task = await t.call(
      createStudyTask,
      form({ title: '早会', items: [{ resourceType: 11, resourceId: made.data.id, required: true, minScore: null }] }),
      { as: admin },
    );
    expect(task.code).toBe(200);
    expect((await t.call(createCheckInPlan, plan, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    const theirs = await t.call(
      createStudyTask,
      form({
        items: [{ resourceType: 11, resourceId: made.data.id, required: true, minScore: null }],
        departments: [],
      }),
      { as: adminOfB },
    );
    expect(theirs.code).toBe(ErrorCode.STUDY_TASK_ITEM_UNKNOWN);
    const log = await t.call(findAuditLog, { entityType: 'check_in_plan' }, { as: admin });
    expect(log.data.list.map((e) => e.entityId)).toEqual([String(made.data.id)]);
  });

  it('an edit from an older form is refused (8119); a started task is not made timed nor ended before now (8118)', async () => {
    const current = (await t.call(viewAdminStudyTask, { id: taskId }, { as: admin })).data;
    const same = {
      ...form({
        title: current.title,
        endsAt: current.endsAt,
        items: current.items.map((i) => ({ ...i })),
        departments: [],
        tags: [tag],
      }),
      id: taskId,
    };
    expect((await t.call(editStudyTask, { ...same, version: current.version }, { as: admin })).code).toBe(200);
    const stale = await t.call(editStudyTask, { ...same, title: '旧表单', version: current.version }, { as: admin });
    expect(stale).toMatchObject({
      code: ErrorCode.STUDY_TASK_CHANGED,
      message: '该学习任务已被他人修改，请刷新页面后再修改',
    });
    const timed = await t.call(editStudyTask, { ...same, timed: true }, { as: admin });
    expect(timed.code).toBe(ErrorCode.STUDY_TASK_WINDOW_LOCKED);
    const ended = await t.call(
      editStudyTask,
      {
        ...same,
        startsAt: new Date(Date.now() - 48 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - HOUR).toISOString(),
      },
      { as: admin, lang: 'en' },
    );
    expect(ended.message).toBe('Learners have started this task: it cannot become timed, nor end before now');
    expect((await t.call(viewAdminStudyTask, { id: taskId }, { as: admin })).data.title).toBe(current.title);
  });

  it('a project’s stage task is not deleted nor unpublished (8117)', async () => {
    const made = await t.call(createStudyTask, form({ title: '项目里的任务' }), { as: admin });
    const [project] = await db()
      .insert(schema.studyProjects)
      .values({ eid: a.eid, title: '训练营', startsAt: new Date(), endsAt: new Date(Date.now() + 72 * HOUR) })
      .returning();
    const [stage] = await db()
      .insert(schema.studyProjectStages)
      .values({ eid: a.eid, projectId: project!.id, position: 1, title: '第一阶段' })
      .returning();
    await db()
      .insert(schema.studyProjectStageTasks)
      .values({ eid: a.eid, stageId: stage!.id, taskId: made.data.id, projectId: project!.id });
    const del = await t.call(deleteStudyTask, { id: made.data.id }, { as: admin });
    expect(del).toMatchObject({
      code: ErrorCode.STUDY_TASK_IN_PROJECT,
      message: '该学习任务属于培训项目“训练营”，不能删除或取消发布，请先从项目中移除',
    });
    const hidden = await t.call(
      editStudyTask,
      { ...form({ title: '项目里的任务', published: false }), id: made.data.id },
      { as: admin },
    );
    expect(hidden.code).toBe(ErrorCode.STUDY_TASK_IN_PROJECT);
    const view = await t.call(viewAdminStudyTask, { id: made.data.id }, { as: admin });
    expect(view.data).toMatchObject({ published: true, projectTitle: '训练营' });
  });

  it('a learner and an administrator of another enterprise are refused every call', async () => {
    const calls = [
      [viewAdminStudyTask, { id: taskId }],
      [editStudyTask, { ...form(), id: taskId }],
      [deleteStudyTask, { id: taskId }],
      [createStudyTask, form()],
      [findTaskItemOptions, { resourceType: 3 }],
    ] as const;
    for (const [call, input] of calls)
      expect((await t.call(call as never, input as never, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect((await t.call(viewAdminStudyTask, { id: taskId }, { as: adminOfB })).code).toBe(
      ErrorCode.STUDY_TASK_NOT_FOUND,
    );
    expect((await t.call(editStudyTask, { ...form(), id: taskId }, { as: adminOfB })).code).toBe(
      ErrorCode.STUDY_TASK_NOT_FOUND,
    );
    expect((await t.call(deleteStudyTask, { id: taskId }, { as: adminOfB })).code).toBe(ErrorCode.STUDY_TASK_NOT_FOUND);
    // Their own options do not include ours.
    const options = await t.call(findTaskItemOptions, { resourceType: 3 }, { as: adminOfB });
    expect(options.data.map((o) => o.id)).not.toContain(courseId);
    const [row] = await db()
      .select()
      .from(schema.studyTasks)
      .where(and(eq(schema.studyTasks.eid, a.eid), eq(schema.studyTasks.id, taskId)));
    expect(row!.title).toBe('新员工入职学习（延期）');
  });
});
