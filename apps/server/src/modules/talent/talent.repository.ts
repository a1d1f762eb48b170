import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';

const r = schema.talentRecords;

export type TalentRow = typeof r.$inferSelect;

/** Who the record is of, from the profile: shown on the record, never stored in it. */
export interface TalentPerson {
  realName: string;
  userName: string;
  phone: string;
  employeeNo: string | null;
  tags: string[];
}

/** A record as the back office lists and exports it: the record with its member's profile. */
export type AdminTalentListRow = {
  id: number;
  account_id: number;
  real_name: string;
  user_name: string;
  phone: string;
  employee_no: string | null;
  department_name: string;
  talent_type: number;
  talent_source: number;
  talent_classification: number | null;
  saved_sections: number[];
  updated_at: Date;
  details: Record<string, unknown>;
};

/** The back office's filter as SQL wants it. */
export interface AdminTalentQuery {
  /** `%part%`, escaped; null for none. */
  pattern: string | null;
  /** The keyword is 3 digits or more: the phone is searched too. */
  phoneToo: boolean;
  talentType: number | null;
  talentClassification: number | null;
  /** The department and every one below it; null for any. */
  departmentIds: number[] | null;
}

/** A member the history import found by phone. */
export interface PhoneMember {
  accountId: number;
  phone: string;
  name: string;
}

/** What the history import saves into one member's record (decision 062). */
export interface HistoryWrite {
  accountId: number;
  /** The sections saved (saveType), none of which the record had. */
  sections: number[];
  /** Their fields, merged into `details`. */
  details: Record<string, unknown>;
  /** Section 2's type and classification when section 2 is among them; null leaves the columns. */
  columns: { talentType: number; talentClassification: number | null } | null;
}

/** Records written per statement by the history import. */
const WRITE_BATCH = 500;

/** SQL of talent records, always by enterprise and account. */
export class TalentRepository {
  constructor(private readonly db: Db) {}

  async recordOf(who: Learner): Promise<TalentRow | null> {
    const [row] = await this.db
      .select()
      .from(r)
      .where(and(eq(r.eid, who.eid), eq(r.accountId, who.accountId)));
    return row ?? null;
  }

  /** The member's name, phone, staff number and tags; null when they are not a member. */
  async personOf(who: Learner): Promise<TalentPerson | null> {
    const { rows } = await this.db.execute<{
      real_name: string;
      user_name: string;
      phone: string;
      employee_no: string | null;
      tags: string[];
    }>(sql`
      SELECT m.real_name, m.user_name, a.phone, m.employee_no,
        coalesce((SELECT array_agg(t.name ORDER BY t.sort, t.id)
          FROM ${schema.learnerTags} lt JOIN ${schema.tags} t ON t.eid = lt.eid AND t.id = lt.tag_id
          WHERE lt.eid = m.eid AND lt.account_id = m.account_id), '{}') AS tags
      FROM ${schema.enterpriseUsers} m JOIN ${schema.accounts} a ON a.id = m.account_id
      WHERE m.eid = ${who.eid} AND m.account_id = ${who.accountId}`);
    const row = rows[0];
    if (!row) return null;
    return {
      realName: row.real_name,
      userName: row.user_name,
      phone: row.phone,
      employeeNo: row.employee_no,
      tags: row.tags,
    };
  }

  /** The enterprise's talent business categories (type 14), for the slots' check. */
  businessCategories(eid: number, categoryType: number) {
    const c = schema.categories;
    return this.db
      .select({ id: c.id, parentId: c.parentId, name: c.name, nameEn: c.nameEn })
      .from(c)
      .where(and(eq(c.eid, eid), eq(c.categoryType, categoryType)))
      .orderBy(asc(c.sort), asc(c.id));
  }

  /**
   * Saves one section: the record made on the first save (one per person: of two first saves at
   * once one inserts and the other updates), the section's fields merged into `details`.
   */
  async saveSection(
    who: Learner,
    section: number,
    /** Section 2's type and classification; null for the other sections, which leave them. */
    columns: { talentType: number; talentClassification: number | null } | null,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.db
      .insert(r)
      .values({
        eid: who.eid,
        accountId: who.accountId,
        talentType: columns?.talentType ?? 1,
        talentClassification: columns?.talentClassification ?? null,
        details,
        savedSections: [section],
      })
      .onConflictDoUpdate({
        target: [r.eid, r.accountId],
        set: {
          ...(columns ? { talentType: columns.talentType, talentClassification: columns.talentClassification } : {}),
          details: sql`${r.details} || ${JSON.stringify(details)}::jsonb`,
          savedSections: sql`(SELECT array_agg(DISTINCT s ORDER BY s) FROM unnest(array_append(${r.savedSections}, ${section}::int)) s)`,
          updatedAt: sql`now()`,
        },
      });
  }

  /** The department and every department below it, or [] when the enterprise has no such department. */
  async departmentSubtree(eid: number, departmentId: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ id: number }>(sql`
      WITH RECURSIVE sub AS (
        SELECT id FROM ${schema.departments} WHERE eid = ${eid} AND id = ${departmentId}
        UNION
        SELECT d.id FROM ${schema.departments} d JOIN sub ON d.parent_id = sub.id WHERE d.eid = ${eid}
      ) SELECT id FROM sub`);
    return rows.map((row) => row.id);
  }

  private adminWhere(eid: number, q: AdminTalentQuery): SQL {
    const parts: SQL[] = [sql`r.eid = ${eid}`];
    if (q.talentType !== null) parts.push(sql`r.talent_type = ${q.talentType}`);
    if (q.talentClassification !== null) parts.push(sql`r.talent_classification = ${q.talentClassification}`);
    if (q.pattern !== null) {
      const phone = q.phoneToo ? sql` OR a.phone LIKE ${q.pattern}` : sql``;
      parts.push(sql`(m.real_name ILIKE ${q.pattern} OR m.user_name ILIKE ${q.pattern}
        OR coalesce(m.employee_no, '') ILIKE ${q.pattern}${phone})`);
    }
    if (q.departmentIds !== null) {
      parts.push(sql`EXISTS (SELECT 1 FROM ${schema.departmentMembers} dm
        WHERE dm.eid = r.eid AND dm.account_id = r.account_id
          AND dm.department_id = ANY(${`{${q.departmentIds.join(',')}}`}::int[]))`);
    }
    return sql.join(parts, sql` AND `);
  }

  private adminSelect(eid: number, q: AdminTalentQuery, rest: SQL): SQL {
    return sql`
      SELECT r.id, r.account_id, m.real_name, m.user_name, a.phone, m.employee_no, m.department_name,
        r.talent_type, r.talent_source, r.talent_classification, r.saved_sections, r.updated_at, r.details
      FROM ${r} r
      JOIN ${schema.enterpriseUsers} m ON m.eid = r.eid AND m.account_id = r.account_id
      JOIN ${schema.accounts} a ON a.id = r.account_id
      WHERE ${this.adminWhere(eid, q)} ${rest}`;
  }

  /** A page of the enterprise's records, last saved first, and how many the filter holds. */
  async adminPage(eid: number, q: AdminTalentQuery, offset: number, limit: number) {
    const [{ rows }, { rows: counted }] = await Promise.all([
      this.db.execute<AdminTalentListRow>(
        this.adminSelect(eid, q, sql`ORDER BY r.updated_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`),
      ),
      this.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM ${r} r
        JOIN ${schema.enterpriseUsers} m ON m.eid = r.eid AND m.account_id = r.account_id
        JOIN ${schema.accounts} a ON a.id = r.account_id
        WHERE ${this.adminWhere(eid, q)}`),
    ]);
    return { rows: rows.map(withDate), total: counted[0]?.n ?? 0 };
  }

  /** The export's keyset step: records after `afterId` by id. */
  async adminStep(eid: number, q: AdminTalentQuery, afterId: number | null, limit: number) {
    const after = afterId === null ? sql`` : sql`AND r.id > ${afterId}`;
    const { rows } = await this.db.execute<AdminTalentListRow>(
      this.adminSelect(eid, q, sql`${after} ORDER BY r.id LIMIT ${limit}`),
    );
    return rows.map(withDate);
  }

  /**
   * The members of the enterprise with these phones (enabled or disabled; a registration waiting
   * or refused is no member). `lock` keeps them members until the transaction ends (FOR KEY SHARE:
   * the record's foreign key needs the membership).
   */
  async membersByPhone(db: Db | Tx, eid: number, phones: string[], lock: boolean): Promise<PhoneMember[]> {
    if (phones.length === 0) return [];
    const { rows } = await db.execute<{ account_id: number; phone: string; real_name: string; user_name: string }>(sql`
      SELECT m.account_id, a.phone, m.real_name, m.user_name
      FROM ${schema.enterpriseUsers} m JOIN ${schema.accounts} a ON a.id = m.account_id
      WHERE m.eid = ${eid} AND m.status IN (1, 2) AND a.phone = ANY(${`{${phones.join(',')}}`}::text[])
      ${lock ? sql`FOR KEY SHARE OF m` : sql``}`);
    return rows.map((row) => ({ accountId: row.account_id, phone: row.phone, name: row.real_name || row.user_name }));
  }

  /**
   * The saved sections of these members' records, by account. `lock` takes the records for update:
   * a member's own save of a section waits for the import's transaction, and the import sees what
   * the member saved before it.
   */
  async savedSectionsOf(db: Db | Tx, eid: number, accountIds: number[], lock: boolean): Promise<Map<number, number[]>> {
    if (accountIds.length === 0) return new Map();
    const query = db
      .select({ accountId: r.accountId, savedSections: r.savedSections })
      .from(r)
      .where(and(eq(r.eid, eid), sql`${r.accountId} = ANY(${`{${accountIds.join(',')}}`}::int[])`));
    const rows = lock ? await query.for('update') : await query;
    return new Map(rows.map((row) => [row.accountId, row.savedSections]));
  }

  /** Imports of one enterprise's history records go one at a time (until the transaction ends). */
  async lockHistoryImports(tx: Tx, eid: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('talent_import'), ${eid})`);
  }

  /**
   * Makes the records of members who had none, with talentSource 3 (history). Answers the accounts
   * whose record it made: a member's own first save that came in between keeps its record, which
   * the import then fills like any other.
   */
  async insertHistory(tx: Tx, eid: number, writes: HistoryWrite[]): Promise<Set<number>> {
    const made = new Set<number>();
    for (let i = 0; i < writes.length; i += WRITE_BATCH) {
      const rows = await tx
        .insert(r)
        .values(
          writes.slice(i, i + WRITE_BATCH).map((w) => ({
            eid,
            accountId: w.accountId,
            talentType: w.columns?.talentType ?? 1,
            talentSource: 3,
            talentClassification: w.columns?.talentClassification ?? null,
            details: w.details,
            savedSections: [...w.sections].sort((x, y) => x - y),
          })),
        )
        .onConflictDoNothing({ target: [r.eid, r.accountId] })
        .returning({ accountId: r.accountId });
      for (const row of rows) made.add(row.accountId);
    }
    return made;
  }

  /**
   * Adds sections to records the import has locked: their fields merged into `details`, the
   * sections to `saved_sections`, section 2's columns when it is one of them. The record keeps its
   * source (a member's own record stays theirs).
   */
  async fillHistory(tx: Tx, eid: number, writes: HistoryWrite[]): Promise<void> {
    for (let i = 0; i < writes.length; i += WRITE_BATCH) {
      const batch = writes.slice(i, i + WRITE_BATCH).map((w) => ({
        account_id: w.accountId,
        details: w.details,
        sections: w.sections,
        sets_columns: w.columns !== null,
        talent_type: w.columns?.talentType ?? null,
        talent_classification: w.columns?.talentClassification ?? null,
      }));
      await tx.execute(sql`
        UPDATE ${r} t SET
          details = t.details || v.details,
          saved_sections = (SELECT array_agg(DISTINCT s ORDER BY s) FROM unnest(t.saved_sections || v.sections) s),
          talent_type = CASE WHEN v.sets_columns THEN v.talent_type ELSE t.talent_type END,
          talent_classification = CASE WHEN v.sets_columns THEN v.talent_classification ELSE t.talent_classification END,
          updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(account_id int, details jsonb, sections int[],
          sets_columns boolean, talent_type int, talent_classification int)
        WHERE t.eid = ${eid} AND t.account_id = v.account_id`);
    }
  }

  /** A member's record by account, for the back office. */
  async recordOfMember(eid: number, accountId: number) {
    return this.recordOf({ eid, accountId });
  }
}

/** Raw rows carry the timestamp as the driver gives it. */
const withDate = (row: AdminTalentListRow): AdminTalentListRow => ({
  ...row,
  updated_at: row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at),
});
