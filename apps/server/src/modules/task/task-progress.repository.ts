import { sql, type SQL } from 'drizzle-orm';
import type { TaskProgressStatus } from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import { likeOf, memberFilter } from '../../platform/member-filter.ts';
import { taskLearnerIds } from '../assignment/index.ts';

/** A learner's standing: finished (3 completed, 5 passed), learning (any other row), not started (no row). */
const STANDING = sql`CASE WHEN l.status IN (3, 5) THEN 'finished' WHEN l.account_id IS NULL THEN 'notStarted' ELSE 'learning' END`;

export interface AdminTaskRow {
  id: number;
  title: string;
  taskType: number;
  startsAt: Date;
  endsAt: Date;
  published: boolean;
  assigned: number;
  finished: number;
}

export interface ProgressRow {
  accountId: number;
  name: string;
  employeeNo: string;
  departments: string;
  status: number;
  progressPercent: number;
  lastStudiedAt: Date | null;
  completedAt: Date | null;
  remindedAt: Date | null;
}

export interface ProgressTotals {
  assigned: number;
  finished: number;
  learning: number;
  notStarted: number;
}

export interface DepartmentProgressRow extends ProgressTotals {
  departmentId: number;
  name: string;
  nameEn: string;
}

export interface ProgressFilter {
  status?: TaskProgressStatus | undefined;
  departmentId?: number | undefined;
  keyword?: string | undefined;
}

const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * A study task's progress for the back office (issue 22 item 5): the learners the task reaches now
 * (`taskLearnerIds`) with their standing rows, and the reminders they got — always by the
 * session's enterprise.
 */
export class TaskProgressRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The enterprise's tasks, latest window first, with the learners they reach and those finished. */
  async tasks(eid: number, keyword: string | undefined, offset: number, limit: number) {
    const where = sql`t.eid = ${eid} ${keyword ? sql`AND t.title ILIKE ${likeOf(keyword)}` : sql``}`;
    const { rows } = await this.db.execute<AdminTaskRow & Record<string, unknown>>(sql`
      SELECT t.id, t.title, t.task_type AS "taskType", t.starts_at AS "startsAt", t.ends_at AS "endsAt", t.published,
             c.assigned, c.finished
        FROM study_tasks t
        LEFT JOIN LATERAL (
          SELECT count(*)::int AS assigned, count(*) FILTER (WHERE l.status IN (3, 5))::int AS finished
            FROM ${taskLearnerIds(eid, sql`t.id`)} who
            LEFT JOIN study_task_learners l ON l.eid = ${eid} AND l.task_id = t.id AND l.account_id = who.account_id
        ) c ON true
       WHERE ${where}
       ORDER BY t.starts_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`);
    const total = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM study_tasks t WHERE ${where}`,
    );
    return {
      rows: rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) })),
      total: total.rows[0]?.n ?? 0,
    };
  }

  /** One task's row as the list has it; undefined for no task of the enterprise. */
  async task(eid: number, taskId: number): Promise<AdminTaskRow | undefined> {
    const { rows } = await this.db.execute<AdminTaskRow & Record<string, unknown>>(sql`
      SELECT t.id, t.title, t.task_type AS "taskType", t.starts_at AS "startsAt", t.ends_at AS "endsAt", t.published,
             (SELECT count(*)::int FROM ${taskLearnerIds(eid, taskId)} who) AS assigned,
             (SELECT count(*)::int FROM ${taskLearnerIds(eid, taskId)} who
                JOIN study_task_learners l ON l.eid = ${eid} AND l.task_id = ${taskId} AND l.account_id = who.account_id
               WHERE l.status IN (3, 5)) AS finished
        FROM study_tasks t WHERE t.eid = ${eid} AND t.id = ${taskId}`);
    const r = rows[0];
    return r ? { ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) } : undefined;
  }

  /** The task's learners with their standing, narrowed by a department and a name (not by standing). */
  private learners(eid: number, taskId: number, f: ProgressFilter): SQL {
    return sql`
      SELECT u.account_id AS "accountId", coalesce(nullif(u.real_name, ''), u.user_name) AS name,
             coalesce(u.employee_no, '') AS "employeeNo", coalesce(l.status, 1) AS status,
             coalesce(l.progress_percent, 0) AS "progressPercent", l.last_studied_at AS "lastStudiedAt",
             l.completed_at AS "completedAt", ${STANDING} AS standing
        FROM ${taskLearnerIds(eid, taskId)} who
        JOIN enterprise_users u ON u.eid = ${eid} AND u.account_id = who.account_id
        LEFT JOIN study_task_learners l ON l.eid = ${eid} AND l.task_id = ${taskId} AND l.account_id = who.account_id
       WHERE true ${memberFilter(eid, f)}`;
  }

  /** A page of the task's learners: not started first, then learning (least progress first), then finished. */
  async progress(eid: number, taskId: number, f: ProgressFilter, offset: number, limit: number) {
    const standing = f.status ? sql`WHERE standing = ${f.status}` : sql``;
    const { rows } = await this.db.execute<ProgressRow & Record<string, unknown>>(sql`
      WITH p AS (${this.learners(eid, taskId, f)})
      SELECT p."accountId", p.name, p."employeeNo", p.status, p."progressPercent", p."lastStudiedAt", p."completedAt",
             coalesce((SELECT string_agg(d.name, '、' ORDER BY d.id) FROM department_members m
                        JOIN departments d ON d.eid = m.eid AND d.id = m.department_id
                       WHERE m.eid = ${eid} AND m.account_id = p."accountId"), '') AS departments,
             (SELECT max(r.reminded_at) FROM study_task_reminders r
               WHERE r.eid = ${eid} AND r.task_id = ${taskId} AND r.account_id = p."accountId") AS "remindedAt"
        FROM p ${standing}
       ORDER BY CASE standing WHEN 'notStarted' THEN 0 WHEN 'learning' THEN 1 ELSE 2 END, p."progressPercent", p."accountId"
       LIMIT ${limit} OFFSET ${offset}`);
    const counts = await this.db.execute<ProgressTotals & { total: number } & Record<string, unknown>>(sql`
      WITH p AS (${this.learners(eid, taskId, f)})
      SELECT count(*)::int AS assigned, count(*) FILTER (WHERE standing = 'finished')::int AS finished,
             count(*) FILTER (WHERE standing = 'learning')::int AS learning,
             count(*) FILTER (WHERE standing = 'notStarted')::int AS "notStarted",
             count(*) FILTER (WHERE ${f.status ? sql`standing = ${f.status}` : sql`true`})::int AS total
        FROM p`);
    const { total, ...totals } = counts.rows[0]!;
    return {
      rows: rows.map((r) => ({
        ...r,
        lastStudiedAt: dateOrNull(r.lastStudiedAt),
        completedAt: dateOrNull(r.completedAt),
        remindedAt: dateOrNull(r.remindedAt),
      })),
      total,
      totals,
    };
  }

  /** Per department (direct members) the task reaches: how far they are; most learners first. */
  async departments(eid: number, taskId: number, offset: number, limit: number) {
    const per = sql`
      WITH p AS (${this.learners(eid, taskId, {})})
      SELECT d.id AS "departmentId", d.name, d.name_en AS "nameEn", count(*)::int AS assigned,
             count(*) FILTER (WHERE p.standing = 'finished')::int AS finished,
             count(*) FILTER (WHERE p.standing = 'learning')::int AS learning,
             count(*) FILTER (WHERE p.standing = 'notStarted')::int AS "notStarted"
        FROM p JOIN department_members m ON m.eid = ${eid} AND m.account_id = p."accountId"
        JOIN departments d ON d.eid = m.eid AND d.id = m.department_id
       GROUP BY d.id, d.name, d.name_en`;
    const { rows } = await this.db.execute<DepartmentProgressRow & Record<string, unknown>>(sql`
      ${per} ORDER BY assigned DESC, d.id LIMIT ${limit} OFFSET ${offset}`);
    const total = await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${per}) x`);
    return { rows, total: total.rows[0]?.n ?? 0 };
  }

  /** The task's learners not finished, of `only` where given, in account order. */
  static async unfinished(tx: Tx, eid: number, taskId: number, only: readonly number[] | undefined) {
    const { rows } = await tx.execute<{ accountId: number }>(sql`
      SELECT who.account_id AS "accountId" FROM ${taskLearnerIds(eid, taskId)} who
        LEFT JOIN study_task_learners l ON l.eid = ${eid} AND l.task_id = ${taskId} AND l.account_id = who.account_id
       WHERE (l.status IS NULL OR l.status NOT IN (3, 5))
         ${only ? sql`AND who.account_id IN (SELECT x::int FROM jsonb_array_elements_text(${JSON.stringify(only)}::jsonb) x)` : sql``}
       ORDER BY who.account_id`);
    return rows.map((r) => r.accountId);
  }

  /**
   * Notes today's (China time) reminder of these learners for the task, carried by the notice;
   * answers those noted now (a learner reminded today already is not noted again).
   */
  static async noteReminders(tx: Tx, eid: number, taskId: number, accountIds: number[], announcementId: number) {
    const { rows } = await tx.execute<{ accountId: number }>(sql`
      INSERT INTO study_task_reminders (eid, task_id, account_id, day, announcement_id)
      SELECT ${eid}, ${taskId}, x::int, (now() AT TIME ZONE 'Asia/Shanghai')::date, ${announcementId}
        FROM jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb) x
      ON CONFLICT DO NOTHING
      RETURNING account_id AS "accountId"`);
    return rows.map((r) => r.accountId);
  }
}
