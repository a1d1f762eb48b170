import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

/**
 * Orders, payment and invoices (account-area.md sections 3 and 7, platform.md section 7; decision
 * 057). The spec names the calls and leaves their payloads to us. Amounts travel in fen (integers)
 * beside a yuan figure for display; prices are always the server's.
 */

/** Goods: 1 an online course, 2 a study project, 3 a batch package. */
export const GoodsType = { COURSE: 1, PROJECT: 2, BATCH_PACKAGE: 3 } as const;
export const goodsType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/**
 * A batch package is sold only to who gives its number (decision 058): the number is the secret
 * its people share, never found from the package's id.
 */
const goodsCode = z.string().trim().max(20).optional();

/** Order status: 1 待支付, 2 已支付, 3 已取消, 4 已关闭 (timed out), 5 退款中, 6 已退款. */
export const OrderStatus = { UNPAID: 1, PAID: 2, CANCELLED: 3, CLOSED: 4, REFUNDING: 5, REFUNDED: 6 } as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];
export const orderStatus = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
]);

/** The only changes an order's status makes (each a conditional update on the server). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusValue, readonly OrderStatusValue[]>> = {
  1: [2, 3, 4],
  2: [5],
  3: [],
  4: [],
  5: [2, 6],
  6: [],
};

/** Payment methods (account-area.md section 3). */
export const payMethod = z.union([
  z.literal(9),
  z.literal(10),
  z.literal(11),
  z.literal(12),
  z.literal(13),
  z.literal(14),
]);
export type PayMethodValue = z.infer<typeof payMethod>;

/** A trade's status: 1 waiting, 2 paid, 3 closed, 4 waiting for the site to confirm (transfer, manual). */
export const TradeStatus = { WAITING: 1, PAID: 2, CLOSED: 3, CONFIRMING: 4 } as const;
export const tradeStatus = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** Invoice status (account-area.md section 3). */
export const InvoiceStatus = {
  NONE: 1,
  PENDING: 2,
  ISSUED: 3,
  PENDING_RED: 4,
  RED_REVERSED: 5,
  VOIDED: 6,
} as const;
export type InvoiceStatusValue = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];
export const invoiceStatus = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
]);

/**
 * The allowed invoice transitions: requested (2) is issued (3) or, when the provider refuses,
 * back to not invoiced (1); an issued one is red-reversed (4 → 5) or voided (6).
 */
export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatusValue, readonly InvoiceStatusValue[]>> = {
  1: [2],
  2: [3, 1],
  3: [4, 6],
  4: [5, 3],
  5: [],
  6: [],
};

const isoTime = z.string();
const yuan = z.number();

export const payMethodOption = z.object({
  method: payMethod,
  /** The method's name in the caller's language. */
  name: z.string(),
});

export const bankAccount = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  note: z.string(),
});

export const orderConfig = z.object({
  payMethods: z.array(payMethodOption),
  invoiceOpen: z.boolean(),
  specialInvoiceOpen: z.boolean(),
  /** 1 invoice after payment, 2 pre-invoice. */
  invoiceMode: z.union([z.literal(1), z.literal(2)]),
  closeAfterMinutes: z.number().int(),
  /** Where a bank transfer goes, when the site takes transfers. */
  bankAccount: bankAccount.nullable(),
});

export const findOrderConfig = defineCall({
  name: 'findOrderConfig',
  method: 'GET',
  path: '/user/auth/user/trade/order/config',
  summary: "The site's payment methods and invoice settings, for the checkout and the order pages",
  tags: ['order'],
  request: z.object({}),
  response: orderConfig,
});

export const viewPayConfig = defineCall({
  name: 'viewPayConfig',
  method: 'GET',
  path: '/user/auth/enterprise/pay/config/view',
  summary: 'Which payment methods the enterprise has on (never a merchant secret)',
  tags: ['order'],
  request: z.object({}),
  response: z.object({ payMethods: z.array(payMethodOption), payOpen: z.boolean() }),
});

export const goodsInfo = z.object({
  goodsType,
  goodsId: z.number().int(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  amountFen: z.number().int(),
  amount: yuan,
  /** The learner already owns it (bought, or free). */
  owned: z.boolean(),
  /** The learner's open (unpaid) order of it, if any. */
  openOrderId: z.number().int().nullable(),
  /** Where the goods are studied once bought. */
  studyPath: z.string(),
});

export const viewOrderGoods = defineCall({
  name: 'viewOrderGoods',
  method: 'GET',
  path: '/user/auth/user/trade/order/view/goodsInfo',
  summary: 'What a checkout sells: the goods, its price from the server, whether the learner owns it',
  tags: ['order'],
  request: z.object({ goodsType: z.coerce.number().pipe(goodsType), goodsId: id, code: goodsCode }),
  response: goodsInfo,
});

export const invoiceInfo = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  titleType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  taxNo: z.string(),
  kind: z.union([z.literal(1), z.literal(2)]),
  mode: z.union([z.literal(1), z.literal(2)]),
  bankName: z.string(),
  bankAccount: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  amount: yuan,
  status: invoiceStatus,
  invoiceNo: z.string(),
  failReason: z.string(),
  requestedAt: isoTime,
  issuedAt: isoTime.nullable(),
  /** The PDF can be downloaded (issued). */
  downloadable: z.boolean(),
});
export type InvoiceInfo = z.infer<typeof invoiceInfo>;

export const orderItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  goodsType,
  goodsId: z.number().int(),
  goodsTitle: z.string(),
  goodsCover: z.string(),
  amountFen: z.number().int(),
  amount: yuan,
  status: orderStatus,
  payMethod: payMethod.nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  paidAt: isoTime.nullable(),
  /** A bank transfer or manual payment waits for the site to confirm it. */
  confirming: z.boolean(),
  invoiceStatus: invoiceStatus,
});
export type OrderItem = z.infer<typeof orderItem>;

export const findOrders = defineCall({
  name: 'findOrders',
  method: 'POST',
  path: '/user/auth/user/trade/order/page',
  summary: 'My orders, newest first, by status (none: all)',
  tags: ['order'],
  request: z.object({ ...paging(10, 50), status: orderStatus.optional() }),
  response: pageResponse(orderItem),
});

export const tradeItem = z.object({
  id: z.number().int(),
  outTradeNo: z.string(),
  method: payMethod,
  amount: yuan,
  status: tradeStatus,
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
  /** A bank transfer's receipt was uploaded. */
  hasReceipt: z.boolean(),
});

export const viewOrder = defineCall({
  name: 'viewOrder',
  method: 'GET',
  path: '/user/auth/user/trade/order/view',
  summary: 'One of my orders with its payment attempts and invoice',
  tags: ['order'],
  request: z.object({ id }),
  response: orderItem.extend({
    trades: z.array(tradeItem),
    invoice: invoiceInfo.nullable(),
    /** Seconds until an unpaid order closes (0 otherwise), by the server's clock. */
    secondsLeft: z.number().int(),
    studyPath: z.string(),
  }),
});

export const countOrders = defineCall({
  name: 'countOrders',
  method: 'GET',
  path: '/user/auth/user/trade/order/count',
  summary: 'My unpaid orders (the header highlights 我的订单 while there are any)',
  tags: ['order'],
  request: z.object({}),
  response: z.object({
    /** 待支付: unpaid and still open. */
    prePayOrderNum: z.number().int(),
    /** Paid by transfer or manually, waiting for the site to confirm. */
    waitPayOrderNum: z.number().int(),
  }),
});

export const createOrder = defineCall({
  name: 'createOrder',
  method: 'POST',
  path: '/user/auth/user/trade/order/unified',
  summary: 'Order goods at the server’s price; an open order of the same goods is answered again',
  tags: ['order'],
  request: z.object({ goodsType, goodsId: id, code: goodsCode }),
  response: z.object({ id: z.number().int(), orderNo: z.string(), amountFen: z.number().int(), created: z.boolean() }),
});

export const payStart = z.object({
  tradeId: z.number().int(),
  outTradeNo: z.string(),
  method: payMethod,
  /** qr: show codeUrl as a QR code; redirect: go to url; form: post html; offline: transfer or wait for the site. */
  kind: z.union([z.literal('qr'), z.literal('redirect'), z.literal('form'), z.literal('offline')]),
  codeUrl: z.string().optional(),
  url: z.string().optional(),
  html: z.string().optional(),
  bankAccount: bankAccount.nullable(),
});
export type PayStartInfo = z.infer<typeof payStart>;

export const payOrder = defineCall({
  name: 'payOrder',
  method: 'POST',
  path: '/user/auth/user/trade/order/continue/pay',
  summary: 'Pay (or go on paying) an unpaid order by a method the site has on: starts a trade',
  tags: ['order'],
  request: z.object({ id, payMethod, isMobile: z.boolean().default(false) }),
  response: payStart,
});

export const cancelOrder = defineCall({
  name: 'cancelOrder',
  method: 'PUT',
  path: '/user/auth/user/trade/order/cancel',
  summary: 'Cancel one of my unpaid orders',
  tags: ['order'],
  request: z.object({ id }),
  response: z.null(),
});

export const viewTradeStatus = defineCall({
  name: 'viewTradeStatus',
  method: 'GET',
  path: '/user/auth/user/trade/record/status/view',
  summary: 'A payment attempt’s state, polled while the learner pays',
  tags: ['order'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int(), status: tradeStatus, orderId: z.number().int(), orderStatus }),
});

export const viewPayLink = defineCall({
  name: 'viewPayLink',
  method: 'GET',
  path: '/user/auth/user/info/pay-link',
  summary: 'The payment page’s address for an order (the phone page when isMobile)',
  tags: ['order'],
  request: z.object({ isMobile: z.enum(['true', 'false']).default('false'), orderId: id.optional() }),
  response: z.object({ url: z.string() }),
});

export const viewInvoice = defineCall({
  name: 'viewInvoice',
  method: 'GET',
  path: '/user/auth/invoice/info/view',
  summary: "An order's invoice, and the title last used (to fill the request form)",
  tags: ['order'],
  request: z.object({ orderId: id }),
  response: z.object({
    invoice: invoiceInfo.nullable(),
    lastTitle: z
      .object({
        titleType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        title: z.string(),
        taxNo: z.string(),
        email: z.string(),
      })
      .nullable(),
  }),
});

export const submitTransferReceipt = defineCall({
  name: 'submitTransferReceipt',
  method: 'POST',
  path: '/user/auth/user/trade/record/receipt',
  summary:
    'Upload the receipt of a bank transfer for a trade (multipart/form-data, part file: JPG, PNG or PDF, at most 5 MB); the site then confirms it',
  tags: ['order'],
  request: z.object({ tradeId: id, note: z.string().max(200).default('') }),
  requestIn: 'query',
  response: z.null(),
});

/** Fields of an invoice request (the shared validator checks a unit's credit code). */
export const invoiceRequest = z.object({
  orderId: id,
  titleType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string().trim().max(100).default(''),
  taxNo: z.string().trim().max(20).default(''),
  kind: z.union([z.literal(1), z.literal(2)]).default(1),
  bankName: z.string().trim().max(100).default(''),
  bankAccount: z.string().trim().max(40).default(''),
  address: z.string().trim().max(200).default(''),
  phone: z.string().trim().max(30).default(''),
  email: z.string().trim().max(100).default(''),
});
export type InvoiceRequest = z.infer<typeof invoiceRequest>;

export const applyInvoice = defineCall({
  name: 'applyInvoice',
  method: 'POST',
  path: '/user/auth/invoice/info/apply',
  summary: 'Ask for the invoice of a paid order (or a pre-invoice, where the site issues them)',
  tags: ['order'],
  request: invoiceRequest,
  response: invoiceInfo,
});

export const getInvoiceDownloadUrl = defineCall({
  name: 'getInvoiceDownloadUrl',
  method: 'GET',
  path: '/user/auth/invoice/info/download/url',
  summary: "A short-lived link to an issued invoice's PDF",
  tags: ['order'],
  request: z.object({ orderId: id }),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

export const viewDevCashier = defineCall({
  name: 'viewDevCashier',
  method: 'GET',
  path: '/user/auth/user/trade/dev/cashier',
  summary: "The dev channel's cashier (demo sites): the trade it would charge",
  tags: ['order'],
  request: z.object({ outTradeNo: z.string().regex(/^[A-Za-z0-9]{8,40}$/) }),
  response: z.object({
    tradeId: z.number().int(),
    orderId: z.number().int(),
    method: payMethod,
    amount: yuan,
    goodsTitle: z.string(),
    status: tradeStatus,
  }),
});

export const payDevTrade = defineCall({
  name: 'payDevTrade',
  method: 'POST',
  path: '/user/auth/user/trade/dev/pay',
  summary: "The dev channel's cashier pays a trade: a signed notification goes the real notifications' way",
  tags: ['order'],
  request: z.object({ outTradeNo: z.string().regex(/^[A-Za-z0-9]{8,40}$/) }),
  response: z.object({ status: tradeStatus, orderStatus }),
});

/**
 * Where channels post notifications (not a contract call: each channel's own format and answer;
 * outside /gateway, whose CSRF rule asks for a header no channel sends).
 */
export const PAY_NOTIFY_PATH = '/pay-notify/:method/:eid';
/** Where Nuonuo pushes an invoice's result for an enterprise (decision 058): a hint, confirmed by a query. */
export const INVOICE_NOTIFY_PATH = '/invoice-notify/nuonuo/:eid';
export const payNotifyPath = (method: number, eid: number) => `/pay-notify/${method}/${eid}`;
