import { sql } from 'drizzle-orm';
import type { Tx } from '@portal/db';

/** What a certificate certifies: its template, the source it was earned by, its title and score. */
export interface CertificateGrant {
  templateId: number;
  sourceType: number;
  sourceId: number;
  title: string;
  /** The score that earned it, in tenths (null: none printed). */
  scoreTenths: number | null;
}

/** A certificate issued just now. */
export interface IssuedCertificate {
  id: number;
  number: string;
  /** The check code the public check asks for with the number (decision 030). */
  checkCode: string;
}

/**
 * Writes a certificate once per holder and source, in the caller's transaction (`earnOnce` only):
 * the row (unique on enterprise, holder, source type and source id), its number (`ZS` + enterprise
 * + year of issue in China time + the row's id padded to 8 digits: unique across the platform), its
 * random check code (the column's default, `certificate_check_code()`: the number alone counts up
 * and finds nothing), the holder's name and ID hash as they are now (the public check finds it by
 * them) and the end of its validity from the template. Answers the certificate when it is new, null
 * when the holder already had it (or is no member of the enterprise, or the template is not the
 * enterprise's). The holder's certificate count is `earnOnce`'s.
 *
 * The number is written by the insert itself (the id drawn from the table's sequence first): no
 * row ever holds a placeholder number that another issue in the enterprise would collide with. Of
 * concurrent issues of one holder and source, the first inserts and the others wait for it and
 * insert nothing (ON CONFLICT DO NOTHING).
 */
export async function insertCertificateOnce(
  tx: Tx,
  who: { eid: number; accountId: number },
  grant: CertificateGrant,
): Promise<IssuedCertificate | null> {
  const inserted = await tx.execute<{ id: number; number: string; check_code: string }>(sql`
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
    RETURNING id, number, check_code`);
  const row = inserted.rows[0];
  return row ? { id: row.id, number: row.number, checkCode: row.check_code } : null;
}
