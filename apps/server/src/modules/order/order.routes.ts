import pino from 'pino';
import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { learnerOf } from '../../platform/learner.ts';
import { defineModule } from '../../platform/module.ts';
import { perAddressLimit } from '../../platform/rate-limit.ts';
import type { Platform } from '../../platform/platform.ts';
import { uploadServiceOf } from '../upload/index.ts';
import { ChannelRegistry } from './channels.ts';
import { parseCallback, NUONUO_CALLBACK_ANSWER } from '../../platform/providers/invoice/nuonuo.ts';
import { invoiceProviders } from './invoice-providers.ts';
import { INVOICE_QUEUE, InvoiceService } from './invoices.ts';
import { OrderAdmin } from './order-admin.ts';
import { orderExport } from './order-export.ts';
import { OrderRepository } from './order.repository.ts';
import { OrderService, type PayOrigin } from './order.service.ts';
import { PaymentBook } from './payment-book.ts';
import { realChannel } from './real-channels.ts';

/** How often unpaid orders past their time are closed. */
const TIMEOUT_SWEEP_SECONDS = 60;
/** How often invoices left pending are issued (a lost job, the demo's seeded request). */
const INVOICE_SWEEP_SECONDS = 30;
/** How often refunds still processing (their notification did not come) are asked of their channel. */
const REFUND_SWEEP_SECONDS = 60;

function buildOrderServices(p: Platform) {
  const repo = new OrderRepository(p.db);
  const channels = new ChannelRegistry({
    devProviders: p.config.DEV_PROVIDERS,
    signer: p.signer,
    vault: p.vault,
    real: realChannel,
    cashierUrl: (origin, no) => `${origin}/pay/dev?outTradeNo=${no}`,
  });
  const log = pino({ level: p.config.LOG_LEVEL, name: 'payments' });
  const book = new PaymentBook(repo, channels, log, p.systemDb);
  const invoices = new InvoiceService(
    repo,
    p.storage,
    p.signer,
    invoiceProviders({ repo, vault: p.vault, devProviders: p.config.DEV_PROVIDERS }),
    (eid, invoiceId) => p.jobs.send(INVOICE_QUEUE, { eid, invoiceId }),
    p.systemDb,
  );
  const admin = new OrderAdmin(repo, book, p.signer, p.vault, {
    devProviders: p.config.DEV_PROVIDERS,
    queueInvoice: (eid, invoiceId) => p.jobs.send(INVOICE_QUEUE, { eid, invoiceId }),
  });
  return { repo, channels, book, orders: new OrderService(repo, channels, book), invoices, admin };
}

/** The platform's one set of order services (the module's calls, the back office's and tests). */
export const orderServicesOf = (platform: Platform) => platform.shared(buildOrderServices);

const originOf = (req: { protocol: string; host: string; ip: string }): PayOrigin => ({
  origin: `${req.protocol}://${req.host}`,
  clientIp: req.ip,
});

/**
 * Orders, payment and invoices (issue 23, decision 057): the learner's order calls, the payment
 * channels' notifications (`/pay-notify/{method}/{eid}`, each channel's own format, so not
 * a contract call), the dev channel's cashier, invoices, and the jobs that close unpaid orders,
 * settle refunds whose notification did not come and issue invoices.
 */
export default defineModule({
  name: 'order',
  register(gateway, platform) {
    const { book, orders, invoices, admin } = orderServicesOf(platform);
    const uploads = uploadServiceOf(platform);
    const limited = { perMinute: platform.perMinute };
    const me = (ctx: { session: Parameters<typeof learnerOf>[0] }) => learnerOf(ctx.session);

    gateway.call(calls.findOrderConfig, (_q, ctx) => orders.config(ctx.eid, ctx.lang));
    gateway.call(calls.viewPayConfig, (_q, ctx) => orders.payConfig(ctx.eid, ctx.lang));
    gateway.call(calls.viewOrderGoods, (q, ctx) => orders.viewGoods(me(ctx), q.goodsType, q.goodsId, q.code));
    gateway.call(calls.createOrder, (q, ctx) => orders.create(me(ctx), q.goodsType, q.goodsId, q.code), limited);
    gateway.call(calls.findOrders, (q, ctx) => orders.page(me(ctx), q));
    gateway.call(calls.viewOrder, (q, ctx) => orders.view(me(ctx), q.id));
    gateway.call(calls.countOrders, (_q, ctx) => orders.count(me(ctx)));
    gateway.call(
      calls.payOrder,
      (q, ctx) => orders.pay(me(ctx), q.id, q.payMethod, q.isMobile, originOf(ctx.req)),
      limited,
    );
    gateway.call(calls.cancelOrder, (q, ctx) => orders.cancel(me(ctx), q.id));
    gateway.call(calls.viewTradeStatus, (q, ctx) => orders.tradeStatus(me(ctx), q.id));
    gateway.call(calls.viewPayLink, (q, ctx) => orders.payLink(me(ctx), q.isMobile === 'true', q.orderId));
    gateway.call(
      calls.submitTransferReceipt,
      async (q, ctx) => {
        const who = me(ctx);
        // The trade is checked before the file is stored: a wrong trade leaves no upload behind.
        await orders.tradeStatus(who, q.tradeId);
        const { key } = await uploads.accept((o) => ctx.req.file(o), 'receipt', who.eid, who.accountId);
        await uploads.claim(key, who.eid, who.accountId, who.accountId);
        return orders.submitReceipt(who, q.tradeId, key, q.note);
      },
      limited,
    );
    gateway.call(calls.viewDevCashier, (q, ctx) => orders.devCashier(me(ctx), q.outTradeNo));
    gateway.call(calls.payDevTrade, (q, ctx) => orders.devPay(me(ctx), q.outTradeNo), limited);
    gateway.call(calls.viewInvoice, (q, ctx) => invoices.view(me(ctx), q.orderId));
    gateway.call(calls.applyInvoice, (q, ctx) => invoices.apply(me(ctx), q), limited);
    gateway.call(calls.getInvoiceDownloadUrl, (q, ctx) => invoices.downloadUrl(me(ctx), q.orderId));

    // The back office (decision 057): orders, confirmations, refunds, invoices, payment settings.
    gateway.call(calls.findAdminOrders, (q, ctx) => admin.orders(ctx.eid, q));
    const ordersKind = platform.exports.define('crm-orders', orderExport(admin));
    // Personal data leaving the system: who exported which filter is in the audit log.
    gateway.call(calls.exportAdminOrders, (q, ctx) =>
      startAuditedExport(platform.db, ordersKind, ctx, q, 'order_export'),
    );
    gateway.call(calls.viewAdminOrder, (q, ctx) => admin.order(ctx.eid, q.id));
    gateway.call(calls.confirmTradePayment, (q, ctx) => admin.confirm(ctx, q.tradeId));
    gateway.call(calls.refundOrder, (q, ctx) => admin.refund(ctx, q.id, q.reason));
    gateway.call(calls.findAdminInvoices, (q, ctx) => admin.invoicesPage(ctx.eid, q));
    gateway.call(calls.changeInvoice, (q, ctx) => admin.changeInvoice(ctx, q.id, q.action));
    gateway.call(calls.getAdminInvoiceDownloadUrl, (q, ctx) => admin.invoiceDownload(ctx.eid, q.id));
    gateway.call(calls.findPayMethods, (_q, ctx) => admin.payMethods(ctx.eid));
    gateway.call(calls.savePayMethod, (q, ctx) => admin.savePayMethod(ctx, q));
    gateway.call(calls.saveOrderSettings, (q, ctx) => admin.saveSettings(ctx, q));
    gateway.call(calls.saveInvoiceProvider, (q, ctx) => admin.saveInvoiceProvider(ctx, q));

    // Channels' notifications: the raw body as it came (a signature covers its exact bytes).
    void gateway.app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      const notices = perAddressLimit(platform.config.RATE_LIMIT_PER_MINUTE);
      scope.post(calls.PAY_NOTIFY_PATH, notices, async (req, reply) => {
        const params = req.params as { method: string; eid: string };
        const method = Number(params.method);
        const eid = Number(params.eid);
        if (!Number.isInteger(method) || !Number.isInteger(eid) || eid <= 0 || eid > 2 ** 31 - 1) {
          return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        }
        const answer = await book.receiveNotice(eid, method, {
          headers: Object.fromEntries(
            Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : v]),
          ),
          body: typeof req.body === 'string' ? req.body : '',
          query: req.query as Record<string, string | undefined>,
        });
        return reply
          .status(answer.status)
          .type(answer.contentType)
          .header('cache-control', 'no-store')
          .send(answer.body);
      });
      // Nuonuo's push of an invoice's result (the address set in Nuonuo's workbench): unsigned,
      // so only the serial number is read and the invoice asked about again (decision 058).
      scope.post(calls.INVOICE_NOTIFY_PATH, notices, async (req, reply) => {
        const eid = Number((req.params as { eid: string }).eid);
        if (!Number.isInteger(eid) || eid <= 0 || eid > 2 ** 31 - 1) {
          return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        }
        let serialNo = '';
        try {
          serialNo = parseCallback(typeof req.body === 'string' ? req.body : '').serialNo;
        } catch {
          return reply.status(400).type('text/plain; charset=utf-8').send('Bad request');
        }
        await invoices.receivePush(eid, serialNo);
        return reply.header('cache-control', 'no-store').send(NUONUO_CALLBACK_ANSWER);
      });
    });

    platform.jobs.schedule('order-timeouts', TIMEOUT_SWEEP_SECONDS, async () => {
      await book.closeExpired();
    });
    platform.jobs.schedule('refund-sweep', REFUND_SWEEP_SECONDS, async () => {
      await book.settleStuckRefunds();
    });
    platform.jobs.schedule('invoice-sweep', INVOICE_SWEEP_SECONDS, async () => {
      await invoices.issuePending();
    });
    platform.jobs.work<{ eid: number; invoiceId: number }>(
      INVOICE_QUEUE,
      (job) => invoices.issue(job.eid, job.invoiceId),
      {
        retryLimit: 5,
        retryDelaySeconds: 30,
      },
    );
  },
});
