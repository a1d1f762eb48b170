import { sql, type SQL } from 'drizzle-orm';
import {
  AttemptEventKind,
  AttemptStatus,
  EXAM_LEAVE_GRACE_MAX_SECONDS,
  EXAM_LEAVE_GRACE_SECONDS,
  ExamStatusLabel,
} from '@portal/contract';
import type { AttemptQuestion, Db, PaperRule, Tx } from '@portal/db';
import { examTaskGiven } from '../assignment/index.ts';
import type { Learner } from '../../platform/learner.ts';

export interface TaskFilter {
  statusLabel?: number | undefined;
  keyword?: string | undefined;
  /** Only tasks the learner has a record in (started). */
  recorded: boolean;
}

/** An exam task with the learner's standing in it, and the database's now. */
export type TaskRow = {
  taskId: number;
  title: string;
  intro: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  attemptsAllowed: number;
  passScoreTenths: number;
  totalScoreTenths: number;
  screenSwitchLimit: number;
  showAnswers: boolean;
  points: number;
  creditTenths: number;
  grantsCertificate: boolean;
  admissionTicket: boolean;
  admissionPrintAt: Date | null;
  attemptsUsed: number;
  bestScoreTenths: number | null;
  passed: boolean;
  waitingForMarking: boolean;
  hasRecord: boolean;
  openAttemptId: number | null;
  statusLabel: number;
  now: Date;
};

/** An attempt's row as the calls read it, with the task's settings it follows and the database's now. */
export type AttemptRow = {
  id: number;
  eid: number;
  taskId: number;
  accountId: number;
  attemptNo: number;
  paper: AttemptQuestion[];
  totalScoreTenths: number;
  passScoreTenths: number;
  startedAt: Date;
  deadlineAt: Date;
  submittedAt: Date | null;
  submitReason: number | null;
  screenSwitches: number;
  status: number;
  objectiveScoreTenths: number | null;
  scoreTenths: number | null;
  passed: boolean | null;
  lastSeq: number;
  /** A marker who has it open (decision 048), until `claimedUntil`; `claimLive` by the database's clock. */
  claimedBy: number | null;
  claimedUntil: Date | null;
  claimLive: boolean;
  now: Date;
  /** The deadline has passed by the database's clock. */
  overdue: boolean;
  secondsLeft: number;
  // The task's settings.
  taskTitle: string;
  durationMinutes: number;
  screenSwitchLimit: number;
  showAnswers: boolean;
  partialMultiple: boolean;
  points: number;
  creditTenths: number;
  certificateTemplateId: number | null;
  attemptsAllowed: number;
  taskEndsAt: Date;
  taskOver: boolean;
  /** The learner's attempts of the task so far. */
  attemptsUsed: number;
  /** An attempt of the task (this one or another) is under way. */
  taskOpenAttempt: boolean;
};

export type AnswerRow = {
  questionId: number;
  answer: string[];
  flagged: boolean;
  seq: number;
  result: number | null;
  scoreTenths: number | null;
  markerComment: string;
};

/** One answer of a save, as the repository writes it. */
export interface AnswerWrite {
  questionId: number;
  answer: string[];
  flagged: boolean;
  seq: number;
  clientAt: string | null;
}

/** What a save did: the attempt's state at the moment, and per question whether it applied. */
export interface SaveOutcome {
  submitted: boolean;
  submitReason: number | null;
  overdue: boolean;
  deadlineAt: Date;
  serverNow: Date;
  secondsLeft: number;
  lastSeq: number;
  /** A seq of the save was more than EXAM_SEQ_STEP_MAX above lastSeq: nothing of it was stored. */
  tooFar: boolean;
  results: Array<{ questionId: number; applied: boolean; seq: number }>;
}

const SECONDS_LEFT = (deadline: SQL) => sql`GREATEST(0, floor(extract(epoch FROM (${deadline} - now()))))::int`;

/**
 * The site's grace of a leave of the exam page in seconds (individuationOptions
 * .examLeaveGraceSeconds, 0 to 60, else EXAM_LEAVE_GRACE_SECONDS), read where it is used.
 */
const LEAVE_GRACE = (eid: number) => sql`coalesce((
    SELECT LEAST(GREATEST((s.individuation_options->>'examLeaveGraceSeconds')::float8, 0), ${EXAM_LEAVE_GRACE_MAX_SECONDS})
    FROM website_settings s
    WHERE s.eid = ${eid} AND jsonb_typeof(s.individuation_options->'examLeaveGraceSeconds') = 'number'),
  ${EXAM_LEAVE_GRACE_SECONDS})::float8`;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;

/**
 * The status label of a task for a learner (decision 029), in SQL so lists filter and count by
 * it: passed; waiting for marking; an attempt under way (waiting for exam); marked and not passed
 * (failed); before the window (not started); in it (waiting for exam); after it, never started
 * (absent). A task counts from when it reached the learner: one closed before they joined is not
 * listed at all (taskSelect), so it is never their absence.
 */
const STATUS_LABEL = sql.raw(`CASE
    WHEN coalesce(r.passed, false) THEN ${ExamStatusLabel.PASSED}
    WHEN coalesce(r.waiting_for_marking, false) THEN ${ExamStatusLabel.WAITING_FOR_MARKING}
    WHEN oa.id IS NOT NULL THEN ${ExamStatusLabel.WAITING_FOR_EXAM}
    WHEN r.best_score_tenths IS NOT NULL THEN ${ExamStatusLabel.FAILED}
    WHEN now() < t.starts_at THEN ${ExamStatusLabel.NOT_STARTED}
    WHEN now() < t.ends_at THEN ${ExamStatusLabel.WAITING_FOR_EXAM}
    ELSE ${ExamStatusLabel.ABSENT} END`);

/** The columns an attempt is read with (alias a, its task t). */
const ATTEMPT_COLUMNS = sql`a.id, a.eid, a.task_id AS "taskId", a.account_id AS "accountId", a.attempt_no AS "attemptNo",
  a.paper, a.total_score_tenths AS "totalScoreTenths", a.pass_score_tenths AS "passScoreTenths", a.started_at AS "startedAt",
  a.deadline_at AS "deadlineAt", a.submitted_at AS "submittedAt", a.submit_reason AS "submitReason",
  a.screen_switches AS "screenSwitches", a.status, a.objective_score_tenths AS "objectiveScoreTenths",
  a.score_tenths AS "scoreTenths", a.passed, a.last_seq AS "lastSeq", now() AS now, a.deadline_at <= now() AS overdue,
  a.claimed_by AS "claimedBy", a.claimed_until AS "claimedUntil", coalesce(a.claimed_until > now(), false) AS "claimLive",
  ${SECONDS_LEFT(sql`a.deadline_at`)} AS "secondsLeft",
  t.title AS "taskTitle", t.duration_minutes AS "durationMinutes", t.screen_switch_limit AS "screenSwitchLimit",
  t.show_answers AS "showAnswers", t.partial_multiple AS "partialMultiple", t.points, t.credit_tenths AS "creditTenths",
  t.certificate_template_id AS "certificateTemplateId",
  t.attempts_allowed + coalesce((SELECT r.extra_attempts FROM exam_task_records r
    WHERE r.eid = a.eid AND r.task_id = a.task_id AND r.account_id = a.account_id), 0) AS "attemptsAllowed",
  t.ends_at AS "taskEndsAt", now() >= t.ends_at AS "taskOver",
  (SELECT r.attempts_used FROM exam_task_records r
    WHERE r.eid = a.eid AND r.task_id = a.task_id AND r.account_id = a.account_id) AS "attemptsUsed",
  EXISTS (SELECT 1 FROM exam_attempts o WHERE o.eid = a.eid AND o.task_id = a.task_id AND o.account_id = a.account_id
    AND o.submitted_at IS NULL) AS "taskOpenAttempt"`;

/**
 * The SQL of exams (decision 029), always by enterprise and, for a learner's calls, by account.
 * An attempt's row is the lock that orders everything done to it: a save takes it for its one
 * statement, a submit or a mark for its transaction, so a save either lands before the submit
 * (and is marked) or finds the attempt submitted (and stores nothing).
 */
export class ExamRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---- The learner's tasks ----

  private taskSelect(who: Learner) {
    return sql`
      SELECT t.id AS "taskId", t.title, t.intro, t.starts_at AS "startsAt", t.ends_at AS "endsAt",
        t.duration_minutes AS "durationMinutes",
        -- The task's attempts and those given back to this learner (re-opened, decision 049).
        t.attempts_allowed + coalesce(r.extra_attempts, 0) AS "attemptsAllowed",
        t.pass_score_tenths AS "passScoreTenths", t.screen_switch_limit AS "screenSwitchLimit",
        t.show_answers AS "showAnswers", t.points, t.credit_tenths AS "creditTenths",
        t.certificate_template_id IS NOT NULL AS "grantsCertificate", t.admission_ticket AS "admissionTicket",
        t.admission_print_at AS "admissionPrintAt",
        CASE WHEN p.mode = 2
          THEN (SELECT coalesce(sum((x->>'count')::int * (x->>'scoreTenths')::int), 0) FROM jsonb_array_elements(p.rules) x)
          ELSE (SELECT coalesce(sum(pq.score_tenths), 0) FROM exam_paper_questions pq WHERE pq.eid = t.eid AND pq.paper_id = t.paper_id)
        END::int AS "totalScoreTenths",
        coalesce(r.attempts_used, 0) AS "attemptsUsed", r.best_score_tenths AS "bestScoreTenths",
        coalesce(r.passed, false) AS passed, coalesce(r.waiting_for_marking, false) AS "waitingForMarking",
        r.account_id IS NOT NULL AS "hasRecord", oa.id AS "openAttemptId", ${STATUS_LABEL} AS "statusLabel", now() AS now
      FROM exam_tasks t
      JOIN exam_papers p ON p.eid = t.eid AND p.id = t.paper_id
      LEFT JOIN exam_task_records r ON r.eid = t.eid AND r.task_id = t.id AND r.account_id = ${who.accountId}
      LEFT JOIN LATERAL (
        SELECT a.id FROM exam_attempts a
        WHERE a.eid = t.eid AND a.task_id = t.id AND a.account_id = ${who.accountId} AND a.submitted_at IS NULL
        ORDER BY a.attempt_no DESC LIMIT 1) oa ON true
      -- A task reaches a person given it (every member, or by its assignment rules now, decision
      -- 049) from when they joined the enterprise: one whose window closed before that is none of
      -- theirs, not 缺考 (issue 19 item 11). One they have started stays theirs.
      JOIN enterprise_users eu ON eu.eid = t.eid AND eu.account_id = ${who.accountId}
      WHERE t.eid = ${who.eid} AND t.published
        AND (r.account_id IS NOT NULL OR (t.ends_at > eu.created_at AND ${examTaskGiven(sql`t`, who.eid, who.accountId)}))`;
  }

  private taskWhere(filter: TaskFilter) {
    const parts: SQL[] = [sql`true`];
    if (filter.recorded) parts.push(sql`x."hasRecord"`);
    if (filter.statusLabel !== undefined) parts.push(sql`x."statusLabel" = ${filter.statusLabel}`);
    if (filter.keyword) parts.push(sql`x.title ILIKE ${likeOf(filter.keyword)}`);
    return sql.join(parts, sql` AND `);
  }

  async findTasks(who: Learner, filter: TaskFilter, limit: number, offset: number) {
    const where = this.taskWhere(filter);
    const [page, total] = await Promise.all([
      this.db.execute<TaskRow>(sql`
        SELECT * FROM (${this.taskSelect(who)}) x WHERE ${where}
        ORDER BY x."startsAt" DESC, x."taskId" DESC LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${this.taskSelect(who)}) x WHERE ${where}`),
    ]);
    return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
  }

  /** Keyset pages of the learner's tasks for the export, newest window first. */
  async findTasksAfter(
    who: Learner,
    filter: TaskFilter,
    after: { startsAt: Date; taskId: number } | null,
    limit: number,
  ) {
    const where = this.taskWhere(filter);
    const { rows } = await this.db.execute<TaskRow>(sql`
      SELECT * FROM (${this.taskSelect(who)}) x WHERE ${where}
        ${after ? sql`AND (x."startsAt", x."taskId") < (${after.startsAt.toISOString()}::timestamptz, ${after.taskId})` : sql``}
      ORDER BY x."startsAt" DESC, x."taskId" DESC LIMIT ${limit}`);
    return rows;
  }

  async countTasks(who: Learner) {
    const { rows } = await this.db.execute<{ statusLabel: number; n: number }>(sql`
      SELECT x."statusLabel", count(*)::int AS n FROM (${this.taskSelect(who)}) x GROUP BY x."statusLabel"`);
    return rows;
  }

  async viewTask(who: Learner, taskId: number): Promise<TaskRow | null> {
    const { rows } = await this.db.execute<TaskRow>(sql`${this.taskSelect(who)} AND t.id = ${taskId}`);
    return rows[0] ?? null;
  }

  /** The learner's name and phone for an admission ticket. */
  async viewHolder(who: Learner) {
    const { rows } = await this.db.execute<{ name: string; phone: string }>(sql`
      SELECT coalesce(nullif(eu.real_name, ''), nullif(acc.real_name, ''), eu.user_name) AS name, acc.phone
      FROM enterprise_users eu JOIN accounts acc ON acc.id = eu.account_id
      WHERE eu.eid = ${who.eid} AND eu.account_id = ${who.accountId}`);
    return rows[0] ?? null;
  }

  // ---- Attempts ----

  /** A published task's rules for a start, with the database's now. */
  async lockTaskForStart(tx: Tx, who: Learner, taskId: number) {
    const { rows } = await tx.execute<{
      id: number;
      title: string;
      paperId: number;
      startsAt: Date;
      endsAt: Date;
      durationMinutes: number;
      attemptsAllowed: number;
      passScoreTenths: number;
      beforeWindow: boolean;
      afterWindow: boolean;
      mode: number;
      rules: PaperRule[];
      shuffleQuestions: boolean;
      shuffleOptions: boolean;
    }>(sql`
      SELECT t.id, t.title, t.paper_id AS "paperId", t.starts_at AS "startsAt", t.ends_at AS "endsAt",
        t.duration_minutes AS "durationMinutes", t.attempts_allowed AS "attemptsAllowed",
        t.pass_score_tenths AS "passScoreTenths", now() < t.starts_at AS "beforeWindow",
        now() >= t.ends_at AS "afterWindow", p.mode, p.rules, p.shuffle_questions AS "shuffleQuestions",
        p.shuffle_options AS "shuffleOptions"
      FROM exam_tasks t JOIN exam_papers p ON p.eid = t.eid AND p.id = t.paper_id
      WHERE t.eid = ${who.eid} AND t.id = ${taskId} AND t.published
        AND (${examTaskGiven(sql`t`, who.eid, who.accountId)}
          OR EXISTS (SELECT 1 FROM exam_task_records r
                      WHERE r.eid = t.eid AND r.task_id = t.id AND r.account_id = ${who.accountId}))
      -- Held until the start commits: an edit of the task's paper or a delete waits for it and then
      -- sees the attempt (decision 049).
      FOR KEY SHARE OF t`);
    return rows[0] ?? null;
  }

  /**
   * The learner's record of a task, made when missing and locked for the rest of the transaction:
   * starts of one learner and task (two tabs, a double click, a retried request) run one after the other.
   */
  async lockRecord(tx: Tx, who: Learner, taskId: number) {
    await tx.execute(sql`
      INSERT INTO exam_task_records (eid, task_id, account_id) VALUES (${who.eid}, ${taskId}, ${who.accountId})
      ON CONFLICT (eid, task_id, account_id) DO NOTHING`);
    const { rows } = await tx.execute<{ attemptsUsed: number; extraAttempts: number }>(sql`
      SELECT attempts_used AS "attemptsUsed", extra_attempts AS "extraAttempts" FROM exam_task_records
      WHERE eid = ${who.eid} AND task_id = ${taskId} AND account_id = ${who.accountId} FOR UPDATE`);
    return rows[0]!;
  }

  async findOpenAttempt(tx: Tx, who: Learner, taskId: number) {
    const { rows } = await tx.execute<{
      id: number;
      attemptNo: number;
      deadlineAt: Date;
      overdue: boolean;
      secondsLeft: number;
      now: Date;
    }>(sql`
      SELECT id, attempt_no AS "attemptNo", deadline_at AS "deadlineAt", deadline_at <= now() AS overdue,
        ${SECONDS_LEFT(sql`deadline_at`)} AS "secondsLeft", now() AS now
      FROM exam_attempts
      WHERE eid = ${who.eid} AND task_id = ${taskId} AND account_id = ${who.accountId} AND submitted_at IS NULL
      ORDER BY attempt_no DESC LIMIT 1`);
    return rows[0] ?? null;
  }

  /** A fixed paper's questions in order, with the score each is worth on it. */
  async findFixedQuestions(tx: Tx | Db, eid: number, paperId: number): Promise<AttemptQuestion[]> {
    const { rows } = await tx.execute<AttemptQuestion & Record<string, unknown>>(sql`
      SELECT q.id AS "questionId", q.question_type AS "questionType", q.difficulty, q.stem, q.options, q.items,
        q.answer, q.blanks, q.blanks_any_order AS "blanksAnyOrder", q.reference_answer AS "referenceAnswer", q.analysis,
        pq.score_tenths AS "scoreTenths"
      FROM exam_paper_questions pq JOIN exam_questions q ON q.eid = pq.eid AND q.id = pq.question_id
      WHERE pq.eid = ${eid} AND pq.paper_id = ${paperId}
      ORDER BY pq.sort, q.id`);
    return rows;
  }

  /** `count` questions drawn at random by one rule of a random paper, none of `exclude`, each worth the rule's score. */
  async drawQuestions(tx: Tx | Db, eid: number, rule: PaperRule, exclude: number[]): Promise<AttemptQuestion[]> {
    const { rows } = await tx.execute<AttemptQuestion & Record<string, unknown>>(sql`
      SELECT q.id AS "questionId", q.question_type AS "questionType", q.difficulty, q.stem, q.options, q.items,
        q.answer, q.blanks, q.blanks_any_order AS "blanksAnyOrder", q.reference_answer AS "referenceAnswer", q.analysis,
        ${rule.scoreTenths}::int AS "scoreTenths"
      FROM exam_questions q
      WHERE q.eid = ${eid} AND q.bank_id = ${rule.bankId} AND q.question_type = ${rule.questionType}
        ${rule.difficulty === null ? sql`` : sql`AND q.difficulty = ${rule.difficulty}`}
        AND NOT (q.id = ANY(${`{${exclude.join(',')}}`}::int[]))
      ORDER BY random() LIMIT ${rule.count}`);
    return rows;
  }

  /** Makes an attempt: the deadline min(now + duration, the task's end) by the database's clock; the start logged. */
  async createAttempt(
    tx: Tx,
    who: Learner,
    task: { id: number; durationMinutes: number; endsAt: Date; passScoreTenths: number },
    attemptNo: number,
    paper: AttemptQuestion[],
    clientAt: string | null,
  ) {
    const total = paper.reduce((n, q) => n + q.scoreTenths, 0);
    const { rows } = await tx.execute<{
      id: number;
      deadlineAt: Date;
      secondsLeft: number;
      now: Date;
    }>(sql`
      INSERT INTO exam_attempts (eid, task_id, account_id, attempt_no, paper, total_score_tenths, pass_score_tenths, deadline_at)
      SELECT ${who.eid}, ${task.id}, ${who.accountId}, ${attemptNo}, ${JSON.stringify(paper)}::jsonb, ${total},
        ${task.passScoreTenths}, LEAST(now() + make_interval(mins => ${task.durationMinutes}), t.ends_at)
      FROM exam_tasks t WHERE t.eid = ${who.eid} AND t.id = ${task.id}
      RETURNING id, deadline_at AS "deadlineAt", ${SECONDS_LEFT(sql`deadline_at`)} AS "secondsLeft", now() AS now`);
    const attempt = rows[0]!;
    await tx.execute(sql`
      UPDATE exam_task_records SET attempts_used = attempts_used + 1
      WHERE eid = ${who.eid} AND task_id = ${task.id} AND account_id = ${who.accountId}`);
    await this.logEvent(tx, who, attempt.id, AttemptEventKind.START, { attemptNo, questions: paper.length }, clientAt);
    return attempt;
  }

  /** An attempt of the learner's (null: missing, another learner's or another enterprise's); `lock` for a transaction. */
  async viewAttempt(db: Db | Tx, eid: number, attemptId: number, accountId: number | null, lock = false) {
    const { rows } = await db.execute<AttemptRow>(sql`
      SELECT ${ATTEMPT_COLUMNS}
      FROM exam_attempts a JOIN exam_tasks t ON t.eid = a.eid AND t.id = a.task_id
      WHERE a.eid = ${eid} AND a.id = ${attemptId}
        ${accountId === null ? sql`` : sql`AND a.account_id = ${accountId}`}
      ${lock ? sql`FOR NO KEY UPDATE OF a` : sql``}`);
    return rows[0] ?? null;
  }

  /** The paper snapshot of a learner's attempt (null: not theirs), for checking saves. */
  async viewAttemptPaper(who: Learner, attemptId: number) {
    const { rows } = await this.db.execute<{ paper: AttemptQuestion[] }>(sql`
      SELECT paper FROM exam_attempts WHERE eid = ${who.eid} AND id = ${attemptId} AND account_id = ${who.accountId}`);
    return rows[0]?.paper ?? null;
  }

  async findAnswers(db: Db | Tx, eid: number, attemptId: number): Promise<AnswerRow[]> {
    const { rows } = await db.execute<AnswerRow>(sql`
      SELECT question_id AS "questionId", answer, flagged, seq, result, score_tenths AS "scoreTenths",
        marker_comment AS "markerComment"
      FROM exam_answers WHERE eid = ${eid} AND attempt_id = ${attemptId}`);
    return rows;
  }

  /**
   * The page reported a leave (decision 029, issue 19 item 12): remembered with the server's time
   * (an earlier leave not yet settled keeps its time) and logged with the browser's; counted only
   * when it is settled past the grace. False when the attempt is no longer open.
   */
  async markLeft(tx: Tx, who: Learner, attemptId: number, clientAt: string | null) {
    const { rows } = await tx.execute<{ screenSwitches: number }>(sql`
      UPDATE exam_attempts SET left_at = coalesce(left_at, now())
      WHERE eid = ${who.eid} AND id = ${attemptId} AND account_id = ${who.accountId} AND submitted_at IS NULL
      RETURNING screen_switches AS "screenSwitches"`);
    const count = rows[0]?.screenSwitches;
    if (count === undefined) return false;
    await this.logEvent(tx, who, attemptId, AttemptEventKind.LEAVE, { count }, clientAt);
    return true;
  }

  /**
   * Settles the leave the page reported, if one is open (the attempt's row locked by the caller):
   * away longer than the site's grace (measured by the database's clock from the leave to now), it
   * counts as a screen switch; `returned` (the page came back, or the paper was opened again, as a
   * reload does) closes it either way, and is logged with how long the page was away and whether it
   * counted. A leave past the grace with no return yet is counted too, and logged as such
   * (LEAVE_COUNTED). Null when no leave was open (or the attempt is no longer open).
   */
  async settleLeave(tx: Tx, who: Learner, attemptId: number, returned: boolean, clientAt: string | null) {
    const { rows } = await tx.execute<{ screenSwitches: number; away: number; counted: boolean; closed: boolean }>(sql`
      WITH cur AS (
        SELECT a.id, extract(epoch FROM now() - a.left_at)::float8 AS away,
          now() - a.left_at > make_interval(secs => ${LEAVE_GRACE(who.eid)}) AS past
        FROM exam_attempts a
        WHERE a.eid = ${who.eid} AND a.id = ${attemptId} AND a.account_id = ${who.accountId}
          AND a.submitted_at IS NULL AND a.left_at IS NOT NULL
      )
      UPDATE exam_attempts a SET screen_switches = a.screen_switches + cur.past::int,
        left_at = CASE WHEN cur.past OR ${returned} THEN NULL ELSE a.left_at END
      FROM cur WHERE a.eid = ${who.eid} AND a.id = cur.id
      RETURNING a.screen_switches AS "screenSwitches", cur.away, cur.past AS counted, a.left_at IS NULL AS closed`);
    const row = rows[0];
    if (!row || !row.closed) return null;
    const away = Math.round(row.away * 10) / 10;
    const detail = { count: row.screenSwitches, awaySeconds: away, counted: row.counted };
    const kind = returned ? AttemptEventKind.RETURN : AttemptEventKind.LEAVE_COUNTED;
    await this.logEvent(tx, who, attemptId, kind, detail, returned ? clientAt : null);
    return { switches: row.screenSwitches, counted: row.counted };
  }

  async logEvent(
    db: Db | Tx,
    who: Learner,
    attemptId: number,
    kind: number,
    detail: Record<string, unknown>,
    clientAt: string | null,
    questionId: number | null = null,
  ) {
    await db.execute(sql`
      INSERT INTO exam_attempt_events (eid, attempt_id, account_id, kind, question_id, detail, client_at)
      VALUES (${who.eid}, ${attemptId}, ${who.accountId}, ${kind}, ${questionId}, ${JSON.stringify(detail)}::jsonb,
        ${clientAt}::timestamptz)`);
  }

  // ---- Submitting and marking ----

  /** Writes the marks of every question of a submitted attempt (an unanswered one gets a row with seq 0). */
  async writeMarks(
    tx: Tx,
    eid: number,
    attemptId: number,
    marks: Array<{ questionId: number; result: number | null; scoreTenths: number | null }>,
  ) {
    if (marks.length === 0) return;
    const input = JSON.stringify(marks.map((m) => ({ q: m.questionId, r: m.result, s: m.scoreTenths })));
    await tx.execute(sql`
      INSERT INTO exam_answers (eid, attempt_id, question_id, answer, seq, result, score_tenths, marked_at)
      SELECT ${eid}, ${attemptId}, m.q, '[]'::jsonb, 0, m.r, m.s, CASE WHEN m.r IS NULL THEN NULL ELSE now() END
      FROM jsonb_to_recordset(${input}::jsonb) AS m(q int, r int, s int)
      ON CONFLICT (eid, attempt_id, question_id) DO UPDATE SET result = EXCLUDED.result,
        score_tenths = EXCLUDED.score_tenths, marked_at = EXCLUDED.marked_at`);
  }

  /** Submits the locked, open attempt: when, why, its objective score and its status; an open leave settled. */
  async markSubmitted(
    tx: Tx,
    eid: number,
    attemptId: number,
    values: { reason: number; status: number; objectiveScoreTenths: number },
  ) {
    const { rows } = await tx.execute<{ submittedAt: Date }>(sql`
      UPDATE exam_attempts SET submitted_at = now(), submit_reason = ${values.reason}, status = ${values.status},
        objective_score_tenths = ${values.objectiveScoreTenths},
        -- A leave with no return, away past the grace, is a leave too (the tab closed, the sweep submits).
        screen_switches = screen_switches
          + (left_at IS NOT NULL AND now() - left_at > make_interval(secs => ${LEAVE_GRACE(eid)}))::int,
        left_at = NULL
      WHERE eid = ${eid} AND id = ${attemptId} AND submitted_at IS NULL
      RETURNING submitted_at AS "submittedAt"`);
    return rows[0] ?? null;
  }

  /** The attempt marked: its score and pass; the learner's record: the best score, passed, whether another attempt waits. */
  async completeMarking(
    tx: Tx,
    attempt: { eid: number; id: number; taskId: number; accountId: number },
    scoreTenths: number,
    passed: boolean,
  ) {
    await tx.execute(sql`
      UPDATE exam_attempts SET status = ${AttemptStatus.MARKED}, score_tenths = ${scoreTenths}, passed = ${passed},
        marked_at = now()
      WHERE eid = ${attempt.eid} AND id = ${attempt.id}`);
    await tx.execute(sql`
      UPDATE exam_task_records r SET best_score_tenths = GREATEST(r.best_score_tenths, ${scoreTenths}),
        passed = r.passed OR ${passed},
        passed_at = CASE WHEN NOT r.passed AND ${passed} THEN now() ELSE r.passed_at END,
        last_submitted_at = coalesce(r.last_submitted_at, now()),
        waiting_for_marking = EXISTS (
          SELECT 1 FROM exam_attempts a WHERE a.eid = r.eid AND a.task_id = r.task_id AND a.account_id = r.account_id
            AND a.status = ${AttemptStatus.WAITING_FOR_MARKING} AND a.id <> ${attempt.id})
      WHERE r.eid = ${attempt.eid} AND r.task_id = ${attempt.taskId} AND r.account_id = ${attempt.accountId}`);
  }

  /** The record after a submit: when, and whether an attempt now waits for marking. */
  async recordSubmit(tx: Tx, attempt: { eid: number; taskId: number; accountId: number }, waiting: boolean) {
    await tx.execute(sql`
      UPDATE exam_task_records SET last_submitted_at = now(), waiting_for_marking = waiting_for_marking OR ${waiting}
      WHERE eid = ${attempt.eid} AND task_id = ${attempt.taskId} AND account_id = ${attempt.accountId}`);
  }

  /** Which of these questions are still in the bank (the error book refers to them). */
  async existingQuestions(tx: Tx, eid: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM exam_questions WHERE eid = ${eid} AND id = ANY(${`{${ids.join(',')}}`}::int[])`);
    return new Set(rows.map((r) => r.id));
  }

  /** The site's error-book clear streak (individuationOptions.errorBookClearStreak), or null. */
  async errorBookClearStreak(tx: Tx, eid: number): Promise<number | null> {
    const { rows } = await tx.execute<{ v: string | null }>(sql`
      SELECT individuation_options->>'errorBookClearStreak' AS v FROM website_settings WHERE eid = ${eid}`);
    const n = Number(rows[0]?.v);
    return Number.isInteger(n) && n >= 1 ? n : null;
  }

  /** Writes a marker's marks of short answers. */
  async writeMarkerMarks(
    tx: Tx,
    eid: number,
    attemptId: number,
    markerId: number,
    marks: Array<{ questionId: number; result: number; scoreTenths: number; comment: string }>,
  ) {
    const input = JSON.stringify(marks.map((m) => ({ q: m.questionId, r: m.result, s: m.scoreTenths, c: m.comment })));
    await tx.execute(sql`
      INSERT INTO exam_answers (eid, attempt_id, question_id, answer, seq, result, score_tenths, marked_by, marked_at, marker_comment)
      SELECT ${eid}, ${attemptId}, m.q, '[]'::jsonb, 0, m.r, m.s, ${markerId}, now(), m.c
      FROM jsonb_to_recordset(${input}::jsonb) AS m(q int, r int, s int, c text)
      ON CONFLICT (eid, attempt_id, question_id) DO UPDATE SET result = EXCLUDED.result,
        score_tenths = EXCLUDED.score_tenths, marked_by = EXCLUDED.marked_by, marked_at = EXCLUDED.marked_at,
        marker_comment = EXCLUDED.marker_comment`);
  }

  // ---- Results and lists ----

  /** The learner's certificate and ledger row of a task. */
  async viewEarned(db: Db | Tx, who: Learner, taskId: number) {
    const { rows } = await db.execute<{
      certificateId: number | null;
      certificateNumber: string | null;
      points: number | null;
      creditTenths: number | null;
    }>(sql`
      SELECT c.id AS "certificateId", c.number AS "certificateNumber", e.points, e.credit_tenths AS "creditTenths"
      FROM (SELECT 1) one
      LEFT JOIN certificates c ON c.eid = ${who.eid} AND c.account_id = ${who.accountId} AND c.source_type = 7
        AND c.source_id = ${taskId}
      LEFT JOIN earnings e ON e.eid = ${who.eid} AND e.account_id = ${who.accountId} AND e.source_type = 7
        AND e.source_id = ${taskId}`);
    return rows[0]!;
  }

  async findAttempts(who: Learner, taskId: number | undefined, limit: number, offset: number) {
    const where = sql`a.eid = ${who.eid} AND a.account_id = ${who.accountId}
      ${taskId === undefined ? sql`` : sql`AND a.task_id = ${taskId}`}`;
    const [page, total] = await Promise.all([
      this.db.execute<AttemptRow>(sql`
        SELECT ${ATTEMPT_COLUMNS} FROM exam_attempts a JOIN exam_tasks t ON t.eid = a.eid AND t.id = a.task_id
        WHERE ${where} ORDER BY a.started_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM exam_attempts a WHERE ${where}`),
    ]);
    return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
  }

  // ---- Marking by administrators ----

  /** Attempts waiting for marking, the marker's own left out. */
  async findMarking(eid: number, markerId: number, taskId: number | undefined, limit: number, offset: number) {
    const where = sql`a.eid = ${eid} AND a.status = ${AttemptStatus.WAITING_FOR_MARKING} AND a.account_id <> ${markerId}
      ${taskId === undefined ? sql`` : sql`AND a.task_id = ${taskId}`}`;
    const [page, total] = await Promise.all([
      this.db.execute<
        AttemptRow & { learnerName: string; toMark: number; claimerName: string | null; claimedByMe: boolean }
      >(sql`
        SELECT ${ATTEMPT_COLUMNS},
          coalesce(nullif(eu.real_name, ''), eu.user_name) AS "learnerName",
          (SELECT count(*)::int FROM exam_answers e WHERE e.eid = a.eid AND e.attempt_id = a.id AND e.result IS NULL) AS "toMark",
          CASE WHEN a.claimed_until > now() AND a.claimed_by <> ${markerId} THEN
            (SELECT coalesce(nullif(c.real_name, ''), c.user_name) FROM enterprise_users c
              WHERE c.eid = a.eid AND c.account_id = a.claimed_by) END AS "claimerName",
          coalesce(a.claimed_by = ${markerId} AND a.claimed_until > now(), false) AS "claimedByMe"
        FROM exam_attempts a JOIN exam_tasks t ON t.eid = a.eid AND t.id = a.task_id
        JOIN enterprise_users eu ON eu.eid = a.eid AND eu.account_id = a.account_id
        WHERE ${where} ORDER BY a.submitted_at, a.id LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM exam_attempts a WHERE ${where}`),
    ]);
    return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
  }

  /**
   * Takes an attempt waiting for marking for the marker until `minutes` from now (decision 048):
   * free, theirs already, or another's claim run out. Null when it is not to be taken (another
   * marker has it, or it waits no more, or it is the marker's own).
   */
  async claim(eid: number, attemptId: number, markerId: number, minutes: number): Promise<Date | null> {
    const { rows } = await this.db.execute<{ until: Date }>(sql`
      UPDATE exam_attempts SET claimed_by = ${markerId}, claimed_until = now() + make_interval(mins => ${minutes})
      WHERE eid = ${eid} AND id = ${attemptId} AND status = ${AttemptStatus.WAITING_FOR_MARKING}
        AND account_id <> ${markerId}
        AND (claimed_by IS NULL OR claimed_by = ${markerId} OR claimed_until <= now())
      RETURNING claimed_until AS until`);
    return rows[0]?.until ?? null;
  }

  /**
   * Gives back the marker's claim on `after` (if any) and takes the next attempt of the queue after
   * it — or the previous one — that nobody else has open, wrapping round (decision 048). Rows another
   * transaction holds (being marked) are skipped, not waited for.
   */
  async claimNext(
    tx: Tx,
    eid: number,
    markerId: number,
    o: { after: number | null; previous: boolean; taskId: number | null; minutes: number },
  ): Promise<number | null> {
    const after = o.after ?? 0;
    const here = sql`(SELECT h.submitted_at, h.id FROM exam_attempts h WHERE h.eid = ${eid} AND h.id = ${after})`;
    const beyond = o.previous ? sql`(a.submitted_at, a.id) < ${here}` : sql`(a.submitted_at, a.id) > ${here}`;
    const order = o.previous ? sql`a.submitted_at DESC, a.id DESC` : sql`a.submitted_at, a.id`;
    const { rows } = await tx.execute<{ id: number }>(sql`
      WITH released AS (
        UPDATE exam_attempts SET claimed_by = NULL, claimed_until = NULL
         WHERE eid = ${eid} AND id = ${after} AND claimed_by = ${markerId} AND status = ${AttemptStatus.WAITING_FOR_MARKING}
         RETURNING id),
      pick AS (
        SELECT a.id FROM exam_attempts a
         WHERE a.eid = ${eid} AND a.status = ${AttemptStatus.WAITING_FOR_MARKING} AND a.account_id <> ${markerId}
           AND (a.claimed_by IS NULL OR a.claimed_by = ${markerId} OR a.claimed_until <= now())
           AND a.id <> ${after}
           ${o.taskId === null ? sql`` : sql`AND a.task_id = ${o.taskId}`}
         ORDER BY coalesce(${beyond}, true) DESC, ${order}
         LIMIT 1 FOR UPDATE SKIP LOCKED)
      UPDATE exam_attempts a SET claimed_by = ${markerId}, claimed_until = now() + make_interval(mins => ${o.minutes})
        FROM pick WHERE a.eid = ${eid} AND a.id = pick.id
      RETURNING a.id`);
    return rows[0]?.id ?? null;
  }

  async viewLearnerName(eid: number, accountId: number) {
    const { rows } = await this.db.execute<{ name: string }>(sql`
      SELECT coalesce(nullif(real_name, ''), user_name) AS name FROM enterprise_users
      WHERE eid = ${eid} AND account_id = ${accountId}`);
    return rows[0]?.name ?? '';
  }

  // ---- The sweep ----

  /**
   * Attempts of every enterprise still open `graceSeconds` past their deadline, oldest first.
   * Runs on the owner's connection (`systemDb`): the sweep is no one tenant's work, and each attempt
   * found is then submitted in its own enterprise's scope.
   */
  static async findOverdue(systemDb: Db, graceSeconds: number, limit: number) {
    const { rows } = await systemDb.execute<{ eid: number; id: number }>(sql`
      SELECT eid, id FROM exam_attempts
      WHERE submitted_at IS NULL AND deadline_at < now() - make_interval(secs => ${graceSeconds})
      ORDER BY deadline_at LIMIT ${limit}`);
    return rows;
  }
}
