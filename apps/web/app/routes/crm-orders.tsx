import { findAdminOrders } from '@portal/contract/calls/order-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { ORDERS_TABLE, OrdersView, type OrdersData } from '../features/crm/orders/orders.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-orders';

/** /crm/orders: the enterprise's orders, confirmations and refunds (decision 057). */
export async function loader(args: Route.LoaderArgs): Promise<OrdersData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, ORDERS_TABLE);
  const status = Number(q.filters.status);
  const payMethod = Number(q.filters.payMethod);
  const answer = await callAdmin(args, findAdminOrders, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    keyword: q.filters.keyword ?? '',
    confirming: q.filters.confirming === '1' ? '1' : '0',
    ...(status ? { status: status as 1 } : {}),
    ...(payMethod ? { payMethod: payMethod as 9 } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'orderList' };

export default function CrmOrdersPage({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
