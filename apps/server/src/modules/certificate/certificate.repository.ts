import { and, count, desc, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const c = schema.certificates;
const t = schema.certificateTemplates;

/** The columns every certificate read answers, with its template's issuer and whether it has expired. */
const columns = {
  id: c.id,
  eid: c.eid,
  accountId: c.accountId,
  number: c.number,
  title: c.title,
  holderName: c.holderName,
  scoreTenths: c.scoreTenths,
  issuedAt: c.issuedAt,
  validUntil: c.validUntil,
  // Judged by the database's clock, like everything that expires (DESIGN.md section 9).
  expired: sql<boolean>`(${c.validUntil} IS NOT NULL AND ${c.validUntil} <= now())`,
  issuer: t.issuer,
};

export type CertificateRow = {
  id: number;
  eid: number;
  accountId: number;
  number: string;
  title: string;
  holderName: string;
  scoreTenths: number | null;
  issuedAt: Date;
  validUntil: Date | null;
  expired: boolean;
  issuer: string;
};

/** A certificate with what its PDF prints of its template. */
export type PrintableCertificate = CertificateRow & {
  checkCode: string;
  templateTitle: string;
  body: string;
  sealUrl: string;
  signature: string;
  orientation: string;
  backgroundUrl: string;
  layout: unknown;
};

/**
 * SQL of certificates: always by enterprise (the session's or the site's), and for a learner's own
 * list and download by the holder too.
 */
export class CertificateRepository {
  constructor(private readonly db: Db) {}

  private withTemplate() {
    return this.db
      .select(columns)
      .from(c)
      .innerJoin(t, and(eq(t.eid, c.eid), eq(t.id, c.templateId)));
  }

  async findMine(eid: number, accountId: number, offset: number, limit: number) {
    const where = and(eq(c.eid, eid), eq(c.accountId, accountId));
    const [rows, [total]] = await Promise.all([
      this.withTemplate().where(where).orderBy(desc(c.issuedAt), desc(c.id)).limit(limit).offset(offset),
      this.db.select({ total: count() }).from(c).where(where),
    ]);
    return { rows: rows as CertificateRow[], total: total?.total ?? 0 };
  }

  async viewMine(eid: number, accountId: number, id: number): Promise<PrintableCertificate | null> {
    const [row] = await this.db
      .select({
        ...columns,
        checkCode: c.checkCode,
        templateTitle: t.title,
        body: t.body,
        sealUrl: t.sealUrl,
        signature: t.signature,
        orientation: t.orientation,
        backgroundUrl: t.backgroundUrl,
        layout: t.layout,
      })
      .from(c)
      .innerJoin(t, and(eq(t.eid, c.eid), eq(t.id, c.templateId)))
      .where(and(eq(c.eid, eid), eq(c.accountId, accountId), eq(c.id, id)));
    return (row as PrintableCertificate | undefined) ?? null;
  }

  /** By number and check code together: one without the other finds nothing. */
  async findByNumber(eid: number, number: string, checkCode: string): Promise<CertificateRow[]> {
    const rows = await this.withTemplate().where(and(eq(c.eid, eid), eq(c.number, number), eq(c.checkCode, checkCode)));
    return rows as CertificateRow[];
  }

  /** By the holder's name and the keyed hash of their ID number (never the number itself), newest first. */
  async findByHolder(eid: number, holderName: string, idCardHash: string): Promise<CertificateRow[]> {
    const rows = await this.withTemplate()
      .where(and(eq(c.eid, eid), eq(c.holderName, holderName), eq(c.holderIdHash, idCardHash)))
      .orderBy(desc(c.issuedAt), desc(c.id))
      .limit(50);
    return rows as CertificateRow[];
  }
}
