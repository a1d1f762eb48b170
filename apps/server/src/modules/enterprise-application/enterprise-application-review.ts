import { and, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';

/** An application's states: waiting, approved, rejected. */
export const ApplicationReview = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;

/**
 * The back office's review of the applications to join made on its site (/company/in, decision
 * 038). Applications are not one tenant's rows (the applicant is no enterprise yet): the owner's
 * connection reads and writes them, every statement bounded by the site they were made on.
 */
export class EnterpriseApplicationReview {
  constructor(private readonly system: Db) {}

  async findEnterpriseApplications(
    eid: number,
    q: { pageCurrent: number; pageSize: number; status?: number | undefined },
  ) {
    const a = schema.enterpriseApplications;
    const where = and(eq(a.appliedOnEid, eid), q.status ? eq(a.status, q.status) : undefined);
    const [list, [count]] = await Promise.all([
      this.system
        .select()
        .from(a)
        .where(where)
        .orderBy(desc(a.createdAt), desc(a.id))
        .offset((q.pageCurrent - 1) * q.pageSize)
        .limit(q.pageSize),
      this.system
        .select({ n: sql<number>`count(*)::int` })
        .from(this.system.select({ id: a.id }).from(a).where(where).limit(10_000).as('x')),
    ]);
    const total = count?.n ?? 0;
    return {
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      totalCount: total,
      totalPage: Math.ceil(total / q.pageSize),
      list: list.map((r) => ({
        id: r.id,
        entName: r.entName,
        creditCode: r.creditCode,
        contactName: r.contactName,
        contactPhone: r.contactPhone,
        remark: r.remark,
        status: r.status,
        rejectReason: r.rejectReason,
        createdAt: r.createdAt.toISOString(),
        reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
      })),
    };
  }

  /** Approves or rejects a waiting application of this site, once. */
  async decideEnterpriseApplication(
    eid: number,
    adminId: number,
    q: { id: number; approve: boolean; reason: string },
    audit: AdminAudit,
  ): Promise<void> {
    const a = schema.enterpriseApplications;
    await this.system.transaction(async (tx) => {
      const [decided] = await tx
        .update(a)
        .set({
          status: q.approve ? ApplicationReview.APPROVED : ApplicationReview.REJECTED,
          rejectReason: q.approve ? '' : q.reason,
          reviewedBy: adminId,
          reviewedAt: sql`now()`,
        })
        .where(and(eq(a.id, q.id), eq(a.appliedOnEid, eid), eq(a.status, ApplicationReview.PENDING)))
        .returning({ entName: a.entName, creditCode: a.creditCode });
      if (!decided) {
        const [exists] = await tx
          .select({ id: a.id })
          .from(a)
          .where(and(eq(a.id, q.id), eq(a.appliedOnEid, eid)));
        throw new AppError(
          exists ? ErrorCode.ENTERPRISE_APPLICATION_DECIDED : ErrorCode.ENTERPRISE_APPLICATION_NOT_FOUND,
        );
      }
      await audit.record(tx, {
        entityType: 'enterprise_application',
        entityId: q.id,
        before: { status: ApplicationReview.PENDING, ...decided },
        after: {
          status: q.approve ? ApplicationReview.APPROVED : ApplicationReview.REJECTED,
          reason: q.approve ? '' : q.reason,
        },
      });
    });
  }

  /** The latest decided application of a credit code: what the applicant is told when they apply again. */
  async latestDecision(creditCode: string) {
    const a = schema.enterpriseApplications;
    const [row] = await this.system
      .select({ status: a.status, rejectReason: a.rejectReason })
      .from(a)
      .where(and(eq(a.creditCode, creditCode), sql`${a.status} <> ${ApplicationReview.PENDING}`))
      .orderBy(desc(a.reviewedAt))
      .limit(1);
    return row ?? null;
  }
}
