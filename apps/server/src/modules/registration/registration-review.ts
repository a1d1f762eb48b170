import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import { MEMBERSHIP_PENDING } from '../../platform/session.ts';

/** A registration an administrator rejected: the membership stays, refused (decision 038). */
export const MEMBERSHIP_REJECTED = 4;

/**
 * The back office's review of registrations (decision 038): where the site does not accept them at
 * once (registerAutoAudit off), a registration waits as a pending membership; an administrator
 * approves it (the person signs in as a member) or rejects it with a reason (the person is told it
 * at sign-in). Each decision once, audited, under the tenant's row-level security.
 */
export class RegistrationReview {
  constructor(private readonly db: Db) {}

  async findPendingRegistrations(eid: number, q: { pageCurrent: number; pageSize: number }) {
    const m = schema.enterpriseUsers;
    const pending = and(eq(m.eid, eid), eq(m.status, MEMBERSHIP_PENDING));
    const [list, [count]] = await Promise.all([
      this.db
        .select({
          accountId: m.accountId,
          phone: schema.accounts.phone,
          realName: m.realName,
          userName: m.userName,
          userDetail: m.userDetail,
          createdAt: m.createdAt,
        })
        .from(m)
        .innerJoin(schema.accounts, eq(schema.accounts.id, m.accountId))
        .where(pending)
        .orderBy(asc(m.createdAt), asc(m.accountId))
        .offset((q.pageCurrent - 1) * q.pageSize)
        .limit(q.pageSize),
      // Its partial index; the count stops at 10 000 (decision 036).
      this.db
        .execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM enterprise_users WHERE eid = ${eid} AND status = ${MEMBERSHIP_PENDING} LIMIT 10000) x`,
        )
        .then((r) => r.rows),
    ]);
    const total = count?.n ?? 0;
    return {
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      totalCount: total,
      totalPage: Math.ceil(total / q.pageSize),
      list: list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    };
  }

  /** Approves or rejects a pending registration, once (a conditional update of the pending row). */
  async decideRegistration(
    eid: number,
    adminId: number,
    q: { accountId: number; approve: boolean; reason: string },
    audit: AdminAudit,
  ): Promise<void> {
    const m = schema.enterpriseUsers;
    await this.db.transaction(async (tx) => {
      const [decided] = await tx
        .update(m)
        .set({ status: q.approve ? 1 : MEMBERSHIP_REJECTED })
        .where(and(eq(m.eid, eid), eq(m.accountId, q.accountId), eq(m.status, MEMBERSHIP_PENDING)))
        .returning({ accountId: m.accountId, realName: m.realName });
      if (!decided) throw new AppError(ErrorCode.REGISTRATION_NOT_PENDING);
      if (!q.approve) {
        await tx
          .insert(schema.registrationReviews)
          .values({ eid, accountId: q.accountId, reason: q.reason, reviewedBy: adminId })
          .onConflictDoUpdate({
            target: [schema.registrationReviews.eid, schema.registrationReviews.accountId],
            set: { reason: q.reason, reviewedBy: adminId, reviewedAt: sql`now()` },
          });
      } else {
        await tx
          .delete(schema.registrationReviews)
          .where(and(eq(schema.registrationReviews.eid, eid), eq(schema.registrationReviews.accountId, q.accountId)));
      }
      await audit.record(tx, {
        entityType: 'registration',
        entityId: q.accountId,
        before: { status: MEMBERSHIP_PENDING, realName: decided.realName },
        after: { status: q.approve ? 1 : MEMBERSHIP_REJECTED, reason: q.approve ? '' : q.reason },
      });
    });
  }
}
