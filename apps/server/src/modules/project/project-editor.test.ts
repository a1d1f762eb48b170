import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  applyProject,
  createStudyProject,
  deleteStudyProject,
  editStudyProject,
  findAuditLog,
  findStudyTasks,
  viewAdminProjectDetail,
  viewProject,
  type StudyProjectForm,
} from '@portal/contract';
import { schema } from '@portal/db';
import { and, eq } from 'drizzle-orm';
import { createLecturer } from '../../test/catalog-factories.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createProject } from '../../test/project-factories.ts';
import { createTask } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let zhang: Learner;
let li: Learner;
let wang: Learner;
let tasks: number[];
let lecturer: number;
let otherProjectTask: number;
let foreignTask: number;
const db = () => t.database.db;
const DAY = 86_400_000;

/** An open project of two stages over the first three tasks, with a lecturer. */
const form = (over: Partial<StudyProjectForm> = {}) => ({
  title: '2026新员工训练营',
  summary: '三个阶段，一个月',
  intro: '<p>欢迎</p><img src="x" onerror="alert(1)">',
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
  capacity: 2,
  enrolRule: 1,
  creditHours: 4,
  points: 50,
  stages: [
    { title: '入职准备', taskIds: [tasks[0]!, tasks[1]!] },
    { title: '岗位实践', taskIds: [tasks[2]!] },
  ],
  lecturerIds: [lecturer],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '项目编辑企业' });
  b = await createEnterprise(db(), { name: '他人企业' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '管理员' } });
  zhang = await t.learner(a, { member: { realName: '张三' } });
  li = await t.learner(a, { member: { realName: '李四' } });
  wang = await t.learner(a, { member: { realName: '王五' } });
  tasks = [];
  for (const title of ['入职须知', '安全培训', '岗位实操', '结业考核'])
    tasks.push((await createTask(db(), a.eid, { task: { title } })).task.id);
  lecturer = (await createLecturer(db(), a.eid, { name: '周老师' })).id;
  const other = await createProject(db(), a.eid, { stages: [1] });
  otherProjectTask = other.taskIds[0]!;
  foreignTask = (await createTask(db(), b.eid)).task.id;
});
afterAll(async () => t?.close());

describe('the study project editor', () => {
  let projectId: number;

  it('creates a project with its stages of tasks and lecturers; its learners are given the stage tasks', async () => {
    const r = await t.call(createStudyProject, form(), { as: admin });
    expect(r.code).toBe(200);
    projectId = r.data.id;
    const view = await t.call(viewAdminProjectDetail, { id: projectId }, { as: admin });
    expect(view.data).toMatchObject({
      title: '2026新员工训练营',
      intro: expect.stringMatching(/^<p>欢迎<\/p>(?!.*onerror)/),
      capacity: 2,
      enrolRule: 1,
      creditHours: 4,
      points: 50,
      seatsTaken: 0,
      applications: 0,
      stages: [
        {
          title: '入职准备',
          tasks: [
            { id: tasks[0], name: '入职须知' },
            { id: tasks[1], name: '安全培训' },
          ],
        },
        { title: '岗位实践', tasks: [{ id: tasks[2], name: '岗位实操' }] },
      ],
      lecturers: [{ id: lecturer, name: '周老师' }],
    });
    expect((await t.call(viewProject, { projectId }, { as: zhang })).code).toBe(200);
    expect((await t.call(applyProject, { projectId }, { as: zhang })).code).toBe(200);
    const mine = await t.call(findStudyTasks, {}, { as: zhang });
    expect(mine.data.list.map((x: { id: number }) => x.id).sort()).toEqual([tasks[0], tasks[1], tasks[2]].sort());
  });

  it('refuses a task of another project (8212), an unknown one (8214) and a broken form, in the caller’s language', async () => {
    const taken = await t.call(createStudyProject, form({ stages: [{ title: '一', taskIds: [otherProjectTask] }] }), {
      as: admin,
    });
    expect(taken.code).toBe(ErrorCode.PROJECT_TASK_TAKEN);
    expect(taken.message).toMatch(/^学习任务“.+”已属于其他培训项目$/);
    const foreign = await t.call(createStudyProject, form({ stages: [{ title: '一', taskIds: [foreignTask] }] }), {
      as: admin,
    });
    expect(foreign).toMatchObject({ code: ErrorCode.PROJECT_REF_UNKNOWN, message: '学习任务、讲师或证书模板不存在' });
    const twice = await t.call(
      createStudyProject,
      form({
        stages: [
          { title: '一', taskIds: [tasks[3]!] },
          { title: '二', taskIds: [tasks[3]!] },
        ],
      }),
      { as: admin, lang: 'en' },
    );
    expect(twice.message).toContain('A study task can be in one stage only');
    const noStage = await t.call(createStudyProject, form({ stages: [] }), { as: admin });
    expect(noStage.message).toContain('请至少添加一个阶段');
    // Another project's task cannot be moved into this one either.
    const steal = await t.call(
      editStudyProject,
      { ...form({ stages: [{ title: '一', taskIds: [tasks[0]!, otherProjectTask] }] }), id: projectId },
      { as: admin },
    );
    expect(steal.code).toBe(ErrorCode.PROJECT_TASK_TAKEN);
  });

  it('edits: the seats never below those taken (8211); stages and lecturers replaced; audited', async () => {
    expect((await t.call(applyProject, { projectId }, { as: li })).code).toBe(200);
    const below = await t.call(editStudyProject, { ...form({ capacity: 1 }), id: projectId }, { as: admin });
    expect(below).toMatchObject({
      code: ErrorCode.PROJECT_CAPACITY_BELOW_SEATS,
      message: '名额不能少于已占用的名额（2人）',
    });
    // Full: 王五 cannot apply; with one seat more, he can.
    expect((await t.call(applyProject, { projectId }, { as: wang })).code).toBe(ErrorCode.PROJECT_FULL);
    const edited = await t.call(
      editStudyProject,
      {
        ...form({
          title: '2026新员工训练营（第二期）',
          capacity: 3,
          stages: [{ title: '全部内容', taskIds: [tasks[2]!, tasks[3]!] }],
          lecturerIds: [],
        }),
        id: projectId,
      },
      { as: admin },
    );
    expect(edited.code).toBe(200);
    expect((await t.call(applyProject, { projectId }, { as: wang })).code).toBe(200);
    const view = await t.call(viewAdminProjectDetail, { id: projectId }, { as: admin });
    expect(view.data).toMatchObject({ capacity: 3, seatsTaken: 3, applications: 3, lecturers: [] });
    expect(view.data.stages).toEqual([
      {
        title: '全部内容',
        tasks: [
          { id: tasks[2], name: '岗位实操' },
          { id: tasks[3], name: '结业考核' },
        ],
      },
    ]);
    // The freed tasks can go to another project now.
    const freed = await t.call(
      createStudyProject,
      form({ title: '另一个项目', stages: [{ title: '一', taskIds: [tasks[0]!] }] }),
      { as: admin },
    );
    expect(freed.code).toBe(200);
    const log = await t.call(findAuditLog, { entityType: 'study_project' }, { as: admin });
    const entry = log.data.list.find((e) => e.entityId === String(projectId) && e.action === 'editStudyProject');
    expect(entry).toBeDefined();
  });

  it('concurrent applications and a capacity edit never leave more seats taken than the capacity', async () => {
    const p = await t.call(
      createStudyProject,
      form({ title: '并发项目', capacity: 5, stages: [{ title: '一', taskIds: [] }] }),
      {
        as: admin,
      },
    );
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.learner(a, { member: { realName: `学员${i}` } })),
    );
    const results = await Promise.all([
      ...people.map((who) => t.call(applyProject, { projectId: p.data.id }, { as: who })),
      t.call(
        editStudyProject,
        { ...form({ title: '并发项目', capacity: 2, stages: [{ title: '一', taskIds: [] }] }), id: p.data.id },
        { as: admin },
      ),
    ]);
    const [row] = await db()
      .select()
      .from(schema.studyProjects)
      .where(and(eq(schema.studyProjects.eid, a.eid), eq(schema.studyProjects.id, p.data.id)));
    expect(row!.seatsTaken).toBeLessThanOrEqual(row!.capacity);
    const applied = results.slice(0, 6).filter((r) => r.code === 200).length;
    expect(row!.seatsTaken).toBe(applied);
  });

  it('a project anyone applied to is not deleted (8213); an empty one is, audited', async () => {
    const del = await t.call(deleteStudyProject, { id: projectId }, { as: admin });
    expect(del).toMatchObject({ code: ErrorCode.PROJECT_HAS_APPLICATIONS });
    const empty = await t.call(createStudyProject, form({ title: '空项目', stages: [{ title: '一', taskIds: [] }] }), {
      as: admin,
    });
    expect((await t.call(deleteStudyProject, { id: empty.data.id }, { as: admin })).code).toBe(200);
    expect((await t.call(viewAdminProjectDetail, { id: empty.data.id }, { as: admin })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('an edit from an older form is refused (8215); a cover must be an image address', async () => {
    const current = (await t.call(viewAdminProjectDetail, { id: projectId }, { as: admin })).data;
    const input = {
      ...form({
        title: current.title,
        capacity: current.capacity,
        stages: current.stages.map((s) => ({ title: s.title, taskIds: s.tasks.map((x) => x.id) })),
        lecturerIds: [],
      }),
      id: projectId,
    };
    expect((await t.call(editStudyProject, { ...input, version: current.version }, { as: admin })).code).toBe(200);
    const stale = await t.call(
      editStudyProject,
      { ...input, title: '旧表单', version: current.version },
      { as: admin },
    );
    expect(stale).toMatchObject({
      code: ErrorCode.PROJECT_CHANGED,
      message: '该培训项目已被他人修改，请刷新页面后再修改',
    });
    const script = await t.call(editStudyProject, { ...input, coverUrl: 'javascript:alert(1)' }, { as: admin });
    expect(script.code).toBe(ErrorCode.BAD_INPUT);
  });

  it('two projects taking one task at once: one has it, the other is told 8212, never a 500', async () => {
    const [free] = await db()
      .insert(schema.studyTasks)
      .values({ eid: a.eid, title: '抢手任务', startsAt: new Date(), endsAt: new Date(Date.now() + DAY) })
      .returning();
    const results = await Promise.all(
      ['甲项目', '乙项目', '丙项目'].map((title) =>
        t.call(createStudyProject, form({ title, stages: [{ title: '一', taskIds: [free!.id] }] }), { as: admin }),
      ),
    );
    expect(results.map((r) => r.code).sort()).toEqual([
      200,
      ErrorCode.PROJECT_TASK_TAKEN,
      ErrorCode.PROJECT_TASK_TAKEN,
    ]);
    for (const r of results.filter((x) => x.code !== 200))
      expect(r.message).toBe('学习任务“抢手任务”已属于其他培训项目');
  });

  it('a learner and an administrator of another enterprise are refused every call', async () => {
    for (const [call, input] of [
      [viewAdminProjectDetail, { id: projectId }],
      [editStudyProject, { ...form(), id: projectId }],
      [deleteStudyProject, { id: projectId }],
      [createStudyProject, form()],
    ] as const)
      expect((await t.call(call as never, input as never, { as: zhang })).code).toBe(ErrorCode.NOT_ADMIN);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect((await t.call(viewAdminProjectDetail, { id: projectId }, { as: adminOfB })).code).toBe(ErrorCode.NOT_FOUND);
    expect(
      (
        await t.call(
          editStudyProject,
          { ...form({ stages: [{ title: '一', taskIds: [] }] }), id: projectId },
          { as: adminOfB },
        )
      ).code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(deleteStudyProject, { id: projectId }, { as: adminOfB })).code).toBe(ErrorCode.NOT_FOUND);
    // Their project cannot take our tasks.
    const theirs = await t.call(createStudyProject, form({ stages: [{ title: '一', taskIds: [tasks[3]!] }] }), {
      as: adminOfB,
    });
    expect(theirs.code).toBe(ErrorCode.PROJECT_REF_UNKNOWN);
    const [row] = await db()
      .select()
      .from(schema.studyProjects)
      .where(and(eq(schema.studyProjects.eid, a.eid), eq(schema.studyProjects.id, projectId)));
    expect(row!.title).toBe('2026新员工训练营（第二期）');
  });
});
