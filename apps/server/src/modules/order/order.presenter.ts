import type { InvoiceInfo, OrderItem, PayMethodValue } from '@portal/contract';
import type { InvoiceRow, OrderRow, OrderSettingsRow, TradeRow } from './order.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order as its lists show it: the invoice's status 1 (not invoiced) when none was asked for. */
export function presentOrder(o: OrderRow, trades: TradeRow[], invoice: InvoiceRow | undefined): OrderItem {
  return {
    id: o.id,
    orderNo: o.orderNo,
    goodsType: o.goodsType as 1 | 2 | 3,
    goodsId: o.goodsId,
    goodsTitle: o.goodsTitle,
    goodsCover: o.goodsCover,
    amountFen: o.amountFen,
    amount: o.amountFen / 100,
    status: o.status as OrderItem['status'],
    payMethod: (o.payMethod ?? null) as PayMethodValue | null,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    paidAt: iso(o.paidAt),
    confirming: o.status === 1 && trades.some((t) => t.status === 4),
    invoiceStatus: (invoice?.status ?? 1) as OrderItem['invoiceStatus'],
  };
}

export function presentTrade(t: TradeRow) {
  return {
    id: t.id,
    outTradeNo: t.outTradeNo,
    method: t.method as PayMethodValue,
    amount: t.amountFen / 100,
    status: t.status as 1 | 2 | 3 | 4,
    createdAt: t.createdAt.toISOString(),
    paidAt: iso(t.paidAt),
    hasReceipt: t.receiptKey !== '',
  };
}

export function presentInvoice(i: InvoiceRow): InvoiceInfo {
  return {
    id: i.id,
    orderId: i.orderId,
    titleType: i.titleType as 1 | 2 | 3,
    title: i.title,
    taxNo: i.taxNo,
    kind: i.kind as 1 | 2,
    mode: i.mode as 1 | 2,
    bankName: i.bankName,
    bankAccount: i.bankAccount,
    address: i.address,
    phone: i.phone,
    email: i.email,
    amount: i.amountFen / 100,
    status: i.status as InvoiceInfo['status'],
    invoiceNo: i.invoiceNo,
    failReason: i.failReason,
    requestedAt: i.requestedAt.toISOString(),
    issuedAt: iso(i.issuedAt),
    downloadable: i.status === 3 && i.pdfKey !== '',
  };
}

export function presentBankAccount(s: OrderSettingsRow) {
  return { accountName: s.bankAccountName, bankName: s.bankName, accountNo: s.bankAccountNo, note: s.bankNote };
}
