import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, pageOffset, toPage, type AdminTag } from '@portal/contract';
import { schema, type Db, type Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';

const t = schema.tags;

/** A back-office list counts at most this many rows (decision 036). */
const TAG_COUNT_CAP = 10_000;
/** study_task_assignments.target_type of a tag (decision 033). */
const TARGET_TAG = 3;

const likeOf = (part: string) => `%${part.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type TagRecord = typeof t.$inferSelect;
type TagForm = { name: string; nameEn: string; sort: number };

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
 * Names are unique in the enterprise (the table's unique index; 9271 said first).
 */
export class TagAdmin {
  constructor(private readonly db: Db) {}

  async page(eid: number, q: { pageCurrent: number; pageSize: number; keyword?: string | undefined }) {
    const where: SQL[] = [eq(t.eid, eid)];
    if (q.keyword) where.push(or(ilike(t.name, likeOf(q.keyword)), ilike(t.nameEn, likeOf(q.keyword)))!);
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const [rows, counted] = await Promise.all([
      offset >= TAG_COUNT_CAP
        ? Promise.resolve([])
        : this.db
            .select({
              id: t.id,
              name: t.name,
              nameEn: t.nameEn,
              sort: t.sort,
              learnerCount: sql<number>`(SELECT count(*)::int FROM learner_tags g WHERE g.eid = tags.eid AND g.tag_id = tags.id)`,
              taskCount: sql<number>`(SELECT count(*)::int FROM study_task_assignments a WHERE a.eid = tags.eid AND a.target_type = ${TARGET_TAG} AND a.target_id = tags.id)`,
            })
            .from(t)
            .where(and(...where))
            .orderBy(asc(t.sort), asc(t.id))
            .limit(q.pageSize)
            .offset(offset),
      this.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${t} WHERE ${and(...where)} LIMIT ${TAG_COUNT_CAP}) x`,
      ),
    ]);
    return toPage<AdminTag>(rows, counted.rows[0]?.n ?? 0, q.pageCurrent, q.pageSize);
  }

  async create({ session, audit }: AdminCaller, form: TagForm) {
    return this.db.transaction(async (tx) => {
      await this.requireFreeName(tx, session.eid, form.name, null);
      const [row] = await tx
        .insert(t)
        .values({ eid: session.eid, ...form })
        .returning();
      await this.settle(tx, session, audit, row!.id, null, row!);
      return { id: row!.id };
    });
  }

  async edit({ session, audit }: AdminCaller, id: number, form: TagForm) {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, session.eid, id);
      await this.requireFreeName(tx, session.eid, form.name, id);
      const [after] = await tx
        .update(t)
        .set(form)
        .where(and(eq(t.eid, session.eid), eq(t.id, id)))
        .returning();
      await this.settle(tx, session, audit, id, before, after!);
      return { id };
    });
  }

  async delete({ session, audit }: AdminCaller, id: number) {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, session.eid, id);
      const used = await tx.execute<{ tasks: number; learners: number }>(sql`
        SELECT (SELECT count(*)::int FROM study_task_assignments
                 WHERE eid = ${session.eid} AND target_type = ${TARGET_TAG} AND target_id = ${id}) AS tasks,
               (SELECT count(*)::int FROM learner_tags WHERE eid = ${session.eid} AND tag_id = ${id}) AS learners`);
      const uses = used.rows[0] ?? { tasks: 0, learners: 0 };
      if (uses.tasks > 0) throw new AppError(ErrorCode.TAG_IN_USE, { data: uses });
      // The learners' labels go with the tag (learner_tags cascades).
      await tx.delete(t).where(and(eq(t.eid, session.eid), eq(t.id, id)));
      await this.settle(tx, session, audit, id, { ...before, learners: uses.learners }, null);
      return { id };
    });
  }

  private async lock(tx: Tx, eid: number, id: number): Promise<TagRecord> {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, id)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  /** The name is free (case-insensitive); the unique index still settles a race (then 409). */
  private async requireFreeName(tx: Tx, eid: number, name: string, except: number | null) {
    const where: SQL[] = [eq(t.eid, eid), sql`lower(${t.name}) = lower(${name})`];
    if (except !== null) where.push(ne(t.id, except));
    const [row] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(...where))
      .limit(1);
    if (row) throw new AppError(ErrorCode.TAG_NAME_TAKEN);
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
      before: before && { ...audited(before), ...(before.learners !== undefined ? { learners: before.learners } : {}) },
      after: after && audited(after),
    });
    afterCommit(tx, (e) => e.contentChanged({ eid: session.eid, kind: 'tag' }));
  }
}
