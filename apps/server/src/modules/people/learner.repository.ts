import { sql, type SQL } from 'drizzle-orm';
import { LEARNER_COUNT_CAP, type LearnerSort } from '@portal/contract';
import type { Db, Tx } from '@portal/db';

/** Membership statuses the back office lists: 1 enabled, 2 disabled (3, pending review, is not yet a member). */
export const MEMBER_STATUSES = [1, 2] as const;

export interface LearnerQuery {
  /** The members a keyword matched (searchIds); null: no keyword. */
  matchIds: number[] | null;
  departmentIds: number[] | null;
  tagId: number | null;
  status: 'enabled' | 'disabled' | 'admin' | null;
  sort: LearnerSort;
}

/** Where a keyset page starts: the last row's sort value (as the database writes it) and account id. */
export interface LearnerCursor {
  value: string;
  accountId: number;
}

export interface LearnerRowDb {
  accountId: number;
  phone: string;
  realName: string;
  userName: string;
  employeeNo: string;
  status: number;
  isAdmin: boolean;
  createdAt: Date | string;
  /** The sort column's value as text (the cursor keeps it exactly, microseconds included). */
  sortValue: string;
}

export interface GroupRow {
  accountId: number;
  id: number;
  name: string;
  nameEn: string;
}

/** A learner's membership fields as the audit log and the edit form see them (never a password). */
export interface MemberSnapshot {
  accountId: number;
  realName: string;
  userName: string;
  employeeNo: string | null;
  userDetail: Record<string, string>;
  status: number;
  isAdmin: boolean;
}

const SORT_COLUMN: Record<LearnerSort, { column: SQL; text: SQL; cast: SQL; desc: boolean }> = {
  createdAt: { column: sql`u.created_at`, text: sql`u.created_at::text`, cast: sql`::timestamptz`, desc: false },
  '-createdAt': { column: sql`u.created_at`, text: sql`u.created_at::text`, cast: sql`::timestamptz`, desc: true },
  realName: { column: sql`u.real_name`, text: sql`u.real_name`, cast: sql`::text`, desc: false },
  '-realName': { column: sql`u.real_name`, text: sql`u.real_name`, cast: sql`::text`, desc: true },
};

const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;

/** A department or tag filter with at most this many members is counted by probing their ids. */
const PROBE_MEMBERS = 5_000;
const NO_PROBE = { departments: false, tag: false };

/**
 * SQL of the back office's learners (decision 037), always by the session's enterprise. The list
 * walks an index by (eid, sort column, account id): a page is read in index order, past a keyset
 * cursor or a bounded offset, and counted only up to LEARNER_COUNT_CAP.
 */
export class LearnerRepository {
  constructor(
    private readonly db: Db,
    /** The owner: a person's other memberships, their password and sessions (not tenant rows). */
    private readonly system: Db,
  ) {}

  /** The request's tenant database, for the static reads a filter needs outside a transaction. */
  get reader(): Db {
    return this.db;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  systemTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.system.transaction(fn);
  }

  /**
   * The filter. A department or tag is a semi-join, which walks the sort index and stops at the
   * page's end (or the count's cap): cheap where the filter's members are many. Where they are few
   * (`probe`: at most PROBE_MEMBERS, for the count), it is their ids as an array the membership's
   * primary key is probed with: the semi-join had the planner read half the membership to count a
   * 2 000-person department at 100 000 (45 ms) where the probes take 10 ms; for everyone below the
   * root the array would be 100 000 ids (decision 037).
   */
  private where(eid: number, q: LearnerQuery, probe: { departments: boolean; tag: boolean } = NO_PROBE): SQL {
    const parts: SQL[] = [sql`u.eid = ${eid}`];
    if (q.status === 'enabled') parts.push(sql`u.status = 1`);
    else if (q.status === 'disabled') parts.push(sql`u.status = 2`);
    else parts.push(sql`u.status IN (1, 2)`);
    if (q.status === 'admin') parts.push(sql`u.is_admin`);
    if (q.matchIds !== null) parts.push(sql`u.account_id = ANY(${ids(q.matchIds)})`);
    if (q.departmentIds !== null) {
      const members = sql`SELECT m.account_id FROM department_members m
        WHERE m.eid = ${eid} AND m.department_id = ANY(${ids(q.departmentIds)})`;
      parts.push(
        probe.departments
          ? sql`u.account_id = ANY(ARRAY(${members}))`
          : sql`EXISTS (${members} AND m.account_id = u.account_id)`,
      );
    }
    if (q.tagId !== null) {
      const members = sql`SELECT lt.account_id FROM learner_tags lt WHERE lt.eid = ${eid} AND lt.tag_id = ${q.tagId}`;
      parts.push(
        probe.tag
          ? sql`u.account_id = ANY(ARRAY(${members}))`
          : sql`EXISTS (${members} AND lt.account_id = u.account_id)`,
      );
    }
    return sql.join(parts, sql` AND `);
  }

  /** True when at most PROBE_MEMBERS rows of `members` exist (an index-only read of at most that many). */
  private async few(members: SQL): Promise<boolean> {
    const { rows } = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (${members} LIMIT ${PROBE_MEMBERS + 1}) x`,
    );
    return Number(rows[0]?.n ?? 0) <= PROBE_MEMBERS;
  }

  /**
   * The members of the enterprise whose name, nickname or employee number contains `keyword`
   * (`pattern` is its ILIKE form), or whose phone contains `phonePattern`. Read by the owner, bound
   * to the enterprise by its eid: under row-level security PostgreSQL cannot hand a (not leakproof)
   * ILIKE to the indexes, and a scan of 100 000 names took 300 ms (decision 037). A keyword of three
   * characters or more uses the trigram index (migration 0038); one or two characters, which no
   * trigram holds (most Chinese names are two or three), the index of every one- and two-character
   * part (migration 0044).
   */
  async searchIds(eid: number, keyword: string, pattern: string, phonePattern: string | null): Promise<number[]> {
    const phone =
      phonePattern === null
        ? sql``
        : sql` UNION SELECT m.account_id FROM accounts a
                 JOIN enterprise_users m ON m.account_id = a.id AND m.eid = ${eid}
                WHERE a.phone LIKE ${phonePattern}`;
    const matches =
      [...keyword].length <= 2
        ? sql`learner_short_grams(real_name, user_name, coalesce(employee_no, '')) @> ARRAY[lower(${keyword})]::text[]`
        : sql`(real_name ILIKE ${pattern} OR user_name ILIKE ${pattern} OR coalesce(employee_no, '') ILIKE ${pattern})`;
    const { rows } = await this.system.execute<{ id: number }>(sql`
      SELECT account_id AS id FROM enterprise_users WHERE eid = ${eid} AND ${matches}${phone}`);
    return rows.map((r) => Number(r.id));
  }

  /** One page: after `cursor` (keyset, any depth) or past `offset` rows (page numbers within the count cap). */
  async findLearners(
    eid: number,
    q: LearnerQuery,
    page: { cursor: LearnerCursor | null; offset: number; limit: number },
  ): Promise<LearnerRowDb[]> {
    const s = SORT_COLUMN[q.sort];
    const dir = s.desc ? sql`DESC` : sql`ASC`;
    // The row compared without eid (the filter has u.eid = eid): with eid in the row, PostgreSQL
    // started the backward index scan at the enterprise's end and read up to the cursor (12 ms at
    // row 90 000 of 100 000, against 0.6 ms from the cursor on).
    const after = page.cursor
      ? sql` AND (${s.column}, u.account_id) ${s.desc ? sql`<` : sql`>`} (${page.cursor.value}${s.cast}, ${page.cursor.accountId})`
      : sql``;
    // The page is cut from the membership's index first; only its rows meet accounts (whose
    // row-level security policy costs a look-up per row: never for the rows an offset skips).
    const { rows } = await this.db.execute<LearnerRowDb & Record<string, unknown>>(sql`
      SELECT u.account_id AS "accountId", a.phone, u.real_name AS "realName", u.user_name AS "userName",
             u.employee_no AS "employeeNo", u.status, u.is_admin AS "isAdmin",
             u.created_at AS "createdAt", u.sort_value AS "sortValue"
        FROM (SELECT u.account_id, u.real_name, u.user_name, coalesce(u.employee_no, '') AS employee_no,
                     u.status, u.is_admin, u.created_at, ${s.text} AS sort_value, ${s.column} AS sort_key
                FROM enterprise_users u
               WHERE ${this.where(eid, q)}${after}
               ORDER BY ${s.column} ${dir}, u.account_id ${dir}
               LIMIT ${page.limit} OFFSET ${page.cursor ? 0 : page.offset}) u
        JOIN accounts a ON a.id = u.account_id
       ORDER BY u.sort_key ${dir}, u.account_id ${dir}`);
    return rows;
  }

  /** The rows the filter matches, counted up to LEARNER_COUNT_CAP. */
  async countLearners(eid: number, q: LearnerQuery): Promise<number> {
    const [departments, tag] = await Promise.all([
      q.departmentIds === null
        ? false
        : this.few(
            sql`SELECT 1 FROM department_members WHERE eid = ${eid} AND department_id = ANY(${ids(q.departmentIds)})`,
          ),
      q.tagId === null ? false : this.few(sql`SELECT 1 FROM learner_tags WHERE eid = ${eid} AND tag_id = ${q.tagId}`),
    ]);
    const { rows } = await this.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM enterprise_users u WHERE ${this.where(eid, q, { departments, tag })} LIMIT ${LEARNER_COUNT_CAP}) x`);
    return Number(rows[0]?.n ?? 0);
  }

  /** The departments of these learners. */
  async departmentsOf(eid: number, accountIds: readonly number[]): Promise<GroupRow[]> {
    if (accountIds.length === 0) return [];
    const { rows } = await this.db.execute<GroupRow & Record<string, unknown>>(sql`
      SELECT m.account_id AS "accountId", d.id, d.name, d.name_en AS "nameEn"
        FROM department_members m JOIN departments d ON d.eid = m.eid AND d.id = m.department_id
       WHERE m.eid = ${eid} AND m.account_id = ANY(${ids(accountIds)})
       ORDER BY d.sort, d.id`);
    return rows;
  }

  /** The tags of these learners. */
  async tagsOf(eid: number, accountIds: readonly number[]): Promise<GroupRow[]> {
    if (accountIds.length === 0) return [];
    const { rows } = await this.db.execute<GroupRow & Record<string, unknown>>(sql`
      SELECT lt.account_id AS "accountId", t.id, t.name, t.name_en AS "nameEn"
        FROM learner_tags lt JOIN tags t ON t.eid = lt.eid AND t.id = lt.tag_id
       WHERE lt.eid = ${eid} AND lt.account_id = ANY(${ids(accountIds)})
       ORDER BY t.sort, t.id`);
    return rows;
  }

  /** One listed learner (enabled or disabled member). */
  async viewLearner(
    eid: number,
    accountId: number,
  ): Promise<(LearnerRowDb & { userDetail: Record<string, string> }) | null> {
    const { rows } = await this.db.execute<
      LearnerRowDb & { userDetail: Record<string, string> } & Record<string, unknown>
    >(sql`
      SELECT u.account_id AS "accountId", a.phone, u.real_name AS "realName", u.user_name AS "userName",
             coalesce(u.employee_no, '') AS "employeeNo", u.status, u.is_admin AS "isAdmin",
             u.created_at AS "createdAt", '' AS "sortValue", u.user_detail AS "userDetail"
        FROM enterprise_users u JOIN accounts a ON a.id = u.account_id
       WHERE u.eid = ${eid} AND u.account_id = ${accountId} AND u.status IN (1, 2)`);
    return rows[0] ?? null;
  }

  /** Whether the person is a member (any status) of another enterprise too. */
  async inOtherEnterprises(eid: number, accountId: number): Promise<boolean> {
    const { rows } = await this.system.execute(
      sql`SELECT 1 FROM enterprise_users WHERE account_id = ${accountId} AND eid <> ${eid} LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** A listed member's fields, locked until the transaction ends (a change reads, writes and audits them at once). */
  static async lockMember(tx: Tx, eid: number, accountId: number): Promise<MemberSnapshot | null> {
    const { rows } = await tx.execute<MemberSnapshot & Record<string, unknown>>(sql`
      SELECT account_id AS "accountId", real_name AS "realName", user_name AS "userName",
             employee_no AS "employeeNo", user_detail AS "userDetail", status, is_admin AS "isAdmin"
        FROM enterprise_users WHERE eid = ${eid} AND account_id = ${accountId} AND status IN (1, 2)
         FOR UPDATE`);
    return rows[0] ?? null;
  }

  static async updateMember(
    tx: Tx,
    eid: number,
    accountId: number,
    v: Partial<Pick<MemberSnapshot, 'realName' | 'userName' | 'employeeNo' | 'userDetail' | 'status' | 'isAdmin'>>,
  ): Promise<void> {
    const sets: SQL[] = [];
    if (v.realName !== undefined) sets.push(sql`real_name = ${v.realName}`);
    if (v.userName !== undefined) sets.push(sql`user_name = ${v.userName}`);
    if (v.employeeNo !== undefined) sets.push(sql`employee_no = ${v.employeeNo}`);
    if (v.userDetail !== undefined) sets.push(sql`user_detail = ${JSON.stringify(v.userDetail)}::jsonb`);
    if (v.status !== undefined) sets.push(sql`status = ${v.status}`);
    if (v.isAdmin !== undefined) sets.push(sql`is_admin = ${v.isAdmin}`);
    if (sets.length === 0) return;
    await tx.execute(
      sql`UPDATE enterprise_users SET ${sql.join(sets, sql`, `)} WHERE eid = ${eid} AND account_id = ${accountId}`,
    );
  }

  /** Another member of the enterprise with this employee number. */
  static async employeeNoTaken(tx: Tx, eid: number, employeeNo: string, accountId: number): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      SELECT 1 FROM enterprise_users WHERE eid = ${eid} AND employee_no = ${employeeNo} AND account_id <> ${accountId} LIMIT 1`);
    return rows.length > 0;
  }

  static async departmentIdsOf(tx: Tx, eid: number, accountId: number): Promise<number[]> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT department_id AS id FROM department_members WHERE eid = ${eid} AND account_id = ${accountId} ORDER BY 1`);
    return rows.map((r) => Number(r.id));
  }

  static async tagIdsOf(tx: Tx, eid: number, accountId: number): Promise<number[]> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT tag_id AS id FROM learner_tags WHERE eid = ${eid} AND account_id = ${accountId} ORDER BY 1`);
    return rows.map((r) => Number(r.id));
  }

  /** Of these ids, those that are the enterprise's departments. */
  static async existingDepartments(tx: Tx, eid: number, list: readonly number[]): Promise<number[]> {
    if (list.length === 0) return [];
    const { rows } = await tx.execute<{ id: number }>(
      sql`SELECT id FROM departments WHERE eid = ${eid} AND id = ANY(${ids(list)})`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** Of these ids, those that are the enterprise's tags. */
  static async existingTags(tx: Tx | Db, eid: number, list: readonly number[]): Promise<number[]> {
    if (list.length === 0) return [];
    const { rows } = await tx.execute<{ id: number }>(
      sql`SELECT id FROM tags WHERE eid = ${eid} AND id = ANY(${ids(list)})`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** Makes the learner's departments exactly these (joined times kept for those they stay in). */
  static async replaceDepartments(tx: Tx, eid: number, accountId: number, list: readonly number[]): Promise<void> {
    await tx.execute(sql`
      DELETE FROM department_members WHERE eid = ${eid} AND account_id = ${accountId}
         AND department_id <> ALL(${ids(list)})`);
    if (list.length === 0) return;
    await tx.execute(sql`
      INSERT INTO department_members (eid, department_id, account_id)
      SELECT ${eid}, d, ${accountId} FROM unnest(${ids(list)}) AS d
      ON CONFLICT DO NOTHING`);
  }

  /** Makes the learner's tags exactly these. */
  static async replaceTags(tx: Tx, eid: number, accountId: number, list: readonly number[]): Promise<void> {
    await tx.execute(sql`
      DELETE FROM learner_tags WHERE eid = ${eid} AND account_id = ${accountId} AND tag_id <> ALL(${ids(list)})`);
    if (list.length === 0) return;
    await tx.execute(sql`
      INSERT INTO learner_tags (eid, tag_id, account_id)
      SELECT ${eid}, t, ${accountId} FROM unnest(${ids(list)}) AS t
      ON CONFLICT DO NOTHING`);
  }

  /** The account's phone (the owner reads it: the tenant's role sees no password column anyway). */
  static async phoneOf(tx: Tx, accountId: number): Promise<string | null> {
    const { rows } = await tx.execute<{ phone: string }>(sql`SELECT phone FROM accounts WHERE id = ${accountId}`);
    return rows[0]?.phone ?? null;
  }

  /** Replaces the account's password hash (owner transaction). */
  static async setPasswordHash(tx: Tx, accountId: number, passwordHash: string): Promise<void> {
    await tx.execute(sql`UPDATE accounts SET password_hash = ${passwordHash} WHERE id = ${accountId}`);
  }

  /** Ends the account's sessions in this enterprise (it was disabled here; elsewhere it stays signed in). */
  async endSessionsIn(eid: number, accountId: number, reason: string): Promise<void> {
    await this.system.execute(sql`
      UPDATE sessions SET revoked_at = now(), revoked_reason = ${reason}
       WHERE account_id = ${accountId} AND eid = ${eid} AND revoked_at IS NULL`);
  }
}
