// The back office's media uploads and transcoding (issue 21 item 3 targets, decision 041), on the
// portal as `npm start` runs it with the demo data.
//   npm run bench:crm-media -- [megabytes]
// 1. The demo lecture (60 s, 720p, made by the bundled FFmpeg) transcoded by the background job to
//    two HLS renditions, a poster and the duration: the time from `running` to `ready` of the first
//    demo site's lecture against the video's length (target: under 2×).
// 2. A [megabytes] (default 500) upload through the tus endpoint in 8 MB chunks as the demo
//    administrator, its connection cut halfway through the chunk that crosses the middle, then
//    resumed from the offset HEAD answers: bytes sent in all against the file's size (target: no
//    more than one chunk sent twice), and the stored upload's size.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, freePort, print, startPortal } from './lib.ts';

const megabytes = Number(process.argv[2] ?? 500);
const SIZE = megabytes * 1024 * 1024;
const CHUNK = 8 * 1024 * 1024;
const ENDPOINT = '/gateway/course/auth/admin/media/uploads';
const ADMIN_PHONE = '13800000002';

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) }, undefined, [], { settle: false });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 2 });
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
const base = `http://127.0.0.1:${portal.port}`;

try {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await q(
    `SELECT a.id FROM accounts a JOIN enterprise_users u ON u.account_id = a.id AND u.eid = $1 WHERE a.phone = $2`,
    [BENCH_EID, ADMIN_PHONE],
  );
  await q(
    `INSERT INTO sessions (token_hash, account_id, eid, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest('hex'), (rows[0] as { id: number }).id, BENCH_EID],
  );
  const headers = (extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    platform: 'WEB-CLIENT',
    token,
    ...extra,
  });

  // The file: 1 MB of random bytes repeated (its content does not matter to the upload).
  const block = randomBytes(1024 * 1024);
  const chunkAt = (offset: number, length: number) => {
    const out = Buffer.allocUnsafe(length);
    for (let i = 0; i < length; i++) out[i] = block[(offset + i) % block.length]!;
    return out;
  };

  // 1. The demo lecture's transcoding (queued by the demo sweep 15 s after the start), watched from
  // the start and measured before the upload, so that neither shares the machine with the other.
  // Every demo site's lecture is the same video: one site's is transcoded, the others take its
  // files (media-transcode.ts). The one seen running is measured.
  let running = 0;
  let ready = 0;
  let duration = 0;
  let watched: number | undefined;
  const deadline = Date.now() + 15 * 60_000;
  const seen: string[] = [];
  while (Date.now() < deadline) {
    const { rows: r } = await q(
      `SELECT eid, transcode_state AS state, duration_seconds AS d, transcode_error AS e FROM resource_materials
       WHERE source_key LIKE 'demo:lecture%' ORDER BY eid`,
    );
    const rows = r as Array<{ eid: number; state: string; d: number | null; e: string }>;
    if (rows.length === 0) throw new Error('no demo lecture on the demo sites');
    const states = rows.map((x) => `${x.eid}:${x.state}`).join(' ');
    if (seen.at(-1) !== states) seen.push(states);
    const failed = rows.find((x) => x.state === 'failed');
    if (failed) throw new Error(`demo lecture failed: ${failed.e}`);
    watched ??= rows.find((x) => x.state === 'running')?.eid;
    if (watched !== undefined && !running) running = performance.now();
    const row = rows.find((x) => x.eid === watched);
    if (row?.state === 'ready') {
      ready = performance.now();
      duration = Number(row.d);
      break;
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  if (!ready || !running)
    throw new Error(`no demo lecture was seen running and then ready (states seen: ${seen.join(' | ')})`);
  const took = (ready - running) / 1000;
  print([
    {
      part: 'transcode',
      'video s': duration,
      'took s': took.toFixed(1),
      ratio: (took / duration).toFixed(2),
      'under 2x': took < 2 * duration ? 'yes' : 'NO',
    },
  ]);

  // 2. Upload, cut at half, resume.
  const created = await fetch(base + ENDPOINT, {
    method: 'POST',
    headers: headers({
      'upload-length': String(SIZE),
      'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
    }),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location')!;
  let sent = 0;
  let offset = 0;
  let cut = false;
  const started = performance.now();
  let cutAt = 0;
  while (offset < SIZE) {
    const chunk = chunkAt(offset, Math.min(CHUNK, SIZE - offset));
    if (!cut && offset + chunk.length > SIZE / 2) {
      cut = true;
      const half = chunk.length >> 1;
      await new Promise<void>((resolve) => {
        const url = new URL(base + location);
        const req = http.request({
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'PATCH',
          headers: {
            ...headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
            'content-length': String(chunk.length),
          },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(chunk.subarray(0, half), () => setImmediate(() => req.destroy()));
      });
      sent += half;
      // Where to go on: the server's offset (HEAD) once the cut request is over.
      let head = 0;
      for (let i = 0; i < 200; i++) {
        const res = await fetch(base + location, { method: 'HEAD', headers: headers() });
        if (res.status === 200) {
          head = Number(res.headers.get('upload-offset'));
          if (head >= offset) break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      cutAt = head;
      offset = head;
      continue;
    }
    const res = await fetch(base + location, {
      method: 'PATCH',
      headers: headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(chunk),
    });
    if (res.status !== 204) throw new Error(`patch at ${offset}: ${res.status} ${await res.text()}`);
    sent += chunk.length;
    offset = Number(res.headers.get('upload-offset'));
  }
  const seconds = (performance.now() - started) / 1000;
  print([
    {
      part: 'upload',
      'file MB': megabytes,
      'chunk MB': CHUNK / 1024 / 1024,
      'cut at MB': (cutAt / 1024 / 1024).toFixed(1),
      'sent MB': (sent / 1024 / 1024).toFixed(1),
      'sent twice MB': ((sent - SIZE) / 1024 / 1024).toFixed(2),
      'within one chunk': sent - SIZE <= CHUNK ? 'yes' : 'NO',
      'MB/s': (megabytes / seconds).toFixed(1),
    },
  ]);
} finally {
  await database.close();
  await portal.stop();
}
