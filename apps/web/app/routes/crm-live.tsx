import { findAdminLiveRooms, viewLiveSettings } from '@portal/contract/calls/live';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { LIVE_TABLE, LiveRoomsView, liveFilterOf, type LiveRoomsData } from '../features/crm/live/live-rooms.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-live';

/** /crm/live: the enterprise's live rooms (issue 24 item 4), filtered and paged from the URL's state. */
export async function loader(args: Route.LoaderArgs): Promise<LiveRoomsData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, LIVE_TABLE);
  const [page, settings] = await Promise.all([
    callAdmin(args, findAdminLiveRooms, { ...liveFilterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize }),
    callAdmin(args, viewLiveSettings, {}),
  ]);
  return { page: page.data, error: page.error, settings: settings.data };
}

export const handle: CrmHandle = { crumb: 'liveRooms' };

export default function CrmLivePage({ loaderData }: Route.ComponentProps) {
  return <LiveRoomsView {...loaderData} />;
}
