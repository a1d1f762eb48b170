import { and, eq, sql } from 'drizzle-orm';
import { AttemptStatus } from '@portal/contract';
import { schema, type Db, type Tx } from '@portal/db';
import { AssignmentTarget } from '../assignment/index.ts';

const t = schema.examTasks;
const g = schema.examTaskAssignments;

/** A back-office list counts at most this many rows (decision 036). */
const COUNT_CAP = 10_000;

const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type ExamTaskRecord = typeof t.$inferSelect;
export type ExamTaskValues = Omit<typeof t.$inferInsert, 'eid' | 'id' | 'createdAt'>;

/** A paper's total in tenths: a fixed paper's questions, or what a random paper's rules draw. */
export const PAPER_TOTAL = (paper: string) =>
  sql.raw(`CASE WHEN ${paper}.mode = 2
    THEN (SELECT coalesce(sum((x->>'count')::int * (x->>'scoreTenths')::int), 0) FROM jsonb_array_elements(${paper}.rules) x)
    ELSE (SELECT coalesce(sum(pq.score_tenths), 0) FROM exam_paper_questions pq WHERE pq.eid = ${paper}.eid AND pq.paper_id = ${paper}.id)
  END::int`);

/** An exam's takers (`r` its records, `u` their memberships), by a part of the name or employee no. */
const resultsWhere = (eid: number, taskId: number, keyword: string | undefined) =>
  sql`r.eid = ${eid} AND r.task_id = ${taskId}
      ${keyword ? sql`AND (u.real_name ILIKE ${likeOf(keyword)} OR u.user_name ILIKE ${likeOf(keyword)} OR u.employee_no ILIKE ${likeOf(keyword)})` : sql``}`;

/** A taker's row of an exam's results, as the list and the export read it. */
type ResultRow = {
  accountId: number;
  name: string;
  employeeNo: string | null;
  attemptsUsed: number;
  attemptsAllowed: number;
  bestScoreTenths: number | null;
  passed: boolean;
  waitingForMarking: boolean;
  firstStartedAt: Date;
  lastSubmittedAt: Date | null;
};

/** The columns and tables of a results row (`r` the records, `t` the task, `u` the memberships). */
const RESULT_FROM = sql`SELECT r.account_id AS "accountId", coalesce(nullif(u.real_name, ''), u.user_name) AS name,
    u.employee_no AS "employeeNo", r.attempts_used AS "attemptsUsed",
    t.attempts_allowed + r.extra_attempts AS "attemptsAllowed", r.best_score_tenths AS "bestScoreTenths",
    r.passed, r.waiting_for_marking AS "waitingForMarking", r.first_started_at AS "firstStartedAt",
    r.last_submitted_at AS "lastSubmittedAt"
  FROM exam_task_records r
  JOIN exam_tasks t ON t.eid = r.eid AND t.id = r.task_id
  JOIN enterprise_users u ON u.eid = r.eid AND u.account_id = r.account_id`;

/** SQL of the back office's exam tasks, always by enterprise. */
export class ExamTaskAdminRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** One page of exam tasks, newest first, with their paper, takers, passes and marking waiting. */
  async tasks(eid: number, keyword: string | undefined, offset: number, limit: number) {
    const where = sql`t.eid = ${eid} ${keyword ? sql`AND t.title ILIKE ${likeOf(keyword)}` : sql``}`;
    const [page, counted] = await Promise.all([
      offset >= COUNT_CAP
        ? Promise.resolve({ rows: [] })
        : this.db.execute<{
            id: number;
            title: string;
            paperTitle: string;
            startsAt: Date;
            endsAt: Date;
            durationMinutes: number;
            passScoreTenths: number;
            totalTenths: number;
            published: boolean;
            givenToAll: boolean;
            takers: number;
            passed: number;
            waitingForMarking: number;
            createdAt: Date;
          }>(sql`
            SELECT t.id, t.title, p.title AS "paperTitle", t.starts_at AS "startsAt", t.ends_at AS "endsAt",
              t.duration_minutes AS "durationMinutes", t.pass_score_tenths AS "passScoreTenths",
              ${PAPER_TOTAL('p')} AS "totalTenths", t.published,
              NOT EXISTS (SELECT 1 FROM exam_task_assignments g WHERE g.eid = t.eid AND g.task_id = t.id) AS "givenToAll",
              (SELECT count(*)::int FROM exam_task_records r WHERE r.eid = t.eid AND r.task_id = t.id) AS takers,
              (SELECT count(*)::int FROM exam_task_records r WHERE r.eid = t.eid AND r.task_id = t.id AND r.passed) AS passed,
              (SELECT count(*)::int FROM exam_attempts a
                WHERE a.eid = t.eid AND a.task_id = t.id AND a.status = ${AttemptStatus.WAITING_FOR_MARKING}) AS "waitingForMarking",
              t.created_at AS "createdAt"
            FROM exam_tasks t JOIN exam_papers p ON p.eid = t.eid AND p.id = t.paper_id
            WHERE ${where} ORDER BY t.id DESC LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM exam_tasks t WHERE ${where} LIMIT ${COUNT_CAP}) x`,
      ),
    ]);
    return { rows: page.rows, total: counted.rows[0]?.n ?? 0 };
  }

  async task(eid: number, id: number) {
    const { rows } = await this.db.execute<
      ExamTaskRecord & { paperTitle: string; totalTenths: number; attemptCount: number }
    >(sql`
      SELECT t.id, t.eid, t.title, t.intro, t.paper_id AS "paperId", t.starts_at AS "startsAt", t.ends_at AS "endsAt",
        t.duration_minutes AS "durationMinutes", t.attempts_allowed AS "attemptsAllowed",
        t.pass_score_tenths AS "passScoreTenths", t.screen_switch_limit AS "screenSwitchLimit",
        t.show_answers AS "showAnswers", t.partial_multiple AS "partialMultiple",
        t.admission_ticket AS "admissionTicket", t.admission_print_at AS "admissionPrintAt",
        t.certificate_template_id AS "certificateTemplateId", t.points, t.credit_tenths AS "creditTenths",
        t.published, t.created_at AS "createdAt", p.title AS "paperTitle", ${PAPER_TOTAL('p')} AS "totalTenths",
        (SELECT count(*)::int FROM exam_attempts a WHERE a.eid = t.eid AND a.task_id = t.id) AS "attemptCount"
      FROM exam_tasks t JOIN exam_papers p ON p.eid = t.eid AND p.id = t.paper_id
      WHERE t.eid = ${eid} AND t.id = ${id}`);
    return rows[0] ?? null;
  }

  /** Whom the task is given to, with names (a person's real name, else their user name). */
  async targets(eid: number, taskId: number) {
    const { rows } = await this.db.execute<{ targetType: number; id: number; name: string }>(sql`
      SELECT g.target_type AS "targetType", g.target_id AS id,
        coalesce(
          CASE g.target_type
            WHEN ${AssignmentTarget.PERSON} THEN (SELECT coalesce(nullif(u.real_name, ''), u.user_name) FROM enterprise_users u WHERE u.eid = g.eid AND u.account_id = g.target_id)
            WHEN ${AssignmentTarget.DEPARTMENT} THEN (SELECT d.name FROM departments d WHERE d.eid = g.eid AND d.id = g.target_id)
            WHEN ${AssignmentTarget.TAG} THEN (SELECT x.name FROM tags x WHERE x.eid = g.eid AND x.id = g.target_id)
          END, '') AS name
      FROM exam_task_assignments g WHERE g.eid = ${eid} AND g.task_id = ${taskId}
      ORDER BY g.target_type, g.assigned_at, g.target_id`);
    return rows;
  }

  /** The paper's title and total (tenths), locked against a change of its questions meanwhile (decision 047). */
  static async sharePaper(tx: Tx, eid: number, paperId: number) {
    const locked = await tx.execute(sql`SELECT 1 FROM exam_papers WHERE eid = ${eid} AND id = ${paperId} FOR SHARE`);
    if (locked.rows.length === 0) return null;
    // Read after the lock, in a statement of its own: a statement that waited for the lock keeps
    // its snapshot for the paper's questions, which an edit that went first may have changed.
    const { rows } = await tx.execute<{ title: string; totalTenths: number }>(sql`
      SELECT p.title, ${PAPER_TOTAL('p')} AS "totalTenths" FROM exam_papers p WHERE p.eid = ${eid} AND p.id = ${paperId}`);
    return rows[0] ?? null;
  }

  /** How many of these ids exist as the enterprise's members, departments, tags, templates. */
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
      SELECT count(DISTINCT x.id)::int AS n FROM ${table} x WHERE x.eid = ${eid} AND x.id = ANY(${`{${ids.join(',')}}`}::int[])`);
    return rows[0]?.n ?? 0;
  }

  static async lockTask(tx: Tx, eid: number, id: number): Promise<ExamTaskRecord | null> {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, id)))
      .for('update');
    return row ?? null;
  }

  static async attemptCount(tx: Tx, eid: number, taskId: number): Promise<number> {
    const { rows } = await tx.execute<{ n: number }>(
      sql`SELECT count(DISTINCT account_id)::int AS n FROM exam_attempts WHERE eid = ${eid} AND task_id = ${taskId}`,
    );
    return rows[0]?.n ?? 0;
  }

  static async insertTask(tx: Tx, eid: number, values: ExamTaskValues) {
    const [row] = await tx
      .insert(t)
      .values({ eid, ...values })
      .returning();
    return row!;
  }

  static async updateTask(tx: Tx, eid: number, id: number, values: ExamTaskValues) {
    const [row] = await tx
      .update(t)
      .set(values)
      .where(and(eq(t.eid, eid), eq(t.id, id)))
      .returning();
    return row!;
  }

  static async removeTask(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(t).where(and(eq(t.eid, eid), eq(t.id, id)));
  }

  static async targetsOf(tx: Tx, eid: number, taskId: number) {
    return tx
      .select({ targetType: g.targetType, targetId: g.targetId })
      .from(g)
      .where(and(eq(g.eid, eid), eq(g.taskId, taskId)))
      .orderBy(g.targetType, g.targetId);
  }

  /** Replaces whom the task is given to. */
  static async setTargets(
    tx: Tx,
    eid: number,
    taskId: number,
    targets: Array<{ targetType: number; targetId: number }>,
  ) {
    await tx.delete(g).where(and(eq(g.eid, eid), eq(g.taskId, taskId)));
    if (targets.length) await tx.insert(g).values(targets.map((x) => ({ eid, taskId, ...x })));
  }

  async certificateTemplates(eid: number) {
    const c = schema.certificateTemplates;
    return this.db.select({ id: c.id, title: c.title }).from(c).where(eq(c.eid, eid)).orderBy(c.id);
  }

  /** An exam's takers, latest submit first; the count stops at the cap. */
  async results(eid: number, taskId: number, keyword: string | undefined, offset: number, limit: number) {
    const where = resultsWhere(eid, taskId, keyword);
    const [page, counted] = await Promise.all([
      offset >= COUNT_CAP
        ? Promise.resolve({ rows: [] })
        : this.db.execute<ResultRow>(sql`
            ${RESULT_FROM}
            WHERE ${where}
            ORDER BY r.last_submitted_at DESC NULLS FIRST, r.account_id LIMIT ${limit} OFFSET ${offset}`),
      // Without a keyword the records alone are counted (every taker is a member: the foreign key).
      this.db.execute<{ n: number }>(
        keyword
          ? sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM exam_task_records r
              JOIN enterprise_users u ON u.eid = r.eid AND u.account_id = r.account_id
              WHERE ${where} LIMIT ${COUNT_CAP}) x`
          : sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM exam_task_records r
              WHERE r.eid = ${eid} AND r.task_id = ${taskId} LIMIT ${COUNT_CAP}) x`,
      ),
    ]);
    return { rows: page.rows, total: counted.rows[0]?.n ?? 0 };
  }

  /** The next takers after `afterAccountId`, by account (an export's keyset step). */
  async resultsAfter(eid: number, taskId: number, keyword: string | undefined, afterAccountId: number, limit: number) {
    const { rows } = await this.db.execute<ResultRow>(sql`
      ${RESULT_FROM}
      WHERE ${resultsWhere(eid, taskId, keyword)} AND r.account_id > ${afterAccountId}
      ORDER BY r.account_id LIMIT ${limit}`);
    return rows;
  }

  /** One learner's attempts at a task, oldest first, with their attempt logs. */
  async attempts(eid: number, taskId: number, accountId: number) {
    const { rows } = await this.db.execute<{
      attemptId: number;
      attemptNo: number;
      status: number;
      scoreTenths: number | null;
      passed: boolean | null;
      startedAt: Date;
      submittedAt: Date | null;
      submitReason: number | null;
      screenSwitches: number;
      log: Array<{
        kind: number;
        questionId: number | null;
        at: string;
        clientAt: string | null;
        detail: Record<string, unknown>;
      }>;
    }>(sql`
      SELECT a.id AS "attemptId", a.attempt_no AS "attemptNo", a.status, a.score_tenths AS "scoreTenths", a.passed,
        a.started_at AS "startedAt", a.submitted_at AS "submittedAt", a.submit_reason AS "submitReason",
        a.screen_switches AS "screenSwitches",
        coalesce((SELECT jsonb_agg(jsonb_build_object('kind', e.kind, 'questionId', e.question_id, 'at', e.at,
                    'clientAt', e.client_at, 'detail', e.detail) ORDER BY e.id)
                  FROM exam_attempt_events e WHERE e.eid = a.eid AND e.attempt_id = a.id), '[]'::jsonb) AS log
      FROM exam_attempts a
      WHERE a.eid = ${eid} AND a.task_id = ${taskId} AND a.account_id = ${accountId}
      ORDER BY a.attempt_no`);
    return rows;
  }

  /** The learner's record of the task, locked (attempts are started under the same lock). */
  static async lockRecord(tx: Tx, eid: number, taskId: number, accountId: number) {
    const { rows } = await tx.execute<{ attemptsUsed: number; extraAttempts: number; answering: boolean }>(sql`
      SELECT r.attempts_used AS "attemptsUsed", r.extra_attempts AS "extraAttempts",
        EXISTS (SELECT 1 FROM exam_attempts a WHERE a.eid = r.eid AND a.task_id = r.task_id
                  AND a.account_id = r.account_id AND a.submitted_at IS NULL) AS answering
      FROM exam_task_records r
      WHERE r.eid = ${eid} AND r.task_id = ${taskId} AND r.account_id = ${accountId} FOR UPDATE`);
    return rows[0] ?? null;
  }

  static async addAttempt(tx: Tx, eid: number, taskId: number, accountId: number): Promise<number> {
    const { rows } = await tx.execute<{ extra: number }>(sql`
      UPDATE exam_task_records SET extra_attempts = extra_attempts + 1
       WHERE eid = ${eid} AND task_id = ${taskId} AND account_id = ${accountId} RETURNING extra_attempts AS extra`);
    return rows[0]!.extra;
  }
}
