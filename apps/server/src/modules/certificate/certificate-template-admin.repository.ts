import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';

const t = schema.certificateTemplates;
const u = schema.uploads;

export type TemplateRecord = typeof t.$inferSelect;
export type TemplateValues = Omit<typeof t.$inferInsert, 'eid' | 'id' | 'createdAt'>;
export interface TemplateUser {
  kind: number;
  id: number;
  title: string;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Certificates issued from a template. */
const issued = sql<number>`(SELECT count(*)::int FROM certificates c WHERE c.eid = certificate_templates.eid AND c.template_id = certificate_templates.id)`;
/** Exam tasks, study tasks and projects granting a template. */
const usedByCount = sql<number>`(
  (SELECT count(*) FROM exam_tasks x WHERE x.eid = certificate_templates.eid AND x.certificate_template_id = certificate_templates.id)
  + (SELECT count(*) FROM study_tasks x WHERE x.eid = certificate_templates.eid AND x.certificate_template_id = certificate_templates.id)
  + (SELECT count(*) FROM study_projects x WHERE x.eid = certificate_templates.eid AND x.certificate_template_id = certificate_templates.id)
)::int`;

/** SQL of the back office's certificate templates (decision 055), always by enterprise. */
export class CertificateTemplateAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async templates(eid: number, keyword: string | undefined, offset: number, limit: number) {
    const where = and(eq(t.eid, eid), keyword ? ilike(t.title, like(keyword)) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: t.id,
          title: t.title,
          issuer: t.issuer,
          orientation: t.orientation,
          backgroundUrl: t.backgroundUrl,
          validMonths: t.validMonths,
          createdAt: t.createdAt,
          issued,
          usedByCount,
        })
        .from(t)
        .where(where)
        .orderBy(desc(t.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(t).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async template(eid: number, id: number) {
    const [row] = await this.db
      .select({ template: t, issued, usedByCount })
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, id)));
    return row ?? null;
  }

  /** What grants these templates (at most `per` of each template), exams first. */
  async users(eid: number, ids: number[], per = 20): Promise<Map<number, TemplateUser[]>> {
    const map = new Map<number, TemplateUser[]>();
    if (ids.length === 0) return map;
    const list = sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
    const result = await this.db.execute<{ template_id: number; kind: number; id: number; title: string }>(sql`
      SELECT template_id, kind, id, title FROM (
        SELECT template_id, kind, id, title,
          row_number() OVER (PARTITION BY template_id ORDER BY kind, id DESC) AS n
        FROM (
          SELECT certificate_template_id AS template_id, 1 AS kind, id, title FROM exam_tasks
            WHERE eid = ${eid} AND certificate_template_id IN (${list})
          UNION ALL
          SELECT certificate_template_id, 2, id, title FROM study_tasks
            WHERE eid = ${eid} AND certificate_template_id IN (${list})
          UNION ALL
          SELECT certificate_template_id, 3, id, title FROM study_projects
            WHERE eid = ${eid} AND certificate_template_id IN (${list})
        ) x
      ) y WHERE n <= ${per} ORDER BY template_id, kind, id DESC`);
    for (const r of result.rows) {
      const users = map.get(r.template_id) ?? [];
      users.push({ kind: r.kind, id: r.id, title: r.title });
      map.set(r.template_id, users);
    }
    return map;
  }

  static async lock(tx: Tx, eid: number, id: number): Promise<TemplateRecord | null> {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, id)))
      .for('update');
    return row ?? null;
  }

  /** Certificates issued from it, and what grants it (read under the template's lock). */
  static async usage(tx: Tx, eid: number, id: number): Promise<{ issued: number; usedBy: number }> {
    const [row] = await tx
      .select({ issued, usedBy: usedByCount })
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, id)));
    return { issued: row?.issued ?? 0, usedBy: row?.usedBy ?? 0 };
  }

  static async insert(tx: Tx, eid: number, v: TemplateValues): Promise<TemplateRecord> {
    const [row] = await tx
      .insert(t)
      .values({ ...v, eid })
      .returning();
    return row!;
  }

  static async update(tx: Tx, eid: number, id: number, v: TemplateValues): Promise<TemplateRecord> {
    const [row] = await tx
      .update(t)
      .set(v)
      .where(and(eq(t.eid, eid), eq(t.id, id)))
      .returning();
    return row!;
  }

  static async remove(tx: Tx, eid: number, id: number): Promise<void> {
    await tx.delete(t).where(and(eq(t.eid, eid), eq(t.id, id)));
  }

  /**
   * An upload this administrator made, or one the site already uses, in this enterprise: the site
   * uses it from now on (claimed, not swept). False for anyone else's or a file gone.
   */
  static async claimForSite(tx: Tx, key: string, eid: number, accountId: number): Promise<boolean> {
    const [row] = await tx
      .select({ accountId: u.accountId, claimedAt: u.claimedAt })
      .from(u)
      .where(and(eq(u.key, key), eq(u.eid, eid), or(eq(u.accountId, accountId), isNull(u.accountId))))
      .for('update');
    if (!row) return false;
    if (row.accountId !== null || row.claimedAt === null)
      await tx.update(u).set({ accountId: null, claimedAt: new Date() }).where(eq(u.key, key));
    return true;
  }

  /** Whether the administrator may show this upload in a preview (theirs or the site's). */
  async mayUse(key: string, eid: number, accountId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ key: u.key })
      .from(u)
      .where(and(eq(u.key, key), eq(u.eid, eid), or(eq(u.accountId, accountId), isNull(u.accountId))));
    return row !== undefined;
  }

  /** The administrator's name as a certificate would print it (real name in the enterprise, …). */
  async nameOf(eid: number, accountId: number): Promise<string> {
    const result = await this.db.execute<{ name: string }>(sql`
      SELECT coalesce(nullif(eu.real_name, ''), nullif(a.real_name, ''), eu.user_name) AS name
      FROM enterprise_users eu JOIN accounts a ON a.id = eu.account_id
      WHERE eu.eid = ${eid} AND eu.account_id = ${accountId}`);
    return result.rows[0]?.name ?? '';
  }
}
