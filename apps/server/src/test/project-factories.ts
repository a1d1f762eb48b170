import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

let seq = 0;
const next = () => ++seq;
const DAY = 86_400_000;

export interface ProjectOptions {
  /** Project columns (capacity, enrolRule, dates, earnings, visitorVisible, published…). */
  values?: Partial<Omit<typeof schema.studyProjects.$inferInsert, 'eid'>>;
  /** Tasks per stage, in order (default one stage of one task). */
  stages?: number[];
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

/** The learner's standing in a task as the task module keeps it: completed now, or at `percent`. */
export async function setTaskStanding(
  db: Db,
  eid: number,
  taskId: number,
  accountId: number,
  standing: { completed: boolean; percent?: number },
) {
  const values = {
    status: standing.completed ? 3 : 2,
    progressPercent: standing.completed ? 100 : (standing.percent ?? 50),
    completedAt: standing.completed ? new Date() : null,
  };
  await db
    .insert(schema.studyTaskLearners)
    .values({ eid, taskId, accountId, ...values })
    .onConflictDoUpdate({
      target: [schema.studyTaskLearners.eid, schema.studyTaskLearners.taskId, schema.studyTaskLearners.accountId],
      set: values,
    });
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
