import { CATEGORY_DEPTH_MAX, ErrorCode, type AdminCategoryNode } from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { CategoryAdminRepository as Repo, type CategoryRecord } from './category-admin.repository.ts';

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface AdminCaller {
  session: Session;
  audit: AdminAudit;
}

type Names = { name: string; nameEn: string };

const notFound = () =>
  new AppError(ErrorCode.NOT_FOUND, { message: { zh: '分类不存在', en: 'The category does not exist' } });

/** What the audit log keeps of a category. */
const audited = (row: CategoryRecord) => ({
  categoryType: row.categoryType,
  parentId: row.parentId,
  name: row.name,
  nameEn: row.nameEn,
  sort: row.sort,
});

/**
 * The back office's category trees (issue 21 item 3, decision 040): one tree per categoryType of
 * the `categories` table (3 course categories, 14 talent business categories). Each write holds
 * the tree's lock (one change of a tree at a time), is audited in its transaction, and forgets what
 * this process cached of the enterprise's categories once committed. Names are unique within a
 * level (either language, case-insensitive); a tree is at most CATEGORY_DEPTH_MAX levels deep; a
 * category is deleted only when it has no subcategory and no course (courses would silently lose
 * their category, learners' filters their entries).
 */
export class CategoryAdmin {
  constructor(private readonly repo: Repo) {}

  async tree(eid: number, categoryType: number): Promise<AdminCategoryNode[]> {
    const rows = await this.repo.findTree(eid, categoryType);
    const nodes = new Map<number, AdminCategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
    const roots: AdminCategoryNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
      if (parent && parent !== node) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  async create({ session, audit }: AdminCaller, q: { categoryType: number; parentId: number | null } & Names) {
    const { eid } = session;
    return this.repo.transaction(async (tx) => {
      await Repo.lockTree(tx, eid, q.categoryType);
      if (q.parentId !== null) {
        const parent = await Repo.one(tx, eid, q.parentId);
        if (!parent || parent.categoryType !== q.categoryType) throw new AppError(ErrorCode.CATEGORY_PARENT_UNKNOWN);
        if ((await Repo.pathUp(tx, eid, parent.id)).length + 1 > CATEGORY_DEPTH_MAX) {
          throw new AppError(ErrorCode.CATEGORY_TOO_DEEP);
        }
      }
      await this.requireFreeName(tx, eid, q.categoryType, q.parentId, q, null);
      const level = await Repo.siblings(tx, eid, q.categoryType, q.parentId);
      const sort = level.reduce((max, s) => Math.max(max, s.sort + 1), 0);
      const row = await Repo.insert(tx, {
        eid,
        categoryType: q.categoryType,
        parentId: q.parentId,
        name: q.name,
        nameEn: q.nameEn,
        sort,
      });
      await this.settle(tx, session, audit, row.id, null, row);
      return { id: row.id };
    });
  }

  async rename({ session, audit }: AdminCaller, id: number, names: Names) {
    return this.change(session, audit, id, async (tx, before) => {
      await this.requireFreeName(tx, session.eid, before.categoryType, before.parentId, names, id);
      return Repo.update(tx, session.eid, id, { name: names.name, nameEn: names.nameEn });
    });
  }

  /**
   * Puts the category under `parentId` (null: the top) at `position` among its new siblings, the
   * level renumbered 0, 1, 2… in its new order (positions past the end put it last).
   */
  async move({ session, audit }: AdminCaller, q: { id: number; parentId: number | null; position: number }) {
    const { eid } = session;
    return this.change(session, audit, q.id, async (tx, before) => {
      if (q.parentId !== null) {
        const parent = await Repo.one(tx, eid, q.parentId);
        if (!parent || parent.categoryType !== before.categoryType)
          throw new AppError(ErrorCode.CATEGORY_PARENT_UNKNOWN);
        const up = await Repo.pathUp(tx, eid, parent.id);
        if (up.includes(q.id)) throw new AppError(ErrorCode.CATEGORY_MOVE_INTO_ITSELF);
        if (up.length + (await Repo.height(tx, eid, q.id)) > CATEGORY_DEPTH_MAX) {
          throw new AppError(ErrorCode.CATEGORY_TOO_DEEP);
        }
      }
      if (q.parentId !== before.parentId) {
        await this.requireFreeName(tx, eid, before.categoryType, q.parentId, before, q.id);
      }
      const level = (await Repo.siblings(tx, eid, before.categoryType, q.parentId)).filter((s) => s.id !== q.id);
      level.splice(Math.min(q.position, level.length), 0, { id: q.id, sort: -1 });
      let moved: CategoryRecord | null = null;
      for (const [index, sibling] of level.entries()) {
        if (sibling.id === q.id) {
          moved = await Repo.update(tx, eid, q.id, { parentId: q.parentId, sort: index });
        } else if (sibling.sort !== index) {
          await Repo.update(tx, eid, sibling.id, { sort: index });
        }
      }
      return moved!;
    });
  }

  async delete({ session, audit }: AdminCaller, id: number) {
    const { eid } = session;
    return this.change(session, audit, id, async (tx) => {
      const uses = await Repo.uses(tx, eid, id);
      if (uses.children > 0) throw new AppError(ErrorCode.CATEGORY_HAS_CHILDREN, { data: uses });
      if (uses.courses > 0) throw new AppError(ErrorCode.CATEGORY_HAS_COURSES, { data: uses });
      await Repo.remove(tx, eid, id);
      return null;
    });
  }

  /** A change of one category under its tree's lock, audited, forgotten by the caches after the commit. */
  private async change(
    session: Session,
    audit: AdminAudit,
    id: number,
    write: (tx: Tx, before: CategoryRecord) => Promise<CategoryRecord | null>,
  ): Promise<{ id: number }> {
    return this.repo.transaction(async (tx) => {
      const found = await Repo.one(tx, session.eid, id);
      if (!found) throw notFound();
      await Repo.lockTree(tx, session.eid, found.categoryType);
      // Read again under the lock: a change that held it may have moved the category meanwhile.
      const before = await Repo.one(tx, session.eid, id);
      if (!before) throw notFound();
      const after = await write(tx, before);
      await this.settle(tx, session, audit, id, before, after);
      return { id };
    });
  }

  private async requireFreeName(
    tx: Tx,
    eid: number,
    categoryType: number,
    parentId: number | null,
    names: Names,
    except: number | null,
  ) {
    if (await Repo.nameTaken(tx, eid, categoryType, parentId, names, except)) {
      throw new AppError(ErrorCode.CATEGORY_NAME_TAKEN);
    }
  }

  private async settle(
    tx: Tx,
    session: Session,
    audit: AdminAudit,
    id: number,
    before: CategoryRecord | null,
    after: CategoryRecord | null,
  ) {
    await audit.record(tx, {
      entityType: 'category',
      entityId: id,
      before: before && audited(before),
      after: after && audited(after),
    });
    afterCommit(tx, (e) => e.contentChanged({ eid: session.eid, kind: 'category' }));
  }
}
