import { useState } from 'react';
import { App, Button, Empty, Pagination, Progress, Spin, Tag } from 'antd';
import {
  CHECK_IN_PAGE_SIZE,
  CHECK_IN_SLOT_PAGE_SIZE,
  CheckInPlanState,
  checkIn,
  findCheckInPlans,
  findCheckInSlots,
  type CheckInPlanRow,
  type CheckInSlotStatusValue,
} from '@portal/contract/calls/check-in';
import { request } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { format, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { FilteredPagedList } from '../paging/filtered-paged-list.tsx';
import { checkInMessages, daysText, weekdayName, type CheckInTexts } from './check-in-messages.ts';
import './check-in.css';

const STATES = [
  CheckInPlanState.ALL,
  CheckInPlanState.ONGOING,
  CheckInPlanState.NOT_STARTED,
  CheckInPlanState.ENDED,
] as const;
type State = (typeof STATES)[number];

const SLOT_COLOR: Record<CheckInSlotStatusValue, string> = {
  checked: 'success',
  missed: 'error',
  open: 'processing',
  upcoming: 'default',
};

const slotLabel = (status: CheckInSlotStatusValue, t: CheckInTexts): string =>
  ({ checked: t.slotChecked, missed: t.slotMissed, open: t.slotOpen, upcoming: t.slotUpcoming })[status];

/** `HH:MM` of an ISO time, China time. */
const timeOf = (iso: string) => dateTime(iso).slice(11);

/**
 * My check-ins (/account?change=9, decision 034): the plans of the study tasks assigned to the
 * learner, by state and keyword, each with its task, days and window, progress and streaks; the
 * 签到 button while today's slot is open by the server's clock (the server decides; the page only
 * shows what it answered); each plan's slots with check-ins and misses. State, keyword and page
 * are in the address.
 */
export function MyCheckIns() {
  const t = useMessages(checkInMessages);
  return (
    <div className="portal-check-ins">
      <FilteredPagedList<CheckInPlanRow, State>
        filters={{
          values: STATES,
          all: CheckInPlanState.ALL,
          ariaLabel: t.state,
          label: (s) => t[`state${s}`],
        }}
        load={({ filter, keyword, pageCurrent, pageSize }, signal) =>
          request(
            findCheckInPlans,
            { state: filter, pageCurrent, pageSize, ...(keyword ? { keyword } : {}) },
            { signal },
          )
        }
        pageSize={CHECK_IN_PAGE_SIZE}
        rowKey={(p) => p.planId}
        renderRow={(p) => <PlanRow plan={p} />}
        texts={{ keyword: t.keyword, keywordPlaceholder: t.keywordPlaceholder, list: t.list, empty: t.empty }}
      />
    </div>
  );
}

/** Today's slot as the row says it. */
function todayText(plan: CheckInPlanRow, t: CheckInTexts): string | null {
  const today = plan.today;
  if (!today) return null;
  switch (today.status) {
    case 'checked':
      return format(t.todayChecked, { time: today.checkedAt ? timeOf(today.checkedAt) : '' });
    case 'open':
      return t.todayOpen;
    case 'missed':
      return t.todayMissed;
    default:
      return format(t.todayUpcoming, { start: plan.windowStart, end: plan.windowEnd });
  }
}

function PlanRow({ plan: loaded }: { plan: CheckInPlanRow }) {
  const t = useMessages(checkInMessages);
  const { message } = App.useApp();
  // The row shows the server's answer to a check-in at once, without loading the list again; a
  // new load of the list (another row object) replaces it.
  const [answered, setAnswered] = useState<{ base: CheckInPlanRow; plan: CheckInPlanRow } | null>(null);
  const plan = answered?.base === loaded ? answered.plan : loaded;
  const [slotsOpen, setSlotsOpen] = useState(false);
  // Bumped by a check-in: an open slot list loads again.
  const [version, setVersion] = useState(0);
  const checking = useAction(async () => {
    const r = await request(checkIn, { planId: plan.planId });
    setAnswered({
      base: loaded,
      plan: {
        ...plan,
        madeCount: r.madeCount,
        currentStreak: r.currentStreak,
        bestStreak: r.bestStreak,
        today: { date: r.slotDate, status: 'checked', checkedAt: r.checkedAt },
        canCheckIn: false,
      },
    });
    setVersion((v) => v + 1);
    void message.success(format(t.checkedIn, { n: r.currentStreak }));
    return r;
  });
  const percent = Math.min(100, Math.round((plan.madeCount / Math.max(1, plan.requiredCount)) * 100));
  const today = todayText(plan, t);
  const slotsId = `check-in-slots-${plan.planId}`;
  return (
    <li className="portal-check-in-plan" data-plan-id={plan.planId}>
      <div className="portal-check-in-head">
        <div className="portal-check-in-text">
          <h2 className="portal-check-in-title">
            <span>{plan.title}</span>
            {/* An open slot of a plan whose tasks have closed takes no check-in: no tag then. */}
            {plan.today && (plan.today.status !== 'open' || plan.canCheckIn) && (
              <Tag color={SLOT_COLOR[plan.today.status]} className="portal-check-in-today">
                {today}
              </Tag>
            )}
          </h2>
          <p className="portal-check-in-meta">
            <span>{format(t.task, { title: plan.task.title })}</span>
          </p>
          <p className="portal-check-in-meta">
            <span>
              {format(t.window, { days: daysText(plan.weekdays, t), start: plan.windowStart, end: plan.windowEnd })}
            </span>
            <span>{format(t.dates, { from: plan.startsOn, to: plan.endsOn })}</span>
          </p>
          <Progress
            className="portal-check-in-progress"
            percent={percent}
            size="small"
            aria-label={format(t.progress, { title: plan.title })}
          />
          <p className="portal-check-in-meta">
            <span className="portal-check-in-made">
              {format(t.made, { made: plan.madeCount, required: plan.requiredCount })}
            </span>
            <span className="portal-check-in-streak">{format(t.streak, { n: plan.currentStreak })}</span>
            <span>{format(t.bestStreak, { n: plan.bestStreak })}</span>
          </p>
        </div>
        <div className="portal-check-in-actions">
          {plan.canCheckIn && (
            <Button
              type="primary"
              loading={checking.running}
              onClick={() => void checking.run()}
              aria-label={format(t.checkInOf, { title: plan.title })}
            >
              {t.checkIn}
            </Button>
          )}
          <Button aria-expanded={slotsOpen} aria-controls={slotsId} onClick={() => setSlotsOpen((o) => !o)}>
            {slotsOpen ? t.hideSlots : t.slots}
          </Button>
        </div>
      </div>
      {slotsOpen && (
        <section id={slotsId} className="portal-check-in-slots" aria-label={format(t.slotsOf, { title: plan.title })}>
          <SlotList planId={plan.planId} version={version} />
        </section>
      )}
    </li>
  );
}

/** One plan's slots, latest first, a page at a time. */
function SlotList({ planId, version }: { planId: number; version: number }) {
  const t = useMessages(checkInMessages);
  const [pageCurrent, setPageCurrent] = useState(1);
  // A check-in (a new `version`) changes a slot: the page loads again.
  const { data } = useLoad(
    (signal) => request(findCheckInSlots, { planId, pageCurrent, pageSize: CHECK_IN_SLOT_PAGE_SIZE }, { signal }),
    [planId, pageCurrent, version],
  );
  if (!data) return <Spin size="small" />;
  if (data.list.length === 0) return <Empty description={t.noSlots} />;
  return (
    <>
      <ol className="portal-check-in-slot-list">
        {data.list.map((s) => (
          <li key={s.date} className="portal-check-in-slot" data-slot-date={s.date} data-status={s.status}>
            <span className="portal-check-in-slot-date">
              {format(t.slotDate, { date: s.date, weekday: weekdayName(s.weekday, t) })}
            </span>
            <Tag color={SLOT_COLOR[s.status]}>{slotLabel(s.status, t)}</Tag>
            {s.checkedAt && (
              <span className="portal-check-in-slot-time">{format(t.slotTime, { time: timeOf(s.checkedAt) })}</span>
            )}
          </li>
        ))}
      </ol>
      {data.totalCount > data.pageSize && (
        <Pagination
          className="portal-check-in-slots-pager"
          size="small"
          current={data.pageCurrent}
          pageSize={data.pageSize}
          total={data.totalCount}
          showSizeChanger={false}
          onChange={setPageCurrent}
        />
      )}
    </>
  );
}
