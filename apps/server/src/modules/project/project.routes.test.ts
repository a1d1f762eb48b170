import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApplicationStatus,
  EnrolRule,
  ErrorCode,
  ProjectRecordLabel,
  ProjectState,
  admireProject,
  applyProject,
  cancelProjectApplication,
  countProjects,
  decideProjectApplication,
  decideProjectApplications,
  exportProjectRecords,
  findAdminProjects,
  findAuditLog,
  findAppliedProjects,
  findExportRecords,
  findProjectApplications,
  findProjectLecturers,
  findProjectRecords,
  findProjects,
  findPublicProjects,
  viewAdminProject,
  viewProject,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { applicationOf, createProject, finishTaskItems, seatsTakenOf } from '../../test/project-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let closed: Ent;
const db = () => t.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业', settings: { visitorOpenSet: true } });
  b = await createEnterprise(db(), { name: '乙企业', settings: { visitorOpenSet: true } });
  closed = await createEnterprise(db(), { name: '闭门企业', settings: { visitorOpenSet: false } });
});
afterAll(async () => t?.close());

/** A distinct client address per call: the apply call is limited per address and minute. */
let addr = 0;
const fromNewAddress = () => {
  addr += 1;
  return `10.${(addr >> 16) & 255}.${(addr >> 8) & 255}.${addr & 255}`;
};

const apply = (who: Learner, projectId: number) =>
  t.call(applyProject, { projectId }, { as: who, remoteAddress: fromNewAddress() });

describe('the public list and visitor mode', () => {
  it('lists published visitor-visible projects as cards where visitor mode is on, else asks to sign in', async () => {
    const shown = await createProject(db(), a.eid, {
      values: { title: '公开项目甲', capacity: 30, recommended: true },
      lecturers: ['王老师', '李老师'],
    });
    await createProject(db(), a.eid, { values: { title: '内部项目甲', visitorVisible: false } });
    await createProject(db(), a.eid, { values: { title: '未发布项目甲', published: false } });
    await createProject(db(), b.eid, { values: { title: '公开项目乙' } });
    await createProject(db(), closed.eid, { values: { title: '闭门项目' } });

    const page = await t.call(findPublicProjects, { keyword: '项目甲' }, { as: visitorOf(a) });
    expect(page.code).toBe(200);
    expect(page.data.list.map((p) => p.title)).toEqual(['公开项目甲']);
    expect(page.data.list[0]).toEqual({
      id: shown.project.id,
      title: '公开项目甲',
      coverUrl: '',
      summary: shown.project.summary,
      startsAt: shown.project.startsAt.toISOString(),
      endsAt: shown.project.endsAt.toISOString(),
      projectState: ProjectState.UNDER_WAY,
      capacity: 30,
      seatsTaken: 0,
      seatsLeft: 30,
      enrolRule: EnrolRule.OPEN,
      admireCount: 0,
      lecturerNames: ['王老师', '李老师'],
      priceFen: 0,
    });

    expect((await t.call(findPublicProjects, {}, { as: visitorOf(closed) })).code).toBe(ErrorCode.NOT_SIGNED_IN);
    // A learner of the closed site is signed in: the list is theirs.
    const inside = await t.call(findPublicProjects, {}, { as: await t.learner(closed) });
    expect(inside.data.list.map((p) => p.title)).toEqual(['闭门项目']);
  });

  it('looks up one project by id and filters by state (the enrolment page /signUp), visitors’ projects only', async () => {
    const now = Date.now();
    const open = await createProject(db(), a.eid, { values: { title: '报名页项目甲' } });
    const later = await createProject(db(), a.eid, {
      values: { title: '报名页未开始甲', startsAt: new Date(now + DAY), endsAt: new Date(now + 9 * DAY) },
    });
    const hidden = await createProject(db(), a.eid, { values: { title: '报名页内部甲', visitorVisible: false } });
    const draft = await createProject(db(), a.eid, { values: { title: '报名页未发布甲', published: false } });
    const theirs = await createProject(db(), b.eid, { values: { title: '报名页乙' } });
    const lookUp = async (projectId: number) =>
      (await t.call(findPublicProjects, { projectId }, { as: visitorOf(a) })).data.list.map((p) => p.title);

    expect(await lookUp(open.project.id)).toEqual(['报名页项目甲']);
    expect(await lookUp(later.project.id)).toEqual(['报名页未开始甲']);
    // Not for visitors, not published, another enterprise's: the same empty list.
    for (const id of [hidden.project.id, draft.project.id, theirs.project.id]) expect(await lookUp(id)).toEqual([]);
    const byId = await t.call(
      findPublicProjects,
      { projectId: open.project.id, keyword: '未开始' },
      { as: visitorOf(a) },
    );
    expect(byId.data).toMatchObject({ list: [], totalCount: 0 });
    // A malformed id is the call's 400, not a list.
    expect((await t.call(findPublicProjects, unchecked({ projectId: 0 }), { as: visitorOf(a) })).code).toBe(400);

    const underWay = await t.call(
      findPublicProjects,
      { keyword: '报名页', projectState: ProjectState.UNDER_WAY },
      { as: visitorOf(a) },
    );
    expect(underWay.data.list.map((p) => p.title)).toEqual(['报名页项目甲']);
    const notStarted = await t.call(
      findPublicProjects,
      { keyword: '报名页', projectState: ProjectState.NOT_STARTED },
      { as: visitorOf(a) },
    );
    expect(notStarted.data.list.map((p) => p.title)).toEqual(['报名页未开始甲']);
  });
});

describe('the signed-in list, page and tenancy', () => {
  it('shows only the enterprise’s projects: another enterprise’s ids are unknown', async () => {
    const theirs = await createProject(db(), b.eid, { values: { title: '乙的项目' }, lecturers: ['赵老师'] });
    const me = await t.learner(a);
    const page = await t.call(findProjects, { pageSize: 50 }, { as: me });
    expect(page.data.list.every((p) => !p.title.startsWith('乙'))).toBe(true);
    const id = theirs.project.id;
    expect((await t.call(viewProject, { projectId: id }, { as: me })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await apply(me, id)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(admireProject, { projectId: id }, { as: me })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(findProjectLecturers, { projectId: id }, { as: me })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(cancelProjectApplication, { projectId: id }, { as: me })).code).toBe(ErrorCode.NOT_FOUND);
    const adminOfA = await t.learner(a, { member: { isAdmin: true } });
    expect((await t.call(findProjectApplications, { projectId: id }, { as: adminOfA })).code).toBe(ErrorCode.NOT_FOUND);
    expect(await applicationOf(db(), b.eid, id, me.accountId)).toBeUndefined();
  });

  it('shows the page: sanitised intro, stages and tasks, lecturers, seats, rule and the learner’s state', async () => {
    const { project, taskIds, lecturerIds } = await createProject(db(), a.eid, {
      values: { title: '页面项目', capacity: 5, points: 8, creditTenths: 15 },
      stages: [2, 1],
      lecturers: ['钱老师'],
      certificate: true,
    });
    const me = await t.learner(a);
    const before = (await t.call(viewProject, { projectId: project.id }, { as: me })).data;
    expect(before.intro).toContain('<p>项目介绍</p>');
    expect(before.intro).not.toContain('script');
    expect(before.stages.map((s) => [s.title, s.tasks.map((x) => x.id)])).toEqual([
      ['阶段1', taskIds.slice(0, 2)],
      ['阶段2', taskIds.slice(2)],
    ]);
    expect(before.stages[0]!.tasks[0]).toMatchObject({ statusLabel: null, progressPercent: null, taskType: 1 });
    expect(before.lecturers.map((l) => [l.id, l.name])).toEqual([[lecturerIds[0], '钱老师']]);
    expect(before).toMatchObject({
      seatsLeft: 5,
      enrolRule: EnrolRule.OPEN,
      application: null,
      applicationStatus: null,
      canApply: true,
      cannotApplyCode: null,
      creditHour: 1.5,
      points: 8,
      grantsCertificate: true,
      taskCount: 3,
      completedTaskCount: 0,
      completed: false,
    });

    expect((await apply(me, project.id)).data.status).toBe(ApplicationStatus.APPROVED);
    await finishTaskItems(db(), a.eid, taskIds[0]!, me.accountId, 2);
    await finishTaskItems(db(), a.eid, taskIds[1]!, me.accountId, 1);
    const after = (await t.call(viewProject, { projectId: project.id }, { as: me })).data;
    expect(after.stages.flatMap((s) => s.tasks.map((x) => [x.statusLabel, x.progressPercent]))).toEqual([
      [3, 100],
      [2, 50],
      [1, 0],
    ]);
    expect(after).toMatchObject({
      seatsTaken: 1,
      seatsLeft: 4,
      applicationStatus: ApplicationStatus.APPROVED,
      application: { status: ApplicationStatus.APPROVED, reason: '', completedAt: null },
      canApply: false,
      cannotApplyCode: ErrorCode.PROJECT_APPLIED,
      taskCount: 3,
      completedTaskCount: 1,
      progressPercent: 50,
      completed: false,
    });
    expect(after.application!.decidedAt).not.toBeNull();

    const lecturers = await t.call(findProjectLecturers, { projectId: project.id }, { as: me });
    expect(lecturers.data).toMatchObject({ totalCount: 1, list: [{ name: '钱老师', title: '讲师' }] });
  });

  it('filters the list by keyword, state and the learner’s application status, and counts', async () => {
    const ent = await createEnterprise(db());
    const now = Date.now();
    const open = await createProject(db(), ent.eid, { values: { title: '筛选进行中' } });
    const later = await createProject(db(), ent.eid, {
      values: { title: '筛选未开始', startsAt: new Date(now + DAY), endsAt: new Date(now + 9 * DAY) },
    });
    await createProject(db(), ent.eid, {
      values: { title: '筛选已结束', startsAt: new Date(now - 9 * DAY), endsAt: new Date(now - DAY) },
    });
    const approval = await createProject(db(), ent.eid, {
      values: { title: '筛选审核', enrolRule: EnrolRule.APPROVAL },
    });
    const me = await t.learner(ent);
    await apply(me, open.project.id);
    await apply(me, approval.project.id);
    const titles = async (q: Parameters<typeof t.call<typeof findProjects>>[1]) =>
      (await t.call(findProjects, q, { as: me })).data.list.map((p) => p.title).sort();
    expect(await titles({ projectState: ProjectState.NOT_STARTED })).toEqual(['筛选未开始']);
    expect(await titles({ projectState: ProjectState.ENDED })).toEqual(['筛选已结束']);
    expect(await titles({ applicationStatus: ApplicationStatus.PENDING })).toEqual(['筛选审核']);
    expect(await titles({ applicationStatus: 0 })).toEqual(['筛选已结束', '筛选未开始']);
    expect(await titles({ keyword: '审核' })).toEqual(['筛选审核']);
    const mine = (await t.call(findProjects, { keyword: '进行中' }, { as: me })).data.list[0]!;
    expect(mine.applicationStatus).toBe(ApplicationStatus.APPROVED);
    expect((await t.call(countProjects, {}, { as: me })).data).toEqual({
      totalCount: 4,
      pendingCount: 1,
      enrolledCount: 1,
      completedCount: 0,
    });
    expect(later.project.id).toBeGreaterThan(0);
  });

  it('admire toggles once per learner and keeps the count', async () => {
    const { project } = await createProject(db(), a.eid);
    const me = await t.learner(a);
    const other = await t.learner(a);
    expect((await t.call(admireProject, { projectId: project.id }, { as: me })).data).toEqual({
      admired: true,
      admireCount: 1,
    });
    expect((await t.call(admireProject, { projectId: project.id }, { as: other })).data).toEqual({
      admired: true,
      admireCount: 2,
    });
    expect((await t.call(viewProject, { projectId: project.id }, { as: me })).data).toMatchObject({
      admired: true,
      admireCount: 2,
    });
    expect((await t.call(admireProject, { projectId: project.id }, { as: me })).data).toEqual({
      admired: false,
      admireCount: 1,
    });
    const rows = await db()
      .select()
      .from(schema.studyProjectAdmires)
      .where(and(eq(schema.studyProjectAdmires.eid, a.eid), eq(schema.studyProjectAdmires.projectId, project.id)));
    expect(rows.map((r) => r.accountId)).toEqual([other.accountId]);
  });
});

describe('applying', () => {
  it('approves at once where open, holds pending where approval is needed, refuses closed and out of dates', async () => {
    const now = Date.now();
    const open = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.OPEN } });
    const approval = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.APPROVAL } });
    const closedRule = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.CLOSED } });
    const later = await createProject(db(), a.eid, {
      values: { startsAt: new Date(now + DAY), endsAt: new Date(now + 2 * DAY) },
    });
    const ended = await createProject(db(), a.eid, {
      values: { startsAt: new Date(now - 2 * DAY), endsAt: new Date(now - DAY) },
    });
    const me = await t.learner(a);
    const approved = await apply(me, open.project.id);
    expect(approved.data).toMatchObject({ projectId: open.project.id, status: ApplicationStatus.APPROVED });
    expect(approved.data.decidedAt).not.toBeNull();
    const pending = await apply(me, approval.project.id);
    expect(pending.data).toMatchObject({ status: ApplicationStatus.PENDING, decidedAt: null });
    expect((await apply(me, closedRule.project.id)).code).toBe(ErrorCode.PROJECT_CLOSED);
    expect((await apply(me, later.project.id)).code).toBe(ErrorCode.PROJECT_NOT_STARTED);
    const refused = await t.call(applyProject, { projectId: ended.project.id }, { as: me, lang: 'en' });
    expect(refused).toMatchObject({ code: ErrorCode.PROJECT_ENDED, message: expect.stringContaining('ended') });
    for (const p of [closedRule, later, ended]) {
      expect(await applicationOf(db(), a.eid, p.project.id, me.accountId)).toBeUndefined();
      expect(await seatsTakenOf(db(), a.eid, p.project.id)).toBe(0);
    }

    // Twice: refused clearly, one seat held.
    const twice = await apply(me, approval.project.id);
    expect(twice.code).toBe(ErrorCode.PROJECT_APPLIED);
    expect(twice.message).toBe('您已报名该项目，请勿重复报名');
    expect((await apply(me, open.project.id)).code).toBe(ErrorCode.PROJECT_APPLIED);
    expect(await seatsTakenOf(db(), a.eid, approval.project.id)).toBe(1);

    // Withdrawing frees the seat; only a pending application is withdrawn; re-applying is allowed.
    const withdrawn = await t.call(cancelProjectApplication, { projectId: approval.project.id }, { as: me });
    expect(withdrawn.data.status).toBe(ApplicationStatus.WITHDRAWN);
    expect(await seatsTakenOf(db(), a.eid, approval.project.id)).toBe(0);
    expect((await t.call(cancelProjectApplication, { projectId: approval.project.id }, { as: me })).code).toBe(
      ErrorCode.PROJECT_NOT_PENDING,
    );
    expect((await t.call(cancelProjectApplication, { projectId: open.project.id }, { as: me })).code).toBe(
      ErrorCode.PROJECT_NOT_PENDING,
    );
    expect((await apply(me, approval.project.id)).data.status).toBe(ApplicationStatus.PENDING);
    expect(await seatsTakenOf(db(), a.eid, approval.project.id)).toBe(1);

    const mine = await t.call(findAppliedProjects, { status: ApplicationStatus.PENDING }, { as: me });
    expect(mine.data.list.map((p) => [p.id, p.application.status])).toEqual([
      [approval.project.id, ApplicationStatus.PENDING],
    ]);
    const all = await t.call(findAppliedProjects, {}, { as: me });
    expect(all.data.list.map((p) => p.id)).toEqual([approval.project.id, open.project.id]);
  });

  it('never passes the capacity under 50 concurrent applications; pending holds a seat, rejection frees one', async () => {
    const capacity = 10;
    const { project } = await createProject(db(), a.eid, {
      values: { enrolRule: EnrolRule.APPROVAL, capacity },
    });
    const learners: Learner[] = [];
    for (let i = 0; i < 50; i++) learners.push(await t.learner(a));
    const answers = await Promise.all(learners.map((who) => apply(who, project.id)));
    const ok = answers.filter((r) => r.code === 200);
    expect(ok).toHaveLength(capacity);
    expect(answers.filter((r) => r.code === ErrorCode.PROJECT_FULL)).toHaveLength(50 - capacity);
    expect(ok.every((r) => r.data.status === ApplicationStatus.PENDING)).toBe(true);
    expect(await seatsTakenOf(db(), a.eid, project.id)).toBe(capacity);
    const { rows } = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM study_project_applications WHERE eid = ${a.eid} AND project_id = ${project.id}`,
    );
    expect(rows[0]!.n).toBe(capacity);

    // Full: the page says so.
    const outsider = learners[answers.findIndex((r) => r.code !== 200)]!;
    expect((await t.call(viewProject, { projectId: project.id }, { as: outsider })).data).toMatchObject({
      seatsLeft: 0,
      canApply: false,
      cannotApplyCode: ErrorCode.PROJECT_FULL,
    });

    // An administrator rejects one: the seat is free for the next applicant, and only one.
    const admin = await t.learner(a, { member: { isAdmin: true } });
    const firstIn = learners[answers.findIndex((r) => r.code === 200)]!;
    const rejected = await t.call(
      decideProjectApplication,
      { projectId: project.id, accountId: firstIn.accountId, approve: false, reason: '名额调整' },
      { as: admin },
    );
    expect(rejected.data).toMatchObject({ status: ApplicationStatus.REJECTED, reason: '名额调整' });
    expect(await seatsTakenOf(db(), a.eid, project.id)).toBe(capacity - 1);
    const late = learners.filter((_, i) => answers[i]!.code !== 200).slice(0, 5);
    const second = await Promise.all(late.map((who) => apply(who, project.id)));
    expect(second.filter((r) => r.code === 200)).toHaveLength(1);
    expect(await seatsTakenOf(db(), a.eid, project.id)).toBe(capacity);
    // Re-applying after a rejection is allowed where a seat is free: here none is.
    expect((await apply(firstIn, project.id)).code).toBe(ErrorCode.PROJECT_FULL);
  });
});

describe('applying while the project is edited', () => {
  /**
   * Applies while another transaction holds the project's row with `change` made and not yet
   * committed; once the application waits on that row, the change commits. The answer.
   */
  async function applyDuring(who: Learner, projectId: number, change: string) {
    const client = await t.database.pool.connect();
    let ok = false;
    try {
      await client.query('BEGIN');
      await client.query(change, [projectId]);
      const { rows: me } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const answer = apply(who, projectId);
      // Until the application's transaction waits on this one (not any other waiter: jobs run here).
      await waitFor('the application to wait on the project', async () => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`,
          [me[0]!.pid],
        );
        return rows[0]!.n > 0;
      });
      await client.query('COMMIT');
      ok = true;
      return await answer;
    } finally {
      if (!ok) await client.query('ROLLBACK').catch(() => {});
      client.release(!ok);
    }
  }

  it('decides by the edit: closed or unpublished meanwhile refuses, opened meanwhile approves at once', async () => {
    const me = await t.learner(a);
    const closing = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.OPEN } });
    const refused = await applyDuring(
      me,
      closing.project.id,
      `UPDATE study_projects SET enrol_rule = ${EnrolRule.CLOSED} WHERE id = $1`,
    );
    expect(refused.code).toBe(ErrorCode.PROJECT_CLOSED);
    expect(await applicationOf(db(), a.eid, closing.project.id, me.accountId)).toBeUndefined();
    expect(await seatsTakenOf(db(), a.eid, closing.project.id)).toBe(0);

    const hidden = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.OPEN } });
    const gone = await applyDuring(me, hidden.project.id, `UPDATE study_projects SET published = false WHERE id = $1`);
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
    expect(await applicationOf(db(), a.eid, hidden.project.id, me.accountId)).toBeUndefined();

    const opening = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.APPROVAL } });
    const approved = await applyDuring(
      me,
      opening.project.id,
      `UPDATE study_projects SET enrol_rule = ${EnrolRule.OPEN} WHERE id = $1`,
    );
    expect(approved.data).toMatchObject({ status: ApplicationStatus.APPROVED, decidedAt: expect.any(String) });
    expect(await applicationOf(db(), a.eid, opening.project.id, me.accountId)).toMatchObject({
      status: ApplicationStatus.APPROVED,
    });
    expect(await seatsTakenOf(db(), a.eid, opening.project.id)).toBe(1);

    // Deleted meanwhile (as the editor deletes one nobody applied to: under its row lock): 404.
    const deleted = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.OPEN } });
    const missing = await applyDuring(
      me,
      deleted.project.id,
      `WITH locked AS (SELECT id FROM study_projects WHERE id = $1 FOR UPDATE)
       DELETE FROM study_projects WHERE id IN (SELECT id FROM locked)`,
    );
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    expect(await applicationOf(db(), a.eid, deleted.project.id, me.accountId)).toBeUndefined();

    const cut = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.OPEN, capacity: 5 } });
    const full = await applyDuring(me, cut.project.id, `UPDATE study_projects SET seats_taken = 5 WHERE id = $1`);
    expect(full.code).toBe(ErrorCode.PROJECT_FULL);
    expect(await applicationOf(db(), a.eid, cut.project.id, me.accountId)).toBeUndefined();
  });
});

describe('deciding applications', () => {
  it('lets only administrators list and decide, once', async () => {
    const { project } = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.APPROVAL } });
    const me = await t.learner(a, { member: { realName: '申请人' } });
    await apply(me, project.id);
    const plain = await t.learner(a);
    expect((await t.call(findProjectApplications, { projectId: project.id }, { as: plain })).code).toBe(
      ErrorCode.NOT_ADMIN,
    );
    expect(
      (
        await t.call(
          decideProjectApplication,
          { projectId: project.id, accountId: me.accountId, approve: true },
          { as: plain },
        )
      ).code,
    ).toBe(ErrorCode.NOT_ADMIN);
    expect((await applicationOf(db(), a.eid, project.id, me.accountId))!.status).toBe(ApplicationStatus.PENDING);

    const admin = await t.learner(a, { member: { isAdmin: true } });
    const listed = await t.call(
      findProjectApplications,
      { projectId: project.id, status: ApplicationStatus.PENDING },
      { as: admin },
    );
    expect(listed.data.list).toEqual([expect.objectContaining({ accountId: me.accountId, userName: '申请人' })]);
    const decide = () =>
      t.call(
        decideProjectApplication,
        { projectId: project.id, accountId: me.accountId, approve: true },
        { as: admin },
      );
    const [first, second] = await Promise.all([decide(), decide()]);
    expect([first.code, second.code].sort()).toEqual([200, ErrorCode.PROJECT_DECIDED]);
    const row = await applicationOf(db(), a.eid, project.id, me.accountId);
    expect(row).toMatchObject({ status: ApplicationStatus.APPROVED, decidedBy: admin.accountId });
    expect(await seatsTakenOf(db(), a.eid, project.id)).toBe(1);
    const nobody = await t.call(
      decideProjectApplication,
      { projectId: project.id, accountId: plain.accountId, approve: true },
      { as: admin },
    );
    expect(nobody.code).toBe(ErrorCode.NOT_FOUND);
    // Another enterprise's administrator does not see the project.
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect(
      (
        await t.call(
          decideProjectApplication,
          { projectId: project.id, accountId: me.accountId, approve: false },
          { as: adminOfB },
        )
      ).code,
    ).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('the back office’s projects and applications queue', () => {
  it('lists the enterprise’s projects, unpublished too, with seats and applications waiting; others’ are unknown', async () => {
    const { project } = await createProject(db(), a.eid, {
      values: { title: '后台队列项目', enrolRule: EnrolRule.APPROVAL, capacity: 5, published: false },
    });
    await createProject(db(), b.eid, { values: { title: '后台队列项目乙' } });
    const admin = await t.learner(a, { member: { isAdmin: true } });
    const who = await t.learner(a);
    // Unpublished: no learner can apply, so an application is put straight in (as one made before unpublishing).
    await db()
      .insert(schema.studyProjectApplications)
      .values({ eid: a.eid, projectId: project.id, accountId: who.accountId });
    await db().execute(sql`UPDATE study_projects SET seats_taken = 1 WHERE eid = ${a.eid} AND id = ${project.id}`);

    const page = await t.call(findAdminProjects, { keyword: '后台队列' }, { as: admin });
    expect(page.code).toBe(200);
    expect(page.data.list).toEqual([
      {
        id: project.id,
        title: '后台队列项目',
        startsAt: project.startsAt.toISOString(),
        endsAt: project.endsAt.toISOString(),
        capacity: 5,
        seatsTaken: 1,
        enrolRule: EnrolRule.APPROVAL,
        pending: 1,
        approved: 0,
        published: false,
      },
    ]);
    expect((await t.call(viewAdminProject, { id: project.id }, { as: admin })).data).toEqual(page.data.list[0]);
    const queue = await t.call(findProjectApplications, { projectId: project.id }, { as: admin });
    expect(queue.data.list.map((r) => r.accountId)).toEqual([who.accountId]);

    // A learner is refused; another enterprise's administrator finds nothing of a's.
    expect((await t.call(findAdminProjects, {}, { as: who })).code).toBe(ErrorCode.NOT_ADMIN);
    const adminOfB = await t.learner(b, { member: { isAdmin: true } });
    expect(
      (await t.call(findAdminProjects, { keyword: '后台队列项目' }, { as: adminOfB })).data.list.map((p) => p.title),
    ).toEqual(['后台队列项目乙']);
    expect((await t.call(viewAdminProject, { id: project.id }, { as: adminOfB })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(findProjectApplications, { projectId: project.id }, { as: adminOfB })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(
      (
        await t.call(
          decideProjectApplications,
          { projectId: project.id, accountIds: [who.accountId], approve: true },
          { as: adminOfB },
        )
      ).code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await applicationOf(db(), a.eid, project.id, who.accountId))!.status).toBe(ApplicationStatus.PENDING);
  });

  it('decides in bulk: a rejection needs a reason and frees seats; each application is decided once, audited', async () => {
    const { project } = await createProject(db(), a.eid, { values: { enrolRule: EnrolRule.APPROVAL, capacity: 6 } });
    const learners: Learner[] = [];
    for (let i = 0; i < 6; i++) learners.push(await t.learner(a));
    for (const who of learners) expect((await apply(who, project.id)).code).toBe(200);
    expect(await seatsTakenOf(db(), a.eid, project.id)).toBe(6);
    const admin = await t.learner(a, { member: { isAdmin: true } });
    const otherAdmin = await t.learner(a, { member: { isAdmin: true } });
    const ids = learners.map((l) => l.accountId);
    const decide = (accountIds: number[], approve: boolean, reason?: string, as = admin) =>
      t.call(
        decideProjectApplications,
        { projectId: project.id, accountIds, approve, ...(reason ? { reason } : {}) },
        { as },
      );

    // Rejecting without a reason is refused, in the caller's language, and changes nothing.
    const noReason = await decide(ids.slice(0, 2), false);
    expect(noReason).toMatchObject({ code: ErrorCode.PROJECT_REASON_REQUIRED, message: '拒绝报名须填写原因' });
    const noReasonEn = await t.call(
      decideProjectApplications,
      { projectId: project.id, accountIds: ids.slice(0, 2), approve: false, reason: '   ' },
      { as: admin, lang: 'en' },
    );
    expect(noReasonEn.message).toBe('Give a reason to reject an application');
    expect(await seatsTakenOf(db(), a.eid, project.id)).toBe(6);

    // One learner withdraws meanwhile; two administrators decide overlapping selections at once.
    expect((await t.call(cancelProjectApplication, { projectId: project.id }, { as: learners[5]! })).code).toBe(200);
    const [approved, rejected] = await Promise.all([
      decide(ids.slice(0, 4), true),
      decide(ids.slice(2, 6), false, '本期名额已满', otherAdmin),
    ]);
    expect(approved.code).toBe(200);
    expect(rejected.code).toBe(200);
    // 0 and 1 approved, 4 rejected, 5 withdrawn; 2 and 3 by whichever came first, and only once.
    expect(approved.data.decided + rejected.data.decided).toBe(5);
    expect(approved.data.unchanged + rejected.data.unchanged).toBe(3);
    const statuses = await Promise.all(
      ids.map(async (id) => (await applicationOf(db(), a.eid, project.id, id))!.status),
    );
    expect(statuses.slice(0, 2)).toEqual([ApplicationStatus.APPROVED, ApplicationStatus.APPROVED]);
    expect(statuses[4]).toBe(ApplicationStatus.REJECTED);
    expect(statuses[5]).toBe(ApplicationStatus.WITHDRAWN);
    const rejectedCount = statuses.filter((s) => s === ApplicationStatus.REJECTED).length;
    // Seats: six taken, one freed by the withdrawal, one per rejection.
    expect(await seatsTakenOf(db(), a.eid, project.id)).toBe(6 - 1 - rejectedCount);
    expect((await applicationOf(db(), a.eid, project.id, ids[4]!))!.reason).toBe('本期名额已满');

    // Again: nothing pending is left among them, so nothing changes.
    const again = await decide(ids, true);
    expect(again.data).toEqual({ decided: 0, unchanged: 6 });

    // Every decision is in the audit log once.
    const log = await t.call(findAuditLog, { entityType: 'study_project_application', pageSize: 100 }, { as: admin });
    const mine = log.data.list.filter((e) => ids.some((id) => e.entityId === `${project.id}:${id}`));
    expect(mine).toHaveLength(5);
    expect(new Set(mine.map((e) => e.entityId)).size).toBe(5);
    expect(mine.every((e) => e.action === 'decideProjectApplications')).toBe(true);
  });
});

describe('completion', () => {
  const earningsOf = async (eid: number, accountId: number, projectId: number) => {
    const { rows } = await db().execute<{ earnings: number; certificates: number; points: number | null }>(sql`
      SELECT (SELECT count(*)::int FROM earnings WHERE eid = ${eid} AND account_id = ${accountId}
                 AND source_type = 9 AND source_id = ${projectId}) AS earnings,
             (SELECT count(*)::int FROM certificates WHERE eid = ${eid} AND account_id = ${accountId}
                 AND source_type = 9 AND source_id = ${projectId}) AS certificates,
             (SELECT points FROM learner_totals WHERE eid = ${eid} AND account_id = ${accountId}) AS points`);
    return rows[0]!;
  };

  it('awards once under concurrent triggers (page reads and announced task completions), certificate once', async () => {
    const { project, taskIds } = await createProject(db(), a.eid, {
      values: { points: 7, creditTenths: 25 },
      stages: [1, 1],
      certificate: true,
    });
    const me = await t.learner(a);
    await apply(me, project.id);
    await finishTaskItems(db(), a.eid, taskIds[0]!, me.accountId, 2);
    expect((await t.call(viewProject, { projectId: project.id }, { as: me })).data.completed).toBe(false);
    expect(await earningsOf(a.eid, me.accountId, project.id)).toMatchObject({ earnings: 0, certificates: 0 });

    await finishTaskItems(db(), a.eid, taskIds[1]!, me.accountId, 2);
    const event = { eid: a.eid, accountId: me.accountId, resourceType: 5, resourceId: taskIds[1]! };
    const views = Array.from({ length: 8 }, () => t.call(viewProject, { projectId: project.id }, { as: me }));
    for (let i = 0; i < 8; i++) t.platform.learningEvents.announce(event);
    const answers = await Promise.all(views);
    await t.platform.learningEvents.settled();
    expect(answers.every((r) => r.code === 200 && r.data.completed && r.data.progressPercent === 100)).toBe(true);
    expect(await earningsOf(a.eid, me.accountId, project.id)).toEqual({ earnings: 1, certificates: 1, points: 7 });
    expect((await applicationOf(db(), a.eid, project.id, me.accountId))!.completedAt).not.toBeNull();

    const records = await t.call(findProjectRecords, {}, { as: me });
    expect(records.data.list.find((r) => r.projectId === project.id)).toMatchObject({
      statusLabel: ProjectRecordLabel.COMPLETED,
      taskCount: 2,
      completedTaskCount: 2,
      progressPercent: 100,
      creditHour: 2.5,
      points: 7,
      certificateEarned: true,
    });
  });

  it('completes through the task module’s announcement alone, and never for a learner not approved', async () => {
    const { project, taskIds } = await createProject(db(), a.eid, {
      values: { enrolRule: EnrolRule.APPROVAL, points: 3 },
    });
    const me = await t.learner(a);
    await apply(me, project.id);
    await finishTaskItems(db(), a.eid, taskIds[0]!, me.accountId, 2);
    const event = { eid: a.eid, accountId: me.accountId, resourceType: 5, resourceId: taskIds[0]! };
    t.platform.learningEvents.announce(event);
    await t.platform.learningEvents.settled();
    expect((await applicationOf(db(), a.eid, project.id, me.accountId))!.completedAt).toBeNull();
    expect((await earningsOf(a.eid, me.accountId, project.id)).earnings).toBe(0);

    const admin = await t.learner(a, { member: { isAdmin: true } });
    await t.call(
      decideProjectApplication,
      { projectId: project.id, accountId: me.accountId, approve: true },
      { as: admin },
    );
    t.platform.learningEvents.announce(event);
    await t.platform.learningEvents.settled();
    expect((await applicationOf(db(), a.eid, project.id, me.accountId))!.completedAt).not.toBeNull();
    expect(await earningsOf(a.eid, me.accountId, project.id)).toMatchObject({ earnings: 1, certificates: 0 });
  });
});

describe('project records', () => {
  it('lists the learner’s enrolled projects with labels and progress, and exports them as an export record', async () => {
    const ent = await createEnterprise(db());
    const started = await createProject(db(), ent.eid, { values: { title: '记录学习中' }, stages: [2] });
    const fresh = await createProject(db(), ent.eid, { values: { title: '记录未开始' } });
    const pending = await createProject(db(), ent.eid, {
      values: { title: '记录待审核', enrolRule: EnrolRule.APPROVAL },
    });
    const me = await t.learner(ent);
    for (const p of [started, fresh, pending]) await apply(me, p.project.id);
    await finishTaskItems(db(), ent.eid, started.taskIds[0]!, me.accountId, 2);
    // The task module stores the standing when it evaluates (here: the project page); records read it.
    expect((await t.call(viewProject, { projectId: started.project.id }, { as: me })).data.completedTaskCount).toBe(1);

    const page = await t.call(findProjectRecords, {}, { as: me });
    expect(
      page.data.list.map((r) => [r.title, r.statusLabel, r.completedTaskCount, r.taskCount, r.progressPercent]),
    ).toEqual(
      expect.arrayContaining([
        ['记录学习中', ProjectRecordLabel.LEARNING, 1, 2, 50],
        ['记录未开始', ProjectRecordLabel.NOT_STARTED, 0, 1, 0],
      ]),
    );
    expect(page.data.totalCount).toBe(2);
    const learning = await t.call(findProjectRecords, { statusLabel: ProjectRecordLabel.LEARNING }, { as: me });
    expect(learning.data.list.map((r) => r.title)).toEqual(['记录学习中']);
    const notStarted = await t.call(findProjectRecords, { statusLabel: ProjectRecordLabel.NOT_STARTED }, { as: me });
    expect(notStarted.data.list.map((r) => r.title)).toEqual(['记录未开始']);

    const exported = await t.call(exportProjectRecords, {}, { as: me });
    expect(exported.code).toBe(200);
    expect(exported.data.fileName).toMatch(/^项目记录-\d{12}\.xlsx$/);
    const record = await waitFor('the export to be done', async () => {
      const list = await t.call(findExportRecords, {}, { as: me });
      const row = list.data.list.find((r) => r.id === exported.data.id);
      return row && row.exportStatus !== 1 ? row : null;
    });
    expect(record.exportStatus).toBe(2);
    const { name, values } = sheetValues((await downloadExport(t, me, exported.data.id)).workbook);
    expect(name).toBe('项目记录');
    expect(values[0]![0]).toBe('项目名称');
    expect(values.slice(1).map((r) => [r[0], r[3], r[5]])).toEqual(
      expect.arrayContaining([
        ['记录学习中', '学习中', '1/2'],
        ['记录未开始', '未开始', '0/1'],
      ]),
    );
    expect(values).toHaveLength(3);
  });
});
