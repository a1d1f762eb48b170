import { sql, type SQL } from 'drizzle-orm';
import { TaskResourceType } from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import { assignedTaskIds } from '../assignment/index.ts';

/** A study task as the module reads it. */
export interface TaskRow {
  id: number;
  title: string;
  coverUrl: string;
  intro: string;
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
}

export interface ItemRow {
  id: number;
  taskId: number;
  position: number;
  resourceType: number;
  resourceId: number;
  title: string;
  required: boolean;
  minScoreTenths: number | null;
  downloadCount: number;
}

/** The learner's own progress row of an item (materials: read share; coaching: confirmation). */
export interface ItemProgressRow {
  itemId: number;
  progressPercent: number;
  studySeconds: number;
  completedAt: Date | null;
  confirmedBy: number | null;
  confirmedAt: Date | null;
}

/** The learner's stored standing in a task. */
export interface StandingRow {
  status: number;
  requiredDone: number;
  requiredCount: number;
  progressPercent: number;
  completedAt: Date | null;
  missedAt: Date | null;
}

/** A material of the resource library, as items show and download it. */
export interface MaterialRow {
  id: number;
  kind: number;
  title: string;
  fileName: string;
  url: string;
}

/** One task row of the learner's lists, with their stored standing (null: never evaluated). */
export interface ListedTaskRow extends TaskRow {
  status: number | null;
  requiredDone: number | null;
  requiredCount: number | null;
  progressPercent: number | null;
  completedAt: Date | null;
  earnedCreditTenths: number | null;
  earnedPoints: number | null;
  itemCount: number;
}

export interface ListFilter {
  statusLabel?: number | undefined;
  taskType?: number | undefined;
  keyword?: string | undefined;
}

const date = (v: string | Date | null | undefined): Date | null => (v ? new Date(v) : null);

const TASK_COLUMNS = sql.raw(`t.id, t.title, t.cover_url, t.intro, t.task_type, t.ordered, t.timed, t.starts_at,
  t.ends_at, t.pass_rule, t.credit_tenths, t.points, t.certificate_template_id, t.comments_open`);

type RawTask = {
  id: number;
  title: string;
  cover_url: string;
  intro: string;
  task_type: number;
  ordered: boolean;
  timed: boolean;
  starts_at: string | Date;
  ends_at: string | Date;
  pass_rule: TaskRow['passRule'] | null;
  credit_tenths: number;
  points: number;
  certificate_template_id: number | null;
  comments_open: boolean;
};

function taskOf(r: RawTask): TaskRow {
  return {
    id: Number(r.id),
    title: r.title,
    coverUrl: r.cover_url,
    intro: r.intro,
    taskType: Number(r.task_type),
    ordered: r.ordered,
    timed: r.timed,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    passRule: r.pass_rule ?? {},
    creditTenths: Number(r.credit_tenths),
    points: Number(r.points),
    certificateTemplateId: r.certificate_template_id === null ? null : Number(r.certificate_template_id),
    commentsOpen: r.comments_open,
  };
}

type RawItem = {
  id: number;
  task_id: number;
  position: number;
  resource_type: number;
  resource_id: number;
  title: string;
  required: boolean;
  min_score_tenths: number | null;
  download_count: number;
};

const itemOf = (r: RawItem): ItemRow => ({
  id: Number(r.id),
  taskId: Number(r.task_id),
  position: Number(r.position),
  resourceType: Number(r.resource_type),
  resourceId: Number(r.resource_id),
  title: r.title,
  required: r.required,
  minScoreTenths: r.min_score_tenths === null ? null : Number(r.min_score_tenths),
  downloadCount: Number(r.download_count),
});

type RawProgress = {
  item_id: number;
  progress_percent: number;
  study_seconds: number;
  completed_at: string | Date | null;
  confirmed_by: number | null;
  confirmed_at: string | Date | null;
};

const progressOf = (r: RawProgress): ItemProgressRow => ({
  itemId: Number(r.item_id),
  progressPercent: Number(r.progress_percent),
  studySeconds: Number(r.study_seconds),
  completedAt: date(r.completed_at),
  confirmedBy: r.confirmed_by === null ? null : Number(r.confirmed_by),
  confirmedAt: date(r.confirmed_at),
});

type RawStanding = {
  status: number;
  required_done: number;
  required_count: number;
  progress_percent: number;
  completed_at: string | Date | null;
  missed_at: string | Date | null;
};

const standingOf = (r: RawStanding): StandingRow => ({
  status: Number(r.status),
  requiredDone: Number(r.required_done),
  requiredCount: Number(r.required_count),
  progressPercent: Number(r.progress_percent),
  completedAt: date(r.completed_at),
  missedAt: date(r.missed_at),
});

type RawMaterial = { id: number; kind: number; title: string; file_name: string; url: string };

const materialOf = (r: RawMaterial): MaterialRow => ({
  id: Number(r.id),
  kind: Number(r.kind),
  title: r.title,
  fileName: r.file_name,
  url: r.url,
});

/** What `viewQuietState` reads in one statement. */
export interface QuietState {
  task: TaskRow;
  items: ItemRow[];
  progress: ItemProgressRow[];
  standing: StandingRow | null;
  marked: boolean;
  materials: Map<number, MaterialRow>;
  now: Date;
}

/**
 * The status a listed task shows from the stored row, by the database's clock: a timed task past
 * its end that never completed is missed even before anyone re-evaluated it; a task never
 * evaluated for the learner has not started.
 */
const LISTED_STATUS = sql`CASE
  WHEN l.completed_at IS NULL AND t.timed AND t.ends_at <= now() THEN 9
  WHEN l.status IS NULL THEN 1
  ELSE l.status END`;

/** The study tasks module's SQL, always by enterprise. */
export class TaskRepository {
  constructor(private readonly db: Db) {}

  /** The platform's database, for reads outside a transaction. */
  get database(): Db {
    return this.db;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** A published task assigned to the learner now, or null (another enterprise's, unassigned, missing). */
  async viewAssignedTask(db: Db | Tx, who: Learner, taskId: number): Promise<TaskRow | null> {
    const { rows } = await db.execute<RawTask>(sql`
      SELECT ${TASK_COLUMNS} FROM study_tasks t
       WHERE t.eid = ${who.eid} AND t.id = ${taskId} AND t.published
         AND t.id IN ${assignedTaskIds(who.eid, who.accountId)}`);
    return rows[0] ? taskOf(rows[0]) : null;
  }

  /** A task of the enterprise (published or not), for administrators. */
  async viewTask(eid: number, taskId: number): Promise<TaskRow | null> {
    const { rows } = await this.db.execute<RawTask>(sql`
      SELECT ${TASK_COLUMNS} FROM study_tasks t WHERE t.eid = ${eid} AND t.id = ${taskId}`);
    return rows[0] ? taskOf(rows[0]) : null;
  }

  /** A task of the enterprise by id, in a transaction (events re-evaluate tasks the learner may have left). */
  static async viewTaskIn(tx: Tx, eid: number, taskId: number): Promise<TaskRow | null> {
    const { rows } = await tx.execute<RawTask>(sql`
      SELECT ${TASK_COLUMNS} FROM study_tasks t WHERE t.eid = ${eid} AND t.id = ${taskId}`);
    return rows[0] ? taskOf(rows[0]) : null;
  }

  static async findItems(db: Db | Tx, eid: number, taskId: number): Promise<ItemRow[]> {
    const { rows } = await db.execute<RawItem>(sql`
      SELECT id, task_id, position, resource_type, resource_id, title, required, min_score_tenths, download_count
        FROM study_task_items WHERE eid = ${eid} AND task_id = ${taskId} ORDER BY position, id`);
    return rows.map(itemOf);
  }

  static async findItemProgress(
    db: Db | Tx,
    eid: number,
    accountId: number,
    taskId: number,
  ): Promise<ItemProgressRow[]> {
    const { rows } = await db.execute<RawProgress>(sql`
      SELECT item_id, progress_percent, study_seconds, completed_at, confirmed_by, confirmed_at
        FROM study_task_item_progress WHERE eid = ${eid} AND account_id = ${accountId} AND task_id = ${taskId}`);
    return rows.map(progressOf);
  }

  /**
   * The learner's standing row, made if missing, locked until the transaction ends: every
   * re-evaluation of one learner's task runs one after another, so completion earns once.
   */
  static async lockStanding(tx: Tx, eid: number, accountId: number, taskId: number): Promise<StandingRow> {
    await tx.execute(sql`
      INSERT INTO study_task_learners (eid, task_id, account_id, status)
      VALUES (${eid}, ${taskId}, ${accountId}, 1) ON CONFLICT DO NOTHING`);
    const { rows } = await tx.execute<RawStanding>(sql`
      SELECT status, required_done, required_count, progress_percent, completed_at, missed_at
        FROM study_task_learners WHERE eid = ${eid} AND task_id = ${taskId} AND account_id = ${accountId}
         FOR UPDATE`);
    return standingOf(rows[0]!);
  }

  /**
   * Everything a quiet read of one learner's task needs (the task page, the player, a save below
   * 100), in one statement (issue 20's page target: one round trip instead of five): the task if it
   * is published and assigned to the learner now, its items in order, the learner's progress, stored
   * standing (null: never evaluated) and mark, the materials its items show, and the database's
   * clock. Null when the task is not the learner's. The owners' records (courses, exams…) are read
   * after it, through their modules' front doors.
   */
  static async viewQuietState(db: Db, who: Learner, taskId: number): Promise<QuietState | null> {
    const { rows } = await db.execute<
      RawTask & {
        now: string | Date;
        items: RawItem[] | null;
        progress: RawProgress[] | null;
        standing: RawStanding | null;
        marked: boolean;
        materials: RawMaterial[] | null;
      }
    >(sql`
      SELECT ${TASK_COLUMNS}, now() AS now,
        (SELECT json_agg(json_build_object('id', i.id, 'task_id', i.task_id, 'position', i.position,
                  'resource_type', i.resource_type, 'resource_id', i.resource_id, 'title', i.title,
                  'required', i.required, 'min_score_tenths', i.min_score_tenths, 'download_count', i.download_count)
                  ORDER BY i.position, i.id)
           FROM study_task_items i WHERE i.eid = t.eid AND i.task_id = t.id) AS items,
        (SELECT json_agg(json_build_object('item_id', p.item_id, 'progress_percent', p.progress_percent,
                  'study_seconds', p.study_seconds, 'completed_at', p.completed_at,
                  'confirmed_by', p.confirmed_by, 'confirmed_at', p.confirmed_at))
           FROM study_task_item_progress p
          WHERE p.eid = t.eid AND p.account_id = ${who.accountId} AND p.task_id = t.id) AS progress,
        (SELECT json_build_object('status', l.status, 'required_done', l.required_done,
                  'required_count', l.required_count, 'progress_percent', l.progress_percent,
                  'completed_at', l.completed_at, 'missed_at', l.missed_at)
           FROM study_task_learners l
          WHERE l.eid = t.eid AND l.task_id = t.id AND l.account_id = ${who.accountId}) AS standing,
        EXISTS (SELECT 1 FROM study_task_marks k
                 WHERE k.eid = t.eid AND k.task_id = t.id AND k.account_id = ${who.accountId}) AS marked,
        (SELECT json_agg(json_build_object('id', m.id, 'kind', m.kind, 'title', m.title,
                  'file_name', m.file_name, 'url', m.url))
           FROM resource_materials m
          WHERE m.eid = t.eid AND m.id IN (SELECT i.resource_id FROM study_task_items i
                                            WHERE i.eid = t.eid AND i.task_id = t.id
                                              AND i.resource_type = ${TaskResourceType.MATERIAL})) AS materials
        FROM study_tasks t
       WHERE t.eid = ${who.eid} AND t.id = ${taskId} AND t.published
         AND t.id IN ${assignedTaskIds(who.eid, who.accountId)}`);
    const r = rows[0];
    if (!r) return null;
    return {
      task: taskOf(r),
      items: (r.items ?? []).map(itemOf),
      progress: (r.progress ?? []).map(progressOf),
      standing: r.standing ? standingOf(r.standing) : null,
      marked: r.marked,
      materials: new Map((r.materials ?? []).map((m) => [Number(m.id), materialOf(m)])),
      now: new Date(r.now),
    };
  }

  static async writeStanding(
    tx: Tx,
    eid: number,
    accountId: number,
    taskId: number,
    s: StandingRow,
    studied: boolean,
  ): Promise<void> {
    await tx.execute(sql`
      UPDATE study_task_learners SET status = ${s.status}, required_done = ${s.requiredDone},
        required_count = ${s.requiredCount}, progress_percent = ${s.progressPercent},
        completed_at = ${s.completedAt}, missed_at = ${s.missedAt}
        ${studied ? sql`, last_studied_at = now()` : sql``}
       WHERE eid = ${eid} AND task_id = ${taskId} AND account_id = ${accountId}`);
  }

  /** The database's clock (every rule of time here is the server's). */
  static async now(tx: Tx): Promise<Date> {
    const { rows } = await tx.execute<{ now: string | Date }>(sql`SELECT now() AS now`);
    return new Date(rows[0]!.now);
  }

  /** Keeps the larger share of a material item; done (completedAt) from the first 100. */
  async saveMaterialProgress(
    tx: Tx,
    who: Learner,
    item: ItemRow,
    percent: number,
    studySeconds: number,
  ): Promise<void> {
    await tx.execute(sql`
      INSERT INTO study_task_item_progress (eid, item_id, account_id, task_id, progress_percent, study_seconds, completed_at)
      VALUES (${who.eid}, ${item.id}, ${who.accountId}, ${item.taskId}, ${percent}, ${studySeconds},
              ${percent >= 100 ? sql`now()` : sql`NULL`})
      ON CONFLICT (eid, item_id, account_id) DO UPDATE SET
        progress_percent = GREATEST(study_task_item_progress.progress_percent, EXCLUDED.progress_percent),
        study_seconds = study_task_item_progress.study_seconds + EXCLUDED.study_seconds,
        completed_at = COALESCE(study_task_item_progress.completed_at, EXCLUDED.completed_at),
        updated_at = now()`);
  }

  /** The mentor's confirmation of a step (the first one stands). */
  async confirmStep(tx: Tx, eid: number, learnerId: number, item: ItemRow, mentorId: number): Promise<void> {
    await tx.execute(sql`
      INSERT INTO study_task_item_progress (eid, item_id, account_id, task_id, confirmed_by, confirmed_at)
      VALUES (${eid}, ${item.id}, ${learnerId}, ${item.taskId}, ${mentorId}, now())
      ON CONFLICT (eid, item_id, account_id) DO UPDATE SET
        confirmed_by = COALESCE(study_task_item_progress.confirmed_by, EXCLUDED.confirmed_by),
        confirmed_at = COALESCE(study_task_item_progress.confirmed_at, EXCLUDED.confirmed_at),
        updated_at = now()`);
  }

  async findMaterials(db: Db | Tx, eid: number, ids: number[]): Promise<Map<number, MaterialRow>> {
    const found = new Map<number, MaterialRow>();
    if (ids.length === 0) return found;
    const { rows } = await db.execute<RawMaterial>(sql`
      SELECT id, kind, title, file_name, url FROM resource_materials
       WHERE eid = ${eid} AND id = ANY(${intArray(ids)}::int[])`);
    for (const r of rows) found.set(Number(r.id), materialOf(r));
    return found;
  }

  async countDownloads(eid: number, itemIds: number[]): Promise<void> {
    if (itemIds.length === 0) return;
    await this.db.execute(sql`
      UPDATE study_task_items SET download_count = download_count + 1
       WHERE eid = ${eid} AND id = ANY(${intArray(itemIds)}::int[])`);
  }

  /** The item of a task by id, or null. */
  async viewItem(eid: number, itemId: number): Promise<ItemRow | null> {
    const { rows } = await this.db.execute<{ task_id: number }>(sql`
      SELECT task_id FROM study_task_items WHERE eid = ${eid} AND id = ${itemId}`);
    if (!rows[0]) return null;
    const items = await TaskRepository.findItems(this.db, eid, Number(rows[0].task_id));
    return items.find((i) => i.id === itemId) ?? null;
  }

  // ---- lists --------------------------------------------------------------------------------

  private listWhere(who: Learner, f: ListFilter): SQL {
    const parts: SQL[] = [
      sql`t.eid = ${who.eid}`,
      sql`t.published`,
      sql`t.id IN ${assignedTaskIds(who.eid, who.accountId)}`,
    ];
    if (f.taskType !== undefined) parts.push(sql`t.task_type = ${f.taskType}`);
    if (f.keyword) parts.push(sql`t.title ILIKE ${`%${escapeLike(f.keyword)}%`}`);
    if (f.statusLabel !== undefined) parts.push(sql`${LISTED_STATUS} = ${f.statusLabel}`);
    return sql.join(parts, sql` AND `);
  }

  private listFrom(who: Learner): SQL {
    return sql`study_tasks t
      LEFT JOIN study_task_learners l ON l.eid = t.eid AND l.task_id = t.id AND l.account_id = ${who.accountId}
      LEFT JOIN earnings e ON e.eid = t.eid AND e.account_id = ${who.accountId} AND e.source_type = 5 AND e.source_id = t.id`;
  }

  async findTasks(who: Learner, f: ListFilter, offset: number, limit: number) {
    const where = this.listWhere(who, f);
    const from = this.listFrom(who);
    const [list, total] = await Promise.all([
      this.db.execute<
        RawTask & {
          status: number;
          required_done: number | null;
          required_count: number | null;
          progress_percent: number | null;
          completed_at: string | Date | null;
          earned_credit_tenths: number | null;
          earned_points: number | null;
          item_count: number;
        }
      >(sql`
        SELECT ${TASK_COLUMNS}, ${LISTED_STATUS} AS status, l.required_done, l.required_count, l.progress_percent,
               l.completed_at, e.credit_tenths AS earned_credit_tenths, e.points AS earned_points,
               (SELECT COALESCE(NULLIF(count(*) FILTER (WHERE i.required), 0), count(*))::int
                  FROM study_task_items i WHERE i.eid = t.eid AND i.task_id = t.id) AS item_count
          FROM ${from} WHERE ${where}
         ORDER BY t.starts_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
    ]);
    return {
      rows: list.rows.map((r): ListedTaskRow => ({
        ...taskOf(r),
        status: Number(r.status),
        requiredDone: r.required_done === null ? null : Number(r.required_done),
        requiredCount: r.required_count === null ? null : Number(r.required_count),
        progressPercent: r.progress_percent === null ? null : Number(r.progress_percent),
        completedAt: date(r.completed_at),
        earnedCreditTenths: r.earned_credit_tenths === null ? null : Number(r.earned_credit_tenths),
        earnedPoints: r.earned_points === null ? null : Number(r.earned_points),
        itemCount: Number(r.item_count),
      })),
      total: Number(total.rows[0]?.n ?? 0),
    };
  }

  /** Tasks by listed status (the badges). */
  async countByStatus(who: Learner, f: ListFilter): Promise<Map<number, number>> {
    const { rows } = await this.db.execute<{ status: number; n: number }>(sql`
      SELECT ${LISTED_STATUS} AS status, count(*)::int AS n FROM ${this.listFrom(who)}
       WHERE ${this.listWhere(who, { ...f, statusLabel: undefined })} GROUP BY 1`);
    return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  }

  /** What the learner earned from tasks (the ledger's source type 5). */
  async earnedFromTasks(who: Learner): Promise<{ creditTenths: number; points: number }> {
    const { rows } = await this.db.execute<{ credit: number; points: number }>(sql`
      SELECT COALESCE(sum(credit_tenths), 0)::int AS credit, COALESCE(sum(points), 0)::int AS points
        FROM earnings WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND source_type = 5`);
    return { creditTenths: Number(rows[0]?.credit ?? 0), points: Number(rows[0]?.points ?? 0) };
  }

  /** The learner's tasks (assigned now) holding a resource, for re-evaluation on a learning event. */
  async findTaskIdsHolding(tx: Tx, who: Learner, resourceTypes: number[], resourceId: number): Promise<number[]> {
    const { rows } = await tx.execute<{ task_id: number }>(sql`
      SELECT DISTINCT i.task_id FROM study_task_items i
        JOIN study_tasks t ON t.eid = i.eid AND t.id = i.task_id AND t.published
       WHERE i.eid = ${who.eid} AND i.resource_type = ANY(${intArray(resourceTypes)}::int[])
         AND i.resource_id = ${resourceId}
         AND i.task_id IN ${assignedTaskIds(who.eid, who.accountId)}`);
    return rows.map((r) => Number(r.task_id));
  }

  async certificateOf(who: Learner, taskId: number): Promise<number | null> {
    const { rows } = await this.db.execute<{ id: number }>(sql`
      SELECT id FROM certificates
       WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND source_type = 5 AND source_id = ${taskId}`);
    return rows[0] ? Number(rows[0].id) : null;
  }

  // ---- marks and comments ------------------------------------------------------------------

  async isMarked(who: Learner, taskId: number): Promise<boolean> {
    const { rows } = await this.db.execute(sql`
      SELECT 1 FROM study_task_marks WHERE eid = ${who.eid} AND task_id = ${taskId} AND account_id = ${who.accountId}`);
    return rows.length > 0;
  }

  async setMark(who: Learner, taskId: number, marked: boolean): Promise<void> {
    await this.db.execute(
      marked
        ? sql`INSERT INTO study_task_marks (eid, task_id, account_id) VALUES (${who.eid}, ${taskId}, ${who.accountId})
              ON CONFLICT DO NOTHING`
        : sql`DELETE FROM study_task_marks WHERE eid = ${who.eid} AND task_id = ${taskId} AND account_id = ${who.accountId}`,
    );
  }

  async findComments(eid: number, taskId: number, offset: number, limit: number) {
    const [list, total] = await Promise.all([
      this.db.execute<CommentRaw>(sql`
        SELECT c.id, c.account_id, c.content, c.created_at, u.real_name, u.user_name, u.head_portrait
          FROM study_task_comments c
          JOIN enterprise_users u ON u.eid = c.eid AND u.account_id = c.account_id
         WHERE c.eid = ${eid} AND c.task_id = ${taskId} AND NOT c.hidden
         ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`),
      // Comments an administrator hid are left out (decision 043).
      this.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM study_task_comments WHERE eid = ${eid} AND task_id = ${taskId} AND NOT hidden`),
    ]);
    return { rows: list.rows.map(commentOf), total: Number(total.rows[0]?.n ?? 0) };
  }

  async saveComment(who: Learner, taskId: number, content: string) {
    const { rows } = await this.db.execute<CommentRaw>(sql`
      WITH c AS (
        INSERT INTO study_task_comments (eid, task_id, account_id, content)
        VALUES (${who.eid}, ${taskId}, ${who.accountId}, ${content}) RETURNING *)
      SELECT c.id, c.account_id, c.content, c.created_at, u.real_name, u.user_name, u.head_portrait
        FROM c JOIN enterprise_users u ON u.eid = c.eid AND u.account_id = c.account_id`);
    return commentOf(rows[0]!);
  }

  async viewComment(eid: number, id: number): Promise<{ id: number; accountId: number } | null> {
    const { rows } = await this.db.execute<{ id: number; account_id: number }>(sql`
      SELECT id, account_id FROM study_task_comments WHERE eid = ${eid} AND id = ${id} AND NOT hidden`);
    return rows[0] ? { id: Number(rows[0].id), accountId: Number(rows[0].account_id) } : null;
  }

  async deleteComment(who: Learner, id: number): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM study_task_comments WHERE eid = ${who.eid} AND id = ${id} AND account_id = ${who.accountId}`);
  }

  // ---- coaching ----------------------------------------------------------------------------

  /** The mentor of a learner in a task, or null. */
  async mentorOf(db: Db | Tx, eid: number, taskId: number, learnerId: number): Promise<Person | null> {
    const { rows } = await db.execute<PersonRaw>(sql`
      SELECT u.account_id, u.real_name, u.user_name, u.head_portrait FROM study_task_mentors m
        JOIN enterprise_users u ON u.eid = m.eid AND u.account_id = m.mentor_id
       WHERE m.eid = ${eid} AND m.task_id = ${taskId} AND m.learner_id = ${learnerId}`);
    return rows[0] ? personOf(rows[0]) : null;
  }

  /** Coaching relations where `accountId` is the coached learner or the mentor, with standings. */
  async findCoachingRelations(who: Learner, as: 'learner' | 'mentor') {
    const side = as === 'learner' ? sql`m.learner_id` : sql`m.mentor_id`;
    const { rows } = await this.db.execute<
      {
        task_id: number;
        title: string;
        timed: boolean;
        ends_at: string | Date;
        status: number | null;
        required_done: number | null;
        required_count: number | null;
        progress_percent: number | null;
        completed_at: string | Date | null;
        confirmed: number;
        item_count: number;
      } & { [K in `l_${keyof PersonRaw}` | `m_${keyof PersonRaw}`]: PersonRaw[keyof PersonRaw] }
    >(sql`
      SELECT t.id AS task_id, t.title, t.timed, t.ends_at, l.status, l.required_done, l.required_count,
             l.progress_percent, l.completed_at,
             lu.account_id AS l_account_id, lu.real_name AS l_real_name, lu.user_name AS l_user_name,
             lu.head_portrait AS l_head_portrait,
             mu.account_id AS m_account_id, mu.real_name AS m_real_name, mu.user_name AS m_user_name,
             mu.head_portrait AS m_head_portrait,
             (SELECT count(*)::int FROM study_task_item_progress p
               WHERE p.eid = m.eid AND p.task_id = m.task_id AND p.account_id = m.learner_id
                 AND p.confirmed_at IS NOT NULL) AS confirmed,
             (SELECT count(*)::int FROM study_task_items i WHERE i.eid = m.eid AND i.task_id = m.task_id) AS item_count
        FROM study_task_mentors m
        JOIN study_tasks t ON t.eid = m.eid AND t.id = m.task_id AND t.published
        JOIN enterprise_users lu ON lu.eid = m.eid AND lu.account_id = m.learner_id
        JOIN enterprise_users mu ON mu.eid = m.eid AND mu.account_id = m.mentor_id
        LEFT JOIN study_task_learners l ON l.eid = m.eid AND l.task_id = m.task_id AND l.account_id = m.learner_id
       WHERE m.eid = ${who.eid} AND ${side} = ${who.accountId}
       ORDER BY t.starts_at DESC, t.id DESC, m.learner_id
       LIMIT 500`);
    return rows.map((r) => ({
      taskId: Number(r.task_id),
      taskTitle: r.title,
      missedNow: r.completed_at === null && r.timed && new Date(r.ends_at).getTime() <= Date.now(),
      status: r.status === null ? null : Number(r.status),
      requiredDone: Number(r.required_done ?? 0),
      requiredCount: Number(r.required_count ?? 0),
      progressPercent: Number(r.progress_percent ?? 0),
      completedAt: date(r.completed_at),
      confirmedCount: Number(r.confirmed),
      itemCount: Number(r.item_count),
      learner: personOf({
        account_id: Number(r.l_account_id),
        real_name: String(r.l_real_name ?? ''),
        user_name: String(r.l_user_name ?? ''),
        head_portrait: String(r.l_head_portrait ?? ''),
      }),
      mentor: personOf({
        account_id: Number(r.m_account_id),
        real_name: String(r.m_real_name ?? ''),
        user_name: String(r.m_user_name ?? ''),
        head_portrait: String(r.m_head_portrait ?? ''),
      }),
    }));
  }

  async viewPerson(eid: number, accountId: number): Promise<Person | null> {
    const { rows } = await this.db.execute<PersonRaw>(sql`
      SELECT account_id, real_name, user_name, head_portrait FROM enterprise_users
       WHERE eid = ${eid} AND account_id = ${accountId}`);
    return rows[0] ? personOf(rows[0]) : null;
  }

  // ---- assignment (administrators) ---------------------------------------------------------

  /** How many of `ids` exist in the enterprise as the target type. */
  async countTargets(eid: number, targetType: number, ids: number[]): Promise<number> {
    const table =
      targetType === 1
        ? sql`SELECT count(*)::int AS n FROM enterprise_users WHERE eid = ${eid} AND account_id = ANY(${intArray(ids)}::int[])`
        : targetType === 2
          ? sql`SELECT count(*)::int AS n FROM departments WHERE eid = ${eid} AND id = ANY(${intArray(ids)}::int[])`
          : sql`SELECT count(*)::int AS n FROM tags WHERE eid = ${eid} AND id = ANY(${intArray(ids)}::int[])`;
    const { rows } = await this.db.execute<{ n: number }>(table);
    return Number(rows[0]?.n ?? 0);
  }

  /** The targets of one type a task is assigned to now (the audit log's before and after). */
  static async findTargets(tx: Tx, eid: number, taskId: number, targetType: number): Promise<number[]> {
    const { rows } = await tx.execute<{ target_id: number }>(sql`
      SELECT target_id FROM study_task_assignments
       WHERE eid = ${eid} AND task_id = ${taskId} AND target_type = ${targetType} ORDER BY target_id`);
    return rows.map((r) => Number(r.target_id));
  }

  static async assign(tx: Tx, eid: number, taskId: number, targetType: number, ids: number[]): Promise<number> {
    const { rows } = await tx.execute(sql`
      INSERT INTO study_task_assignments (eid, task_id, target_type, target_id)
      SELECT ${eid}, ${taskId}, ${targetType}, x FROM unnest(${intArray(ids)}::int[]) AS x
      ON CONFLICT DO NOTHING RETURNING target_id`);
    return rows.length;
  }

  static async unassign(tx: Tx, eid: number, taskId: number, targetType: number, ids: number[]): Promise<number> {
    const { rows } = await tx.execute(sql`
      DELETE FROM study_task_assignments
       WHERE eid = ${eid} AND task_id = ${taskId} AND target_type = ${targetType}
         AND target_id = ANY(${intArray(ids)}::int[]) RETURNING target_id`);
    return rows.length;
  }
}

type CommentRaw = {
  id: number;
  account_id: number;
  content: string;
  created_at: string | Date;
  real_name: string;
  user_name: string;
  head_portrait: string;
};

export interface CommentRow {
  id: number;
  accountId: number;
  content: string;
  createdAt: Date;
  name: string;
  headPortrait: string;
}

function commentOf(r: CommentRaw): CommentRow {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    content: r.content,
    createdAt: new Date(r.created_at),
    name: r.real_name || r.user_name,
    headPortrait: r.head_portrait,
  };
}

type PersonRaw = { account_id: number; real_name: string; user_name: string; head_portrait: string };

export interface Person {
  accountId: number;
  name: string;
  headPortrait: string;
}

function personOf(r: PersonRaw): Person {
  return { accountId: Number(r.account_id), name: r.real_name || r.user_name, headPortrait: r.head_portrait };
}

/** A PostgreSQL int[] literal of whole numbers (bound as one parameter). */
export function intArray(ids: number[]): string {
  return `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
