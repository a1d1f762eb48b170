import { and, asc, eq, sql } from 'drizzle-orm';
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
    columns: { talentType: number; talentClassification: number | null },
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.db
      .insert(r)
      .values({
        eid: who.eid,
        accountId: who.accountId,
        talentType: columns.talentType,
        talentClassification: columns.talentClassification,
        details,
        savedSections: [section],
      })
      .onConflictDoUpdate({
        target: [r.eid, r.accountId],
        set: {
          talentType: columns.talentType,
          talentClassification: columns.talentClassification,
          details: sql`${r.details} || ${JSON.stringify(details)}::jsonb`,
          savedSections: sql`(SELECT array_agg(DISTINCT s ORDER BY s) FROM unnest(array_append(${r.savedSections}, ${section}::int)) s)`,
          updatedAt: sql`now()`,
        },
      });
  }
}
