import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@portal/db';

/** The most rows a library page counts: the count stays cheap however large the library grows. */
export const MATERIAL_COUNT_CAP = 10_000;

export interface MaterialFilter {
  kind?: number | undefined;
  search?: string | undefined;
  id?: number | undefined;
}

export interface MaterialRow {
  id: number;
  kind: number;
  title: string;
  fileName: string;
  fileSize: number;
  vodPlatform: number | null;
  durationSeconds: number | null;
  transcodeState: 'queued' | 'running' | 'ready' | 'failed';
  transcodeProgress: number;
  transcodeError: string;
  posterUrl: string;
  createdAt: string | Date;
}

const COLUMNS = sql`m.id, m.kind, m.title, m.file_name AS "fileName", m.file_size AS "fileSize",
  m.vod_platform AS "vodPlatform", m.duration_seconds AS "durationSeconds",
  m.transcode_state AS "transcodeState", m.transcode_progress AS "transcodeProgress",
  m.transcode_error AS "transcodeError", m.poster_url AS "posterUrl", m.created_at AS "createdAt"`;

/** `%` and `_` in a search are literal text, not patterns. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of the media library, always by the session's enterprise (indexed by eid, kind, id). */
export class MediaRepository {
  constructor(private readonly db: Db) {}

  private where(eid: number, f: MaterialFilter): SQL {
    const parts: SQL[] = [sql`m.eid = ${eid}`, sql`m.kind IN (1, 2)`];
    if (f.kind) parts.push(sql`m.kind = ${f.kind}`);
    if (f.id) parts.push(sql`m.id = ${f.id}`);
    if (f.search) {
      const like = likeText(f.search);
      parts.push(sql`(m.title ILIKE ${like} OR m.file_name ILIKE ${like})`);
    }
    return sql.join(parts, sql` AND `);
  }

  /** One page, newest first (the id orders: rows are made in time order). */
  async findMaterials(eid: number, f: MaterialFilter, offset: number, limit: number): Promise<MaterialRow[]> {
    const { rows } = await this.db.execute<MaterialRow & Record<string, unknown>>(sql`
      SELECT ${COLUMNS} FROM resource_materials m
      WHERE ${this.where(eid, f)}
      ORDER BY m.id DESC LIMIT ${limit} OFFSET ${offset}`);
    return rows;
  }

  /** How many rows match, counted up to MATERIAL_COUNT_CAP. */
  async countMaterials(eid: number, f: MaterialFilter): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM resource_materials m WHERE ${this.where(eid, f)} LIMIT ${MATERIAL_COUNT_CAP}
      ) capped`);
    return Number(rows[0]?.n ?? 0);
  }
}
