import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { Logger } from 'pino';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { DEMO_LECTURE_SOURCE, schema, type Db } from '@portal/db';
import { newMediaFolder, type FileStorage } from '../../platform/storage.ts';
import type { UploadSources } from './media-files.ts';
import type { TranscodeJob } from './media.service.ts';

/** The FFmpeg binary the npm package ships (`npm install` is all a newcomer runs). */
export const FFMPEG_PATH: string = ffmpegInstaller.path;

/** Two renditions (decision 041): height and video bit rate. */
const RENDITIONS = [
  { height: 360, bitrate: 800 },
  { height: 720, bitrate: 2500 },
] as const;

/** How often the running job writes its progress to the row (ms). */
const PROGRESS_EVERY_MS = 1000;

export interface Probe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  /** The video's frame size (0 when not found). */
  width: number;
  height: number;
}

/** What `ffmpeg -i` says of a file on stderr: its duration and streams. */
export function parseProbe(stderr: string): Probe {
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSeconds = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : 0;
  const size = /Stream #\d+:\d+.*: Video:.*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  return {
    durationSeconds,
    width: size ? Number(size[1]) : 0,
    height: size ? Number(size[2]) : 0,
    hasVideo: /Stream #\d+:\d+.*: Video:/.test(stderr),
    hasAudio: /Stream #\d+:\d+.*: Audio:/.test(stderr),
  };
}

/** The last meaningful line FFmpeg wrote: the reason a failed run gives. */
function reasonOf(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('Press [q]'));
  return (lines.at(-1) ?? 'ffmpeg failed').slice(0, 300);
}

/**
 * The FFmpeg processes this process runs. They end with it: a stopped portal (or a test's) left
 * them running on, a minute of both cores each, with nothing to read what they made.
 */
const running = new Set<ChildProcess>();
let endsWithProcess = false;

function track(child: ChildProcess): void {
  running.add(child);
  child.once('close', () => running.delete(child));
  if (endsWithProcess) return;
  endsWithProcess = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

/** Runs FFmpeg at low priority; resolves with its stderr, rejects with the reason when it fails. */
function runFfmpeg(args: string[], onStdout?: (chunk: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    // Below the gateway's priority: learners' calls stay fast while a video transcodes.
    if (child.pid) {
      try {
        setPriority(child.pid, 15);
      } catch {
        // Not allowed here: runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => {
      stderr = (stderr + s).slice(-20_000);
    });
    child.stdout.setEncoding('utf8').on('data', (s: string) => onStdout?.(s));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stderr) : reject(new TranscodeError(reasonOf(stderr), stderr))));
  });
}

/** A transcoding that cannot succeed (the file is not a video FFmpeg reads): the material fails with its reason. */
export class TranscodeError extends Error {
  constructor(
    message: string,
    readonly stderr = '',
  ) {
    super(message);
  }
}

/**
 * What `ffmpeg -i` finds in the file (it exits 1 without an output: only its stderr counts). A
 * file without a video stream fails with FFmpeg's reason (e.g. "Invalid data found when
 * processing input").
 */
export async function probe(file: string): Promise<Probe> {
  const stderr = await runFfmpeg(['-i', file]).catch((err: unknown) => {
    if (err instanceof TranscodeError) return err.stderr;
    throw err;
  });
  const found = parseProbe(stderr);
  if (!found.hasVideo) {
    const said = stderr.split('\n').find((l) => /Invalid data|could not find|No such file|moov atom/i.test(l));
    throw new TranscodeError((said?.trim() || 'no video stream in the file').slice(0, 300));
  }
  if (!(found.durationSeconds > 0)) throw new TranscodeError('the video has no duration');
  return found;
}

/** The arguments of one FFmpeg run making both HLS renditions and the master playlist into `out`. */
export function hlsArgs(input: string, out: string, p: Probe, threads: number): string[] {
  const split = RENDITIONS.map((_, i) => `[s${i}]`).join('');
  const scaled = RENDITIONS.map((r, i) => `[s${i}]scale=-2:'min(${r.height},ih)'[v${i}]`).join(';');
  const args = ['-y', '-threads', String(threads), '-i', input];
  args.push('-filter_complex', `[0:v]split=${RENDITIONS.length}${split};${scaled}`, '-filter_complex_threads', '1');
  RENDITIONS.forEach((_, i) => {
    args.push('-map', `[v${i}]`);
    if (p.hasAudio) args.push('-map', '0:a:0');
  });
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  args.push('-g', '48', '-keyint_min', '48', '-sc_threshold', '0', '-threads', String(threads));
  RENDITIONS.forEach((r, i) => {
    args.push(`-b:v:${i}`, `${r.bitrate}k`, `-maxrate:v:${i}`, `${Math.round(r.bitrate * 1.07)}k`);
    args.push(`-bufsize:v:${i}`, `${r.bitrate * 1.5}k`);
  });
  if (p.hasAudio) args.push('-c:a', 'aac', '-b:a', '96k', '-ac', '2');
  const streams = RENDITIONS.map((_, i) => (p.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  args.push('-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments');
  // The master playlist is written by masterPlaylist: this FFmpeg (4.1) crashes at its end when it
  // writes one for several variants (-master_pl_name).
  args.push('-hls_segment_filename', path.join(out, 'v%v_%03d.ts'));
  args.push('-var_stream_map', streams, '-progress', 'pipe:1', '-nostats', path.join(out, 'v%v.m3u8'));
  return args;
}

/** The demo lecture's length (decision 041): long enough to study, cheap to make and transcode. */
export const DEMO_LECTURE_SECONDS = 60;

/**
 * The demo lecture (decision 041): a 720p test picture with a clock and a tone, made by the
 * bundled FFmpeg at the fastest preset (a few seconds), as an uploaded original would be.
 */
export async function makeDemoLecture(file: string, seconds = DEMO_LECTURE_SECONDS): Promise<void> {
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:beep_factor=4:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    // The source has no extension to name its format by.
    '-f',
    'mp4',
    file,
  ]);
}

/** The master playlist naming both renditions, their bandwidth and frame size. */
export function masterPlaylist(p: Probe): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  RENDITIONS.forEach((r, i) => {
    const height = p.height > 0 ? Math.min(r.height, p.height) : r.height;
    const width = p.height > 0 ? Math.round((p.width * height) / p.height / 2) * 2 : 0;
    const bandwidth = Math.round(r.bitrate * 1.07 + (p.hasAudio ? 96 : 0)) * 1000;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth}${width ? `,RESOLUTION=${width}x${height}` : ''}`,
      `v${i}.m3u8`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/**
 * The transcoding job (DESIGN.md section 9, decision 041): an uploaded video to HLS in two
 * renditions with a master playlist, a poster frame and the duration read from the file, its
 * progress written to the row while it runs, then ready (the URL of the master playlist, served
 * from the storage) or failed with FFmpeg's reason. Idempotent: a ready or failed material is
 * left alone, and a job run again after a crash starts over in a new folder. Temporary files are
 * removed whatever happens; the uploaded original once the video is ready.
 */
export class Transcoder {
  constructor(
    private readonly d: {
      db: Db;
      storage: FileStorage;
      sources: UploadSources;
      threads: number;
      demoLectureSeconds?: number;
      log: Pick<Logger, 'info' | 'warn' | 'error'>;
    },
  ) {}

  private async update(job: TranscodeJob, values: Partial<typeof schema.resourceMaterials.$inferInsert>) {
    const m = schema.resourceMaterials;
    await this.d.db
      .update(m)
      .set(values)
      .where(and(eq(m.eid, job.eid), eq(m.id, job.materialId)));
  }

  async run(job: TranscodeJob): Promise<void> {
    const m = schema.resourceMaterials;
    const [row] = await this.d.db
      .select()
      .from(m)
      .where(and(eq(m.eid, job.eid), eq(m.id, job.materialId)));
    if (!row || row.kind !== 1 || row.transcodeState === 'ready' || row.transcodeState === 'failed') return;
    if (row.sourceKey.startsWith(DEMO_LECTURE_SOURCE)) {
      // Every demo site's lecture is the same video: transcoded once, the others share its files.
      const [done] = await this.d.db
        .select({ url: m.url, posterUrl: m.posterUrl, durationSeconds: m.durationSeconds, fileSize: m.fileSize })
        .from(m)
        .where(and(like(m.sourceKey, `${DEMO_LECTURE_SOURCE}%`), eq(m.transcodeState, 'ready')))
        .limit(1);
      if (done) return this.update(job, { ...done, transcodeState: 'ready', transcodeProgress: 100 });
    }
    await this.update(job, { transcodeState: 'running', transcodeProgress: 0, transcodeError: '' });
    const work = await mkdtemp(path.join(tmpdir(), 'portal-transcode-'));
    const started = Date.now();
    try {
      const input = path.join(work, 'source');
      const demo = row.sourceKey.startsWith(DEMO_LECTURE_SOURCE);
      if (demo) await makeDemoLecture(input, this.d.demoLectureSeconds);
      else await this.d.sources.copyTo(row.sourceKey, input);
      const found = await probe(input);
      const out = path.join(work, 'out');
      await mkdir(out);
      let last = 0;
      let lastPct = 0;
      let buffered = '';
      let pending: Promise<void> = Promise.resolve();
      await runFfmpeg(hlsArgs(input, out, found, this.d.threads), (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const us = /^out_time_us=(\d+)/.exec(line);
          if (!us) continue;
          const pct = Math.min(99, Math.floor((Number(us[1]) / 1e6 / found.durationSeconds) * 100));
          const now = Date.now();
          if (pct > lastPct && now - last >= PROGRESS_EVERY_MS) {
            last = now;
            lastPct = pct;
            pending = pending.then(() => this.update(job, { transcodeProgress: pct })).catch(() => {});
          }
        }
      });
      await pending;
      await writeFile(path.join(out, 'master.m3u8'), masterPlaylist(found));
      // The poster: a frame a little into the video (past a black first frame).
      const at = Math.min(3, found.durationSeconds / 3).toFixed(2);
      await runFfmpeg([
        '-y',
        '-ss',
        at,
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        "scale=-2:'min(720,ih)'",
        '-q:v',
        '4',
        path.join(out, 'poster.jpg'),
      ]);
      const folder = newMediaFolder(job.eid);
      // Segments first, the master playlist last: a URL that exists finds everything it names.
      const files = (await readdir(out)).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
      for (const f of files) await this.d.storage.putStream(`${folder}/${f}`, createReadStream(path.join(out, f)));
      await this.update(job, {
        transcodeState: 'ready',
        transcodeProgress: 100,
        durationSeconds: Math.max(1, Math.round(found.durationSeconds)),
        url: `/uploads/${folder}/master.m3u8`,
        posterUrl: `/uploads/${folder}/poster.jpg`,
        // The demo lecture was made here: its size is the file FFmpeg made (an upload's is known).
        ...(demo ? { fileSize: (await stat(input)).size } : {}),
      });
      this.d.log.info(
        { eid: job.eid, materialId: job.materialId, seconds: found.durationSeconds, tookMs: Date.now() - started },
        'media: transcoded',
      );
      if (!demo) await this.d.sources.remove(row.sourceKey);
    } catch (err) {
      if (!(err instanceof TranscodeError)) throw err;
      this.d.log.warn({ eid: job.eid, materialId: job.materialId, reason: err.message }, 'media: transcoding failed');
      await this.update(job, { transcodeState: 'failed', transcodeError: err.message });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

/** Upload order: segments, then the renditions' playlists, the poster, the master playlist. */
const rank = (f: string) => (f.endsWith('.ts') ? 0 : f === 'master.m3u8' ? 3 : f.endsWith('.m3u8') ? 1 : 2);
