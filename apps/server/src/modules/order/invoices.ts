import { and, eq, sql } from 'drizzle-orm';
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
import { newFileKey, type FileStorage, type UrlSigner } from '../../platform/storage.ts';
import { presentInvoice } from './order.presenter.ts';
import type { InvoiceRow, OrderRepository } from './order.repository.ts';

/** The job that issues a requested invoice. */
export const INVOICE_QUEUE = 'invoice-issue';

/** Whether an invoice may go from one status to another (account-area.md section 3, decision 057). */
export function invoiceMayGo(from: number, to: InvoiceStatusValue): boolean {
  return (INVOICE_TRANSITIONS[from as InvoiceStatusValue] ?? []).includes(to);
}

/** What an invoice provider answers for an issue request. */
export interface IssuedInvoice {
  invoiceNo: string;
  pdf: Buffer;
}

/**
 * Issues invoices (fapiao). The dev provider makes the PDF itself; a real e-invoice service
 * (Nuonuo) sits behind the same interface (issue 23, part 2).
 */
export interface InvoiceProvider {
  readonly name: string;
  issue(invoice: InvoiceRow, seller: { name: string }, goodsTitle: string): Promise<IssuedInvoice>;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The dev provider: a PDF invoice marked as a sample, numbered from the request. */
export class DevInvoiceProvider implements InvoiceProvider {
  readonly name = 'dev';

  async issue(invoice: InvoiceRow, seller: { name: string }, goodsTitle: string): Promise<IssuedInvoice> {
    const invoiceNo = `DEV${String(invoice.eid).padStart(4, '0')}${String(invoice.id).padStart(8, '0')}`;
    const { doc, finish } = await newChinesePdf({
      size: 'A5',
      layout: 'landscape',
      margin: 36,
      info: { Title: `电子发票 ${invoiceNo}`, Author: seller.name },
    });
    const kind = enumLabel('invoiceKind', invoice.kind, 'zh');
    doc.font('bold').fontSize(18).text(`${kind}（电子）`, { align: 'center' });
    doc.font('regular').fontSize(9).fillColor('#a8071a').text('演示发票 · 仅供测试，不作报销凭证', { align: 'center' });
    doc.fillColor('#000').moveDown();
    const line = (label: string, value: string) => doc.fontSize(11).text(`${label}：${value}`);
    line('发票号码', invoiceNo);
    line('开票日期', new Date().toISOString().slice(0, 10));
    line('购买方', invoice.titleType === 2 ? invoice.title : invoice.title || '个人');
    if (invoice.taxNo) line('统一社会信用代码', invoice.taxNo);
    if (invoice.kind === 2) {
      line('开户银行及账号', `${invoice.bankName} ${invoice.bankAccount}`);
      line('地址及电话', `${invoice.address} ${invoice.phone}`);
    }
    line('销售方', seller.name);
    line('项目名称', `*培训服务*${goodsTitle}`);
    line('价税合计（小写）', `¥${yuan(invoice.amountFen)}`);
    return { invoiceNo, pdf: await finish() };
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
    private readonly provider: InvoiceProvider,
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
      ORDER BY requested_at LIMIT ${limit}`);
    for (const { eid, id } of due.rows) await this.issue(eid, id);
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
          provider: this.provider.name,
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

  /** The job: issues a pending invoice once (a second run finds it no longer pending). */
  async issue(eid: number, invoiceId: number): Promise<void> {
    await withTenant(eid, async () => {
      const [invoice] = await this.repo.db
        .select()
        .from(schema.invoices)
        .where(and(eq(schema.invoices.eid, eid), eq(schema.invoices.id, invoiceId)));
      if (!invoice || invoice.status !== 2) return;
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
      let issued: IssuedInvoice;
      try {
        issued = await this.provider.issue(invoice, { name: enterprise?.name ?? '' }, order?.goodsTitle ?? '');
      } catch (err) {
        await this.repo.db
          .update(schema.invoices)
          .set({
            status: 1,
            failReason: err instanceof Error ? err.message.slice(0, 200) : 'failed',
            updatedAt: new Date(),
          })
          .where(and(eq(schema.invoices.eid, eid), eq(schema.invoices.id, invoiceId), eq(schema.invoices.status, 2)));
        return;
      }
      const key = newFileKey('private', eid, 'pdf');
      await this.storage.put(key, issued.pdf);
      const [done] = await this.repo.db
        .update(schema.invoices)
        .set({
          status: 3,
          invoiceNo: issued.invoiceNo,
          pdfKey: key,
          failReason: '',
          issuedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(schema.invoices.eid, eid), eq(schema.invoices.id, invoiceId), eq(schema.invoices.status, 2)))
        .returning({ id: schema.invoices.id });
      // Issued twice at once (a retried job): the second's file is not kept.
      if (!done) await this.storage.delete(key).catch(() => {});
    });
  }

  async downloadUrl(who: Learner, orderId: number) {
    const order = await this.repo.viewOrder(who, orderId);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    const [invoice] = await this.repo.invoicesOf(who.eid, [orderId]);
    if (!invoice || invoice.status !== 3 || !invoice.pdfKey) throw new AppError(ErrorCode.INVOICE_NOT_ISSUED);
    return { url: this.signer.url(invoice.pdfKey), fileName: `发票-${invoice.invoiceNo}.pdf` };
  }
}
