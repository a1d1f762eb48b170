import { ApplicationStatus, ErrorCode, pageOffset, toPage } from '@portal/contract';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import type { Session } from '../../platform/session.ts';
import { applyRefusal, statusOnApply } from './project.policy.ts';
import { presentAdminProject, presentApplicant, presentApplication, presentApplied } from './project.presenter.ts';
import type { ProjectRepository } from './project.repository.ts';

interface Paging {
  pageCurrent: number;
  pageSize: number;
}

/**
 * Enrolment (decision 035): applying and withdrawing, the learner's applications (my enrolments),
 * and the administrators' decisions. Pending and approved applications hold a seat; the seat count
 * is changed in the same transaction as the application, by one conditional UPDATE that never
 * passes the capacity.
 */
export class ProjectEnrolment {
  constructor(private readonly repo: ProjectRepository) {}

  /**
   * Applies: approved at once where the rule is open, pending where it needs approval. In one
   * transaction: the application row first (a second one of the same learner waits on it and
   * finds it holding a seat: 8205), then the seat (full: 8204, and the application is rolled
   * back). Rule and dates are read in the transaction by the database's clock, and read again
   * under the project's row lock as the seat is taken: an edit meanwhile (rule, dates, seats,
   * unpublished or deleted) decides, never a stale read.
   */
  async apply(who: Learner, projectId: number) {
    return this.repo.db.transaction(async (tx) => {
      const facts = await this.repo.viewEnrolment(tx, who.eid, projectId);
      if (!facts) throw new AppError(ErrorCode.NOT_FOUND);
      const existing = await this.repo.viewApplication(tx, who, projectId);
      const refusal = applyRefusal(facts, existing?.status);
      // The seat count read here may be stale; the full case is decided by `takeSeat` below.
      if (refusal !== null && refusal !== ErrorCode.PROJECT_FULL) throw new AppError(refusal);
      const status = statusOnApply(facts.enrolRule);
      const application = await this.repo.upsertApplication(tx, who, projectId, status).catch((err: unknown) => {
        // The project was deleted since it was read (drizzle wraps the driver's error in `cause`).
        const e = err as { code?: string; cause?: { code?: string } };
        if ((e.code ?? e.cause?.code) === '23503') throw new AppError(ErrorCode.NOT_FOUND);
        throw err;
      });
      if (!application) throw new AppError(ErrorCode.PROJECT_APPLIED);
      // The seat, with the facts as an edit of the project left them (their row is locked now):
      // a rule, dates or seats changed since the read above decide.
      const locked = await this.repo.takeSeat(tx, who.eid, projectId);
      if (!locked) throw new AppError(ErrorCode.NOT_FOUND);
      const late = applyRefusal(locked, null);
      if (late !== null) throw new AppError(late);
      if (statusOnApply(locked.enrolRule) !== status) {
        return presentApplication(
          await this.repo.restatusApplication(tx, who, projectId, statusOnApply(locked.enrolRule)),
        );
      }
      return presentApplication(application);
    });
  }

  /** Withdraws the learner's pending application and frees its seat. */
  async cancel(who: Learner, projectId: number) {
    return this.repo.db.transaction(async (tx) => {
      const withdrawn = await this.repo.withdrawApplication(tx, who, projectId);
      if (!withdrawn) {
        const existing = await this.repo.viewApplication(tx, who, projectId);
        throw new AppError(existing ? ErrorCode.PROJECT_NOT_PENDING : ErrorCode.NOT_FOUND);
      }
      await this.repo.freeSeat(tx, who.eid, projectId);
      return presentApplication(withdrawn);
    });
  }

  async findAppliedProjects(who: Learner, q: Paging & { status?: number | undefined }) {
    const { rows, total } = await this.repo.findAppliedProjects(
      who,
      q.status,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentApplied), total, q.pageCurrent, q.pageSize);
  }

  /** An administrator's (a back-office call: the gateway settled who may). */
  async findApplicants(session: Session, q: Paging & { projectId: number; status?: number | undefined }) {
    if (!(await this.repo.projectExists(session.eid, q.projectId, { published: false })))
      throw new AppError(ErrorCode.NOT_FOUND);
    const { rows, total } = await this.repo.findApplicants(
      session.eid,
      q.projectId,
      q.status,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentApplicant), total, q.pageCurrent, q.pageSize);
  }

  /** The back office's projects with their seats and applications waiting. */
  async findAdminProjects(session: Session, q: Paging & { keyword?: string | undefined }) {
    const { rows, total } = await this.repo.findAdminProjects(
      session.eid,
      { keyword: q.keyword },
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentAdminProject), total, q.pageCurrent, q.pageSize);
  }

  /** One project of the back office's list (the applications page's heading), published or not. */
  async viewAdminProject(session: Session, id: number) {
    const { rows } = await this.repo.findAdminProjects(session.eid, { id }, 0, 1);
    if (!rows[0]) throw new AppError(ErrorCode.NOT_FOUND);
    return presentAdminProject(rows[0]);
  }

  /**
   * Approves or rejects several pending applications in one transaction (the queue's bulk
   * action), in the order of their account ids. Each is decided by the same conditional UPDATE as
   * one alone, so an application
   * decided meanwhile by another administrator, or withdrawn, is left as it is and counted as
   * unchanged. Rejecting needs a reason (the learner reads it) and frees the seats. Seats never
   * pass the capacity: pending applications hold theirs already. Each decision is audited.
   */
  async decideMany(
    { session, audit }: { session: Session; audit: AdminAudit },
    q: { projectId: number; accountIds: number[]; approve: boolean; reason?: string | undefined },
  ) {
    const reason = q.reason ?? '';
    if (!q.approve && !reason) throw new AppError(ErrorCode.PROJECT_REASON_REQUIRED);
    const accountIds = [...new Set(q.accountIds)].sort((x, y) => x - y);
    if (!(await this.repo.projectExists(session.eid, q.projectId, { published: false })))
      throw new AppError(ErrorCode.NOT_FOUND);
    return this.repo.db.transaction(async (tx) => {
      // The application rows first, then the project's seats: the order applying takes them in,
      // so a learner applying again while their application is decided never deadlocks with it.
      let decided = 0;
      for (const accountId of accountIds) {
        const row = await this.repo.decideApplication(tx, session.eid, q.projectId, accountId, {
          status: q.approve ? ApplicationStatus.APPROVED : ApplicationStatus.REJECTED,
          reason,
          decidedBy: session.accountId,
        });
        if (!row) continue;
        decided++;
        const after = presentApplicant(row);
        await audit.record(tx, {
          entityType: 'study_project_application',
          entityId: `${q.projectId}:${accountId}`,
          before: { status: ApplicationStatus.PENDING, reason: '' },
          after: { status: after.status, reason: after.reason, decidedAt: after.decidedAt },
        });
      }
      if (!q.approve) await this.repo.freeSeats(tx, session.eid, q.projectId, decided);
      const unchanged = accountIds.length - decided;
      if (decided === 0) {
        // Nothing was pending any more: the attempt is in the log all the same (every write is).
        await audit.record(tx, {
          entityType: 'study_project_application',
          entityId: String(q.projectId),
          before: null,
          after: { approve: q.approve, decided, unchanged },
        });
      }
      return { decided, unchanged };
    });
  }

  /**
   * Approves or rejects a pending application, once: the conditional UPDATE of the pending row
   * decides which of two concurrent decisions stands (the other: 8208). Rejecting frees the seat.
   * A back-office call: the decision is in the audit log, the application before and after.
   */
  async decide(
    { session, audit }: { session: Session; audit: AdminAudit },
    q: { projectId: number; accountId: number; approve: boolean; reason?: string | undefined },
  ) {
    return this.repo.db.transaction(async (tx) => {
      const applicant = { eid: session.eid, accountId: q.accountId };
      const before = await this.repo.viewApplication(tx, applicant, q.projectId);
      const decided = await this.repo.decideApplication(tx, session.eid, q.projectId, q.accountId, {
        status: q.approve ? ApplicationStatus.APPROVED : ApplicationStatus.REJECTED,
        reason: q.reason ?? '',
        decidedBy: session.accountId,
      });
      if (!decided) {
        const existing = await this.repo.viewApplication(tx, applicant, q.projectId);
        if (!existing) throw new AppError(ErrorCode.NOT_FOUND);
        // Approved or rejected: decided already; withdrawn by the learner: no longer pending.
        throw new AppError(
          existing.status === ApplicationStatus.WITHDRAWN ? ErrorCode.PROJECT_NOT_PENDING : ErrorCode.PROJECT_DECIDED,
        );
      }
      if (!q.approve) await this.repo.freeSeat(tx, session.eid, q.projectId);
      const after = presentApplicant(decided);
      await audit.record(tx, {
        entityType: 'study_project_application',
        entityId: `${q.projectId}:${q.accountId}`,
        before: before && { status: before.status, reason: before.reason },
        after: { status: after.status, reason: after.reason, decidedAt: after.decidedAt },
      });
      return after;
    });
  }
}
