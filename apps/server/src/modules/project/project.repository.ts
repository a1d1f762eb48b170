import { sql, type SQL } from 'drizzle-orm';
import { ApplicationStatus, EarningSource, ProjectRecordLabel, ProjectState } from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import type { EnrolmentFacts } from './project.policy.ts';

/** A moment a row holds (the driver gives a Date, or text through some paths). */
type Moment = Date | string;

/** A project as lists and the project page read it. */
export interface ProjectRow {
  id: number;
  title: string;
  coverUrl: string;
  summary: string;
  startsAt: Moment;
  endsAt: Moment;
  /** ProjectState by the database's clock. */
  projectState: number;
  capacity: number;
  seatsTaken: number;
  enrolRule: number;
  admireCount: number;
  lecturerNames: string[];
  priceFen: number;
}

/** A project with the learner's application status (null: never applied). */
export interface ProjectMineRow extends ProjectRow {
  applicationStatus: number | null;
}

export interface ProjectDetailRow extends ProjectMineRow {
  intro: string;
  creditTenths: number;
  points: number;
  certificateTemplateId: number | null;
  admired: boolean;
}

export interface ApplicationRow {
  projectId: number;
  accountId: number;
  status: number;
  reason: string;
  appliedAt: Moment;
  decidedAt: Moment | null;
  completedAt: Moment | null;
}

export interface ApplicantRow extends ApplicationRow {
  userName: string;
}

/** A row of the back office's project list (/crm/projects). */
export interface AdminProjectRow {
  id: number;
  title: string;
  startsAt: Moment;
  endsAt: Moment;
  capacity: number;
  seatsTaken: number;
  enrolRule: number;
  published: boolean;
  pending: number;
  approved: number;
}

export interface StageTaskRow {
  stageId: number;
  stageTitle: string;
  taskId: number | null;
  taskTitle: string | null;
  taskType: number | null;
}

export interface ProjectFilter {
  /** One project (the public list's look-up of the enrolment page). */
  projectId?: number | undefined;
  keyword?: string | undefined;
  projectState?: number | undefined;
  /** 0: never applied. */
  applicationStatus?: number | undefined;
}

/** What a project earns its finishers (the earning's source and amounts). */
export interface ProjectEarning {
  id: number;
  title: string;
  creditTenths: number;
  points: number;
  certificateTemplateId: number | null;
}

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The project's state by the database's clock (the server is the clock). */
/** The project's state at a moment: `now()` is the transaction's start, `clock_timestamp()` the present. */
const stateAt = (moment: SQL) => sql`CASE WHEN ${moment} < p.starts_at THEN ${ProjectState.NOT_STARTED}
  WHEN ${moment} > p.ends_at THEN ${ProjectState.ENDED} ELSE ${ProjectState.UNDER_WAY} END`;
const stateOf = stateAt(sql`now()`);

const cardColumns = sql`p.id, p.title, p.cover_url AS "coverUrl", p.summary, p.starts_at AS "startsAt",
  p.ends_at AS "endsAt", (${stateOf})::int AS "projectState", p.capacity, p.seats_taken AS "seatsTaken",
  p.enrol_rule AS "enrolRule", p.admire_count AS "admireCount", p.price_fen AS "priceFen",
  ARRAY(SELECT l.name FROM study_project_lecturers pl
          JOIN lecturers l ON l.eid = pl.eid AND l.id = pl.lecturer_id AND l.published
         WHERE pl.eid = p.eid AND pl.project_id = p.id
         ORDER BY pl.position, pl.lecturer_id) AS "lecturerNames"`;

/** Recommended first, then the administrators' order, then the newest. */
const listOrder = sql`p.recommended DESC, p.sort, p.starts_at DESC, p.id DESC`;

/** The learner's application status of the project in `p`. */
const mineStatus = (who: Learner) => sql`(SELECT a.status FROM study_project_applications a
  WHERE a.eid = p.eid AND a.project_id = p.id AND a.account_id = ${who.accountId})`;

const applicationColumns = sql`a.project_id AS "projectId", a.account_id AS "accountId", a.status, a.reason,
  a.applied_at AS "appliedAt", a.decided_at AS "decidedAt", a.completed_at AS "completedAt"`;

/** Seats a status holds: pending and approved. */
const HOLDS_SEAT = [ApplicationStatus.PENDING, ApplicationStatus.APPROVED];

/**
 * SQL of study projects, their stages, lecturers, applications and admires (decisions 033 and
 * 035), always by enterprise: a learner reads only published projects of the session's enterprise,
 * so another enterprise's ids are unknown.
 */
export class ProjectRepository {
  constructor(readonly db: Db) {}

  private where(eid: number, who: Learner | null, f: ProjectFilter, visitorsOnly: boolean): SQL {
    const parts: SQL[] = [sql`p.eid = ${eid}`, sql`p.published`];
    if (visitorsOnly) parts.push(sql`p.visitor_visible`);
    if (f.projectId !== undefined) parts.push(sql`p.id = ${f.projectId}`);
    if (f.keyword) {
      const like = likeOf(f.keyword);
      parts.push(sql`(p.title ILIKE ${like} OR p.summary ILIKE ${like})`);
    }
    if (f.projectState) parts.push(sql`(${stateOf}) = ${f.projectState}`);
    if (who && f.applicationStatus !== undefined) {
      parts.push(
        f.applicationStatus === 0 ? sql`${mineStatus(who)} IS NULL` : sql`${mineStatus(who)} = ${f.applicationStatus}`,
      );
    }
    return sql.join(parts, sql` AND `);
  }

  /** The projects visitors may see (the public list, the home zone and the enrolment page). */
  async findPublicProjects(eid: number, f: ProjectFilter, offset: number, limit: number) {
    const where = this.where(eid, null, f, true);
    const [rows, total] = await Promise.all([
      this.db.execute<ProjectRow & Record<string, unknown>>(
        sql`SELECT ${cardColumns} FROM study_projects p WHERE ${where} ORDER BY ${listOrder} LIMIT ${limit} OFFSET ${offset}`,
      ),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM study_projects p WHERE ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  async findProjects(who: Learner, f: ProjectFilter, offset: number, limit: number) {
    const where = this.where(who.eid, who, f, false);
    const [rows, total] = await Promise.all([
      this.db.execute<ProjectMineRow & Record<string, unknown>>(
        sql`SELECT ${cardColumns}, ${mineStatus(who)} AS "applicationStatus"
              FROM study_projects p WHERE ${where} ORDER BY ${listOrder} LIMIT ${limit} OFFSET ${offset}`,
      ),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM study_projects p WHERE ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  async countProjects(who: Learner, f: ProjectFilter) {
    const where = this.where(who.eid, who, f, false);
    const { rows } = await this.db.execute<{ total: number; pending: number; enrolled: number; completed: number }>(sql`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE a.status = ${ApplicationStatus.PENDING})::int AS pending,
             count(*) FILTER (WHERE a.status = ${ApplicationStatus.APPROVED})::int AS enrolled,
             count(*) FILTER (WHERE a.status = ${ApplicationStatus.APPROVED} AND a.completed_at IS NOT NULL)::int AS completed
        FROM study_projects p
        LEFT JOIN study_project_applications a
          ON a.eid = p.eid AND a.project_id = p.id AND a.account_id = ${who.accountId}
       WHERE ${where}`);
    const r = rows[0];
    return {
      totalCount: r?.total ?? 0,
      pendingCount: r?.pending ?? 0,
      enrolledCount: r?.enrolled ?? 0,
      completedCount: r?.completed ?? 0,
    };
  }

  /** A published project with the learner's state of it, or null (unknown, unpublished, another enterprise's). */
  async viewProject(who: Learner, projectId: number): Promise<ProjectDetailRow | null> {
    const { rows } = await this.db.execute<ProjectDetailRow & Record<string, unknown>>(sql`
      SELECT ${cardColumns}, ${mineStatus(who)} AS "applicationStatus", p.intro,
             p.credit_tenths AS "creditTenths", p.points, p.certificate_template_id AS "certificateTemplateId",
             EXISTS (SELECT 1 FROM study_project_admires x
                      WHERE x.eid = p.eid AND x.project_id = p.id AND x.account_id = ${who.accountId}) AS admired
        FROM study_projects p
       WHERE p.eid = ${who.eid} AND p.id = ${projectId} AND p.published`);
    return rows[0] ?? null;
  }

  /** Whether a published project of the enterprise exists. */
  /** Whether the project exists (published only, unless `published: false` counts any). */
  async projectExists(
    eid: number,
    projectId: number,
    o: { published: boolean } = { published: true },
  ): Promise<boolean> {
    const { rows } = await this.db.execute(
      sql`SELECT 1 FROM study_projects WHERE eid = ${eid} AND id = ${projectId}${o.published ? sql` AND published` : sql``}`,
    );
    return rows.length > 0;
  }

  /** The stages in order with their published tasks in order (a stage without tasks: one row of nulls). */
  async findStageTasks(eid: number, projectId: number): Promise<StageTaskRow[]> {
    const { rows } = await this.db.execute<StageTaskRow & Record<string, unknown>>(sql`
      SELECT s.id AS "stageId", s.title AS "stageTitle", t.id AS "taskId", t.title AS "taskTitle", t.task_type AS "taskType"
        FROM study_project_stages s
        LEFT JOIN study_project_stage_tasks st ON st.eid = s.eid AND st.stage_id = s.id
        LEFT JOIN study_tasks t ON t.eid = st.eid AND t.id = st.task_id AND t.published
       WHERE s.eid = ${eid} AND s.project_id = ${projectId}
       ORDER BY s.position, s.id, st.position, st.task_id`);
    return rows;
  }

  /** The published task ids of each project (completion is over every task of every stage). */
  async findProjectTaskIds(q: Db | Tx, eid: number, projectIds: number[]): Promise<Map<number, number[]>> {
    const byProject = new Map<number, number[]>(projectIds.map((id) => [id, []]));
    if (projectIds.length === 0) return byProject;
    const { rows } = await q.execute<{ projectId: number; taskId: number }>(sql`
      SELECT st.project_id AS "projectId", st.task_id AS "taskId"
        FROM study_project_stage_tasks st
        JOIN study_tasks t ON t.eid = st.eid AND t.id = st.task_id AND t.published
       WHERE st.eid = ${eid} AND st.project_id IN (${sql.join(
         projectIds.map((id) => sql`${id}`),
         sql`, `,
       )})`);
    for (const r of rows) byProject.get(r.projectId)?.push(r.taskId);
    return byProject;
  }

  async findLecturers(eid: number, projectId: number, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db.execute<{
        id: number;
        name: string;
        title: string;
        organization: string;
        avatarUrl: string;
        rankId: number | null;
        rankName: string | null;
        rankNameEn: string | null;
      }>(sql`
        SELECT l.id, l.name, l.title, l.organization, l.avatar_url AS "avatarUrl", l.rank_id AS "rankId",
               r.name AS "rankName", r.name_en AS "rankNameEn"
          FROM study_project_lecturers pl
          JOIN lecturers l ON l.eid = pl.eid AND l.id = pl.lecturer_id AND l.published
          LEFT JOIN lecturer_ranks r ON r.eid = l.eid AND r.id = l.rank_id
         WHERE pl.eid = ${eid} AND pl.project_id = ${projectId}
         ORDER BY pl.position, pl.lecturer_id
         LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM study_project_lecturers pl
          JOIN lecturers l ON l.eid = pl.eid AND l.id = pl.lecturer_id AND l.published
         WHERE pl.eid = ${eid} AND pl.project_id = ${projectId}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  /**
   * Toggles the learner's admire in one transaction: the admire row and the project's count change
   * together (the count is what lists show, without counting rows on every card).
   */
  admireProject(who: Learner, projectId: number) {
    return this.db.transaction(async (tx) => {
      const removed = await tx.execute(sql`
        DELETE FROM study_project_admires
         WHERE eid = ${who.eid} AND project_id = ${projectId} AND account_id = ${who.accountId} RETURNING 1`);
      const admired = removed.rows.length === 0;
      if (admired) {
        // Of two concurrent first admires, one inserts; the other changes nothing.
        const added = await tx.execute(sql`
          INSERT INTO study_project_admires (eid, project_id, account_id) VALUES (${who.eid}, ${projectId}, ${who.accountId})
          ON CONFLICT DO NOTHING RETURNING 1`);
        if (added.rows.length === 0) return null;
      }
      const { rows } = await tx.execute<{ n: number }>(sql`
        UPDATE study_projects SET admire_count = greatest(admire_count + ${admired ? 1 : -1}, 0)
         WHERE eid = ${who.eid} AND id = ${projectId} RETURNING admire_count AS n`);
      return { admired, admireCount: rows[0]?.n ?? 0 };
    });
  }

  // ---- Applications ----

  /** The project's enrolment facts, locked by nothing: rule, dates against the database's clock. */
  async viewEnrolment(q: Db | Tx, eid: number, projectId: number) {
    const { rows } = await q.execute<{
      enrolRule: number;
      projectState: number;
      capacity: number;
      seatsTaken: number;
      priceFen: number;
    }>(sql`
      SELECT p.enrol_rule AS "enrolRule", (${stateOf})::int AS "projectState", p.capacity, p.seats_taken AS "seatsTaken",
        p.price_fen AS "priceFen"
        FROM study_projects p WHERE p.eid = ${eid} AND p.id = ${projectId} AND p.published`);
    return rows[0] ?? null;
  }

  async viewApplication(q: Db | Tx, who: Learner, projectId: number): Promise<ApplicationRow | null> {
    const { rows } = await q.execute<ApplicationRow & Record<string, unknown>>(sql`
      SELECT ${applicationColumns} FROM study_project_applications a
       WHERE a.eid = ${who.eid} AND a.project_id = ${projectId} AND a.account_id = ${who.accountId}`);
    return rows[0] ?? null;
  }

  /**
   * Writes the learner's application as `status` unless one already holds a seat: a new row, or a
   * rejected or withdrawn one made new. Null when one holds a seat (pending or approved): of two
   * concurrent applications of one learner the second waits on the first's row and writes nothing.
   */
  async upsertApplication(tx: Tx, who: Learner, projectId: number, status: number): Promise<ApplicationRow | null> {
    const decided = status === ApplicationStatus.APPROVED ? sql`now()` : sql`NULL`;
    const { rows } = await tx.execute<ApplicationRow & Record<string, unknown>>(sql`
      INSERT INTO study_project_applications AS a (eid, project_id, account_id, status, applied_at, decided_at)
      VALUES (${who.eid}, ${projectId}, ${who.accountId}, ${status}, now(), ${decided})
      ON CONFLICT (eid, project_id, account_id) DO UPDATE
        SET status = EXCLUDED.status, reason = '', applied_at = now(), decided_at = EXCLUDED.decided_at,
            decided_by = NULL, completed_at = NULL
        WHERE a.status NOT IN (${sql.join(
          HOLDS_SEAT.map((s) => sql`${s}`),
          sql`, `,
        )})
      RETURNING ${applicationColumns}`);
    return rows[0] ?? null;
  }

  /**
   * Takes a seat of a published project and answers its enrolment facts as they are under the
   * row's lock (the seats as they were before this one; its state by the clock now, after any wait
   * for the lock), or null when it is gone or unpublished.
   * Concurrent applications and the project's edits wait on the row one after another, so the
   * caller refuses on these facts (full, closed, dates) and its transaction gives the seat back.
   */
  async takeSeat(tx: Tx, eid: number, projectId: number): Promise<EnrolmentFacts | null> {
    const { rows } = await tx.execute<EnrolmentFacts & Record<string, unknown>>(sql`
      UPDATE study_projects p SET seats_taken = seats_taken + 1
       WHERE p.eid = ${eid} AND p.id = ${projectId} AND p.published
       RETURNING p.enrol_rule AS "enrolRule", (${stateAt(sql`clock_timestamp()`)})::int AS "projectState", p.capacity,
                 p.seats_taken - 1 AS "seatsTaken"`);
    return rows[0] ?? null;
  }

  /** Sets an application's status again (the project's rule changed while it was made). */
  async restatusApplication(tx: Tx, who: Learner, projectId: number, status: number): Promise<ApplicationRow> {
    const decided = status === ApplicationStatus.APPROVED ? sql`now()` : sql`NULL`;
    const { rows } = await tx.execute<ApplicationRow & Record<string, unknown>>(sql`
      UPDATE study_project_applications AS a SET status = ${status}, decided_at = ${decided}
       WHERE a.eid = ${who.eid} AND a.project_id = ${projectId} AND a.account_id = ${who.accountId}
      RETURNING ${applicationColumns}`);
    return rows[0]!;
  }

  /** Frees `n` seats at once (applications rejected together). */
  async freeSeats(tx: Tx, eid: number, projectId: number, n: number): Promise<void> {
    if (n <= 0) return;
    await tx.execute(sql`
      UPDATE study_projects SET seats_taken = greatest(seats_taken - ${n}, 0) WHERE eid = ${eid} AND id = ${projectId}`);
  }

  /** The back office's projects (published or not), latest start first, with their applications by status. */
  async findAdminProjects(
    eid: number,
    f: { keyword?: string | undefined; id?: number },
    offset: number,
    limit: number,
  ) {
    const where = sql`p.eid = ${eid}${f.keyword ? sql` AND p.title ILIKE ${likeOf(f.keyword)}` : sql``}${
      f.id === undefined ? sql`` : sql` AND p.id = ${f.id}`
    }`;
    const [rows, total] = await Promise.all([
      this.db.execute<AdminProjectRow & Record<string, unknown>>(sql`
        SELECT p.id, p.title, p.starts_at AS "startsAt", p.ends_at AS "endsAt", p.capacity,
               p.seats_taken AS "seatsTaken", p.enrol_rule AS "enrolRule", p.published,
               (SELECT count(*)::int FROM study_project_applications a
                 WHERE a.eid = p.eid AND a.project_id = p.id AND a.status = ${ApplicationStatus.PENDING}) AS pending,
               (SELECT count(*)::int FROM study_project_applications a
                 WHERE a.eid = p.eid AND a.project_id = p.id AND a.status = ${ApplicationStatus.APPROVED}) AS approved
          FROM study_projects p
         WHERE ${where}
         ORDER BY p.starts_at DESC, p.id DESC
         LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM study_projects p WHERE ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  async freeSeat(tx: Tx, eid: number, projectId: number): Promise<void> {
    await tx.execute(sql`
      UPDATE study_projects SET seats_taken = greatest(seats_taken - 1, 0) WHERE eid = ${eid} AND id = ${projectId}`);
  }

  /** Withdraws the learner's pending application; null when there is none pending. */
  async withdrawApplication(tx: Tx, who: Learner, projectId: number): Promise<ApplicationRow | null> {
    const { rows } = await tx.execute<ApplicationRow & Record<string, unknown>>(sql`
      UPDATE study_project_applications a SET status = ${ApplicationStatus.WITHDRAWN}
       WHERE a.eid = ${who.eid} AND a.project_id = ${projectId} AND a.account_id = ${who.accountId}
         AND a.status = ${ApplicationStatus.PENDING}
      RETURNING ${applicationColumns}`);
    return rows[0] ?? null;
  }

  /** Decides a pending application; null when it is not pending (decided, withdrawn) or unknown. */
  async decideApplication(
    tx: Tx,
    eid: number,
    projectId: number,
    accountId: number,
    decision: { status: number; reason: string; decidedBy: number },
  ): Promise<ApplicantRow | null> {
    const { rows } = await tx.execute<ApplicantRow & Record<string, unknown>>(sql`
      UPDATE study_project_applications a
         SET status = ${decision.status}, reason = ${decision.reason}, decided_at = now(), decided_by = ${decision.decidedBy}
        FROM enterprise_users u
       WHERE a.eid = ${eid} AND a.project_id = ${projectId} AND a.account_id = ${accountId}
         AND a.status = ${ApplicationStatus.PENDING}
         AND u.eid = a.eid AND u.account_id = a.account_id
      RETURNING ${applicationColumns}, coalesce(nullif(u.real_name, ''), u.user_name) AS "userName"`);
    return rows[0] ?? null;
  }

  async findApplicants(eid: number, projectId: number, status: number | undefined, offset: number, limit: number) {
    const where = sql`a.eid = ${eid} AND a.project_id = ${projectId}${status ? sql` AND a.status = ${status}` : sql``}`;
    const [rows, total] = await Promise.all([
      this.db.execute<ApplicantRow & Record<string, unknown>>(sql`
        SELECT ${applicationColumns}, coalesce(nullif(u.real_name, ''), u.user_name) AS "userName"
          FROM study_project_applications a
          JOIN enterprise_users u ON u.eid = a.eid AND u.account_id = a.account_id
         WHERE ${where}
         ORDER BY a.applied_at, a.account_id
         LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM study_project_applications a WHERE ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  /** The projects the learner applied to (published ones), last applied first. */
  async findAppliedProjects(who: Learner, status: number | undefined, offset: number, limit: number) {
    const where = sql`a.eid = ${who.eid} AND a.account_id = ${who.accountId} AND p.published${
      status ? sql` AND a.status = ${status}` : sql``
    }`;
    const from = sql`study_project_applications a JOIN study_projects p ON p.eid = a.eid AND p.id = a.project_id`;
    const [rows, total] = await Promise.all([
      this.db.execute<ProjectRow & { application: ApplicationRow } & Record<string, unknown>>(sql`
        SELECT ${cardColumns}, json_build_object(
                 'projectId', a.project_id, 'accountId', a.account_id, 'status', a.status, 'reason', a.reason,
                 'appliedAt', a.applied_at, 'decidedAt', a.decided_at, 'completedAt', a.completed_at) AS application
          FROM ${from} WHERE ${where}
         ORDER BY a.applied_at DESC, a.project_id DESC LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  // ---- Completion and records ----

  /**
   * The learner's approved, not yet completed application, locked for the completion: concurrent
   * evaluations of one learner's project run one after another. Null when not enrolled or done.
   */
  async lockOpenEnrolment(tx: Tx, who: Learner, projectId: number): Promise<ProjectEarning | null> {
    const { rows } = await tx.execute<ProjectEarning & Record<string, unknown>>(sql`
      SELECT p.id, p.title, p.credit_tenths AS "creditTenths", p.points, p.certificate_template_id AS "certificateTemplateId"
        FROM study_project_applications a
        JOIN study_projects p ON p.eid = a.eid AND p.id = a.project_id
       WHERE a.eid = ${who.eid} AND a.project_id = ${projectId} AND a.account_id = ${who.accountId}
         AND a.status = ${ApplicationStatus.APPROVED} AND a.completed_at IS NULL
       FOR UPDATE OF a`);
    return rows[0] ?? null;
  }

  async completeEnrolment(tx: Tx, who: Learner, projectId: number): Promise<void> {
    await tx.execute(sql`
      UPDATE study_project_applications SET completed_at = now()
       WHERE eid = ${who.eid} AND project_id = ${projectId} AND account_id = ${who.accountId}`);
  }

  /** The learner's open enrolments (approved, not completed) holding a task: 0 or 1 (a task is in one project at most). */
  async findOpenEnrolmentsHolding(who: Learner, taskId: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ projectId: number }>(sql`
      SELECT st.project_id AS "projectId"
        FROM study_project_stage_tasks st
        JOIN study_project_applications a
          ON a.eid = st.eid AND a.project_id = st.project_id AND a.account_id = ${who.accountId}
         AND a.status = ${ApplicationStatus.APPROVED} AND a.completed_at IS NULL
       WHERE st.eid = ${who.eid} AND st.task_id = ${taskId}`);
    return rows.map((r) => r.projectId);
  }

  /**
   * The learner's project records: the published projects they are enrolled in, last enrolled
   * first, with what completing earned (the ledger's row and certificate, once each).
   */
  async findRecords(
    who: Learner,
    f: { keyword?: string | undefined; statusLabel?: number | undefined },
    offset: number,
    limit: number,
  ) {
    const parts: SQL[] = [
      sql`a.eid = ${who.eid}`,
      sql`a.account_id = ${who.accountId}`,
      sql`a.status = ${ApplicationStatus.APPROVED}`,
      sql`p.published`,
    ];
    if (f.keyword) parts.push(sql`p.title ILIKE ${likeOf(f.keyword)}`);
    // The labels as the records show them (project-records.ts): completed, else learning once
    // the learner has a standing in one of the project's tasks (the task module's row), else not started.
    const started = sql`EXISTS (SELECT 1 FROM study_project_stage_tasks st
      JOIN study_task_learners tl ON tl.eid = st.eid AND tl.task_id = st.task_id AND tl.account_id = a.account_id
      WHERE st.eid = a.eid AND st.project_id = a.project_id
        AND (tl.status <> 1 OR tl.progress_percent > 0 OR tl.completed_at IS NOT NULL))`;
    if (f.statusLabel === ProjectRecordLabel.COMPLETED) parts.push(sql`a.completed_at IS NOT NULL`);
    if (f.statusLabel === ProjectRecordLabel.LEARNING) parts.push(sql`a.completed_at IS NULL AND ${started}`);
    if (f.statusLabel === ProjectRecordLabel.NOT_STARTED) parts.push(sql`a.completed_at IS NULL AND NOT ${started}`);
    const where = sql.join(parts, sql` AND `);
    const from = sql`study_project_applications a JOIN study_projects p ON p.eid = a.eid AND p.id = a.project_id`;
    const [rows, total] = await Promise.all([
      this.db.execute<{
        projectId: number;
        title: string;
        coverUrl: string;
        startsAt: Moment;
        endsAt: Moment;
        completedAt: Moment | null;
        earnedPoints: number | null;
        earnedTenths: number | null;
        certificateEarned: boolean;
      }>(sql`
        SELECT p.id AS "projectId", p.title, p.cover_url AS "coverUrl", p.starts_at AS "startsAt", p.ends_at AS "endsAt",
               a.completed_at AS "completedAt", e.points AS "earnedPoints", e.credit_tenths AS "earnedTenths",
               EXISTS (SELECT 1 FROM certificates c WHERE c.eid = a.eid AND c.account_id = a.account_id
                          AND c.source_type = ${EarningSource.STUDY_PROJECT} AND c.source_id = a.project_id) AS "certificateEarned"
          FROM ${from}
          LEFT JOIN earnings e ON e.eid = a.eid AND e.account_id = a.account_id
           AND e.source_type = ${EarningSource.STUDY_PROJECT} AND e.source_id = a.project_id
         WHERE ${where}
         ORDER BY coalesce(a.decided_at, a.applied_at) DESC, a.project_id DESC
         LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }
}
