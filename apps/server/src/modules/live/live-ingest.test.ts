import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveRoom, saveLiveSettings, viewAdminLiveRoom, viewLiveRoomUrl, type LiveRoom } from '@portal/contract';
import { freePort } from '../../../../../scripts/test-support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createStudyCourse, type Learner } from '../../test/factories.ts';

/**
 * The self-hosted ingest end to end (decision 060, provider 2): the media server of
 * `npm run media-server` (node-media-server 4), FFmpeg pushing the demo lecture as a lecturer's OBS
 * would to the push address the back office shows, and a learner's signed HTTP-FLV address
 * playing it; an address without the signature is refused.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const SECRET = 'ingest-secret-of-the-test-0001';
let t: TestApp;
let eid: number;
let admin: Learner;
let learner: Learner;
let mediaServer: ChildProcess;
let pusher: ChildProcess | undefined;
let rtmpPort: number;
let httpPort: number;

const as = (who: Learner) => ({ as: who });

/** Reads the first bytes of an HTTP-FLV stream (status, and up to `bytes` of the body). */
async function firstBytes(url: string, bytes = 13): Promise<{ status: number; head: Buffer }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 5000);
  try {
    const res = await fetch(url, { signal: abort.signal });
    if (res.status !== 200 || !res.body) return { status: res.status, head: Buffer.alloc(0) };
    const reader = res.body.getReader();
    let head = Buffer.alloc(0);
    while (head.length < bytes) {
      const { value, done } = await reader.read();
      if (done) break;
      head = Buffer.concat([head, Buffer.from(value)]);
    }
    abort.abort();
    return { status: res.status, head };
  } catch {
    return { status: 0, head: Buffer.alloc(0) };
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000' });
  const a = await createEnterprise(t.database.db, { name: '甲企业' });
  eid = a.eid;
  admin = await t.learner(a, { member: { isAdmin: true } });
  learner = await t.learner(a);
  rtmpPort = await freePort();
  httpPort = await freePort();
  mediaServer = spawn(process.execPath, [path.join(ROOT, 'scripts/media-server.mjs')], {
    env: {
      MEDIA_SERVER_SECRET: SECRET,
      MEDIA_RTMP_PORT: String(rtmpPort),
      MEDIA_HTTP_PORT: String(httpPort),
      MEDIA_BIND: '127.0.0.1',
      MEDIA_DATA_DIR: path.join(t.platform.config.DATA_DIR, 'media-server'),
    },
    stdio: 'ignore',
  });
});
afterAll(async () => {
  pusher?.kill('SIGKILL');
  mediaServer?.kill('SIGKILL');
  await t?.close();
});

describe('a self-hosted live room', () => {
  it('plays what the lecturer pushes, through the signed addresses only', async () => {
    const saved = await t.call(
      saveLiveSettings,
      {
        attendancePercent: 80,
        ingestPushUrl: `rtmp://127.0.0.1:${rtmpPort}/live`,
        ingestPlayUrl: `http://127.0.0.1:${httpPort}/live`,
        aliyunPlayDomain: '',
        aliyunAppName: '',
        tencentPlayDomain: '',
        tencentAppName: '',
        ingestSecret: SECRET,
        aliyunKey: '',
        tencentKey: '',
      },
      as(admin),
    );
    expect(saved.code).toBe(200);
    const { course, chapter } = await createStudyCourse(t.database.db, eid, { course: { title: '自建直播' } });
    const made = await t.call(
      createLiveRoom,
      {
        courseId: course.id,
        chapterId: chapter.id,
        title: '推流直播',
        lecturerId: null,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3600_000).toISOString(),
        provider: 2,
        channelMaterialId: null,
        recordingMaterialId: null,
        playbackCounts: true,
        attendancePercent: null,
        required: true,
      },
      as(admin),
    );
    expect(made.code).toBe(200);
    const room = (await t.call(viewAdminLiveRoom, { id: made.data!.id }, as(admin))).data!;
    expect(room.pushUrl).toMatch(
      new RegExp(`^rtmp://127\\.0\\.0\\.1:${rtmpPort}/live/${room.streamKey}\\?sign=\\d+-[0-9a-f]{32}$`),
    );

    // The lecturer's OBS: the demo lecture's first segment, looped in real time.
    pusher = spawn(
      ffmpegInstaller.path,
      [
        '-loglevel',
        'error',
        '-re',
        '-stream_loop',
        '-1',
        '-i',
        path.join(ROOT, 'apps/web/public/demo/media/lecture/segment-0.ts'),
        '-c',
        'copy',
        '-bsf:a',
        'aac_adtstoasc',
        '-f',
        'flv',
        room.pushUrl,
      ],
      { stdio: 'ignore' },
    );

    const live = (await t.call(viewLiveRoomUrl, { id: room.id }, as(learner))).data as LiveRoom;
    expect(live.play).toMatchObject({ format: 'flv', live: true });
    expect(live.play!.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${httpPort}/live/${room.streamKey}\\.flv\\?sign=\\d+-[0-9a-f]{32}$`),
    );
    // The stream is there once FFmpeg has connected and published (a few seconds at most).
    let played: { status: number; head: Buffer } = { status: 0, head: Buffer.alloc(0) };
    for (const until = Date.now() + 20_000; Date.now() < until;) {
      played = await firstBytes(live.play!.url);
      if (played.head.subarray(0, 3).toString('latin1') === 'FLV') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(played.status).toBe(200);
    expect(played.head.subarray(0, 3).toString('latin1')).toBe('FLV');
    // Without the signature, or with another stream's, nothing plays.
    const unsigned = await firstBytes(live.play!.url.replace(/\?.*$/, ''));
    expect(unsigned.head.subarray(0, 3).toString('latin1')).not.toBe('FLV');
    const forged = await firstBytes(live.play!.url.replace(/sign=(\d+)-[0-9a-f]{32}/, 'sign=$1-' + '0'.repeat(32)));
    expect(forged.head.subarray(0, 3).toString('latin1')).not.toBe('FLV');
  }, 60_000);
});
