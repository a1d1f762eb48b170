import { randomBytes } from 'node:crypto';
import { schema, type Db } from '@portal/db';

/** Factories of study tasks (issue 20, decision 033) for the task module's tests. */

let counter = 0;
const next = () => ++counter;
const HOUR = 3_600_000;

export interface TaskItemSpec {
  resourceType: number;
  resourceId: number;
  title?: string;
  required?: boolean;
  minScoreTenths?: number | null;
}

export interface TaskSpec {
  /** Task columns (type, ordered, timed, window, earning, comments…). */
  task?: Partial<typeof schema.studyTasks.$inferInsert>;
  items?: TaskItemSpec[];
  /** Assignment rules: [targetType (1 person, 2 department, 3 tag), targetId]. */
  assign?: Array<[number, number]>;
  /** A certificate template the task grants on completion. */
  certificate?: boolean;
}

/**
 * A published study task open for a day (from an hour ago), with its items in the given order
 * and its assignment rules.
 */
export async function createTask(db: Db, eid: number, spec: TaskSpec = {}) {
  const n = next();
  let templateId: number | null = null;
  if (spec.certificate) {
    const [tpl] = await db
      .insert(schema.certificateTemplates)
      .values({ eid, title: `任务证书${n}`, body: '{name}完成“{title}”，特发此证。', issuer: '培训中心' })
      .returning();
    templateId = tpl!.id;
  }
  const now = Date.now();
  const [task] = await db
    .insert(schema.studyTasks)
    .values({
      eid,
      title: `学习任务${n}`,
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 24 * HOUR),
      certificateTemplateId: templateId,
      ...spec.task,
    })
    .returning();
  const items = spec.items?.length
    ? await db
        .insert(schema.studyTaskItems)
        .values(
          spec.items.map((it, i) => ({
            eid,
            taskId: task!.id,
            position: i + 1,
            resourceType: it.resourceType,
            resourceId: it.resourceId,
            title: it.title ?? `第${i + 1}项`,
            required: it.required ?? true,
            minScoreTenths: it.minScoreTenths ?? null,
          })),
        )
        .returning()
    : [];
  if (spec.assign?.length) {
    await db
      .insert(schema.studyTaskAssignments)
      .values(spec.assign.map(([targetType, targetId]) => ({ eid, taskId: task!.id, targetType, targetId })));
  }
  return { task: task!, items: items.sort((a, b) => a.position - b.position) };
}

/** A resource-library document (kind 2) at `url` (default: a file elsewhere). */
export async function createMaterial(
  db: Db,
  eid: number,
  values: Partial<typeof schema.resourceMaterials.$inferInsert> = {},
) {
  const n = next();
  const [m] = await db
    .insert(schema.resourceMaterials)
    .values({
      eid,
      kind: 2,
      title: `资料${n}`,
      fileName: `资料${n}.pdf`,
      url: `https://files.example.com/doc-${n}.pdf`,
      ...values,
    })
    .returning();
  return m!;
}

/** A key in the private upload area for a file put in storage by a test. */
export const privateKey = (eid: number) => `private/${eid}/${randomBytes(18).toString('base64url')}.png`;

export async function createDepartment(db: Db, eid: number, members: number[] = []) {
  const n = next();
  const [d] = await db
    .insert(schema.departments)
    .values({ eid, name: `部门${n}` })
    .returning();
  if (members.length) {
    await db
      .insert(schema.departmentMembers)
      .values(members.map((accountId) => ({ eid, departmentId: d!.id, accountId })));
  }
  return d!;
}

export async function createTag(db: Db, eid: number, learners: number[] = []) {
  const n = next();
  const [tag] = await db
    .insert(schema.tags)
    .values({ eid, name: `标签${n}-${randomBytes(3).toString('hex')}` })
    .returning();
  if (learners.length) {
    await db.insert(schema.learnerTags).values(learners.map((accountId) => ({ eid, tagId: tag!.id, accountId })));
  }
  return tag!;
}

/** A course the learner has completed (or only started, `percent` < 100), as the study module keeps it. */
export async function recordCourse(db: Db, eid: number, courseId: number, accountId: number, percent = 100) {
  await db.insert(schema.courseLearners).values({
    eid,
    courseId,
    accountId,
    progressPercent: percent,
    completedAt: percent >= 100 ? new Date() : null,
  });
}
