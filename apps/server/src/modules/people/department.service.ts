import { ErrorCode } from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError, requireFound } from '../../platform/errors.ts';
import { DepartmentRepository, type DepartmentRow, type DepartmentSnapshot } from './department.repository.ts';

/** Who changes the tree: the session's enterprise and the call's audit. */
export interface AdminCaller {
  eid: number;
  accountId: number;
  ip: string;
  audit: AdminAudit;
}

const snapshot = ({ memberCount: _members, ...d }: DepartmentRow): DepartmentSnapshot => d;

/**
 * The department tree (decision 037): add, rename, move (never under itself or below it), delete
 * when empty. Each write holds the enterprise's tree (an advisory lock) and records its before and
 * after in the audit log in its transaction.
 */
export class DepartmentService {
  constructor(private readonly repo: DepartmentRepository) {}

  async findDepartmentTree(eid: number) {
    return { list: await this.repo.findTree(eid) };
  }

  async saveDepartment(c: AdminCaller, q: { parentId: number | null; name: string; nameEn: string }) {
    return this.repo.transaction(async (tx) => {
      await DepartmentRepository.lockTree(tx, c.eid);
      if (q.parentId !== null) await this.require(tx, c.eid, q.parentId);
      await this.refuseTakenName(tx, c.eid, q.parentId, q.name, 0);
      const made = await DepartmentRepository.insert(tx, c.eid, q);
      await c.audit.record(tx, { entityType: 'department', entityId: made.id, before: null, after: made });
      return { ...made, memberCount: 0 };
    });
  }

  async editDepartment(c: AdminCaller, q: { id: number; name: string; nameEn: string }) {
    return this.repo.transaction(async (tx) => {
      await DepartmentRepository.lockTree(tx, c.eid);
      const before = await this.require(tx, c.eid, q.id);
      await this.refuseTakenName(tx, c.eid, before.parentId, q.name, q.id);
      await DepartmentRepository.rename(tx, c.eid, q.id, q.name, q.nameEn);
      return this.recorded(tx, c, before);
    });
  }

  async moveDepartment(c: AdminCaller, q: { id: number; parentId: number | null; index: number }) {
    return this.repo.transaction(async (tx) => {
      await DepartmentRepository.lockTree(tx, c.eid);
      const before = await this.require(tx, c.eid, q.id);
      if (q.parentId !== null) {
        await this.require(tx, c.eid, q.parentId);
        const own = await DepartmentRepository.subtreeIds(tx, c.eid, q.id);
        if (own.includes(q.parentId)) throw new AppError(ErrorCode.DEPARTMENT_MOVE_INTO_OWN);
      }
      if (q.parentId !== before.parentId) await this.refuseTakenName(tx, c.eid, q.parentId, before.name, q.id);
      await DepartmentRepository.place(tx, c.eid, q.id, q.parentId, q.index);
      return this.recorded(tx, c, before);
    });
  }

  async deleteDepartment(c: AdminCaller, q: { id: number }) {
    return this.repo.transaction(async (tx) => {
      await DepartmentRepository.lockTree(tx, c.eid);
      const before = await this.require(tx, c.eid, q.id);
      if (await DepartmentRepository.hasChildren(tx, c.eid, q.id)) {
        throw new AppError(ErrorCode.DEPARTMENT_HAS_CHILDREN);
      }
      // setLearnerDepartments takes the same lock: nobody joins between this check and the
      // delete (the members' foreign key would silently cascade them away).
      if (await DepartmentRepository.hasMembers(tx, c.eid, q.id)) throw new AppError(ErrorCode.DEPARTMENT_HAS_MEMBERS);
      await DepartmentRepository.delete(tx, c.eid, q.id);
      await c.audit.record(tx, { entityType: 'department', entityId: q.id, before: snapshot(before), after: null });
      return { id: q.id };
    });
  }

  private async require(tx: Tx, eid: number, id: number): Promise<DepartmentRow> {
    return requireFound(await DepartmentRepository.view(tx, eid, id), ErrorCode.DEPARTMENT_NOT_FOUND);
  }

  private async refuseTakenName(tx: Tx, eid: number, parentId: number | null, name: string, exceptId: number) {
    if (await DepartmentRepository.siblingNamed(tx, eid, parentId, name, exceptId)) {
      throw new AppError(ErrorCode.DEPARTMENT_NAME_TAKEN);
    }
  }

  /** The department after the change, its audit row written. */
  private async recorded(tx: Tx, c: AdminCaller, before: DepartmentRow): Promise<DepartmentRow> {
    const after = await this.require(tx, c.eid, before.id);
    await c.audit.record(tx, {
      entityType: 'department',
      entityId: before.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  }
}
