import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BatchPackageState,
  ErrorCode,
  pageOffset,
  toPage,
  type AdminBatchPackageRow,
  type BatchPackageForm,
  type BatchPackageView,
} from '@portal/contract';
import { schema, type Db, type Tx } from '@portal/db';
import { afterCommit } from '../../platform/after-commit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import type { AdminCaller } from './order-admin.ts';

interface PackageRow {
  id: number;
  code: string;
  title: string;
  organisation: string;
  intro: string;
  price_fen: number;
  seats: number;
  seats_taken: number;
  valid_until: Date;
  published: boolean;
  bought_by: number | null;
  bought_at: Date | null;
  created_at: Date;
  buyer_name: string | null;
  course_count: number;
}

interface CourseRow {
  package_id: number;
  id: number;
  title: string;
  cover: string;
  credit_tenths: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The package's state now (decision 058): bought, past its day, not for sale, or for sale. */
function stateOf(p: PackageRow, now = Date.now()): 1 | 2 | 3 | 4 {
  if (new Date(p.valid_until).getTime() <= now) return BatchPackageState.EXPIRED;
  if (p.bought_by !== null) return BatchPackageState.BOUGHT;
  if (!p.published) return BatchPackageState.OFF;
  return BatchPackageState.ON_SALE;
}

/** The last moment of a day in China's time zone (the form's YYYY-MM-DD). */
const endOfChinaDay = (day: string) => new Date(`${day}T23:59:59.999+08:00`);
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A new package number: 12 random digits, never starting with 0 (it is read out and typed). */
const newCode = () => `${randomInt(1, 10)}${String(randomInt(0, 100_000_000_000)).padStart(11, '0')}`;

const PACKAGE_COLUMNS = sql`b.id, b.code, b.title, b.organisation, b.intro, b.price_fen, b.seats, b.seats_taken,
  b.valid_until, b.published, b.bought_by, b.bought_at, b.created_at,
  (SELECT coalesce(nullif(m.real_name, ''), m.user_name) FROM enterprise_users m
    WHERE m.eid = b.eid AND m.account_id = b.bought_by) AS buyer_name,
  (SELECT count(*)::int FROM batch_package_courses bc WHERE bc.eid = b.eid AND bc.package_id = b.id) AS course_count`;

/**
 * Batch packages (issue 23 item 5, decision 058): found by number, bought once by an
 * organisation's buyer through an order (goods type 3, `unlockOnce`), joined by its people one
 * seat each; the back office sets them up. Seats are taken by one conditional UPDATE that never
 * passes the package's seats, in the transaction that adds the member.
 */
export class BatchPackages {
  constructor(private readonly db: Db) {}

  private async byCode(q: Db | Tx, eid: number, code: string): Promise<PackageRow | null> {
    const { rows } = await q.execute<PackageRow & Record<string, unknown>>(sql`
      SELECT ${PACKAGE_COLUMNS} FROM batch_packages b WHERE b.eid = ${eid} AND b.code = ${code}`);
    return rows[0] ?? null;
  }

  private async byId(q: Db | Tx, eid: number, id: number): Promise<PackageRow | null> {
    const { rows } = await q.execute<PackageRow & Record<string, unknown>>(sql`
      SELECT ${PACKAGE_COLUMNS} FROM batch_packages b WHERE b.eid = ${eid} AND b.id = ${id}`);
    return rows[0] ?? null;
  }

  private async coursesOf(q: Db | Tx, eid: number, ids: number[]): Promise<CourseRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await q.execute<CourseRow & Record<string, unknown>>(sql`
      SELECT bc.package_id, c.id, c.title, c.cover_url AS cover, c.credit_tenths
      FROM batch_package_courses bc JOIN courses c ON c.eid = bc.eid AND c.id = bc.course_id
      WHERE bc.eid = ${eid} AND bc.package_id IN ${sql`(${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`}
      ORDER BY bc.position, c.id`);
    return rows;
  }

  private async present(q: Db | Tx, who: Learner, p: PackageRow): Promise<BatchPackageView> {
    const [courses, mine] = await Promise.all([
      this.coursesOf(q, who.eid, [p.id]),
      q.execute<{ joined: boolean; open_order: number | null }>(sql`
        SELECT EXISTS (SELECT 1 FROM batch_package_members WHERE eid = ${who.eid} AND package_id = ${p.id}
            AND account_id = ${who.accountId}) AS joined,
          (SELECT id FROM orders WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND goods_type = 3
            AND goods_id = ${p.id} AND status = 1) AS open_order`),
    ]);
    return {
      id: p.id,
      code: p.code,
      title: p.title,
      organisation: p.organisation,
      intro: p.intro,
      amountFen: p.price_fen,
      amount: p.price_fen / 100,
      seats: p.seats,
      seatsTaken: p.seats_taken,
      validUntil: iso(p.valid_until),
      state: stateOf(p),
      courses: courses.map((c) => ({ id: c.id, title: c.title, cover: c.cover, creditHours: c.credit_tenths / 10 })),
      bought: p.bought_by === who.accountId,
      joined: mine.rows[0]?.joined ?? false,
      openOrderId: mine.rows[0]?.open_order ?? null,
    };
  }

  /** A package by its number. One never published nor bought is as unknown as a wrong number. */
  async query(who: Learner, code: string): Promise<BatchPackageView> {
    const p = await this.byCode(this.db, who.eid, code);
    if (!p || (!p.published && p.bought_by === null)) throw new AppError(ErrorCode.BATCH_PACKAGE_NOT_FOUND);
    return this.present(this.db, who, p);
  }

  /**
   * Takes one seat of a bought package, once: the member row first (a second join of the same
   * learner finds it: 9045), then the seat by one UPDATE that checks the seats left and the day.
   */
  async join(who: Learner, code: string): Promise<BatchPackageView> {
    return this.db.transaction(async (tx) => {
      const p = await this.byCode(tx, who.eid, code);
      if (!p || (!p.published && p.bought_by === null)) throw new AppError(ErrorCode.BATCH_PACKAGE_NOT_FOUND);
      const state = stateOf(p);
      if (state === BatchPackageState.EXPIRED) throw new AppError(ErrorCode.BATCH_PACKAGE_EXPIRED);
      if (p.bought_by === null) throw new AppError(ErrorCode.BATCH_PACKAGE_NOT_BOUGHT);
      const added = await tx.execute(sql`
        INSERT INTO batch_package_members (eid, package_id, account_id)
        VALUES (${who.eid}, ${p.id}, ${who.accountId}) ON CONFLICT DO NOTHING RETURNING package_id`);
      if (added.rows.length === 0) throw new AppError(ErrorCode.BATCH_PACKAGE_JOINED);
      const seat = await tx.execute(sql`
        UPDATE batch_packages SET seats_taken = seats_taken + 1
        WHERE eid = ${who.eid} AND id = ${p.id} AND bought_by IS NOT NULL AND seats_taken < seats
          AND valid_until > now()
        RETURNING id`);
      if (seat.rows.length === 0) {
        const now = await this.byId(tx, who.eid, p.id);
        if (!now || now.bought_by === null) throw new AppError(ErrorCode.BATCH_PACKAGE_NOT_BOUGHT);
        throw new AppError(
          stateOf(now) === BatchPackageState.EXPIRED ? ErrorCode.BATCH_PACKAGE_EXPIRED : ErrorCode.BATCH_PACKAGE_FULL,
        );
      }
      afterCommit(tx, (effects) => effects.forgetAccount(who.accountId));
      return this.present(tx, who, (await this.byId(tx, who.eid, p.id))!);
    });
  }

  /** The packages the learner holds a seat of, newest first. */
  async mine(who: Learner): Promise<BatchPackageView[]> {
    const { rows } = await this.db.execute<PackageRow & Record<string, unknown>>(sql`
      SELECT ${PACKAGE_COLUMNS} FROM batch_packages b
      JOIN batch_package_members m ON m.eid = b.eid AND m.package_id = b.id AND m.account_id = ${who.accountId}
      WHERE b.eid = ${who.eid} ORDER BY m.joined_at DESC LIMIT 50`);
    return Promise.all(rows.map((p) => this.present(this.db, who, p)));
  }

  private adminRow(p: PackageRow): AdminBatchPackageRow {
    return {
      id: p.id,
      code: p.code,
      title: p.title,
      organisation: p.organisation,
      amountFen: p.price_fen,
      seats: p.seats,
      seatsTaken: p.seats_taken,
      validUntil: iso(p.valid_until),
      published: p.published,
      state: stateOf(p),
      courseCount: p.course_count,
      buyerName: p.buyer_name ?? '',
      boughtAt: p.bought_at ? iso(p.bought_at) : null,
      createdAt: iso(p.created_at),
    };
  }

  async adminPage(eid: number, q: { pageCurrent: number; pageSize: number; keyword: string }) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = q.keyword
      ? sql`b.eid = ${eid} AND (b.code LIKE ${like} OR b.title ILIKE ${like} OR b.organisation ILIKE ${like})`
      : sql`b.eid = ${eid}`;
    const [list, total] = await Promise.all([
      this.db.execute<PackageRow & Record<string, unknown>>(sql`
        SELECT ${PACKAGE_COLUMNS} FROM batch_packages b WHERE ${where}
        ORDER BY b.created_at DESC, b.id DESC LIMIT ${q.pageSize} OFFSET ${pageOffset(q.pageCurrent, q.pageSize)}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM batch_packages b WHERE ${where}`),
    ]);
    return toPage(
      list.rows.map((p) => this.adminRow(p)),
      total.rows[0]?.n ?? 0,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async adminView(eid: number, id: number, q: Db | Tx = this.db) {
    const p = await this.byId(q, eid, id);
    if (!p) throw new AppError(ErrorCode.BATCH_PACKAGE_NOT_FOUND);
    const courses = await this.coursesOf(q, eid, [id]);
    return {
      ...this.adminRow(p),
      intro: p.intro,
      courses: courses.map((c) => ({ id: c.id, title: c.title, cover: c.cover, creditHours: c.credit_tenths / 10 })),
    };
  }

  /** Whether anyone bought the package or has an unpaid order of it: its goods and price are then fixed. */
  private async sold(tx: Tx, eid: number, p: PackageRow): Promise<boolean> {
    if (p.bought_by !== null) return true;
    const { rows } = await tx.execute(sql`
      SELECT 1 FROM orders WHERE eid = ${eid} AND goods_type = 3 AND goods_id = ${p.id} AND status IN (1, 5) LIMIT 1`);
    return rows.length > 0;
  }

  /**
   * Creates or edits a package, audited. Its courses must be the enterprise's. Once bought or
   * ordered, its courses and price stay (9046) and its seats never fall below those taken (9047).
   */
  async save(c: AdminCaller, form: BatchPackageForm) {
    const ids = [...new Set(form.courseIds)];
    const validUntil = endOfChinaDay(form.validUntil);
    return this.db.transaction(async (tx) => {
      const found = await tx.execute<{ id: number }>(sql`
        SELECT id FROM courses WHERE eid = ${c.eid} AND id IN ${sql`(${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`}`);
      if (found.rows.length !== ids.length) throw new AppError(ErrorCode.BATCH_PACKAGE_COURSE_INVALID);
      let id: number;
      let before: unknown = null;
      if (form.id === undefined) {
        if (form.validUntil < chinaToday()) throw new AppError(ErrorCode.BATCH_PACKAGE_DAY_PAST);
        let inserted: { id: number } | undefined;
        // A number already used by another package (one chance in 10^11 per package) is drawn again.
        for (let i = 0; i < 5 && !inserted; i++) {
          [inserted] = await tx
            .insert(schema.batchPackages)
            .values({
              eid: c.eid,
              code: newCode(),
              title: form.title,
              organisation: form.organisation,
              intro: form.intro,
              priceFen: form.priceFen,
              seats: form.seats,
              validUntil,
              published: form.published,
            })
            .onConflictDoNothing()
            .returning({ id: schema.batchPackages.id });
        }
        if (!inserted) throw new AppError(ErrorCode.CONFLICT);
        id = inserted.id;
      } else {
        await tx.execute(sql`SELECT id FROM batch_packages WHERE eid = ${c.eid} AND id = ${form.id} FOR UPDATE`);
        const p = await this.byId(tx, c.eid, form.id);
        if (!p) throw new AppError(ErrorCode.BATCH_PACKAGE_NOT_FOUND);
        const oldCourses = (await this.coursesOf(tx, c.eid, [p.id])).map((x) => x.id);
        before = { ...this.adminRow(p), courseIds: oldCourses };
        // The same courses in another order are the same goods.
        const sameCourses = oldCourses.length === ids.length && oldCourses.every((x) => ids.includes(x));
        if ((!sameCourses || form.priceFen !== p.price_fen) && (await this.sold(tx, c.eid, p))) {
          throw new AppError(ErrorCode.BATCH_PACKAGE_SOLD);
        }
        if (form.seats < p.seats_taken) throw new AppError(ErrorCode.BATCH_PACKAGE_SEATS_BELOW_TAKEN);
        if (validUntil.getTime() !== new Date(p.valid_until).getTime() && form.validUntil < chinaToday()) {
          throw new AppError(ErrorCode.BATCH_PACKAGE_DAY_PAST);
        }
        await tx.execute(sql`
          UPDATE batch_packages SET title = ${form.title}, organisation = ${form.organisation}, intro = ${form.intro},
            price_fen = ${form.priceFen}, seats = ${form.seats}, valid_until = ${validUntil}, published = ${form.published}
          WHERE eid = ${c.eid} AND id = ${p.id}`);
        id = p.id;
        await tx.execute(sql`DELETE FROM batch_package_courses WHERE eid = ${c.eid} AND package_id = ${id}`);
      }
      await tx
        .insert(schema.batchPackageCourses)
        .values(ids.map((courseId, position) => ({ eid: c.eid, packageId: id, courseId, position })));
      const after = await this.adminView(c.eid, id, tx);
      await c.audit.record(tx, { entityType: 'batch_package', entityId: id, before, after });
      // Members' cached course states: a changed day or course list changes what they hold.
      const members = await tx.execute<{ account_id: number }>(sql`
        SELECT account_id FROM batch_package_members WHERE eid = ${c.eid} AND package_id = ${id}`);
      afterCommit(tx, (effects) => {
        for (const m of members.rows) effects.forgetAccount(m.account_id);
      });
      return after;
    });
  }

  /** Deletes a package nobody bought or ordered (9046 otherwise), audited. */
  async remove(c: AdminCaller, id: number) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM batch_packages WHERE eid = ${c.eid} AND id = ${id} FOR UPDATE`);
      const p = await this.byId(tx, c.eid, id);
      if (!p) throw new AppError(ErrorCode.BATCH_PACKAGE_NOT_FOUND);
      if (await this.sold(tx, c.eid, p)) throw new AppError(ErrorCode.BATCH_PACKAGE_SOLD);
      await tx.execute(sql`DELETE FROM batch_packages WHERE eid = ${c.eid} AND id = ${id}`);
      await c.audit.record(tx, { entityType: 'batch_package', entityId: id, before: this.adminRow(p), after: null });
      return { id };
    });
  }
}
