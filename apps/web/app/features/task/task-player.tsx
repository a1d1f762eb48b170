import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { App, Button } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import {
  TaskResourceType,
  TaskStatusLabel,
  TaskType,
  saveTaskProgress,
  type StudyTaskDetail,
  type StudyTaskItem,
} from '@portal/contract/calls/task';
import { startPractice } from '@portal/contract/calls/practice';
import { findCheckInPlans } from '@portal/contract/calls/check-in';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { examPagePath } from '../exam/exam-paths.ts';
import { practiceDetailPath } from '../practice/practice-paths.ts';
import { taskMessages } from './task-messages.ts';
import { TaskItemList, TaskStatusTag, downloadTaskFile, itemState, nextItemOf } from './task-parts.tsx';
import { checkInsPath, taskCoursePath, taskInfoPath, taskPlayerPath } from './task-paths.ts';
import '../player/player.css';
import './task.css';

// pdf.js loads with a document item only.
const PdfViewer = lazy(() => import('../player/pdf-viewer.tsx'));

const FINISHED: number[] = [TaskStatusLabel.COMPLETED, TaskStatusLabel.PASSED];
const isPdf = (item: StudyTaskItem) => /\.pdf$/i.test(item.fileName) || /\.pdf(\?|$)/i.test(item.previewUrl);

/**
 * The task player (/watch/task?id=&itemId=, blank layout; issue 20 item 2): the task's items in
 * order beside the item shown. A course item opens in the course player (/watch/course, which keeps
 * the task to come back to); a material item is previewed here (a PDF with pdf.js; its last page
 * shown saves it read, progress 100) or downloaded; an exam item shows its state and opens the exam
 * task; an exercise starts a practice round of its set; a check-in item shows its count and links
 * to my check-ins. A locked item is not openable. The task is loaded again whenever the learner
 * comes back to the page (from the exam, the course, the practice), so the next item opens as soon
 * as the one before is done.
 */
export function TaskPlayer({ task, itemId }: { task: StudyTaskDetail; itemId: number | null }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const revalidator = useRevalidator();
  const item = task.items.find((i) => i.id === itemId) ?? nextItemOf(task);
  const index = item ? task.items.indexOf(item) : -1;
  const previous = index > 0 ? task.items[index - 1] : undefined;
  const next = index >= 0 ? task.items[index + 1] : undefined;
  const finished = FINISHED.includes(task.statusLabel);

  // Back from another tab (the exam, a download): the items' state may have changed.
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && latest.current.state === 'idle') void latest.current.revalidate();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const stepLink = (target: StudyTaskItem | undefined, label: string, className: string) =>
    target && !target.locked ? (
      <Link className={`portal-watch-button ${className}`} to={taskPlayerPath(lang, task.id, target.id)}>
        {label}
      </Link>
    ) : (
      <span className={`portal-watch-button ${className} is-disabled`} aria-disabled="true">
        {label}
      </span>
    );

  return (
    <div className="portal-watch portal-task-player">
      <header className="portal-watch-head">
        <Link className="portal-watch-back" to={taskInfoPath(lang, task.id)}>
          ‹ {t.backToTask}
        </Link>
        <h1 className="portal-watch-title">{task.title}</h1>
        <div className="portal-watch-progress">
          <TaskStatusTag statusLabel={task.statusLabel} />
          <span id="portal-task-progress-label">{t.progress}</span>
          <div
            className="portal-watch-bar"
            role="progressbar"
            aria-labelledby="portal-task-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={task.progressPercent}
          >
            <div className="portal-watch-bar-fill" style={{ width: `${task.progressPercent}%` }} />
          </div>
          <span className="portal-watch-progress-value" data-testid="task-progress">
            {format(t.progressValue, {
              percent: task.progressPercent,
              done: task.requiredDone,
              total: task.requiredCount,
            })}
          </span>
        </div>
        {finished && (
          <p className="portal-watch-earned" role="status" data-testid="task-complete">
            {t.completedTitle}
          </p>
        )}
      </header>
      <div className="portal-watch-body">
        <section className="portal-watch-stage portal-task-stage" aria-labelledby="portal-task-item-title">
          {item ? (
            <>
              <h2 id="portal-task-item-title" className="portal-watch-period-title">
                <span className="portal-period-kind">{enumLabel('resourceType', item.resourceType, lang)}</span>
                {item.title}
              </h2>
              <p className="portal-task-item-status" data-testid="task-item-state">
                {itemState(item, task.taskType === TaskType.COACHING, t)}
              </p>
              {item.locked ? (
                <p className="portal-watch-note" role="status">
                  {t.itemLocked}
                </p>
              ) : (
                <ItemStage key={item.id} task={task} item={item} onProgress={() => void revalidator.revalidate()} />
              )}
              <div className="portal-watch-steps">
                {stepLink(previous, t.previous, 'portal-watch-prev')}
                {stepLink(next, t.next, 'portal-watch-next')}
              </div>
            </>
          ) : (
            <p id="portal-task-item-title" className="portal-watch-note">
              {t.chooseItem}
            </p>
          )}
        </section>
        <aside className="portal-watch-side" aria-labelledby="portal-task-items-title">
          <h2 id="portal-task-items-title" className="portal-watch-side-title">
            {t.itemList}
          </h2>
          <TaskItemList task={task} current={item?.id} href={(i) => taskPlayerPath(lang, task.id, i.id)} />
        </aside>
      </div>
    </div>
  );
}

/** One open item as the player shows it, by resource type. */
function ItemStage({ task, item, onProgress }: { task: StudyTaskDetail; item: StudyTaskItem; onProgress: () => void }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [read, setRead] = useState(item.done);

  const save = useAction(async (progressPercent: number) => {
    const answer = await request(saveTaskProgress, { taskId: task.id, itemId: item.id, progressPercent });
    if (answer.item.done) {
      setRead(true);
      void message.success(t.itemDone);
    }
    onProgress();
    return answer;
  });
  const download = useAction(async () => {
    await downloadTaskFile({ itemId: item.id });
    void message.success(t.downloaded);
    // A file that cannot be previewed is read once it is downloaded.
    if (!item.done) await save.run(100);
    return true;
  });
  const practise = useAction(async () => {
    const started = await request(startPractice, { setId: item.resourceId });
    await navigate(practiceDetailPath(started.recordId, lang));
    return started;
  });

  switch (item.resourceType) {
    case TaskResourceType.COURSE:
      return (
        <div className="portal-task-open">
          <p className="portal-watch-note">{item.done ? t.courseDone : t.courseHint}</p>
          <LinkButton type="primary" to={taskCoursePath(lang, item.resourceId, task.id, item.id)}>
            {t.openCourse}
          </LinkButton>
        </div>
      );
    case TaskResourceType.MATERIAL:
      return (
        <div className="portal-task-material">
          {!item.done && <p className="portal-watch-note">{t.documentHint}</p>}
          {item.previewUrl && isPdf(item) ? (
            <Suspense fallback={<p className="portal-watch-note">…</p>}>
              <PdfViewer
                url={item.previewUrl}
                name={item.fileName || item.title}
                onPage={(page, pages) => {
                  if (page >= pages && !read && !save.running) {
                    setRead(true);
                    void save.run(100);
                  }
                }}
              />
            </Suspense>
          ) : (
            <p className="portal-watch-note">{t.noPreview}</p>
          )}
          {item.downloadable && (
            <Button
              icon={<DownloadOutlined aria-hidden="true" />}
              loading={download.running}
              onClick={() => void download.run()}
            >
              {t.download}
            </Button>
          )}
        </div>
      );
    case TaskResourceType.EXAM_TASK:
    case TaskResourceType.EXAM_PAPER:
      return (
        <div className="portal-task-open">
          <p className="portal-watch-note">
            {item.done ? t.examPassed : item.attemptsLeft ? t.examHint : t.noAttemptsLeft}
          </p>
          {item.examTaskId !== null && (
            <LinkButton
              type="primary"
              to={examPagePath('info', lang, { id: item.examTaskId, fromTask: { taskId: task.id, itemId: item.id } })}
            >
              {t.openExam}
            </LinkButton>
          )}
        </div>
      );
    case TaskResourceType.EXERCISE:
      return (
        <div className="portal-task-open">
          <p className="portal-watch-note">{t.practiceHint}</p>
          <Button type="primary" loading={practise.running} onClick={() => void practise.run()}>
            {t.openPractice}
          </Button>
        </div>
      );
    case TaskResourceType.CHECK_IN:
      return (
        <div className="portal-task-open">
          <p className="portal-watch-note">{t.checkInHint}</p>
          <CheckInPlan item={item} />
          <LinkButton type="primary" to={checkInsPath(lang)}>
            {t.openCheckIn}
          </LinkButton>
        </div>
      );
    default:
      return <p className="portal-watch-note">{t.otherHint}</p>;
  }
}

/**
 * A check-in item's plan as my check-ins show it (the learner's plan of the item's resource id):
 * its dates, weekdays, daily window, check-ins made of those required and the streaks.
 */
function CheckInPlan({ item }: { item: StudyTaskItem }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const { data } = useLoad(
    (signal) =>
      request(findCheckInPlans, { pageCurrent: 1, pageSize: 1, state: 0, planId: item.resourceId }, { signal }),
    [item.id, item.resourceId],
  );
  const plan = data?.list.find((p) => p.planId === item.resourceId);
  if (!plan) return null;
  const days = plan.weekdays
    .map((d) => t[`weekday${d}` as keyof typeof t] ?? String(d))
    .join(lang === 'en' ? ', ' : '、');
  return (
    <dl className="portal-task-plan" data-testid="task-check-in-plan">
      <div>
        <dt>{t.planDates}</dt>
        <dd>{format(t.window, { from: plan.startsOn, to: plan.endsOn })}</dd>
      </div>
      <div>
        <dt>{t.planDays}</dt>
        <dd>{days}</dd>
      </div>
      <div>
        <dt>{t.planWindow}</dt>
        <dd>{format(t.window, { from: plan.windowStart, to: plan.windowEnd })}</dd>
      </div>
      <div>
        <dt>{t.planMade}</dt>
        <dd>{format(t.checkIns, { made: plan.madeCount, required: plan.requiredCount })}</dd>
      </div>
      <div>
        <dt>{t.planStreak}</dt>
        <dd>{format(t.streakValue, { current: plan.currentStreak, best: plan.bestStreak })}</dd>
      </div>
    </dl>
  );
}
