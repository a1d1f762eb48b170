import { and, asc, eq, like, sql } from 'drizzle-orm';
import { MEMBERSHIP_PENDING } from '../../platform/session.ts';
import { agreementTypes as AGREEMENT_TYPES } from '@portal/contract';
import { schema, type Db } from '@portal/db';

/** SQL of the position hierarchy and new accounts (the form's configuration: registration-form). */
export class RegistrationRepository {
  /**
   * `db`: the request's enterprise (row-level security); `system`: the owner's connection, for the
   * new account and a registration's change of it (accounts are people, not one tenant's rows:
   * the app's role may not write them, decision 020).
   */
  constructor(
    private readonly db: Db,
    private readonly system: Db,
  ) {}

  async viewAutoAudit(eid: number): Promise<boolean> {
    const [row] = await this.db
      .select({ autoAudit: schema.websiteSettings.registerAutoAudit })
      .from(schema.websiteSettings)
      .where(eq(schema.websiteSettings.eid, eid))
      .limit(1);
    return row?.autoAudit ?? true;
  }

  /** One level of the hierarchy: the children of `pathNo` ('' for level 1). */
  async findPositions(eid: number, level: number, pathNo: string) {
    return this.db
      .select({
        name: schema.positions.name,
        nameEn: schema.positions.nameEn,
        pathNo: schema.positions.pathNo,
        categoryType: schema.positions.categoryType,
      })
      .from(schema.positions)
      .where(
        and(
          eq(schema.positions.eid, eid),
          eq(schema.positions.level, level),
          like(schema.positions.pathNo, `${pathNo.replace(/[%_\\]/g, '')}%`),
        ),
      )
      .orderBy(asc(schema.positions.sort), asc(schema.positions.pathNo));
  }

  async position(eid: number, pathNo: string) {
    const [row] = await this.db
      .select()
      .from(schema.positions)
      .where(and(eq(schema.positions.eid, eid), eq(schema.positions.pathNo, pathNo)))
      .limit(1);
    return row ?? null;
  }

  /**
   * The versions of the site's agreements a registration consents to: each text's last change
   * (null for a text the site does not have, whose default the page shows).
   */
  async agreementVersions(eid: number): Promise<Array<{ type: string; version: Date | null }>> {
    const rows = await this.db
      .select({ type: schema.agreements.type, version: schema.agreements.updatedAt })
      .from(schema.agreements)
      .where(eq(schema.agreements.eid, eid));
    return AGREEMENT_TYPES.map((type) => ({ type, version: rows.find((r) => r.type === type)?.version ?? null }));
  }

  /**
   * The new account, its membership and its consents to the site's agreements, together; null
   * when the phone was taken meanwhile.
   */
  async createMember(values: {
    phone: string;
    passwordHash: string;
    realName: string;
    idCardEncrypted: string | null;
    idCardHash: string | null;
    eid: number;
    userName: string;
    headshot: string;
    userDetail: Record<string, string>;
    active: boolean;
    consents: Array<{ type: string; version: Date | null }>;
  }): Promise<number | null> {
    try {
      return await this.system.transaction(async (tx) => {
        const [account] = await tx
          .insert(schema.accounts)
          .values({
            phone: values.phone,
            passwordHash: values.passwordHash,
            realName: values.realName,
            idCardEncrypted: values.idCardEncrypted,
            idCardHash: values.idCardHash,
            verifiedAt: values.idCardHash ? new Date() : null,
          })
          .returning({ id: schema.accounts.id });
        await tx.insert(schema.enterpriseUsers).values({
          eid: values.eid,
          accountId: account!.id,
          userName: values.userName,
          realName: values.realName,
          headshot: values.headshot,
          userDetail: values.userDetail,
          status: values.active ? 1 : 3,
        });
        await tx
          .insert(schema.agreementConsents)
          .values(values.consents.map((c) => ({ eid: values.eid, accountId: account!.id, ...c })));
        return account!.id;
      });
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') return null;
      throw err;
    }
  }

  /** The registration of this phone on the enterprise that waits for review, or null. */
  async findPendingRegistration(eid: number, phone: string) {
    const [row] = await this.db
      .select({ accountId: schema.accounts.id, headshot: schema.enterpriseUsers.headshot })
      .from(schema.enterpriseUsers)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.enterpriseUsers.accountId))
      .where(
        and(
          eq(schema.enterpriseUsers.eid, eid),
          eq(schema.accounts.phone, phone),
          eq(schema.enterpriseUsers.status, MEMBERSHIP_PENDING),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Replaces the fields of a registration still waiting for review, and the account's name and ID
   * number where given, together; active makes it a member at once. False when it no longer waits
   * (reviewed meanwhile): nothing is changed then.
   */
  async editRegistration(values: {
    eid: number;
    accountId: number;
    userName: string;
    realName: string;
    idCardEncrypted: string | null;
    idCardHash: string | null;
    headshot: string;
    userDetail: Record<string, string>;
    active: boolean;
  }): Promise<boolean> {
    // The membership's update names its enterprise; the account's is the owner's work.
    return this.system.transaction(async (tx) => {
      const updated = await tx
        .update(schema.enterpriseUsers)
        .set({
          userName: values.userName,
          realName: values.realName,
          headshot: values.headshot,
          userDetail: values.userDetail,
          status: values.active ? 1 : MEMBERSHIP_PENDING,
          // Sent again: it joins the end of the review queue like a new registration.
          createdAt: sql`now()`,
        })
        .where(
          and(
            eq(schema.enterpriseUsers.eid, values.eid),
            eq(schema.enterpriseUsers.accountId, values.accountId),
            eq(schema.enterpriseUsers.status, MEMBERSHIP_PENDING),
          ),
        )
        .returning({ accountId: schema.enterpriseUsers.accountId });
      if (updated.length === 0) return false;
      await tx
        .update(schema.accounts)
        .set({
          realName: values.realName,
          ...(values.idCardHash
            ? { idCardEncrypted: values.idCardEncrypted, idCardHash: values.idCardHash, verifiedAt: new Date() }
            : {}),
        })
        .where(eq(schema.accounts.id, values.accountId));
      return true;
    });
  }
}
