import { sql, type SQL } from 'drizzle-orm';
import { TaskResourceType } from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import { likeOf } from '../../platform/member-filter.ts';
import { AssignmentTarget } from '../assignment/index.ts';
import { intArray } from './task.repository.ts';

/** A study task's own columns as the editor writes them. */
export type TaskValues = {
  title: string;
  intro: string;
  coverUrl: string;
  taskType: number;
  ordered: boolean;
  timed: boolean;
  startsAt: Date;
  endsAt: Date;
  passRule: { minExamScoreTenths?: number; minRequiredDone?: number };
  creditTenths: number;
  points: number;
  certificateTemplateId: number | null;
  commentsOpen: boolean;
  published: boolean;
};

/** `version`: the row's xmin, which every update of the row changes (an edit's optimistic check). */
export type TaskRecord = TaskValues & { id: number; version: string };

export type ItemValues = {
  resourceType: number;
  resourceId: number;
  title: string;
  required: boolean;
  minScoreTenths: number | null;
};

export type Target = { targetType: number; targetId: number };
export type MentorPair = { learnerId: number; mentorId: number };

/** How many options one search gives. */
const OPTIONS_MAX = 30;
const RECORD = sql`id, title, intro, cover_url AS "coverUrl", task_type AS "taskType", ordered, timed,
  starts_at AS "startsAt", ends_at AS "endsAt", pass_rule AS "passRule", credit_tenths AS "creditTenths", points,
  certificate_template_id AS "certificateTemplateId", comments_open AS "commentsOpen", published, xmin::text AS version`;

/** The table and title of each kind of item, and a line about a row of it (`x` its alias). */
const SOURCES: Record<number, { table: SQL; detail: SQL; where?: SQL }> = {
  [TaskResourceType.COURSE]: {
    table: sql`courses`,
    detail: sql`(SELECT count(*)::text FROM course_periods p WHERE p.eid = x.eid AND p.course_id = x.id)`,
  },
  [TaskResourceType.MATERIAL]: { table: sql`resource_materials`, detail: sql`x.file_name`, where: sql`x.kind = 2` },
  [TaskResourceType.EXAM_TASK]: {
    table: sql`exam_tasks`,
    detail: sql`to_char(x.starts_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') || ' ~ ' || to_char(x.ends_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`,
  },
  [TaskResourceType.EXERCISE]: { table: sql`practice_sets`, detail: sql`x.question_count::text` },
  [TaskResourceType.CHECK_IN]: { table: sql`check_in_plans`, detail: sql`x.starts_on || ' ~ ' || x.ends_on` },
  [TaskResourceType.EXAM_PAPER]: { table: sql`exam_papers`, detail: sql`''` },
};

/** SQL of the back office's study task editor, always by enterprise. */
export class TaskEditorRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** What can be put in a task, of one kind, by a part of the title: newest first. */
  async options(eid: number, resourceType: number, keyword: string | undefined) {
    const src = SOURCES[resourceType]!;
    const { rows } = await this.db.execute<{ id: number; title: string; detail: string | null }>(sql`
      SELECT x.id, x.title, ${src.detail} AS detail FROM ${src.table} x
       WHERE x.eid = ${eid} ${src.where ? sql`AND ${src.where}` : sql``}
         ${keyword ? sql`AND x.title ILIKE ${likeOf(keyword)}` : sql``}
       ORDER BY x.id DESC LIMIT ${OPTIONS_MAX}`);
    return rows.map((r) => ({ id: Number(r.id), title: r.title, detail: r.detail ?? '' }));
  }

  /** The titles of the items that exist in the enterprise, by `type:id` (a missing one is absent). */
  static async itemTitles(tx: Tx, eid: number, items: Array<{ resourceType: number; resourceId: number }>) {
    const titles = new Map<string, string>();
    for (const type of new Set(items.map((i) => i.resourceType))) {
      const src = SOURCES[type];
      if (!src) continue;
      const ids = items.filter((i) => i.resourceType === type).map((i) => i.resourceId);
      const { rows } = await tx.execute<{ id: number; title: string }>(sql`
        SELECT x.id, x.title FROM ${src.table} x
         WHERE x.eid = ${eid} AND x.id = ANY(${intArray(ids)}::int[]) ${src.where ? sql`AND ${src.where}` : sql``}
         FOR SHARE`);
      for (const r of rows) titles.set(`${type}:${Number(r.id)}`, r.title);
    }
    return titles;
  }

  /** How many of `ids` exist in the enterprise as members, departments, tags or templates. */
  static async existing(tx: Tx, eid: number, kind: 'people' | 'departments' | 'tags' | 'templates', ids: number[]) {
    if (ids.length === 0) return 0;
    const table =
      kind === 'people'
        ? sql`(SELECT account_id AS id, eid FROM enterprise_users)`
        : kind === 'departments'
          ? sql`departments`
          : kind === 'tags'
            ? sql`tags`
            : sql`certificate_templates`;
    const { rows } = await tx.execute<{ n: number }>(sql`
      SELECT count(DISTINCT x.id)::int AS n FROM ${table} x WHERE x.eid = ${eid} AND x.id = ANY(${intArray(ids)}::int[])`);
    return Number(rows[0]?.n ?? 0);
  }

  /** The name of one of these members whose account is not in use (disabled, or awaiting approval), or null. */
  static async disabledMember(tx: Tx, eid: number, ids: number[]): Promise<string | null> {
    if (ids.length === 0) return null;
    const { rows } = await tx.execute<{ name: string }>(sql`
      SELECT coalesce(nullif(u.real_name, ''), u.user_name) AS name FROM enterprise_users u
       WHERE u.eid = ${eid} AND u.account_id = ANY(${intArray(ids)}::int[]) AND u.status <> 1
       ORDER BY u.account_id LIMIT 1`);
    return rows[0]?.name ?? null;
  }

  async task(eid: number, id: number): Promise<TaskRecord | null> {
    const { rows } = await this.db.execute<TaskRecord>(
      sql`SELECT ${RECORD} FROM study_tasks WHERE eid = ${eid} AND id = ${id}`,
    );
    return rows[0] ? recordOf(rows[0]) : null;
  }

  /** The task, locked until the transaction ends: edits and deletes of one task go one at a time. */
  static async lockTask(tx: Tx, eid: number, id: number): Promise<TaskRecord | null> {
    const { rows } = await tx.execute<TaskRecord>(
      sql`SELECT ${RECORD} FROM study_tasks WHERE eid = ${eid} AND id = ${id} FOR UPDATE`,
    );
    return rows[0] ? recordOf(rows[0]) : null;
  }

  /** Learners with a standing in the task (made at their first progress). */
  static async startedCount(db: Db | Tx, eid: number, taskId: number): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM study_task_learners WHERE eid = ${eid} AND task_id = ${taskId}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  static async insertTask(tx: Tx, eid: number, v: TaskValues): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO study_tasks (eid, title, intro, cover_url, task_type, ordered, timed, starts_at, ends_at, pass_rule,
        credit_tenths, points, certificate_template_id, comments_open, published)
      VALUES (${eid}, ${v.title}, ${v.intro}, ${v.coverUrl}, ${v.taskType}, ${v.ordered}, ${v.timed},
        ${v.startsAt.toISOString()}, ${v.endsAt.toISOString()}, ${JSON.stringify(v.passRule)}::jsonb, ${v.creditTenths},
        ${v.points}, ${v.certificateTemplateId}, ${v.commentsOpen}, ${v.published})
      RETURNING id`);
    return Number(rows[0]!.id);
  }

  static async updateTask(tx: Tx, eid: number, id: number, v: TaskValues): Promise<void> {
    await tx.execute(sql`
      UPDATE study_tasks SET title = ${v.title}, intro = ${v.intro}, cover_url = ${v.coverUrl}, task_type = ${v.taskType},
        ordered = ${v.ordered}, timed = ${v.timed}, starts_at = ${v.startsAt.toISOString()}, ends_at = ${v.endsAt.toISOString()},
        pass_rule = ${JSON.stringify(v.passRule)}::jsonb, credit_tenths = ${v.creditTenths}, points = ${v.points},
        certificate_template_id = ${v.certificateTemplateId}, comments_open = ${v.commentsOpen}, published = ${v.published}
       WHERE eid = ${eid} AND id = ${id}`);
  }

  static async removeTask(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.execute(sql`DELETE FROM study_tasks WHERE eid = ${eid} AND id = ${id}`);
  }

  static async items(db: Db | Tx, eid: number, taskId: number): Promise<ItemValues[]> {
    const { rows } = await db.execute<ItemValues>(sql`
      SELECT resource_type AS "resourceType", resource_id AS "resourceId", title, required, min_score_tenths AS "minScoreTenths"
        FROM study_task_items WHERE eid = ${eid} AND task_id = ${taskId} ORDER BY position`);
    return rows.map((r) => ({ ...r, resourceType: Number(r.resourceType), resourceId: Number(r.resourceId) }));
  }

  /**
   * Makes the task's items these, in this order. An item that stays (same resource) keeps its row,
   * and so its learners' progress and downloads; the others go. Positions are first moved out of
   * the way (negative), so the order's unique index never sees two items at one place.
   */
  static async setItems(tx: Tx, eid: number, taskId: number, items: ItemValues[]): Promise<void> {
    const keys = items.map((i) => `${i.resourceType}:${i.resourceId}`);
    await tx.execute(sql`
      DELETE FROM study_task_items WHERE eid = ${eid} AND task_id = ${taskId}
         AND NOT (resource_type::text || ':' || resource_id::text = ANY(${`{${keys.join(',')}}`}::text[]))`);
    await tx.execute(
      sql`UPDATE study_task_items SET position = -position - 1 WHERE eid = ${eid} AND task_id = ${taskId}`,
    );
    for (const [position, i] of items.entries()) {
      const { rows } = await tx.execute(sql`
        UPDATE study_task_items SET position = ${position}, title = ${i.title}, required = ${i.required},
               min_score_tenths = ${i.minScoreTenths}
         WHERE eid = ${eid} AND task_id = ${taskId} AND resource_type = ${i.resourceType} AND resource_id = ${i.resourceId}
        RETURNING id`);
      if (rows.length === 0)
        await tx.execute(sql`
          INSERT INTO study_task_items (eid, task_id, position, resource_type, resource_id, title, required, min_score_tenths)
          VALUES (${eid}, ${taskId}, ${position}, ${i.resourceType}, ${i.resourceId}, ${i.title}, ${i.required}, ${i.minScoreTenths})`);
    }
  }

  /** The person, department and tag rules of a task (a project's stage tasks reach its learners without one). */
  static async targetsOf(db: Db | Tx, eid: number, taskId: number): Promise<Array<Target & { name: string }>> {
    const { rows } = await db.execute<Target & { name: string }>(sql`
      SELECT a.target_type AS "targetType", a.target_id AS "targetId",
        coalesce(
          CASE a.target_type
            WHEN ${AssignmentTarget.PERSON} THEN (SELECT coalesce(nullif(u.real_name, ''), u.user_name) FROM enterprise_users u WHERE u.eid = a.eid AND u.account_id = a.target_id)
            WHEN ${AssignmentTarget.DEPARTMENT} THEN (SELECT d.name FROM departments d WHERE d.eid = a.eid AND d.id = a.target_id)
            WHEN ${AssignmentTarget.TAG} THEN (SELECT x.name FROM tags x WHERE x.eid = a.eid AND x.id = a.target_id)
          END, '') AS name
        FROM study_task_assignments a
       WHERE a.eid = ${eid} AND a.task_id = ${taskId} AND a.target_type IN (1, 2, 3)
       ORDER BY a.target_type, a.assigned_at, a.target_id`);
    return rows.map((r) => ({ targetType: Number(r.targetType), targetId: Number(r.targetId), name: r.name }));
  }

  /** Replaces the person, department and tag rules; a rule that stays keeps when it was made. */
  static async setTargets(tx: Tx, eid: number, taskId: number, targets: Target[]): Promise<void> {
    const keys = targets.map((x) => `${x.targetType}:${x.targetId}`);
    await tx.execute(sql`
      DELETE FROM study_task_assignments WHERE eid = ${eid} AND task_id = ${taskId} AND target_type IN (1, 2, 3)
         AND NOT (target_type::text || ':' || target_id::text = ANY(${`{${keys.join(',')}}`}::text[]))`);
    if (targets.length === 0) return;
    await tx.execute(sql`
      INSERT INTO study_task_assignments (eid, task_id, target_type, target_id)
      SELECT ${eid}, ${taskId}, x.t, x.i
        FROM unnest(${intArray(targets.map((x) => x.targetType))}::int[], ${intArray(targets.map((x) => x.targetId))}::int[]) AS x(t, i)
      ON CONFLICT DO NOTHING`);
  }

  static async mentorsOf(db: Db | Tx, eid: number, taskId: number) {
    const { rows } = await db.execute<{
      learnerId: number;
      learnerName: string;
      mentorId: number;
      mentorName: string;
    }>(sql`
      SELECT m.learner_id AS "learnerId", coalesce(nullif(l.real_name, ''), l.user_name) AS "learnerName",
             m.mentor_id AS "mentorId", coalesce(nullif(t.real_name, ''), t.user_name) AS "mentorName"
        FROM study_task_mentors m
        JOIN enterprise_users l ON l.eid = m.eid AND l.account_id = m.learner_id
        JOIN enterprise_users t ON t.eid = m.eid AND t.account_id = m.mentor_id
       WHERE m.eid = ${eid} AND m.task_id = ${taskId}
       ORDER BY m.learner_id`);
    return rows.map((r) => ({ ...r, learnerId: Number(r.learnerId), mentorId: Number(r.mentorId) }));
  }

  /** Replaces the coaching pairs: a learner keeps a mentor unchanged, or gets the new one. */
  static async setMentors(tx: Tx, eid: number, taskId: number, pairs: MentorPair[]): Promise<void> {
    await tx.execute(sql`
      DELETE FROM study_task_mentors WHERE eid = ${eid} AND task_id = ${taskId}
         AND NOT (learner_id = ANY(${intArray(pairs.map((p) => p.learnerId))}::int[]))`);
    if (pairs.length === 0) return;
    await tx.execute(sql`
      INSERT INTO study_task_mentors (eid, task_id, learner_id, mentor_id)
      SELECT ${eid}, ${taskId}, x.l, x.m
        FROM unnest(${intArray(pairs.map((p) => p.learnerId))}::int[], ${intArray(pairs.map((p) => p.mentorId))}::int[]) AS x(l, m)
      ON CONFLICT (eid, task_id, learner_id) DO UPDATE SET mentor_id = excluded.mentor_id`);
  }

  /** The project whose stage holds the task. */
  static async projectOf(db: Db | Tx, eid: number, taskId: number): Promise<string | null> {
    const { rows } = await db.execute<{ title: string }>(sql`
      SELECT p.title FROM study_project_stage_tasks s JOIN study_projects p ON p.eid = s.eid AND p.id = s.project_id
       WHERE s.eid = ${eid} AND s.task_id = ${taskId}`);
    return rows[0]?.title ?? null;
  }
}

function recordOf(r: TaskRecord): TaskRecord {
  return {
    ...r,
    id: Number(r.id),
    startsAt: new Date(r.startsAt),
    endsAt: new Date(r.endsAt),
    certificateTemplateId: r.certificateTemplateId === null ? null : Number(r.certificateTemplateId),
  };
}
