import { and, eq, inArray } from 'drizzle-orm';
import {
  enumLabel,
  ErrorCode,
  pageOffset,
  payNotifyPath,
  toPage,
  type Lang,
  type OrderItem,
  type PayStartInfo,
} from '@portal/contract';
import { schema } from '@portal/db';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import { ChannelError, type PayMethodCode } from '../../platform/providers/payment/channel.ts';
import { OFFLINE_METHODS, type ChannelRegistry } from './channels.ts';
import { presentBankAccount, presentInvoice, presentOrder, presentTrade } from './order.presenter.ts';
import type { OrderRepository, OrderRow } from './order.repository.ts';
import type { PaymentBook } from './payment-book.ts';
import { goodsOf, lockPackageForOrder } from './goods.ts';
import { newNumber } from './order-numbers.ts';

/** Where a payment starts from: the site's address as the learner's browser reached it, and theirs. */
export interface PayOrigin {
  origin: string;
  clientIp: string;
}

/**
 * The learner's order calls (decision 057): the checkout's goods and settings, making an order at
 * the server's price, paying it by a method the site has on, cancelling, the lists and counts.
 */
export class OrderService {
  constructor(
    private readonly repo: OrderRepository,
    private readonly channels: ChannelRegistry,
    private readonly book: PaymentBook,
  ) {}

  async payOptions(eid: number, lang: Lang) {
    const rows = await this.repo.enabledMethods(eid);
    return rows
      .filter((r) => OFFLINE_METHODS.has(r.method) || this.channels.build(eid, r) !== null)
      .map((r) => ({ method: r.method as PayMethodCode, name: enumLabel('paymentMethod', r.method, lang) }));
  }

  async config(eid: number, lang: Lang) {
    const [settings, payMethods] = await Promise.all([this.repo.settings(eid), this.payOptions(eid, lang)]);
    return {
      payMethods,
      invoiceOpen: settings.invoiceOpen,
      specialInvoiceOpen: settings.specialInvoiceOpen,
      invoiceMode: (settings.invoiceMode === 2 ? 2 : 1) as 1 | 2,
      closeAfterMinutes: settings.closeAfterMinutes,
      bankAccount: payMethods.some((m) => m.method === 9) ? presentBankAccount(settings) : null,
    };
  }

  async payConfig(eid: number, lang: Lang) {
    const payMethods = await this.payOptions(eid, lang);
    return { payMethods, payOpen: payMethods.length > 0 };
  }

  private async goods(who: Learner, goodsType: number, goodsId: number, code?: string) {
    const goods = await goodsOf(this.repo, who, goodsType, goodsId, this.repo.db, code);
    if (!goods) throw new AppError(ErrorCode.ORDER_GOODS_NOT_FOR_SALE);
    return goods;
  }

  async viewGoods(who: Learner, goodsType: 1 | 2 | 3, goodsId: number, code?: string) {
    const goods = await this.goods(who, goodsType, goodsId, code);
    if (!goods.onSale && !goods.owned) throw new AppError(ErrorCode.ORDER_GOODS_NOT_FOR_SALE);
    const open = await this.repo.openOrderOf(who, goodsType, goodsId);
    return {
      goodsType,
      goodsId,
      title: goods.title,
      cover: goods.cover,
      summary: goods.summary,
      amountFen: goods.priceFen,
      amount: goods.priceFen / 100,
      owned: goods.owned,
      openOrderId: open?.id ?? null,
      studyPath: goods.studyPath,
    };
  }

  /**
   * Makes an order at the price the server reads now (never the client's); an open order of the
   * same goods is answered instead (one per learner and goods, held by a unique index: of
   * concurrent calls one inserts and the others find it).
   */
  async create(who: Learner, goodsType: 1 | 2 | 3, goodsId: number, code?: string) {
    const settings = await this.repo.settings(who.eid);
    return this.repo.db.transaction(async (tx) => {
      // A batch package has one open order at a time (decision 058): its row is held first.
      const heldByAnother = goodsType === 3 && (await lockPackageForOrder(tx, who, goodsId));
      const goods = await goodsOf(this.repo, who, goodsType, goodsId, tx, code);
      // Free goods are never ordered; owned ones are said so before "not for sale" (a bought package).
      if (!goods || goods.priceFen <= 0) throw new AppError(ErrorCode.ORDER_GOODS_NOT_FOR_SALE);
      if (goods.owned) throw new AppError(ErrorCode.ORDER_ALREADY_OWNED);
      if (heldByAnother) throw new AppError(ErrorCode.BATCH_PACKAGE_SOLD);
      if (goods.refusal !== null) throw new AppError(goods.refusal);
      if (!goods.onSale) throw new AppError(ErrorCode.ORDER_GOODS_NOT_FOR_SALE);
      const now = new Date();
      const inserted = await this.repo.insertOrder(tx, {
        eid: who.eid,
        orderNo: newNumber(now),
        accountId: who.accountId,
        goodsType,
        goodsId,
        goodsTitle: goods.title,
        goodsCover: goods.cover,
        amountFen: goods.priceFen,
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.closeAfterMinutes * 60_000),
      });
      const order = inserted ?? (await this.repo.openOrderOf(who, goodsType, goodsId, tx));
      if (!order) throw new AppError(ErrorCode.CONFLICT);
      return { id: order.id, orderNo: order.orderNo, amountFen: order.amountFen, created: inserted !== null };
    });
  }

  async page(who: Learner, q: { pageCurrent: number; pageSize: number; status?: number }) {
    const { rows, total } = await this.repo.findOrders(
      who,
      q.status,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    const ids = rows.map((r) => r.id);
    const [trades, invoices] = await Promise.all([
      this.repo.tradesOf(who.eid, ids),
      this.repo.invoicesOf(who.eid, ids),
    ]);
    const list: OrderItem[] = rows.map((r) =>
      presentOrder(
        r,
        trades.filter((t) => t.orderId === r.id),
        invoices.find((i) => i.orderId === r.id),
      ),
    );
    return toPage(list, total, q.pageCurrent, q.pageSize);
  }

  private async mine(who: Learner, id: number): Promise<OrderRow> {
    const order = await this.repo.viewOrder(who, id);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    return order;
  }

  async view(who: Learner, id: number) {
    const order = await this.mine(who, id);
    const [trades, [invoice]] = await Promise.all([
      this.repo.tradesOf(who.eid, [id]),
      this.repo.invoicesOf(who.eid, [id]),
    ]);
    return {
      ...presentOrder(order, trades, invoice),
      trades: trades.map(presentTrade),
      invoice: invoice ? presentInvoice(invoice) : null,
      secondsLeft: order.status === 1 ? Math.max(0, Math.floor((order.expiresAt.getTime() - Date.now()) / 1000)) : 0,
      studyPath: (await goodsOf(this.repo, who, order.goodsType, order.goodsId))?.studyPath ?? '/',
    };
  }

  async count(who: Learner) {
    const { unpaid, confirming } = await this.repo.countOpen(who);
    return { prePayOrderNum: unpaid - confirming, waitPayOrderNum: confirming };
  }

  /**
   * Starts paying an unpaid order by a method the site has on: a new trade (its own out-trade
   * number, the order's amount), then the channel's start (a QR code, a page) or, for a transfer
   * or manual payment, the site's account details and a wait for the site's confirmation.
   */
  async pay(
    who: Learner,
    id: number,
    method: PayMethodCode,
    isMobile: boolean,
    from: PayOrigin,
  ): Promise<PayStartInfo> {
    // One connection for the whole decision (the order locked first): 200 learners paying at
    // once held three connections each before, and waited past the pool's time-out.
    const offline = OFFLINE_METHODS.has(method);
    const { order, built, settings, trade } = await this.repo.db.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, who.eid, id);
      if (!order || order.accountId !== who.accountId) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      if (order.status === 4 || (order.status === 1 && order.expiresAt.getTime() <= Date.now())) {
        throw new AppError(ErrorCode.ORDER_PAY_CLOSED);
      }
      if (order.status !== 1) throw new AppError(ErrorCode.ORDER_NOT_UNPAID);
      const row = await this.repo.payMethod(who.eid, method, tx);
      if (!row?.enabled) throw new AppError(ErrorCode.ORDER_PAY_METHOD_OFF);
      const built = offline ? null : this.channels.build(who.eid, row, from.origin);
      if (!offline && !built) throw new AppError(ErrorCode.ORDER_PAY_METHOD_OFF);
      const trades = await this.repo.tradesOf(who.eid, [id], tx);
      if (trades.some((t) => t.status === 4)) throw new AppError(ErrorCode.ORDER_CONFIRMING);
      const settings = method === 9 ? await this.repo.settings(who.eid, tx) : null;
      await tx
        .update(schema.orders)
        .set({ payMethod: method })
        .where(and(eq(schema.orders.eid, who.eid), eq(schema.orders.id, id)));
      // Manual confirmation waits for the site at once; a transfer once its receipt is uploaded.
      const trade = await this.repo.insertTrade(tx, {
        eid: who.eid,
        orderId: id,
        outTradeNo: newNumber(),
        method,
        amountFen: order.amountFen,
        status: method === 14 ? 4 : 1,
      });
      return { order, built, settings, trade };
    });
    const base = { tradeId: trade.id, outTradeNo: trade.outTradeNo, method, bankAccount: null };
    if (offline) {
      return { ...base, kind: 'offline', bankAccount: settings ? presentBankAccount(settings) : null };
    }
    try {
      const start = await built!.channel.start({
        outTradeNo: trade.outTradeNo,
        amountFen: trade.amountFen,
        subject: order.goodsTitle.slice(0, 128),
        notifyUrl: from.origin + payNotifyPath(method, who.eid),
        returnUrl: `${from.origin}/pay/buy?orderId=${order.id}&tradeId=${trade.id}`,
        expiresAt: order.expiresAt,
        clientIp: from.clientIp,
        isMobile,
      });
      return { ...base, ...start };
    } catch (err) {
      if (err instanceof ChannelError) throw new AppError(ErrorCode.ORDER_CHANNEL_FAILED);
      throw err;
    }
  }

  /** Cancels an unpaid order (not one whose transfer waits for the site's confirmation). */
  async cancel(who: Learner, id: number): Promise<null> {
    await this.repo.db.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, who.eid, id);
      if (!order || order.accountId !== who.accountId) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      if (order.status !== 1) throw new AppError(ErrorCode.ORDER_NOT_UNPAID);
      const trades = await this.repo.tradesOf(who.eid, [id], tx);
      if (trades.some((t) => t.status === 4)) throw new AppError(ErrorCode.ORDER_CONFIRMING);
      await tx
        .update(schema.orders)
        .set({ status: 3, endedAt: new Date() })
        .where(and(eq(schema.orders.eid, who.eid), eq(schema.orders.id, id), eq(schema.orders.status, 1)));
      await tx
        .update(schema.trades)
        .set({ status: 3 })
        .where(and(eq(schema.trades.eid, who.eid), eq(schema.trades.orderId, id), inArray(schema.trades.status, [1])));
    });
    return null;
  }

  /** A trade of the learner's, polled while they pay. */
  async tradeStatus(who: Learner, tradeId: number) {
    const trade = await this.repo.tradeById(who.eid, tradeId);
    const order = trade ? await this.repo.viewOrder(who, trade.orderId) : null;
    if (!trade || !order) throw new AppError(ErrorCode.ORDER_TRADE_NOT_FOUND);
    return {
      id: trade.id,
      status: trade.status as 1 | 2 | 3 | 4,
      orderId: order.id,
      orderStatus: order.status as 1 | 2 | 3 | 4 | 5 | 6,
    };
  }

  async payLink(who: Learner, isMobile: boolean, orderId: number | undefined) {
    if (orderId !== undefined) await this.mine(who, orderId);
    const query = orderId !== undefined ? `?orderId=${orderId}` : '';
    return { url: isMobile ? `/pages/pay/buy${query}` : `/pay/buy${query}` };
  }

  /** A bank transfer's receipt, uploaded: the trade waits for the site's confirmation. */
  async submitReceipt(who: Learner, tradeId: number, key: string, note: string): Promise<null> {
    await this.repo.db.transaction(async (tx) => {
      const [trade] = await tx
        .select()
        .from(schema.trades)
        .where(and(eq(schema.trades.eid, who.eid), eq(schema.trades.id, tradeId)))
        .for('update');
      const order = trade ? await this.repo.viewOrder(who, trade.orderId, tx) : null;
      if (!trade || !order) throw new AppError(ErrorCode.ORDER_TRADE_NOT_FOUND);
      if (trade.method !== 9) throw new AppError(ErrorCode.ORDER_RECEIPT_NOT_TRANSFER);
      if (order.status !== 1 || (trade.status !== 1 && trade.status !== 4)) {
        throw new AppError(ErrorCode.ORDER_NOT_UNPAID);
      }
      await tx
        .update(schema.trades)
        .set({ status: 4, receiptKey: key, note })
        .where(and(eq(schema.trades.eid, who.eid), eq(schema.trades.id, tradeId)));
    });
    return null;
  }

  /** The dev cashier's view of a trade of the learner's (demo sites). */
  async devCashier(who: Learner, outTradeNo: string) {
    const trade = await this.repo.tradeByNo(who.eid, outTradeNo);
    const order = trade ? await this.repo.viewOrder(who, trade.orderId) : null;
    if (!trade || !order || !this.channels.dev(who.eid, await this.repo.payMethod(who.eid, trade.method))) {
      throw new AppError(ErrorCode.ORDER_TRADE_NOT_FOUND);
    }
    return {
      tradeId: trade.id,
      orderId: order.id,
      method: trade.method as PayMethodCode,
      amount: trade.amountFen / 100,
      goodsTitle: order.goodsTitle,
      status: trade.status as 1 | 2 | 3 | 4,
    };
  }

  /**
   * The dev cashier pays: the dev channel seals the notification a channel would send, and it is
   * received as every notification is (verified, checked, applied once).
   */
  async devPay(who: Learner, outTradeNo: string) {
    const trade = await this.repo.tradeByNo(who.eid, outTradeNo);
    const order = trade ? await this.repo.viewOrder(who, trade.orderId) : null;
    const dev = trade ? this.channels.dev(who.eid, await this.repo.payMethod(who.eid, trade.method)) : null;
    if (!trade || !order || !dev) throw new AppError(ErrorCode.ORDER_TRADE_NOT_FOUND);
    // A channel's cashier does not take money for a closed trade or an ended order.
    if (trade.status !== 2 && (trade.status !== 1 || order.status !== 1))
      throw new AppError(ErrorCode.ORDER_NOT_UNPAID);
    await this.book.receiveNotice(who.eid, trade.method, dev.noticeOf(trade));
    const after = await this.tradeStatus(who, trade.id);
    return { status: after.status, orderStatus: after.orderStatus };
  }
}
