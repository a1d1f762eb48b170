import { and, eq, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

export interface Membership {
  eid: number;
  entName: string;
  userEntLogo: string;
  /** The person's membership and the enterprise are both active. */
  active: boolean;
  /** Waiting for an administrator's review. */
  pending: boolean;
  /** Rejected by an administrator's review (decision 038). */
  rejected: boolean;
}

/** What a membership read answers: the member's row in the enterprise and their account's phone. */
const MEMBER_FIELDS = {
  eid: schema.enterpriseUsers.eid,
  userName: schema.enterpriseUsers.userName,
  realName: schema.enterpriseUsers.realName,
  headPortrait: schema.enterpriseUsers.headPortrait,
  headshot: schema.enterpriseUsers.headshot,
  userDetail: schema.enterpriseUsers.userDetail,
  departmentName: schema.enterpriseUsers.departmentName,
  isAdmin: schema.enterpriseUsers.isAdmin,
  phone: schema.accounts.phone,
  verified: sql<boolean>`${schema.accounts.verifiedAt} IS NOT NULL`,
};

/** SQL of accounts and memberships. Reads of a membership always name the enterprise. */
export class AccountRepository {
  /**
   * The current user (user info, asked on every page and by every signed-in client): the
   * membership, its account and its totals in one round trip, built and prepared once.
   */
  private readonly currentUserQuery;

  /**
   * `db`: the request's enterprise (row-level security), for the person's membership of it;
   * `system`: the owner's connection, for the account itself (the app's role reads only a few
   * columns of its members' accounts and writes none, decision 020: sign-in by phone, employee
   * number or third-party identity, the password, phone and identity), and for the reads and
   * writes across a person's enterprises (their memberships, their real name in each, removal).
   */
  constructor(
    private readonly db: Db,
    private readonly system: Db,
  ) {
    const { enterpriseUsers: member, accounts, learnerTotals: totals } = schema;
    this.currentUserQuery = db
      .select({
        ...MEMBER_FIELDS,
        creditTenths: totals.creditTenths,
        certificates: totals.certificates,
      })
      .from(member)
      .innerJoin(accounts, eq(accounts.id, member.accountId))
      .leftJoin(totals, and(eq(totals.eid, member.eid), eq(totals.accountId, member.accountId)))
      .where(and(eq(member.eid, sql.placeholder('eid')), eq(member.accountId, sql.placeholder('accountId'))))
      .limit(1)
      .prepare('account_current_user');
  }

  /** The membership with its credit hours and certificates (0 before any are earned), or null. */
  async currentUser(eid: number, accountId: number) {
    const [row] = await this.currentUserQuery.execute({ eid, accountId });
    if (!row) return null;
    return { ...row, creditTenths: row.creditTenths ?? 0, certificates: row.certificates ?? 0 };
  }

  async byPhone(phone: string) {
    const [row] = await this.system.select().from(schema.accounts).where(eq(schema.accounts.phone, phone)).limit(1);
    return row ?? null;
  }

  /** The status of the account's membership of the enterprise (1 active, 3 pending review), or null. */
  async memberStatus(eid: number, accountId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ status: schema.enterpriseUsers.status })
      .from(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, accountId)))
      .limit(1);
    return row?.status ?? null;
  }

  async byId(id: number) {
    const [row] = await this.system.select().from(schema.accounts).where(eq(schema.accounts.id, id)).limit(1);
    return row ?? null;
  }

  /** The account of an employee number in one enterprise. */
  async byEmployeeNo(eid: number, employeeNo: string) {
    const [row] = await this.system
      .select({ account: schema.accounts })
      .from(schema.enterpriseUsers)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.enterpriseUsers.accountId))
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.employeeNo, employeeNo)))
      .limit(1);
    return row?.account ?? null;
  }

  async memberships(accountId: number): Promise<Membership[]> {
    const rows = await this.system
      .select({
        eid: schema.enterprises.eid,
        name: schema.enterprises.name,
        entName: schema.websiteSettings.entName,
        userEntLogo: schema.websiteSettings.userEntLogo,
        status: schema.enterpriseUsers.status,
        enterpriseStatus: schema.enterprises.status,
      })
      .from(schema.enterpriseUsers)
      .innerJoin(schema.enterprises, eq(schema.enterprises.eid, schema.enterpriseUsers.eid))
      .leftJoin(schema.websiteSettings, eq(schema.websiteSettings.eid, schema.enterpriseUsers.eid))
      .where(eq(schema.enterpriseUsers.accountId, accountId))
      .orderBy(schema.enterpriseUsers.eid);
    return rows.map((r) => ({
      eid: r.eid,
      entName: r.entName || r.name,
      userEntLogo: r.userEntLogo ?? '',
      active: r.status === 1 && r.enterpriseStatus === 1,
      pending: r.status === 3,
      rejected: r.status === 4,
    }));
  }

  /** Why an administrator rejected the person's registration on the enterprise ('' when none was given). */
  async rejectionReason(eid: number, accountId: number): Promise<string> {
    const [row] = await this.system
      .select({ reason: schema.registrationReviews.reason })
      .from(schema.registrationReviews)
      .where(and(eq(schema.registrationReviews.eid, eid), eq(schema.registrationReviews.accountId, accountId)))
      .limit(1);
    return row?.reason ?? '';
  }

  /** The person in one enterprise (the session's). */
  async member(eid: number, accountId: number) {
    const [row] = await this.db
      .select(MEMBER_FIELDS)
      .from(schema.enterpriseUsers)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.enterpriseUsers.accountId))
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, accountId)))
      .limit(1);
    return row ?? null;
  }

  async setPassword(accountId: number, passwordHash: string): Promise<void> {
    await this.system.update(schema.accounts).set({ passwordHash }).where(eq(schema.accounts.id, accountId));
  }

  /** Changes the phone; false when another account has it (unique). */
  async setPhone(accountId: number, phone: string): Promise<boolean> {
    const rows = await this.system
      .update(schema.accounts)
      .set({ phone })
      .where(eq(schema.accounts.id, accountId))
      .returning({ id: schema.accounts.id })
      .catch((err: { code?: string; cause?: { code?: string } }) => {
        if (err.code === '23505' || err.cause?.code === '23505') return [];
        throw err;
      });
    return rows.length > 0;
  }

  /** Another account bound to this ID number (keyed hash), if any. */
  async otherAccountWithIdCard(idCardHash: string, accountId: number) {
    const [row] = await this.system
      .select({ id: schema.accounts.id, phone: schema.accounts.phone })
      .from(schema.accounts)
      .where(and(eq(schema.accounts.idCardHash, idCardHash), ne(schema.accounts.id, accountId)))
      .orderBy(schema.accounts.id)
      .limit(1);
    return row ?? null;
  }

  /** Stores the verified identity; the real name also becomes the name in every enterprise. */
  async setIdentity(accountId: number, realName: string, idCardEncrypted: string, idCardHash: string, at: Date) {
    await this.system.transaction(async (tx) => {
      await tx
        .update(schema.accounts)
        .set({ realName, idCardEncrypted, idCardHash, verifiedAt: at })
        .where(eq(schema.accounts.id, accountId));
      await tx.update(schema.enterpriseUsers).set({ realName }).where(eq(schema.enterpriseUsers.accountId, accountId));
    });
  }

  async setRealName(accountId: number, realName: string) {
    await this.system.transaction(async (tx) => {
      // A name without its ID number is no longer the verified identity.
      await tx
        .update(schema.accounts)
        .set({ realName, idCardEncrypted: null, idCardHash: null, verifiedAt: null })
        .where(eq(schema.accounts.id, accountId));
      await tx.update(schema.enterpriseUsers).set({ realName }).where(eq(schema.enterpriseUsers.accountId, accountId));
    });
  }

  /** Removes the account; its memberships and sessions go with it (foreign keys cascade). */
  async remove(accountId: number): Promise<void> {
    await this.system.delete(schema.accounts).where(eq(schema.accounts.id, accountId));
  }

  async isAdminAnywhere(accountId: number): Promise<boolean> {
    const [row] = await this.system
      .select({ eid: schema.enterpriseUsers.eid })
      .from(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.accountId, accountId), eq(schema.enterpriseUsers.isAdmin, true)))
      .limit(1);
    return row !== undefined;
  }

  /** Edit info: only the given fields change, in the session's enterprise only. */
  async setUserInfo(
    eid: number,
    accountId: number,
    values: { userName?: string; headPortrait?: string; headshot?: string },
  ) {
    if (Object.keys(values).length === 0) return;
    await this.db
      .update(schema.enterpriseUsers)
      .set(values)
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, accountId)));
  }

  /** The confirmations the site asks for and the person has not given yet. */
  async confirmationsOwed(eid: number, accountId: number) {
    const [row] = await this.db
      .select({
        personal: schema.websiteSettings.personalInfoConfirmOpenSet,
        talent: schema.websiteSettings.talentInfoConfirmOpenSet,
        personalAt: schema.enterpriseUsers.personalConfirmedAt,
        talentAt: schema.enterpriseUsers.talentConfirmedAt,
      })
      .from(schema.enterpriseUsers)
      .innerJoin(schema.websiteSettings, eq(schema.websiteSettings.eid, schema.enterpriseUsers.eid))
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, accountId)))
      .limit(1);
    return {
      personalInfoConfirmOpenSet: !!row?.personal && !row.personalAt,
      talentInfoConfirmOpenSet: !!row?.talent && !row.talentAt,
    };
  }

  async confirm(eid: number, accountId: number, type: 1 | 2, at: Date) {
    await this.db
      .update(schema.enterpriseUsers)
      .set(type === 1 ? { personalConfirmedAt: at } : { talentConfirmedAt: at })
      .where(and(eq(schema.enterpriseUsers.eid, eid), eq(schema.enterpriseUsers.accountId, accountId)));
  }

  async identity(provider: string, openId: string) {
    const [row] = await this.system
      .select()
      .from(schema.thirdPartyIdentities)
      .where(and(eq(schema.thirdPartyIdentities.provider, provider), eq(schema.thirdPartyIdentities.openId, openId)))
      .limit(1);
    return row ?? null;
  }

  /** Binds an identity; false when it or the account's binding of this provider exists already. */
  async bindIdentity(provider: string, openId: string, accountId: number, nickname: string): Promise<boolean> {
    const rows = await this.system
      .insert(schema.thirdPartyIdentities)
      .values({ provider, openId, accountId, nickname })
      .onConflictDoNothing()
      .returning({ accountId: schema.thirdPartyIdentities.accountId });
    return rows.length > 0;
  }

  async identities(accountId: number) {
    return this.system
      .select()
      .from(schema.thirdPartyIdentities)
      .where(eq(schema.thirdPartyIdentities.accountId, accountId))
      .orderBy(schema.thirdPartyIdentities.provider);
  }

  async unbindIdentity(accountId: number, provider: string): Promise<void> {
    await this.system
      .delete(schema.thirdPartyIdentities)
      .where(
        and(eq(schema.thirdPartyIdentities.accountId, accountId), eq(schema.thirdPartyIdentities.provider, provider)),
      );
  }
}
