import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ErrorCode,
  LIVE_REPORT_SECONDS,
  LIVE_URL_TTL_SECONDS,
  LiveProvider,
  LiveState,
  liveScheduleAt,
  toPage,
  type LiveAttendance,
  type LiveReport,
  type LiveRoom,
  type LiveRoomCard,
} from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import { isFileKey, type FileStorage, type UrlSigner } from '../../platform/storage.ts';
import { completeLivePeriod } from '../study/index.ts';
import { livePlaylist, parsePlaylist, type Segment } from './live-channel.ts';
import type { LiveProviders } from './live-providers.ts';
import type { LiveRepository, ReportKind, RoomFacts } from './live.repository.ts';
import { aliyunPlayUrl, mediaServerUrl, tencentPlayUrl } from './live-urls.ts';

/** Where the portal's own channel is played: `/gateway/live/channel/<eid>/<room>.m3u8?token=…`. */
export const LIVE_CHANNEL_PATH = '/gateway/live/channel/:eid/:room';
const CHANNEL_PURPOSE = 'live-channel';

const tenthsToHours = (tenths: number) => tenths / 10;

export interface LiveServiceDeps {
  repo: LiveRepository;
  providers: LiveProviders;
  signer: UrlSigner;
  storage: FileStorage;
  /** The web build's public files (the demo segments). */
  publicDir: string;
}

/**
 * Live rooms for learners (issue 24 item 1, decision 060): the room page's room and play address,
 * attendance reports on the server's clock, completion of the room's period once the attended time
 * reaches the room's share, and the portal's own HLS channel.
 */
export class LiveService {
  /** Rooms as reports read them, briefly: thousands of viewers report every 30 s. */
  private readonly rooms = new TtlCache<{ v: RoomFacts | null }>({ max: 2000, ttlMs: 5000 });
  private readonly playlists = new TtlCache<{ v: Segment[] | null }>({ max: 200, ttlMs: 60_000 });

  constructor(private readonly d: LiveServiceDeps) {}

  /** Forgets what is cached of a room (the back office changed or removed it). */
  forget(eid: number, id: number) {
    this.rooms.forget((k) => k === `${eid}:${id}`);
  }

  private async facts(eid: number, id: number): Promise<RoomFacts> {
    const { v } = await this.rooms.get(`${eid}:${id}`, async () => ({ v: await this.d.repo.room(eid, id) }));
    if (!v || !v.published) throw new AppError(ErrorCode.NOT_FOUND);
    return v;
  }

  private schedule(room: RoomFacts, now: Date) {
    return liveScheduleAt({ ...room, hasRecording: room.recordingUrl !== null }, now);
  }

  /** The seconds to attend: the room's share of its scheduled length. */
  private requiredMs(room: RoomFacts) {
    return Math.ceil(((room.endsAt.getTime() - room.startsAt.getTime()) * room.attendancePercent) / 100);
  }

  private attendanceOf(room: RoomFacts, a: { liveMs: number; playbackMs: number; completed: boolean }): LiveAttendance {
    const attendedMs = a.liveMs + (room.playbackCounts ? a.playbackMs : 0);
    const requiredMs = this.requiredMs(room);
    return {
      liveSeconds: Math.floor(a.liveMs / 1000),
      playbackSeconds: Math.floor(a.playbackMs / 1000),
      attendedSeconds: Math.floor(attendedMs / 1000),
      requiredSeconds: Math.ceil(requiredMs / 1000),
      percent: a.completed ? 100 : Math.min(99, Math.floor((attendedMs * 100) / Math.max(1, requiredMs))),
      completed: a.completed,
    };
  }

  /** The room page (GET /course/api/live/room/watch/url): the room, its state and what to play. */
  async viewRoom(eid: number, learner: Learner | null, id: number): Promise<LiveRoom> {
    const room = await this.facts(eid, id);
    const [now, holds, attendance] = await Promise.all([
      this.d.repo.now(),
      room.priceFen > 0 && learner
        ? this.d.repo.holdsCourse(learner, room.courseId)
        : Promise.resolve(room.priceFen === 0),
      learner ? this.d.repo.attendance(learner, room.id) : Promise.resolve(null),
    ]);
    const at = this.schedule(room, now);
    const blocked = !holds
      ? 'buy'
      : at.state === LiveState.UPCOMING
        ? 'upcoming'
        : at.state === LiveState.ENDED
          ? 'ended'
          : '';
    return {
      id: room.id,
      title: room.title,
      courseId: room.courseId,
      courseTitle: room.courseTitle,
      periodId: room.periodId,
      coverUrl: room.coverUrl,
      lecturer: room.lecturer,
      startsAt: at.startsAt.toISOString(),
      endsAt: at.endsAt.toISOString(),
      serverNow: now.toISOString(),
      state: at.state,
      provider: room.provider,
      playbackCounts: room.playbackCounts,
      play: blocked ? null : await this.playOf(eid, room, at.state, now),
      blocked,
      attendance: attendance && this.attendanceOf(room, attendance),
      reportSeconds: LIVE_REPORT_SECONDS,
    };
  }

  private async playOf(eid: number, room: RoomFacts, state: number, now: Date): Promise<LiveRoom['play']> {
    const expires = Math.floor(now.getTime() / 1000) + LIVE_URL_TTL_SECONDS;
    const expiresAt = new Date(expires * 1000).toISOString();
    if (state === LiveState.PLAYBACK) {
      const url = room.recordingUrl ?? '';
      return {
        url,
        format: /\.flv(?:$|[?#])/i.test(url) ? 'flv' : /\.mp4(?:$|[?#])/i.test(url) ? 'mp4' : 'hls',
        live: false,
        expiresAt: null,
      };
    }
    if (room.provider === LiveProvider.CHANNEL) {
      const token = this.d.signer.seal(
        CHANNEL_PURPOSE,
        { e: String(eid), r: String(room.id) },
        LIVE_URL_TTL_SECONDS * 1000,
      );
      return {
        url: `/gateway/live/channel/${eid}/${room.id}.m3u8?token=${token}`,
        format: 'hls',
        live: true,
        expiresAt,
      };
    }
    const settings = await this.d.providers.of(eid);
    if (room.provider === LiveProvider.INGEST) {
      if (!settings.ingestPlayUrl) throw new AppError(ErrorCode.LIVE_PROVIDER_UNSET);
      return {
        url: mediaServerUrl(settings.ingestPlayUrl, room.streamKey, settings.ingestSecret, expires, '.flv'),
        format: 'flv',
        live: true,
        expiresAt: settings.ingestSecret ? expiresAt : null,
      };
    }
    if (room.provider === LiveProvider.ALIYUN) {
      if (!settings.aliyunPlayDomain || !settings.aliyunKey) throw new AppError(ErrorCode.LIVE_PROVIDER_UNSET);
      const place = { base: settings.aliyunPlayDomain, app: settings.aliyunAppName || 'live', stream: room.streamKey };
      return { url: aliyunPlayUrl(place, settings.aliyunKey, expires), format: 'hls', live: true, expiresAt };
    }
    if (!settings.tencentPlayDomain || !settings.tencentKey) throw new AppError(ErrorCode.LIVE_PROVIDER_UNSET);
    const place = { base: settings.tencentPlayDomain, app: settings.tencentAppName || 'live', stream: room.streamKey };
    return { url: tencentPlayUrl(place, settings.tencentKey, expires), format: 'hls', live: true, expiresAt };
  }

  /**
   * A report (watch, playback or leave): credited by the database's clock within the room's
   * schedule; when the attended time reaches the room's share, the room's period completes once,
   * and the course, if that completes it, earns its hours and points once (`completeLivePeriod`).
   */
  async report(who: Learner, id: number, kind: ReportKind | 'leave'): Promise<LiveReport> {
    const room = await this.facts(who.eid, id);
    if (room.priceFen > 0 && !(await this.d.repo.holdsCourse(who, room.courseId))) {
      throw new AppError(ErrorCode.COURSE_NOT_BOUGHT);
    }
    // The state decides what may be reported; the time credited is the database's (clipped to the round).
    const at = this.schedule(room, new Date());
    let clock: ReportKind;
    if (kind === 'leave') clock = at.state === LiveState.PLAYBACK ? 'playback' : 'live';
    else clock = kind;
    if (kind === 'live' && at.state === LiveState.UPCOMING) throw new AppError(ErrorCode.LIVE_NOT_STARTED);
    // A report after the end still credits the time up to the end (as a leave would), then says it ended.
    const over = kind === 'live' && at.state !== LiveState.LIVE;
    if (kind === 'playback' && at.state !== LiveState.PLAYBACK) {
      throw new AppError(
        at.state === LiveState.UPCOMING || at.state === LiveState.LIVE
          ? ErrorCode.LIVE_NOT_STARTED
          : ErrorCode.LIVE_NO_RECORDING,
      );
    }
    const window = clock === 'live' ? { from: at.startsAt, until: at.endsAt } : { from: room.endsAt, until: null };
    const row = await this.d.repo.report(who, room.id, clock, window, kind !== 'leave' && !over);
    let attendance = this.attendanceOf(room, row);
    let earned: LiveReport['earned'] = null;
    const counts = clock === 'live' || room.playbackCounts;
    if (!row.completed && counts && attendance.attendedSeconds * 1000 >= this.requiredMs(room)) {
      const done = await this.d.repo.completeOnce(who, room.id, (tx) =>
        completeLivePeriod(tx, who, room.courseId, room.periodId),
      );
      attendance = this.attendanceOf(room, { ...row, completed: true });
      if (done?.earned) earned = { creditHour: tenthsToHours(done.earned.creditTenths), points: done.earned.points };
    }
    if (over) throw new AppError(ErrorCode.LIVE_ENDED);
    return { state: at.state, attendance, creditedSeconds: Math.floor(row.creditedMs / 1000), earned };
  }

  /** The header search's live type. */
  async search(eid: number, q: { keyword: string; pageCurrent: number; pageSize: number }) {
    const [{ rows, total }, now] = await Promise.all([
      this.d.repo.search(eid, q.keyword, q.pageCurrent, q.pageSize),
      this.d.repo.now(),
    ]);
    const records: LiveRoomCard[] = rows.map((room) => {
      const at = this.schedule(room, now);
      return {
        id: room.id,
        title: room.title,
        courseTitle: room.courseTitle,
        coverUrl: room.coverUrl,
        lecturerName: room.lecturer?.name ?? '',
        startsAt: at.startsAt.toISOString(),
        endsAt: at.endsAt.toISOString(),
        state: at.state,
      };
    });
    return toPage(records, total, q.pageCurrent, q.pageSize);
  }

  /** The channel's live playlist for a signed address, or null (forged, expired, no such room or video). */
  async channelPlaylist(eid: number, id: number, token: string): Promise<string | null> {
    const data = this.d.signer.unseal(CHANNEL_PURPOSE, token);
    if (!data || data.e !== String(eid) || data.r !== String(id)) return null;
    const room = await this.d.repo.room(eid, id);
    if (!room || room.provider !== LiveProvider.CHANNEL || !room.channelUrl) return null;
    const segments = await this.segmentsOf(room.channelUrl);
    if (!segments || segments.length === 0) return null;
    const now = Date.now();
    if (now < room.startsAt.getTime()) return null;
    const ended = !room.looped && now >= room.endsAt.getTime();
    return livePlaylist(segments, room.startsAt.getTime(), ended ? room.endsAt.getTime() : now, ended);
  }

  /** A video's HLS segments, read from the site's files or the storage (a master playlist's first rendition). */
  private async segmentsOf(url: string): Promise<Segment[] | null> {
    const { v } = await this.playlists.get(url, async () => {
      let at = url;
      for (let depth = 0; depth < 2; depth++) {
        const text = await this.readPlaylist(at);
        if (text === null) return { v: null };
        const parsed = parsePlaylist(text, at);
        if (parsed.variant === null) return { v: parsed.segments };
        at = parsed.variant;
      }
      return { v: null };
    });
    return v;
  }

  private async readPlaylist(url: string): Promise<string | null> {
    const pathname = url.split(/[?#]/)[0]!;
    if (pathname.startsWith('/uploads/')) {
      const key = decodeURIComponent(pathname.slice('/uploads/'.length));
      if (!isFileKey(key)) return null;
      const got = await this.d.storage.get(key);
      return got ? got.toString('utf8') : null;
    }
    if (!pathname.startsWith('/') || pathname.includes('..')) return null;
    const file = path.join(this.d.publicDir, decodeURIComponent(pathname));
    if (!file.startsWith(this.d.publicDir)) return null;
    return readFile(file, 'utf8').catch(() => null);
  }
}
