import { spawn, execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';

/** The FFmpeg processes whose parent is `pid` (pgrep exits 1 when there are none). */
const ffmpegOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid), 'ffmpeg'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

it('ends its FFmpeg when the process exits: a stopped portal leaves no transcoding running', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'ffmpeg-exit.fixture.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const pid = await new Promise<number>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
  );
  let ffmpeg: number[] = [];
  await vi.waitFor(() => expect((ffmpeg = ffmpegOf(pid))).toHaveLength(1), { timeout: 20_000, interval: 100 });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.write('stop\n');
  await exited;
  await vi.waitFor(() => expect(existsSync(`/proc/${ffmpeg[0]}`)).toBe(false), { timeout: 5_000, interval: 50 });
  rmSync(path.join(tmpdir(), `portal-ffmpeg-exit-${pid}.mp4`), { force: true });
}, 30_000);
