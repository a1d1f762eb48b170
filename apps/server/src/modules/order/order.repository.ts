import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';
import { holdsCourseSql } from '../earning/index.ts';

const o = schema.orders;
const t = schema.trades;

export type OrderRow = typeof o.$inferSelect;
export type TradeRow = typeof t.$inferSelect;
export type InvoiceRow = typeof schema.invoices.$inferSelect;
export type PayMethodRow = typeof schema.payMethods.$inferSelect;
export type OrderSettingsRow = typeof schema.orderSettings.$inferSelect;

/** What a course costs and whether it is on sale, read when an order is made. */
export interface GoodsFacts {
  id: number;
  title: string;
  cover: string;
  summary: string;
  priceFen: number;
  onSale: boolean;
  owned: boolean;
}

/** SQL of orders, trades and invoices: always by the enterprise, a learner's by the learner. */
export class OrderRepository {
  constructor(readonly db: Db) {}

  async settings(eid: number, tx: Db | Tx = this.db): Promise<OrderSettingsRow> {
    const [row] = await tx.select().from(schema.orderSettings).where(eq(schema.orderSettings.eid, eid));
    return (
      row ?? {
        eid,
        closeAfterMinutes: 30,
        invoiceOpen: true,
        specialInvoiceOpen: false,
        invoiceMode: 1,
        bankAccountName: '',
        bankName: '',
        bankAccountNo: '',
        bankNote: '',
        invoiceProvider: 'dev',
        invoiceMerchant: {},
        invoiceSecret: '',
        updatedAt: new Date(0),
      }
    );
  }

  /** The enterprise's payment methods that are on, in the site's order. */
  enabledMethods(eid: number): Promise<PayMethodRow[]> {
    return this.db
      .select()
      .from(schema.payMethods)
      .where(and(eq(schema.payMethods.eid, eid), eq(schema.payMethods.enabled, true)))
      .orderBy(schema.payMethods.sort, schema.payMethods.method);
  }

  async payMethod(eid: number, method: number, tx: Db | Tx = this.db): Promise<PayMethodRow | null> {
    const [row] = await tx
      .select()
      .from(schema.payMethods)
      .where(and(eq(schema.payMethods.eid, eid), eq(schema.payMethods.method, method)));
    return row ?? null;
  }

  /** A course as goods: its price now, on sale (published, priced), owned by the learner. */
  async courseGoods(who: Learner, courseId: number, tx: Db | Tx = this.db): Promise<GoodsFacts | null> {
    const result = await tx.execute<{
      id: number;
      title: string;
      cover: string;
      summary: string;
      price_fen: number;
      published: boolean;
      owned: boolean;
    }>(sql`
      SELECT c.id, c.title, c.cover_url AS cover, c.summary, c.price_fen, c.published,
        ${holdsCourseSql(who.eid, sql`c.id`, who.accountId)} AS owned
      FROM courses c WHERE c.eid = ${who.eid} AND c.id = ${courseId}`);
    const row = result.rows[0];
    if (!row) return null;
    return {
      id: row.id,
      title: row.title,
      cover: row.cover,
      summary: row.summary,
      priceFen: row.price_fen,
      onSale: row.published && row.price_fen > 0,
      owned: row.owned || row.price_fen === 0,
    };
  }

  async openOrderOf(who: Learner, goodsType: number, goodsId: number, tx: Db | Tx = this.db): Promise<OrderRow | null> {
    const [row] = await tx
      .select()
      .from(o)
      .where(
        and(
          eq(o.eid, who.eid),
          eq(o.accountId, who.accountId),
          eq(o.goodsType, goodsType),
          eq(o.goodsId, goodsId),
          eq(o.status, 1),
        ),
      );
    return row ?? null;
  }

  /** Inserts an open order; null when the learner already has one of these goods (the unique index). */
  async insertOrder(tx: Tx, values: typeof o.$inferInsert): Promise<OrderRow | null> {
    const [row] = await tx.insert(o).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async findOrders(who: Learner, status: number | undefined, offset: number, limit: number) {
    const where = and(
      eq(o.eid, who.eid),
      eq(o.accountId, who.accountId),
      ...(status !== undefined ? [eq(o.status, status)] : []),
    );
    const [rows, [total]] = await Promise.all([
      this.db.select().from(o).where(where).orderBy(desc(o.createdAt), desc(o.id)).limit(limit).offset(offset),
      this.db.select({ total: count() }).from(o).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async viewOrder(who: Learner, id: number, tx: Db | Tx = this.db): Promise<OrderRow | null> {
    const [row] = await tx
      .select()
      .from(o)
      .where(and(eq(o.eid, who.eid), eq(o.accountId, who.accountId), eq(o.id, id)));
    return row ?? null;
  }

  async lockOrder(tx: Tx, eid: number, id: number): Promise<OrderRow | null> {
    const [row] = await tx
      .select()
      .from(o)
      .where(and(eq(o.eid, eid), eq(o.id, id)))
      .for('update');
    return row ?? null;
  }

  tradesOf(eid: number, orderIds: number[], tx: Db | Tx = this.db): Promise<TradeRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(t)
      .where(and(eq(t.eid, eid), inArray(t.orderId, orderIds)))
      .orderBy(t.id);
  }

  invoicesOf(eid: number, orderIds: number[], tx: Db | Tx = this.db): Promise<InvoiceRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return tx
      .select()
      .from(schema.invoices)
      .where(and(eq(schema.invoices.eid, eid), inArray(schema.invoices.orderId, orderIds)));
  }

  async tradeByNo(eid: number, outTradeNo: string, tx: Db | Tx = this.db): Promise<TradeRow | null> {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.outTradeNo, outTradeNo)));
    return row ?? null;
  }

  async tradeById(eid: number, id: number, tx: Db | Tx = this.db): Promise<TradeRow | null> {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.eid, eid), eq(t.id, id)));
    return row ?? null;
  }

  async insertTrade(tx: Tx, values: typeof t.$inferInsert): Promise<TradeRow> {
    const [row] = await tx.insert(t).values(values).returning();
    return row!;
  }

  /** The learner's counts: unpaid (待支付), and unpaid with a payment the site is to confirm. */
  async countOpen(who: Learner): Promise<{ unpaid: number; confirming: number }> {
    const result = await this.db.execute<{ unpaid: number; confirming: number }>(sql`
      SELECT count(*)::int AS unpaid,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM trades tr
          WHERE tr.eid = o.eid AND tr.order_id = o.id AND tr.status = 4))::int AS confirming
      FROM orders o
      WHERE o.eid = ${who.eid} AND o.account_id = ${who.accountId} AND o.status = 1`);
    return result.rows[0] ?? { unpaid: 0, confirming: 0 };
  }

  async lastInvoiceTitle(who: Learner): Promise<InvoiceRow | null> {
    const [row] = await this.db
      .select()
      .from(schema.invoices)
      .where(and(eq(schema.invoices.eid, who.eid), eq(schema.invoices.accountId, who.accountId)))
      .orderBy(desc(schema.invoices.requestedAt), desc(schema.invoices.id))
      .limit(1);
    return row ?? null;
  }

  logNotice(
    db: Db | Tx,
    values: { eid: number; method: number; outTradeNo: string; outcome: string; detail?: Record<string, unknown> },
  ) {
    return db.insert(schema.paymentNotices).values({ ...values, detail: values.detail ?? {} });
  }
}
