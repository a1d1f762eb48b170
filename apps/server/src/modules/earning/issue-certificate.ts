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
 * number (`ZS` + enterprise + year of issue in China time + the row's id padded to 8 digits: unique
 * across the platform), the holder's name and ID hash as they are now (the public check finds it by
 * them), the end of its validity from the template, and the holder's certificate count the header
 * and the leaderboard read. Answers the certificate when it is new, null when the holder already
 * had it (or is no member of the enterprise, or the template is not the enterprise's).
 *
 * The number is written by the insert itself (the id drawn from the table's sequence first): no
 * row ever holds a placeholder number that another issue in the enterprise would collide with. Of
 * concurrent issues of one holder and source, the first inserts and the others wait for it and
 * insert nothing (ON CONFLICT DO NOTHING), so the count is bumped once. The count's leaderboard
 * rows (decision 012: one row per enterprise and value) are held until the caller commits, so
 * concurrent first certificates of one enterprise commit one after another: the caller keeps its
 * transaction short after issuing. After the commit the holder's cached user info is stale: the
 * caller forgets it (`sessions.forgetAccount`, decision 007).
 */
export async function issueCertificateOnce(
  tx: Tx,
  who: Holder,
  grant: CertificateGrant,
): Promise<{ id: number; number: string } | null> {
  const inserted = await tx.execute<{ id: number; number: string }>(sql`
    WITH drawn AS (SELECT nextval(pg_get_serial_sequence('certificates', 'id'))::int AS id)
    INSERT INTO certificates (eid, id, number, account_id, template_id, source_type, source_id, title,
      holder_name, holder_id_hash, score_tenths, issued_at, valid_until)
    SELECT ${who.eid}, drawn.id,
      'ZS' || ${who.eid}::int || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYY') || lpad(drawn.id::text, 8, '0'),
      eu.account_id, t.id, ${grant.sourceType}, ${grant.sourceId}, ${grant.title},
      coalesce(nullif(eu.real_name, ''), nullif(a.real_name, ''), eu.user_name), a.id_card_hash,
      ${grant.scoreTenths}, now(),
      CASE WHEN t.valid_months IS NULL THEN NULL ELSE now() + make_interval(months => t.valid_months) END
    FROM drawn, enterprise_users eu
    JOIN accounts a ON a.id = eu.account_id
    JOIN certificate_templates t ON t.eid = eu.eid AND t.id = ${grant.templateId}
    WHERE eu.eid = ${who.eid} AND eu.account_id = ${who.accountId}
    ON CONFLICT (eid, account_id, source_type, source_id) DO NOTHING
    RETURNING id, number`);
  const row = inserted.rows[0];
  if (!row) return null;
  await tx.execute(sql`
    INSERT INTO learner_totals (eid, account_id, certificates) VALUES (${who.eid}, ${who.accountId}, 1)
    ON CONFLICT (eid, account_id) DO UPDATE SET certificates = learner_totals.certificates + 1, updated_at = now()`);
  return { id: row.id, number: row.number };
}
