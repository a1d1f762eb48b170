import { sql } from 'drizzle-orm';
import type { Db } from '@portal/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whom a certificate is issued to. */
export interface Holder {
  eid: number;
  accountId: number;
}

/** What a certificate certifies: its template, the source it was earned by (an exam task: 7), its title and score. */
export interface CertificateGrant {
  templateId: number;
  sourceType: number;
  sourceId: number;
  title: string;
  /** The score that earned it, in tenths (null: none printed). */
  scoreTenths: number | null;
}

/**
 * Issues a certificate once per holder and source (DESIGN.md section 9, "Earning is a ledger"), in
 * the caller's transaction: the row (unique on enterprise, holder, source type and source id), its
 * number (`ZS` + enterprise + year + the row's id: unique across the platform), the holder's name
 * and ID hash as they are now (the public check finds it by them), the end of its validity from
 * the template, and the holder's certificate count the header and the leaderboard read. Answers the
 * certificate when it is new, null when the holder already had it.
 */
export async function issueCertificateOnce(
  tx: Tx,
  who: Holder,
  grant: CertificateGrant,
): Promise<{ id: number; number: string } | null> {
  const inserted = await tx.execute<{ id: number; issued_year: string }>(sql`
    INSERT INTO certificates (eid, number, account_id, template_id, source_type, source_id, title,
      holder_name, holder_id_hash, score_tenths, valid_until)
    SELECT ${who.eid}, '', eu.account_id, t.id, ${grant.sourceType}, ${grant.sourceId}, ${grant.title},
      coalesce(nullif(eu.real_name, ''), nullif(a.real_name, ''), eu.user_name), a.id_card_hash,
      ${grant.scoreTenths},
      CASE WHEN t.valid_months IS NULL THEN NULL ELSE now() + make_interval(months => t.valid_months) END
    FROM enterprise_users eu
    JOIN accounts a ON a.id = eu.account_id
    JOIN certificate_templates t ON t.eid = eu.eid AND t.id = ${grant.templateId}
    WHERE eu.eid = ${who.eid} AND eu.account_id = ${who.accountId}
    ON CONFLICT (eid, account_id, source_type, source_id) DO NOTHING
    RETURNING id, to_char(issued_at AT TIME ZONE 'Asia/Shanghai', 'YYYY') AS issued_year`);
  const row = inserted.rows[0];
  if (!row) return null;
  const number = `ZS${who.eid}${row.issued_year}${String(row.id).padStart(8, '0')}`;
  await tx.execute(sql`UPDATE certificates SET number = ${number} WHERE eid = ${who.eid} AND id = ${row.id}`);
  await tx.execute(sql`
    INSERT INTO learner_totals (eid, account_id, certificates) VALUES (${who.eid}, ${who.accountId}, 1)
    ON CONFLICT (eid, account_id) DO UPDATE SET certificates = learner_totals.certificates + 1, updated_at = now()`);
  return { id: row.id, number };
}
