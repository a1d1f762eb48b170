import type pg from 'pg';
import { AttemptEventKind, EXAM_SEQ_STEP_MAX } from '@portal/contract';
import { withTenant } from '@portal/db';
import { Batcher } from '../../platform/batcher.ts';
import type { Learner } from '../../platform/learner.ts';
import type { AnswerWrite, SaveOutcome } from './exam.repository.ts';

/** One save waiting for its batch: a learner's answers to one attempt. */
interface Pending {
  who: Learner;
  attemptId: number;
  answers: AnswerWrite[];
  resolve: (outcome: SaveOutcome | null) => void;
  reject: (err: unknown) => void;
}

type Row = {
  attemptId: number;
  submitted: boolean;
  submitReason: number | null;
  overdue: boolean;
  deadlineAt: Date;
  serverNow: Date;
  secondsLeft: number;
  lastSeq: number;
  tooFar: boolean;
  applied: Array<{ q: number; s: number }>;
  stored: Array<{ q: number; s: number }>;
};

// One named statement for a batch of saves of one enterprise (decision 029, 028): the attempts'
// rows are locked (a submit holding one is waited for, then seen), each answer is written only
// while its attempt is the learner's, open and before its deadline, and only if its seq is above
// the stored one of its question (ordered and idempotent) and only if no answer of the save is more
// than EXAM_SEQ_STEP_MAX above the attempt's lastSeq (a save of seq 2147483647 would fix lastSeq at
// the top of the range, and the page, continuing after it, could save nothing more: issue 19 item
// 10); each applied answer is logged; each attempt's lastSeq rises. A batch never holds two saves of one attempt (the Batcher's key), so
// the answers of one statement never meet twice and two batches never wait for each other.
const SAVE = {
  name: 'exam_answers_save',
  text: `
    WITH input AS (
      SELECT * FROM jsonb_to_recordset($2::jsonb)
        AS i(attempt_id int, account_id int, question_id int, answer jsonb, flagged boolean, seq int, client_at timestamptz)
    ), att AS (
      SELECT a.id, a.account_id, a.submitted_at, a.submit_reason, a.deadline_at, a.deadline_at <= now() AS overdue, a.last_seq,
        (SELECT max(i.seq) FROM input i WHERE i.attempt_id = a.id) > a.last_seq::bigint + ${EXAM_SEQ_STEP_MAX} AS too_far
      FROM exam_attempts a
      WHERE a.eid = $1 AND a.id IN (SELECT attempt_id FROM input)
        AND a.account_id = (SELECT i.account_id FROM input i WHERE i.attempt_id = a.id LIMIT 1)
      ORDER BY a.id
      FOR NO KEY UPDATE
    ), up AS (
      INSERT INTO exam_answers (eid, attempt_id, question_id, answer, flagged, seq, client_saved_at)
      SELECT $1, i.attempt_id, i.question_id, i.answer, i.flagged, i.seq, i.client_at
      FROM input i JOIN att ON att.id = i.attempt_id
      WHERE att.submitted_at IS NULL AND NOT att.overdue AND NOT att.too_far
      ON CONFLICT (eid, attempt_id, question_id) DO UPDATE SET answer = EXCLUDED.answer, flagged = EXCLUDED.flagged,
        seq = EXCLUDED.seq, saved_at = now(), client_saved_at = EXCLUDED.client_saved_at
      WHERE exam_answers.seq < EXCLUDED.seq
      RETURNING attempt_id, question_id, seq, answer, flagged, client_saved_at
    ), logged AS (
      INSERT INTO exam_attempt_events (eid, attempt_id, account_id, kind, question_id, detail, client_at)
      SELECT $1, up.attempt_id, att.account_id, ${AttemptEventKind.ANSWER}, up.question_id,
        jsonb_build_object('seq', up.seq, 'answer', up.answer, 'flagged', up.flagged), up.client_saved_at
      FROM up JOIN att ON att.id = up.attempt_id
    ), bump AS (
      UPDATE exam_attempts a SET last_seq = GREATEST(a.last_seq, m.seq)
      FROM (SELECT attempt_id, max(seq) AS seq FROM up GROUP BY attempt_id) m
      WHERE a.eid = $1 AND a.id = m.attempt_id
      RETURNING a.id, a.last_seq
    )
    SELECT att.id AS "attemptId", att.submitted_at IS NOT NULL AS submitted, att.submit_reason AS "submitReason",
      att.overdue, att.deadline_at AS "deadlineAt", now() AS "serverNow",
      GREATEST(0, floor(extract(epoch FROM (att.deadline_at - now()))))::int AS "secondsLeft",
      coalesce(bump.last_seq, att.last_seq) AS "lastSeq", att.too_far AS "tooFar",
      (SELECT coalesce(jsonb_agg(jsonb_build_object('q', up.question_id, 's', up.seq)), '[]'::jsonb)
         FROM up WHERE up.attempt_id = att.id) AS applied,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('q', e.question_id, 's', e.seq)), '[]'::jsonb)
         FROM exam_answers e
         WHERE e.eid = $1 AND e.attempt_id = att.id
           AND e.question_id IN (SELECT question_id FROM input WHERE attempt_id = att.id)) AS stored
    FROM att LEFT JOIN bump ON bump.id = att.id`,
};

/**
 * The answer saves of everyone sitting an exam (every change, and a batch every 15 s), written in
 * batches per enterprise (decision 029; `Batcher`, decision 028): the saves that arrive while the
 * enterprise's previous batch is in the database go together in one statement and one commit. A
 * save is answered after its batch commits, so an acknowledged answer is stored. The saves of one
 * attempt are written one batch after another, in the order they came.
 */
export class AnswerSaves {
  private readonly batcher: Batcher<Pending>;

  constructor(private readonly pool: pg.Pool) {
    this.batcher = new Batcher<Pending>({
      groupOf: (save) => save.who.eid,
      keyOf: (save) => String(save.attemptId),
      run: (batch, eid) => withTenant(eid as number, () => this.write(eid as number, batch)),
      fail: (save, err) => save.reject(err),
    });
  }

  /** Saves a learner's answers to an attempt; null when the attempt is not theirs. */
  save(who: Learner, attemptId: number, answers: AnswerWrite[]): Promise<SaveOutcome | null> {
    return new Promise((resolve, reject) => this.batcher.add({ who, attemptId, answers, resolve, reject }));
  }

  private async write(eid: number, batch: Pending[]) {
    const input = batch.flatMap((save) =>
      save.answers.map((a) => ({
        attempt_id: save.attemptId,
        account_id: save.who.accountId,
        question_id: a.questionId,
        answer: a.answer,
        flagged: a.flagged,
        seq: a.seq,
        client_at: a.clientAt,
      })),
    );
    const { rows } = await this.pool.query<Row>({ ...SAVE, values: [eid, JSON.stringify(input)] });
    const byAttempt = new Map(rows.map((r) => [r.attemptId, r]));
    for (const save of batch) {
      const row = byAttempt.get(save.attemptId);
      if (!row) {
        save.resolve(null);
        continue;
      }
      const applied = new Map(row.applied.map((x) => [x.q, x.s]));
      // `stored` is the statement's snapshot: the seq before this save, for the answers it did not apply.
      const stored = new Map(row.stored.map((x) => [x.q, x.s]));
      save.resolve({
        submitted: row.submitted,
        submitReason: row.submitReason,
        overdue: row.overdue,
        deadlineAt: row.deadlineAt,
        serverNow: row.serverNow,
        secondsLeft: row.secondsLeft,
        lastSeq: row.lastSeq,
        tooFar: row.tooFar,
        results: save.answers.map((a) => ({
          questionId: a.questionId,
          applied: applied.has(a.questionId),
          seq: applied.get(a.questionId) ?? stored.get(a.questionId) ?? 0,
        })),
      });
    }
  }
}
