import { ErrorCode, pageOffset, toPage, type AdminTag } from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { TagAdminRepository as Repo, type TagRecord, type TagValues } from './tag-admin.repository.ts';

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface AdminCaller {
  session: Session;
  audit: AdminAudit;
}

const notFound = () =>
  new AppError(ErrorCode.NOT_FOUND, { message: { zh: '标签不存在', en: 'The tag does not exist' } });
const audited = (row: TagRecord) => ({ name: row.name, nameEn: row.nameEn, sort: row.sort });

/**
 * The back office's learner tags (issue 21 item 3, decision 040). Tags label learners
 * (`learner_tags`) and study tasks are assigned to them (`study_task_assignments`, target 3). A
 * tag is deleted with its learners' labels (they lose a label, nothing else), but refused while a
 * study task is assigned to it (9272): deleting would silently take the task from its learners.
 * Names are unique in the enterprise, case-insensitive (9271; the table's unique index settles a
 * race).
 */
export class TagAdmin {
  constructor(private readonly repo: Repo) {}

  async page(eid: number, q: { pageCurrent: number; pageSize: number; keyword?: string | undefined }) {
    const { rows, total } = await this.repo.page(eid, q.keyword, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage<AdminTag>(rows, total, q.pageCurrent, q.pageSize);
  }

  async create({ session, audit }: AdminCaller, form: TagValues) {
    return this.repo.transaction(async (tx) => {
      await this.requireFreeName(tx, session.eid, form.name, null);
      const row = await Repo.insert(tx, session.eid, form);
      await this.settle(tx, session, audit, row.id, null, row);
      return { id: row.id };
    });
  }

  async edit({ session, audit }: AdminCaller, id: number, form: TagValues) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lock(tx, session.eid, id);
      if (!before) throw notFound();
      await this.requireFreeName(tx, session.eid, form.name, id);
      const after = await Repo.update(tx, session.eid, id, form);
      await this.settle(tx, session, audit, id, before, after);
      return { id };
    });
  }

  async delete({ session, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lock(tx, session.eid, id);
      if (!before) throw notFound();
      const uses = await Repo.uses(tx, session.eid, id);
      if (uses.tasks > 0) throw new AppError(ErrorCode.TAG_IN_USE, { data: uses });
      await Repo.remove(tx, session.eid, id);
      await this.settle(tx, session, audit, id, { ...before, learners: uses.learners }, null);
      return { id };
    });
  }

  private async requireFreeName(tx: Tx, eid: number, name: string, except: number | null) {
    if (await Repo.nameTaken(tx, eid, name, except)) throw new AppError(ErrorCode.TAG_NAME_TAKEN);
  }

  private async settle(
    tx: Tx,
    session: Session,
    audit: AdminAudit,
    id: number,
    before: (TagRecord & { learners?: number }) | null,
    after: TagRecord | null,
  ) {
    await audit.record(tx, {
      entityType: 'tag',
      entityId: id,
      before: before && {
        ...audited(before),
        ...(before.learners !== undefined ? { learners: before.learners } : {}),
      },
      after: after && audited(after),
    });
    afterCommit(tx, (e) => e.contentChanged({ eid: session.eid, kind: 'tag' }));
  }
}
