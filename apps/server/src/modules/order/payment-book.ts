import { and, eq, inArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { schema, withTenant, type Db, type Tx } from '@portal/db';
import { ErrorCode } from '@portal/contract';
import { lockAgain, unlockOnce } from '../earning/index.ts';
import { AppError } from '../../platform/errors.ts';
import { DevChannel } from '../../platform/providers/payment/dev.ts';
import {
  ChannelError,
  NoticeRefused,
  type IncomingNotice,
  type NoticeAnswer,
  type QueriedRefund,
  type VerifiedNotice,
} from '../../platform/providers/payment/channel.ts';
import { OFFLINE_METHODS, type BuiltChannel, type ChannelRegistry } from './channels.ts';
import type { OrderRepository, OrderRow, TradeRow } from './order.repository.ts';
import { newNumber } from './order-numbers.ts';

/** What became of a payment: it paid the order now, had paid it before, or came for an ended order. */
export type Applied = 'paid' | 'replayed' | 'late';

/** What a notification's transaction decided: an answer (remembered once committed when applied), or a refund to apply. */
type NoticeOutcome = { answer: NoticeAnswer; applied?: boolean } | { refund: VerifiedNotice; built: BuiltChannel };

/** A refund still processing this long after it began is asked of its channel (the notification did not come). */
export const STUCK_REFUND_MINUTES = 5;

const FAIL: NoticeAnswer = { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };

/**
 * The one way money changes an order (DESIGN.md section 9, decision 057). A payment, whether a
 * channel's verified notification, the answer of a query when none came, or an administrator's
 * confirmation of a transfer, is applied by `applyPayment`: in one transaction the trade goes
 * waiting → paid and the order 待支付 → 已支付 by conditional updates, and the goods open
 * (`unlockOnce`). Replayed, reordered and concurrent deliveries find the trade paid (or wait on
 * its row and then find it paid) and change nothing.
 */
export class PaymentBook {
  constructor(
    private readonly repo: OrderRepository,
    private readonly channels: ChannelRegistry,
    private readonly log: Pick<Logger, 'info' | 'warn' | 'error'>,
    /** The tables' owner: the sweep finds due orders of every enterprise, then works in each one's scope. */
    private readonly systemDb: Db,
  ) {}

  /**
   * A notification to `/pay-notify/{method}/{eid}`: verified by the enterprise's channel
   * (signature), then checked against our trade (merchant, app, amount), then applied. Answers
   * what the channel wants back. A refusal is logged in payment_notices with its reason.
   */
  async receiveNotice(eid: number, method: number, notice: IncomingNotice): Promise<NoticeAnswer> {
    // A notification applied before, byte for byte the same (its signature headers too): answered
    // as it was, from memory, with nothing read or redone (channels repeat one until answered).
    const key = noticeKey(eid, method, notice);
    const known = this.answered.get(key);
    if (known) return known;
    return this.handleNotice(eid, method, notice);
  }

  /** Notifications whose payment was applied (now or before), by their bytes: the answer given. */
  private readonly answered = new LRUCache<string, NoticeAnswer>({ max: 20_000, ttl: 60 * 60_000 });

  private remember(eid: number, method: number, notice: IncomingNotice, answer: NoticeAnswer): NoticeAnswer {
    this.answered.set(noticeKey(eid, method, notice), answer);
    return answer;
  }

  /**
   * One notification in one transaction (one pooled connection: a burst of first deliveries does
   * not queue for the pool once per step): the method's channel verifies it, the trade is locked,
   * checked (method, merchant, app, amount) and paid, the outcome logged. Remembered once committed.
   */
  private async handleNotice(eid: number, method: number, notice: IncomingNotice): Promise<NoticeAnswer> {
    return withTenant(eid, async () => {
      const outcome = await this.repo.db.transaction(async (tx): Promise<NoticeOutcome> => {
        const row = await this.repo.payMethod(eid, method, tx);
        const built = this.channels.build(eid, row);
        if (!built) {
          // No such enterprise or method: nothing of theirs to log it with (and no row to fill).
          if (row) await this.refuse(tx, eid, method, '', 'method off');
          else this.log.warn({ eid, method }, 'payment notice for a method that is not set up');
          return { answer: FAIL };
        }
        const { channel } = built;
        let verified: VerifiedNotice;
        try {
          verified = await channel.verifyNotice(notice);
        } catch (err) {
          const reason = err instanceof NoticeRefused ? err.reason : 'unreadable';
          await this.refuse(tx, eid, method, '', reason);
          return { answer: channel.answer(false) };
        }
        if (verified.kind === 'refund') return { refund: verified, built };
        const [trade] = await tx
          .select()
          .from(schema.trades)
          .where(and(eq(schema.trades.eid, eid), eq(schema.trades.outTradeNo, verified.outTradeNo)))
          .for('update');
        if (!trade || trade.method !== method) {
          await this.refuse(tx, eid, method, verified.outTradeNo, 'unknown trade');
          return { answer: channel.answer(false) };
        }
        // Answered from the trade's state: a replay of what was applied changes nothing.
        if (trade.status === 2 && trade.channelTradeNo === verified.channelTradeNo) {
          return { answer: channel.answer(true), applied: true };
        }
        if (verified.merchantId !== built.merchantId || (built.appId && verified.appId !== built.appId)) {
          await this.refuse(tx, eid, method, trade.outTradeNo, 'merchant', { merchantId: verified.merchantId });
          return { answer: channel.answer(false) };
        }
        if (verified.amountFen !== trade.amountFen) {
          await this.refuse(tx, eid, method, trade.outTradeNo, 'amount', {
            amountFen: verified.amountFen,
            expectedFen: trade.amountFen,
          });
          return { answer: channel.answer(false) };
        }
        if (verified.state !== 'paid') {
          await this.repo.logNotice(tx, { eid, method, outTradeNo: trade.outTradeNo, outcome: 'ignored' });
          return { answer: channel.answer(true) };
        }
        const applied = await this.payLocked(tx, trade, verified.channelTradeNo, verified.at ?? new Date(), null);
        await this.repo.logNotice(tx, {
          eid,
          method,
          outTradeNo: trade.outTradeNo,
          outcome: applied,
          detail: { channelTradeNo: verified.channelTradeNo },
        });
        if (applied === 'late') {
          this.log.warn({ eid, outTradeNo: trade.outTradeNo }, 'payment for an order that had ended: refund it');
        }
        return { answer: channel.answer(true), applied: true };
      });
      if ('refund' in outcome) return this.receiveRefundNotice(eid, method, outcome.built, outcome.refund);
      return outcome.applied ? this.remember(eid, method, notice, outcome.answer) : outcome.answer;
    });
  }

  /** A refund's notification: its refund by our number, the merchant, then completed or failed once. */
  private async receiveRefundNotice(
    eid: number,
    method: number,
    built: BuiltChannel,
    verified: VerifiedNotice,
  ): Promise<NoticeAnswer> {
    const { channel } = built;
    const [refund] = await this.repo.db
      .select()
      .from(schema.refunds)
      .where(and(eq(schema.refunds.eid, eid), eq(schema.refunds.outRefundNo, verified.outRefundNo ?? '')));
    if (!refund) {
      await this.refuse(this.repo.db, eid, method, verified.outTradeNo, 'unknown refund');
      return channel.answer(false);
    }
    if (verified.merchantId !== built.merchantId) {
      await this.refuse(this.repo.db, eid, method, verified.outTradeNo, 'merchant', {
        merchantId: verified.merchantId,
      });
      return channel.answer(false);
    }
    const outcome =
      verified.state === 'refunded'
        ? await this.completeRefund(eid, refund.id)
        : verified.state === 'failed'
          ? await this.failRefund(eid, refund.id)
          : 'ignored';
    await this.repo.logNotice(this.repo.db, {
      eid,
      method,
      outTradeNo: verified.outTradeNo,
      outcome: `refund ${outcome}`,
      detail: { outRefundNo: refund.outRefundNo },
    });
    return channel.answer(true);
  }

  /**
   * Starts refunding a paid order (an administrator asked): in one transaction the order goes
   * 已支付 → 退款中 and the refund is recorded (one per order, held by an index); then the channel is
   * asked. A transfer or manual payment the site refunds itself: done at once. The dev channel's
   * refund comes back as its signed notification. A channel that refuses leaves the order paid.
   */
  async refund(
    eid: number,
    orderId: number,
    reason: string,
    requestedBy: number,
    audit: (tx: Tx, before: OrderRow, after: OrderRow) => Promise<void>,
  ): Promise<number> {
    const started = await this.repo.db.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, eid, orderId);
      if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      if (order.status !== 2) throw new AppError(ErrorCode.ORDER_REFUND_NOT_PAID);
      const trade = await this.refundedTrade(eid, orderId, tx);
      if (!trade) throw new AppError(ErrorCode.ORDER_REFUND_NOT_PAID);
      const [refund] = await tx
        .insert(schema.refunds)
        .values({ eid, orderId, outRefundNo: newNumber(), amountFen: order.amountFen, reason, requestedBy })
        .returning();
      const [after] = await tx
        .update(schema.orders)
        .set({ status: 5, refundReason: reason })
        .where(and(eq(schema.orders.eid, eid), eq(schema.orders.id, orderId), eq(schema.orders.status, 2)))
        .returning();
      await audit(tx, order, after!);
      return { refund: refund!, trade, order };
    });
    const { refund, trade, order } = started;
    if (OFFLINE_METHODS.has(trade.method)) {
      await this.completeRefund(eid, refund.id);
      return 6;
    }
    const built = this.channels.build(eid, await this.repo.payMethod(eid, trade.method));
    try {
      if (!built) throw new ChannelError('the channel cannot be built');
      const accepted = await built.channel.refund({
        outTradeNo: trade.outTradeNo,
        outRefundNo: refund.outRefundNo,
        refundFen: refund.amountFen,
        totalFen: order.amountFen,
        reason,
        notifyUrl: '',
        channelTradeNo: trade.channelTradeNo,
      });
      if (built.channel instanceof DevChannel) {
        await this.receiveNotice(
          eid,
          trade.method,
          built.channel.refundNoticeOf({
            outTradeNo: trade.outTradeNo,
            outRefundNo: refund.outRefundNo,
            refundFen: refund.amountFen,
            totalFen: order.amountFen,
          }),
        );
      } else if (accepted.state === 'refunded') {
        await this.completeRefund(eid, refund.id);
      }
    } catch (err) {
      await this.failRefund(eid, refund.id);
      if (err instanceof ChannelError) throw new AppError(ErrorCode.ORDER_CHANNEL_FAILED);
      throw err;
    }
    const [now] = await this.repo.db
      .select({ status: schema.orders.status })
      .from(schema.orders)
      .where(and(eq(schema.orders.eid, eid), eq(schema.orders.id, orderId)));
    return now?.status ?? 5;
  }

  /** The trade an order's refund pays back: its last paid one. */
  private async refundedTrade(eid: number, orderId: number, tx: Db | Tx = this.repo.db): Promise<TradeRow | null> {
    const [trade] = (await this.repo.tradesOf(eid, [orderId], tx)).filter((t) => t.status === 2).slice(-1);
    return trade ?? null;
  }

  /** Where the refund sweep goes on from: the last refund it asked about when it stopped at its limit. */
  private refundCursor: { eid: number; id: number } | null = null;

  /**
   * Refunds still processing STUCK_REFUND_MINUTES after they began, whose notification did not
   * come (the sweep, every minute): found in every enterprise (the owner's connection), then each
   * asked of its channel in its enterprise's scope and completed or failed by `completeRefund` /
   * `failRefund`, which change a refund once (a notification at the same moment finds it done). A
   * channel that errs or does not know yet leaves the refund as it is, asked again next time. At
   * most `limit` a sweep, going on from where the last one stopped, so that refunds a channel keeps
   * answering processing do not keep the others waiting. Answers how many it completed or failed.
   */
  async settleStuckRefunds(limit = 50): Promise<number> {
    const after = this.refundCursor;
    const due = await this.stuckRefunds(limit, after, 'after');
    // Round again from the start for what is left of the limit.
    if (after && due.length < limit) due.push(...(await this.stuckRefunds(limit - due.length, after, 'upTo')));
    this.refundCursor = due.length === limit ? due[due.length - 1]! : null;
    let settled = 0;
    for (const { eid, id } of due) {
      // One refund's trouble is logged and never keeps the others waiting.
      const done = await withTenant(eid, () => this.settleRefund(eid, id)).catch((err: unknown) => {
        this.log.error({ err, eid, refundId: id }, 'refund sweep: settling failed');
        return false;
      });
      if (done) settled++;
    }
    return settled;
  }

  private async stuckRefunds(
    limit: number,
    cursor: { eid: number; id: number } | null,
    side: 'after' | 'upTo',
  ): Promise<{ eid: number; id: number }[]> {
    const from = !cursor
      ? sql``
      : side === 'after'
        ? sql`AND (r.eid, r.id) > (${cursor.eid}, ${cursor.id})`
        : sql`AND (r.eid, r.id) <= (${cursor.eid}, ${cursor.id})`;
    const rows = await this.systemDb.execute<{ eid: number; id: number }>(sql`
      SELECT r.eid, r.id FROM refunds r
      WHERE r.status = 1 AND r.created_at <= now() - make_interval(mins => ${STUCK_REFUND_MINUTES}) ${from}
      ORDER BY r.eid, r.id LIMIT ${limit}`);
    return rows.rows.map((r) => ({ eid: Number(r.eid), id: Number(r.id) }));
  }

  /** One stuck refund asked of its channel, then completed or failed once; true when this changed it. */
  private async settleRefund(eid: number, refundId: number): Promise<boolean> {
    const [refund] = await this.repo.db
      .select()
      .from(schema.refunds)
      .where(and(eq(schema.refunds.eid, eid), eq(schema.refunds.id, refundId)));
    if (refund?.status !== 1) return false;
    const trade = await this.refundedTrade(eid, refund.orderId);
    if (!trade) {
      this.log.warn({ eid, refundId }, 'refund sweep: the order has no paid trade');
      return false;
    }
    const about = { eid, refundId, outRefundNo: refund.outRefundNo, method: trade.method };
    // A transfer or manual payment the site pays back itself (the refund stopped before it was marked done).
    if (OFFLINE_METHODS.has(trade.method)) return (await this.completeRefund(eid, refund.id)) === 'refunded';
    let answer: QueriedRefund;
    try {
      const built = this.channels.build(eid, await this.repo.payMethod(eid, trade.method));
      if (!built) throw new ChannelError('the channel cannot be built');
      answer = await built.channel.queryRefund({
        outTradeNo: trade.outTradeNo,
        outRefundNo: refund.outRefundNo,
        ...(trade.channelTradeNo ? { channelTradeNo: trade.channelTradeNo } : {}),
      });
    } catch (err) {
      // Not answered now: asked again by the next sweep.
      this.log.warn({ ...about, err: (err as Error).message }, 'refund sweep: the channel did not answer');
      return false;
    }
    if (answer.state === 'processing') return false;
    if (answer.state === 'refunded' && answer.refundFen !== undefined && answer.refundFen !== refund.amountFen) {
      this.log.warn(
        { ...about, refundFen: answer.refundFen, expectedFen: refund.amountFen },
        'refund sweep: the channel refunded another amount; left for a person to look at',
      );
      return false;
    }
    const outcome =
      answer.state === 'refunded' ? await this.completeRefund(eid, refund.id) : await this.failRefund(eid, refund.id);
    this.log.info({ ...about, outcome, reason: answer.reason }, 'refund settled by the channel’s answer to a query');
    return outcome !== 'replayed';
  }

  /** A refund completed, once: the order 退款中 → 已退款 and the goods closed again. */
  async completeRefund(eid: number, refundId: number): Promise<'refunded' | 'replayed'> {
    return this.repo.db.transaction(async (tx) => {
      const [refund] = await tx
        .update(schema.refunds)
        .set({ status: 2, doneAt: sql`now()` })
        .where(and(eq(schema.refunds.eid, eid), eq(schema.refunds.id, refundId), eq(schema.refunds.status, 1)))
        .returning();
      if (!refund) return 'replayed';
      const [order] = await tx
        .update(schema.orders)
        .set({ status: 6, endedAt: sql`now()` })
        .where(and(eq(schema.orders.eid, eid), eq(schema.orders.id, refund.orderId), eq(schema.orders.status, 5)))
        .returning();
      if (order) {
        await lockAgain(tx, { eid, accountId: order.accountId }, { type: order.goodsType, id: order.goodsId });
      }
      return 'refunded';
    });
  }

  /** A refund the channel refused or failed: the order is paid again (退款中 → 已支付). */
  private async failRefund(eid: number, refundId: number): Promise<'failed' | 'replayed'> {
    return this.repo.db.transaction(async (tx) => {
      const [refund] = await tx
        .update(schema.refunds)
        .set({ status: 3, doneAt: sql`now()` })
        .where(and(eq(schema.refunds.eid, eid), eq(schema.refunds.id, refundId), eq(schema.refunds.status, 1)))
        .returning();
      if (!refund) return 'replayed';
      await tx
        .update(schema.orders)
        .set({ status: 2 })
        .where(and(eq(schema.orders.eid, eid), eq(schema.orders.id, refund.orderId), eq(schema.orders.status, 5)));
      return 'failed';
    });
  }

  private async refuse(
    db: Db | Tx,
    eid: number,
    method: number,
    outTradeNo: string,
    reason: string,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    this.log.warn({ eid, method, outTradeNo, reason }, 'payment notice refused');
    await this.repo.logNotice(db, { eid, method, outTradeNo, outcome: `refused: ${reason}`, detail });
  }

  /**
   * Applies a payment of a trade, exactly once: the trade's row is locked, so of concurrent
   * deliveries one pays and the others wait and find it paid. An order that ended meanwhile
   * (cancelled, closed) stays ended and the payment is recorded on the trade for a refund ('late').
   * Call in the enterprise's tenant scope.
   */
  async applyPayment(
    eid: number,
    tradeId: number,
    channelTradeNo: string,
    at: Date,
    confirmedBy: number | null = null,
    /** Written in the payment's transaction once it paid the order (an administrator's audit row). */
    onPaid?: (tx: Tx, applied: Applied) => Promise<void>,
  ): Promise<Applied> {
    return this.repo.db.transaction(async (tx) => {
      const [trade] = await tx
        .select()
        .from(schema.trades)
        .where(and(eq(schema.trades.eid, eid), eq(schema.trades.id, tradeId)))
        .for('update');
      if (!trade) throw new Error(`applyPayment: no trade ${tradeId} in enterprise ${eid}`);
      const applied = await this.payLocked(tx, trade, channelTradeNo, at, confirmedBy);
      if (applied !== 'replayed') await onPaid?.(tx, applied);
      return applied;
    });
  }

  /** A locked trade paid (once): the trade, then its order and the goods (`payOrder`). */
  private async payLocked(
    tx: Tx,
    trade: TradeRow,
    channelTradeNo: string,
    at: Date,
    confirmedBy: number | null,
  ): Promise<Applied> {
    if (trade.status === 2) return 'replayed';
    await tx
      .update(schema.trades)
      .set({ status: 2, paidAt: at, channelTradeNo, confirmedBy })
      .where(and(eq(schema.trades.eid, trade.eid), eq(schema.trades.id, trade.id)));
    return this.payOrder(tx, trade, at);
  }

  /** The order of a trade that was just paid: 待支付 → 已支付 and the goods open, or 'late'. */
  private async payOrder(tx: Tx, trade: TradeRow, at: Date): Promise<Applied> {
    const [order] = await tx
      .update(schema.orders)
      .set({ status: 2, paidAt: at, payMethod: trade.method })
      .where(and(eq(schema.orders.eid, trade.eid), eq(schema.orders.id, trade.orderId), eq(schema.orders.status, 1)))
      .returning();
    if (!order) return 'late';
    await unlockOnce(tx, { eid: order.eid, accountId: order.accountId }, { type: order.goodsType, id: order.goodsId });
    // The order's other attempts are over.
    await tx
      .update(schema.trades)
      .set({ status: 3 })
      .where(
        and(
          eq(schema.trades.eid, trade.eid),
          eq(schema.trades.orderId, trade.orderId),
          inArray(schema.trades.status, [1, 4]),
        ),
      );
    return 'paid';
  }

  /**
   * Closes unpaid orders past their time (the sweep, every minute; DESIGN.md section 9: the
   * server's clock). Before closing, each waiting channel trade is asked of its channel: one the
   * channel says was paid is applied instead. An order whose transfer or manual payment waits for
   * the site's confirmation is left open. Answers how many it closed.
   */
  async closeExpired(limit = 100): Promise<number> {
    const due = await this.systemDb.execute<{ eid: number; id: number }>(sql`
      SELECT o.eid, o.id FROM orders o
      WHERE o.status = 1 AND o.expires_at <= now()
        AND NOT EXISTS (SELECT 1 FROM trades t WHERE t.eid = o.eid AND t.order_id = o.id AND t.status = 4)
      ORDER BY o.expires_at LIMIT ${limit}`);
    let closed = 0;
    for (const { eid, id } of due.rows) {
      // One order's trouble (its goods gone, a channel throwing) is logged and never keeps the
      // others of every enterprise from closing.
      const done = await withTenant(eid, () => this.closeOne(eid, id)).catch((err: unknown) => {
        this.log.error({ err, eid, orderId: id }, 'order timeout sweep: closing failed');
        return false;
      });
      if (done) closed++;
    }
    return closed;
  }

  private async closeOne(eid: number, orderId: number): Promise<boolean> {
    const waiting = (await this.repo.tradesOf(eid, [orderId])).filter((t) => t.status === 1);
    for (const trade of waiting) {
      const built = this.channels.build(eid, await this.repo.payMethod(eid, trade.method));
      if (!built) continue;
      const answer = await built.channel.query(trade.outTradeNo).catch(() => null);
      if (answer === null) return false; // The channel did not answer: asked again next time.
      if (answer.state === 'paid' && answer.amountFen === trade.amountFen) {
        await this.applyPayment(eid, trade.id, answer.channelTradeNo ?? '', answer.at ?? new Date());
        return false;
      }
    }
    return this.repo.db.transaction(async (tx) => {
      const [order] = await tx
        .update(schema.orders)
        .set({ status: 4, endedAt: sql`now()` })
        .where(
          and(
            eq(schema.orders.eid, eid),
            eq(schema.orders.id, orderId),
            eq(schema.orders.status, 1),
            sql`${schema.orders.expiresAt} <= now()`,
            sql`NOT EXISTS (SELECT 1 FROM trades t WHERE t.eid = ${eid} AND t.order_id = ${orderId} AND t.status = 4)`,
          ),
        )
        .returning({ id: schema.orders.id });
      if (!order) return false;
      await tx
        .update(schema.trades)
        .set({ status: 3 })
        .where(and(eq(schema.trades.eid, eid), eq(schema.trades.orderId, orderId), eq(schema.trades.status, 1)));
      return true;
    });
  }
}

/** The headers a channel signs a notification with (WeChat Pay's); the body carries the others'. */
const SIGNED_HEADERS = ['wechatpay-signature', 'wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-serial'];

/** A notification's identity: its enterprise, method, body and signature headers, hashed. */
function noticeKey(eid: number, method: number, notice: IncomingNotice): string {
  const hash = createHash('sha256').update(`${eid}\n${method}\n`);
  for (const h of SIGNED_HEADERS) hash.update(`${notice.headers[h] ?? ''}\n`);
  return hash.update(notice.body).digest('base64url');
}
