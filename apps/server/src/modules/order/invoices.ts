import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  enumLabel,
  ErrorCode,
  INVOICE_TRANSITIONS,
  isCreditCode,
  isEmail,
  type InvoiceRequest,
  type InvoiceStatusValue,
} from '@portal/contract';
import { schema, withTenant, type Db } from '@portal/db';
import { newChinesePdf } from '../certificate/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Learner } from '../../platform/learner.ts';
import type {
  AsyncInvoiceProvider,
  InvoiceIssueInput,
  InvoiceProgress,
} from '../../platform/providers/invoice/provider.ts';
import { newFileKey, type FileStorage, type UrlSigner } from '../../platform/storage.ts';
import { presentInvoice } from './order.presenter.ts';
import type { InvoiceRow, OrderRepository } from './order.repository.ts';

/** The job that issues a requested invoice. */
export const INVOICE_QUEUE = 'invoice-issue';

/** Whether an invoice may go from one status to another (account-area.md section 3, decision 057). */
export function invoiceMayGo(from: number, to: InvoiceStatusValue): boolean {
  return (INVOICE_TRANSITIONS[from as InvoiceStatusValue] ?? []).includes(to);
}

/**
 * Who issues an enterprise's invoices (decision 058), or null when none may (the dev provider
 * where DEV_PROVIDERS is off and no e-invoice account is set).
 */
export type InvoiceProviders = (eid: number) => Promise<AsyncInvoiceProvider | null>;

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The dev provider: a PDF invoice marked as a sample, numbered from the order, issued at once. It
 * answers through the same interface as a real e-invoice service (Nuonuo), which issues later.
 */
export class DevInvoiceProvider implements AsyncInvoiceProvider {
  readonly name = 'dev';

  async issue(input: InvoiceIssueInput): Promise<InvoiceProgress> {
    const invoiceNo = `DEV${input.orderNo}`;
    const { doc, finish } = await newChinesePdf({
      size: 'A5',
      layout: 'landscape',
      margin: 36,
      info: { Title: `电子发票 ${invoiceNo}`, Author: input.sellerName },
    });
    const kind = enumLabel('invoiceKind', input.kind, 'zh');
    doc.font('bold').fontSize(18).text(`${kind}（电子）`, { align: 'center' });
    doc.font('regular').fontSize(9).fillColor('#a8071a').text('演示发票 · 仅供测试，不作报销凭证', { align: 'center' });
    doc.fillColor('#000').moveDown();
    const line = (label: string, value: string) => doc.fontSize(11).text(`${label}：${value}`);
    line('发票号码', invoiceNo);
    line('开票日期', new Date().toISOString().slice(0, 10));
    line('购买方', input.title || '个人');
    if (input.taxNo) line('统一社会信用代码', input.taxNo);
    if (input.kind === 2) {
      line('开户银行及账号', `${input.bankName} ${input.bankAccount}`);
      line('地址及电话', `${input.address} ${input.phone}`);
    }
    line('销售方', input.sellerName);
    line('项目名称', `*培训服务*${input.goodsTitle}`);
    line('价税合计（小写）', `¥${yuan(input.amountFen)}`);
    return { state: 'issued', invoiceNo, pdf: await finish() };
  }

  async poll(serialNo: string): Promise<InvoiceProgress> {
    return { state: 'failed', reason: `dev: no request ${serialNo} is being issued` };
  }
}

/**
 * Invoices of the learner's paid orders (decision 057): the request is checked (a unit's credit
 * code by the shared validator, a special invoice's bank and address), stored pending (2), and a
 * job issues it through the provider: invoiced (3) with its PDF, or back to not invoiced (1) with
 * the provider's reason. Status changes are conditional on the status they leave.
 */
export class InvoiceService {
  constructor(
    private readonly repo: OrderRepository,
    private readonly storage: FileStorage,
    private readonly signer: UrlSigner,
    private readonly providers: InvoiceProviders,
    private readonly queue: (eid: number, invoiceId: number) => Promise<unknown>,
    /** The tables' owner: the sweep finds pending invoices of every enterprise. */
    private readonly systemDb: Db,
  ) {}

  /**
   * Issues invoices still pending a while after their request (a job lost with a crash, a queue
   * that was down, the demo's seeded request): the sweep's work, each in its enterprise's scope.
   */
  async issuePending(olderThanSeconds = 20, limit = 20): Promise<number> {
    const due = await this.systemDb.execute<{ eid: number; id: number }>(sql`
      SELECT eid, id FROM invoices
      WHERE status = 2 AND requested_at <= now() - make_interval(secs => ${olderThanSeconds})
        AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY requested_at LIMIT ${limit}`);
    // One invoice's trouble (a provider throwing) never keeps the others waiting.
    for (const { eid, id } of due.rows) await this.issue(eid, id).catch(() => undefined);
    return due.rows.length;
  }

  async view(who: Learner, orderId: number) {
    const order = await this.repo.viewOrder(who, orderId);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    const [[invoice], last] = await Promise.all([
      this.repo.invoicesOf(who.eid, [orderId]),
      this.repo.lastInvoiceTitle(who),
    ]);
    return {
      invoice: invoice ? presentInvoice(invoice) : null,
      lastTitle: last
        ? { titleType: last.titleType as 1 | 2 | 3, title: last.title, taxNo: last.taxNo, email: last.email }
        : null,
    };
  }

  async apply(who: Learner, r: InvoiceRequest) {
    const settings = await this.repo.settings(who.eid);
    if (!settings.invoiceOpen) throw new AppError(ErrorCode.INVOICE_NOT_OPEN);
    if (r.titleType === 3) throw new AppError(ErrorCode.INVOICE_NONE_TITLE);
    if (r.titleType === 2 && !r.title) throw new AppError(ErrorCode.INVOICE_TITLE_REQUIRED);
    if (r.titleType === 2 && !isCreditCode(r.taxNo)) throw new AppError(ErrorCode.INVOICE_TAX_NO_INVALID);
    if (r.kind === 2 && !settings.specialInvoiceOpen) throw new AppError(ErrorCode.INVOICE_SPECIAL_OFF);
    if (r.kind === 2 && (r.titleType !== 2 || !r.bankName || !r.bankAccount || !r.address || !r.phone)) {
      throw new AppError(ErrorCode.INVOICE_SPECIAL_NEEDS_BANK);
    }
    if (r.email && !isEmail(r.email)) throw new AppError(ErrorCode.INVOICE_EMAIL_INVALID);
    const invoice = await this.repo.db.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, who.eid, r.orderId);
      if (!order || order.accountId !== who.accountId) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      // Pre-invoicing sites invoice an unpaid order too; otherwise it must be paid.
      const payable = order.status === 2 || (settings.invoiceMode === 2 && order.status === 1);
      if (!payable) throw new AppError(ErrorCode.INVOICE_ORDER_NOT_PAID);
      const [row] = await tx
        .insert(schema.invoices)
        .values({
          eid: who.eid,
          orderId: order.id,
          accountId: who.accountId,
          titleType: r.titleType,
          title: r.titleType === 1 ? r.title || '个人' : r.title,
          taxNo: r.titleType === 2 ? r.taxNo.toUpperCase() : '',
          kind: r.kind,
          mode: settings.invoiceMode,
          bankName: r.bankName,
          bankAccount: r.bankAccount,
          address: r.address,
          phone: r.phone,
          email: r.email,
          amountFen: order.amountFen,
          status: 2,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(ErrorCode.INVOICE_EXISTS);
      return row;
    });
    // A queue that cannot take it now leaves the request pending: the sweep issues it.
    await this.queue(who.eid, invoice.id).catch(() => undefined);
    return presentInvoice(invoice);
  }

  /**
   * The job and the sweep: moves a pending invoice on, one run at a time per invoice (a run claims
   * it for two minutes: a job and the sweep at once, or a crash in the middle, never send two
   * requests). A new request goes to the enterprise's provider under the order's number, the same
   * number again when the last request's answer was lost (the service finds its request), a new
   * one only after a failure (the service keeps the failed request under the old number). One the
   * provider is still issuing is asked about by its serial number. Issued: the PDF stored and the
   * invoice 3; failed: back to 1 with the provider's reason. A provider that cannot be reached now
   * leaves it pending for the next sweep.
   */
  async issue(eid: number, invoiceId: number): Promise<void> {
    await withTenant(eid, async () => {
      const pending = and(
        eq(schema.invoices.eid, eid),
        eq(schema.invoices.id, invoiceId),
        eq(schema.invoices.status, 2),
      );
      const [invoice] = await this.repo.db
        .update(schema.invoices)
        .set({ claimedUntil: sql`now() + interval '2 minutes'` })
        .where(and(pending, or(isNull(schema.invoices.claimedUntil), lt(schema.invoices.claimedUntil, sql`now()`))))
        .returning();
      if (!invoice) return;
      try {
        await this.moveOn(eid, invoice, pending);
      } finally {
        await this.repo.db
          .update(schema.invoices)
          .set({ claimedUntil: null })
          .where(and(eq(schema.invoices.eid, eid), eq(schema.invoices.id, invoiceId)));
      }
    });
  }

  private async moveOn(eid: number, invoice: InvoiceRow, pending: SQL | undefined): Promise<void> {
    const fail = (reason: string) =>
      this.repo.db
        .update(schema.invoices)
        .set({
          status: 1,
          failReason: reason.slice(0, 200),
          providerSerial: '',
          attempts: sql`${schema.invoices.attempts} + 1`,
          updatedAt: new Date(),
        })
        .where(pending);
    const provider = await this.providers(eid);
    if (!provider) {
      await fail('本站未配置电子发票服务');
      return;
    }
    let progress: InvoiceProgress;
    try {
      if (invoice.providerSerial) {
        progress = await provider.poll(invoice.providerSerial);
      } else {
        const [[order], [enterprise]] = await Promise.all([
          this.repo.db
            .select()
            .from(schema.orders)
            .where(and(eq(schema.orders.eid, eid), eq(schema.orders.id, invoice.orderId))),
          this.repo.db
            .select({ name: schema.enterprises.name })
            .from(schema.enterprises)
            .where(eq(schema.enterprises.eid, eid)),
        ]);
        if (!order) return;
        if (invoice.provider !== provider.name) {
          await this.repo.db.update(schema.invoices).set({ provider: provider.name }).where(pending);
        }
        progress = await provider.issue({
          orderNo: invoice.attempts > 0 ? `${order.orderNo}${invoice.attempts + 1}` : order.orderNo,
          titleType: invoice.titleType === 2 ? 2 : 1,
          title: invoice.title,
          taxNo: invoice.taxNo,
          kind: invoice.kind === 2 ? 2 : 1,
          bankName: invoice.bankName,
          bankAccount: invoice.bankAccount,
          address: invoice.address,
          phone: invoice.phone,
          email: invoice.email,
          amountFen: invoice.amountFen,
          goodsTitle: order.goodsTitle,
          sellerName: enterprise?.name ?? '',
        });
      }
    } catch (err) {
      // Not reached (network, the service's own error, a PDF not ready): still pending, asked
      // again by the sweep under the same number. Refused (bad input, a rejected account or
      // secret): failed, with the reason the back office shows.
      const code = String((err as { code?: unknown }).code ?? '');
      if (['network', 'http', 'malformed', 'pdf'].includes(code)) return;
      await fail(err instanceof Error ? err.message : 'failed');
      return;
    }
    if (progress.state === 'issuing') {
      await this.repo.db
        .update(schema.invoices)
        .set({ providerSerial: progress.serialNo, updatedAt: new Date() })
        .where(pending);
      return;
    }
    if (progress.state === 'failed') {
      await fail(progress.reason);
      return;
    }
    const key = newFileKey('private', eid, 'pdf');
    await this.storage.put(key, progress.pdf);
    const [done] = await this.repo.db
      .update(schema.invoices)
      .set({
        status: 3,
        invoiceNo: progress.invoiceNo,
        pdfKey: key,
        failReason: '',
        issuedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(pending)
      .returning({ id: schema.invoices.id });
    // No longer pending (changed in the back office meanwhile): the file is not kept.
    if (!done) await this.storage.delete(key).catch(() => {});
  }

  /**
   * A provider's push of an invoice's result (Nuonuo's callback): only a hint. The invoice it names
   * by serial number is asked about again (`issue` polls it), so a forged push changes nothing.
   */
  async receivePush(eid: number, serialNo: string): Promise<boolean> {
    const found = await withTenant(eid, async () =>
      this.repo.db
        .select({ id: schema.invoices.id })
        .from(schema.invoices)
        .where(
          and(
            eq(schema.invoices.eid, eid),
            eq(schema.invoices.providerSerial, serialNo),
            eq(schema.invoices.status, 2),
          ),
        ),
    );
    for (const { id } of found) await this.issue(eid, id);
    return found.length > 0;
  }

  async downloadUrl(who: Learner, orderId: number) {
    const order = await this.repo.viewOrder(who, orderId);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    const [invoice] = await this.repo.invoicesOf(who.eid, [orderId]);
    if (!invoice || invoice.status !== 3 || !invoice.pdfKey) throw new AppError(ErrorCode.INVOICE_NOT_ISSUED);
    return { url: this.signer.url(invoice.pdfKey), fileName: `发票-${invoice.invoiceNo}.pdf` };
  }
}
