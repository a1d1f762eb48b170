import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@portal/db';

/** A project's own columns as the editor writes them. */
export type ProjectValues = {
  title: string;
  summary: string;
  intro: string;
  coverUrl: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  priceFen: number;
  enrolRule: number;
  creditTenths: number;
  points: number;
  certificateTemplateId: number | null;
  visitorVisible: boolean;
  recommended: boolean;
  published: boolean;
};

/** `version`: the row's xmin, which every update of the row changes (an edit's optimistic check). */
export type ProjectRecord = ProjectValues & { id: number; seatsTaken: number; version: string };
export type StageValues = { title: string; taskIds: number[] };

const RECORD = sql`id, title, summary, intro, cover_url AS "coverUrl", starts_at AS "startsAt", ends_at AS "endsAt",
  capacity, price_fen AS "priceFen", enrol_rule AS "enrolRule", credit_tenths AS "creditTenths", points,
  certificate_template_id AS "certificateTemplateId", visitor_visible AS "visitorVisible", recommended, published,
  seats_taken AS "seatsTaken", xmin::text AS version`;

const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

function recordOf(r: ProjectRecord): ProjectRecord {
  return {
    ...r,
    id: Number(r.id),
    startsAt: new Date(r.startsAt),
    endsAt: new Date(r.endsAt),
    certificateTemplateId: r.certificateTemplateId === null ? null : Number(r.certificateTemplateId),
  };
}

/** SQL of the back office's study project editor, always by enterprise. */
export class ProjectEditorRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async project(eid: number, id: number): Promise<ProjectRecord | null> {
    const { rows } = await this.db.execute<ProjectRecord>(
      sql`SELECT ${RECORD} FROM study_projects WHERE eid = ${eid} AND id = ${id}`,
    );
    return rows[0] ? recordOf(rows[0]) : null;
  }

  /**
   * The project, locked until the transaction ends: an application takes its seat with an UPDATE
   * of this row, so the seats read here stay true until the edit commits.
   */
  static async lockProject(tx: Tx, eid: number, id: number): Promise<ProjectRecord | null> {
    const { rows } = await tx.execute<ProjectRecord>(
      sql`SELECT ${RECORD} FROM study_projects WHERE eid = ${eid} AND id = ${id} FOR UPDATE`,
    );
    return rows[0] ? recordOf(rows[0]) : null;
  }

  static async applications(db: Db | Tx, eid: number, projectId: number): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(
      // With the learners paying for it now or being refunded (decision 058): their payment must
      // find the project.
      sql`SELECT (SELECT count(*) FROM study_project_applications WHERE eid = ${eid} AND project_id = ${projectId})
        + (SELECT count(*) FROM orders WHERE eid = ${eid} AND goods_type = 2 AND goods_id = ${projectId}
            AND status IN (1, 5))::int AS n`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  static async insertProject(tx: Tx, eid: number, v: ProjectValues): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO study_projects (eid, title, summary, intro, cover_url, starts_at, ends_at, capacity, price_fen,
        enrol_rule, credit_tenths, points, certificate_template_id, visitor_visible, recommended, published)
      VALUES (${eid}, ${v.title}, ${v.summary}, ${v.intro}, ${v.coverUrl}, ${v.startsAt.toISOString()},
        ${v.endsAt.toISOString()}, ${v.capacity}, ${v.priceFen}, ${v.enrolRule}, ${v.creditTenths}, ${v.points},
        ${v.certificateTemplateId}, ${v.visitorVisible}, ${v.recommended}, ${v.published})
      RETURNING id`);
    return Number(rows[0]!.id);
  }

  static async updateProject(tx: Tx, eid: number, id: number, v: ProjectValues): Promise<void> {
    await tx.execute(sql`
      UPDATE study_projects SET title = ${v.title}, summary = ${v.summary}, intro = ${v.intro}, cover_url = ${v.coverUrl},
        starts_at = ${v.startsAt.toISOString()}, ends_at = ${v.endsAt.toISOString()}, capacity = ${v.capacity},
        price_fen = ${v.priceFen}, enrol_rule = ${v.enrolRule}, credit_tenths = ${v.creditTenths}, points = ${v.points},
        certificate_template_id = ${v.certificateTemplateId}, visitor_visible = ${v.visitorVisible},
        recommended = ${v.recommended}, published = ${v.published}
       WHERE eid = ${eid} AND id = ${id}`);
  }

  static async removeProject(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.execute(sql`DELETE FROM study_projects WHERE eid = ${eid} AND id = ${id}`);
  }

  /** The titles of those of `ids` that a stage of another project than `projectId` holds. */
  async takenTitles(eid: number, ids: number[], projectId: number | null): Promise<string[]> {
    const { rows } = await this.db.execute<{ title: string }>(sql`
      SELECT t.title FROM study_tasks t JOIN study_project_stage_tasks st ON st.eid = t.eid AND st.task_id = t.id
       WHERE t.eid = ${eid} AND t.id = ANY(${intArray(ids)}::int[])
         ${projectId === null ? sql`` : sql`AND st.project_id <> ${projectId}`}
       ORDER BY t.id`);
    return rows.map((r) => r.title);
  }

  /** The stages in order with their tasks in order. */
  static async stagesOf(db: Db | Tx, eid: number, projectId: number) {
    const { rows } = await db.execute<{
      stageId: number;
      title: string;
      taskId: number | null;
      taskTitle: string | null;
    }>(sql`
      SELECT s.id AS "stageId", s.title, t.id AS "taskId", t.title AS "taskTitle"
        FROM study_project_stages s
        LEFT JOIN study_project_stage_tasks st ON st.eid = s.eid AND st.stage_id = s.id
        LEFT JOIN study_tasks t ON t.eid = st.eid AND t.id = st.task_id
       WHERE s.eid = ${eid} AND s.project_id = ${projectId}
       ORDER BY s.position, st.position, t.id`);
    const stages: Array<{ title: string; tasks: Array<{ id: number; name: string }> }> = [];
    let last: number | null = null;
    for (const r of rows) {
      if (Number(r.stageId) !== last) {
        stages.push({ title: r.title, tasks: [] });
        last = Number(r.stageId);
      }
      if (r.taskId !== null) stages.at(-1)!.tasks.push({ id: Number(r.taskId), name: r.taskTitle ?? '' });
    }
    return stages;
  }

  /** Makes the project's stages these (new rows; the old stages and their task links go). */
  static async setStages(tx: Tx, eid: number, projectId: number, stages: StageValues[]): Promise<void> {
    await tx.execute(sql`DELETE FROM study_project_stages WHERE eid = ${eid} AND project_id = ${projectId}`);
    for (const [position, stage] of stages.entries()) {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO study_project_stages (eid, project_id, position, title)
        VALUES (${eid}, ${projectId}, ${position + 1}, ${stage.title}) RETURNING id`);
      if (stage.taskIds.length === 0) continue;
      await tx.execute(sql`
        INSERT INTO study_project_stage_tasks (eid, stage_id, task_id, project_id, position)
        SELECT ${eid}, ${Number(rows[0]!.id)}, x.id, ${projectId}, x.n::int
          FROM unnest(${intArray(stage.taskIds)}::int[]) WITH ORDINALITY AS x(id, n)`);
    }
  }

  /** The tasks named, locked against their deletion meanwhile, with the project whose stage holds each. */
  static async tasks(tx: Tx, eid: number, ids: number[]) {
    if (ids.length === 0) return [];
    const { rows } = await tx.execute<{ id: number; title: string; projectId: number | null }>(sql`
      SELECT t.id, t.title, st.project_id AS "projectId"
        FROM study_tasks t
        LEFT JOIN study_project_stage_tasks st ON st.eid = t.eid AND st.task_id = t.id
       WHERE t.eid = ${eid} AND t.id = ANY(${intArray(ids)}::int[])
       FOR SHARE OF t`);
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      projectId: r.projectId === null ? null : Number(r.projectId),
    }));
  }

  static async lecturersOf(db: Db | Tx, eid: number, projectId: number) {
    const { rows } = await db.execute<{ id: number; name: string }>(sql`
      SELECT l.id, l.name FROM study_project_lecturers pl JOIN lecturers l ON l.eid = pl.eid AND l.id = pl.lecturer_id
       WHERE pl.eid = ${eid} AND pl.project_id = ${projectId} ORDER BY pl.position, l.id`);
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  static async setLecturers(tx: Tx, eid: number, projectId: number, ids: number[]): Promise<void> {
    await tx.execute(sql`DELETE FROM study_project_lecturers WHERE eid = ${eid} AND project_id = ${projectId}`);
    if (ids.length === 0) return;
    await tx.execute(sql`
      INSERT INTO study_project_lecturers (eid, project_id, lecturer_id, position)
      SELECT ${eid}, ${projectId}, x.id, x.n::int FROM unnest(${intArray(ids)}::int[]) WITH ORDINALITY AS x(id, n)`);
  }

  /** How many of `ids` exist in the enterprise as lecturers or certificate templates. */
  static async existing(tx: Tx, eid: number, kind: 'lecturers' | 'templates', ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const table = kind === 'lecturers' ? sql`lecturers` : sql`certificate_templates`;
    const { rows } = await tx.execute<{ n: number }>(sql`
      SELECT count(DISTINCT x.id)::int AS n FROM ${table} x WHERE x.eid = ${eid} AND x.id = ANY(${intArray(ids)}::int[])`);
    return Number(rows[0]?.n ?? 0);
  }
}
