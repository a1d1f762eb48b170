import { sql } from 'drizzle-orm';
import type { Tx } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import { insertCertificateOnce, type IssuedCertificate } from './issue-certificate.ts';

/** Who earns: a learner of one enterprise. */
export interface Earner {
  eid: number;
  accountId: number;
}

/** What one source earns a learner (DESIGN.md section 9, "Earning is a ledger"). */
export interface Earning {
  /** What earned it, once per learner: its type (`EarningSource`: 3 a course, 7 an exam task…), id and title. */
  source: { type: number; id: number; title: string };
  /** Credit hours in tenths (12.5 hours = 125), as the ledger and the leaderboards keep them. */
  hoursTenths: number;
  points: number;
  /** The certificate it grants (its template, and the score printed on it in tenths), or none. */
  certificate?: { templateId: number; scoreTenths: number | null } | null;
}

/** What `earnOnce` wrote now (nothing when the learner had already earned it from this source). */
export interface Earned {
  /** The ledger row is new: the points and hours were added to the learner's totals. */
  ledger: boolean;
  /** The certificate issued now, or null (none granted, or issued before). */
  certificate: IssuedCertificate | null;
}

/**
 * Earns once (decisions 026 and 030): the ledger row in `earnings`, unique per learner and source;
 * the certificate, unique per learner and source too; and, for what of these is new, the learner's
 * `learner_totals` the leaderboards and the header read, all in the caller's transaction. Of
 * concurrent or repeated earns for one learner and source, the first inserts and the others wait
 * on the unique indexes and insert nothing: awarding twice is impossible, not merely unlikely.
 *
 * Once the caller's transaction commits, the learner's cached user info (the header's hours,
 * points and certificates) is forgotten (`afterCommit`): no caller has to remember it, and none can
 * forget it too early. `tx` must be a transaction of the platform's `db`, which runs those hooks.
 *
 * The totals' leaderboard rows (decision 012: one row per enterprise and value) are held until the
 * caller commits, so concurrent first earns of one enterprise commit one after another: callers
 * keep their transaction short after earning.
 */
export async function earnOnce(tx: Tx, who: Earner, earning: Earning): Promise<Earned> {
  const { source } = earning;
  // Registered before anything is written: a transaction that would not run it is refused at once,
  // whether or not this earn turns out to be new.
  let changed = false;
  afterCommit(tx, (effects) => {
    if (changed) effects.forgetAccount(who.accountId);
  });
  const inserted = await tx.execute(sql`
    INSERT INTO earnings (eid, account_id, source_type, source_id, title, points, credit_tenths)
    VALUES (${who.eid}, ${who.accountId}, ${source.type}, ${source.id}, ${source.title}, ${earning.points}, ${earning.hoursTenths})
    ON CONFLICT (eid, account_id, source_type, source_id) DO NOTHING
    RETURNING id`);
  const ledger = inserted.rows.length > 0;
  const certificate = earning.certificate
    ? await insertCertificateOnce(tx, who, {
        templateId: earning.certificate.templateId,
        sourceType: source.type,
        sourceId: source.id,
        title: source.title,
        scoreTenths: earning.certificate.scoreTenths,
      })
    : null;
  const points = ledger ? earning.points : 0;
  const hours = ledger ? earning.hoursTenths : 0;
  const certificates = certificate ? 1 : 0;
  if (points !== 0 || hours !== 0 || certificates !== 0) {
    await tx.execute(sql`
      INSERT INTO learner_totals (eid, account_id, points, credit_tenths, certificates)
      VALUES (${who.eid}, ${who.accountId}, ${points}, ${hours}, ${certificates})
      ON CONFLICT (eid, account_id) DO UPDATE SET
        points = learner_totals.points + EXCLUDED.points,
        credit_tenths = learner_totals.credit_tenths + EXCLUDED.credit_tenths,
        certificates = learner_totals.certificates + EXCLUDED.certificates,
        updated_at = now()`);
  }
  changed = ledger || certificate !== null;
  return { ledger, certificate };
}
