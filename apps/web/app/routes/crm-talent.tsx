import { findDepartmentTree } from '@portal/contract/calls/people';
import { findAdminTalentRecords } from '@portal/contract/calls/talent';
import { ErrorCode } from '@portal/contract/errors';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import {
  TALENT_TABLE,
  TalentRecordsView,
  talentFilterOf,
  type TalentRecordsData,
} from '../features/crm/people/talent-records.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-talent';

/** /crm/talent: the enterprise's talent-pool records (issue 24 item 4), filtered from the URL's state. */
export async function loader(args: Route.LoaderArgs): Promise<TalentRecordsData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, TALENT_TABLE);
  const [page, tree] = await Promise.all([
    // A department gone since the address was made: its message beside the filters.
    callAdmin(
      args,
      findAdminTalentRecords,
      { ...talentFilterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize },
      [ErrorCode.DEPARTMENT_NOT_FOUND],
    ),
    callAdmin(args, findDepartmentTree, {}),
  ]);
  return { page: page.data, error: page.error, departments: tree.data?.list ?? [] };
}

export const handle: CrmHandle = { crumb: 'talentRecords' };

export default function CrmTalentPage({ loaderData }: Route.ComponentProps) {
  return <TalentRecordsView {...loaderData} />;
}
