import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@portal/db';

/** The back office's days and weeks are China's (the demo sites' and the spec's time zone). */
const TIME_ZONE = 'Asia/Shanghai';

/** Monday 00:00 of this week in China, as a timestamptz. */
const WEEK_START = sql`(date_trunc('week', now() AT TIME ZONE ${TIME_ZONE}) AT TIME ZONE ${TIME_ZONE})`;

/** The most rows an audit-log page counts: the count stays cheap however long the log grows. */
export const AUDIT_COUNT_CAP = 10_000;

export interface AuditFilter {
  entityType?: string | undefined;
  entityId?: string | undefined;
  actorId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  order: 'asc' | 'desc';
}

export interface AuditRow {
  id: number;
  accountId: number;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  requestId: string;
  ip: string;
  createdAt: string | Date;
}

export interface DashboardTotals {
  weekStart: string | Date;
  learners: number;
  activeLearners: number;
  completions: number;
  creditTenths: number;
}

export interface DepartmentRow {
  departmentId: number;
  name: string;
  nameEn: string;
  activeLearners: number;
  completions: number;
  creditTenths: number;
}

export interface DayRow {
  day: string;
  completions: number;
  creditTenths: number;
}

/** SQL of the back office's own reads, always by the session's enterprise (indexed by eid first). */
export class BackOfficeRepository {
  constructor(private readonly db: Db) {}

  private auditWhere(eid: number, f: AuditFilter): SQL {
    const parts: SQL[] = [sql`l.eid = ${eid}`];
    if (f.entityType) parts.push(sql`l.entity_type = ${f.entityType}`);
    if (f.entityId) parts.push(sql`l.entity_id = ${f.entityId}`);
    if (f.actorId) parts.push(sql`l.account_id = ${f.actorId}`);
    if (f.from) parts.push(sql`l.created_at >= (${f.from}::date::timestamp AT TIME ZONE ${TIME_ZONE})`);
    if (f.to) parts.push(sql`l.created_at < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`);
    return sql.join(parts, sql` AND `);
  }

  /** One page of the audit log, newest (or oldest) first, with the actor's name in the enterprise. */
  async findAuditLog(eid: number, f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
    const direction = f.order === 'asc' ? sql`ASC` : sql`DESC`;
    const { rows } = await this.db.execute<AuditRow & Record<string, unknown>>(sql`
      SELECT l.id, l.account_id AS "accountId",
             COALESCE(NULLIF(u.real_name, ''), u.user_name, '') AS "actorName",
             l.action, l.entity_type AS "entityType", l.entity_id AS "entityId", l.before, l.after,
             l.request_id AS "requestId", l.ip, l.created_at AS "createdAt"
        FROM admin_audit_log l
        LEFT JOIN enterprise_users u ON u.eid = l.eid AND u.account_id = l.account_id
       WHERE ${this.auditWhere(eid, f)}
       ORDER BY l.created_at ${direction}, l.id ${direction}
       LIMIT ${limit} OFFSET ${offset}`);
    return rows;
  }

  /** The rows the filter matches, counted up to AUDIT_COUNT_CAP. */
  async countAuditLog(eid: number, f: AuditFilter): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM admin_audit_log l WHERE ${this.auditWhere(eid, f)} LIMIT ${AUDIT_COUNT_CAP}) x`);
    return Number(rows[0]?.n ?? 0);
  }

  /** This week's totals: each from its own index (course_learners by last study and by completion, earnings by date). */
  async viewTotals(eid: number): Promise<DashboardTotals> {
    const { rows } = await this.db.execute<DashboardTotals & Record<string, unknown>>(sql`
      SELECT ${WEEK_START} AS "weekStart",
        (SELECT count(*)::int FROM enterprise_users WHERE eid = ${eid} AND status = 1) AS learners,
        (SELECT count(DISTINCT account_id)::int FROM course_learners
          WHERE eid = ${eid} AND last_studied_at >= ${WEEK_START}) AS "activeLearners",
        (SELECT count(*)::int FROM course_learners
          WHERE eid = ${eid} AND completed_at IS NOT NULL AND completed_at >= ${WEEK_START}) AS completions,
        (SELECT COALESCE(sum(credit_tenths), 0)::int FROM earnings
          WHERE eid = ${eid} AND created_at >= ${WEEK_START}) AS "creditTenths"`);
    return rows[0]!;
  }

  /** This week by department (a person in several departments counts in each), the most active first. */
  async findDepartments(eid: number, limit: number): Promise<DepartmentRow[]> {
    const { rows } = await this.db.execute<DepartmentRow & Record<string, unknown>>(sql`
      WITH active AS (
        SELECT DISTINCT account_id FROM course_learners WHERE eid = ${eid} AND last_studied_at >= ${WEEK_START}
      ), done AS (
        SELECT account_id, count(*)::int AS n FROM course_learners
         WHERE eid = ${eid} AND completed_at IS NOT NULL AND completed_at >= ${WEEK_START} GROUP BY account_id
      ), credit AS (
        SELECT account_id, sum(credit_tenths)::int AS t FROM earnings
         WHERE eid = ${eid} AND created_at >= ${WEEK_START} GROUP BY account_id
      )
      SELECT d.id AS "departmentId", d.name, d.name_en AS "nameEn",
             count(a.account_id)::int AS "activeLearners",
             COALESCE(sum(done.n), 0)::int AS completions,
             COALESCE(sum(credit.t), 0)::int AS "creditTenths"
        FROM departments d
        JOIN department_members m ON m.eid = d.eid AND m.department_id = d.id
        LEFT JOIN active a ON a.account_id = m.account_id
        LEFT JOIN done ON done.account_id = m.account_id
        LEFT JOIN credit ON credit.account_id = m.account_id
       WHERE d.eid = ${eid}
       GROUP BY d.id, d.name, d.name_en
      HAVING count(a.account_id) > 0 OR sum(done.n) > 0 OR sum(credit.t) > 0
       ORDER BY count(a.account_id) DESC, COALESCE(sum(done.n), 0) DESC, d.id
       LIMIT ${limit}`);
    return rows;
  }

  /** The courses most learners studied this week. */
  async findTopCourses(
    eid: number,
    limit: number,
  ): Promise<Array<{ courseId: number; title: string; learners: number }>> {
    const { rows } = await this.db.execute<{ courseId: number; title: string; learners: number }>(sql`
      SELECT cl.course_id AS "courseId", c.title, count(*)::int AS learners
        FROM course_learners cl JOIN courses c ON c.eid = cl.eid AND c.id = cl.course_id
       WHERE cl.eid = ${eid} AND cl.last_studied_at >= ${WEEK_START}
       GROUP BY cl.course_id, c.title
       ORDER BY count(*) DESC, cl.course_id
       LIMIT ${limit}`);
    return rows;
  }

  /** Completions and credit per day of this week so far, Monday first. */
  async findDays(eid: number): Promise<DayRow[]> {
    const { rows } = await this.db.execute<DayRow & Record<string, unknown>>(sql`
      WITH days AS (
        SELECT generate_series(${WEEK_START} AT TIME ZONE ${TIME_ZONE}, now() AT TIME ZONE ${TIME_ZONE}, interval '1 day')::date AS day
      ), done AS (
        SELECT (completed_at AT TIME ZONE ${TIME_ZONE})::date AS day, count(*)::int AS n FROM course_learners
         WHERE eid = ${eid} AND completed_at IS NOT NULL AND completed_at >= ${WEEK_START} GROUP BY 1
      ), credit AS (
        SELECT (created_at AT TIME ZONE ${TIME_ZONE})::date AS day, sum(credit_tenths)::int AS t FROM earnings
         WHERE eid = ${eid} AND created_at >= ${WEEK_START} GROUP BY 1
      )
      SELECT to_char(days.day, 'YYYY-MM-DD') AS day, COALESCE(done.n, 0)::int AS completions,
             COALESCE(credit.t, 0)::int AS "creditTenths"
        FROM days LEFT JOIN done ON done.day = days.day LEFT JOIN credit ON credit.day = days.day
       ORDER BY days.day`);
    return rows;
  }
}
