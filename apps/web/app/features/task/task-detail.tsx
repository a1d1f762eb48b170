import { Link } from 'react-router';
import { App, Button } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { TaskStatusLabel, TaskType, saveTaskMark, type StudyTaskDetail } from '@portal/contract/calls/task';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import { useAction } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { certificatesPath } from '../exam/exam-paths.ts';
import { RichContent } from '../rich-content/rich-content.tsx';
import { TaskComments } from './task-comments.tsx';
import { taskMessages } from './task-messages.ts';
import {
  TaskItemList,
  TaskStatusTag,
  downloadTaskFile,
  isDownloadable,
  nextItemOf,
  rewardText,
} from './task-parts.tsx';
import { taskPlayerPath, trainingSectionPath } from './task-paths.ts';
import './task.css';

const FINISHED: number[] = [TaskStatusLabel.COMPLETED, TaskStatusLabel.PASSED];

/**
 * /account/task/info?id= (issue 20 item 2): one assigned task — cover, type, window, status label,
 * progress, what completing earns (and, once complete, what it earned), the introduction, the items
 * in order with their resource type, required or not, the learner's state and the locked ones
 * shown locked; 开始学习 / 继续学习 into the task player at the item to go on with; the learner's
 * mark; downloads (the task's files as one archive, one item's file) by signed links asked for at
 * the click; a coaching task's mentor and confirmations; the comments.
 */
export function TaskDetail({ task, onChanged }: { task: StudyTaskDetail; onChanged: () => void }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const { website } = useSite();
  const hours = website.studyScoreType === 2;
  const finished = FINISHED.includes(task.statusLabel);
  const next = nextItemOf(task);
  const reward = rewardText(task, t, hours, lang);
  const anyDownload = task.items.some(isDownloadable);

  const mark = useAction(async () => {
    const answer = await request(saveTaskMark, { taskId: task.id, marked: !task.marked });
    void message.success(answer.marked ? t.markDone : t.unmarkDone);
    onChanged();
    return answer;
  });
  const download = useAction(async (target: { taskId: number } | { itemId: number }) => {
    await downloadTaskFile(target);
    void message.success(t.downloaded);
    // The items' download counts follow.
    onChanged();
    return true;
  });

  const startLabel = finished
    ? t.review
    : task.statusLabel === TaskStatusLabel.NOT_STARTED && task.progressPercent === 0
      ? t.start
      : t.continue;

  return (
    <div className="portal-task-page">
      <p className="portal-task-back">
        <Link to={trainingSectionPath(lang, 'task')}>‹ {t.back}</Link>
      </p>
      <div className="portal-task-head">
        {task.cover && <img className="portal-task-cover" src={task.cover} alt={t.cover} />}
        <div className="portal-task-head-text">
          <div className="portal-task-title-row">
            <h1 className="portal-page-title">{task.title}</h1>
            <TaskStatusTag statusLabel={task.statusLabel} />
          </div>
          <dl className="portal-task-facts">
            <div>
              <dt>{t.type}</dt>
              <dd>
                {enumLabel('taskType', task.taskType, lang)}
                {task.ordered && <span className="portal-task-badge">{t.ordered}</span>}
                {task.timed && <span className="portal-task-badge">{t.timed}</span>}
              </dd>
            </div>
            <div>
              <dt>{t.windowLabel}</dt>
              <dd>{format(t.window, { from: dateTime(task.startsAt), to: dateTime(task.endsAt) })}</dd>
            </div>
            <div>
              <dt id="task-progress-label">{t.progress}</dt>
              <dd className="portal-task-progress">
                <span
                  className="portal-task-bar"
                  role="progressbar"
                  aria-labelledby="task-progress-label"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={task.progressPercent}
                >
                  <span className="portal-task-bar-fill" style={{ width: `${task.progressPercent}%` }} />
                </span>
                <span data-testid="task-progress">
                  {format(t.progressValue, {
                    percent: task.progressPercent,
                    done: task.requiredDone,
                    total: task.requiredCount,
                  })}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t.reward}</dt>
              <dd>{reward || t.noReward}</dd>
            </div>
            {task.taskType === TaskType.COACHING && (
              <div>
                <dt>{t.mentor}</dt>
                <dd data-testid="task-mentor">
                  {task.mentor ? task.mentor.name : t.noMentor}
                  {task.mentor && (
                    <span className="portal-task-muted">
                      {' · '}
                      {format(t.confirmedSteps, {
                        n: task.items.filter((i) => i.confirmed).length,
                        total: task.items.length,
                      })}
                    </span>
                  )}
                </dd>
              </div>
            )}
          </dl>
          <div className="portal-task-actions">
            {next && (
              <LinkButton type="primary" to={taskPlayerPath(lang, task.id, next.id)}>
                {startLabel}
              </LinkButton>
            )}
            <Button
              aria-pressed={task.marked}
              icon={task.marked ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
              loading={mark.running}
              onClick={() => void mark.run()}
            >
              {task.marked ? t.marked : t.mark}
            </Button>
            {anyDownload && (
              <Button
                icon={<DownloadOutlined aria-hidden="true" />}
                loading={download.running}
                onClick={() => void download.run({ taskId: task.id })}
              >
                {t.downloadAll}
              </Button>
            )}
          </div>
        </div>
      </div>
      {finished && (
        <div className="portal-task-complete" role="status" data-testid="task-complete">
          <strong>{t.completedTitle}</strong>
          {task.completedAt && <span> · {format(t.completedAt, { time: dateTime(task.completedAt) })}</span>}
          {reward && <span> · {format(t.completedText, { what: reward })}</span>}
          {task.certificateId !== null && (
            <>
              {' · '}
              <Link to={certificatesPath(lang)}>{t.certificateLink}</Link>
            </>
          )}
        </div>
      )}
      {task.statusLabel === TaskStatusLabel.MISSED && (
        <p className="portal-task-missed" role="status">
          {t.missed}
        </p>
      )}
      <section aria-labelledby="task-intro-title" className="portal-task-section">
        <h2 id="task-intro-title">{t.intro}</h2>
        {task.intro ? <RichContent html={task.intro} /> : <p className="portal-task-muted">{t.noIntro}</p>}
      </section>
      <section aria-labelledby="task-items-title" className="portal-task-section">
        <h2 id="task-items-title">
          {t.items}
          <span className="portal-task-count">
            {format(t.itemsCount, { n: task.items.length, required: task.items.filter((i) => i.required).length })}
          </span>
        </h2>
        <TaskItemList
          task={task}
          href={(item) => taskPlayerPath(lang, task.id, item.id)}
          extra={(item) =>
            isDownloadable(item) ? (
              <span className="portal-task-item-extra">
                <span className="portal-task-muted">{format(t.downloads, { n: item.downloadCount })}</span>
                <Button
                  size="small"
                  icon={<DownloadOutlined aria-hidden="true" />}
                  aria-label={`${t.download} ${item.title}`}
                  onClick={() => void download.run({ itemId: item.id })}
                >
                  {t.download}
                </Button>
              </span>
            ) : null
          }
        />
      </section>
      {task.commentsOpen ? <TaskComments taskId={task.id} /> : <p className="portal-task-muted">{t.commentsClosed}</p>}
    </div>
  );
}
