import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrder, payNotifyPath, payOrder, refundOrder, viewAdminOrder, viewCourse } from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import {
  ChannelError,
  type IncomingNotice,
  type PaymentChannel,
  type QueriedRefund,
  type RefundAccepted,
  type RefundToQuery,
  type TradeToPay,
} from '../../platform/providers/payment/channel.ts';
import { DevChannel } from '../../platform/providers/payment/dev.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import { orderServicesOf } from './order.routes.ts';
import { STUCK_REFUND_MINUTES } from './payment-book.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let admin: Learner;
let course: { id: number };

const db = () => t.database.db;
const as = (who: Learner) => ({ as: who });
const book = () => orderServicesOf(t.platform).book;

/** What the channel answers to a refund query, by our refund number (processing when not set). */
const answers = new Map<string, (r: RefundToQuery) => Promise<QueriedRefund>>();
/** The refund numbers the channel was asked about, in order. */
const asked: string[] = [];

/**
 * Alipay as a channel whose refund outcome comes later (by notification or query): payments and
 * notifications are the dev channel's (sealed, verified as a channel's), a refund is accepted as
 * processing, and a refund query answers what the test set. The dev channel itself refunds at once
 * (the order module delivers its refund notification in the refund call), so the refunds here go
 * through this one.
 */
class LaterRefundChannel implements PaymentChannel {
  readonly method = 11;
  constructor(private readonly dev: DevChannel) {}
  start(trade: TradeToPay) {
    return this.dev.start(trade);
  }
  verifyNotice(notice: IncomingNotice) {
    return this.dev.verifyNotice(notice);
  }
  answer(ok: boolean) {
    return this.dev.answer(ok);
  }
  query() {
    return this.dev.query();
  }
  refund(): Promise<RefundAccepted> {
    return Promise.resolve({ state: 'processing' });
  }
  queryRefund(request: RefundToQuery): Promise<QueriedRefund> {
    asked.push(request.outRefundNo);
    const answer = answers.get(request.outRefundNo);
    return answer ? answer(request) : Promise.resolve({ state: 'processing' });
  }
}

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000', SIGN_IN_PER_IP_PER_MINUTE: '100000' });
  a = await createEnterprise(db(), { name: '甲企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  course = await createCourse(db(), a.eid, { title: '财务基础', priceFen: 5_000 });
  await db().insert(schema.payMethods).values({ eid: a.eid, method: 11, enabled: true, mode: 'dev', sort: 0 });
  await db().insert(schema.orderSettings).values({ eid: a.eid, closeAfterMinutes: 30 });
  // The enterprise's Alipay (a dev method) built as the channel above.
  const { channels } = orderServicesOf(t.platform);
  const build = channels.build.bind(channels);
  vi.spyOn(channels, 'build').mockImplementation((eid, row, origin) => {
    const built = build(eid, row, origin);
    return built?.channel instanceof DevChannel ? { ...built, channel: new LaterRefundChannel(built.channel) } : built;
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

const devChannel = () => new DevChannel(11, a.eid, t.platform.signer, () => '');

/** Posts a notification to the channels' address, as a channel would. */
function postNotice(notice: IncomingNotice) {
  return t.app.inject({
    method: 'POST',
    url: payNotifyPath(11, a.eid),
    headers: { 'content-type': 'text/plain' },
    payload: notice.body,
  });
}

/** A learner's order, paid by the channel's notification, then refunded by the administrator: processing. */
async function refundingOrder() {
  const learner = await t.learner(a);
  const order = (await t.call(createOrder, { goodsType: 1, goodsId: course.id }, as(learner))).data;
  const start = (await t.call(payOrder, { id: order.id, payMethod: 11, isMobile: false }, as(learner))).data;
  const paid = await postNotice(devChannel().noticeOf({ outTradeNo: start.outTradeNo, amountFen: 5_000 }));
  expect(paid.statusCode).toBe(200);
  expect(await bought(learner)).toBe(true);
  const refunded = await t.call(refundOrder, { id: order.id, reason: '学员误购' }, as(admin));
  expect(refunded.data).toEqual({ orderStatus: 5 });
  const refund = (await refundOf(order.id))!;
  expect(refund.status).toBe(1);
  return { learner, order, outTradeNo: start.outTradeNo, refund };
}

const refundOf = async (orderId: number) =>
  (
    await withTenant(a.eid, () =>
      db()
        .select()
        .from(schema.refunds)
        .where(and(eq(schema.refunds.eid, a.eid), eq(schema.refunds.orderId, orderId))),
    )
  )[0];

/** A refund begun long enough ago for the sweep to ask about it. */
const age = (refundId: number) =>
  withTenant(a.eid, () =>
    db()
      .update(schema.refunds)
      .set({ createdAt: sql`now() - make_interval(mins => ${STUCK_REFUND_MINUTES + 1})` })
      .where(and(eq(schema.refunds.eid, a.eid), eq(schema.refunds.id, refundId))),
  );

const orderStatus = async (id: number) =>
  (await db().select({ status: schema.orders.status }).from(schema.orders).where(eq(schema.orders.id, id)))[0]!.status;
const bought = async (who: Learner) => (await t.call(viewCourse, { courseId: course.id }, as(who))).data.bought;
const askedAbout = (outRefundNo: string) => asked.filter((no) => no === outRefundNo).length;
const refundOutcomes = async (outTradeNo: string) =>
  (
    await withTenant(a.eid, () =>
      db()
        .select({ outcome: schema.paymentNotices.outcome })
        .from(schema.paymentNotices)
        .where(and(eq(schema.paymentNotices.eid, a.eid), eq(schema.paymentNotices.outTradeNo, outTradeNo))),
    )
  )
    .map((n) => n.outcome)
    .filter((o) => o.startsWith('refund'));

describe('the refund sweep', () => {
  it('completes a processing refund once by the channel’s answer: the course locked again, the order refunded', async () => {
    const { learner, order, refund } = await refundingOrder();
    answers.set(refund.outRefundNo, () => Promise.resolve({ state: 'refunded', refundFen: 5_000 }));
    // Just begun: its notification may still come, so the channel is not asked yet.
    await book().settleStuckRefunds();
    expect(askedAbout(refund.outRefundNo)).toBe(0);
    expect(await orderStatus(order.id)).toBe(5);

    await age(refund.id);
    // Sweeps overlapping (a tick run twice): one completes it.
    const settled = await Promise.all([book().settleStuckRefunds(), book().settleStuckRefunds()]);
    expect(settled.reduce((s, n) => s + n, 0)).toBe(1);
    expect(await orderStatus(order.id)).toBe(6);
    expect(await bought(learner)).toBe(false);
    const done = (await refundOf(order.id))!;
    expect(done.status).toBe(2);
    expect(done.doneAt).not.toBeNull();
    const view = await t.call(viewAdminOrder, { id: order.id }, as(admin));
    expect(view.data.refunds).toEqual([expect.objectContaining({ status: 2, amount: 50 })]);

    // Done: not asked again.
    const times = askedAbout(refund.outRefundNo);
    expect(await book().settleStuckRefunds()).toBe(0);
    expect(askedAbout(refund.outRefundNo)).toBe(times);
  });

  it('a notification arriving while the sweep asks, and both at once, complete the refund exactly once', async () => {
    // The notification comes while the channel is answering the sweep's query.
    const first = await refundingOrder();
    await age(first.refund.id);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let askedNow!: () => void;
    const asking = new Promise<void>((resolve) => (askedNow = resolve));
    answers.set(first.refund.outRefundNo, async () => {
      askedNow();
      await gate;
      return { state: 'refunded', refundFen: 5_000 };
    });
    const notice = devChannel().refundNoticeOf({
      outTradeNo: first.outTradeNo,
      outRefundNo: first.refund.outRefundNo,
      refundFen: 5_000,
      totalFen: 5_000,
    });
    const sweep = book().settleStuckRefunds();
    await asking;
    const delivered = await postNotice(notice);
    expect([delivered.statusCode, delivered.body]).toEqual([200, 'success']);
    release();
    // The notification completed it; the sweep's completion found it done and changed nothing.
    expect(await sweep).toBe(0);
    expect(await refundOutcomes(first.outTradeNo)).toEqual(['refund refunded']);
    expect(await orderStatus(first.order.id)).toBe(6);
    expect(await bought(first.learner)).toBe(false);

    // Sweeps and repeated notifications all at once.
    const second = await refundingOrder();
    await age(second.refund.id);
    answers.set(second.refund.outRefundNo, () => Promise.resolve({ state: 'refunded', refundFen: 5_000 }));
    const body = devChannel().refundNoticeOf({
      outTradeNo: second.outTradeNo,
      outRefundNo: second.refund.outRefundNo,
      refundFen: 5_000,
      totalFen: 5_000,
    });
    const [sweeps, notices] = await Promise.all([
      Promise.all([book().settleStuckRefunds(), book().settleStuckRefunds()]),
      Promise.all(Array.from({ length: 3 }, () => postNotice(body))),
    ]);
    expect(notices.every((r) => r.statusCode === 200 && r.body === 'success')).toBe(true);
    const outcomes = await refundOutcomes(second.outTradeNo);
    const bySweep = sweeps.reduce((s, n) => s + n, 0);
    expect(bySweep + outcomes.filter((o) => o === 'refund refunded').length).toBe(1);
    expect(outcomes.filter((o) => o === 'refund replayed')).toHaveLength(3 - (1 - bySweep));
    expect(await orderStatus(second.order.id)).toBe(6);
    expect((await refundOf(second.order.id))!.status).toBe(2);
    expect(await bought(second.learner)).toBe(false);
  });

  it('leaves the refund processing when the channel errs, has not refunded yet or names another amount', async () => {
    const { learner, order, refund } = await refundingOrder();
    await age(refund.id);
    answers.set(refund.outRefundNo, () => Promise.reject(new ChannelError('Alipay cannot be reached', 'gateway')));
    expect(await book().settleStuckRefunds()).toBe(0);
    expect(askedAbout(refund.outRefundNo)).toBe(1);
    answers.set(refund.outRefundNo, () => Promise.resolve({ state: 'processing' }));
    expect(await book().settleStuckRefunds()).toBe(0);
    answers.set(refund.outRefundNo, () => Promise.resolve({ state: 'refunded', refundFen: 1 }));
    expect(await book().settleStuckRefunds()).toBe(0);
    // Asked again by each sweep, changed by none.
    expect(askedAbout(refund.outRefundNo)).toBe(3);
    expect((await refundOf(order.id))!.status).toBe(1);
    expect(await orderStatus(order.id)).toBe(5);
    expect(await bought(learner)).toBe(true);
  });

  it('marks a refund the channel failed as failed, and the order paid again (which may be refunded anew)', async () => {
    const { learner, order, refund } = await refundingOrder();
    await age(refund.id);
    answers.set(refund.outRefundNo, () => Promise.resolve({ state: 'failed', reason: 'CLOSED' }));
    expect(await book().settleStuckRefunds()).toBe(1);
    const failed = (await refundOf(order.id))!;
    expect(failed.status).toBe(3);
    expect(failed.doneAt).not.toBeNull();
    expect(await orderStatus(order.id)).toBe(2);
    expect(await bought(learner)).toBe(true);
    expect(await book().settleStuckRefunds()).toBe(0);

    const again = await t.call(refundOrder, { id: order.id, reason: '再次退款' }, as(admin));
    expect(again.data).toEqual({ orderStatus: 5 });
  });

  it('asks at most its limit a sweep, taking turns, so that refunds still processing do not keep others waiting', async () => {
    for (const { refund } of [await refundingOrder(), await refundingOrder()]) await age(refund.id);
    const stuck = (
      await withTenant(a.eid, () =>
        db()
          .select({ no: schema.refunds.outRefundNo })
          .from(schema.refunds)
          .where(
            and(
              eq(schema.refunds.eid, a.eid),
              eq(schema.refunds.status, 1),
              sql`${schema.refunds.createdAt} <= now() - make_interval(mins => ${STUCK_REFUND_MINUTES})`,
            ),
          )
          .orderBy(schema.refunds.id),
      )
    ).map((r) => r.no);
    expect(stuck.length).toBeGreaterThanOrEqual(2);
    const from = asked.length;
    for (let i = 0; i <= stuck.length; i++) expect(await book().settleStuckRefunds(1)).toBe(0);
    // Each once in turn, then the first again.
    expect(asked.slice(from)).toEqual([...stuck, stuck[0]]);
  });
});
