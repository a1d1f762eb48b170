import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from '@portal/db';
import { LIVE_DEFAULT_ATTENDANCE_PERCENT, LIVE_REPORT_GAP_SECONDS, pageOffset } from '@portal/contract';
import { holdsCourseSql } from '../earning/index.ts';
import type { Learner } from '../../platform/learner.ts';
import { ReportBatcher } from './live-reports.ts';

/** A room with what its page and its reports need (course, lecturer, materials, the share to attend). */
export interface RoomFacts {
  id: number;
  courseId: number;
  periodId: number;
  title: string;
  courseTitle: string;
  coverUrl: string;
  published: boolean;
  priceFen: number;
  startsAt: Date;
  endsAt: Date;
  looped: boolean;
  provider: number;
  streamKey: string;
  playbackCounts: boolean;
  /** Percent of the scheduled time, the room's or the enterprise's. */
  attendancePercent: number;
  lecturer: { id: number; name: string; title: string; avatarUrl: string } | null;
  channelUrl: string | null;
  recordingUrl: string | null;
  recordingPlatform: number | null;
}

/** A learner's attendance row after a report, with the database's clock. */
export interface AttendanceRow {
  liveMs: number;
  playbackMs: number;
  completed: boolean;
  creditedMs: number;
  now: Date;
}

/** Which of the two clocks a report runs: the live stream's or the recording's. */
export type ReportKind = 'live' | 'playback';

const ROOM_COLUMNS = sql`
  r.id, r.course_id, r.period_id, p.title, c.title AS course_title, c.cover_url, c.published, c.price_fen,
  r.starts_at, r.ends_at, r.looped, r.provider, r.stream_key, r.playback_counts,
  COALESCE(r.attendance_percent, ls.attendance_percent, ${LIVE_DEFAULT_ATTENDANCE_PERCENT})::int AS attendance_percent,
  l.id AS lecturer_id, l.name AS lecturer_name, l.title AS lecturer_title, l.avatar_url AS lecturer_avatar,
  cm.url AS channel_url, rm.url AS recording_url, rm.vod_platform AS recording_platform`;

const ROOM_FROM = sql`
  FROM live_rooms r
  JOIN course_periods p ON p.eid = r.eid AND p.id = r.period_id
  JOIN courses c ON c.eid = r.eid AND c.id = r.course_id
  LEFT JOIN live_settings ls ON ls.eid = r.eid
  LEFT JOIN lecturers l ON l.eid = r.eid AND l.id = r.lecturer_id
  LEFT JOIN resource_materials cm ON cm.eid = r.eid AND cm.id = r.channel_material_id
  LEFT JOIN resource_materials rm ON rm.eid = r.eid AND rm.id = r.recording_material_id`;

interface RoomRow extends Record<string, unknown> {
  id: number;
  course_id: number;
  period_id: number;
  title: string;
  course_title: string;
  cover_url: string;
  published: boolean;
  price_fen: number;
  starts_at: Date | string;
  ends_at: Date | string;
  looped: boolean;
  provider: number;
  stream_key: string;
  playback_counts: boolean;
  attendance_percent: number;
  lecturer_id: number | null;
  lecturer_name: string | null;
  lecturer_title: string | null;
  lecturer_avatar: string | null;
  channel_url: string | null;
  recording_url: string | null;
  recording_platform: number | null;
}

const factsOf = (r: RoomRow): RoomFacts => ({
  id: r.id,
  courseId: r.course_id,
  periodId: r.period_id,
  title: r.title,
  courseTitle: r.course_title,
  coverUrl: r.cover_url,
  published: r.published,
  priceFen: r.price_fen,
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  looped: r.looped,
  provider: r.provider,
  streamKey: r.stream_key,
  playbackCounts: r.playback_counts,
  attendancePercent: r.attendance_percent,
  lecturer:
    r.lecturer_id === null
      ? null
      : {
          id: r.lecturer_id,
          name: r.lecturer_name ?? '',
          title: r.lecturer_title ?? '',
          avatarUrl: r.lecturer_avatar ?? '',
        },
  channelUrl: r.channel_url,
  recordingUrl: r.recording_url,
  recordingPlatform: r.recording_platform,
});

/**
 * The SQL of live rooms and attendance (decision 060), always by enterprise. A report is one
 * statement on the learner's attendance row: the time credited is what passed on the database's
 * clock since the row's last report of that kind, within the room's current schedule and at most
 * LIVE_REPORT_GAP_SECONDS, so whatever a client sends and however many tabs report, the attended
 * time never exceeds the wall time.
 */
export class LiveRepository {
  private readonly batches: ReportBatcher;

  /** `tenantPool`: the pool behind `db`, which the batched reports use directly. */
  constructor(
    readonly db: Db,
    tenantPool: pg.Pool,
  ) {
    this.batches = new ReportBatcher(tenantPool);
  }

  async room(eid: number, id: number): Promise<RoomFacts | null> {
    const { rows } = await this.db.execute<RoomRow>(
      sql`SELECT ${ROOM_COLUMNS} ${ROOM_FROM} WHERE r.eid = ${eid} AND r.id = ${id}`,
    );
    return rows[0] ? factsOf(rows[0]) : null;
  }

  /** The database's clock. */
  async now(): Promise<Date> {
    const { rows } = await this.db.execute<{ now: Date | string }>(sql`SELECT now() AS now`);
    return new Date(rows[0]!.now);
  }

  async holdsCourse(who: Learner, courseId: number): Promise<boolean> {
    const { rows } = await this.db.execute<{ holds: boolean }>(
      sql`SELECT ${holdsCourseSql(who.eid, courseId, who.accountId)} AS holds`,
    );
    return rows[0]?.holds ?? false;
  }

  async attendance(who: Learner, roomId: number) {
    const { rows } = await this.db.execute<{ live_ms: number; playback_ms: number; completed: boolean }>(sql`
      SELECT live_ms, playback_ms, completed_at IS NOT NULL AS completed FROM live_attendance
      WHERE eid = ${who.eid} AND room_id = ${roomId} AND account_id = ${who.accountId}`);
    const r = rows[0];
    return { liveMs: r?.live_ms ?? 0, playbackMs: r?.playback_ms ?? 0, completed: r?.completed ?? false };
  }

  /**
   * One report: credits the time since the last report of its kind when that was at most the gap
   * ago, clipped to `[from, until]` (the schedule's current round for live; the report itself for
   * the recording), counts a join when the last report is older, and keeps watching (`watching`)
   * or stops (a leave). `until` null: the database's now. Written in a batch with the other reports
   * of the moment (`ReportBatcher`, the same rules in one statement), or alone when batches kept
   * missing its row.
   */
  async report(
    who: Learner,
    roomId: number,
    kind: ReportKind,
    window: { from: Date; until: Date | null },
    watching: boolean,
  ): Promise<AttendanceRow> {
    const outcome = await this.batches.submit(who, roomId, kind, window, watching);
    return 'row' in outcome ? outcome.row : this.reportAlone(who, roomId, kind, window, watching);
  }

  /** `report` in a statement of its own. */
  async reportAlone(
    who: Learner,
    roomId: number,
    kind: ReportKind,
    window: { from: Date; until: Date | null },
    watching: boolean,
  ): Promise<AttendanceRow> {
    const ms = kind === 'live' ? sql.raw('live_ms') : sql.raw('playback_ms');
    const beat = kind === 'live' ? sql.raw('live_beat_at') : sql.raw('playback_beat_at');
    const gap = sql`make_interval(secs => ${LIVE_REPORT_GAP_SECONDS})`;
    const until: SQL = window.until ? sql`LEAST(now(), ${window.until.toISOString()}::timestamptz)` : sql`now()`;
    const from = sql`${window.from.toISOString()}::timestamptz`;
    // The time credited now: from the last report (or the round's start) to now (or the round's end).
    const credit = sql`CASE WHEN a.${beat} IS NOT NULL AND now() - a.${beat} <= ${gap}
      THEN GREATEST(0, floor(extract(epoch FROM (${until} - GREATEST(a.${beat}, ${from}))) * 1000))::int ELSE 0 END`;
    const fresh = sql`(a.${beat} IS NULL OR now() - a.${beat} > ${gap})`;
    const { rows } = await this.db.execute<{
      live_ms: number;
      playback_ms: number;
      completed: boolean;
      credited_ms: number;
      now: Date | string;
    }>(sql`
      WITH before AS (
        SELECT ${beat} AS beat, ${ms} AS ms FROM live_attendance
        WHERE eid = ${who.eid} AND room_id = ${roomId} AND account_id = ${who.accountId}
      )
      INSERT INTO live_attendance AS a (eid, room_id, account_id, joins, ${beat})
      VALUES (${who.eid}, ${roomId}, ${who.accountId}, ${watching ? 1 : 0}, ${watching ? sql`now()` : sql`NULL`})
      ON CONFLICT (eid, room_id, account_id) DO UPDATE SET
        ${ms} = a.${ms} + ${credit},
        joins = a.joins + CASE WHEN ${watching} AND ${fresh} THEN 1 ELSE 0 END,
        last_joined_at = CASE WHEN ${watching} AND ${fresh} THEN now() ELSE a.last_joined_at END,
        last_left_at = CASE WHEN ${watching} THEN a.last_left_at ELSE now() END,
        -- Never back in time: a report whose transaction began before another's, and waited for its
        -- row, would otherwise set the earlier moment and the next report credit the time between twice.
        ${beat} = ${watching ? sql`GREATEST(a.${beat}, now())` : sql`NULL`}
      RETURNING a.live_ms, a.playback_ms, a.completed_at IS NOT NULL AS completed,
        a.${ms} - COALESCE((SELECT ms FROM before), 0) AS credited_ms, now() AS now`);
    const r = rows[0]!;
    return {
      liveMs: r.live_ms,
      playbackMs: r.playback_ms,
      completed: r.completed,
      creditedMs: Math.max(0, r.credited_ms),
      now: new Date(r.now),
    };
  }

  /**
   * Marks the attendance complete, once: of concurrent reports that reach the share, the one whose
   * update finds the row not yet complete runs `then` in the same transaction; the others wait on
   * the row's lock and change nothing.
   */
  completeOnce<T>(who: Learner, roomId: number, then: (tx: Tx) => Promise<T>): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`
        UPDATE live_attendance SET completed_at = now()
        WHERE eid = ${who.eid} AND room_id = ${roomId} AND account_id = ${who.accountId} AND completed_at IS NULL
        RETURNING 1`);
      if (rows.length === 0) return null;
      return then(tx);
    });
  }

  /** Rooms of published courses for the header search: live first, then upcoming, then ended. */
  async search(eid: number, keyword: string, page: number, size: number) {
    const like = `%${keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    const where = sql`r.eid = ${eid} AND c.published ${keyword ? sql`AND (p.title ILIKE ${like} OR c.title ILIKE ${like})` : sql``}`;
    const order = sql`CASE WHEN r.looped OR (now() >= r.starts_at AND now() < r.ends_at) THEN 0
      WHEN now() < r.starts_at THEN 1 ELSE 2 END,
      CASE WHEN now() < r.starts_at THEN r.starts_at END ASC, r.ends_at DESC, r.id DESC`;
    const [list, total] = await Promise.all([
      this.db.execute<RoomRow>(
        sql`SELECT ${ROOM_COLUMNS} ${ROOM_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${size} OFFSET ${pageOffset(page, size)}`,
      ),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${ROOM_FROM} WHERE ${where}`),
    ]);
    return { rows: list.rows.map(factsOf), total: total.rows[0]?.n ?? 0 };
  }
}
