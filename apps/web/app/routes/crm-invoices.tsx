import { findAdminInvoices } from '@portal/contract/calls/order-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { INVOICES_TABLE, InvoicesView, type InvoicesData } from '../features/crm/orders/invoices.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-invoices';

/** /crm/invoices: the learners' invoice requests (decision 057). */
export async function loader(args: Route.LoaderArgs): Promise<InvoicesData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, INVOICES_TABLE);
  const status = Number(q.filters.status);
  const answer = await callAdmin(args, findAdminInvoices, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(status ? { status: status as 1 } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'invoiceAdmin' };

export default function CrmInvoicesPage({ loaderData }: Route.ComponentProps) {
  return <InvoicesView {...loaderData} />;
}
