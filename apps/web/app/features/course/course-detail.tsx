import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Empty, Progress, Tabs } from 'antd';
import LikeFilled from '@ant-design/icons/LikeFilled';
import LikeOutlined from '@ant-design/icons/LikeOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import {
  admireCourse,
  saveCourseMark,
  viewCourse,
  type CourseChapter,
  type CourseDetail,
} from '@portal/contract/calls/study';
import { request } from '../../lib/api.ts';
import { useAction } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import { dateTime } from '../../lib/date-time.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { launcherMessages, preloadAssistant, useAssistantDrawer } from '../assistant/launcher.tsx';
import { featuredRoom } from '../live/live-clock.ts';
import { liveMessages } from '../live/live-messages.ts';
import { livePath } from '../live/live-parts.tsx';
import { liveRoomOf, playsInPlayer } from '../player/period-list.tsx';
import { RichContent } from '../rich-content/rich-content.tsx';
import { CourseCatalog } from './course-catalog.tsx';
import { CourseComments } from './course-comments.tsx';
import { watchPath } from './course-card.tsx';
import { clock, courseMessages, periodCountText } from './course-messages.ts';
import './course-detail.css';

type Live = Partial<Pick<CourseDetail, 'admired' | 'admireCount' | 'marked' | 'averageRating' | 'commentCount'>>;

/**
 * Where 开始学习 / 继续学习 goes: the period last studied, else the first the learner may play (the
 * player's: a live lesson is watched in its room).
 */
export function startPeriod(course: CourseDetail, chapters: CourseChapter[] | null): number | null {
  const periods = (chapters ?? []).flatMap((c) => c.periods).filter(playsInPlayer);
  const last = periods.find((p) => p.id === course.progress.lastPeriodId);
  return (last ?? periods[0])?.id ?? null;
}

/**
 * The course page: cover, title, lecturers, learners, what completing it earns, the learner's
 * progress and the way in (start or continue, or the price and 立即购买 for a priced course not
 * bought); admire and 收藏 toggles; the introduction, the contents and the reviews as tabs.
 */
export function CourseDetailPage({
  course: loaded,
  chapters,
}: {
  course: CourseDetail;
  chapters: CourseChapter[] | null;
}) {
  const t = useMessages(courseMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const { website } = useSite();
  // What the learner changes here, over what the page was loaded with.
  const [live, setLive] = useState<Live>({});
  const course = { ...loaded, ...live };
  const { progress } = course;
  const priced = !course.bought && course.price > 0;
  const startId = startPeriod(course, chapters);
  // A course of live lessons only: 进入直播间 opens the room live now, or the next.
  const room =
    startId === null
      ? featuredRoom(
          (chapters ?? []).flatMap((c) => c.periods.filter((p) => p.playable).flatMap((p) => liveRoomOf(p) ?? [])),
        )
      : null;
  const tl = useMessages(liveMessages);
  // 问AI助手: the study assistant's drawer, the course's title suggested as a first question.
  const assistant = useAssistantDrawer(course.title);
  const ta = useMessages(launcherMessages);

  const admire = useAction(async () => {
    const r = await request(admireCourse, { courseId: course.id });
    setLive((l) => ({ ...l, ...r }));
  });
  const mark = useAction(async () => {
    const r = await request(saveCourseMark, { courseId: course.id, marked: !course.marked });
    setLive((l) => ({ ...l, marked: r.marked }));
    void message.success(r.marked ? t.markedToast : t.unmarkedToast);
  });
  // A review posted or deleted changes the average and the count.
  const refreshRating = async () => {
    const v = await request(viewCourse, { courseId: course.id }, { quiet: true });
    setLive((l) => ({ ...l, averageRating: v.averageRating, commentCount: v.commentCount }));
  };

  const credit = format(website.studyScoreType === 2 ? t.creditHours : t.credits, { n: course.creditHour });
  const tabs = [
    {
      key: 'intro',
      label: t.intro,
      children: course.intro ? <RichContent html={course.intro} /> : <Empty description={t.noIntro} />,
    },
    {
      key: 'catalog',
      label: t.catalog,
      children: <CourseCatalog course={course} chapters={chapters} />,
    },
    ...(course.commentsOpen
      ? [
          {
            key: 'comments',
            label: format(t.commentsCount, { n: course.commentCount }),
            children: (
              <CourseComments
                courseId={course.id}
                averageRating={course.averageRating}
                commentCount={course.commentCount}
                onChanged={refreshRating}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <article className="portal-page portal-course-detail" aria-labelledby="course-title">
      <header className="portal-course-head">
        <img
          className="portal-course-cover"
          src={course.coverUrl || '/demo/course-cover.svg'}
          alt=""
          width={400}
          height={225}
        />
        <div className="portal-course-summary">
          <h1 id="course-title" className="portal-page-title">
            {course.title}
          </h1>
          {course.summary && <p className="portal-course-lead">{course.summary}</p>}
          {course.lecturers.length > 0 && (
            <p className="portal-course-lecturers">
              {t.lecturers}
              {course.lecturers.map((l, i) => (
                <span key={l.id}>
                  {i > 0 && '、'}
                  <Link to={`${localePath('/lecturer/view/info', lang)}?lecturerId=${l.id}`}>{l.name}</Link>
                  {l.title && <span className="portal-course-lecturer-title">{l.title}</span>}
                </span>
              ))}
            </p>
          )}
          <p className="portal-course-facts">
            <span>{format(t.learners, { n: course.learnerCount })}</span>
            <span>{credit}</span>
            <span>{format(t.points, { n: course.points })}</span>
            <span>{periodCountText(t, course.periodCount, progress.requiredPeriods)}</span>
            {course.totalSeconds > 0 && <span>{format(t.duration, { time: clock(course.totalSeconds) })}</span>}
          </p>
          <div className="portal-course-progress">
            <span id="course-progress-label">{t.progress}</span>
            <Progress percent={progress.percent} aria-labelledby="course-progress-label" />
            <span className="portal-course-progress-text">
              {progress.completed && progress.completedAt
                ? format(t.completedAt, { time: dateTime(progress.completedAt) })
                : format(t.progressText, { done: progress.completedPeriods, total: progress.requiredPeriods })}
            </span>
          </div>
          {priced && (
            <p className="portal-course-price-line">
              <strong className="portal-course-price-tag">{format(t.price, { price: course.price.toFixed(2) })}</strong>
              <span>{t.notBought}</span>
            </p>
          )}
          <div className="portal-course-actions">
            {priced ? (
              <>
                <LinkButton type="primary" size="large" to={`${localePath('/pay/buy', lang)}?courseId=${course.id}`}>
                  {t.buy}
                </LinkButton>
                {startId !== null && (
                  <LinkButton size="large" to={watchPath(course.id, startId, lang)}>
                    {t.trial}
                  </LinkButton>
                )}
              </>
            ) : startId !== null ? (
              <LinkButton type="primary" size="large" to={watchPath(course.id, startId, lang)}>
                {progress.started ? t.continue : t.start}
              </LinkButton>
            ) : (
              room && (
                <LinkButton type="primary" size="large" to={livePath(room.roomId, lang)}>
                  {tl.enterRoom}
                </LinkButton>
              )
            )}
            <Button
              size="large"
              icon={course.admired ? <LikeFilled aria-hidden="true" /> : <LikeOutlined aria-hidden="true" />}
              aria-pressed={course.admired}
              loading={admire.running}
              onClick={() => void admire.run()}
            >
              {course.admired ? t.admired : t.admire} {course.admireCount}
            </Button>
            <Button
              size="large"
              icon={course.marked ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
              aria-pressed={course.marked}
              loading={mark.running}
              onClick={() => void mark.run()}
            >
              {course.marked ? t.marked : t.mark}
            </Button>
            <Button
              size="large"
              icon={<RobotOutlined aria-hidden="true" />}
              onClick={assistant.open}
              onPointerEnter={preloadAssistant}
              onFocus={preloadAssistant}
            >
              {ta.ask}
            </Button>
          </div>
        </div>
      </header>
      <Tabs className="portal-course-tabs" items={tabs} aria-label={t.tabs} />
      {assistant.drawer}
    </article>
  );
}
