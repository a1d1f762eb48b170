import { sql, type SQL } from 'drizzle-orm';
import type { CommentKind } from '@portal/contract';
import type { Db, Tx } from '@portal/db';

/** The back office's lists count at most this many rows: no page counts a whole table. */
export const COUNT_CAP = 10_000;

/** Each kind's table and what its comments hang on. */
const KINDS: Record<CommentKind, { table: string; target: string; targetTable: string; parent: string }> = {
  course: { table: 'course_comments', target: 'course_id', targetTable: 'courses', parent: 'NULL::int' },
  announcement: {
    table: 'announcement_comments',
    target: 'announcement_id',
    targetTable: 'announcements',
    parent: 'c.parent_id',
  },
  task: { table: 'study_task_comments', target: 'task_id', targetTable: 'study_tasks', parent: 'NULL::int' },
};

export interface ModerationFilter {
  kind?: CommentKind | undefined;
  hidden?: boolean | undefined;
  keyword?: string | undefined;
}

export type ModeratedRow = {
  kind: CommentKind;
  id: number;
  content: string;
  account_id: number;
  author_name: string;
  target_id: number;
  target_title: string;
  parent_id: number | null;
  hidden: boolean;
  created_at: Date | string;
};

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One kind's comments of the enterprise as the moderation list shows them. */
function branch(kind: CommentKind, eid: number, f: ModerationFilter, extra?: SQL): SQL {
  const k = KINDS[kind];
  const conds: SQL[] = [sql`c.eid = ${eid}`];
  if (f.hidden !== undefined) conds.push(sql`c.hidden = ${f.hidden}`);
  if (f.keyword) conds.push(sql`c.content ILIKE ${likeOf(f.keyword)}`);
  if (extra) conds.push(extra);
  return sql`SELECT ${kind}::text AS kind, c.id, c.content, c.account_id,
      COALESCE(NULLIF(u.real_name, ''), u.user_name) AS author_name,
      c.${sql.raw(k.target)} AS target_id, t.title AS target_title, ${sql.raw(k.parent)} AS parent_id,
      c.hidden, c.created_at
    FROM ${sql.raw(k.table)} c
    JOIN enterprise_users u ON u.eid = c.eid AND u.account_id = c.account_id
    JOIN ${sql.raw(k.targetTable)} t ON t.eid = c.eid AND t.id = c.${sql.raw(k.target)}
    WHERE ${sql.join(conds, sql` AND `)}`;
}

/**
 * The SQL of comment moderation (decision 043): learners' comments on courses, announcements and
 * study tasks as one list, newest first (each table's `(eid, created_at, id)` index feeds a merge),
 * and their hidden flag; always by enterprise.
 */
export class CommentModerationRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private union(eid: number, f: ModerationFilter): SQL {
    const kinds = f.kind ? [f.kind] : (Object.keys(KINDS) as CommentKind[]);
    return sql.join(
      kinds.map((kind) => sql`(${branch(kind, eid, f)})`),
      sql` UNION ALL `,
    );
  }

  async findComments(eid: number, f: ModerationFilter, offset: number, limit: number): Promise<ModeratedRow[]> {
    const { rows } = await this.db.execute<ModeratedRow>(sql`
      SELECT * FROM (${this.union(eid, f)}) x
      ORDER BY created_at DESC, id DESC, kind LIMIT ${limit} OFFSET ${offset}`);
    return rows;
  }

  async countComments(eid: number, f: ModerationFilter): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM (${this.union(eid, f)}) x LIMIT ${COUNT_CAP}) y`);
    return Number(rows[0]?.n ?? 0);
  }

  static async comment(tx: Tx | Db, eid: number, kind: CommentKind, id: number, lock = false) {
    const { rows } = await tx.execute<ModeratedRow>(
      sql`${branch(kind, eid, {}, sql`c.id = ${id}`)}${lock ? sql` FOR UPDATE OF c` : sql``}`,
    );
    return rows[0] ?? null;
  }

  static async setHidden(tx: Tx, eid: number, kind: CommentKind, id: number, hidden: boolean) {
    await tx.execute(
      sql`UPDATE ${sql.raw(KINDS[kind].table)} SET hidden = ${hidden} WHERE eid = ${eid} AND id = ${id}`,
    );
  }

  /** Deletes the comment; an announcement comment's replies go with it (their foreign key). */
  static async delete(tx: Tx, eid: number, kind: CommentKind, id: number) {
    await tx.execute(sql`DELETE FROM ${sql.raw(KINDS[kind].table)} WHERE eid = ${eid} AND id = ${id}`);
  }
}
