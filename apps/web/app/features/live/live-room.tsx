import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  LIVE_REPORT_SECONDS,
  LiveState,
  leaveLive,
  viewLiveRoomUrl,
  watchLive,
  watchPlayback,
  type LiveAttendance,
  type LiveReport,
  type LiveRoom,
} from '@portal/contract/calls/live';
import { ErrorCode } from '@portal/contract/errors';
import { ApiError, request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { forgetRootData, useCurrentUser, useSite } from '../../lib/root-data.ts';
import { clockOffset, countdownClock, countdownParts, durationParts, nextRoomCheck } from './live-clock.ts';
import type { LiveSource } from './live-engine.ts';
import { liveMessages } from './live-messages.ts';
import { LiveStateTag } from './live-parts.tsx';
import { LiveReporter, type LiveReportKind } from './live-reporter.ts';
import { LiveStage } from './live-stage.tsx';
import '../player/player.css';
import './live.css';

/** Report errors that say the room is no longer what the page shows: it asks for the room again. */
const STATE_CHANGED: readonly number[] = [
  ErrorCode.LIVE_NOT_STARTED,
  ErrorCode.LIVE_ENDED,
  ErrorCode.LIVE_NO_RECORDING,
];
/** After a failed look-up of the room, the page tries again this much later. */
const RETRY_MS = 15_000;

type Messages = Record<keyof (typeof liveMessages)['zh'], string>;

const coursePath = (courseId: number, lang: Lang) => `${localePath('/knowledge/course/info', lang)}?id=${courseId}`;

/** The room as last answered, and the server's clock against the browser's when it was answered. */
interface Answered {
  room: LiveRoom;
  /** Add to Date.now() for the server's time; null until the page is in the browser. */
  offset: number | null;
}

/**
 * The live room of /live/watch (issue 24, decision 060): the stream while live, the recording once
 * ended, the countdown before the start by the server's clock, and what the learner has attended.
 * The page asks for the room again when its schedule says the state changes (the start, the end),
 * before the play address expires, and when a report says the state changed (9701, 9702, 9703);
 * while the player plays it reports as live-reporter.ts says. Visitors watch without attendance.
 */
export function LiveRoomPage({ room: loaded }: { room: LiveRoom }) {
  const t = useMessages(liveMessages);
  const lang = useLang();
  const { website } = useSite();
  const user = useCurrentUser();
  // The server-rendered room's serverNow is the server's clock of the render: the browser's clock is
  // set by it as the page starts in the browser (nothing rendered depends on it, so it hydrates).
  const [answered, setAnswered] = useState<Answered>(() => ({
    room: loaded,
    offset: typeof document === 'undefined' ? null : clockOffset(loaded.serverNow, Date.now()),
  }));
  const { room } = answered;
  const [attendance, setAttendance] = useState<LiveAttendance | null>(loaded.attendance);
  const [earned, setEarned] = useState('');
  const [failures, setFailures] = useState(0);

  /** Asks for the room again; the answer's serverNow against the middle of the round trip sets the clock. */
  const refresh = useCallback(async () => {
    const sentAt = Date.now();
    try {
      const next = await request(viewLiveRoomUrl, { id: loaded.id }, { quiet: true });
      const offset = clockOffset(next.serverNow, sentAt, Date.now());
      setAnswered({ room: next, offset });
      if (next.attendance) setAttendance(next.attendance);
      setFailures(0);
    } catch (err) {
      if (!(err instanceof ApiError)) console.error(err);
      setFailures((n) => n + 1);
    }
  }, [loaded.id]);

  // Ask again when the state changes by the schedule or the address is about to expire, or after a failure.
  const { offset } = answered;
  useEffect(() => {
    if (offset === null) return;
    const delay = failures > 0 ? RETRY_MS : nextRoomCheck(room, Date.now() + offset);
    if (delay === null) return;
    const timer = window.setTimeout(() => void refresh(), delay);
    return () => window.clearTimeout(timer);
  }, [room, offset, failures, refresh]);

  const onReport = useCallback(
    (answer: LiveReport) => {
      setAttendance(answer.attendance);
      if (answer.earned) {
        const text = format(website.studyScoreType === 2 ? t.earned : t.earnedCredits, {
          hours: answer.earned.creditHour,
          points: answer.earned.points,
        });
        setEarned(text);
        // The header menu's hours and points: the next page asks the server again.
        forgetRootData();
        void import('../antd/feedback.tsx').then((m) => m.showSuccess(text, website.websiteThemeColor, lang));
      }
      if (answer.state !== room.state) void refresh();
    },
    [room.state, refresh, website, t, lang],
  );

  const mode = room.play && room.attendance ? (room.state === LiveState.LIVE ? 'live' : 'playback') : null;
  const reporterHandlers = useRoomReporter(room.id, mode, room.reportSeconds, onReport, refresh);
  const source = useMemo<LiveSource | null>(
    () => (room.play ? { url: room.play.url, format: room.play.format, live: room.play.live } : null),
    [room.play],
  );

  return (
    <div className="portal-watch portal-live">
      <header className="portal-watch-head portal-live-head">
        <Link className="portal-watch-back" to={coursePath(room.courseId, lang)}>
          ‹ {t.back}
        </Link>
        <h1 className="portal-watch-title portal-live-title">{room.title}</h1>
        <LiveStateTag state={room.state} className="portal-live-head-state" />
        {earned && (
          <p className="portal-watch-earned" role="status">
            {earned}
          </p>
        )}
      </header>
      <div className="portal-watch-body">
        <section className="portal-watch-stage" aria-label={room.title}>
          <div className="portal-watch-screen">
            {source ? (
              <LiveStage source={source} handlers={reporterHandlers} />
            ) : (
              <Poster room={room} offset={offset} t={t} />
            )}
          </div>
          {room.state === LiveState.PLAYBACK && room.play && <p className="portal-live-note">{t.playbackNote}</p>}
          <dl className="portal-live-facts">
            <div>
              <dt>{t.schedule}</dt>
              <dd>
                <Schedule room={room} t={t} />
              </dd>
            </div>
            <div>
              <dt>{t.course}</dt>
              <dd>
                <Link to={coursePath(room.courseId, lang)}>{room.courseTitle}</Link>
              </dd>
            </div>
          </dl>
        </section>
        <aside className="portal-watch-side portal-live-side">
          {room.lecturer && <Lecturer lecturer={room.lecturer} t={t} />}
          {attendance ? <Attendance attendance={attendance} room={room} t={t} /> : !user && <VisitorNote t={t} />}
        </aside>
      </div>
    </div>
  );
}

/**
 * The reports of the room while its player plays (`mode`: the live stream or the recording; null:
 * nothing is reported — a visitor, nothing to play): the reporter lives as long as the mode, the
 * page's visibility and pagehide reach it, and the player's play, pause and end are its handlers.
 */
function useRoomReporter(
  roomId: number,
  mode: 'live' | 'playback' | null,
  reportSeconds: number,
  onReport: (answer: LiveReport) => void,
  refresh: () => Promise<void>,
) {
  const reporter = useRef<LiveReporter | null>(null);
  /** The player plays now (a reporter made while it plays starts with a join). */
  const playing = useRef(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ onReport, refresh });
  useEffect(() => {
    latest.current = { onReport, refresh };
  });

  useEffect(() => {
    if (mode === null) return;
    const watch = mode === 'live' ? watchLive : watchPlayback;
    const send = async (kind: LiveReportKind, { keepalive }: { keepalive: boolean }) => {
      const call = kind === 'leave' ? leaveLive : watch;
      // Leaving: the answer may come to another page, or to none; nothing of it is shown.
      if (keepalive) return request(call, { id: roomId, _No_dispose: true }, { quiet: true, keepalive });
      try {
        const answer = await request(call, { id: roomId }, { quiet: true });
        if (!r.stopped) latest.current.onReport(answer);
      } catch (err) {
        // The room started, ended or has no recording after all: the server counts no more here.
        if (err instanceof ApiError && STATE_CHANGED.includes(err.code) && !r.stopped) {
          r.stop();
          void latest.current.refresh();
        }
        throw err;
      }
    };
    const r = new LiveReporter({
      send,
      intervalMs: Math.max(1, reportSeconds || LIVE_REPORT_SECONDS) * 1000,
      hidden: document.visibilityState === 'hidden',
    });
    reporter.current = r;
    if (playing.current) r.play();
    const onVisibility = () => (document.visibilityState === 'hidden' ? r.hide() : r.show());
    const onPageHide = () => r.leave();
    // Back from the back-forward cache: this reporter has left, a new one takes over.
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) setAttempt((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      // Another state, room or page: this one is left.
      r.leave();
      if (reporter.current === r) reporter.current = null;
    };
  }, [roomId, mode, reportSeconds, attempt]);

  return useMemo(
    () => ({
      play: () => {
        playing.current = true;
        reporter.current?.play();
      },
      pause: () => {
        playing.current = false;
        reporter.current?.pause();
      },
      ended: () => {
        playing.current = false;
        reporter.current?.ended();
      },
    }),
    [],
  );
}

/** Start and end in China time: the end's date only when it is another day. */
function Schedule({ room, t }: { room: LiveRoom; t: Messages }) {
  const start = dateTime(room.startsAt);
  const end = dateTime(room.endsAt);
  const endText = end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end;
  return (
    <>
      <time dateTime={room.startsAt}>{start}</time> – <time dateTime={room.endsAt}>{endText}</time>
      <span className="portal-live-zone">{t.chinaTime}</span>
    </>
  );
}

/** What shows instead of the player: the countdown, 已结束，暂无回放, or the way to buy the course. */
function Poster({ room, offset, t }: { room: LiveRoom; offset: number | null; t: Messages }) {
  const lang = useLang();
  let body;
  if (room.blocked === 'buy') {
    body = (
      <>
        <p className="portal-live-poster-text">{t.buyNote}</p>
        <Link className="portal-watch-button portal-watch-button--primary" to={coursePath(room.courseId, lang)}>
          {t.buy}
        </Link>
      </>
    );
  } else if (room.state === LiveState.UPCOMING || room.blocked === 'upcoming') {
    body = <Countdown room={room} offset={offset} t={t} />;
  } else if (room.state === LiveState.ENDED || room.blocked === 'ended') {
    body = <p className="portal-live-poster-text">{t.ended}</p>;
  } else {
    body = <p className="portal-live-poster-text">{t.failed}</p>;
  }
  return (
    <div className="portal-live-poster">
      {room.coverUrl && <img className="portal-live-poster-cover" src={room.coverUrl} alt="" />}
      <div className="portal-live-poster-body">{body}</div>
    </div>
  );
}

/**
 * The time left until the start by the server's clock (the offset kept from its answers), each
 * second; at the start, 直播即将开始… while the page asks for the room again.
 */
function Countdown({ room, offset, t }: { room: LiveRoom; offset: number | null; t: Messages }) {
  const start = Date.parse(room.startsAt);
  // The server's time of its answer until the page is in the browser: the same text on both sides.
  const [now, setNow] = useState(() => Date.parse(room.serverNow));
  useEffect(() => {
    if (offset === null) return;
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [offset]);
  const left = start - now;
  if (left <= 0) return <p className="portal-live-poster-text">{t.starting}</p>;
  const parts = countdownParts(left);
  return (
    <div className="portal-live-countdown">
      <p className="portal-live-poster-text">{t.upcomingNote}</p>
      <p className="portal-live-countdown-label" id="portal-live-countdown-label">
        {t.countdown}
      </p>
      <p className="portal-live-countdown-value" aria-labelledby="portal-live-countdown-label" role="timer">
        {parts.days > 0 && <span className="portal-live-countdown-days">{format(t.days, { n: parts.days })}</span>}
        <span>{countdownClock(parts)}</span>
      </p>
    </div>
  );
}

function Lecturer({ lecturer, t }: { lecturer: NonNullable<LiveRoom['lecturer']>; t: Messages }) {
  const lang = useLang();
  const { website } = useSite();
  return (
    <section className="portal-live-lecturer" aria-labelledby="portal-live-lecturer-title">
      <h2 id="portal-live-lecturer-title" className="portal-watch-side-title">
        {t.lecturer}
      </h2>
      <div className="portal-live-lecturer-card">
        <img
          src={lecturer.avatarUrl || website.defaultUserHeadPortrait || '/demo/avatar.svg'}
          alt=""
          width={56}
          height={56}
        />
        <div>
          <Link
            className="portal-live-lecturer-name"
            to={`${localePath('/lecturer/view/info', lang)}?lecturerId=${lecturer.id}`}
          >
            {lecturer.name}
          </Link>
          {lecturer.title && <p className="portal-live-lecturer-position">{lecturer.title}</p>}
        </div>
      </div>
    </section>
  );
}

/** `3分20秒`, or `1小时2分` from an hour on. */
function durationText(seconds: number, t: Pick<Messages, 'durationMinutes' | 'durationHours'>): string {
  const d = durationParts(seconds);
  return d.hours > 0
    ? format(t.durationHours, { h: d.hours, m: d.minutes })
    : format(t.durationMinutes, { m: d.minutes, s: d.seconds });
}

/** The learner's attendance: live and recording time, the time required, the share attended. */
function Attendance({ attendance: a, room, t }: { attendance: LiveAttendance; room: LiveRoom; t: Messages }) {
  const playback = room.state === LiveState.PLAYBACK;
  return (
    <section className="portal-live-attendance" aria-labelledby="portal-live-attendance-title">
      <h2 id="portal-live-attendance-title" className="portal-watch-side-title">
        {t.attendance}
      </h2>
      <dl className="portal-live-times">
        <div>
          <dt>{t.liveTime}</dt>
          <dd data-seconds={a.liveSeconds} className="portal-live-time-live">
            {durationText(a.liveSeconds, t)}
          </dd>
        </div>
        <div>
          <dt>{t.playbackTime}</dt>
          <dd data-seconds={a.playbackSeconds} className="portal-live-time-playback">
            {durationText(a.playbackSeconds, t)}
          </dd>
        </div>
        <div>
          <dt>{t.required}</dt>
          <dd data-seconds={a.requiredSeconds}>{durationText(a.requiredSeconds, t)}</dd>
        </div>
      </dl>
      <div className="portal-watch-progress portal-live-progress">
        <span id="portal-live-progress-label">{t.attended}</span>
        <div
          className="portal-watch-bar"
          role="progressbar"
          aria-labelledby="portal-live-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={a.percent}
        >
          <div className="portal-watch-bar-fill" style={{ width: `${Math.min(100, Math.max(0, a.percent))}%` }} />
        </div>
        <span className={a.completed ? 'portal-live-percent is-done' : 'portal-live-percent'}>
          {a.completed ? t.completed : format(t.percent, { percent: a.percent })}
        </span>
      </div>
      <p className="portal-live-rule">
        {format(playback ? t.playbackRule : t.countRule, { n: room.reportSeconds || LIVE_REPORT_SECONDS })}
      </p>
      {playback && <p className="portal-live-rule">{room.playbackCounts ? t.playbackCounts : t.playbackNotCounted}</p>}
    </section>
  );
}

/** A visitor watches without attendance: signing in brings them back here. */
function VisitorNote({ t }: { t: Messages }) {
  const lang = useLang();
  const { pathname, search } = useLocation();
  return (
    <p className="portal-live-visitor">
      {t.visitorNote}{' '}
      <Link to={`${localePath('/login', lang)}?redirect=${encodeURIComponent(pathname + search)}`}>{t.signIn}</Link>
    </p>
  );
}
