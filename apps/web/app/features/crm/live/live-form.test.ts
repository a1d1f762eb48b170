import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { LIVE_MAX_HOURS, liveRoomForm, type AdminLiveRoom, type LiveSettings } from '@portal/contract/calls/live';
import { pick } from '../../../lib/i18n.ts';
import {
  DOMAIN,
  HTTP_URL,
  RTMP_URL,
  checkRoom,
  chinaIso,
  chinaPickerValue,
  defaultSchedule,
  fieldProblem,
  newRoomValues,
  obsFields,
  providerConfigured,
  roomInput,
  roomValues,
  scheduleProblem,
  settingsRequest,
  settingsValues,
  type LiveRoomValues,
} from './live-form.ts';
import { liveMessages } from './live-messages.ts';

const zh = pick(liveMessages, 'zh');
const en = pick(liveMessages, 'en');

/** A picker value of a China wall-clock time. */
const wall = (text: string) => dayjs(text);

const valid = (): LiveRoomValues => ({
  courseId: 3,
  chapterId: 7,
  title: ' 新员工直播 ',
  lecturerId: null,
  startsAt: wall('2026-05-01 19:00'),
  endsAt: wall('2026-05-01 21:00'),
  provider: 1,
  channelMaterialId: 11,
  recordingMaterialId: null,
  playbackCounts: true,
  attendancePercent: null,
  required: true,
});

const settings = (over: Partial<LiveSettings> = {}): LiveSettings => ({
  attendancePercent: 80,
  ingestPushUrl: '',
  ingestPlayUrl: '',
  aliyunPlayDomain: '',
  aliyunAppName: '',
  tencentPlayDomain: '',
  tencentAppName: '',
  hasIngestSecret: false,
  hasAliyunKey: false,
  hasTencentKey: false,
  ...over,
});

describe('China time in the pickers', () => {
  it('shows an instant as its China wall-clock time and sends that time with its +08:00 offset', () => {
    const picked = chinaPickerValue('2026-05-01T11:00:00.000Z');
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-05-01 19:00');
    expect(chinaIso(picked)).toBe('2026-05-01T19:00:00+08:00');
    // Across the date line of UTC: 23:30 UTC is 07:30 the next day in China.
    expect(chinaPickerValue('2026-12-31T23:30:00Z').format('YYYY-MM-DD HH:mm')).toBe('2027-01-01 07:30');
    // The round trip keeps the instant.
    expect(Date.parse(chinaIso(chinaPickerValue('2026-03-08T02:15:00Z')))).toBe(Date.parse('2026-03-08T02:15:00Z'));
  });

  it('starts a new room at the next whole hour, one hour long', () => {
    const { startsAt, endsAt } = defaultSchedule(new Date('2026-05-01T11:20:00Z'));
    expect(chinaIso(startsAt)).toBe('2026-05-01T20:00:00+08:00');
    expect(chinaIso(endsAt)).toBe('2026-05-01T21:00:00+08:00');
  });
});

describe('the schedule', () => {
  it('needs the end after the start and at most LIVE_MAX_HOURS later', () => {
    const start = wall('2026-05-01 19:00');
    expect(scheduleProblem(start, start)).toBe('endBeforeStart');
    expect(scheduleProblem(start, start.subtract(1, 'minute'))).toBe('endBeforeStart');
    expect(scheduleProblem(start, start.add(LIVE_MAX_HOURS, 'hour'))).toBeNull();
    expect(scheduleProblem(start, start.add(LIVE_MAX_HOURS, 'hour').add(1, 'minute'))).toBe('tooLong');
    expect(scheduleProblem(start, null)).toBeNull();
  });
});

describe('the room form', () => {
  it('sends what the contract takes: times in China time, the title trimmed, no channel video off the channel', () => {
    const checked = checkRoom({ ...valid(), provider: 2 }, zh, 'zh');
    expect(checked).toEqual({
      ok: true,
      data: {
        courseId: 3,
        chapterId: 7,
        title: '新员工直播',
        lecturerId: null,
        startsAt: '2026-05-01T19:00:00+08:00',
        endsAt: '2026-05-01T21:00:00+08:00',
        provider: 2,
        channelMaterialId: null,
        recordingMaterialId: null,
        playbackCounts: true,
        attendancePercent: null,
        required: true,
      },
    });
    expect(liveRoomForm.safeParse(roomInput(valid())).success).toBe(true);
  });

  it('names each wrong field once, in the page language', () => {
    const checked = checkRoom(
      {
        ...valid(),
        courseId: undefined,
        title: 'x'.repeat(101),
        attendancePercent: 0,
        channelMaterialId: null,
        endsAt: wall('2026-05-02 19:01'),
      },
      zh,
      'zh',
    );
    expect(checked.ok).toBe(false);
    expect(checked.ok ? null : Object.fromEntries(checked.errors)).toEqual({
      courseId: '请选择课程',
      title: '直播标题最多100个字',
      attendancePercent: '出勤比例为1到100的整数',
      channelMaterialId: '请选择频道视频',
      endsAt: `直播时长不能超过 ${LIVE_MAX_HOURS} 小时`,
    });
    const english = checkRoom(
      { ...valid(), chapterId: undefined, title: '  ', endsAt: wall('2026-05-01 18:00') },
      en,
      'en',
    );
    expect(english.ok ? null : Object.fromEntries(english.errors)).toEqual({
      chapterId: 'Choose the chapter',
      title: 'Enter the title',
      endsAt: 'The end must be after the start',
    });
  });

  it('checks one field as the form rule does, with the channel’s video only for the channel', () => {
    expect(fieldProblem('channelMaterialId', { ...valid(), channelMaterialId: null }, zh, 'zh')).toBe('请选择频道视频');
    expect(
      fieldProblem('channelMaterialId', { ...valid(), provider: 3, channelMaterialId: null }, zh, 'zh'),
    ).toBeNull();
    expect(fieldProblem('attendancePercent', { ...valid(), attendancePercent: 101 }, en, 'en')).toBe(
      'The attendance share is a whole number from 1 to 100',
    );
    expect(fieldProblem('attendancePercent', { ...valid(), attendancePercent: undefined }, zh, 'zh')).toBeNull();
    expect(fieldProblem('lecturerId', { ...valid(), lecturerId: undefined }, zh, 'zh')).toBeNull();
    expect(fieldProblem('startsAt', { ...valid(), startsAt: null }, zh, 'zh')).toBe('请选择开始时间');
  });

  it('edits a room as it is and starts a new one on the channel', () => {
    const room = {
      id: 5,
      periodId: 9,
      courseId: 3,
      courseTitle: '安全生产',
      chapterId: 7,
      title: '直播',
      lecturerId: 2,
      lecturerName: '王老师',
      startsAt: '2026-05-01T11:00:00.000Z',
      endsAt: '2026-05-01T12:30:00.000Z',
      provider: 2,
      channelMaterialId: null,
      recordingMaterialId: 4,
      playbackCounts: false,
      attendancePercent: 60,
      required: false,
      state: 1,
      looped: false,
      streamKey: 'k',
      pushUrl: 'rtmp://x/live',
      attendeeCount: 0,
      completedCount: 0,
    } satisfies AdminLiveRoom;
    const values = roomValues(room);
    expect(values.startsAt?.format('YYYY-MM-DD HH:mm')).toBe('2026-05-01 19:00');
    expect(checkRoom(values, zh, 'zh')).toMatchObject({
      ok: true,
      data: { endsAt: '2026-05-01T20:30:00+08:00', recordingMaterialId: 4, attendancePercent: 60, required: false },
    });
    expect(newRoomValues(new Date('2026-05-01T11:20:00Z'))).toMatchObject({
      provider: 1,
      playbackCounts: true,
      required: true,
    });
  });
});

describe('the live settings', () => {
  it('sends keys as typed (empty keeps, "-" removes) and starts with empty key boxes', () => {
    const values = settingsValues(settings({ hasAliyunKey: true, aliyunPlayDomain: 'play.example.com' }));
    expect(values.aliyunKey).toBe('');
    expect(settingsRequest({ ...values, ingestPushUrl: ' rtmp://live.example.com/live ', tencentKey: '-' })).toEqual({
      attendancePercent: 80,
      ingestPushUrl: 'rtmp://live.example.com/live',
      ingestPlayUrl: '',
      aliyunPlayDomain: 'play.example.com',
      aliyunAppName: '',
      tencentPlayDomain: '',
      tencentAppName: '',
      ingestSecret: '',
      aliyunKey: '',
      tencentKey: '-',
    });
  });

  it('takes only the address forms each field means', () => {
    expect(RTMP_URL.test('rtmp://live.example.com/live')).toBe(true);
    expect(RTMP_URL.test('rtmps://live.example.com:443/app')).toBe(true);
    expect(RTMP_URL.test('')).toBe(true);
    expect(RTMP_URL.test('http://live.example.com/live')).toBe(false);
    // The application is the last part of the path: without it there is nowhere to push.
    expect(RTMP_URL.test('rtmp://live.example.com')).toBe(false);
    expect(RTMP_URL.test('rtmp://live.example.com/')).toBe(false);
    expect(RTMP_URL.test('rtmp://')).toBe(false);
    expect(HTTP_URL.test('https://live.example.com/live')).toBe(true);
    expect(HTTP_URL.test('https://live.example.com')).toBe(false);
    expect(HTTP_URL.test('rtmp://live.example.com/live')).toBe(false);
    expect(DOMAIN.test('play.example.com')).toBe(true);
    expect(DOMAIN.test('https://play.example.com')).toBe(true);
    expect(DOMAIN.test('play.example.com:8443')).toBe(true);
    expect(DOMAIN.test('play.example.com/live')).toBe(false);
    expect(DOMAIN.test('ftp://play.example.com')).toBe(false);
    expect(DOMAIN.test('play example.com')).toBe(false);
  });

  it('tells which providers the settings configure, as the gateway does', () => {
    expect(providerConfigured(1, settings())).toBe(true);
    expect(providerConfigured(2, settings({ ingestPushUrl: 'rtmp://a/live' }))).toBe(false);
    expect(providerConfigured(2, settings({ ingestPushUrl: 'rtmp://a/live', ingestPlayUrl: 'https://a/live' }))).toBe(
      true,
    );
    expect(providerConfigured(3, settings({ aliyunPlayDomain: 'p.example.com', aliyunAppName: 'live' }))).toBe(false);
    expect(providerConfigured(3, settings({ aliyunPlayDomain: 'p.example.com', hasAliyunKey: true }))).toBe(true);
    expect(providerConfigured(4, settings({ aliyunPlayDomain: 'p.example.com', hasAliyunKey: true }))).toBe(false);
    expect(providerConfigured(4, settings({ tencentPlayDomain: 'p.example.com', hasTencentKey: true }))).toBe(true);
  });
});

describe('the streaming details', () => {
  it("splits the push address into OBS's server and stream key, the signature with the key", () => {
    expect(obsFields('rtmp://live.example.com/live/abc123?sign=1767225600-0f0e', 'abc123')).toEqual({
      server: 'rtmp://live.example.com/live',
      key: 'abc123?sign=1767225600-0f0e',
    });
    expect(obsFields('rtmp://live.example.com/live/abc123', 'abc123')).toEqual({
      server: 'rtmp://live.example.com/live',
      key: 'abc123',
    });
    expect(obsFields('', 'abc123')).toBeNull();
    expect(obsFields('rtmp://live.example.com/live/other', 'abc123')).toBeNull();
    expect(obsFields('rtmp://live.example.com/live/abc123', '')).toBeNull();
  });
});
