import { pageOffset, toPage, type Material } from '@portal/contract';
import { MATERIAL_COUNT_CAP, type MaterialFilter, type MaterialRow, type MediaRepository } from './media.repository.ts';

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

/** The media library's reads (decision 041); who may call is the gateway's concern (access `admin`). */
export class MediaService {
  constructor(private readonly repo: MediaRepository) {}

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
}
