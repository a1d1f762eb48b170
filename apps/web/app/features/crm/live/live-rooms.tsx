import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { Alert, App, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  LiveState,
  deleteLiveRoom,
  liveProviderLabels,
  liveStateLabels,
  type AdminLiveRoom,
  type LiveSettings,
  type LiveStateValue,
} from '@portal/contract/calls/live';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath, type Lang } from '../../../lib/navigation.ts';
import { useAction } from '../../../lib/use-call.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQuery, type TableQueryOptions } from '../table-query.ts';
import { LiveHeader } from './live-header.tsx';
import { liveMessages } from './live-messages.ts';
import { LiveRoomDrawer } from './live-room-drawer.tsx';

/** The rooms' list in the URL: newest start first (the server's order), by title and state. */
export const LIVE_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['keyword', 'state'],
};

/** The call's filter from the URL: the URL's state goes as it is (the gateway words what is wrong). */
export function liveFilterOf(q: TableQuery): { keyword: string; state?: number } {
  const { keyword, state } = q.filters;
  return { keyword: keyword ?? '', ...(state ? { state: state as unknown as number } : {}) };
}

export interface LiveRoomsData {
  page: Page<AdminLiveRoom> | null;
  error: string | null;
  /** For the form: the default attendance share and which providers are configured. */
  settings: LiveSettings | null;
}

const STATES = [LiveState.UPCOMING, LiveState.LIVE, LiveState.ENDED, LiveState.PLAYBACK] as const;
const STATE_COLOR: Record<number, string> = { 1: 'blue', 2: 'red', 3: 'default', 4: 'green' };
const EMPTY = '—';
const emptyPage = { pageCurrent: 1, pageSize: 20, totalCount: 0, list: [] };

/** A state's tag: 预告, 直播中, 已结束, 回放. */
export function LiveStateTag({ state, lang }: { state: number; lang: Lang }) {
  const label = liveStateLabels[state as LiveStateValue];
  return <Tag color={STATE_COLOR[state]}>{label ? label[lang] : String(state)}</Tag>;
}

/** A schedule in China time: `2026-05-01 19:00–21:00`, or both days when it ends on another. */
export function scheduleOf(startsAt: string, endsAt: string): string {
  const start = dateTime(startsAt);
  const end = dateTime(endsAt);
  return start.slice(0, 10) === end.slice(0, 10) ? `${start}–${end.slice(11)}` : `${start} – ${end}`;
}

/** /crm/live: the enterprise's live rooms; one made or changed in a drawer, deleted after a confirm. */
export function LiveRoomsView({ page, error, settings }: LiveRoomsData) {
  const t = useMessages(liveMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, LIVE_TABLE);
  const [editing, setEditing] = useState<{ room: AdminLiveRoom | null; justCreated: boolean } | null>(null);
  const remove = useAction(async (room: AdminLiveRoom) => {
    await request(deleteLiveRoom, { id: room.id });
    void message.success(t.removed);
    void revalidator.revalidate();
  });
  const filter = (name: string, value: string) => {
    // The address as it is now: a filter chosen right after another keeps the first.
    const now = readTableQuery(new URLSearchParams(window.location.search), LIVE_TABLE);
    setParams(writeTableQuery({ ...now, pageCurrent: 1, filters: { ...now.filters, [name]: value } }, LIVE_TABLE));
  };

  const columns: ColumnsType<AdminLiveRoom> = [
    {
      title: t.title,
      key: 'title',
      width: 240,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.title}
          {r.looped && <Tag>{t.looped}</Tag>}
        </Space>
      ),
    },
    {
      title: t.course,
      key: 'course',
      render: (_, r) => <Link to={localePath(`/crm/courses/${r.courseId}`, lang)}>{r.courseTitle}</Link>,
    },
    { title: t.lecturer, key: 'lecturer', render: (_, r) => r.lecturerName || EMPTY },
    { title: t.schedule, key: 'schedule', width: 200, render: (_, r) => scheduleOf(r.startsAt, r.endsAt) },
    { title: t.state, key: 'state', width: 90, render: (_, r) => <LiveStateTag state={r.state} lang={lang} /> },
    {
      title: t.provider,
      key: 'provider',
      render: (_, r) => liveProviderLabels[r.provider]?.[lang] ?? String(r.provider),
    },
    {
      title: t.attendees,
      key: 'attendees',
      width: 110,
      render: (_, r) => (
        <span title={format(t.attendeesOf, { n: r.attendeeCount, m: r.completedCount })}>
          {r.attendeeCount}/{r.completedCount}
        </span>
      ),
    },
    {
      title: t.actions,
      key: 'actions',
      width: 180,
      render: (_, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`${t.edit} ${r.title}`}
            onClick={() => setEditing({ room: r, justCreated: false })}
          >
            {t.edit}
          </Button>
          <Link
            to={localePath(`/crm/live/${r.id}`, lang)}
            aria-label={`${t.attendance} ${r.title}`}
            style={{ padding: '0 7px' }}
          >
            {t.attendance}
          </Link>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`${t.remove} ${r.title}`}
            onClick={() =>
              void modal.confirm({
                title: format(t.removeTitle, { title: r.title }),
                content: t.removeText,
                okButtonProps: { danger: true },
                okText: t.remove,
                cancelText: t.cancel,
                onOk: () => remove.run(r),
              })
            }
          >
            {t.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <LiveHeader
        active="rooms"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ room: null, justCreated: false })}>
            {t.create}
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item>
          <Input.Search
            key={state.filters.keyword ?? ''}
            aria-label={t.keyword}
            placeholder={t.keywordPlaceholder}
            defaultValue={state.filters.keyword ?? ''}
            allowClear
            style={{ width: 260 }}
            onSearch={(v) => filter('keyword', v.trim())}
          />
        </Form.Item>
        <Form.Item label={t.state} htmlFor="live-filter-state">
          <Select
            id="live-filter-state"
            style={{ width: 140 }}
            value={state.filters.state ?? ''}
            onChange={(v: string) => filter('state', v)}
            options={[
              { value: '', label: t.allStates },
              ...STATES.map((s) => ({ value: String(s), label: liveStateLabels[s][lang] })),
            ]}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminLiveRoom> rowKey="id" columns={columns} page={page ?? emptyPage} query={LIVE_TABLE} />
      {editing !== null && (
        <LiveRoomDrawer
          key={editing.room?.id ?? 'new'}
          room={editing.room}
          justCreated={editing.justCreated}
          settings={settings}
          onClose={() => setEditing(null)}
          onSaved={(room, created) => {
            void message.success(t.saved);
            void revalidator.revalidate();
            // A new room streamed from outside keeps its drawer open: its push address and stream
            // key are what the lecturer needs next.
            if (created && room.streamKey) setEditing({ room, justCreated: true });
            else setEditing(null);
          }}
        />
      )}
    </>
  );
}
