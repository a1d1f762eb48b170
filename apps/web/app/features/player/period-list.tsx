import { Link } from 'react-router';
import { PeriodType, type CourseChapter, type CoursePeriod } from '@portal/contract/calls/study';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { liveMessages } from '../live/live-messages.ts';
import { LiveStateTag, livePath } from '../live/live-parts.tsx';
import { playerMessages } from './player-messages.ts';
import { clock } from './transcript-panel.tsx';

/** The periods of a course in their order, chapter after chapter. */
export function flattenPeriods(chapters: readonly CourseChapter[]): CoursePeriod[] {
  return chapters.flatMap((c) => c.periods);
}

/**
 * A live lesson (period type 4) is watched in its room (/live/watch), never by the course player:
 * its room, or null for any other period.
 */
export function liveRoomOf(
  period: Pick<CoursePeriod, 'periodType' | 'live'>,
): NonNullable<CoursePeriod['live']> | null {
  return isLivePeriod(period) ? period.live : null;
}

/** A live lesson: watched in its room, never by the course player (the server answers 404 there). */
export function isLivePeriod(period: Pick<CoursePeriod, 'periodType'>): boolean {
  return period.periodType === PeriodType.LIVE;
}

/** A period the course player plays: playable and not a live lesson. */
export function playsInPlayer(period: Pick<CoursePeriod, 'periodType' | 'playable'>): boolean {
  return period.playable && !isLivePeriod(period);
}

export function periodKind(
  period: Pick<CoursePeriod, 'periodType'>,
  t: Record<'video' | 'document' | 'imageText' | 'live', string>,
) {
  return period.periodType === PeriodType.VIDEO
    ? t.video
    : period.periodType === PeriodType.DOCUMENT
      ? t.document
      : period.periodType === PeriodType.LIVE
        ? t.live
        : t.imageText;
}

/**
 * The course's contents beside the player: chapters and their periods with kind, length and the
 * learner's progress (percent, or 已完成); the current one marked; locked ones (a priced course
 * not bought, outside the free trial) shown but not clickable. A live lesson shows its room's
 * state and start and links to its room.
 */
export function PeriodList({
  chapters,
  currentId,
  href,
}: {
  chapters: CourseChapter[];
  currentId: number;
  href(period: CoursePeriod): string;
}) {
  const t = useMessages(playerMessages);
  const tl = useMessages(liveMessages);
  const lang = useLang();
  if (chapters.every((c) => c.periods.length === 0)) return <p className="portal-watch-note">{t.noPeriods}</p>;
  return (
    <nav className="portal-periods" aria-labelledby="portal-periods-title">
      <h2 id="portal-periods-title" className="portal-watch-side-title">
        {t.periods}
      </h2>
      {chapters.map((chapter) => (
        <section key={chapter.id} className="portal-periods-chapter" aria-label={chapter.title}>
          <h3 className="portal-periods-chapter-title">{chapter.title}</h3>
          <ol className="portal-periods-list">
            {chapter.periods.map((period) => {
              const current = period.id === currentId;
              const room = liveRoomOf(period);
              const body = (
                <>
                  <span className="portal-period-title">{period.title}</span>
                  <span className="portal-period-meta">
                    <span className="portal-period-kind">{periodKind(period, t)}</span>
                    {room && <LiveStateTag state={room.state} />}
                    {room && (
                      <time dateTime={room.startsAt}>{format(tl.startsAt, { time: dateTime(room.startsAt) })}</time>
                    )}
                    {period.periodType === PeriodType.VIDEO && period.durationSeconds > 0 && (
                      <span>{clock(period.durationSeconds)}</span>
                    )}
                    {period.freeTrial && !period.completed && <span>{t.freeTrial}</span>}
                    <span className={period.completed ? 'portal-period-state is-done' : 'portal-period-state'}>
                      {!period.playable ? t.locked : period.completed ? t.completed : room ? '' : `${period.percent}%`}
                    </span>
                  </span>
                </>
              );
              const className = [
                'portal-period',
                current ? 'is-current' : '',
                period.playable ? '' : 'is-locked',
                period.completed ? 'is-completed' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <li key={period.id}>
                  {period.playable && room ? (
                    <Link className={className} to={livePath(room.roomId, lang)}>
                      {body}
                    </Link>
                  ) : playsInPlayer(period) ? (
                    <Link className={className} to={href(period)} aria-current={current ? 'page' : undefined}>
                      {body}
                    </Link>
                  ) : (
                    <span className={className} aria-disabled="true">
                      {body}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </nav>
  );
}
