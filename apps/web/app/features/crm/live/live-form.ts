import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  LIVE_MAX_HOURS,
  LiveProvider,
  liveRoomForm,
  type AdminLiveRoom,
  type LiveRoomForm,
  type LiveSettings,
  type saveLiveSettings,
} from '@portal/contract/calls/live';
import type { CallRequest } from '@portal/contract/call';
import { format } from '../../../lib/i18n.ts';
import type { Lang } from '../../../lib/navigation.ts';
import type { LiveText } from './live-messages.ts';

/**
 * The live room's form and the live settings' form without React (issue 24 item 4): the values
 * as the antd forms hold them, the requests they send, and their checks — the contract's
 * `liveRoomForm` (what the gateway checks) with messages in the page's language, and the rules
 * that schema cannot hold alone (the schedule's order and length, the channel's video).
 */

/** China has one offset all year (no daylight saving): the portal's times are China time. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const HOUR_MS = 3_600_000;

/**
 * A time picker's value for an instant: its China wall-clock time as the picker's own (local)
 * date, so an administrator anywhere picks and reads China time.
 */
export function chinaPickerValue(iso: string): Dayjs {
  const wall = new Date(new Date(iso).getTime() + CHINA_OFFSET_MS);
  return dayjs(
    new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes()),
  );
}

/** The instant a picker's China wall-clock value means, as the contract's ISO time with its offset. */
export function chinaIso(value: Dayjs): string {
  return `${value.format('YYYY-MM-DDTHH:mm')}:00+08:00`;
}

/** A new room's schedule: from the next whole hour (China time), one hour long. */
export function defaultSchedule(now: Date = new Date()): { startsAt: Dayjs; endsAt: Dayjs } {
  const next = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  return {
    startsAt: chinaPickerValue(new Date(next).toISOString()),
    endsAt: chinaPickerValue(new Date(next + HOUR_MS).toISOString()),
  };
}

/** What is wrong with a schedule the gateway would refuse with 9704, or null. */
export function scheduleProblem(
  startsAt: Dayjs | null | undefined,
  endsAt: Dayjs | null | undefined,
): 'endBeforeStart' | 'tooLong' | null {
  if (!startsAt || !endsAt) return null;
  const length = Date.parse(chinaIso(endsAt)) - Date.parse(chinaIso(startsAt));
  if (length <= 0) return 'endBeforeStart';
  if (length > LIVE_MAX_HOURS * HOUR_MS) return 'tooLong';
  return null;
}

/** The room form's values as antd holds them (empty selects undefined, times as picker values). */
export interface LiveRoomValues {
  courseId?: number;
  chapterId?: number;
  title?: string;
  lecturerId?: number | null;
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
  provider: number;
  channelMaterialId?: number | null;
  recordingMaterialId?: number | null;
  playbackCounts?: boolean;
  attendancePercent?: number | null;
  required?: boolean;
}

export type LiveRoomField = keyof LiveRoomForm;

/** A new room's values: the portal's channel, the recording counting, the lesson required. */
export function newRoomValues(now?: Date): LiveRoomValues {
  return {
    ...defaultSchedule(now),
    title: '',
    lecturerId: null,
    provider: LiveProvider.CHANNEL,
    channelMaterialId: null,
    recordingMaterialId: null,
    playbackCounts: true,
    attendancePercent: null,
    required: true,
  };
}

/** An existing room's values for its form. */
export function roomValues(room: AdminLiveRoom): LiveRoomValues {
  return {
    courseId: room.courseId,
    chapterId: room.chapterId,
    title: room.title,
    lecturerId: room.lecturerId,
    startsAt: chinaPickerValue(room.startsAt),
    endsAt: chinaPickerValue(room.endsAt),
    provider: room.provider,
    channelMaterialId: room.channelMaterialId,
    recordingMaterialId: room.recordingMaterialId,
    playbackCounts: room.playbackCounts,
    attendancePercent: room.attendancePercent,
    required: room.required,
  };
}

/** One field's value as the contract reads it: an empty optional choice is null. */
function fieldInput(field: LiveRoomField, v: LiveRoomValues): unknown {
  switch (field) {
    case 'title':
      return v.title ?? '';
    case 'startsAt':
    case 'endsAt': {
      const d = v[field];
      return d ? chinaIso(d) : '';
    }
    case 'channelMaterialId':
      // Only the channel plays a video of the library as its stream.
      return v.provider === LiveProvider.CHANNEL ? (v.channelMaterialId ?? null) : null;
    case 'lecturerId':
    case 'recordingMaterialId':
    case 'attendancePercent':
      return v[field] ?? null;
    case 'playbackCounts':
    case 'required':
      return v[field] ?? false;
    default:
      return v[field];
  }
}

const FIELDS = Object.keys(liveRoomForm.shape) as LiveRoomField[];

/** The request the form's values make (not yet checked). */
export function roomInput(v: LiveRoomValues): Record<LiveRoomField, unknown> {
  return Object.fromEntries(FIELDS.map((f) => [f, fieldInput(f, v)])) as Record<LiveRoomField, unknown>;
}

/** A field's name inside a sentence (lower case in English: "Choose the course"). */
function labelOf(field: LiveRoomField, t: LiveText, lang: Lang): string {
  const labels: Record<LiveRoomField, string> = {
    courseId: t.course,
    chapterId: t.chapter,
    title: t.title,
    lecturerId: t.lecturer,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    provider: t.provider,
    channelMaterialId: t.channelMaterial,
    recordingMaterialId: t.recording,
    playbackCounts: t.playbackCounts,
    attendancePercent: t.percentName,
    required: t.required,
  };
  const label = labels[field];
  return lang === 'en' ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** A contract issue of a field in the page's language. */
export function issueText(field: LiveRoomField, issue: z.core.$ZodIssue, t: LiveText, lang: Lang): string {
  const label = labelOf(field, t, lang);
  if (field === 'title') {
    if (issue.code === 'too_big') return format(t.tooLongText, { label, max: Number(issue.maximum) });
    return format(t.fill, { label });
  }
  if (field === 'attendancePercent') return format(t.range, { label, min: 1, max: 100 });
  if (field === 'playbackCounts' || field === 'required') return format(t.invalid, { label });
  return format(t.choose, { label });
}

/** A field's message from the contract's own check of it, or null when it passes. */
export function fieldProblem(field: LiveRoomField, v: LiveRoomValues, t: LiveText, lang: Lang): string | null {
  const checked = liveRoomForm.shape[field].safeParse(fieldInput(field, v));
  if (!checked.success) return issueText(field, checked.error.issues[0]!, t, lang);
  if (field === 'channelMaterialId' && channelMissing(v)) return format(t.choose, { label: labelOf(field, t, lang) });
  return null;
}

/** The portal's channel broadcasts a video of the library: it cannot go without one. */
const channelMissing = (v: LiveRoomValues) => v.provider === LiveProvider.CHANNEL && !v.channelMaterialId;

export type RoomCheck = { ok: true; data: LiveRoomForm } | { ok: false; errors: Array<[LiveRoomField, string]> };

/**
 * The whole form checked as the gateway checks it (the contract's `liveRoomForm`), and the rules
 * across fields: the channel needs its video; the end after the start, at most LIVE_MAX_HOURS later.
 * One message a field, the first.
 */
export function checkRoom(v: LiveRoomValues, t: LiveText, lang: Lang): RoomCheck {
  const errors = new Map<LiveRoomField, string>();
  const checked = liveRoomForm.safeParse(roomInput(v));
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as LiveRoomField;
      if (!errors.has(field)) errors.set(field, issueText(field, issue, t, lang));
    }
  }
  if (channelMissing(v) && !errors.has('channelMaterialId')) {
    errors.set('channelMaterialId', format(t.choose, { label: labelOf('channelMaterialId', t, lang) }));
  }
  const schedule = scheduleProblem(v.startsAt, v.endsAt);
  if (schedule && !errors.has('endsAt')) errors.set('endsAt', scheduleText(schedule, t));
  if (errors.size > 0 || !checked.success) return { ok: false, errors: [...errors] };
  return { ok: true, data: checked.data };
}

export function scheduleText(problem: 'endBeforeStart' | 'tooLong', t: LiveText): string {
  return problem === 'endBeforeStart' ? t.endBeforeStart : format(t.tooLong, { hours: LIVE_MAX_HOURS });
}

// ---- The live settings ----

export type LiveSettingsRequest = CallRequest<typeof saveLiveSettings>;
/** The settings form's values: the settings without the `hasXxx` flags, keys as typed ('' keeps). */
export type LiveSettingsValues = Omit<LiveSettingsRequest, 'ingestSecret' | 'aliyunKey' | 'tencentKey'> & {
  ingestSecret?: string;
  aliyunKey?: string;
  tencentKey?: string;
};

/** The form's values from the stored settings: keys are never answered, their inputs start empty. */
export function settingsValues(s: LiveSettings): LiveSettingsValues {
  return {
    attendancePercent: s.attendancePercent,
    ingestPushUrl: s.ingestPushUrl,
    ingestPlayUrl: s.ingestPlayUrl,
    aliyunPlayDomain: s.aliyunPlayDomain,
    aliyunAppName: s.aliyunAppName,
    tencentPlayDomain: s.tencentPlayDomain,
    tencentAppName: s.tencentAppName,
    ingestSecret: '',
    aliyunKey: '',
    tencentKey: '',
  };
}

/** What saving sends: texts trimmed; a key left empty keeps the stored one, '-' removes it. */
export function settingsRequest(v: LiveSettingsValues): LiveSettingsRequest {
  const text = (s: string | undefined) => (s ?? '').trim();
  return {
    attendancePercent: v.attendancePercent,
    ingestPushUrl: text(v.ingestPushUrl),
    ingestPlayUrl: text(v.ingestPlayUrl),
    aliyunPlayDomain: text(v.aliyunPlayDomain),
    aliyunAppName: text(v.aliyunAppName),
    tencentPlayDomain: text(v.tencentPlayDomain),
    tencentAppName: text(v.tencentAppName),
    ingestSecret: text(v.ingestSecret),
    aliyunKey: text(v.aliyunKey),
    tencentKey: text(v.tencentKey),
  };
}

/**
 * The address forms the settings take ('' is none): the media server's push and play addresses
 * end in its application (`rtmp://host/app`, `https://host/app`: the stream key follows it); a
 * cloud's play domain is a host name, its scheme optional (https when none).
 */
export const RTMP_URL = /^(?:$|rtmps?:\/\/[^\s/?#]+\/[^\s?#]+$)/i;
export const HTTP_URL = /^(?:$|https?:\/\/[^\s/?#]+\/[^\s?#]+$)/i;
export const DOMAIN =
  /^(?:$|(?:https?:\/\/)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?\/?$)/i;

/**
 * Whether the live settings hold what a provider needs to stream (the gateway refuses a room of a
 * provider that lacks it with 9705): the media server's push and play addresses; a cloud's play
 * domain and key (its application is `live` unless named). The portal's channel needs nothing.
 */
export function providerConfigured(provider: number, s: LiveSettings): boolean {
  if (provider === LiveProvider.INGEST) return s.ingestPushUrl !== '' && s.ingestPlayUrl !== '';
  if (provider === LiveProvider.ALIYUN) return s.aliyunPlayDomain !== '' && s.hasAliyunKey;
  if (provider === LiveProvider.TENCENT) return s.tencentPlayDomain !== '' && s.hasTencentKey;
  return true;
}

/**
 * OBS's two fields from a room's push address (`rtmp://host/app/{streamKey}`, signed with
 * `?sign=…` when the media server has a key): the server up to the application, and the stream
 * key with its signature. Null when the address is not of that form.
 */
export function obsFields(pushUrl: string, streamKey: string): { server: string; key: string } | null {
  const at = streamKey ? pushUrl.lastIndexOf(`/${streamKey}`) : -1;
  if (at <= 0) return null;
  return { server: pushUrl.slice(0, at), key: pushUrl.slice(at + 1) };
}
