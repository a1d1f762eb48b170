import { createHash } from 'node:crypto';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { GATEWAY_PREFIX, MEDIA_UPLOADS_PATH, findAuditLog, findMaterials } from '@portal/contract';
import { DEMO_LECTURE_SOURCE, schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeTestVideo } from '../../test/media-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let origin: string;
const db = () => t.database.db;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const ENDPOINT = `${GATEWAY_PREFIX}${MEDIA_UPLOADS_PATH}`;

beforeAll(async () => {
  t = await createTestApp(
    { TENANT_CODES: '', MEDIA_FFMPEG_THREADS: '1', MEDIA_DEMO_LECTURE_SECONDS: '2' },
    { jobs: true },
  );
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t?.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The headers of a tus request as the back office's page sends them. */
function tusHeaders(who: Partial<Learner> | null, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'tus-resumable': '1.0.0',
    platform: 'WEB-CLIENT',
    ...(who?.token ? { token: who.token } : {}),
    ...extra,
  };
}

async function createUpload(who: Partial<Learner> | null, size: number, filename: string, lang?: string) {
  return fetch(origin + ENDPOINT, {
    method: 'POST',
    headers: tusHeaders(who, {
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(filename)},title ${b64('测试上传')}`,
      ...(lang ? { lang } : {}),
    }),
  });
}

async function offsetOf(who: Partial<Learner>, location: string): Promise<number> {
  const res = await fetch(origin + location, { method: 'HEAD', headers: tusHeaders(who) });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

async function patch(who: Partial<Learner>, location: string, offset: number, chunk: Buffer) {
  return fetch(origin + location, {
    method: 'PATCH',
    headers: tusHeaders(who, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
    body: new Uint8Array(chunk),
  });
}

/** A PATCH of `chunk` whose connection is cut after `sent` bytes (a dropped network). */
function cutPatch(who: Partial<Learner>, location: string, offset: number, chunk: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(origin + location);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: {
        ...tusHeaders(who, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        'content-length': String(chunk.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(chunk.subarray(0, sent), () => setImmediate(() => req.destroy()));
  });
}

describe('resumable uploads (tus)', () => {
  it('resume after a dropped connection from the offset HEAD gives: the stored file is byte-identical, no chunk sent twice beyond one', async () => {
    const file = randomBytes(3 * 1024 * 1024 + 12345);
    const chunkSize = 1024 * 1024;
    const created = await createUpload(admin, file.length, '安全手册.pdf');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${ENDPOINT}/${a.eid}-[a-f0-9]{32}$`));

    let sentBytes = 0;
    let offset = 0;
    // The first chunk arrives whole; the second is cut halfway.
    expect((await patch(admin, location, 0, file.subarray(0, chunkSize))).status).toBe(204);
    sentBytes += chunkSize;
    await cutPatch(admin, location, chunkSize, file.subarray(chunkSize, 2 * chunkSize), chunkSize / 2);
    sentBytes += chunkSize / 2;
    // The server kept what arrived (tus writes as it reads); the client asks where to go on.
    await expect.poll(() => offsetOf(admin, location), { timeout: 10_000 }).toBeGreaterThanOrEqual(chunkSize);
    offset = await offsetOf(admin, location);
    expect(offset).toBeLessThanOrEqual(chunkSize + chunkSize / 2);
    let materialId = '';
    while (offset < file.length) {
      const chunk = file.subarray(offset, Math.min(file.length, offset + chunkSize));
      const res = await patch(admin, location, offset, chunk);
      expect(res.status).toBe(204);
      sentBytes += chunk.length;
      offset = Number(res.headers.get('upload-offset'));
      materialId = res.headers.get('upload-material-id') ?? materialId;
    }
    expect(sentBytes - file.length).toBeLessThanOrEqual(chunkSize);
    expect(Number(materialId)).toBeGreaterThan(0);

    // A document is ready at once, its file in the storage, the same bytes.
    const [row] = await db()
      .select()
      .from(schema.resourceMaterials)
      .where(and(eq(schema.resourceMaterials.eid, a.eid), eq(schema.resourceMaterials.id, Number(materialId))));
    expect(row).toMatchObject({
      kind: 2,
      title: '测试上传',
      fileName: '安全手册.pdf',
      fileSize: file.length,
      transcodeState: 'ready',
    });
    expect(row!.url).toMatch(/^\/uploads\/media\/\d+\/[A-Za-z0-9_-]+\/document\.pdf$/);
    const stored = await t.platform.storage.get(row!.url.slice('/uploads/'.length));
    expect(sha(stored!)).toBe(sha(file));
    // Served to anyone with the link, as direct-URL materials are.
    const served = await t.app.inject({ method: 'GET', url: row!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(sha(served.rawPayload)).toBe(sha(file));

    // Audited: who uploaded what.
    const audit = await t.call(findAuditLog, { entityType: 'material', entityId: materialId }, { as: admin });
    expect(audit.data.list[0]).toMatchObject({ action: 'uploadMaterial', accountId: admin.accountId, before: null });
  });

  it('refuses visitors, learners, other types, oversize files, and uploads of another enterprise', async () => {
    const visitor = await createUpload(null, 10, 'a.mp4');
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { code: number }).code).toBe(301);
    const learner = await t.learner(a);
    const refused = await createUpload(learner, 10, 'a.mp4');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: number }).code).toBe(3403);

    const exe = await createUpload(admin, 10, 'setup.exe', 'en');
    expect(exe.status).toBe(415);
    expect(JSON.parse(await exe.text())).toMatchObject({
      code: 9301,
      message: expect.stringContaining('not supported'),
    });
    const huge = await createUpload(admin, 3_000_000_000, 'big.mp4');
    expect(huge.status).toBe(413);

    // Without the platform header (a cross-site form): refused like every gateway write.
    const csrf = await fetch(origin + ENDPOINT, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        token: admin.token,
        'upload-length': '10',
        'upload-metadata': `filename ${b64('a.pdf')}`,
      },
    });
    expect(((await csrf.json()) as { code: number }).code).toBe(403);

    // An administrator of another enterprise finds nothing of this one's upload.
    const mine = await createUpload(admin, 10, 'a.pdf');
    const location = mine.headers.get('location')!;
    const otherAdmin = await t.learner(b, { member: { isAdmin: true } });
    const head = await fetch(origin + location, { method: 'HEAD', headers: tusHeaders(otherAdmin) });
    expect(head.status).toBe(404);
    const write = await patch(otherAdmin, location, 0, Buffer.alloc(10));
    expect(write.status).toBe(404);
    expect(await offsetOf(admin, location)).toBe(0);
  });
});

describe('transcoding', () => {
  async function uploadWhole(data: Buffer, filename: string): Promise<number> {
    const created = await createUpload(admin, data.length, filename);
    const res = await patch(admin, created.headers.get('location')!, 0, data);
    expect(res.status).toBe(204);
    return Number(res.headers.get('upload-material-id'));
  }
  const materialOf = async (id: number) => (await t.call(findMaterials, { id }, { as: admin })).data.list[0]!;

  it('makes a master playlist of two renditions, a poster and the duration; the video is ready and plays', async () => {
    const video = await makeTestVideo(3);
    const id = await uploadWhole(video, 'lecture.mp4');
    const queued = await materialOf(id);
    expect(queued).toMatchObject({ kind: 1, vodPlatform: 4, durationSeconds: null });
    expect(['queued', 'running']).toContain(queued.transcodeState);
    await expect
      .poll(async () => (await materialOf(id)).transcodeState, { timeout: 60_000, interval: 250 })
      .toBe('ready');
    const ready = await materialOf(id);
    expect(ready).toMatchObject({ durationSeconds: 3, transcodeProgress: 100, transcodeError: '' });
    const [row] = await db()
      .select()
      .from(schema.resourceMaterials)
      .where(and(eq(schema.resourceMaterials.eid, a.eid), eq(schema.resourceMaterials.id, id)));
    expect(row!.url).toMatch(/^\/uploads\/media\/\d+\/[A-Za-z0-9_-]+\/master\.m3u8$/);
    const master = await t.app.inject({ method: 'GET', url: row!.url });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const variants = master.body.split('\n').filter((l) => l.endsWith('.m3u8'));
    expect(variants).toEqual(['v0.m3u8', 'v1.m3u8']);
    expect(master.body).toMatch(/RESOLUTION=320x240/);
    const folder = row!.url.slice(0, row!.url.lastIndexOf('/'));
    for (const v of variants) {
      const playlist = await t.app.inject({ method: 'GET', url: `${folder}/${v}` });
      const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
      expect((await t.app.inject({ method: 'GET', url: `${folder}/${segment}` })).statusCode).toBe(200);
    }
    const poster = await t.app.inject({ method: 'GET', url: ready.posterUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  }, 90_000);

  it('fails a file that is not a video, with the reason', async () => {
    const id = await uploadWhole(randomBytes(4096), 'broken.mp4');
    await expect
      .poll(async () => (await materialOf(id)).transcodeState, { timeout: 30_000, interval: 250 })
      .toBe('failed');
    const failed = await materialOf(id);
    expect(failed.transcodeError).toMatch(/Invalid data|no video/i);
    expect(failed.durationSeconds).toBeNull();
  }, 60_000);

  it('makes the demo lecture once with FFmpeg: every demo site gets it ready, with its size and length', async () => {
    const m = schema.resourceMaterials;
    const rows = await db()
      .insert(m)
      .values(
        [a, b].map((e) => ({
          eid: e.eid,
          kind: 1,
          title: '演示讲座',
          fileName: '演示讲座.mp4',
          vodPlatform: 4,
          transcodeState: 'queued' as const,
          sourceKey: DEMO_LECTURE_SOURCE,
        })),
      )
      .returning({ eid: m.eid, id: m.id });
    const states = async () =>
      (
        await db()
          .select({ state: m.transcodeState })
          .from(m)
          .where(
            inArray(
              m.id,
              rows.map((r) => r.id),
            ),
          )
      ).map((r) => r.state);
    // About 18 s alone; FFmpeg shares the two cores with the other steps of a CI run, which once
    // took it past 80 s.
    await expect.poll(states, { timeout: 160_000, interval: 500 }).toEqual(['ready', 'ready']);
    const made = await db()
      .select({ url: m.url, fileSize: m.fileSize, durationSeconds: m.durationSeconds })
      .from(m)
      .where(
        inArray(
          m.id,
          rows.map((r) => r.id),
        ),
      );
    // One FFmpeg run: the second site shares the first one's files.
    expect(made[0]).toEqual(made[1]);
    expect(made[0]!.durationSeconds).toBe(2);
    expect(made[0]!.fileSize).toBeGreaterThan(0);
  }, 180_000);
});
