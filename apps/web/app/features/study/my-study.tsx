import { Link } from 'react-router';
import { Avatar, Progress, Spin } from 'antd';
import {
  STUDY_PAGE_SIZE,
  StudyAction,
  StudyStatus,
  exportCourseProgress,
  findCourseProgress,
  findStudyDynamics,
  type MyCourse,
} from '@portal/contract/calls/study';
import { relativeTime } from '@portal/contract/relative-time';
import { request } from '../../lib/api.ts';
import { useCall } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { coursePath, watchPath } from '../course/course-card.tsx';
import { FilteredPagedList, type ListQuery } from '../paging/filtered-paged-list.tsx';
import { quoted, studiedTime, studyMessages } from './study-messages.ts';
import './study.css';

const STATUSES = [StudyStatus.ALL, StudyStatus.LEARNING, StudyStatus.COMPLETED, StudyStatus.MARKED] as const;
type Status = (typeof STATUSES)[number];
/** Study activity shown beside the list. */
const DYNAMICS_SHOWN = 10;
/** China time, as the server and every other date of the portal. */
const CHINA_OFFSET = { utcOffsetMinutes: 480 };

/**
 * My study (/account?change=1): the learner's courses (all, in progress, completed, favourites) by
 * keyword, last studied first, with progress, periods, time studied and the way back in; the
 * export of that list (a background job whose file the header's download list offers); the
 * enterprise's study activity beside it. Status, keyword and page are in the address.
 */
export function MyStudy() {
  const t = useMessages(studyMessages);
  const filterOf = ({ filter, keyword }: ListQuery<Status>) => ({ status: filter, ...(keyword ? { keyword } : {}) });
  return (
    <div className="portal-study">
      <div className="portal-study-main">
        <FilteredPagedList<MyCourse, Status>
          filters={{
            values: STATUSES,
            all: StudyStatus.ALL,
            ariaLabel: t.status,
            label: (s) => t[`status${s}`],
          }}
          load={(q, signal) =>
            request(
              findCourseProgress,
              { ...filterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize },
              { signal },
            )
          }
          pageSize={STUDY_PAGE_SIZE}
          rowKey={(c) => c.courseId}
          renderRow={(c) => <CourseRow course={c} />}
          texts={{
            keyword: t.keyword,
            keywordPlaceholder: t.keywordPlaceholder,
            list: t.list,
            empty: (s) => (s === StudyStatus.MARKED ? t.emptyMarked : t.empty),
          }}
          export={{ label: t.export, done: t.exported, run: (q) => request(exportCourseProgress, filterOf(q)) }}
        />
      </div>
      <StudyDynamics />
    </div>
  );
}

function CourseRow({ course: c }: { course: MyCourse }) {
  const t = useMessages(studyMessages);
  const lang = useLang();
  const page = coursePath(c.courseId, lang);
  const done = c.completedAt !== null;
  // Back where the learner left off (the player), else the course's page: a favourite not started
  // yet, or a course completed without a period on record.
  const to = c.lastPeriodId === null ? page : watchPath(c.courseId, c.lastPeriodId, lang);
  const label = done ? t.review : c.lastPeriodId === null ? t.start : t.continue;
  return (
    <li className="portal-study-item" data-course-id={c.courseId}>
      <Link to={page} className="portal-study-cover" tabIndex={-1} aria-hidden="true">
        <img src={c.coverUrl || '/demo/course-cover.svg'} alt="" width={192} height={108} loading="lazy" />
      </Link>
      <div className="portal-study-text">
        <h2 className="portal-study-title">
          <Link to={page}>{c.title}</Link>
        </h2>
        {c.lecturerName && <p className="portal-study-meta">{format(t.lecturer, { name: c.lecturerName })}</p>}
        <Progress
          className="portal-study-progress"
          percent={c.percent}
          size="small"
          aria-label={format(t.progress, { title: c.title })}
        />
        <p className="portal-study-meta">
          <span>{format(t.periods, { done: c.completedPeriods, total: c.requiredPeriods })}</span>
          <span>{format(t.studied, { time: studiedTime(c.studiedSeconds, t) })}</span>
          {done ? (
            <span>{format(t.completedAt, { time: dateTime(c.completedAt) })}</span>
          ) : c.lastStudiedAt ? (
            <span>{format(t.lastStudied, { time: dateTime(c.lastStudiedAt) })}</span>
          ) : (
            <span>{t.notStarted}</span>
          )}
        </p>
      </div>
      <LinkButton type={done ? 'default' : 'primary'} to={to} className="portal-study-go">
        {label}
      </LinkButton>
    </li>
  );
}

/** Who in the enterprise started or completed which course lately: 张三 完成了《课程》 · 3分钟前. */
function StudyDynamics() {
  const t = useMessages(studyMessages);
  const lang = useLang();
  const { data } = useCall(findStudyDynamics, { pageCurrent: 1, pageSize: DYNAMICS_SHOWN }, { quiet: true });
  const now = new Date();
  return (
    <aside className="portal-study-dynamics" aria-labelledby="study-dynamics-title">
      <h2 id="study-dynamics-title">{t.dynamics}</h2>
      {data === undefined ? (
        <Spin size="small" />
      ) : data.list.length === 0 ? (
        <p className="portal-study-dynamics-empty">{t.noDynamics}</p>
      ) : (
        <ol className="portal-study-dynamics-list">
          {data.list.map((d, i) => (
            <li key={`${d.gmtCreate}-${d.courseId}-${i}`}>
              <Avatar size="small" src={d.headPortrait || undefined} alt="">
                {d.userName.slice(0, 1)}
              </Avatar>
              <p>
                {format(d.action === StudyAction.COMPLETED ? t.completed : t.started, { name: d.userName })}{' '}
                <Link to={coursePath(d.courseId, lang)}>{quoted(d.courseTitle, lang)}</Link>
                <span className="portal-study-dynamics-time">
                  {' · '}
                  <time dateTime={d.gmtCreate} title={dateTime(d.gmtCreate)}>
                    {relativeTime(d.gmtCreate, now, lang, CHINA_OFFSET)}
                  </time>
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
