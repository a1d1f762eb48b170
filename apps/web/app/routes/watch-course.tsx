import { useState } from 'react';
import { data, Link, redirect } from 'react-router';
import { findCoursePeriods, viewCourse, viewCourseConfig } from '@portal/contract';
import type { CourseChapter, CoursePeriod, CourseProgress } from '@portal/contract/calls/study';
import { ErrorCode, errorText } from '@portal/contract/errors';
import { launcherMessages, preloadAssistant, useAssistantDrawer } from '../features/assistant/launcher.tsx';
import { featuredRoom } from '../features/live/live-clock.ts';
import { livePath } from '../features/live/live-parts.tsx';
import {
  flattenPeriods,
  isLivePeriod,
  liveRoomOf,
  PeriodList,
  periodKind,
  playsInPlayer,
} from '../features/player/period-list.tsx';
import { PeriodStudy, type ProgressAnswer } from '../features/player/period-study.tsx';
import { playerMessages } from '../features/player/player-messages.ts';
import { format, useLang, useMessages } from '../lib/i18n.ts';
import { localePath, pathLang } from '../lib/navigation.ts';
import { forgetRootData, useSite } from '../lib/root-data.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import '../features/player/player.css';
import type { Route } from './+types/watch-course';

const INT32_MAX = 2147483647;
const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n <= INT32_MAX ? n : null;
};

/**
 * A course opened from a study task's player (/watch/task) carries the task and item
 * (`taskId`, `itemId`): every period link keeps them, and the back link returns to the task.
 */
interface TaskContext {
  taskId: number;
  itemId: number;
}

const playerPath = (lang: 'zh' | 'en', courseId: number, periodId: number, task: TaskContext | null = null) =>
  `${localePath('/watch/course', lang)}?id=${courseId}&periodId=${periodId}${
    task ? `&taskId=${task.taskId}&itemId=${task.itemId}` : ''
  }`;

function taskContextOf(params: URLSearchParams): TaskContext | null {
  const taskId = positive(params.get('taskId'));
  const itemId = positive(params.get('itemId'));
  return taskId !== null && itemId !== null ? { taskId, itemId } : null;
}

/**
 * /watch/course?id=&periodId= (blank layout, signed-in learners): the course, its periods with the
 * learner's progress and the player settings, rendered on the server; without a period, the one
 * the learner left off at (or the first that plays). A live lesson (period type 4) is never played
 * here: its period goes to its room (/live/watch), as does a course of live lessons only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = pathLang(url.pathname);
  const missing = () => data({ message: lang === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  const courseId = positive(url.searchParams.get('id'));
  if (!site || courseId === null) throw missing();
  // A visitor is sent to sign in by the root's guard.
  if (!site.signedIn) return null;
  const [course, chapters, config] = await Promise.all([
    callGateway(request, context, site, viewCourse, { courseId }),
    callGateway(request, context, site, findCoursePeriods, { courseId }),
    callGateway(request, context, site, viewCourseConfig, { courseId }),
  ]);
  for (const env of [course, chapters, config]) {
    if (env.code === 404) throw missing();
    if (env.code !== 200) throw data({ message: env.message }, { status: env.code === 429 ? 429 : 503 });
  }
  // (Answered 200 each, as the loop made sure: this says so to the types.)
  if (course.code !== 200 || chapters.code !== 200 || config.code !== 200) throw missing();
  const periods = flattenPeriods(chapters.data);
  const task = taskContextOf(url.searchParams);
  const asked = url.searchParams.get('periodId');
  if (asked === null || asked === '') {
    const last = periods.find((p) => p.id === course.data.progress.lastPeriodId && playsInPlayer(p));
    const first = last ?? periods.find(playsInPlayer) ?? periods.find((p) => !isLivePeriod(p));
    if (first) throw redirect(playerPath(lang, courseId, first.id, task));
    const room = featuredRoom(periods.flatMap((p) => liveRoomOf(p) ?? []));
    if (room) throw redirect(livePath(room.roomId, lang));
    return { course: course.data, chapters: chapters.data, config: config.data, periodId: null, task };
  }
  const periodId = positive(asked);
  const asking = periodId === null ? undefined : periods.find((p) => p.id === periodId);
  if (!asking) throw missing();
  if (isLivePeriod(asking)) {
    const room = liveRoomOf(asking);
    throw room ? redirect(livePath(room.roomId, lang)) : missing();
  }
  return { course: course.data, chapters: chapters.data, config: config.data, periodId, task };
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loader>>>;

/** What the reports said since the page's data was loaded: the course's and the periods' progress. */
interface Live {
  source: Loaded;
  progress: CourseProgress;
  periods: Record<number, Pick<CoursePeriod, 'percent' | 'completed' | 'furthestSeconds'>>;
}

function withLive(chapters: CourseChapter[], live: Live | null): CourseChapter[] {
  if (!live) return chapters;
  return chapters.map((c) => ({
    ...c,
    periods: c.periods.map((p) => (live.periods[p.id] ? { ...p, ...live.periods[p.id] } : p)),
  }));
}

export default function WatchCourse({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return <Player loaded={loaded} />;
}

function Player({ loaded }: { loaded: Loaded }) {
  const t = useMessages(playerMessages);
  const lang = useLang();
  const { website } = useSite();
  const { course, config, periodId, task } = loaded;
  const [live, setLive] = useState<Live | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [earned, setEarned] = useState('');
  // 问AI助手: the study assistant's drawer, the course's title suggested as a first question.
  const assistant = useAssistantDrawer(course.title);
  const ta = useMessages(launcherMessages);
  const current = live?.source === loaded ? live : null;
  const progress = current?.progress ?? course.progress;
  const chapters = withLive(loaded.chapters, current);
  // The steps go through what this player plays: a live lesson is in the list, with its room's link.
  const periods = flattenPeriods(chapters).filter((p) => !isLivePeriod(p));
  const index = periods.findIndex((p) => p.id === periodId);
  const period = periods[index];
  const previous = index > 0 ? periods[index - 1] : undefined;
  const next = index >= 0 ? periods[index + 1] : undefined;

  const onAnswer = (answer: ProgressAnswer) => {
    setLive((prev) => {
      const base = prev?.source === loaded ? prev : { source: loaded, progress: course.progress, periods: {} };
      return {
        ...base,
        // A plain tick leaves the course as it was (null).
        progress: answer.course ?? base.progress,
        periods: {
          ...base.periods,
          [periodId ?? 0]: {
            percent: answer.percent,
            completed: answer.completed,
            furthestSeconds: answer.furthestSeconds,
          },
        },
      };
    });
    if (answer.earned) {
      const text = format(website.studyScoreType === 2 ? t.earned : t.earnedCredits, {
        hours: answer.earned.creditHour,
        points: answer.earned.points,
      });
      setEarned(text);
      // The header menu's hours and points: the next page asks the server again.
      forgetRootData();
      void import('../features/antd/feedback.tsx').then((m) => m.showSuccess(text, website.websiteThemeColor, lang));
    }
  };

  const courseHref = task
    ? `${localePath('/watch/task', lang)}?id=${task.taskId}&itemId=${task.itemId}`
    : `${localePath('/knowledge/course/info', lang)}?id=${course.id}`;
  const stepLink = (target: CoursePeriod | undefined, label: string, className: string) =>
    target?.playable ? (
      <Link className={`portal-watch-button ${className}`} to={playerPath(lang, course.id, target.id, task)}>
        {label}
      </Link>
    ) : (
      <span className={`portal-watch-button ${className} is-disabled`} aria-disabled="true">
        {label}
      </span>
    );

  return (
    <div className="portal-watch">
      <header className="portal-watch-head">
        {/* After earning, the next page loads whole: the header's hours come fresh from the server. */}
        <Link className="portal-watch-back" to={courseHref}>
          ‹ {task ? t.backToTask : t.back}
        </Link>
        <h1 className="portal-watch-title">{course.title}</h1>
        <div className="portal-watch-progress">
          <span id="portal-watch-progress-label">{t.courseProgress}</span>
          <div
            className="portal-watch-bar"
            role="progressbar"
            aria-labelledby="portal-watch-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
          >
            <div className="portal-watch-bar-fill" style={{ width: `${progress.percent}%` }} />
          </div>
          <span className="portal-watch-progress-value">
            {progress.completed
              ? t.completed
              : format(t.progressValue, {
                  percent: progress.percent,
                  done: progress.completedPeriods,
                  total: progress.requiredPeriods,
                })}
          </span>
        </div>
        {earned && (
          <p className="portal-watch-earned" role="status">
            {earned}
          </p>
        )}
      </header>
      <div className="portal-watch-body">
        <section className="portal-watch-stage" aria-labelledby="portal-watch-period-title">
          {period ? (
            <>
              <h2 id="portal-watch-period-title" className="portal-watch-period-title">
                <span className="portal-period-kind">{periodKind(period, t)}</span>
                {period.title}
              </h2>
              {period.playable ? (
                <PeriodStudy
                  key={`${period.id}:${attempt}`}
                  courseId={course.id}
                  period={period}
                  config={config}
                  onAnswer={onAnswer}
                  onReopen={() => setAttempt((n) => n + 1)}
                />
              ) : (
                <p className="portal-watch-note portal-video-failed" role="alert">
                  {errorText(course.bought ? ErrorCode.STUDY_RESOURCE_LOCKED : ErrorCode.COURSE_NOT_BOUGHT, lang)}
                </p>
              )}
              <div className="portal-watch-steps">
                {stepLink(previous, t.previous, 'portal-watch-prev')}
                {stepLink(next, t.next, 'portal-watch-next')}
              </div>
            </>
          ) : (
            <p id="portal-watch-period-title" className="portal-watch-note">
              {t.noPeriods}
            </p>
          )}
        </section>
        <aside className="portal-watch-side">
          <button
            type="button"
            className="portal-watch-button portal-watch-assistant"
            onClick={assistant.open}
            onPointerEnter={preloadAssistant}
            onFocus={preloadAssistant}
          >
            {ta.ask}
          </button>
          {assistant.drawer}
          <PeriodList
            chapters={chapters}
            currentId={periodId ?? 0}
            href={(p) => playerPath(lang, course.id, p.id, task)}
          />
        </aside>
      </div>
    </div>
  );
}
