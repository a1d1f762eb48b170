import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  PAY_METHOD_FIELDS,
  pageOffset,
  toPage,
  type AdminOrderFilter,
  type CallRequest,
  type InvoiceProviderInfo,
  type saveInvoiceProvider,
  type AdminOrderItem,
  type OrderSettingsForm,
} from '@portal/contract';
import { schema, type Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdCardVault } from '../../platform/id-card-vault.ts';
import type { UrlSigner } from '../../platform/storage.ts';
import { OFFLINE_METHODS } from './channels.ts';
import { invoiceMayGo } from './invoices.ts';
import { presentInvoice, presentOrder, presentTrade } from './order.presenter.ts';
import type { OrderRepository, OrderRow, PayMethodRow } from './order.repository.ts';
import type { PaymentBook } from './payment-book.ts';

/** Who acts in the back office: an administrator of the enterprise, with the call's audit. */
export interface AdminCaller {
  eid: number;
  session: { accountId: number };
  audit: AdminAudit;
}

/** An order as the export writes it: the list's item, its trade number and its refund's status. */
export interface ExportedOrder extends AdminOrderItem {
  outTradeNo: string;
  /** The latest refund: 1 under way, 2 done, 3 refused; null: none. */
  refundStatus: 1 | 2 | 3 | null;
}

const o = schema.orders;
const eu = schema.enterpriseUsers;

/** The start of a China day (`2026-11-27` → its 00:00 at +08:00). */
const chinaDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

/**
 * The back office's orders, payments, refunds, invoices and payment settings (issue 23 item 6,
 * decision 057). Every write is audited in its own transaction; money moves only through the
 * payment book, so a confirmation or a refund changes an order exactly once.
 */
export class OrderAdmin {
  constructor(
    private readonly repo: OrderRepository,
    private readonly book: PaymentBook,
    private readonly signer: UrlSigner,
    private readonly vault: IdCardVault,
    private readonly deps: { devProviders: boolean; queueInvoice: (eid: number, id: number) => Promise<unknown> },
  ) {}

  private learners(eid: number, accountIds: number[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.repo.db
      .select({
        accountId: eu.accountId,
        name: sql<string>`coalesce(nullif(${eu.realName}, ''), ${eu.userName})`,
        phone: sql<string>`(SELECT a.phone FROM accounts a WHERE a.id = ${eu.accountId})`,
      })
      .from(eu)
      .where(and(eq(eu.eid, eid), inArray(eu.accountId, accountIds)));
  }

  private async present(eid: number, rows: OrderRow[]): Promise<AdminOrderItem[]> {
    const ids = rows.map((r) => r.id);
    const [trades, invoices, people] = await Promise.all([
      this.repo.tradesOf(eid, ids),
      this.repo.invoicesOf(eid, ids),
      this.learners(eid, [...new Set(rows.map((r) => r.accountId))]),
    ]);
    return rows.map((r) => {
      const who = people.find((p) => p.accountId === r.accountId);
      return {
        ...presentOrder(
          r,
          trades.filter((t) => t.orderId === r.id),
          invoices.find((i) => i.orderId === r.id),
        ),
        accountId: r.accountId,
        learnerName: who?.name ?? '',
        phone: who?.phone ?? '',
      };
    });
  }

  /** The conditions of the list's filter, always within the enterprise. */
  private whereOf(eid: number, q: AdminOrderFilter): SQL[] {
    const where: SQL[] = [eq(o.eid, eid)];
    if (q.status !== undefined) where.push(eq(o.status, q.status));
    if (q.payMethod !== undefined) where.push(eq(o.payMethod, q.payMethod));
    if (q.from) where.push(sql`${o.createdAt} >= ${chinaDay(q.from)}`);
    if (q.to) where.push(sql`${o.createdAt} < ${chinaDay(q.to)} + interval '1 day'`);
    if (q.confirming === '1') {
      where.push(
        sql`${o.status} = 1 AND EXISTS (SELECT 1 FROM trades t WHERE t.eid = ${o.eid} AND t.order_id = ${o.id} AND t.status = 4)`,
      );
    }
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`(${o.orderNo} LIKE ${like} OR ${o.goodsTitle} ILIKE ${like} OR EXISTS (
        SELECT 1 FROM enterprise_users u JOIN accounts a ON a.id = u.account_id
        WHERE u.eid = ${o.eid} AND u.account_id = ${o.accountId}
          AND (u.real_name ILIKE ${like} OR u.user_name ILIKE ${like} OR a.phone LIKE ${like})))`);
    }
    return where;
  }

  async orders(eid: number, q: AdminOrderFilter & { pageCurrent: number; pageSize: number }) {
    const where = this.whereOf(eid, q);
    const [rows, [total]] = await Promise.all([
      this.repo.db
        .select()
        .from(o)
        .where(and(...where))
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(q.pageSize)
        .offset(pageOffset(q.pageCurrent, q.pageSize)),
      this.repo.db
        .select({ total: count() })
        .from(o)
        .where(and(...where)),
    ]);
    return toPage(await this.present(eid, rows), total?.total ?? 0, q.pageCurrent, q.pageSize);
  }

  /**
   * The export's step (order-export.ts): the filter's orders in the list's order after the order
   * `after` (null: from the newest), as the list shows them, with the trade that paid (or the
   * last one started) and the latest refund's status.
   */
  async exportStep(eid: number, q: AdminOrderFilter, after: number | null, limit: number): Promise<ExportedOrder[]> {
    const where = this.whereOf(eid, q);
    // Keyset by the row's own (created_at, id): a moment read into JS would lose its microseconds.
    if (after !== null) {
      where.push(
        sql`(${o.createdAt}, ${o.id}) < (SELECT x.created_at, x.id FROM orders x WHERE x.eid = ${eid} AND x.id = ${after})`,
      );
    }
    const rows = await this.repo.db
      .select()
      .from(o)
      .where(and(...where))
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(limit);
    const ids = rows.map((r) => r.id);
    const [items, trades, refunds] = await Promise.all([
      this.present(eid, rows),
      this.repo.tradesOf(eid, ids),
      ids.length === 0
        ? Promise.resolve([])
        : this.repo.db
            .select({ orderId: schema.refunds.orderId, status: schema.refunds.status })
            .from(schema.refunds)
            .where(and(eq(schema.refunds.eid, eid), inArray(schema.refunds.orderId, ids)))
            .orderBy(schema.refunds.id),
    ]);
    // Trades and refunds come oldest first: the last one set is an order's latest.
    const tradeOf = new Map<number, (typeof trades)[number]>();
    for (const t of trades) if (tradeOf.get(t.orderId)?.status !== 2) tradeOf.set(t.orderId, t);
    const refundOf = new Map(refunds.map((r) => [r.orderId, r.status as 1 | 2 | 3]));
    return items.map((item) => ({
      ...item,
      outTradeNo: tradeOf.get(item.id)?.outTradeNo ?? '',
      refundStatus: refundOf.get(item.id) ?? null,
    }));
  }

  async order(eid: number, id: number) {
    const [row] = await this.repo.db
      .select()
      .from(o)
      .where(and(eq(o.eid, eid), eq(o.id, id)));
    if (!row) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    const [[item], trades, [invoice], refunds, notices] = await Promise.all([
      this.present(eid, [row]),
      this.repo.tradesOf(eid, [id]),
      this.repo.invoicesOf(eid, [id]),
      this.repo.db
        .select()
        .from(schema.refunds)
        .where(and(eq(schema.refunds.eid, eid), eq(schema.refunds.orderId, id)))
        .orderBy(schema.refunds.id),
      this.repo.db
        .select()
        .from(schema.paymentNotices)
        .where(
          and(
            eq(schema.paymentNotices.eid, eid),
            sql`${schema.paymentNotices.outTradeNo} IN (SELECT out_trade_no FROM trades WHERE eid = ${eid} AND order_id = ${id})`,
          ),
        )
        .orderBy(desc(schema.paymentNotices.id))
        .limit(50),
    ]);
    const confirmers = await this.learners(
      eid,
      trades.flatMap((t) => (t.confirmedBy ? [t.confirmedBy] : [])),
    );
    return {
      ...item!,
      trades: trades.map((t) => ({
        ...presentTrade(t),
        note: t.note,
        receiptUrl: t.receiptKey ? this.signer.url(t.receiptKey) : '',
        confirmedBy: confirmers.find((p) => p.accountId === t.confirmedBy)?.name ?? '',
      })),
      refunds: refunds.map((r) => ({
        id: r.id,
        outRefundNo: r.outRefundNo,
        amount: r.amountFen / 100,
        status: r.status as 1 | 2 | 3,
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
        doneAt: r.doneAt ? r.doneAt.toISOString() : null,
      })),
      invoice: invoice ? presentInvoice(invoice) : null,
      notices: notices.map((n) => ({
        outTradeNo: n.outTradeNo,
        outcome: n.outcome,
        receivedAt: n.receivedAt.toISOString(),
      })),
    };
  }

  /** Confirms a transfer or manual payment: the one way money changes an order, audited in its transaction. */
  async confirm(c: AdminCaller, tradeId: number) {
    const trade = await this.repo.tradeById(c.eid, tradeId);
    if (!trade) throw new AppError(ErrorCode.ORDER_TRADE_NOT_FOUND);
    if (!OFFLINE_METHODS.has(trade.method) || (trade.status !== 4 && trade.status !== 1 && trade.status !== 2)) {
      throw new AppError(ErrorCode.ORDER_TRADE_NOT_CONFIRMABLE);
    }
    let audited = false;
    const applied = await this.book.applyPayment(c.eid, tradeId, '', new Date(), c.session.accountId, async (tx, a) => {
      await c.audit.record(tx, {
        entityType: 'order',
        entityId: trade.orderId,
        before: { tradeId, status: trade.status },
        after: { tradeId, applied: a },
      });
      audited = true;
    });
    // A payment confirmed before: nothing changed, and that is recorded too.
    if (!audited) {
      await this.repo.db.transaction((tx) =>
        c.audit.record(tx, {
          entityType: 'order',
          entityId: trade.orderId,
          before: { tradeId },
          after: { tradeId, applied },
        }),
      );
    }
    if (applied === 'late') throw new AppError(ErrorCode.ORDER_NOT_UNPAID);
    const [order] = await this.repo.db
      .select({ status: o.status })
      .from(o)
      .where(and(eq(o.eid, c.eid), eq(o.id, trade.orderId)));
    return { orderStatus: (order?.status ?? 1) as 1 | 2 | 3 | 4 | 5 | 6 };
  }

  async refund(c: AdminCaller, id: number, reason: string) {
    const status = await this.book.refund(c.eid, id, reason, c.session.accountId, (tx, before, after) =>
      c.audit.record(tx, { entityType: 'order', entityId: id, before, after }),
    );
    return { orderStatus: status as 1 | 2 | 3 | 4 | 5 | 6 };
  }

  async invoicesPage(eid: number, q: { pageCurrent: number; pageSize: number; status?: number }) {
    const i = schema.invoices;
    const where = and(eq(i.eid, eid), ...(q.status !== undefined ? [eq(i.status, q.status)] : []));
    const [rows, [total]] = await Promise.all([
      this.repo.db
        .select({ invoice: i, orderNo: o.orderNo, goodsTitle: o.goodsTitle })
        .from(i)
        .innerJoin(o, and(eq(o.eid, i.eid), eq(o.id, i.orderId)))
        .where(where)
        .orderBy(desc(i.requestedAt), desc(i.id))
        .limit(q.pageSize)
        .offset(pageOffset(q.pageCurrent, q.pageSize)),
      this.repo.db.select({ total: count() }).from(i).where(where),
    ]);
    const people = await this.learners(eid, [...new Set(rows.map((r) => r.invoice.accountId))]);
    const list = rows.map((r) => {
      const who = people.find((p) => p.accountId === r.invoice.accountId);
      return {
        ...presentInvoice(r.invoice),
        orderNo: r.orderNo,
        goodsTitle: r.goodsTitle,
        learnerName: who?.name ?? '',
        phone: who?.phone ?? '',
      };
    });
    return toPage(list, total?.total ?? 0, q.pageCurrent, q.pageSize);
  }

  /**
   * Moves an invoice by an allowed transition only: issue a request again (1 → 2, queued), red-reverse
   * (3 → 4, then the provider → 5) or void (3 → 6). Conditional on the status it leaves.
   */
  async changeInvoice(c: AdminCaller, id: number, action: 'issue' | 'redReverse' | 'void') {
    const to = action === 'issue' ? 2 : action === 'redReverse' ? 4 : 6;
    const changed = await this.repo.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(schema.invoices)
        .where(and(eq(schema.invoices.eid, c.eid), eq(schema.invoices.id, id)))
        .for('update');
      if (!before) throw new AppError(ErrorCode.NOT_FOUND);
      if (!invoiceMayGo(before.status, to)) throw new AppError(ErrorCode.INVOICE_TRANSITION);
      // The dev provider red-reverses at once; a real one would answer by callback (4 stays meanwhile).
      const final = action === 'redReverse' ? 5 : to;
      const [after] = await tx
        .update(schema.invoices)
        // A re-issue is a new request: the job takes it now, not the sweep at the same time.
        .set({ status: final, failReason: '', updatedAt: new Date(), ...(to === 2 ? { requestedAt: new Date() } : {}) })
        .where(
          and(eq(schema.invoices.eid, c.eid), eq(schema.invoices.id, id), eq(schema.invoices.status, before.status)),
        )
        .returning();
      await c.audit.record(tx, { entityType: 'invoice', entityId: id, before, after });
      return after!;
    });
    if (action === 'issue') await this.deps.queueInvoice(c.eid, id).catch(() => undefined);
    return presentInvoice(changed);
  }

  async invoiceDownload(eid: number, id: number) {
    const [invoice] = await this.repo.db
      .select()
      .from(schema.invoices)
      .where(and(eq(schema.invoices.eid, eid), eq(schema.invoices.id, id)));
    if (!invoice) throw new AppError(ErrorCode.NOT_FOUND);
    if (!invoice.pdfKey) throw new AppError(ErrorCode.INVOICE_NOT_ISSUED);
    return { url: this.signer.url(invoice.pdfKey), fileName: `发票-${invoice.invoiceNo}.pdf` };
  }

  private presentMethod(method: number, row: PayMethodRow | undefined) {
    const fields = PAY_METHOD_FIELDS[method]!;
    const secrets = row?.secrets ? (JSON.parse(this.vault.decrypt(row.secrets)) as Record<string, string>) : {};
    return {
      method: method as 9 | 10 | 11 | 12 | 13 | 14,
      enabled: row?.enabled ?? false,
      mode: (row?.mode ?? 'dev') as 'dev' | 'sandbox' | 'live',
      merchant: Object.fromEntries(fields.merchant.map((k) => [k, row?.merchant[k] ?? ''])),
      secretsSet: fields.secrets.filter((k) => !!secrets[k]),
    };
  }

  async payMethods(eid: number) {
    const [rows, settings] = await Promise.all([
      this.repo.db.select().from(schema.payMethods).where(eq(schema.payMethods.eid, eid)),
      this.repo.settings(eid),
    ]);
    return {
      methods: [9, 10, 11, 12, 13, 14].map((m) =>
        this.presentMethod(
          m,
          rows.find((r) => r.method === m),
        ),
      ),
      settings: {
        closeAfterMinutes: settings.closeAfterMinutes,
        invoiceOpen: settings.invoiceOpen,
        specialInvoiceOpen: settings.specialInvoiceOpen,
        invoiceMode: (settings.invoiceMode === 2 ? 2 : 1) as 1 | 2,
        bankAccountName: settings.bankAccountName,
        bankName: settings.bankName,
        bankAccountNo: settings.bankAccountNo,
        bankNote: settings.bankNote,
      },
      invoiceProvider: presentInvoiceProvider(settings),
      devAllowed: this.deps.devProviders,
    };
  }

  /**
   * Who issues the enterprise's invoices (decision 058), audited without the secret. Nuonuo needs
   * its app key, the seller's tax number, the clerk and the app secret (given now or stored); the
   * dev provider's sample invoices only where DEV_PROVIDERS is on.
   */
  async saveInvoiceProvider(c: AdminCaller, q: CallRequest<typeof saveInvoiceProvider>) {
    if (q.provider === 'dev' && !this.deps.devProviders) throw new AppError(ErrorCode.PAY_DEV_NOT_ALLOWED);
    return this.repo.db.transaction(async (tx) => {
      const before = await this.repo.settings(c.eid, tx);
      const secret = q.appSecret ? this.vault.encryptText(q.appSecret) : before.invoiceSecret;
      const secretChanged = Boolean(q.appSecret);
      const merchant: Record<'appKey' | 'taxNo' | 'clerk' | 'sandbox', string> = {
        appKey: q.appKey ?? '',
        taxNo: q.taxNo ?? '',
        clerk: q.clerk ?? '',
        sandbox: q.sandbox === false ? '0' : '1',
      };
      if (q.provider === 'nuonuo') {
        const missing =
          (['appKey', 'taxNo', 'clerk'] as const).find((k) => !merchant[k]) ?? (secret ? null : 'appSecret');
        if (missing) throw new AppError(ErrorCode.PAY_SETTINGS_INCOMPLETE, { params: { field: missing } });
      }
      const values = {
        invoiceProvider: q.provider,
        invoiceMerchant: merchant,
        invoiceSecret: secret,
        updatedAt: new Date(),
      };
      await tx
        .insert(schema.orderSettings)
        .values({ eid: c.eid, ...values })
        .onConflictDoUpdate({ target: schema.orderSettings.eid, set: values });
      const after = presentInvoiceProvider({ ...before, ...values });
      await c.audit.record(tx, {
        entityType: 'order_settings',
        entityId: c.eid,
        before: presentInvoiceProvider(before),
        after: { ...after, secretChanged },
      });
      return after;
    });
  }

  /**
   * Saves a method: its merchant fields (only the method's own), secrets given replacing the
   * stored ones (none given: kept), and on a channel method in sandbox or live every field needed.
   */
  async savePayMethod(
    c: AdminCaller,
    q: {
      method: number;
      enabled: boolean;
      mode: 'dev' | 'sandbox' | 'live';
      merchant: Record<string, string>;
      secrets: Record<string, string>;
    },
  ) {
    const fields = PAY_METHOD_FIELDS[q.method]!;
    for (const key of [...Object.keys(q.merchant), ...Object.keys(q.secrets)]) {
      if (!fields.merchant.includes(key) && !fields.secrets.includes(key)) {
        throw new AppError(ErrorCode.PAY_FIELD_UNKNOWN, { params: { field: key } });
      }
    }
    if (q.mode === 'dev' && !this.deps.devProviders && !OFFLINE_METHODS.has(q.method) && q.enabled) {
      throw new AppError(ErrorCode.PAY_DEV_NOT_ALLOWED);
    }
    return this.repo.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(schema.payMethods)
        .where(and(eq(schema.payMethods.eid, c.eid), eq(schema.payMethods.method, q.method)))
        .for('update');
      const stored = before?.secrets ? (JSON.parse(this.vault.decrypt(before.secrets)) as Record<string, string>) : {};
      const secrets = { ...stored, ...Object.fromEntries(Object.entries(q.secrets).filter(([, v]) => v !== '')) };
      const merchant = Object.fromEntries(fields.merchant.map((k) => [k, (q.merchant[k] ?? '').trim()]));
      if (q.enabled && q.mode !== 'dev') {
        const missing = requiredFields(q.method).find((k) => !(merchant[k] ?? secrets[k]));
        if (missing) throw new AppError(ErrorCode.PAY_SETTINGS_INCOMPLETE, { params: { field: missing } });
      }
      const values = {
        eid: c.eid,
        method: q.method,
        enabled: q.enabled,
        mode: q.mode,
        merchant,
        secrets: Object.keys(secrets).length ? this.vault.encryptText(JSON.stringify(secrets)) : '',
        sort: [9, 10, 11, 12, 13, 14].indexOf(q.method),
        updatedAt: new Date(),
      };
      const [after] = await tx
        .insert(schema.payMethods)
        .values(values)
        .onConflictDoUpdate({ target: [schema.payMethods.eid, schema.payMethods.method], set: values })
        .returning();
      // The audit holds which secrets changed, never their values.
      const shown = (r: PayMethodRow | undefined) =>
        r ? { enabled: r.enabled, mode: r.mode, merchant: r.merchant } : null;
      await c.audit.record(tx, {
        entityType: 'pay_method',
        entityId: q.method,
        before: shown(before),
        after: { ...shown(after), secretsChanged: Object.keys(q.secrets).filter((k) => q.secrets[k] !== '') },
      });
      return this.presentMethod(q.method, after);
    });
  }

  async saveSettings(c: AdminCaller, q: OrderSettingsForm) {
    return this.repo.db.transaction(async (tx: Tx) => {
      // The audit keeps the form's fields only: never the e-invoice account's secret beside them.
      const {
        invoiceSecret: _secret,
        invoiceMerchant: _merchant,
        invoiceProvider: _provider,
        ...before
      } = await this.repo.settings(c.eid, tx);
      const values = { eid: c.eid, ...q, updatedAt: new Date() };
      await tx
        .insert(schema.orderSettings)
        .values(values)
        .onConflictDoUpdate({ target: schema.orderSettings.eid, set: values });
      await c.audit.record(tx, { entityType: 'order_settings', entityId: c.eid, before, after: values });
      return q;
    });
  }
}

/** The fields a channel method needs in sandbox or live (the optional ones of WeChat aside). */
function requiredFields(method: number): string[] {
  switch (method) {
    case 11:
      return ['appId', 'sellerId', 'alipayPublicKey', 'privateKey'];
    case 12:
      return ['mchId', 'appId', 'merchantSerialNo', 'apiV3Key', 'merchantPrivateKey'];
    case 13:
      return ['merId', 'rootCert', 'middleCert', 'signPfx'];
    default:
      return [];
  }
}

/** The invoice provider's settings as the back office sees them: never the secret itself. */
function presentInvoiceProvider(s: {
  invoiceProvider: string;
  invoiceMerchant: Record<string, string>;
  invoiceSecret: string;
}): InvoiceProviderInfo {
  return {
    provider: s.invoiceProvider === 'nuonuo' ? 'nuonuo' : 'dev',
    appKey: s.invoiceMerchant.appKey ?? '',
    taxNo: s.invoiceMerchant.taxNo ?? '',
    clerk: s.invoiceMerchant.clerk ?? '',
    sandbox: s.invoiceMerchant.sandbox !== '0',
    secretSet: s.invoiceSecret !== '',
  };
}
