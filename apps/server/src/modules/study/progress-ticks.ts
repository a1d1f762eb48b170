import type pg from 'pg';
import { withTenant } from '@portal/db';
import { Batcher } from '../../platform/batcher.ts';
import type { ProgressChange, ProgressState } from './progress.repository.ts';
import { PROGRESS_COLUMNS, stateOf, type ProgressRow } from './progress-row.ts';
import type { Learner } from '../../platform/learner.ts';

/** What a batched tick came to: written, or handed back for the locked path (it completes the period, or kept losing races). */
export type TickOutcome = { written: ProgressChange } | { locked: true };

/** One tick waiting for its batch. */
interface Pending {
  who: Learner;
  courseId: number;
  periodId: number;
  playerId: string;
  decide: (state: ProgressState) => ProgressChange;
  /** Writes tried that found the row changed since it was read. */
  attempts: number;
  resolve: (outcome: TickOutcome) => void;
  reject: (err: unknown) => void;
}

/** A row changed between the batch's read and its write is read again this many times, then locked. */
const MAX_ATTEMPTS = 3;

type Row = ProgressRow & { i: string };

// Named statements: each connection parses and plans them once. The keys come as arrays, so the
// text is the same for a batch of one or of five hundred.
const READ = {
  name: 'study_ticks_read',
  text: `
    SELECT k.i::text AS i, ${PROGRESS_COLUMNS}
    FROM unnest($2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS k(account_id, period_id, course_id, i)
    JOIN period_progress pp ON pp.eid = $1 AND pp.account_id = k.account_id AND pp.period_id = k.period_id
      AND pp.course_id = k.course_id
    LEFT JOIN study_players sp ON sp.eid = pp.eid AND sp.account_id = pp.account_id`,
};
// A row is written only if it is still as read (its xmin) and the player is still the learner's
// current one on this period; one statement, so one commit for the whole batch.
const WRITE = {
  name: 'study_ticks_write',
  text: `
    UPDATE period_progress pp SET credited_ms = v.credited_ms, studied_ms = v.studied_ms,
      furthest_ms = v.furthest_ms, position_ms = v.position_ms,
      last_report_at = CASE WHEN v.playing THEN now() END, updated_at = now()
    FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bool[], $9::text[], $10::text[])
      AS v(account_id, period_id, credited_ms, studied_ms, furthest_ms, position_ms, playing, version, player_id)
    WHERE pp.eid = $1 AND pp.account_id = v.account_id AND pp.period_id = v.period_id
      AND pp.xmin::text = v.version
      AND EXISTS (SELECT 1 FROM study_players sp WHERE sp.eid = $1 AND sp.account_id = v.account_id
        AND sp.player_id = v.player_id AND sp.period_id = v.period_id)
    RETURNING pp.account_id, pp.period_id`,
};

const keyOf = (p: Pending) => `${p.who.eid}:${p.who.accountId}:${p.periodId}`;

/**
 * The ticks of playing players, the report sent most (every 10 s by everyone watching), written in
 * batches per enterprise (decision 028; `Batcher`): a batch reads all its rows in one statement,
 * decides each tick with the same rules as a single report, and writes them back in one statement,
 * each row only if it is unchanged since it was read. A tick is answered after its batch has
 * committed, so an acknowledged report is stored. One learner's ticks of one period are written one
 * batch after another, in the order they came.
 */
export class TickBatcher {
  private readonly batcher: Batcher<Pending>;

  constructor(private readonly pool: pg.Pool) {
    this.batcher = new Batcher<Pending>({
      groupOf: (tick) => tick.who.eid,
      keyOf,
      run: (batch, eid) => withTenant(eid as number, () => this.flush(eid as number, batch)),
      fail: (tick, err) => tick.reject(err),
    });
  }

  submit(
    who: Learner,
    courseId: number,
    periodId: number,
    playerId: string,
    decide: (state: ProgressState) => ProgressChange,
  ): Promise<TickOutcome> {
    return new Promise((resolve, reject) => {
      this.batcher.add({ who, courseId, periodId, playerId, decide, attempts: 0, resolve, reject });
    });
  }

  private async flush(eid: number, batch: Pending[]) {
    const read = await this.pool.query<Row>({
      ...READ,
      values: [eid, batch.map((p) => p.who.accountId), batch.map((p) => p.periodId), batch.map((p) => p.courseId)],
    });
    const rows = new Map(read.rows.map((r) => [Number(r.i) - 1, r]));
    const writes: Array<{ tick: Pending; change: ProgressChange; row: Row }> = [];
    batch.forEach((tick, i) => {
      const row = rows.get(i);
      // Never opened: the locked path answers it.
      if (!row) return tick.resolve({ locked: true });
      let change: ProgressChange;
      try {
        change = tick.decide(stateOf(row));
      } catch (err) {
        return tick.reject(err);
      }
      if (change.complete && !row.completed) return tick.resolve({ locked: true });
      writes.push({ tick, change, row });
    });
    if (writes.length === 0) return;
    const written = await this.pool.query<{ account_id: number; period_id: number }>({
      ...WRITE,
      values: [
        eid,
        writes.map((w) => w.tick.who.accountId),
        writes.map((w) => w.tick.periodId),
        writes.map((w) => w.change.creditedMs),
        writes.map((w) => w.change.studiedMs),
        writes.map((w) => w.change.furthestMs),
        writes.map((w) => w.change.positionMs),
        writes.map((w) => w.change.playing),
        writes.map((w) => w.row.version),
        writes.map((w) => w.tick.playerId),
      ],
    });
    const done = new Set(written.rows.map((r) => `${eid}:${r.account_id}:${r.period_id}`));
    for (const { tick, change } of writes) {
      if (done.has(keyOf(tick))) tick.resolve({ written: change });
      // The row changed since the read (another process, a locked report): the next batch reads it again.
      else if (++tick.attempts < MAX_ATTEMPTS) this.batcher.add(tick);
      else tick.resolve({ locked: true });
    }
  }
}
