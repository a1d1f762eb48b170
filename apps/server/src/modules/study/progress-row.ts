import type { ProgressState } from './progress.repository.ts';

/**
 * A period's progress row as a report reads it (`period_progress pp` joined to the learner's
 * `study_players sp`): the counters, the time since the last report by the database's clock, the
 * learner's current player, and the row version (xmin) a conditional write checks.
 */
export const PROGRESS_COLUMNS = `pp.credited_ms, pp.studied_ms, pp.furthest_ms, pp.position_ms,
  floor(extract(epoch FROM now() - pp.last_report_at) * 1000)::int AS since_ms,
  pp.completed_at IS NOT NULL AS completed, sp.player_id, sp.period_id AS player_period_id,
  pp.xmin::text AS version`;

export type ProgressRow = {
  credited_ms: number;
  studied_ms: number;
  furthest_ms: number;
  position_ms: number;
  since_ms: number | null;
  completed: boolean;
  player_id: string | null;
  player_period_id: number | null;
  version: string;
};

export const stateOf = (row: ProgressRow): ProgressState => ({
  creditedMs: row.credited_ms,
  studiedMs: row.studied_ms,
  furthestMs: row.furthest_ms,
  positionMs: row.position_ms,
  sinceLastMs: row.since_ms === null ? null : Math.max(0, row.since_ms),
  completed: row.completed,
  playerId: row.player_id,
  playerPeriodId: row.player_period_id,
});
