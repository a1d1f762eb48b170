import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';
import { invoiceInfo, orderItem, orderStatus, payMethod, tradeItem } from './order.ts';

/**
 * The back office's orders, payments and invoices (issue 23 item 6, decision 057): the orders list
 * and an order's payments, confirming a transfer or manual payment with its receipt beside it,
 * refunds, invoice requests, and the enterprise's payment methods and order settings. Merchant
 * secrets are write-only: no call answers them.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const adminOrderItem = orderItem.extend({
  accountId: z.number().int(),
  learnerName: z.string(),
  phone: z.string(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItem>;

/** The orders list's filter: what the list shows and its export takes. */
export const adminOrderFilter = z.object({
  status: z.coerce.number().pipe(orderStatus).optional(),
  payMethod: z.coerce.number().pipe(payMethod).optional(),
  keyword: z.string().trim().max(50).default(''),
  /** '1': only unpaid orders whose transfer or manual payment waits for confirmation. */
  confirming: z.enum(['0', '1']).default('0'),
  /** Days of China time the orders were made in, both included. */
  from: day.optional(),
  to: day.optional(),
});
export type AdminOrderFilter = z.infer<typeof adminOrderFilter>;

export const findAdminOrders = defineCall({
  name: 'findAdminOrders',
  method: 'GET',
  path: '/user/auth/admin/trade/order/page',
  summary:
    "The enterprise's orders, newest first: by status, method, days, a keyword (order number, learner, goods) or waiting for confirmation",
  tags: ['order-admin'],
  request: z.object({ ...paging(20, 100), ...adminOrderFilter.shape }),
  response: pageResponse(adminOrderItem),
});

export const exportAdminOrders = defineCall({
  name: 'exportAdminOrders',
  method: 'POST',
  path: '/user/auth/admin/trade/order/export',
  summary:
    "Exports the orders of the list's filter (goods, learner, amount, method, status, times, trade number, refund, invoice) as XLSX in a background job: answers the administrator's export record",
  tags: ['order-admin'],
  request: adminOrderFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

export const adminTradeItem = tradeItem.extend({
  note: z.string(),
  /** A short-lived link to the transfer receipt, or ''. */
  receiptUrl: z.string(),
  confirmedBy: z.string(),
});

export const viewAdminOrder = defineCall({
  name: 'viewAdminOrder',
  method: 'GET',
  path: '/user/auth/admin/trade/order/view',
  summary: 'One order with its payment attempts (receipts linked), refunds, invoice and the notifications received',
  tags: ['order-admin'],
  request: z.object({ id }),
  response: adminOrderItem.extend({
    trades: z.array(adminTradeItem),
    refunds: z.array(
      z.object({
        id: z.number().int(),
        outRefundNo: z.string(),
        amount: z.number(),
        status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        reason: z.string(),
        createdAt: z.string(),
        doneAt: z.string().nullable(),
      }),
    ),
    invoice: invoiceInfo.nullable(),
    notices: z.array(z.object({ outTradeNo: z.string(), outcome: z.string(), receivedAt: z.string() })),
  }),
});

export const confirmTradePayment = defineCall({
  name: 'confirmTradePayment',
  method: 'POST',
  path: '/user/auth/admin/trade/record/confirm',
  summary: 'Confirm a bank transfer or manual payment: the order is paid and the goods open (once)',
  tags: ['order-admin'],
  request: z.object({ tradeId: id }),
  response: z.object({ orderStatus }),
});

export const refundOrder = defineCall({
  name: 'refundOrder',
  method: 'POST',
  path: '/user/auth/admin/trade/order/refund',
  summary:
    'Refund a paid order through its channel (a transfer or manual payment is refunded by the site itself): access to the goods ends once it completes',
  tags: ['order-admin'],
  request: z.object({ id, reason: z.string().trim().min(1).max(200) }),
  response: z.object({ orderStatus }),
});

export const findAdminInvoices = defineCall({
  name: 'findAdminInvoices',
  method: 'GET',
  path: '/user/auth/admin/invoice/page',
  summary: 'Invoice requests, newest first, by status',
  tags: ['order-admin'],
  request: z.object({
    ...paging(20, 100),
    status: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]))
      .optional(),
  }),
  response: pageResponse(
    invoiceInfo.extend({ orderNo: z.string(), goodsTitle: z.string(), learnerName: z.string(), phone: z.string() }),
  ),
});

export const changeInvoice = defineCall({
  name: 'changeInvoice',
  method: 'POST',
  path: '/user/auth/admin/invoice/change',
  summary: 'Issue (again) a request, red-reverse or void an issued invoice: only the allowed transitions',
  tags: ['order-admin'],
  request: z.object({ id, action: z.enum(['issue', 'redReverse', 'void']) }),
  response: invoiceInfo,
});

export const getAdminInvoiceDownloadUrl = defineCall({
  name: 'getAdminInvoiceDownloadUrl',
  method: 'GET',
  path: '/user/auth/admin/invoice/download/url',
  summary: "A short-lived link to an issued invoice's PDF",
  tags: ['order-admin'],
  request: z.object({ id }),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

/** Where a method's payments go: the dev channel (demo sites only), the channel's sandbox or live. */
export const payMode = z.enum(['dev', 'sandbox', 'live']);

/**
 * The merchant fields each channel method takes (shown again) and its secrets (write-only):
 * Alipay, WeChat Pay v3, UnionPay ACP 5.1.0 (decision 057).
 */
export const PAY_METHOD_FIELDS: Readonly<Record<number, { merchant: readonly string[]; secrets: readonly string[] }>> =
  {
    9: { merchant: [], secrets: [] },
    10: { merchant: [], secrets: [] },
    11: { merchant: ['appId', 'sellerId', 'alipayPublicKey'], secrets: ['privateKey'] },
    12: {
      merchant: [
        'mchId',
        'appId',
        'merchantSerialNo',
        'platformCertificates',
        'wechatpayPublicKey',
        'wechatpayPublicKeyId',
      ],
      secrets: ['apiV3Key', 'merchantPrivateKey'],
    },
    13: { merchant: ['merId', 'rootCert', 'middleCert'], secrets: ['signPfx', 'pfxPassword'] },
    14: { merchant: [], secrets: [] },
  };

export const adminPayMethod = z.object({
  method: payMethod,
  enabled: z.boolean(),
  mode: payMode,
  merchant: z.record(z.string(), z.string()),
  /** Which secrets are stored (their values never leave the server). */
  secretsSet: z.array(z.string()),
});

export const orderSettingsForm = z.object({
  closeAfterMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60),
  invoiceOpen: z.boolean(),
  specialInvoiceOpen: z.boolean(),
  invoiceMode: z.union([z.literal(1), z.literal(2)]),
  bankAccountName: z.string().trim().max(100),
  bankName: z.string().trim().max(100),
  bankAccountNo: z.string().trim().max(40),
  bankNote: z.string().trim().max(200),
});
export type OrderSettingsForm = z.infer<typeof orderSettingsForm>;

/** Who issues the enterprise's invoices (decision 058): the dev provider's sample PDF, or Nuonuo. */
export const INVOICE_PROVIDERS = ['dev', 'nuonuo'] as const;
export const invoiceProviderInfo = z.object({
  provider: z.enum(INVOICE_PROVIDERS),
  appKey: z.string(),
  /** The seller's unified social credit code, as Nuonuo knows the seller. */
  taxNo: z.string(),
  /** The clerk printed on invoices (数电: the invoicing account's name). */
  clerk: z.string(),
  sandbox: z.boolean(),
  /** The app secret is stored (it is never answered). */
  secretSet: z.boolean(),
});
export type InvoiceProviderInfo = z.infer<typeof invoiceProviderInfo>;

export const saveInvoiceProvider = defineCall({
  name: 'saveInvoiceProvider',
  method: 'POST',
  path: '/user/auth/admin/trade/invoice/provider/save',
  summary: 'Chooses who issues invoices and sets the Nuonuo account; a secret given replaces the stored one',
  tags: ['order-admin'],
  request: z.object({
    provider: z.enum(INVOICE_PROVIDERS),
    appKey: z.string().trim().max(100).default(''),
    taxNo: z.string().trim().toUpperCase().max(20).default(''),
    clerk: z.string().trim().max(20).default(''),
    sandbox: z.boolean().default(true),
    appSecret: z.string().trim().max(200).default(''),
  }),
  response: invoiceProviderInfo,
});

export const findPayMethods = defineCall({
  name: 'findPayMethods',
  method: 'GET',
  path: '/user/auth/admin/trade/pay/method/list',
  summary: "The enterprise's payment methods (merchant ids, which secrets are set) and order settings",
  tags: ['order-admin'],
  request: z.object({}),
  response: z.object({
    methods: z.array(adminPayMethod),
    settings: orderSettingsForm,
    invoiceProvider: invoiceProviderInfo,
    devAllowed: z.boolean(),
  }),
});

export const savePayMethod = defineCall({
  name: 'savePayMethod',
  method: 'POST',
  path: '/user/auth/admin/trade/pay/method/save',
  summary: 'Turn a method on or off and set its merchant; secrets given replace the stored ones, none given keeps them',
  tags: ['order-admin'],
  request: z.object({
    method: payMethod,
    enabled: z.boolean(),
    mode: payMode,
    merchant: z.record(z.string(), z.string().max(20_000)).default({}),
    secrets: z.record(z.string(), z.string().max(20_000)).default({}),
  }),
  response: adminPayMethod,
});

export const saveOrderSettings = defineCall({
  name: 'saveOrderSettings',
  method: 'POST',
  path: '/user/auth/admin/trade/order/settings/save',
  summary: 'Order time limit, invoices offered and the bank account transfers go to',
  tags: ['order-admin'],
  request: orderSettingsForm,
  response: orderSettingsForm,
});
