import { Link, useSearchParams } from 'react-router';
import { App, Avatar, Button, Empty, Input, Pagination, Progress, Segmented, Spin } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
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
import { useAction, useCall } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { coursePath, watchPath } from '../course/course-card.tsx';
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
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('status'));
  const status: Status = STATUSES.find((s) => s === asked) ?? StudyStatus.ALL;
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 50);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filter = { status, ...(keyword ? { keyword } : {}) };
  const { data } = useCall(findCourseProgress, { ...filter, pageCurrent: page, pageSize: STUDY_PAGE_SIZE });

  const go = (next: { status?: Status; keyword?: string; page?: number }) => {
    const q = new URLSearchParams(params);
    const s = next.status ?? status;
    const k = next.keyword ?? keyword;
    const p = next.page ?? 1;
    if (s === StudyStatus.ALL) q.delete('status');
    else q.set('status', String(s));
    if (k) q.set('keyword', k);
    else q.delete('keyword');
    if (p === 1) q.delete('page');
    else q.set('page', String(p));
    setParams(q);
  };

  const exporting = useAction(async () => {
    const record = await request(exportCourseProgress, filter);
    void message.success(t.exported);
    return record;
  });

  return (
    <div className="portal-study">
      <div className="portal-study-main">
        <div className="portal-study-bar">
          <Segmented<Status>
            aria-label={t.status}
            value={status}
            onChange={(s) => go({ status: s })}
            options={STATUSES.map((s) => ({ value: s, label: t[`status${s}`] }))}
          />
          <div role="search" className="portal-study-search">
            <Input.Search
              key={keyword}
              defaultValue={keyword}
              aria-label={t.keyword}
              placeholder={t.keywordPlaceholder}
              maxLength={50}
              allowClear
              onSearch={(value) => go({ keyword: value.trim() })}
            />
          </div>
          <Button
            icon={<ExportOutlined aria-hidden="true" />}
            loading={exporting.running}
            onClick={() => void exporting.run()}
          >
            {t.export}
          </Button>
        </div>
        {data === undefined ? (
          <Spin />
        ) : data.list.length === 0 ? (
          <Empty description={status === StudyStatus.MARKED ? t.emptyMarked : t.empty} />
        ) : (
          <ul className="portal-study-list" aria-label={t.list}>
            {data.list.map((c) => (
              <CourseRow key={c.courseId} course={c} />
            ))}
          </ul>
        )}
        {data && data.totalCount > STUDY_PAGE_SIZE && (
          <Pagination
            className="portal-study-pager"
            current={page}
            pageSize={STUDY_PAGE_SIZE}
            total={data.totalCount}
            showSizeChanger={false}
            onChange={(p) => go({ page: p })}
          />
        )}
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
