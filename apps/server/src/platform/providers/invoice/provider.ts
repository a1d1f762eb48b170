/**
 * Invoice (fapiao) providers that issue asynchronously (DESIGN.md section 5, decision 057). A real
 * e-invoice service such as Nuonuo (`nuonuo.ts`) accepts a request, answers a serial number at once
 * and issues the invoice a few seconds to minutes later: `issue` sends the request and `poll` asks
 * again until the invoice is issued (with its PDF) or has failed. The synchronous `InvoiceProvider`
 * of the order module (the dev provider) stays as it is; the job that issues invoices decides which
 * one an enterprise uses.
 */

/** One invoice to request, as the provider needs it (amounts in fen). */
export interface InvoiceIssueInput {
  /** Our number for the request, unique per seller: a retry with the same number is safe. */
  orderNo: string;
  /** 1 a person, 2 a unit (it has a tax number). */
  titleType: 1 | 2;
  /** The buyer's name as printed ('个人' when a person gave none). */
  title: string;
  /** The unit's unified social credit code (empty for a person). */
  taxNo: string;
  /** 1 an ordinary electronic invoice, 2 a special (VAT) electronic invoice. */
  kind: 1 | 2;
  bankName: string;
  bankAccount: string;
  address: string;
  phone: string;
  /** Where the service sends the invoice (empty: not sent). */
  email: string;
  /** The amount with tax, in fen. */
  amountFen: number;
  /** What was bought (the course's title); the provider adds the category. */
  goodsTitle: string;
  sellerName: string;
}

/** Where an invoice request stands. */
export type InvoiceProgress =
  | { state: 'issued'; invoiceNo: string; pdf: Buffer }
  | { state: 'issuing'; serialNo: string }
  | { state: 'failed'; reason: string };

/** A provider whose invoices are issued after the request: request once, then poll by serial number. */
export interface AsyncInvoiceProvider {
  readonly name: string;
  issue(input: InvoiceIssueInput): Promise<InvoiceProgress>;
  poll(serialNo: string): Promise<InvoiceProgress>;
}
