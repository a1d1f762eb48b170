import type pg from 'pg';
import { LearnerImportStatus } from '@portal/contract';
import type { CheckedRow, Rejection } from './learner-import-sheet.ts';

/** An import's row as the calls answer it (learner_imports). */
export interface ImportRow {
  id: number;
  account_id: number;
  file_name: string;
  file_key: string | null;
  lang: string;
  password_hash: string;
  status: number;
  total_rows: number;
  rows_done: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  rejected_count: number;
  result_key: string | null;
  error: string;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `id, account_id, file_name, file_key, lang, password_hash, status, total_rows, rows_done, created_count,
  updated_count, unchanged_count, rejected_count, result_key, error, created_at, finished_at`;

/** What one batch did: rows per outcome, and the rows rejected with their reasons. */
export interface BatchOutcome {
  created: number;
  updated: number;
  unchanged: number;
  rejections: Rejection[];
}

/**
 * The SQL of learner imports (decision 038). It runs on the owner's connections (a batch writes
 * accounts, which are people, not one tenant's rows: decision 020), so every statement names the
 * enterprise; the calls' reads go through the tenant pool like any call.
 */
export class LearnerImportRepository {
  async insertImport(
    c: pg.ClientBase,
    v: {
      eid: number;
      accountId: number;
      fileName: string;
      sha256: string;
      fileKey: string;
      lang: string;
      passwordHash: string;
    },
  ): Promise<ImportRow | null> {
    const { rows } = await c.query<ImportRow>(
      `INSERT INTO learner_imports (eid, account_id, file_name, file_sha256, file_key, lang, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (eid, file_sha256) WHERE status = ${LearnerImportStatus.RUNNING} DO NOTHING
       RETURNING ${COLUMNS}`,
      [v.eid, v.accountId, v.fileName, v.sha256, v.fileKey, v.lang, v.passwordHash],
    );
    return rows[0] ?? null;
  }

  async runningImportOf(c: pg.ClientBase, eid: number, sha256: string): Promise<ImportRow | null> {
    const { rows } = await c.query<ImportRow>(
      `SELECT ${COLUMNS} FROM learner_imports WHERE eid = $1 AND file_sha256 = $2 AND status = ${LearnerImportStatus.RUNNING}`,
      [eid, sha256],
    );
    return rows[0] ?? null;
  }

  async viewImport(c: Queryable, eid: number, id: number): Promise<ImportRow | null> {
    const { rows } = await c.query<ImportRow>(`SELECT ${COLUMNS} FROM learner_imports WHERE eid = $1 AND id = $2`, [
      eid,
      id,
    ]);
    return rows[0] ?? null;
  }

  /** A page of the enterprise's imports, newest first (its index), and how many there are (few: one per upload). */
  async findImports(c: Queryable, eid: number, offset: number, limit: number) {
    const [list, count] = await Promise.all([
      c.query<ImportRow>(
        `SELECT ${COLUMNS} FROM learner_imports WHERE eid = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
        [eid, offset, limit],
      ),
      c.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM (SELECT 1 FROM learner_imports WHERE eid = $1 LIMIT 10000) x',
        [eid],
      ),
    ]);
    return { list: list.rows, total: count.rows[0]!.n };
  }

  async setTotal(c: Queryable, eid: number, id: number, total: number): Promise<void> {
    await c.query('UPDATE learner_imports SET total_rows = $3 WHERE eid = $1 AND id = $2', [eid, id, total]);
  }

  /** The rejections so far (the result file's rows). */
  async rejections(c: Queryable, eid: number, id: number): Promise<Rejection[]> {
    const { rows } = await c.query<{ rejections: Rejection[] }>(
      'SELECT rejections FROM learner_imports WHERE eid = $1 AND id = $2',
      [eid, id],
    );
    return rows[0]?.rejections ?? [];
  }

  /** The enterprise's departments (id, name, parent), to resolve the paths of the file. */
  async departments(c: Queryable, eid: number) {
    const { rows } = await c.query<{ id: number; name: string; parent_id: number | null }>(
      'SELECT id, name, parent_id FROM departments WHERE eid = $1',
      [eid],
    );
    return rows;
  }

  async createDepartment(c: pg.ClientBase, eid: number, name: string, parentId: number | null): Promise<number> {
    const { rows } = await c.query<{ id: number }>(
      `INSERT INTO departments (eid, name, parent_id, sort)
       VALUES ($1, $2, $3, (SELECT coalesce(max(sort), 0) + 1 FROM departments WHERE eid = $1 AND parent_id IS NOT DISTINCT FROM $3))
       RETURNING id`,
      [eid, name, parentId],
    );
    return rows[0]!.id;
  }

  /**
   * Adds one batch of checked rows: new accounts (the import's password hash), memberships, the
   * departments' and tags' memberships, all in the caller's transaction with the import's
   * progress. A phone already a member is not created again; it only gets what it lacks.
   */
  async addBatch(
    c: pg.ClientBase,
    eid: number,
    rows: Array<CheckedRow & { departmentId: number | null }>,
    passwordHash: string,
    lang: 'zh' | 'en',
    reject: (row: CheckedRow, reason: string) => void,
  ): Promise<Omit<BatchOutcome, 'rejections'>> {
    if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    const phones = rows.map((r) => r.phone);
    const accounts = new Map<string, number>();
    const found = await c.query<{ id: number; phone: string }>('SELECT id, phone FROM accounts WHERE phone = ANY($1)', [
      phones,
    ]);
    for (const a of found.rows) accounts.set(a.phone, a.id);
    const members = new Map<number, string | null>();
    if (found.rows.length) {
      const m = await c.query<{ account_id: number; employee_no: string | null }>(
        'SELECT account_id, employee_no FROM enterprise_users WHERE eid = $1 AND account_id = ANY($2)',
        [eid, found.rows.map((a) => a.id)],
      );
      for (const r of m.rows) members.set(r.account_id, r.employee_no);
    }
    // An employee number another member holds: the row is rejected (a member's own is theirs).
    const numbers = rows.filter((r) => r.employeeNo).map((r) => r.employeeNo!);
    const holders = new Map<string, number>();
    if (numbers.length) {
      const h = await c.query<{ account_id: number; employee_no: string }>(
        'SELECT account_id, employee_no FROM enterprise_users WHERE eid = $1 AND employee_no = ANY($2)',
        [eid, numbers],
      );
      for (const r of h.rows) holders.set(r.employee_no, r.account_id);
    }
    const kept: typeof rows = [];
    for (const r of rows) {
      const accountId = accounts.get(r.phone);
      const isMember = accountId !== undefined && members.has(accountId);
      const holder = r.employeeNo ? holders.get(r.employeeNo) : undefined;
      // A member keeps the number it has; a newcomer may not take another's.
      if (!isMember && holder !== undefined && holder !== accountId) {
        reject(
          r,
          lang === 'zh'
            ? '工号已被本企业其他学员使用'
            : 'The employee no. belongs to another learner of the enterprise',
        );
        continue;
      }
      kept.push(r);
    }
    // New accounts: one statement for the batch; a phone taken meanwhile is read back.
    const fresh = kept.filter((r) => !accounts.has(r.phone));
    if (fresh.length) {
      const made = await c.query<{ id: number; phone: string }>(
        `INSERT INTO accounts (phone, password_hash, real_name)
         SELECT p, $2, n FROM unnest($1::text[], $3::text[]) AS t(p, n)
         ON CONFLICT (phone) DO NOTHING RETURNING id, phone`,
        [fresh.map((r) => r.phone), passwordHash, fresh.map((r) => r.realName)],
      );
      for (const a of made.rows) accounts.set(a.phone, a.id);
      const missing = fresh.filter((r) => !accounts.has(r.phone)).map((r) => r.phone);
      if (missing.length) {
        const again = await c.query<{ id: number; phone: string }>(
          'SELECT id, phone FROM accounts WHERE phone = ANY($1)',
          [missing],
        );
        for (const a of again.rows) accounts.set(a.phone, a.id);
      }
    }
    const joining = kept.filter((r) => !members.has(accounts.get(r.phone)!));
    const joined = new Set<number>();
    if (joining.length) {
      const ins = await c.query<{ account_id: number }>(
        `INSERT INTO enterprise_users (eid, account_id, user_name, real_name, employee_no, user_detail, department_name)
         SELECT $1, a, n, n, e, d, dn FROM unnest($2::int[], $3::text[], $4::text[], $5::jsonb[], $6::text[]) AS t(a, n, e, d, dn)
         ON CONFLICT (eid, account_id) DO NOTHING RETURNING account_id`,
        [
          eid,
          joining.map((r) => accounts.get(r.phone)!),
          joining.map((r) => r.realName),
          joining.map((r) => r.employeeNo),
          joining.map((r) => JSON.stringify(r.detail)),
          joining.map((r) => r.department[r.department.length - 1] ?? ''),
        ],
      );
      for (const r of ins.rows) joined.add(r.account_id);
    }
    const changed = new Set<number>();
    const inDepartments = kept.filter((r) => r.departmentId !== null);
    if (inDepartments.length) {
      const ins = await c.query<{ account_id: number }>(
        `INSERT INTO department_members (eid, department_id, account_id)
         SELECT $1, d, a FROM unnest($2::int[], $3::int[]) AS t(d, a)
         ON CONFLICT DO NOTHING RETURNING account_id`,
        [eid, inDepartments.map((r) => r.departmentId!), inDepartments.map((r) => accounts.get(r.phone)!)],
      );
      for (const r of ins.rows) changed.add(r.account_id);
    }
    const tagNames = [...new Set(kept.flatMap((r) => r.tags))];
    if (tagNames.length) {
      await c.query(
        `INSERT INTO tags (eid, name, sort) SELECT $1, n, 0 FROM unnest($2::text[]) AS t(n) ON CONFLICT (eid, name) DO NOTHING`,
        [eid, tagNames],
      );
      const t = await c.query<{ id: number; name: string }>(
        'SELECT id, name FROM tags WHERE eid = $1 AND name = ANY($2)',
        [eid, tagNames],
      );
      const tagId = new Map(t.rows.map((r) => [r.name, r.id]));
      const pairs = kept.flatMap((r) => r.tags.map((name) => [tagId.get(name)!, accounts.get(r.phone)!] as const));
      const ins = await c.query<{ account_id: number }>(
        `INSERT INTO learner_tags (eid, tag_id, account_id)
         SELECT $1, g, a FROM unnest($2::int[], $3::int[]) AS t(g, a)
         ON CONFLICT DO NOTHING RETURNING account_id`,
        [eid, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
      for (const r of ins.rows) changed.add(r.account_id);
    }
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    for (const r of kept) {
      const id = accounts.get(r.phone)!;
      if (joined.has(id)) created++;
      else if (changed.has(id)) updated++;
      else unchanged++;
    }
    return { created, updated, unchanged };
  }

  /** Records a batch's progress (in its transaction): rows done, counts, rejections. */
  async recordProgress(c: pg.ClientBase, eid: number, id: number, rowsDone: number, o: BatchOutcome): Promise<boolean> {
    const r = await c.query(
      `UPDATE learner_imports SET rows_done = $3, created_count = created_count + $4, updated_count = updated_count + $5,
         unchanged_count = unchanged_count + $6, rejected_count = rejected_count + $7, rejections = rejections || $8::jsonb
       WHERE eid = $1 AND id = $2 AND status = ${LearnerImportStatus.RUNNING}`,
      [eid, id, rowsDone, o.created, o.updated, o.unchanged, o.rejections.length, JSON.stringify(o.rejections)],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Ends the import: done with its result file (or none), or failed with why. */
  async finish(
    c: Queryable,
    eid: number,
    id: number,
    v: { status: number; resultKey: string | null; error: string },
  ): Promise<ImportRow | null> {
    const { rows } = await c.query<ImportRow>(
      `UPDATE learner_imports SET status = $3, result_key = $4, error = $5, finished_at = now(), file_key = NULL
       WHERE eid = $1 AND id = $2 AND status = ${LearnerImportStatus.RUNNING} RETURNING ${COLUMNS}`,
      [eid, id, v.status, v.resultKey, v.error],
    );
    return rows[0] ?? null;
  }
}

/** A pool or a client. */
export interface Queryable {
  query: pg.ClientBase['query'];
}
