import { sql, type SQL } from 'drizzle-orm';
import { EarningSource } from '@portal/contract';
import type { Db } from '@portal/db';

const TIME_ZONE = 'Asia/Shanghai';

export const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A report's period: days of China time, both included. */
export interface Period {
  from: string;
  to: string;
}

export interface LearningFilter extends Period {
  /** The person report: members of this department only. */
  departmentId?: number | undefined;
  /** The person report: a part of the name or employee no.; the course report: of the title. */
  keyword?: string | undefined;
}

/** A row of a learning report: a department, a person or a course (credit in tenths). */
export interface LearningRow {
  key: number;
  name: string;
  nameEn: string;
  detail: string;
  people: number;
  active: number;
  completions: number;
  creditTenths: number;
  points: number;
}

export type LearningTotals = Omit<LearningRow, 'key' | 'name' | 'nameEn' | 'detail'>;

export const periodStart = (p: Period) => sql`(${p.from}::date::timestamp AT TIME ZONE ${TIME_ZONE})`;
export const periodEnd = (p: Period) => sql`((${p.to}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`;

/**
 * Each person's earnings (the ledger: credit and points) and course completions in the period,
 * one row per person who earned, completed or began a course in it (who learned): what every
 * learning report adds up.
 */
const personWork = (eid: number, p: Period) => sql`
  earned AS (
    SELECT account_id, sum(credit_tenths)::bigint AS credit, sum(points)::bigint AS points
      FROM earnings WHERE eid = ${eid} AND created_at >= ${periodStart(p)} AND created_at < ${periodEnd(p)}
     GROUP BY account_id
  ), done AS (
    SELECT account_id, count(*)::int AS n FROM course_learners
     WHERE eid = ${eid} AND completed_at >= ${periodStart(p)} AND completed_at < ${periodEnd(p)}
     GROUP BY account_id
  ), began AS (
    SELECT DISTINCT account_id FROM course_learners
     WHERE eid = ${eid} AND started_at >= ${periodStart(p)} AND started_at < ${periodEnd(p)}
  ), work AS (
    SELECT w.account_id, coalesce(e.credit, 0) AS credit, coalesce(e.points, 0) AS points, coalesce(d.n, 0) AS n
      FROM (SELECT account_id FROM earned UNION SELECT account_id FROM done UNION SELECT account_id FROM began) w
      LEFT JOIN earned e ON e.account_id = w.account_id LEFT JOIN done d ON d.account_id = w.account_id
  )`;

const NUMBERS = sql`"people"::int AS people, "active"::int AS active, "completions"::int AS completions,
  "creditTenths"::bigint AS "creditTenths", "points"::bigint AS points`;

/**
 * The back office's reports (issue 22 item 6), read straight from the ledger (earnings), the
 * course completions (course_learners) and the memberships, always by the session's enterprise,
 * so a report's numbers are the sums of the rows they stand for.
 */
export class ReportRepository {
  constructor(private readonly db: Db) {}

  /**
   * By department: its members, those of them who learned in the period (earned, completed or
   * began a course), and what they did. A person in two departments counts in both (the totals count them once).
   */
  async byDepartment(eid: number, p: Period, offset: number, limit: number) {
    const rows = await this.db.execute<LearningRow & Record<string, unknown>>(sql`
      WITH ${personWork(eid, p)}, dep AS (
        SELECT d.id, d.name, d.name_en,
               count(m.account_id) AS people, count(w.account_id) AS active,
               coalesce(sum(w.n), 0) AS completions, coalesce(sum(w.credit), 0) AS "creditTenths",
               coalesce(sum(w.points), 0) AS points
          FROM departments d
          LEFT JOIN department_members m ON m.eid = d.eid AND m.department_id = d.id
          LEFT JOIN work w ON w.account_id = m.account_id
         WHERE d.eid = ${eid}
         GROUP BY d.id, d.name, d.name_en
      )
      SELECT id AS key, name, name_en AS "nameEn", '' AS detail, ${NUMBERS}
        FROM dep ORDER BY "creditTenths" DESC, completions DESC, id LIMIT ${limit} OFFSET ${offset}`);
    const total = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM departments WHERE eid = ${eid}`,
    );
    return { rows: rows.rows.map(numbers), total: total.rows[0]?.n ?? 0 };
  }

  /** By person: every member (those who did nothing too), most credit first. */
  async byPerson(eid: number, f: LearningFilter, offset: number, limit: number) {
    const where = personWhere(eid, f);
    const rows = await this.db.execute<LearningRow & Record<string, unknown>>(sql`
      WITH ${personWork(eid, f)}
      SELECT u.account_id AS key, coalesce(nullif(u.real_name, ''), u.user_name) AS name, '' AS "nameEn",
             coalesce((SELECT string_agg(d.name, '、' ORDER BY d.id) FROM department_members m
                        JOIN departments d ON d.eid = m.eid AND d.id = m.department_id
                       WHERE m.eid = u.eid AND m.account_id = u.account_id), '') AS detail,
             1 AS people, (w.account_id IS NOT NULL)::int AS active, coalesce(w.n, 0) AS completions,
             coalesce(w.credit, 0) AS "creditTenths", coalesce(w.points, 0) AS points
        FROM enterprise_users u LEFT JOIN work w ON w.account_id = u.account_id
       WHERE ${where}
       ORDER BY coalesce(w.credit, 0) DESC, coalesce(w.n, 0) DESC, u.account_id
       LIMIT ${limit} OFFSET ${offset}`);
    const total = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM enterprise_users u WHERE ${where}`,
    );
    return { rows: rows.rows.map(numbers), total: total.rows[0]?.n ?? 0 };
  }

  /**
   * By course: learners who began it in the period, completions in the period, and the credit
   * and points its completions earned (the ledger's course rows). Courses with any of these only.
   */
  async byCourse(eid: number, f: LearningFilter, offset: number, limit: number) {
    const from = sql`FROM courses c
      LEFT JOIN began b ON b.course_id = c.id LEFT JOIN ended x ON x.course_id = c.id
      LEFT JOIN earned e ON e.course_id = c.id
     WHERE c.eid = ${eid} AND (b.n > 0 OR x.n > 0 OR e.credit > 0 OR e.points > 0)
       ${f.keyword ? sql`AND c.title ILIKE ${likeOf(f.keyword)}` : sql``}`;
    const rows = await this.db.execute<LearningRow & Record<string, unknown>>(sql`
      ${courseWork(eid, f)}
      SELECT c.id AS key, c.title AS name, '' AS "nameEn", '' AS detail, coalesce(b.n, 0) AS people,
             coalesce(b.n, 0) AS active, coalesce(x.n, 0) AS completions,
             coalesce(e.credit, 0) AS "creditTenths", coalesce(e.points, 0) AS points
        ${from}
       ORDER BY coalesce(x.n, 0) DESC, coalesce(b.n, 0) DESC, c.id
       LIMIT ${limit} OFFSET ${offset}`);
    const total = await this.db.execute<{ n: number }>(sql`${courseWork(eid, f)} SELECT count(*)::int AS n ${from}`);
    return { rows: rows.rows.map(numbers), total: total.rows[0]?.n ?? 0 };
  }

  /**
   * The period's totals for the department and person reports: the members, those who
   * earned or completed anything, completions, and the ledger's sums (each person once).
   */
  async peopleTotals(eid: number, f: LearningFilter): Promise<LearningTotals> {
    const { rows } = await this.db.execute<LearningTotals & Record<string, unknown>>(sql`
      WITH ${personWork(eid, f)}
      SELECT count(*) AS people, count(w.account_id) AS active, coalesce(sum(w.n), 0) AS completions,
             coalesce(sum(w.credit), 0) AS "creditTenths", coalesce(sum(w.points), 0) AS points
        FROM enterprise_users u LEFT JOIN work w ON w.account_id = u.account_id
       WHERE ${personWhere(eid, f)}`);
    return numbers(rows[0]!);
  }

  /** The course report's totals: the ledger's course rows and the completions of the period. */
  async courseTotals(eid: number, f: LearningFilter): Promise<LearningTotals> {
    const { rows } = await this.db.execute<LearningTotals & Record<string, unknown>>(sql`
      ${courseWork(eid, f)}
      SELECT coalesce(sum(b.n), 0) AS people, coalesce(sum(b.n), 0) AS active, coalesce(sum(x.n), 0) AS completions,
             coalesce(sum(e.credit), 0) AS "creditTenths", coalesce(sum(e.points), 0) AS points
        FROM courses c
        LEFT JOIN began b ON b.course_id = c.id LEFT JOIN ended x ON x.course_id = c.id
        LEFT JOIN earned e ON e.course_id = c.id
       WHERE c.eid = ${eid} ${f.keyword ? sql`AND c.title ILIKE ${likeOf(f.keyword)}` : sql``}`);
    return numbers(rows[0]!);
  }
}

/**
 * The enterprise's members (disabled ones too: what they earned is in the ledger), of a department
 * and matching a keyword where the filter says.
 */
function personWhere(eid: number, f: LearningFilter): SQL {
  const parts: SQL[] = [sql`u.eid = ${eid}`];
  if (f.departmentId !== undefined) {
    parts.push(sql`EXISTS (SELECT 1 FROM department_members m
      WHERE m.eid = u.eid AND m.account_id = u.account_id AND m.department_id = ${f.departmentId})`);
  }
  if (f.keyword) {
    const like = likeOf(f.keyword);
    parts.push(sql`(u.real_name ILIKE ${like} OR u.user_name ILIKE ${like} OR u.employee_no ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

/** Per course in the period: learners who began it, completions, the ledger's course rows. */
const courseWork = (eid: number, p: Period) => sql`
  WITH began AS (
    SELECT course_id, count(*)::int AS n FROM course_learners
     WHERE eid = ${eid} AND started_at >= ${periodStart(p)} AND started_at < ${periodEnd(p)} GROUP BY course_id
  ), ended AS (
    SELECT course_id, count(*)::int AS n FROM course_learners
     WHERE eid = ${eid} AND completed_at >= ${periodStart(p)} AND completed_at < ${periodEnd(p)} GROUP BY course_id
  ), earned AS (
    SELECT source_id AS course_id, sum(credit_tenths)::bigint AS credit, sum(points)::bigint AS points
      FROM earnings
     WHERE eid = ${eid} AND source_type = ${EarningSource.COURSE} AND created_at >= ${periodStart(p)} AND created_at < ${periodEnd(p)}
     GROUP BY source_id
  )`;

/** bigint sums arrive as text: numbers again (a report's sums stay far below 2^53). */
function numbers<T extends LearningTotals>(r: T): T {
  return {
    ...r,
    people: Number(r.people),
    active: Number(r.active),
    completions: Number(r.completions),
    creditTenths: Number(r.creditTenths),
    points: Number(r.points),
  };
}
