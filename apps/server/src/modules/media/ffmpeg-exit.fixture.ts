// A process that starts the demo lecture's FFmpeg (long enough to be running), says its pid, and
// exits on a line from its parent: media-transcode.test.ts checks that the FFmpeg ends with it.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeDemoLecture } from './media-transcode.ts';

void makeDemoLecture(path.join(tmpdir(), `portal-ffmpeg-exit-${process.pid}.mp4`), 600).catch(() => undefined);
process.stdout.write(`${process.pid}\n`);
process.stdin.once('data', () => process.exit(0));
