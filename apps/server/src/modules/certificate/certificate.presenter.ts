import { CertificateStatus, maskName, type CertificateCheck, type MyCertificate } from '@portal/contract';
import type { CertificateRow } from './certificate.repository.ts';

const statusOf = (row: CertificateRow) => (row.expired ? CertificateStatus.EXPIRED : CertificateStatus.VALID);

/** A score in tenths as printed: 85, 85.5. */
export const scoreOf = (tenths: number | null): number | null => (tenths === null ? null : tenths / 10);

/** One of the learner's certificates (the holder's own: nothing masked, nothing of the template). */
export const presentMine = (row: CertificateRow): MyCertificate => ({
  id: row.id,
  number: row.number,
  title: row.title,
  issuedAt: row.issuedAt.toISOString(),
  validUntil: row.validUntil?.toISOString() ?? null,
  status: statusOf(row),
  score: scoreOf(row.scoreTenths),
});

/** What the public check shows: the holder's name masked, no ID, no score, no internal id. */
export const presentCheck = (row: CertificateRow): CertificateCheck => ({
  number: row.number,
  holderName: maskName(row.holderName),
  title: row.title,
  issuer: row.issuer,
  issuedAt: row.issuedAt.toISOString(),
  validUntil: row.validUntil?.toISOString() ?? null,
  status: statusOf(row),
});
