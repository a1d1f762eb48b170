import { data } from 'react-router';
import {
  LIVE_DEFAULT_ATTENDANCE_PERCENT,
  findLiveAttendance,
  viewAdminLiveRoom,
  viewLiveSettings,
} from '@portal/contract/calls/live';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import {
  LIVE_ATTENDANCE_TABLE,
  LiveAttendanceView,
  type LiveAttendanceData,
} from '../features/crm/live/live-attendance.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-live-attendance';

/** /crm/live/:id: one live room and its learners' attendance (issue 24 item 4), paged from the URL. */
export async function loader(args: Route.LoaderArgs): Promise<LiveAttendanceData> {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Not found' }, { status: 404 });
  const q = readTableQuery(new URL(args.request.url).searchParams, LIVE_ATTENDANCE_TABLE);
  const [room, page, settings] = await Promise.all([
    callAdmin(args, viewAdminLiveRoom, { id }),
    callAdmin(args, findLiveAttendance, { id, pageCurrent: q.pageCurrent, pageSize: q.pageSize }),
    callAdmin(args, viewLiveSettings, {}),
  ]);
  // A malformed id comes back as bad input: no such room either.
  if (!room.data) throw data({ message: room.error }, { status: 404 });
  return {
    room: room.data,
    page: page.data,
    error: page.error,
    defaultPercent: settings.data?.attendancePercent ?? LIVE_DEFAULT_ATTENDANCE_PERCENT,
  };
}

export const handle: CrmHandle = { crumb: 'liveAttendance' };

export default function CrmLiveAttendancePage({ loaderData }: Route.ComponentProps) {
  return <LiveAttendanceView {...loaderData} />;
}
