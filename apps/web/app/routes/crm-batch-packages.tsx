import { findAdminBatchPackages } from '@portal/contract/calls/batch-package';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import {
  BATCH_PACKAGES_TABLE,
  BatchPackagesView,
  type BatchPackagesData,
} from '../features/crm/orders/batch-packages.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-batch-packages';

/** /crm/batch-packages: the enterprise's batch packages (decision 058). */
export async function loader(args: Route.LoaderArgs): Promise<BatchPackagesData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, BATCH_PACKAGES_TABLE);
  const answer = await callAdmin(args, findAdminBatchPackages, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    keyword: q.filters.keyword ?? '',
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'batchPackages' };

export default function CrmBatchPackagesPage({ loaderData }: Route.ComponentProps) {
  return <BatchPackagesView {...loaderData} />;
}
