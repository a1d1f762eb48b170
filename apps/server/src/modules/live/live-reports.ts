import type pg from 'pg';
import { withTenant } from '@portal/db';
import { LIVE_REPORT_GAP_SECONDS } from '@portal/contract';
import { Batcher } from '../../platform/batcher.ts';
import type { Learner } from '../../platform/learner.ts';
import type { AttendanceRow, ReportKind } from './live.repository.ts';

/**
 * What a batched report came to: its row, or handed back for the single-statement path (batches
 * kept missing its row, or its batch's statement failed).
 */
export type ReportOutcome = { row: AttendanceRow } | { alone: true };

/** One report waiting for its batch. */
interface Pending {
  who: Learner;
  roomId: number;
  kind: ReportKind;
  window: { from: Date; until: Date | null };
  watching: boolean;
  /** Batches that did not write it (a row inserted or removed by another process meanwhile). */
  attempts: number;
  resolve: (outcome: ReportOutcome) => void;
  reject: (err: unknown) => void;
}

/** A report a batch did not write goes in the next batch this many times, then alone. */
const MAX_ATTEMPTS = 3;

interface Row {
  i: string;
  live_ms: number;
  playback_ms: number;
  completed: boolean;
  credited_ms: number;
  now: Date | string;
}

/**
 * One statement for a batch of reports of one clock: the rows that exist are updated (the same
 * rules as `LiveRepository.report`, each row by its own round's window), the others inserted; a row
 * another process inserted meanwhile is neither (ON CONFLICT DO NOTHING) and goes in the next batch.
 * `now()` is the statement's, the same for the whole batch.
 */
function statementOf(kind: ReportKind) {
  const ms = kind === 'live' ? 'live_ms' : 'playback_ms';
  const beat = kind === 'live' ? 'live_beat_at' : 'playback_beat_at';
  const gap = `make_interval(secs => ${LIVE_REPORT_GAP_SECONDS})`;
  const fresh = `(a.${beat} IS NULL OR now() - a.${beat} > ${gap})`;
  return {
    name: `live_reports_${kind}`,
    text: `
      WITH v AS (
        SELECT * FROM unnest($2::int[], $3::int[], $4::timestamptz[], $5::timestamptz[], $6::bool[])
          WITH ORDINALITY AS v(room_id, account_id, from_at, until_at, watching, i)
      ), was AS (
        SELECT v.*, a.${ms} AS ms FROM v
        JOIN live_attendance a ON a.eid = $1 AND a.room_id = v.room_id AND a.account_id = v.account_id
      ), changed AS (
        UPDATE live_attendance a SET
          ${ms} = a.${ms} + CASE WHEN a.${beat} IS NOT NULL AND now() - a.${beat} <= ${gap}
            THEN GREATEST(0, floor(extract(epoch FROM (LEAST(now(), w.until_at) - GREATEST(a.${beat}, w.from_at))) * 1000))::int
            ELSE 0 END,
          joins = a.joins + CASE WHEN w.watching AND ${fresh} THEN 1 ELSE 0 END,
          last_joined_at = CASE WHEN w.watching AND ${fresh} THEN now() ELSE a.last_joined_at END,
          last_left_at = CASE WHEN w.watching THEN a.last_left_at ELSE now() END,
          -- Never back in time (a transaction that began before another's and waited for its row).
          ${beat} = CASE WHEN w.watching THEN GREATEST(a.${beat}, now()) END
        FROM was w
        WHERE a.eid = $1 AND a.room_id = w.room_id AND a.account_id = w.account_id
        RETURNING w.i, a.live_ms, a.playback_ms, a.completed_at IS NOT NULL AS completed, a.${ms} - w.ms AS credited_ms
      ), added AS (
        INSERT INTO live_attendance AS a (eid, room_id, account_id, joins, ${beat})
        SELECT $1, v.room_id, v.account_id, CASE WHEN v.watching THEN 1 ELSE 0 END,
          CASE WHEN v.watching THEN now() END
        FROM v WHERE NOT EXISTS (SELECT 1 FROM was WHERE was.i = v.i)
          -- A room removed since the report read it would fail the whole batch's statement.
          AND EXISTS (SELECT 1 FROM live_rooms r WHERE r.eid = $1 AND r.id = v.room_id)
        ON CONFLICT (eid, room_id, account_id) DO NOTHING
        RETURNING a.room_id, a.account_id, a.live_ms, a.playback_ms
      )
      SELECT i::text AS i, live_ms, playback_ms, completed, credited_ms, now() AS now FROM changed
      UNION ALL
      SELECT v.i::text, added.live_ms, added.playback_ms, false, 0, now()
      FROM added JOIN v ON v.room_id = added.room_id AND v.account_id = added.account_id`,
  };
}

const STATEMENTS = { live: statementOf('live'), playback: statementOf('playback') };

const keyOf = (p: Pending) => `${p.who.eid}:${p.roomId}:${p.who.accountId}`;

/**
 * The attendance reports of a live room, the report sent most (every 30 s by everyone watching),
 * written in batches per enterprise and clock (decision 060, the shape of decision 028's ticks): a
 * batch is one statement and one commit, where one report each was a commit each and the commits
 * waited on the disk. A report is answered after its batch has committed, so an acknowledged report
 * is stored. One learner's reports of one room are never in two batches at once, so they are
 * written one after the other, in the order they came.
 */
export class ReportBatcher {
  private readonly batcher: Batcher<Pending>;

  constructor(private readonly pool: pg.Pool) {
    this.batcher = new Batcher<Pending>({
      groupOf: (p) => `${p.who.eid}:${p.kind}`,
      keyOf,
      run: (batch, group) => {
        const eid = batch[0]!.who.eid;
        return withTenant(eid, () => this.flush(eid, String(group).endsWith(':live') ? 'live' : 'playback', batch));
      },
      fail: (p, err) => p.reject(err),
    });
  }

  submit(
    who: Learner,
    roomId: number,
    kind: ReportKind,
    window: { from: Date; until: Date | null },
    watching: boolean,
  ): Promise<ReportOutcome> {
    return new Promise((resolve, reject) => {
      this.batcher.add({ who, roomId, kind, window, watching, attempts: 0, resolve, reject });
    });
  }

  private async flush(eid: number, kind: ReportKind, batch: Pending[]) {
    let rows: Row[];
    try {
      rows = await this.write(eid, kind, batch);
    } catch (err) {
      // One report's fault must not be the others': each goes alone and fails alone.
      if (batch.length === 1) throw err;
      for (const p of batch) p.resolve({ alone: true });
      return;
    }
    const byIndex = new Map(rows.map((r) => [Number(r.i) - 1, r]));
    batch.forEach((p, i) => {
      const r = byIndex.get(i);
      if (r) {
        p.resolve({
          row: {
            liveMs: r.live_ms,
            playbackMs: r.playback_ms,
            completed: r.completed,
            creditedMs: Math.max(0, r.credited_ms),
            now: new Date(r.now),
          },
        });
      } else if (++p.attempts < MAX_ATTEMPTS) this.batcher.add(p);
      else p.resolve({ alone: true });
    });
  }

  private async write(eid: number, kind: ReportKind, batch: Pending[]) {
    const { rows } = await this.pool.query<Row>({
      ...STATEMENTS[kind],
      values: [
        eid,
        batch.map((p) => p.roomId),
        batch.map((p) => p.who.accountId),
        batch.map((p) => p.window.from.toISOString()),
        batch.map((p) => p.window.until?.toISOString() ?? null),
        batch.map((p) => p.watching),
      ],
    });
    return rows;
  }
}
