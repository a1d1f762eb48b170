import { and, asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

let seq = 0;
const next = () => ++seq;
const DAY = 86_400_000;

export interface ProjectOptions {
  /** Project columns (capacity, enrolRule, dates, earnings, visitorVisible, published…). */
  values?: Partial<Omit<typeof schema.studyProjects.$inferInsert, 'eid'>>;
  /** Tasks per stage, in order (default one stage of one task). */
  stages?: number[];
  /** Material items per task (default 2): the learner finishes them with `finishTaskItems`. */
  itemsPerTask?: number;
  /** Lecturer names, in order. */
  lecturers?: string[];
  /** A certificate template the project grants. */
  certificate?: boolean;
}

/**
 * A published study project open now (started yesterday, ends in 30 days), open enrolment, no
 * capacity limit unless told, with stages of published study tasks and lecturers.
 */
export async function createProject(db: Db, eid: number, options: ProjectOptions = {}) {
  const n = next();
  const now = Date.now();
  const [template] = options.certificate
    ? await db
        .insert(schema.certificateTemplates)
        .values({ eid, title: `项目证书${n}`, body: '{name}完成了“{title}”。', issuer: '培训中心' })
        .returning()
    : [];
  const [project] = await db
    .insert(schema.studyProjects)
    .values({
      eid,
      title: `培训项目${n}`,
      summary: `项目简介${n}`,
      intro: '<p>项目介绍</p><script>alert(1)</script>',
      startsAt: new Date(now - DAY),
      endsAt: new Date(now + 30 * DAY),
      ...(template ? { certificateTemplateId: template.id } : {}),
      ...options.values,
    })
    .returning();
  const taskIds: number[] = [];
  const stageIds: number[] = [];
  for (const [position, count] of (options.stages ?? [1]).entries()) {
    const [stage] = await db
      .insert(schema.studyProjectStages)
      .values({ eid, projectId: project!.id, position, title: `阶段${position + 1}` })
      .returning();
    stageIds.push(stage!.id);
    for (let i = 0; i < count; i++) {
      const [task] = await db
        .insert(schema.studyTasks)
        .values({
          eid,
          title: `${project!.title}任务${position + 1}-${i + 1}`,
          startsAt: new Date(now - DAY),
          endsAt: new Date(now + 30 * DAY),
        })
        .returning();
      for (let k = 0; k < (options.itemsPerTask ?? 2); k++) {
        // A material item (resource type 4): done when the learner read it to the end.
        await db
          .insert(schema.studyTaskItems)
          .values({ eid, taskId: task!.id, position: k, resourceType: 4, resourceId: k + 1, title: `资料${k + 1}` });
      }
      await db
        .insert(schema.studyProjectStageTasks)
        .values({ eid, stageId: stage!.id, taskId: task!.id, projectId: project!.id, position: i });
      taskIds.push(task!.id);
    }
  }
  const lecturerIds: number[] = [];
  for (const [position, name] of (options.lecturers ?? []).entries()) {
    const [l] = await db.insert(schema.lecturers).values({ eid, name, title: '讲师' }).returning();
    await db.insert(schema.studyProjectLecturers).values({ eid, projectId: project!.id, lecturerId: l!.id, position });
    lecturerIds.push(l!.id);
  }
  return { project: project!, taskIds, stageIds, lecturerIds, templateId: template?.id ?? null };
}

/**
 * The learner read the first `count` material items of a task to the end (as `progress/save` at
 * 100 records it); the task module derives the task's standing from them when it next evaluates.
 */
export async function finishTaskItems(db: Db, eid: number, taskId: number, accountId: number, count: number) {
  const i = schema.studyTaskItems;
  const items = await db
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.eid, eid), eq(i.taskId, taskId)))
    .orderBy(asc(i.position))
    .limit(count);
  for (const item of items) {
    await db
      .insert(schema.studyTaskItemProgress)
      .values({ eid, itemId: item.id, accountId, taskId, progressPercent: 100, completedAt: new Date() })
      .onConflictDoNothing();
  }
}

/** The learner's application row of a project, or undefined. */
export async function applicationOf(db: Db, eid: number, projectId: number, accountId: number) {
  const a = schema.studyProjectApplications;
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.eid, eid), eq(a.projectId, projectId), eq(a.accountId, accountId)));
  return row;
}

/** The project's seat count as stored. */
export async function seatsTakenOf(db: Db, eid: number, projectId: number) {
  const p = schema.studyProjects;
  const [row] = await db
    .select({ seatsTaken: p.seatsTaken })
    .from(p)
    .where(and(eq(p.eid, eid), eq(p.id, projectId)));
  return row!.seatsTaken;
}
