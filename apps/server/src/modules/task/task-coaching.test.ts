import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  TaskResourceType,
  TaskStatusLabel,
  TaskTarget,
  TaskType,
  confirmCoachingStep,
  findCoachingRelations,
  findCoachingSteps,
  saveTaskProgress,
  viewStudyTask,
} from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import { createEnterprise, createCourse, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDepartment, createMaterial, createTag, createTask, recordCourse } from '../../test/task-factories.ts';
import { assignedTaskIds } from '../assignment/index.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const person = (l: Learner): [number, number] => [TaskTarget.PERSON, l.accountId];

describe('coaching tasks', () => {
  it('lets a mentor confirm only their own coached learners’ steps, once each step’s own completion holds', async () => {
    const learner = await t.learner(a);
    const mentor = await t.learner(a);
    const otherLearner = await t.learner(a);
    const otherMentor = await t.learner(a);
    const course = await createCourse(db(), a.eid);
    const m = await createMaterial(db(), a.eid);
    const { task, items } = await createTask(db(), a.eid, {
      task: { taskType: TaskType.COACHING, ordered: true, points: 9 },
      items: [
        { resourceType: TaskResourceType.COURSE, resourceId: course.id },
        { resourceType: TaskResourceType.MATERIAL, resourceId: m.id },
      ],
      assign: [person(learner), person(otherLearner)],
    });
    await db()
      .insert(schema.studyTaskMentors)
      .values([
        { eid: a.eid, taskId: task.id, learnerId: learner.accountId, mentorId: mentor.accountId },
        { eid: a.eid, taskId: task.id, learnerId: otherLearner.accountId, mentorId: otherMentor.accountId },
      ]);
    const [courseStep, practiceStep] = items;
    const confirm = (as: Learner, learnerId: number, itemId: number) =>
      t.call(confirmCoachingStep, { taskId: task.id, learnerId, itemId }, { as });

    // Both sides see the relation.
    const asLearner = await t.call(findCoachingRelations, {}, { as: learner });
    expect(asLearner.data.asLearner.map((r) => [r.taskId, r.mentor.accountId])).toEqual([[task.id, mentor.accountId]]);
    const asMentor = await t.call(findCoachingRelations, {}, { as: mentor });
    expect(asMentor.data.asMentor.map((r) => r.learner.accountId)).toEqual([learner.accountId]);

    // The steps: the learner and their mentor only.
    const steps = { taskId: task.id, learnerId: learner.accountId };
    expect((await t.call(findCoachingSteps, steps, { as: learner })).code).toBe(200);
    expect((await t.call(findCoachingSteps, steps, { as: mentor })).data.list).toHaveLength(2);
    expect((await t.call(findCoachingSteps, steps, { as: otherMentor })).code).toBe(
      ErrorCode.STUDY_TASK_NOT_YOUR_COACHING,
    );

    // Not before the course is complete; never by another mentor, nor by the learner.
    expect((await confirm(mentor, learner.accountId, courseStep!.id)).code).toBe(ErrorCode.STUDY_TASK_STEP_NOT_DONE);
    await recordCourse(db(), a.eid, course.id, learner.accountId);
    expect((await confirm(otherMentor, learner.accountId, courseStep!.id)).code).toBe(8106);
    expect((await confirm(learner, learner.accountId, courseStep!.id)).code).toBe(8106);
    // The course alone does not make the step done: the mentor's confirmation does.
    let view = await t.call(viewStudyTask, { taskId: task.id }, { as: learner });
    expect(view.data.items[0]).toMatchObject({ done: false, confirmed: false });
    expect(view.data.items[1]!.locked).toBe(true);

    const confirmed = await confirm(mentor, learner.accountId, courseStep!.id);
    expect(confirmed.data).toMatchObject({ done: true, confirmed: true, confirmable: false });
    // The practice step (a material) is confirmed directly, without reading it to its end.
    expect((await confirm(mentor, learner.accountId, practiceStep!.id)).data.done).toBe(true);
    view = await t.call(viewStudyTask, { taskId: task.id }, { as: learner });
    expect(view.data.statusLabel).toBe(TaskStatusLabel.COMPLETED);
    expect(view.data.mentor?.accountId).toBe(mentor.accountId);
    const ledger = await db().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM earnings WHERE account_id = ${learner.accountId} AND source_type = 5`,
    );
    expect(ledger.rows[0]!.n).toBe(1);

    // The other learner's steps stay theirs.
    const theirs = await t.call(
      findCoachingSteps,
      { taskId: task.id, learnerId: otherLearner.accountId },
      { as: otherLearner },
    );
    expect(theirs.data.list.map((s) => s.confirmed)).toEqual([false, false]);
    // Their practice step stays locked until their mentor confirms the step before it.
    const read = await t.call(
      saveTaskProgress,
      { taskId: task.id, itemId: practiceStep!.id, progressPercent: 100 },
      { as: otherLearner },
    );
    expect(read.code).toBe(ErrorCode.STUDY_RESOURCE_LOCKED);
  });
});

describe('assignedTaskIds', () => {
  it('answers the tasks assigned now by person, department, tag and approved project', async () => {
    const me = await t.learner(a);
    const dept = await createDepartment(db(), a.eid, [me.accountId]);
    const tag = await createTag(db(), a.eid, [me.accountId]);
    const byPerson = await createTask(db(), a.eid, { assign: [person(me)] });
    const byDept = await createTask(db(), a.eid, { assign: [[TaskTarget.DEPARTMENT, dept.id]] });
    const byTag = await createTask(db(), a.eid, { assign: [[TaskTarget.TAG, tag.id]] });
    const inProject = await createTask(db(), a.eid, {});
    const inPendingProject = await createTask(db(), a.eid, {});
    await createTask(db(), a.eid, {});
    const otherTag = await createTag(db(), a.eid);
    await createTask(db(), a.eid, { assign: [[TaskTarget.TAG, otherTag.id]] });
    await createTask(db(), b.eid, { assign: [person(me)] });

    const project = async (status: number, taskId: number) => {
      const now = Date.now();
      const [p] = await db()
        .insert(schema.studyProjects)
        .values({ eid: a.eid, title: '项目', startsAt: new Date(now), endsAt: new Date(now + 86_400_000) })
        .returning();
      const [stage] = await db()
        .insert(schema.studyProjectStages)
        .values({ eid: a.eid, projectId: p!.id, position: 1, title: '阶段' })
        .returning();
      await db()
        .insert(schema.studyProjectStageTasks)
        .values({ eid: a.eid, stageId: stage!.id, taskId, projectId: p!.id });
      await db()
        .insert(schema.studyProjectApplications)
        .values({ eid: a.eid, projectId: p!.id, accountId: me.accountId, status });
    };
    await project(2, inProject.task.id);
    await project(1, inPendingProject.task.id);

    const ids = async () =>
      withTenant(a.eid, async () => {
        const { rows } = await t.platform.db.execute<{ task_id: number }>(
          sql`SELECT task_id FROM ${assignedTaskIds(a.eid, me.accountId)} x ORDER BY task_id`,
        );
        return rows.map((r) => Number(r.task_id));
      });
    expect(await ids()).toEqual(
      [byPerson.task.id, byDept.task.id, byTag.task.id, inProject.task.id].sort((x, y) => x - y),
    );
    await db().execute(sql`DELETE FROM learner_tags WHERE tag_id = ${tag.id} AND account_id = ${me.accountId}`);
    expect(await ids()).not.toContain(byTag.task.id);
  });
});
