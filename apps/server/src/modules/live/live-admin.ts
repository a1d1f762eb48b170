import { sql } from 'drizzle-orm';
import type { Tx } from '@portal/db';
import {
  ErrorCode,
  LIVE_MAX_HOURS,
  LIVE_URL_TTL_SECONDS,
  LiveProvider,
  PeriodType,
  liveScheduleAt,
  maskPhone,
  pageOffset,
  toPage,
  type AdminLiveAttendanceRow,
  type AdminLiveRoom,
  type LiveRoomForm,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { AdminContext } from '../../platform/gateway.ts';
import { LiveProviders, type ProviderSettings } from './live-providers.ts';
import type { LiveRepository } from './live.repository.ts';
import type { LiveService } from './live.service.ts';
import { mediaServerUrl, newStreamKey } from './live-urls.ts';

interface AdminRoomRow extends Record<string, unknown> {
  id: number;
  course_id: number;
  chapter_id: number;
  period_id: number;
  title: string;
  required: boolean;
  course_title: string;
  lecturer_id: number | null;
  lecturer_name: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  looped: boolean;
  provider: number;
  channel_material_id: number | null;
  recording_material_id: number | null;
  stream_key: string;
  playback_counts: boolean;
  attendance_percent: number | null;
  attendee_count: number;
  completed_count: number;
  now: Date | string;
}

const ADMIN_ROOM = sql`
  SELECT r.id, r.course_id, p.chapter_id, r.period_id, p.title, p.required, c.title AS course_title,
    r.lecturer_id, l.name AS lecturer_name, r.starts_at, r.ends_at, r.looped, r.provider,
    r.channel_material_id, r.recording_material_id, r.stream_key, r.playback_counts, r.attendance_percent,
    (SELECT count(*)::int FROM live_attendance a WHERE a.eid = r.eid AND a.room_id = r.id) AS attendee_count,
    (SELECT count(a.completed_at)::int FROM live_attendance a WHERE a.eid = r.eid AND a.room_id = r.id) AS completed_count,
    now() AS now
  FROM live_rooms r
  JOIN course_periods p ON p.eid = r.eid AND p.id = r.period_id
  JOIN courses c ON c.eid = r.eid AND c.id = r.course_id
  LEFT JOIN lecturers l ON l.eid = r.eid AND l.id = r.lecturer_id`;

const stateSql = sql`CASE WHEN r.looped AND now() >= r.starts_at THEN 2 WHEN now() < r.starts_at THEN 1
  WHEN now() < r.ends_at THEN 2 WHEN r.recording_material_id IS NOT NULL THEN 4 ELSE 3 END`;

/**
 * The back office's live rooms (issue 24 item 4, decision 060): scheduling a live lesson (its
 * period of type 4 and its room together), the attendance of a room, and the enterprise's live
 * settings. Every write is audited in its transaction.
 */
export class LiveAdmin {
  constructor(
    private readonly repo: LiveRepository,
    private readonly providers: LiveProviders,
    private readonly live: LiveService,
  ) {}

  private present(r: AdminRoomRow, settings: ProviderSettings): AdminLiveRoom {
    const startsAt = new Date(r.starts_at);
    const endsAt = new Date(r.ends_at);
    const at = liveScheduleAt(
      { startsAt, endsAt, looped: r.looped, hasRecording: r.recording_material_id !== null },
      new Date(r.now),
    );
    // The push key is good until the room's end and a margin (a looped room: a day from now), so a
    // key copied days ahead still works at the lesson.
    const until = r.looped ? Date.now() + LIVE_MAX_HOURS * 3600_000 : Math.max(Date.now(), endsAt.getTime());
    const expires = Math.floor(until / 1000) + LIVE_URL_TTL_SECONDS * 2;
    return {
      id: r.id,
      courseId: r.course_id,
      chapterId: r.chapter_id,
      periodId: r.period_id,
      title: r.title,
      required: r.required,
      courseTitle: r.course_title,
      lecturerId: r.lecturer_id,
      lecturerName: r.lecturer_name ?? '',
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      state: at.state,
      looped: r.looped,
      provider: r.provider,
      channelMaterialId: r.channel_material_id,
      recordingMaterialId: r.recording_material_id,
      playbackCounts: r.playback_counts,
      attendancePercent: r.attendance_percent,
      streamKey: r.provider === LiveProvider.CHANNEL ? '' : r.stream_key,
      // OBS takes the server and the stream key; the key is signed for the room's whole schedule.
      pushUrl:
        r.provider === LiveProvider.INGEST && settings.ingestPushUrl
          ? mediaServerUrl(settings.ingestPushUrl, r.stream_key, settings.ingestSecret, expires)
          : '',
      attendeeCount: r.attendee_count,
      completedCount: r.completed_count,
    };
  }

  async page(eid: number, q: { keyword: string; state?: number | undefined; pageCurrent: number; pageSize: number }) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    const where = sql`r.eid = ${eid}
      ${q.keyword ? sql`AND (p.title ILIKE ${like} OR c.title ILIKE ${like})` : sql``}
      ${q.state ? sql`AND ${stateSql} = ${q.state}` : sql``}`;
    const [rows, total, settings] = await Promise.all([
      this.repo.db.execute<AdminRoomRow>(
        sql`${ADMIN_ROOM} WHERE ${where} ORDER BY r.starts_at DESC, r.id DESC
          LIMIT ${q.pageSize} OFFSET ${pageOffset(q.pageCurrent, q.pageSize)}`,
      ),
      this.repo.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM live_rooms r
        JOIN course_periods p ON p.eid = r.eid AND p.id = r.period_id
        JOIN courses c ON c.eid = r.eid AND c.id = r.course_id WHERE ${where}`),
      this.providers.of(eid),
    ]);
    return toPage(
      rows.rows.map((r) => this.present(r, settings)),
      total.rows[0]?.n ?? 0,
      q.pageCurrent,
      q.pageSize,
    );
  }

  private async row(db: LiveRepository['db'] | Tx, eid: number, id: number) {
    const { rows } = await db.execute<AdminRoomRow>(sql`${ADMIN_ROOM} WHERE r.eid = ${eid} AND r.id = ${id}`);
    return rows[0] ?? null;
  }

  async view(eid: number, id: number): Promise<AdminLiveRoom> {
    const [row, settings] = await Promise.all([this.row(this.repo.db, eid, id), this.providers.of(eid)]);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return this.present(row, settings);
  }

  /** The form's rules the schema cannot check: the schedule, the provider's settings, the places and materials. */
  private async check(tx: Tx, eid: number, f: LiveRoomForm) {
    const starts = Date.parse(f.startsAt);
    const ends = Date.parse(f.endsAt);
    if (!(ends > starts) || ends - starts > LIVE_MAX_HOURS * 3600_000) {
      throw new AppError(ErrorCode.LIVE_SCHEDULE_INVALID, { params: { hours: LIVE_MAX_HOURS } });
    }
    const settings = await this.providers.of(eid);
    const unset =
      (f.provider === LiveProvider.INGEST && (!settings.ingestPushUrl || !settings.ingestPlayUrl)) ||
      (f.provider === LiveProvider.ALIYUN && (!settings.aliyunPlayDomain || !settings.aliyunKey)) ||
      (f.provider === LiveProvider.TENCENT && (!settings.tencentPlayDomain || !settings.tencentKey));
    if (unset) throw new AppError(ErrorCode.LIVE_PROVIDER_UNSET);
    const { rows } = await tx.execute<{ chapter: boolean; lecturer: boolean }>(sql`SELECT
      EXISTS (SELECT 1 FROM course_chapters WHERE eid = ${eid} AND id = ${f.chapterId} AND course_id = ${f.courseId}) AS chapter,
      ${f.lecturerId === null ? sql`true` : sql`EXISTS (SELECT 1 FROM lecturers WHERE eid = ${eid} AND id = ${f.lecturerId})`} AS lecturer`);
    if (!rows[0]?.chapter || !rows[0]?.lecturer) throw new AppError(ErrorCode.LIVE_PLACE_UNKNOWN);
    if (f.provider === LiveProvider.CHANNEL && f.channelMaterialId === null) {
      throw new AppError(ErrorCode.LIVE_MATERIAL_UNFIT);
    }
    for (const [materialId, hlsOnly] of [
      [f.provider === LiveProvider.CHANNEL ? f.channelMaterialId : null, true],
      [f.recordingMaterialId, false],
    ] as const) {
      if (materialId === null) continue;
      const { rows: found } = await tx.execute<{ ok: boolean }>(sql`
        SELECT kind = 1 AND transcode_state = 'ready' AND url <> ''
          ${hlsOnly ? sql`AND url ~* '\\.m3u8($|\\?)'` : sql``} AS ok
        FROM resource_materials WHERE eid = ${eid} AND id = ${materialId}`);
      if (!found[0]?.ok) throw new AppError(ErrorCode.LIVE_MATERIAL_UNFIT);
    }
  }

  private async lockCourse(tx: Tx, eid: number, courseId: number) {
    const { rows } = await tx.execute(sql`SELECT 1 FROM courses WHERE eid = ${eid} AND id = ${courseId} FOR UPDATE`);
    if (rows.length === 0) throw new AppError(ErrorCode.LIVE_PLACE_UNKNOWN);
  }

  private roomValues(f: LiveRoomForm) {
    return sql`lecturer_id = ${f.lecturerId}, starts_at = ${f.startsAt}::timestamptz, ends_at = ${f.endsAt}::timestamptz,
      provider = ${f.provider}, channel_material_id = ${f.provider === LiveProvider.CHANNEL ? f.channelMaterialId : null},
      recording_material_id = ${f.recordingMaterialId}, playback_counts = ${f.playbackCounts},
      attendance_percent = ${f.attendancePercent}`;
  }

  async create(ctx: AdminContext, f: LiveRoomForm): Promise<AdminLiveRoom> {
    const id = await this.repo.db.transaction(async (tx) => {
      await this.lockCourse(tx, ctx.eid, f.courseId);
      await this.check(tx, ctx.eid, f);
      const { rows: period } = await tx.execute<{ id: number }>(sql`
        INSERT INTO course_periods (eid, course_id, chapter_id, title, period_type, duration_seconds, required, sort)
        VALUES (${ctx.eid}, ${f.courseId}, ${f.chapterId}, ${f.title}, ${PeriodType.LIVE},
          ${Math.round((Date.parse(f.endsAt) - Date.parse(f.startsAt)) / 1000)}, ${f.required},
          (SELECT COALESCE(max(sort), 0) + 1 FROM course_periods WHERE eid = ${ctx.eid} AND course_id = ${f.courseId}))
        RETURNING id`);
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO live_rooms (eid, course_id, period_id, starts_at, ends_at, stream_key)
        VALUES (${ctx.eid}, ${f.courseId}, ${period[0]!.id}, ${f.startsAt}::timestamptz, ${f.endsAt}::timestamptz, ${newStreamKey()})
        RETURNING id`);
      const roomId = rows[0]!.id;
      await tx.execute(
        sql`UPDATE live_rooms r SET ${this.roomValues(f)} WHERE r.eid = ${ctx.eid} AND r.id = ${roomId}`,
      );
      await ctx.audit.record(tx, { entityType: 'live_room', entityId: roomId, before: null, after: f });
      return roomId;
    });
    return this.view(ctx.eid, id);
  }

  async edit(ctx: AdminContext, id: number, f: LiveRoomForm): Promise<AdminLiveRoom> {
    await this.repo.db.transaction(async (tx) => {
      const before = await this.row(tx, ctx.eid, id);
      if (!before) throw new AppError(ErrorCode.NOT_FOUND);
      // The course and chapter stay: a room's attendance belongs to its period.
      const form = { ...f, courseId: before.course_id, chapterId: before.chapter_id };
      await this.lockCourse(tx, ctx.eid, before.course_id);
      await this.check(tx, ctx.eid, form);
      await tx.execute(sql`UPDATE live_rooms r SET ${this.roomValues(form)} WHERE r.eid = ${ctx.eid} AND r.id = ${id}`);
      await tx.execute(sql`UPDATE course_periods SET title = ${f.title}, required = ${f.required},
          duration_seconds = ${Math.round((Date.parse(f.endsAt) - Date.parse(f.startsAt)) / 1000)}
        WHERE eid = ${ctx.eid} AND id = ${before.period_id}`);
      await ctx.audit.record(tx, { entityType: 'live_room', entityId: id, before, after: form });
    });
    this.live.forget(ctx.eid, id);
    return this.view(ctx.eid, id);
  }

  async remove(ctx: AdminContext, id: number): Promise<null> {
    await this.repo.db.transaction(async (tx) => {
      const before = await this.row(tx, ctx.eid, id);
      if (!before) throw new AppError(ErrorCode.NOT_FOUND);
      await this.lockCourse(tx, ctx.eid, before.course_id);
      // The period goes with its room and attendance (cascade); the ledger keeps what was earned.
      await tx.execute(sql`DELETE FROM course_periods WHERE eid = ${ctx.eid} AND id = ${before.period_id}`);
      await ctx.audit.record(tx, { entityType: 'live_room', entityId: id, before, after: null });
    });
    this.live.forget(ctx.eid, id);
    return null;
  }

  /** A room's attendance, longest first (404 for a room of another enterprise). */
  async attendance(eid: number, q: { id: number; pageCurrent: number; pageSize: number }) {
    if (!(await this.row(this.repo.db, eid, q.id))) throw new AppError(ErrorCode.NOT_FOUND);
    const [rows, total] = await Promise.all([
      this.attendanceStep(eid, q.id, q.pageSize, pageOffset(q.pageCurrent, q.pageSize)),
      this.repo.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM live_attendance WHERE eid = ${eid} AND room_id = ${q.id}`,
      ),
    ]);
    return toPage(rows, total.rows[0]?.n ?? 0, q.pageCurrent, q.pageSize);
  }

  async attendanceStep(eid: number, roomId: number, limit: number, offset: number): Promise<AdminLiveAttendanceRow[]> {
    const { rows } = await this.repo.db.execute<{
      account_id: number;
      name: string;
      phone: string;
      department_name: string;
      live_ms: number;
      playback_ms: number;
      joins: number;
      first_joined_at: Date | string;
      last_left_at: Date | string | null;
      completed_at: Date | string | null;
    }>(sql`
      SELECT a.account_id, COALESCE(NULLIF(u.real_name, ''), NULLIF(u.user_name, ''), acc.phone) AS name, acc.phone,
        u.department_name, a.live_ms, a.playback_ms, a.joins, a.first_joined_at, a.last_left_at, a.completed_at
      FROM live_attendance a
      JOIN enterprise_users u ON u.eid = a.eid AND u.account_id = a.account_id
      JOIN accounts acc ON acc.id = a.account_id
      WHERE a.eid = ${eid} AND a.room_id = ${roomId}
      ORDER BY a.live_ms + a.playback_ms DESC, a.account_id
      LIMIT ${limit} OFFSET ${offset}`);
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    return rows.map((r) => ({
      accountId: r.account_id,
      name: r.name,
      phone: maskPhone(r.phone),
      departmentName: r.department_name ?? '',
      liveSeconds: Math.floor(r.live_ms / 1000),
      playbackSeconds: Math.floor(r.playback_ms / 1000),
      joins: r.joins,
      firstJoinedAt: iso(r.first_joined_at)!,
      lastLeftAt: iso(r.last_left_at),
      completedAt: iso(r.completed_at),
    }));
  }

  async settings(eid: number) {
    return LiveProviders.present(await this.providers.of(eid));
  }

  async saveSettings(ctx: AdminContext, form: Parameters<LiveProviders['save']>[2]) {
    const after = await this.repo.db.transaction(async (tx) => {
      const saved = await this.providers.save(tx, ctx.eid, form);
      // Keys are audited only as whether one is kept.
      await ctx.audit.record(tx, {
        entityType: 'live_settings',
        entityId: ctx.eid,
        before: LiveProviders.present(saved.before),
        after: LiveProviders.present(saved.after),
      });
      return saved.after;
    });
    this.providers.forget(ctx.eid);
    return LiveProviders.present(after);
  }
}
