import { findAdminAnnouncements, findAnnouncementDepartments } from '@portal/contract/calls/content-admin';
import { ANNOUNCEMENT_TABLE, AnnouncementsAdminView } from '../features/crm/content/announcements.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-announcements';

/** /crm/announcements: announcements and notices (decision 043). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, ANNOUNCEMENT_TABLE);
  const { keyword, status } = q.filters;
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
    ...(status ? { status } : {}),
  } as Parameters<typeof callAdmin<typeof findAdminAnnouncements>>[2];
  const [page, departments] = await Promise.all([
    callAdmin(args, findAdminAnnouncements, input),
    callAdmin(args, findAnnouncementDepartments, {}),
  ]);
  return { page: page.data, departments: departments.data ?? [], error: page.error };
}

export const handle: CrmHandle = { crumb: 'announcements' };

export default function CrmAnnouncementsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AnnouncementsAdminView page={loaderData.page} departments={loaderData.departments} error={loaderData.error} />
  );
}
