import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { schema, type Db } from '@portal/db';
import { FFMPEG_PATH } from '../modules/media/index.ts';

const execFileAsync = promisify(execFile);

let seq = 0;

/** A library material of `eid` (a ready direct-URL video by default). */
export async function createMaterial(
  db: Db,
  eid: number,
  values: Partial<typeof schema.resourceMaterials.$inferInsert> = {},
) {
  const n = ++seq;
  const [row] = await db
    .insert(schema.resourceMaterials)
    .values({
      eid,
      kind: 1,
      title: `素材${n}`,
      fileName: `material-${n}.mp4`,
      fileSize: 1000 + n,
      vodPlatform: 4,
      url: `https://media.example.com/${n}.m3u8`,
      durationSeconds: 60,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A short test video made by the bundled FFmpeg (testsrc2 and a sine tone, H.264/AAC in MP4), as
 * bytes: `seconds` long, `width`×`height`.
 */
export async function makeTestVideo(seconds: number, size = '320x240'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-video-'));
  const file = path.join(dir, 'video.mp4');
  try {
    await execFileAsync(FFMPEG_PATH, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=24:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
