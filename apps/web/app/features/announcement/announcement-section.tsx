import { useState } from 'react';
import { ANNOUNCEMENT_KIND } from '@portal/contract/calls/announcement';
import { Link, useSearchParams } from 'react-router';
import { App, Button, Checkbox, Empty, Pagination, Segmented, Spin, Tag } from 'antd';
import {
  deleteAnnouncementRecords,
  readAnnouncementRecords,
  countReadAnnouncements,
  findAnnouncementRecords,
  countUnreadAnnouncements,
  type AnnouncementRecord,
} from '@portal/contract/calls/announcement';
import { COMMENT_PAGE_SIZE } from '@portal/contract/constants';
import { request } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { normalizeUnread, refreshUnread } from '../../lib/unread.ts';
import { AnnouncementDetail } from './announcement-detail.tsx';
import { dateTime } from '../../lib/date-time.ts';
import { announcementMessages } from './messages.ts';
import './announcement.css';

const STATUSES = ['all', 'unread', 'read'] as const;
type Status = (typeof STATUSES)[number];
/** Ten a page, like the comments (platform.md section 9). */
const PAGE_SIZE = COMMENT_PAGE_SIZE;

/**
 * Announcements and notices (/account?change=5): the learner's list with its unread and read
 * counts, a filter by read state, batch read and batch delete of the selected ones; `&id=` opens
 * one (announcement-detail.tsx). Filter and page are in the address too.
 */
export function AnnouncementSection() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return <AnnouncementDetail key={id} id={id} />;
  return <AnnouncementList />;
}

function AnnouncementList() {
  const t = useMessages(announcementMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const status: Status = STATUSES.find((s) => s === params.get('status')) ?? 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [checked, setSelected] = useState<number[]>([]);

  const { data, reload } = useLoad(
    async (signal) => {
      const readStatus = status === 'all' ? {} : { readStatus: status === 'read' ? 1 : 0 };
      const [p, unread, read] = await Promise.all([
        request(findAnnouncementRecords, { pageCurrent: page, pageSize: PAGE_SIZE, ...readStatus }, { signal }),
        request(countUnreadAnnouncements, {}, { quiet: true, signal }),
        request(countReadAnnouncements, {}, { quiet: true, signal }),
      ]);
      return { total: p.totalCount, list: p.list, unread: normalizeUnread(unread), read: normalizeUnread(read) };
    },
    [status, page],
  );
  const counts = data && { unread: data.unread, read: data.read };
  // Only what this page shows stays selected.
  const selected = checked.filter((x) => data?.list.some((r) => r.id === x));

  const go = (next: { status?: Status; page?: number }) => {
    const q = new URLSearchParams(params);
    const s = next.status ?? status;
    if (s === 'all') q.delete('status');
    else q.set('status', s);
    const p = next.page ?? 1;
    if (p === 1) q.delete('page');
    else q.set('page', String(p));
    setSelected([]);
    setParams(q);
  };

  const afterChange = async (text: string) => {
    void message.success(text);
    await reload();
    await refreshUnread();
  };

  const markRead = useAction(async () => {
    await request(readAnnouncementRecords, { ids: selected });
    setSelected([]);
    await afterChange(t.markedRead);
  });

  const removeSelected = useAction(async () => {
    await request(deleteAnnouncementRecords, { ids: selected });
    setSelected([]);
    // The last one of a page gone: the page before.
    if (data && data.list.length === selected.length && page > 1) go({ page: page - 1 });
    await afterChange(t.removed);
  });

  const remove = () =>
    modal.confirm({
      title: t.removeConfirmTitle,
      content: format(t.removeConfirm, { n: selected.length }),
      okText: t.ok,
      cancelText: t.cancel,
      okButtonProps: { danger: true },
      onOk: () => removeSelected.run(),
    });

  const list = data?.list ?? [];
  const allOnPage = list.length > 0 && list.every((r) => selected.includes(r.id));
  const detailOf = (r: AnnouncementRecord) => {
    const q = new URLSearchParams(params);
    q.set('id', String(r.id));
    return `${localePath('/account', lang)}?${q}`;
  };

  return (
    <div className="portal-notices">
      <div className="portal-notices-bar">
        <Segmented<Status>
          aria-label={t.filter}
          value={status}
          onChange={(s) => go({ status: s })}
          options={STATUSES.map((s) => ({ value: s, label: t[s] }))}
        />
        <p className="portal-notices-counts" aria-live="polite">
          {counts ? format(t.counts, { unread: counts.unread.count, read: counts.read.count }) : ''}
        </p>
      </div>
      <div className="portal-notices-tools">
        <Checkbox
          checked={allOnPage}
          indeterminate={!allOnPage && selected.length > 0}
          disabled={list.length === 0}
          onChange={(e) => setSelected(e.target.checked ? list.map((r) => r.id) : [])}
        >
          {t.selectAll}
        </Checkbox>
        <Button disabled={selected.length === 0} loading={markRead.running} onClick={() => void markRead.run()}>
          {t.markRead}
        </Button>
        <Button danger disabled={selected.length === 0} onClick={remove}>
          {t.remove}
        </Button>
      </div>
      {data === undefined ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t.empty} />
      ) : (
        <ul className="portal-notices-list" aria-label={t.list}>
          {list.map((r) => (
            <li key={r.id} className={r.read ? 'portal-notice is-read' : 'portal-notice is-unread'}>
              <Checkbox
                aria-label={format(t.select, { title: r.title })}
                checked={selected.includes(r.id)}
                onChange={(e) => setSelected((s) => (e.target.checked ? [...s, r.id] : s.filter((x) => x !== r.id)))}
              />
              <span className="portal-notice-dot" aria-hidden="true" />
              <Tag color={r.kind === ANNOUNCEMENT_KIND.platform ? 'blue' : 'gold'}>
                {r.kind === ANNOUNCEMENT_KIND.platform ? t.kind2 : t.kind1}
              </Tag>
              <Link className="portal-notice-title" to={detailOf(r)}>
                {r.title}
              </Link>
              <span className="portal-notice-state">{r.read ? t.read : t.unreadMark}</span>
              <time dateTime={r.publishedAt}>{dateTime(r.publishedAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > PAGE_SIZE && (
        <Pagination
          className="portal-notices-pager"
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={(p) => go({ page: p })}
        />
      )}
    </div>
  );
}
