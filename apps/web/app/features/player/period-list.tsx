import { Link } from 'react-router';
import { PeriodType, type CourseChapter, type CoursePeriod } from '@portal/contract/calls/study';
import { useMessages } from '../../lib/i18n.ts';
import { playerMessages } from './player-messages.ts';
import { clock } from './transcript-panel.tsx';

/** The periods of a course in their order, chapter after chapter. */
export function flattenPeriods(chapters: readonly CourseChapter[]): CoursePeriod[] {
  return chapters.flatMap((c) => c.periods);
}

export function periodKind(
  period: Pick<CoursePeriod, 'periodType'>,
  t: Record<'video' | 'document' | 'imageText', string>,
) {
  return period.periodType === PeriodType.VIDEO
    ? t.video
    : period.periodType === PeriodType.DOCUMENT
      ? t.document
      : t.imageText;
}

/**
 * The course's contents beside the player: chapters and their periods with kind, length and the
 * learner's progress (percent, or 已完成); the current one marked; locked ones (a priced course
 * not bought, outside the free trial) shown but not clickable.
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
              const body = (
                <>
                  <span className="portal-period-title">{period.title}</span>
                  <span className="portal-period-meta">
                    <span className="portal-period-kind">{periodKind(period, t)}</span>
                    {period.periodType === PeriodType.VIDEO && period.durationSeconds > 0 && (
                      <span>{clock(period.durationSeconds)}</span>
                    )}
                    {period.freeTrial && !period.completed && <span>{t.freeTrial}</span>}
                    <span className={period.completed ? 'portal-period-state is-done' : 'portal-period-state'}>
                      {!period.playable ? t.locked : period.completed ? t.completed : `${period.percent}%`}
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
                  {period.playable ? (
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
