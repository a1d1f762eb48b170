import { drizzle } from 'drizzle-orm/node-postgres';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { pageOffset, toPage, type Lang, type Material } from '@portal/contract';
import { schema } from '@portal/db';
import { AdminAudit } from '../../platform/admin-audit.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { newMediaFolder, type FileStorage } from '../../platform/storage.ts';
import { kindOfFile, type UploadSources } from './media-files.ts';
import { MATERIAL_COUNT_CAP, type MaterialFilter, type MaterialRow, type MediaRepository } from './media.repository.ts';

/** The queue of transcoding jobs (decision 041). */
export const TRANSCODE_QUEUE = 'media.transcode';
/** An uploaded video's job goes before other waiting ones (the demo lectures have a queue of their own). */
export const UPLOAD_PRIORITY = 10;

export interface TranscodeJob {
  eid: number;
  materialId: number;
}

/** Who uploads: an administrator of the session's enterprise, as the tus endpoint settled it. */
export interface UploadActor {
  eid: number;
  accountId: number;
  lang: Lang;
  requestId: string;
  ip: string;
}

/** A library row as the back office shows it. */
export const presentMaterial = (r: MaterialRow): Material => ({
  id: Number(r.id),
  kind: Number(r.kind),
  title: r.title,
  fileName: r.fileName,
  fileSize: Number(r.fileSize),
  vodPlatform: r.vodPlatform === null ? null : Number(r.vodPlatform),
  durationSeconds: r.durationSeconds === null ? null : Number(r.durationSeconds),
  transcodeState: r.transcodeState,
  transcodeProgress: Number(r.transcodeProgress),
  transcodeError: r.transcodeError,
  posterUrl: r.posterUrl,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A title from a file name: without its extension, trimmed to the column's sensible length. */
const titleOf = (title: string, fileName: string) =>
  (title.trim() || fileName.replace(/\.[^.]*$/, '')).slice(0, 100) || fileName;

/**
 * The media library (decision 041): its list, and the materials finished uploads become. Who may
 * call is the gateway's concern (access `admin`, and the tus endpoint's own check).
 */
export class MediaService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly deps: { pool: pg.Pool; jobs: Jobs; storage: FileStorage; sources: UploadSources },
  ) {}

  async findMaterials(eid: number, q: MaterialFilter & { pageCurrent: number; pageSize: number }) {
    const filter: MaterialFilter = { kind: q.kind, search: q.search || undefined, id: q.id };
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    // Past the counted rows a page is empty: no scan deeper than the cap.
    const [rows, total] = await Promise.all([
      offset >= MATERIAL_COUNT_CAP ? Promise.resolve([]) : this.repo.findMaterials(eid, filter, offset, q.pageSize),
      this.repo.countMaterials(eid, filter),
    ]);
    return toPage(rows.map(presentMaterial), total, q.pageCurrent, q.pageSize);
  }

  /**
   * A finished upload becomes a material, audited: a video queued for transcoding (not playable
   * until its job is done: no duration, no URL), its job stored in the same transaction as the row
   * (so it exists exactly when the row does, and survives a restart); a document copied into the
   * storage and ready at once. The same upload finished twice makes one material.
   */
  async acceptUpload(actor: UploadActor, upload: { id: string; size: number; fileName: string; title: string }) {
    const type = kindOfFile(upload.fileName);
    if (!type) throw new Error(`upload ${upload.id}: not a media file name`);
    let url = '';
    if (type.kind === 2) {
      // Documents are served as they are: into the storage under a folder of their own.
      const key = `${newMediaFolder(actor.eid)}/document.${type.ext}`;
      await this.deps.storage.putStream(key, await this.deps.sources.read(upload.id));
      url = `/uploads/${key}`;
    }
    const audit = new AdminAudit({ ...actor, call: 'uploadMaterial' });
    const client = await this.deps.pool.connect();
    let row: typeof schema.resourceMaterials.$inferSelect;
    try {
      row = await drizzle(client, { schema }).transaction(async (tx) => {
        const [already] = await tx
          .select()
          .from(schema.resourceMaterials)
          .where(and(eq(schema.resourceMaterials.eid, actor.eid), eq(schema.resourceMaterials.sourceKey, upload.id)));
        if (already) return already;
        const [made] = await tx
          .insert(schema.resourceMaterials)
          .values({
            eid: actor.eid,
            kind: type.kind,
            title: titleOf(upload.title, upload.fileName),
            fileName: upload.fileName.slice(0, 255),
            fileSize: upload.size,
            vodPlatform: type.kind === 1 ? 4 : null,
            url,
            durationSeconds: null,
            transcodeState: type.kind === 1 ? 'queued' : 'ready',
            transcodeProgress: type.kind === 1 ? 0 : 100,
            sourceKey: upload.id,
          })
          .returning();
        await audit.record(tx, {
          entityType: 'material',
          entityId: made!.id,
          before: null,
          after: presentMaterial(made!),
        });
        if (type.kind === 1) {
          // Before the demo lectures: an administrator waits for this one.
          await this.deps.jobs.send(TRANSCODE_QUEUE, { eid: actor.eid, materialId: made!.id } satisfies TranscodeJob, {
            client,
            priority: UPLOAD_PRIORITY,
          });
        }
        return made!;
      });
    } finally {
      client.release();
    }
    if (type.kind === 1) this.deps.jobs.wake(TRANSCODE_QUEUE);
    if (type.kind === 2) await this.deps.sources.remove(upload.id);
    return presentMaterial(row);
  }
}
