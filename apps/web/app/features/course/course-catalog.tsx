import { Link } from 'react-router';
import { Empty, Tag } from 'antd';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { PeriodType, type CourseChapter, type CourseDetail, type CoursePeriod } from '@portal/contract/calls/study';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { liveMessages } from '../live/live-messages.ts';
import { LiveStateTag, livePath } from '../live/live-parts.tsx';
import { liveRoomOf } from '../player/period-list.tsx';
import { watchPath } from './course-card.tsx';
import { clock, courseMessages } from './course-messages.ts';
import './course-detail.css';

const TYPE_ICONS = {
  [PeriodType.VIDEO]: PlayCircleOutlined,
  [PeriodType.DOCUMENT]: FilePdfOutlined,
  [PeriodType.IMAGE_TEXT]: FileTextOutlined,
  [PeriodType.LIVE]: VideoCameraOutlined,
} as const;

/** The label of a period's type: 视频, 文档 or 图文. */
function typeKey(periodType: number): 'type1' | 'type2' | 'type3' {
  return periodType === PeriodType.DOCUMENT ? 'type2' : periodType === PeriodType.IMAGE_TEXT ? 'type3' : 'type1';
}

/**
 * The course's contents: its chapters and their periods in order, each with its type, length
 * (videos), 试看 where a priced course lets it be tried, the learner's progress in it, and a link to
 * the player, or a lock where the course must be bought first. A live lesson shows its room's state
 * and start time and links to its room (/live/watch), never to the player.
 */
export function CourseCatalog({ course, chapters }: { course: CourseDetail; chapters: CourseChapter[] | null }) {
  const t = useMessages(courseMessages);
  if (chapters === null) {
    return (
      <p className="portal-news-note" role="alert">
        {t.catalogFailed}
      </p>
    );
  }
  if (chapters.every((c) => c.periods.length === 0)) return <Empty description={t.noPeriods} />;
  return (
    <div className="portal-course-catalog">
      {chapters.map((chapter) => (
        <section key={chapter.id} className="portal-course-chapter" aria-labelledby={`chapter-${chapter.id}`}>
          <h2 id={`chapter-${chapter.id}`} className="portal-course-chapter-title">
            {chapter.title}
          </h2>
          <ol className="portal-course-periods">
            {chapter.periods.map((p) => (
              <PeriodRow key={p.id} course={course} period={p} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function PeriodRow({ course, period: p }: { course: CourseDetail; period: CoursePeriod }) {
  const t = useMessages(courseMessages);
  const tl = useMessages(liveMessages);
  const lang = useLang();
  const Icon = TYPE_ICONS[p.periodType as keyof typeof TYPE_ICONS] ?? PlayCircleOutlined;
  const live = p.periodType === PeriodType.LIVE;
  const room = liveRoomOf(p);
  const type = live ? tl.periodLive : t[typeKey(p.periodType)];
  // A live lesson has no share to show: it is attended (已完成) or not yet.
  const state = p.completed
    ? t.periodDone
    : live
      ? ''
      : p.percent > 0
        ? format(t.periodPercent, { n: p.percent })
        : t.periodNew;
  return (
    <li className={p.playable ? 'portal-course-period' : 'portal-course-period is-locked'} data-period-id={p.id}>
      <span className={live ? 'portal-course-period-type is-live' : 'portal-course-period-type'}>
        <Icon aria-hidden="true" />
        {type}
      </span>
      {p.playable && room ? (
        <Link className="portal-course-period-title" to={livePath(room.roomId, lang)}>
          {p.title}
        </Link>
      ) : p.playable && !live ? (
        <Link className="portal-course-period-title" to={watchPath(course.id, p.id, lang)}>
          {p.title}
        </Link>
      ) : (
        <span className="portal-course-period-title">
          {p.title}
          <LockOutlined className="portal-course-lock" aria-label={t.locked} role="img" />
        </span>
      )}
      {p.freeTrial && !course.bought && <Tag className="portal-course-trial">{t.freeTrial}</Tag>}
      {/* Not counted in the course's progress: said, so the counts beside the progress add up. */}
      {!p.required && <Tag className="portal-course-optional">{t.optional}</Tag>}
      {room && (
        <span className="portal-period-live">
          <LiveStateTag state={room.state} />
          <time className="portal-course-period-length" dateTime={room.startsAt}>
            {format(tl.startsAt, { time: dateTime(room.startsAt) })}
          </time>
        </span>
      )}
      {p.periodType === PeriodType.VIDEO && p.durationSeconds > 0 && (
        <span className="portal-course-period-length">{format(t.length, { time: clock(p.durationSeconds) })}</span>
      )}
      <span className={p.completed ? 'portal-course-period-state is-done' : 'portal-course-period-state'}>
        {p.completed && <CheckCircleFilled aria-hidden="true" />} {state}
      </span>
    </li>
  );
}
