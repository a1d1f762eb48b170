import { enumLabel, type AdminOrderFilter, type Lang } from '@portal/contract';
import { chinaMinute, fileStamp } from '../../platform/china-time.ts';
import type { ExportDefinition } from '../../platform/exports.ts';
import type { OrderAdmin } from './order-admin.ts';

/** Orders read per keyset step: memory stays bounded however many orders the filter holds. */
const BATCH = 500;

/** Goods types (1 a course, 2 a study project, 3 a batch package). */
const GOODS: Record<Lang, Record<number, string>> = {
  zh: { 1: '课程', 2: '培训项目', 3: '课程套餐' },
  en: { 1: 'Course', 2: 'Study project', 3: 'Batch package' },
};

/** Order statuses as the list shows them, an unpaid order whose payment the site is to confirm apart. */
const STATUS: Record<Lang, Record<number, string>> = {
  zh: { 1: '待支付', 2: '已支付', 3: '已取消', 4: '已关闭', 5: '退款中', 6: '已退款' },
  en: { 1: 'Unpaid', 2: 'Paid', 3: 'Cancelled', 4: 'Closed', 5: 'Refunding', 6: 'Refunded' },
};
const CONFIRMING: Record<Lang, string> = { zh: '待确认收款', en: 'Waiting for confirmation' };

/** The latest refund's status (1 under way, 2 done, 3 refused by the channel). */
const REFUND: Record<Lang, Record<number, string>> = {
  zh: { 1: '退款中', 2: '已退款', 3: '退款失败' },
  en: { 1: 'Refunding', 2: 'Refunded', 3: 'Refund failed' },
};

/**
 * The back office's orders of the list's filter as XLSX (/crm/orders, issue 23, decision 057),
 * made by the export job (decision 027) in the enterprise's scope: the list's filter and order,
 * read in keyset steps. Amounts in yuan, times in China time, labels in the administrator's
 * language; the phone as the list shows it.
 */
export function orderExport(admin: OrderAdmin): ExportDefinition<AdminOrderFilter> {
  return {
    fileName: (lang: Lang) => `${lang === 'en' ? 'orders' : '订单列表'}-${fileStamp()}.xlsx`,
    sheetName: (lang: Lang) => (lang === 'en' ? 'Orders' : '订单'),
    columns: [
      { key: 'orderNo', header: { zh: '订单号', en: 'Order number' }, width: 28 },
      { key: 'goodsType', header: { zh: '商品类型', en: 'Item type' }, width: 10 },
      { key: 'goodsTitle', header: { zh: '商品', en: 'Item' }, width: 30 },
      { key: 'learnerName', header: { zh: '学员', en: 'Learner' }, width: 14 },
      { key: 'phone', header: { zh: '手机号', en: 'Phone' }, width: 14 },
      { key: 'amount', header: { zh: '金额（元）', en: 'Amount (yuan)' }, width: 12 },
      { key: 'payMethod', header: { zh: '支付方式', en: 'Payment method' }, width: 14 },
      { key: 'status', header: { zh: '订单状态', en: 'Order status' }, width: 14 },
      { key: 'createdAt', header: { zh: '下单时间', en: 'Ordered' }, width: 18 },
      { key: 'paidAt', header: { zh: '支付时间', en: 'Paid' }, width: 18 },
      { key: 'outTradeNo', header: { zh: '交易号', en: 'Trade number' }, width: 28 },
      { key: 'refund', header: { zh: '退款状态', en: 'Refund' }, width: 12 },
      { key: 'invoice', header: { zh: '发票状态', en: 'Invoice' }, width: 14 },
    ],
    async *rows({ eid, params, lang }) {
      let after: number | null = null;
      for (;;) {
        const orders = await admin.exportStep(eid, params, after, BATCH);
        for (const r of orders) {
          yield {
            orderNo: r.orderNo,
            goodsType: GOODS[lang][r.goodsType] ?? '',
            goodsTitle: r.goodsTitle,
            learnerName: r.learnerName,
            phone: r.phone,
            // Fen to yuan: two decimals at most, a number the sheet can add up.
            amount: r.amountFen / 100,
            payMethod: r.payMethod ? enumLabel('paymentMethod', r.payMethod, lang) : '',
            status: r.confirming ? CONFIRMING[lang] : STATUS[lang][r.status],
            createdAt: chinaMinute(r.createdAt),
            paidAt: chinaMinute(r.paidAt),
            outTradeNo: r.outTradeNo,
            refund: r.refundStatus ? REFUND[lang][r.refundStatus] : '',
            invoice: enumLabel('invoiceStatus', r.invoiceStatus, lang),
          };
        }
        if (orders.length < BATCH) return;
        after = orders[orders.length - 1]!.id;
      }
    },
  };
}
