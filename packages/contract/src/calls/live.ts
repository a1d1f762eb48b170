import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import { courseLecturer } from './study.ts';

// Live rooms (issue 24 item 1, account-area.md section 7 "Live and resources", decision 060): a
// live lesson is a course period of type 4 with one room. The server's clock is the clock: the room's
// state follows its schedule, and attendance is credited between the player's reports, never more
// than the time that passed.

/** A room's state: 1 预告 (upcoming), 2 直播中 (live), 3 已结束 (ended, no recording), 4 回放 (playback). */
export const LiveState = { UPCOMING: 1, LIVE: 2, ENDED: 3, PLAYBACK: 4 } as const;
export type LiveStateValue = (typeof LiveState)[keyof typeof LiveState];
export const liveStateLabels: Record<LiveStateValue, { zh: string; en: string }> = {
  1: { zh: '预告', en: 'Upcoming' },
  2: { zh: '直播中', en: 'Live' },
  3: { zh: '已结束', en: 'Ended' },
  4: { zh: '回放', en: 'Playback' },
};

/**
 * Who streams a room: 1 the portal's own channel (an HLS live playlist from a transcoded video's
 * segments), 2 the enterprise's own media server (a lecturer pushes RTMP; played as HTTP-FLV), 3
 * Aliyun live, 4 Tencent live (signed play URLs).
 */
export const LiveProvider = { CHANNEL: 1, INGEST: 2, ALIYUN: 3, TENCENT: 4 } as const;
export const liveProviderLabels: Record<number, { zh: string; en: string }> = {
  1: { zh: '平台频道', en: 'Portal channel' },
  2: { zh: '自建推流 (RTMP)', en: 'Own media server (RTMP)' },
  3: { zh: '阿里云直播', en: 'Aliyun Live' },
  4: { zh: '腾讯云直播', en: 'Tencent Cloud Live' },
};

/** The room page reports this often while the player plays (seconds). */
export const LIVE_REPORT_SECONDS = 30;
/** Reports further apart than this are a new join: the time between is not credited (seconds). */
export const LIVE_REPORT_GAP_SECONDS = 75;
/** Play addresses are good for this long (seconds); the page asks again before they expire. */
export const LIVE_URL_TTL_SECONDS = 1800;
/** A room lasts at most this long (hours). */
export const LIVE_MAX_HOURS = 24;
/** The enterprise's attendance share when none is set (percent of the scheduled time). */
export const LIVE_DEFAULT_ATTENDANCE_PERCENT = 80;

/**
 * A room's schedule and state at `now` (the server's clock): a looped room repeats its schedule's
 * length from its start and is live in each round; any other is upcoming, live, then playback with
 * a recording or ended.
 */
export function liveScheduleAt(
  room: { startsAt: Date; endsAt: Date; looped: boolean; hasRecording: boolean },
  now: Date,
): { startsAt: Date; endsAt: Date; state: LiveStateValue } {
  const start = room.startsAt.getTime();
  const length = Math.max(1, room.endsAt.getTime() - start);
  const at = now.getTime();
  if (room.looped && at >= start) {
    const round = start + Math.floor((at - start) / length) * length;
    return { startsAt: new Date(round), endsAt: new Date(round + length), state: LiveState.LIVE };
  }
  const state =
    at < start
      ? LiveState.UPCOMING
      : at < room.endsAt.getTime()
        ? LiveState.LIVE
        : room.hasRecording
          ? LiveState.PLAYBACK
          : LiveState.ENDED;
  return { startsAt: room.startsAt, endsAt: room.endsAt, state };
}

const roomRef = z.object({ id });

/** A learner's attendance of a room as the room page shows it. */
export const liveAttendanceSchema = z.object({
  liveSeconds: z.number().int(),
  playbackSeconds: z.number().int(),
  /** What counts: live time, and the recording's where the room allows it. */
  attendedSeconds: z.number().int(),
  /** The share of the scheduled time to attend, in seconds. */
  requiredSeconds: z.number().int(),
  /** 0 to 100. */
  percent: z.number().int(),
  completed: z.boolean(),
});
export type LiveAttendance = z.infer<typeof liveAttendanceSchema>;

/** Where the player plays from: a live stream or the recording, signed and short-lived where the provider signs. */
export const livePlaySchema = z.object({
  url: z.string(),
  /** hls (.m3u8), flv (HTTP-FLV) or mp4 (a recording). */
  format: z.enum(['hls', 'flv', 'mp4']),
  /** A live stream: no seeking ahead of the live edge. */
  live: z.boolean(),
  /** When the address stops working (ISO), null when it does not expire. */
  expiresAt: z.string().nullable(),
});

export const liveRoomSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  periodId: z.number().int(),
  coverUrl: z.string(),
  lecturer: courseLecturer.nullable(),
  /** The current schedule (a looped room's current round). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The server's clock when answered, for the countdown. */
  serverNow: z.string(),
  state: z.number().int(),
  provider: z.number().int(),
  /** Watching the recording counts towards attendance. */
  playbackCounts: z.boolean(),
  /** Null when the room cannot be watched now (upcoming, ended without recording) or not by this viewer. */
  play: livePlaySchema.nullable(),
  /** Why there is nothing to play for this viewer: '' or 'upcoming', 'ended', 'buy' (a priced course not bought). */
  blocked: z.enum(['', 'upcoming', 'ended', 'buy']),
  /** The signed-in learner's attendance; null for visitors. */
  attendance: liveAttendanceSchema.nullable(),
  reportSeconds: z.number().int(),
});
export type LiveRoom = z.infer<typeof liveRoomSchema>;

export const viewLiveRoomUrl = defineCall({
  name: 'viewLiveRoomUrl',
  method: 'GET',
  path: '/course/api/live/room/watch/url',
  access: 'visitor',
  summary:
    "A live room with its play address for its state: the live stream while live, the recording once ended, signed and short-lived where the provider signs; none before the start or for a priced course not bought; visitors only where the site's visitor mode is on",
  tags: ['live'],
  request: roomRef,
  response: liveRoomSchema,
});

/** What a report answers: the attendance now and what completing the lesson earned now. */
export const liveReportResponse = z.object({
  state: z.number().int(),
  attendance: liveAttendanceSchema,
  /** Credited now by this report (seconds). */
  creditedSeconds: z.number().int(),
  /** The hours and points the course earned now (once), else null. */
  earned: z.object({ creditHour: z.number(), points: z.number().int() }).nullable(),
});
export type LiveReport = z.infer<typeof liveReportResponse>;

export const watchLive = defineCall({
  name: 'watchLive',
  method: 'POST',
  path: '/course/auth/course/info/live/watch',
  summary:
    'Joins a live room or reports while its live stream plays (every 30 s): the time since the last report is credited by the server clock within the schedule, at most 75 s; 9701 before the start, 9702 after the end',
  tags: ['live'],
  request: roomRef,
  response: liveReportResponse,
});

export const watchPlayback = defineCall({
  name: 'watchPlayback',
  method: 'POST',
  path: '/course/auth/course/info/play/back/watch',
  summary:
    "Reports while an ended room's recording plays (every 30 s): credited like live time where the room lets the recording count; 9703 without a recording",
  tags: ['live'],
  request: roomRef,
  response: liveReportResponse,
});

export const leaveLive = defineCall({
  name: 'leaveLive',
  method: 'POST',
  path: '/course/auth/course/info/live/leave',
  summary:
    'Leaves a live room (the page closes or the player stops): the time since the last report is credited and the leave time kept',
  tags: ['live'],
  request: roomRef,
  response: liveReportResponse,
});

/** The header search's live type (type 2): rooms of published courses by title, soonest first. */
export const liveRoomCard = z.object({
  id: z.number().int(),
  title: z.string(),
  courseTitle: z.string(),
  coverUrl: z.string(),
  lecturerName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.number().int(),
});
export type LiveRoomCard = z.infer<typeof liveRoomCard>;

export const findLiveRooms = defineCall({
  name: 'findLiveRooms',
  method: 'GET',
  path: '/course/api/live/room/page',
  access: 'visitor',
  summary:
    "The enterprise's live rooms of published courses: live now first, then upcoming by start, then ended; by a keyword in the title (the header search's live type)",
  tags: ['live'],
  request: z.object({ keyword: z.string().trim().max(50).default('') }).extend(paging(12, 50)),
  response: pageResponse(liveRoomCard),
});

// ---- The back office (issue 24 item 4) ----

const isoDate = z.string().datetime({ offset: true });

/** A room as the back office edits it. */
export const liveRoomForm = z.object({
  courseId: id,
  chapterId: id,
  title: z.string().trim().min(1).max(100),
  lecturerId: id.nullable(),
  startsAt: isoDate,
  endsAt: isoDate,
  provider: z.number().int().min(1).max(4),
  /** Provider 1: the transcoded HLS video the channel publishes. */
  channelMaterialId: id.nullable(),
  recordingMaterialId: id.nullable(),
  playbackCounts: z.boolean(),
  /** 1–100, null: the enterprise's setting. */
  attendancePercent: z.number().int().min(1).max(100).nullable(),
  /** Counts towards the course's completion. */
  required: z.boolean(),
});
export type LiveRoomForm = z.infer<typeof liveRoomForm>;

export const adminLiveRoom = liveRoomForm.extend({
  id: z.number().int(),
  periodId: z.number().int(),
  courseTitle: z.string(),
  lecturerName: z.string(),
  state: z.number().int(),
  looped: z.boolean(),
  /** Providers 2–4: the stream's name; provider 2: where and how the lecturer pushes (OBS). */
  streamKey: z.string(),
  pushUrl: z.string(),
  attendeeCount: z.number().int(),
  completedCount: z.number().int(),
});
export type AdminLiveRoom = z.infer<typeof adminLiveRoom>;

export const findAdminLiveRooms = defineCall({
  name: 'findAdminLiveRooms',
  method: 'GET',
  path: '/course/auth/admin/live/room/page',
  summary:
    "The enterprise's live rooms, newest start first, by a keyword in the room's or the course's title and a state",
  tags: ['live'],
  request: z
    .object({
      keyword: z.string().trim().max(50).default(''),
      state: z.coerce.number().int().min(1).max(4).optional(),
    })
    .extend(paging(20, 100)),
  response: pageResponse(adminLiveRoom),
});

export const viewAdminLiveRoom = defineCall({
  name: 'viewAdminLiveRoom',
  method: 'GET',
  path: '/course/auth/admin/live/room/view',
  summary: 'One live room with its push address (provider 2) and attendance counts',
  tags: ['live'],
  request: roomRef,
  response: adminLiveRoom,
});

export const createLiveRoom = defineCall({
  name: 'createLiveRoom',
  method: 'POST',
  path: '/course/auth/admin/live/room/create',
  summary:
    'Schedules a live lesson: a period of type 4 at the end of the chapter with its room (9704 a bad schedule, 9705 the provider not configured, 9706 a material that cannot be played, 9707 an unknown course, chapter or lecturer)',
  tags: ['live'],
  request: liveRoomForm,
  response: adminLiveRoom,
});

export const editLiveRoom = defineCall({
  name: 'editLiveRoom',
  method: 'POST',
  path: '/course/auth/admin/live/room/edit',
  summary: "Changes a live room and its period's title and required flag (the course and chapter stay)",
  tags: ['live'],
  request: liveRoomForm.extend({ id }),
  response: adminLiveRoom,
});

export const deleteLiveRoom = defineCall({
  name: 'deleteLiveRoom',
  method: 'POST',
  path: '/course/auth/admin/live/room/delete',
  summary: 'Removes a live room with its period and its attendance (earned hours stay in the ledger)',
  tags: ['live'],
  request: roomRef,
  response: z.null(),
});

export const adminLiveAttendanceRow = z.object({
  accountId: z.number().int(),
  name: z.string(),
  phone: z.string().describe('Masked'),
  departmentName: z.string(),
  liveSeconds: z.number().int(),
  playbackSeconds: z.number().int(),
  joins: z.number().int(),
  firstJoinedAt: z.string(),
  lastLeftAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type AdminLiveAttendanceRow = z.infer<typeof adminLiveAttendanceRow>;

export const findLiveAttendance = defineCall({
  name: 'findLiveAttendance',
  method: 'GET',
  path: '/course/auth/admin/live/attendance/page',
  summary: "A room's attendance, longest first: live and recording time, joins, first join, last leave and completion",
  tags: ['live'],
  request: roomRef.extend(paging(20, 100)),
  response: pageResponse(adminLiveAttendanceRow),
});

export const exportLiveAttendance = defineCall({
  name: 'exportLiveAttendance',
  method: 'POST',
  path: '/course/auth/admin/live/attendance/export',
  summary: "Exports a room's attendance as XLSX in a background job: answers the administrator's export record",
  tags: ['live'],
  request: roomRef,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

/** An address of the live settings: empty, or of its form. */
const optionalAddress = (form: RegExp) => z.union([z.literal(''), z.string().trim().max(200).regex(form)]);
/** A play domain, with or without its scheme (https by default). */
const PLAY_DOMAIN = /^(https?:\/\/)?[A-Za-z0-9.-]+(:\d+)?$/;

/** The enterprise's live settings; keys are never answered, only whether one is kept. */
export const liveSettingsSchema = z.object({
  attendancePercent: z.number().int().min(1).max(100),
  /** Provider 2: where lecturers push (rtmp://host/app) and where viewers play (http(s)://host/app). */
  ingestPushUrl: z.string().trim().max(200),
  ingestPlayUrl: z.string().trim().max(200),
  /** Providers 3 and 4: the play domain and the application name. */
  aliyunPlayDomain: z.string().trim().max(200),
  aliyunAppName: z.string().trim().max(50),
  tencentPlayDomain: z.string().trim().max(200),
  tencentAppName: z.string().trim().max(50),
  hasIngestSecret: z.boolean(),
  hasAliyunKey: z.boolean(),
  hasTencentKey: z.boolean(),
});
export type LiveSettings = z.infer<typeof liveSettingsSchema>;

export const viewLiveSettings = defineCall({
  name: 'viewLiveSettings',
  method: 'GET',
  path: '/course/auth/admin/live/settings/view',
  summary: "The enterprise's live settings: the attendance share and the providers (keys never shown)",
  tags: ['live'],
  request: z.object({}),
  response: liveSettingsSchema,
});

export const saveLiveSettings = defineCall({
  name: 'saveLiveSettings',
  method: 'POST',
  path: '/course/auth/admin/live/settings/save',
  summary:
    "Saves the live settings; a key left empty keeps the one stored ('-' removes it); keys are encrypted and never answered",
  tags: ['live'],
  request: liveSettingsSchema.omit({ hasIngestSecret: true, hasAliyunKey: true, hasTencentKey: true }).extend({
    // The application is the address's last path segment (node-media-server signs /app/stream).
    ingestPushUrl: optionalAddress(/^rtmps?:\/\/[^/\s]+\/[^/\s]+$/),
    ingestPlayUrl: optionalAddress(/^https?:\/\/[^/\s]+\/[^/\s]+$/),
    aliyunPlayDomain: optionalAddress(PLAY_DOMAIN),
    tencentPlayDomain: optionalAddress(PLAY_DOMAIN),
    ingestSecret: z.string().trim().max(200).default(''),
    aliyunKey: z.string().trim().max(200).default(''),
    tencentKey: z.string().trim().max(200).default(''),
  }),
  response: liveSettingsSchema,
});
