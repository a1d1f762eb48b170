import { Descriptions, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import {
  exportLiveAttendance,
  liveProviderLabels,
  type AdminLiveAttendanceRow,
  type AdminLiveRoom,
} from '@portal/contract/calls/live';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { ExportButton } from '../export-button.tsx';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { liveMessages } from './live-messages.ts';
import { StreamDetails } from './live-room-drawer.tsx';
import { LiveStateTag, scheduleOf } from './live-rooms.tsx';

/** A room's attendance in the URL: longest first (the server's order), paged. */
export const LIVE_ATTENDANCE_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: [],
};

export interface LiveAttendanceData {
  room: AdminLiveRoom;
  page: Page<AdminLiveAttendanceRow> | null;
  error: string | null;
  /** The enterprise's share, for a room that keeps none of its own. */
  defaultPercent: number;
}

const EMPTY = '—';
const emptyPage = { pageCurrent: 1, pageSize: 20, totalCount: 0, list: [] };

/** /crm/live/:id: one room's facts and its learners' attendance, paged on the server, and its export. */
export function LiveAttendanceView({ room, page, error, defaultPercent }: LiveAttendanceData) {
  const t = useMessages(liveMessages);
  const lang = useLang();
  const duration = (seconds: number) => format(t.duration, { m: Math.floor(seconds / 60), s: seconds % 60 });
  const title = format(t.attendanceOf, { title: room.title });

  const columns: ColumnsType<AdminLiveAttendanceRow> = [
    { title: t.name, key: 'name', render: (_, r) => r.name || EMPTY },
    { title: t.phone, key: 'phone', dataIndex: 'phone', width: 130 },
    { title: t.department, key: 'department', render: (_, r) => r.departmentName || EMPTY },
    { title: t.liveTime, key: 'live', width: 120, render: (_, r) => duration(r.liveSeconds) },
    { title: t.playbackTime, key: 'playback', width: 120, render: (_, r) => duration(r.playbackSeconds) },
    { title: t.joins, key: 'joins', dataIndex: 'joins', width: 90 },
    { title: t.firstJoinedAt, key: 'firstJoinedAt', width: 150, render: (_, r) => dateTime(r.firstJoinedAt) },
    {
      title: t.lastLeftAt,
      key: 'lastLeftAt',
      width: 150,
      render: (_, r) => (r.lastLeftAt ? dateTime(r.lastLeftAt) : EMPTY),
    },
    {
      title: t.completedAt,
      key: 'completedAt',
      width: 150,
      render: (_, r) =>
        r.completedAt ? dateTime(r.completedAt) : <Typography.Text type="secondary">{t.notCompleted}</Typography.Text>,
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start" wrap>
        <Typography.Title level={4}>{title}</Typography.Title>
        <Space>
          <ExportButton start={() => request(exportLiveAttendance, { id: room.id })} />
          <Link to={localePath('/crm/live', lang)}>{t.back}</Link>
        </Space>
      </Space>
      <Descriptions
        title={t.roomInfo}
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'course',
            label: t.course,
            children: <Link to={localePath(`/crm/courses/${room.courseId}`, lang)}>{room.courseTitle}</Link>,
          },
          { key: 'lecturer', label: t.lecturer, children: room.lecturerName || EMPTY },
          {
            key: 'schedule',
            label: t.schedule,
            children: (
              <Space size={4} wrap>
                {scheduleOf(room.startsAt, room.endsAt)}
                {room.looped && <Tag>{t.looped}</Tag>}
              </Space>
            ),
          },
          { key: 'state', label: t.state, children: <LiveStateTag state={room.state} lang={lang} /> },
          {
            key: 'provider',
            label: t.provider,
            children: liveProviderLabels[room.provider]?.[lang] ?? String(room.provider),
          },
          {
            key: 'share',
            label: t.requiredShare,
            children: format(t.shareAndPlayback, {
              share:
                room.attendancePercent === null
                  ? format(t.requiredShareDefault, { n: defaultPercent })
                  : format(t.requiredShareOf, { n: room.attendancePercent }),
              playback: room.playbackCounts ? t.playbackYes : t.playbackNo,
            }),
          },
          {
            key: 'attendees',
            label: t.attendees,
            children: format(t.attendeesOf, { n: room.attendeeCount, m: room.completedCount }),
          },
        ]}
      />
      <div style={{ marginBottom: 16 }}>
        <StreamDetails room={room} />
      </div>
      {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
      <ServerTable<AdminLiveAttendanceRow>
        rowKey="accountId"
        columns={columns}
        page={page ?? emptyPage}
        query={LIVE_ATTENDANCE_TABLE}
      />
    </>
  );
}
