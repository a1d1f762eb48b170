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
const PAPER_TOTAL = (paper: string) =>
  sql.raw(`CASE WHEN ${paper}.mode = 2
    THEN (SELECT coalesce(sum((x->>'count')::int * (x->>'scoreTenths')::int), 0) FROM jsonb_array_elements(${paper}.rules) x)
    ELSE (SELECT coalesce(sum(pq.score_tenths), 0) FROM exam_paper_questions pq WHERE pq.eid = ${paper}.eid AND pq.paper_id = ${paper}.id)
  END::int`);

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
    const { rows } = await tx.execute<{ title: string; totalTenths: number }>(sql`
      SELECT p.title, ${PAPER_TOTAL('p')} AS "totalTenths" FROM exam_papers p
       WHERE p.eid = ${eid} AND p.id = ${paperId} FOR SHARE`);
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
}
