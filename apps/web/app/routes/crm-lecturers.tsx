import { findAdminLecturers, findLecturerRanks } from '@portal/contract/calls/lecturer';
import { LECTURER_TABLE, LecturersView } from '../features/crm/catalog/lecturers.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-lecturers';

/** /crm/lecturers: the lecturers, paged and filtered by the server from the URL's state (decision 040). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, LECTURER_TABLE);
  const { keyword, rankId, published } = q.filters;
  // The URL's values go to the call as they are: the gateway checks them and words what is wrong.
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
    ...(rankId ? { rankId } : {}),
    ...(published ? { published } : {}),
  } as Parameters<typeof callAdmin<typeof findAdminLecturers>>[2];
  const [answer, ranks] = await Promise.all([
    callAdmin(args, findAdminLecturers, input),
    args.context.gateway(args.request, findLecturerRanks, {}),
  ]);
  return { page: answer.data, error: answer.error, ranks: ranks.code === 200 ? ranks.data : [] };
}

export const handle: CrmHandle = { crumb: 'lecturers' };

export default function CrmLecturersPage({ loaderData }: Route.ComponentProps) {
  return <LecturersView page={loaderData.page} ranks={loaderData.ranks} error={loaderData.error} />;
}
