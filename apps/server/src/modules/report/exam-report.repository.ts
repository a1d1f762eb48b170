import { sql, type SQL } from 'drizzle-orm';
import { EarningSource, SCORE_BANDS } from '@portal/contract';
import type { Db } from '@portal/db';
import { PAPER_TOTAL } from '../exam-admin/index.ts';
import { likeOf, periodEnd, periodStart, type Period } from './report.repository.ts';

export interface ExamFilter extends Period {
  keyword?: string | undefined;
}

/** An exam task's row (scores in tenths; `markedTakers`: learners with a marked attempt). */
export interface ExamRow {
  taskId: number;
  title: string;
  takers: number;
  attempts: number;
  marked: number;
  waiting: number;
  passed: number;
  markedTakers: number;
  averageTenths: number | null;
  highestTenths: number | null;
  lowestTenths: number | null;
  totalTenths: number;
  certificates: number;
}

export type ExamTotals = Pick<
  ExamRow,
  'takers' | 'attempts' | 'marked' | 'waiting' | 'passed' | 'markedTakers' | 'certificates'
> & { tasks: number };

export interface QuestionRow {
  questionId: number;
  questionType: number;
  stem: string;
  given: number;
  right: number;
  partly: number;
  wrong: number;
  unanswered: number;
  averageTenths: number;
  scoreTenths: number;
}

export interface CertificateRow {
  sourceType: number;
  sourceId: number;
  title: string;
  issued: number;
  firstIssuedAt: Date;
  lastIssuedAt: Date;
}

export interface IssuedCertificate {
  id: number;
  number: string;
  holderName: string;
  employeeNo: string;
  departments: string;
  title: string;
  sourceType: number;
  scoreTenths: number | null;
  issuedAt: Date;
  validUntil: Date | null;
}

/**
 * Per exam task over the period: its attempts submitted in it and its certificates issued in it
 * (a task with either). What every exam report adds up.
 */
const taskWork = (eid: number, p: Period, taskId?: number) => sql`
  WITH att AS (
    SELECT task_id, count(DISTINCT account_id)::int AS takers, count(*)::int AS attempts,
           count(*) FILTER (WHERE status = 3)::int AS marked, count(*) FILTER (WHERE status = 2)::int AS waiting,
           count(DISTINCT account_id) FILTER (WHERE status = 3 AND passed)::int AS passed,
           count(DISTINCT account_id) FILTER (WHERE status = 3)::int AS "markedTakers",
           round(avg(score_tenths) FILTER (WHERE status = 3))::int AS "averageTenths",
           max(score_tenths) FILTER (WHERE status = 3) AS "highestTenths",
           min(score_tenths) FILTER (WHERE status = 3) AS "lowestTenths",
           max(total_score_tenths) AS "totalTenths"
      FROM exam_attempts
     WHERE eid = ${eid} AND submitted_at >= ${periodStart(p)} AND submitted_at < ${periodEnd(p)}
       ${taskId === undefined ? sql`` : sql`AND task_id = ${taskId}`}
     GROUP BY task_id
  ), cert AS (
    SELECT source_id AS task_id, count(*)::int AS n FROM certificates
     WHERE eid = ${eid} AND source_type = ${EarningSource.EXAM_TASK}
       AND issued_at >= ${periodStart(p)} AND issued_at < ${periodEnd(p)}
       ${taskId === undefined ? sql`` : sql`AND source_id = ${taskId}`}
     GROUP BY source_id
  ), work AS (
    SELECT t.id AS "taskId", t.title, t.starts_at, coalesce(a.takers, 0) AS takers, coalesce(a.attempts, 0) AS attempts,
           coalesce(a.marked, 0) AS marked, coalesce(a.waiting, 0) AS waiting, coalesce(a.passed, 0) AS passed,
           coalesce(a."markedTakers", 0) AS "markedTakers", a."averageTenths", a."highestTenths", a."lowestTenths",
           coalesce(a."totalTenths", ${PAPER_TOTAL('p')})::int AS "totalTenths", coalesce(c.n, 0) AS certificates
      FROM exam_tasks t JOIN exam_papers p ON p.eid = t.eid AND p.id = t.paper_id
      LEFT JOIN att a ON a.task_id = t.id LEFT JOIN cert c ON c.task_id = t.id
     WHERE t.eid = ${eid} AND (a.task_id IS NOT NULL OR c.task_id IS NOT NULL)
  )`;

const titleLike = (keyword: string | undefined, column: SQL) =>
  keyword ? sql`AND ${column} ILIKE ${likeOf(keyword)}` : sql``;

/**
 * The exam and certificate reports (issue 22 item 6), read from the attempts, their answers and
 * the certificates, always by the session's enterprise: each number is a count or a sum of those rows.
 */
export class ExamReportRepository {
  constructor(private readonly db: Db) {}

  /** Exam tasks with attempts submitted or certificates issued in the period, latest window first. */
  async tasks(eid: number, f: ExamFilter, offset: number, limit: number) {
    const where = sql`WHERE true ${titleLike(f.keyword, sql`title`)}`;
    const rows = await this.db.execute<ExamRow & Record<string, unknown>>(sql`
      ${taskWork(eid, f)}
      SELECT "taskId", title, takers, attempts, marked, waiting, passed, "markedTakers", "averageTenths",
             "highestTenths", "lowestTenths", "totalTenths", certificates
        FROM work ${where} ORDER BY starts_at DESC, "taskId" DESC LIMIT ${limit} OFFSET ${offset}`);
    const total = await this.db.execute<{ n: number }>(
      sql`${taskWork(eid, f)} SELECT count(*)::int AS n FROM work ${where}`,
    );
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  /** The period's totals over the filter's tasks (a learner once per task). */
  async totals(eid: number, f: ExamFilter): Promise<ExamTotals> {
    const { rows } = await this.db.execute<ExamTotals & Record<string, unknown>>(sql`
      ${taskWork(eid, f)}
      SELECT count(*)::int AS tasks, coalesce(sum(takers), 0)::int AS takers, coalesce(sum(attempts), 0)::int AS attempts,
             coalesce(sum(marked), 0)::int AS marked, coalesce(sum(waiting), 0)::int AS waiting,
             coalesce(sum(passed), 0)::int AS passed, coalesce(sum("markedTakers"), 0)::int AS "markedTakers",
             coalesce(sum(certificates), 0)::int AS certificates
        FROM work WHERE true ${titleLike(f.keyword, sql`title`)}`);
    return rows[0]!;
  }

  /** One task's row over the period, with its pass score; undefined for no task of the enterprise. */
  async task(eid: number, taskId: number, p: Period): Promise<{ row: ExamRow; passTenths: number } | undefined> {
    const { rows } = await this.db.execute<{ id: number; title: string; passTenths: number; totalTenths: number }>(sql`
      SELECT t.id, t.title, t.pass_score_tenths AS "passTenths", ${PAPER_TOTAL('p')} AS "totalTenths"
        FROM exam_tasks t JOIN exam_papers p ON p.eid = t.eid AND p.id = t.paper_id
       WHERE t.eid = ${eid} AND t.id = ${taskId}`);
    const task = rows[0];
    if (!task) return undefined;
    const work = await this.db.execute<ExamRow & Record<string, unknown>>(sql`
      ${taskWork(eid, p, taskId)}
      SELECT "taskId", title, takers, attempts, marked, waiting, passed, "markedTakers", "averageTenths",
             "highestTenths", "lowestTenths", "totalTenths", certificates FROM work`);
    const row = work.rows[0] ?? {
      taskId: task.id,
      title: task.title,
      takers: 0,
      attempts: 0,
      marked: 0,
      waiting: 0,
      passed: 0,
      markedTakers: 0,
      averageTenths: null,
      highestTenths: null,
      lowestTenths: null,
      totalTenths: task.totalTenths,
      certificates: 0,
    };
    return { row, passTenths: task.passTenths };
  }

  /** The task's marked attempts of the period per SCORE_BANDS band (percent of each attempt's total). */
  async distribution(eid: number, taskId: number, p: Period): Promise<number[]> {
    const pct = sql`score_tenths * 100.0 / nullif(total_score_tenths, 0)`;
    const bands = SCORE_BANDS.map((b, i) =>
      i === SCORE_BANDS.length - 1
        ? sql`count(*) FILTER (WHERE coalesce(${pct}, 100) >= ${b.from})::int`
        : sql`count(*) FILTER (WHERE coalesce(${pct}, 100) >= ${b.from} AND coalesce(${pct}, 100) < ${b.to})::int`,
    );
    const { rows } = await this.db.execute<Record<string, number>>(sql`
      SELECT ${sql.join(
        bands.map((b, i) => sql`${b} AS ${sql.identifier(`b${i}`)}`),
        sql`, `,
      )}
        FROM exam_attempts
       WHERE eid = ${eid} AND task_id = ${taskId} AND status = 3
         AND submitted_at >= ${periodStart(p)} AND submitted_at < ${periodEnd(p)}`);
    return SCORE_BANDS.map((_, i) => rows[0]?.[`b${i}`] ?? 0);
  }

  /**
   * The task's questions over the period's marked attempts, most often wrong first (of the times
   * given), each with its stem and type as the last attempt in the period was given them.
   */
  async questions(eid: number, taskId: number, p: Period, offset: number, limit: number) {
    const marks = sql`
      WITH q AS (
        SELECT x.question_id, count(*)::int AS given, count(*) FILTER (WHERE x.result = 1)::int AS "right",
               count(*) FILTER (WHERE x.result = 2)::int AS partly,
               count(*) FILTER (WHERE x.result = 0 OR x.result IS NULL)::int AS wrong,
               count(*) FILTER (WHERE x.answer = '[]'::jsonb)::int AS unanswered,
               round(avg(coalesce(x.score_tenths, 0)))::int AS "averageTenths", max(t.id) AS sample
          FROM exam_attempts t JOIN exam_answers x ON x.eid = t.eid AND x.attempt_id = t.id
         WHERE t.eid = ${eid} AND t.task_id = ${taskId} AND t.status = 3
           AND t.submitted_at >= ${periodStart(p)} AND t.submitted_at < ${periodEnd(p)}
         GROUP BY x.question_id
      )`;
    const rows = await this.db.execute<QuestionRow & Record<string, unknown>>(sql`
      ${marks}, page AS (
        SELECT * FROM q ORDER BY wrong::float / given DESC, partly DESC, question_id
         LIMIT ${limit} OFFSET ${offset}
      )
      SELECT page.question_id AS "questionId", coalesce((e.value->>'questionType')::int, 0) AS "questionType",
             coalesce(e.value->>'stem', '') AS stem, given, "right", partly, wrong, unanswered, "averageTenths",
             coalesce((e.value->>'scoreTenths')::int, 0) AS "scoreTenths"
        FROM page
        LEFT JOIN exam_attempts s ON s.eid = ${eid} AND s.id = page.sample
        LEFT JOIN LATERAL (SELECT value FROM jsonb_array_elements(s.paper)
                            WHERE (value->>'questionId')::int = page.question_id LIMIT 1) e ON true
       ORDER BY wrong::float / given DESC, partly DESC, page.question_id`);
    const total = await this.db.execute<{ n: number }>(sql`${marks} SELECT count(*)::int AS n FROM q`);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  /** Certificates issued in the period per course, task or project that issued them, most first. */
  async certificates(eid: number, f: ExamFilter, offset: number, limit: number) {
    const where = sql`WHERE eid = ${eid} AND issued_at >= ${periodStart(f)} AND issued_at < ${periodEnd(f)}
      ${titleLike(f.keyword, sql`title`)}`;
    const rows = await this.db.execute<CertificateRow & Record<string, unknown>>(sql`
      SELECT source_type AS "sourceType", source_id AS "sourceId", max(title) AS title, count(*)::int AS issued,
             min(issued_at) AS "firstIssuedAt", max(issued_at) AS "lastIssuedAt"
        FROM certificates ${where}
       GROUP BY source_type, source_id
       ORDER BY count(*) DESC, max(issued_at) DESC, source_type, source_id
       LIMIT ${limit} OFFSET ${offset}`);
    const totals = await this.db.execute<{ groups: number; issued: number; holders: number }>(sql`
      SELECT count(DISTINCT (source_type, source_id))::int AS groups, count(*)::int AS issued,
             count(DISTINCT account_id)::int AS holders
        FROM certificates ${where}`);
    const bySource = await this.db.execute<{ sourceType: number; n: number }>(sql`
      SELECT source_type AS "sourceType", count(*)::int AS n FROM certificates ${where}
       GROUP BY source_type ORDER BY source_type`);
    const t = totals.rows[0] ?? { groups: 0, issued: 0, holders: 0 };
    return {
      rows: rows.rows.map((r) => ({
        ...r,
        firstIssuedAt: new Date(r.firstIssuedAt),
        lastIssuedAt: new Date(r.lastIssuedAt),
      })),
      total: t.groups,
      totals: {
        issued: t.issued,
        holders: t.holders,
        bySource: bySource.rows.map((r) => [r.sourceType, r.n] as [number, number]),
      },
    };
  }

  /** Certificates issued in the period after `afterId`, in id order, with their holders' departments. */
  async issued(eid: number, f: ExamFilter, afterId: number, limit: number): Promise<IssuedCertificate[]> {
    const { rows } = await this.db.execute<IssuedCertificate & Record<string, unknown>>(sql`
      SELECT c.id, c.number, c.holder_name AS "holderName", coalesce(u.employee_no, '') AS "employeeNo",
             coalesce((SELECT string_agg(d.name, '、' ORDER BY d.id) FROM department_members m
                        JOIN departments d ON d.eid = m.eid AND d.id = m.department_id
                       WHERE m.eid = c.eid AND m.account_id = c.account_id), '') AS departments,
             c.title, c.source_type AS "sourceType", c.score_tenths AS "scoreTenths", c.issued_at AS "issuedAt",
             c.valid_until AS "validUntil"
        FROM certificates c
        LEFT JOIN enterprise_users u ON u.eid = c.eid AND u.account_id = c.account_id
       WHERE c.eid = ${eid} AND c.issued_at >= ${periodStart(f)} AND c.issued_at < ${periodEnd(f)}
         ${titleLike(f.keyword, sql`c.title`)} AND c.id > ${afterId}
       ORDER BY c.id LIMIT ${limit}`);
    return rows.map((r) => ({
      ...r,
      issuedAt: new Date(r.issuedAt),
      validUntil: r.validUntil ? new Date(r.validUntil) : null,
    }));
  }
}
