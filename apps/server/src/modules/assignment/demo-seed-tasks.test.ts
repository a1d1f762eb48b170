import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { findStudyTasks, viewProject, viewStudyTask } from '@portal/contract';
import { DEMO_ACCOUNTS, DEMO_TENANTS, schema, seedDemoData } from '@portal/db';
import { demoCourseTitle } from '@portal/db/seed';
import { demoTaskTitle, type DemoTaskRole } from '@portal/db/seed-tasks';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AssignmentTarget, assignedTaskIds } from './index.ts';

// The demo study tasks, check-in plans and projects (issue 20 item 7; packages/db/src/seed-tasks.ts)
// on every demo site, so that the content a newcomer follows cannot silently disappear.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  await seedDemoData(t.database.db, { files: t.platform.storage });
});
afterAll(async () => t?.close());

const cjk = /[\u4e00-\u9fff]/;
const PUBLIC_DIR = fileURLToPath(new URL('../../../../web/public/', import.meta.url));
/** Today's date and weekday (1 Monday … 7 Sunday) in China time, as check-in slots are kept. */
function chinaToday(at = Date.now()): { date: string; weekday: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(at));
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return { date, weekday: day === 0 ? 7 : day };
}

/** The site's demo learner: the first demo person of the site who is not an administrator. */
async function demoLearner(eid: number): Promise<number> {
  const person = DEMO_ACCOUNTS.find((p) => p.eids.includes(eid) && !p.isAdmin)!;
  const [row] = await t.database.db
    .select({ id: schema.accounts.id })
    .from(schema.accounts)
    .where(eq(schema.accounts.phone, person.phone));
  return row!.id;
}

describe('demo study tasks and projects', () => {
  it('give every demo site departments, tags and each kind of task, in its language, reaching its demo learner', async () => {
    const db = t.database.db;
    const now = Date.now();
    for (const site of DEMO_TENANTS) {
      const eid = site.eid;
      const zh = site.lang === 'zh';
      const learner = await demoLearner(eid);
      const departments = await db.select().from(schema.departments).where(eq(schema.departments.eid, eid));
      expect(departments.length, `${eid}`).toBeGreaterThanOrEqual(5);
      expect(departments.filter((d) => d.parentId === null)).toHaveLength(1);
      expect(departments.some((d) => departments.some((c) => c.parentId === d.id && d.parentId !== null))).toBe(true);
      expect(departments.every((d) => cjk.test(d.name) === zh)).toBe(true);
      const memberships = await db.select().from(schema.departmentMembers).where(eq(schema.departmentMembers.eid, eid));
      expect(memberships.length).toBeGreaterThan(5);
      const learnerTags = await db.select().from(schema.learnerTags).where(eq(schema.learnerTags.eid, eid));
      expect(learnerTags.filter((g) => g.accountId === learner).length).toBeGreaterThanOrEqual(1);
      expect(learnerTags.some((g) => g.accountId !== learner)).toBe(true);

      const tasks = await db.select().from(schema.studyTasks).where(eq(schema.studyTasks.eid, eid));
      const items = await db.select().from(schema.studyTaskItems).where(eq(schema.studyTaskItems.eid, eid));
      const rules = await db.select().from(schema.studyTaskAssignments).where(eq(schema.studyTaskAssignments.eid, eid));
      expect(tasks.every((x) => cjk.test(x.title) === zh)).toBe(true);
      const byRole = (role: DemoTaskRole) => {
        const found = tasks.filter((x) => x.title === demoTaskTitle(eid, role));
        expect(found, `${eid} ${role}`).toHaveLength(1);
        return found[0]!;
      };
      const itemsOf = (taskId: number) =>
        items.filter((i) => i.taskId === taskId).sort((a, b) => a.position - b.position);
      const { rows: reached } = await db.execute<{ task_id: number }>(
        sql`SELECT task_id FROM ${assignedTaskIds(eid, learner)} x`,
      );
      const reaches = (taskId: number) => reached.some((r) => r.task_id === taskId);
      const standing = await db
        .select()
        .from(schema.studyTaskLearners)
        .where(and(eq(schema.studyTaskLearners.eid, eid), eq(schema.studyTaskLearners.accountId, learner)));
      const progress = await db
        .select()
        .from(schema.studyTaskItemProgress)
        .where(and(eq(schema.studyTaskItemProgress.eid, eid), eq(schema.studyTaskItemProgress.accountId, learner)));
      const open = (x: { startsAt: Date; endsAt: Date }) => x.startsAt.getTime() < now && x.endsAt.getTime() > now;

      // The ordered learning task: the handout, the short course, an open exam; by department, to
      // one the demo learner is in; earns credit, points and a certificate of the site.
      const ordered = byRole('ordered');
      expect([ordered.taskType, ordered.ordered, open(ordered)]).toEqual([1, true, true]);
      expect(ordered.creditTenths).toBeGreaterThan(0);
      expect(ordered.points).toBeGreaterThan(0);
      const [template] = await db
        .select()
        .from(schema.certificateTemplates)
        .where(
          and(
            eq(schema.certificateTemplates.eid, eid),
            eq(schema.certificateTemplates.id, ordered.certificateTemplateId!),
          ),
        );
      expect(template).toBeDefined();
      const orderedItems = itemsOf(ordered.id);
      expect(orderedItems.map((i) => i.resourceType)).toEqual([4, 3, 7]);
      const [material] = await db
        .select()
        .from(schema.resourceMaterials)
        .where(
          and(eq(schema.resourceMaterials.eid, eid), eq(schema.resourceMaterials.id, orderedItems[0]!.resourceId)),
        );
      expect(material!.kind).toBe(2);
      const [course] = await db
        .select()
        .from(schema.courses)
        .where(and(eq(schema.courses.eid, eid), eq(schema.courses.id, orderedItems[1]!.resourceId)));
      expect(course!.title).toBe(demoCourseTitle(eid, 'short'));
      expect(course!.priceFen).toBe(0);
      const [exam] = await db
        .select()
        .from(schema.examTasks)
        .where(and(eq(schema.examTasks.eid, eid), eq(schema.examTasks.id, orderedItems[2]!.resourceId)));
      expect(exam!.title).toBe(demoTaskTitle(eid, 'orderedExam'));
      expect([exam!.published, open(exam!), exam!.attemptsAllowed >= 3]).toEqual([true, true, true]);
      const orderedRule = rules.find((r) => r.taskId === ordered.id)!;
      expect(orderedRule.targetType).toBe(AssignmentTarget.DEPARTMENT);
      expect(memberships.some((m) => m.departmentId === orderedRule.targetId && m.accountId === learner)).toBe(true);
      expect(reaches(ordered.id)).toBe(true);
      // Part way: the handout done, nothing after it.
      const orderedStanding = standing.find((x) => x.taskId === ordered.id)!;
      expect(orderedStanding.status).toBe(2);
      expect(orderedStanding.progressPercent).toBeGreaterThan(0);
      expect(orderedStanding.progressPercent).toBeLessThan(100);
      expect([orderedStanding.requiredDone, orderedStanding.requiredCount]).toEqual([1, 3]);
      expect(orderedItems.map((i) => progress.find((p) => p.itemId === i.id)?.completedAt instanceof Date)).toEqual([
        true,
        false,
        false,
      ]);
      // The course item is not done: nobody started the short course.
      const shortLearners = await db
        .select()
        .from(schema.courseLearners)
        .where(and(eq(schema.courseLearners.eid, eid), eq(schema.courseLearners.courseId, course!.id)));
      expect(shortLearners).toEqual([]);

      // The assessment task, by a tag the demo learner carries: a course and an exam with a bar.
      const assessment = byRole('assessment');
      expect(assessment.taskType).toBe(3);
      const assessmentItems = itemsOf(assessment.id);
      expect(assessmentItems.map((i) => i.resourceType)).toEqual([3, 7]);
      expect(assessmentItems[1]!.minScoreTenths).toBeGreaterThan(600);
      const assessmentRule = rules.find((r) => r.taskId === assessment.id)!;
      expect(assessmentRule.targetType).toBe(AssignmentTarget.TAG);
      expect(learnerTags.some((g) => g.tagId === assessmentRule.targetId && g.accountId === learner)).toBe(true);
      expect(reaches(assessment.id)).toBe(true);
      // Its course item is done only because the demo learner completed that course.
      for (const p of progress.filter((x) => x.taskId === assessment.id && x.completedAt !== null)) {
        const item = assessmentItems.find((i) => i.id === p.itemId)!;
        expect(item.resourceType).toBe(3);
        const [study] = await db
          .select()
          .from(schema.courseLearners)
          .where(
            and(
              eq(schema.courseLearners.eid, eid),
              eq(schema.courseLearners.courseId, item.resourceId),
              eq(schema.courseLearners.accountId, learner),
            ),
          );
        expect(study?.completedAt).toBeInstanceOf(Date);
      }

      // The coaching task: the demo learner coached by someone else, and coaching someone else.
      const coaching = byRole('coaching');
      expect(coaching.taskType).toBe(4);
      expect(reaches(coaching.id)).toBe(true);
      const mentors = await db
        .select()
        .from(schema.studyTaskMentors)
        .where(and(eq(schema.studyTaskMentors.eid, eid), eq(schema.studyTaskMentors.taskId, coaching.id)));
      const mine = mentors.find((m) => m.learnerId === learner)!;
      expect(mine.mentorId).not.toBe(learner);
      expect(mentors.some((m) => m.mentorId === learner && m.learnerId !== learner)).toBe(true);
      const confirmed = progress.filter((p) => p.taskId === coaching.id && p.completedAt !== null);
      expect(confirmed.every((p) => p.confirmedBy === mine.mentorId)).toBe(true);

      // The sign-in task: one check-in item, its plan open now and every day for months after.
      const checkIn = byRole('checkIn');
      expect(reaches(checkIn.id)).toBe(true);
      const checkInItems = itemsOf(checkIn.id);
      expect(checkInItems.map((i) => i.resourceType)).toEqual([11]);
      const [plan] = await db
        .select()
        .from(schema.checkInPlans)
        .where(and(eq(schema.checkInPlans.eid, eid), eq(schema.checkInPlans.id, checkInItems[0]!.resourceId)));
      expect(plan!.title).toBe(demoTaskTitle(eid, 'checkInPlan'));
      const today = chinaToday(now);
      const inNinetyDays = chinaToday(now + 90 * 86_400_000);
      expect(plan!.startsOn < today.date && plan!.endsOn > inNinetyDays.date).toBe(true);
      expect([...plan!.weekdays].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect([plan!.windowStart, plan!.windowEnd]).toEqual(['00:00', '23:59']);
      const checkIns = await db
        .select()
        .from(schema.checkIns)
        .where(and(eq(schema.checkIns.eid, eid), eq(schema.checkIns.planId, plan!.id)));
      const slots = checkIns.filter((c) => c.accountId === learner).map((c) => c.slotDate);
      expect(slots.length).toBeGreaterThanOrEqual(2);
      expect(slots.length).toBeLessThan(plan!.requiredCount);
      // Today's slot is open to the learner, and a past slot was missed.
      expect(slots).not.toContain(today.date);
      expect(slots.every((d) => d >= plan!.startsOn && d < today.date)).toBe(true);
      const pastDays = Math.round((Date.parse(today.date) - Date.parse(plan!.startsOn)) / 86_400_000);
      expect(pastDays).toBeGreaterThan(slots.length);

      // Timed: one open for a few weeks, one that closed missed.
      const timedOpen = byRole('timedOpen');
      expect([timedOpen.timed, open(timedOpen), reaches(timedOpen.id)]).toEqual([true, true, true]);
      expect(timedOpen.endsAt.getTime() - now).toBeLessThan(60 * 86_400_000);
      const timedMissed = byRole('timedMissed');
      expect([timedMissed.timed, timedMissed.endsAt.getTime() < now, reaches(timedMissed.id)]).toEqual([
        true,
        true,
        true,
      ]);
      expect(standing.find((x) => x.taskId === timedMissed.id)?.status).toBe(9);

      // Every item names a resource of the site (the types whose owners exist today).
      const owners: Record<number, typeof schema.courses | typeof schema.resourceMaterials> = {
        3: schema.courses,
        4: schema.resourceMaterials,
      };
      for (const item of items) {
        const table = owners[item.resourceType];
        if (!table) continue;
        const found = await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.eid, eid), eq(table.id, item.resourceId)));
        expect(found, item.title).toHaveLength(1);
      }
    }
  });

  it('give every demo site an open project and one needing approval, the demo learner part way through one', async () => {
    const db = t.database.db;
    const now = Date.now();
    for (const site of DEMO_TENANTS) {
      const eid = site.eid;
      const zh = site.lang === 'zh';
      const learner = await demoLearner(eid);
      const projects = await db.select().from(schema.studyProjects).where(eq(schema.studyProjects.eid, eid));
      expect(projects.map((p) => p.enrolRule).sort()).toEqual([1, 2]);
      const stages = await db.select().from(schema.studyProjectStages).where(eq(schema.studyProjectStages.eid, eid));
      const stageTasks = await db
        .select()
        .from(schema.studyProjectStageTasks)
        .where(eq(schema.studyProjectStageTasks.eid, eid));
      const applications = await db
        .select()
        .from(schema.studyProjectApplications)
        .where(eq(schema.studyProjectApplications.eid, eid));
      for (const project of projects) {
        const role = project.enrolRule === 1 ? 'projectOpen' : 'projectApproval';
        expect(project.title).toBe(demoTaskTitle(eid, role));
        expect(project.published).toBe(true);
        expect(project.startsAt.getTime() < now && project.endsAt.getTime() > now).toBe(true);
        expect(project.capacity).toBeGreaterThan(0);
        expect(existsSync(path.join(PUBLIC_DIR, project.coverUrl)), project.coverUrl).toBe(true);
        expect(cjk.test(project.intro)).toBe(zh);
        expect(cjk.test(project.summary)).toBe(zh);
        const own = stages.filter((s) => s.projectId === project.id);
        expect(own.length).toBeGreaterThanOrEqual(2);
        for (const stage of own) expect(stageTasks.some((x) => x.stageId === stage.id)).toBe(true);
        const lecturers = await db
          .select()
          .from(schema.studyProjectLecturers)
          .where(
            and(eq(schema.studyProjectLecturers.eid, eid), eq(schema.studyProjectLecturers.projectId, project.id)),
          );
        expect(lecturers.length).toBeGreaterThanOrEqual(1);
        const seats = applications.filter((a) => a.projectId === project.id && (a.status === 1 || a.status === 2));
        expect(project.seatsTaken).toBe(seats.length);
        expect(project.seatsTaken).toBeLessThanOrEqual(project.capacity);
      }
      const openProject = projects.find((p) => p.enrolRule === 1)!;
      const approvalProject = projects.find((p) => p.enrolRule === 2)!;
      // Enrolled in the open one, part way through it; free to apply to the other.
      expect(applications.find((a) => a.projectId === openProject.id && a.accountId === learner)?.status).toBe(2);
      expect(applications.some((a) => a.projectId === approvalProject.id && a.accountId === learner)).toBe(false);
      expect(applications.some((a) => a.projectId === approvalProject.id && a.status === 1)).toBe(true);
      const openTasks = stageTasks.filter((x) => x.projectId === openProject.id).map((x) => x.taskId);
      const standing = await db
        .select()
        .from(schema.studyTaskLearners)
        .where(
          and(
            eq(schema.studyTaskLearners.eid, eid),
            eq(schema.studyTaskLearners.accountId, learner),
            inArray(schema.studyTaskLearners.taskId, openTasks),
          ),
        );
      expect(standing.some((x) => x.status === 2 && x.progressPercent > 0 && x.progressPercent < 100)).toBe(true);
      // The project's tasks reach the learner through the enrolment; the other project's do not.
      const { rows: reached } = await db.execute<{ task_id: number }>(
        sql`SELECT task_id FROM ${assignedTaskIds(eid, learner)} x`,
      );
      const reachedIds = reached.map((r) => r.task_id);
      for (const id of openTasks) expect(reachedIds).toContain(id);
      for (const x of stageTasks.filter((x) => x.projectId === approvalProject.id))
        expect(reachedIds).not.toContain(x.taskId);
    }
  });

  it('read by the task and project modules as the demo learner: part way, locks, check-ins, a mentor, missed, enrolled', async () => {
    const db = t.database.db;
    for (const site of DEMO_TENANTS) {
      const eid = site.eid;
      const learner = await demoLearner(eid);
      const who = { domain: 'localhost', token: (await t.platform.sessions.create(learner, eid)).token };
      const taskId = async (role: DemoTaskRole) =>
        (
          await db
            .select({ id: schema.studyTasks.id })
            .from(schema.studyTasks)
            .where(and(eq(schema.studyTasks.eid, eid), eq(schema.studyTasks.title, demoTaskTitle(eid, role))))
        )[0]!.id;
      const view = async (role: DemoTaskRole) =>
        (await t.call(viewStudyTask, { taskId: await taskId(role) }, { as: who })).data;

      const list = (await t.call(findStudyTasks, { pageSize: 100 }, { as: who })).data.list;
      const titles = list.map((x) => x.title);
      for (const role of ['ordered', 'assessment', 'coaching', 'checkIn', 'timedOpen', 'timedMissed'] as const) {
        expect(titles, `${eid} ${role}`).toContain(demoTaskTitle(eid, role));
      }

      const ordered = await view('ordered');
      expect(ordered.statusLabel, `${eid}`).toBe(2);
      expect(ordered.items.map((i) => [i.resourceType, i.done, i.locked])).toEqual([
        [4, true, false],
        [3, false, false],
        [7, false, true],
      ]);
      expect(ordered.progressPercent).toBe(33);
      expect(ordered.hasCertificate).toBe(true);

      const assessment = await view('assessment');
      expect(assessment.items.map((i) => i.done)).toEqual([true, false]);

      const coaching = await view('coaching');
      expect(coaching.mentor?.accountId).not.toBe(learner);
      expect(coaching.items[0]!.confirmed).toBe(true);

      const checkIn = await view('checkIn');
      expect([checkIn.items[0]!.checkInsMade, checkIn.items[0]!.checkInsRequired]).toEqual([4, 10]);
      expect(checkIn.statusLabel).toBe(2);

      expect((await view('timedMissed')).statusLabel).toBe(9);
      expect((await view('timedOpen')).statusLabel).toBe(1);

      const projects = await db.select().from(schema.studyProjects).where(eq(schema.studyProjects.eid, eid));
      const open = (await t.call(viewProject, { projectId: projects.find((p) => p.enrolRule === 1)!.id }, { as: who }))
        .data;
      expect(open.application?.status).toBe(2);
      expect(open.progressPercent).toBeGreaterThan(0);
      expect(open.progressPercent).toBeLessThan(100);
      expect(open.lecturers.length).toBeGreaterThanOrEqual(1);
      const approval = (
        await t.call(viewProject, { projectId: projects.find((p) => p.enrolRule === 2)!.id }, { as: who })
      ).data;
      expect([approval.application, approval.canApply]).toEqual([null, true]);
    }
  });

  it('is seeded once: seeding again adds no task, plan, check-in or project', async () => {
    const db = t.database.db;
    const count = async () =>
      (
        await db.execute<{ n: string }>(sql`
          SELECT concat_ws(',', (SELECT count(*) FROM departments), (SELECT count(*) FROM department_members),
            (SELECT count(*) FROM learner_tags), (SELECT count(*) FROM study_tasks),
            (SELECT count(*) FROM study_task_items), (SELECT count(*) FROM study_task_learners),
            (SELECT count(*) FROM check_ins), (SELECT count(*) FROM study_projects),
            (SELECT count(*) FROM study_project_applications)) AS n`)
      ).rows[0]!.n;
    const before = await count();
    expect((await seedDemoData(db, { files: t.platform.storage })).created).toEqual([]);
    expect(await count()).toBe(before);
  });
});
