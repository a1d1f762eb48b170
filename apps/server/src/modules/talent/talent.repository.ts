import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
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
