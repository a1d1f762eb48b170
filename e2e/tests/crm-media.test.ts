import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { describe, expect, it } from 'vitest';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';

// The media library (issue 21 item 3, decision 041): the demo administrator uploads a short video
// through /en/crm/media (tus in chunks), the background job transcodes it, the row shows it ready
// with its duration. In English (the zh texts are the same keys).
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };

async function makeVideo(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-video-'));
  const file = path.join(dir, 'safety-briefing.mp4');
  try {
    await promisify(execFile)(ffmpeg.path, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=320x240:rate=24:duration=${seconds}`,
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

describe.runIf(browserAvailable())('the media library (/crm/media)', () => {
  const session = browserSession();
  const page = () => session.b.page;

  it('the administrator uploads a video, watches it transcode, and sees it ready with its duration', async () => {
    const video = await makeVideo(3);
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/media' });
    await page().getByRole('heading', { name: 'Media library' }).waitFor();
    await page().waitForLoadState('networkidle');
    await page()
      .locator('input[type=file]')
      .setInputFiles({ name: 'safety-briefing.mp4', mimeType: 'video/mp4', buffer: video });
    await page().getByText('safety-briefing.mp4 uploaded').waitFor({ timeout: 30_000 });
    const row = page().locator('tbody tr.ant-table-row').filter({ hasText: 'safety-briefing.mp4' }).first();
    // Queued or transcoding first, then ready with its length, the list polling meanwhile.
    await expect.poll(() => row.textContent(), { timeout: 120_000, interval: 500 }).toContain('Ready');
    expect(await row.textContent()).toContain('0:03');
    expect(await row.textContent()).toContain('Video');
    await page().goto(url('/crm/media'));
    await page().getByRole('heading', { name: '资源库' }).waitFor();
  }, 180_000);
});
