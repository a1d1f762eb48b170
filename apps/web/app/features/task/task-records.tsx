import { Link } from 'react-router';
import {
  TASK_PAGE_SIZE,
  TaskStatusLabel,
  countStudyTasks,
  exportTaskRelations,
  findStudyTasks,
  findTaskRelations,
  type StudyTaskCounts,
  type StudyTaskRow,
  type TaskRelationRow,
} from '@portal/contract/calls/task';
import {
  ProjectRecordLabel,
  exportProjectRecords,
  findProjectRecords,
  type ProjectRecord,
} from '@portal/contract/calls/project';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import { useLoad } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { FilteredPagedList, type ListQuery } from '../paging/filtered-paged-list.tsx';
import { taskMessages } from './task-messages.ts';
import { TaskStatusTag, hoursOf } from './task-parts.tsx';
import { projectInfoPath, taskInfoPath, taskPlayerPath } from './task-paths.ts';
import './task.css';

/** The filter's tabs: all, then the status labels a task can have (account-area.md section 3). */
const TASK_FILTERS = [
  0,
  TaskStatusLabel.NOT_STARTED,
  TaskStatusLabel.LEARNING,
  TaskStatusLabel.COMPLETED,
  TaskStatusLabel.WAITING_FOR_EXAM,
  TaskStatusLabel.PASSED,
  TaskStatusLabel.FAILED,
  TaskStatusLabel.WAITING_FOR_MARKING,
  TaskStatusLabel.MISSED,
] as const;
type TaskFilter = (typeof TASK_FILTERS)[number];

const COUNT_OF: Record<TaskFilter, keyof StudyTaskCounts> = {
  0: 'total',
  [TaskStatusLabel.NOT_STARTED]: 'notStarted',
  [TaskStatusLabel.LEARNING]: 'learning',
  [TaskStatusLabel.COMPLETED]: 'completed',
  [TaskStatusLabel.WAITING_FOR_EXAM]: 'waitingForExam',
  [TaskStatusLabel.PASSED]: 'passed',
  [TaskStatusLabel.FAILED]: 'failed',
  [TaskStatusLabel.WAITING_FOR_MARKING]: 'waitingForMarking',
  [TaskStatusLabel.MISSED]: 'missed',
};

const PROJECT_FILTERS = [
  0,
  ProjectRecordLabel.NOT_STARTED,
  ProjectRecordLabel.LEARNING,
  ProjectRecordLabel.COMPLETED,
] as const;
type ProjectFilter = (typeof PROJECT_FILTERS)[number];

const filterOf = ({ filter, keyword }: ListQuery<number>) => ({
  ...(filter ? { statusLabel: filter } : {}),
  ...(keyword ? { keyword } : {}),
});

/**
 * The learner's study tasks in the training records (/account?change=2&section=task): by status
 * label with the count of each as a badge, by keyword, each to its page and into its player; the
 * export of the task records (a background job whose file the header's download list offers).
 */
export function MyTasks() {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const { data: counts } = useLoad((signal) => request(countStudyTasks, {}, { signal, quiet: true }), []);
  const label = (s: TaskFilter) => (s === 0 ? t.all : enumLabel('statusLabel', s, lang));
  return (
    <div className="portal-task-records">
      <FilteredPagedList<StudyTaskRow, TaskFilter>
        filters={{
          values: TASK_FILTERS,
          all: 0,
          ariaLabel: t.filter,
          label: (s) => (
            <span className="portal-task-filter">
              <span>{label(s)}</span>
              {counts && <span className="portal-task-filter-count">{counts[COUNT_OF[s]]}</span>}
            </span>
          ),
        }}
        load={(q, signal) =>
          request(findStudyTasks, { ...filterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize }, { signal })
        }
        pageSize={TASK_PAGE_SIZE}
        rowKey={(task) => task.id}
        renderRow={(task) => <TaskRow task={task} />}
        texts={{ keyword: t.keyword, keywordPlaceholder: t.keywordPlaceholder, list: t.list, empty: t.empty }}
        export={{ label: t.export, done: t.exported, run: (q) => request(exportTaskRelations, filterOf(q)) }}
      />
    </div>
  );
}

function TaskRow({ task }: { task: StudyTaskRow }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const finished = task.statusLabel === TaskStatusLabel.COMPLETED || task.statusLabel === TaskStatusLabel.PASSED;
  return (
    <li className="portal-task-row" data-task-id={task.id}>
      {task.cover && <img className="portal-task-row-cover" src={task.cover} alt="" />}
      <div className="portal-task-row-text">
        <div className="portal-task-row-head">
          <h2 className="portal-task-row-title">
            <Link to={taskInfoPath(lang, task.id)}>{task.title}</Link>
          </h2>
          <TaskStatusTag statusLabel={task.statusLabel} />
        </div>
        <p className="portal-task-row-meta">
          <span>{enumLabel('taskType', task.taskType, lang)}</span>
          <span>{format(t.window, { from: dateTime(task.startsAt), to: dateTime(task.endsAt) })}</span>
          <span>
            {format(t.progressValue, {
              percent: task.progressPercent,
              done: task.requiredDone,
              total: task.requiredCount,
            })}
          </span>
        </p>
      </div>
      {finished || task.statusLabel === TaskStatusLabel.MISSED ? (
        <LinkButton to={taskInfoPath(lang, task.id)}>{t.view}</LinkButton>
      ) : (
        <LinkButton type="primary" to={taskPlayerPath(lang, task.id)}>
          {task.progressPercent > 0 ? t.continue : t.start}
        </LinkButton>
      )}
    </li>
  );
}

/**
 * The task records (`user/study/task/relation/page`): every task with its status, progress, when it
 * completed and what it earned; the XLSX export of the list as filtered.
 */
export function TaskRecords() {
  const t = useMessages(taskMessages);
  const lang = useLang();
  return (
    <div className="portal-task-records">
      <FilteredPagedList<TaskRelationRow, TaskFilter>
        filters={{
          values: TASK_FILTERS,
          all: 0,
          ariaLabel: t.filter,
          label: (s) => (s === 0 ? t.all : enumLabel('statusLabel', s, lang)),
        }}
        load={(q, signal) =>
          request(findTaskRelations, { ...filterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize }, { signal })
        }
        pageSize={TASK_PAGE_SIZE}
        rowKey={(row) => row.taskId}
        renderRow={(row) => <RelationRow row={row} />}
        texts={{
          keyword: t.keyword,
          keywordPlaceholder: t.keywordPlaceholder,
          list: t.recordList,
          empty: t.emptyRecords,
        }}
        export={{ label: t.export, done: t.exported, run: (q) => request(exportTaskRelations, filterOf(q)) }}
      />
    </div>
  );
}

function RelationRow({ row }: { row: TaskRelationRow }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const { website } = useSite();
  const hours = website.studyScoreType === 2;
  return (
    <li className="portal-task-row" data-task-id={row.taskId}>
      <div className="portal-task-row-text">
        <div className="portal-task-row-head">
          <h2 className="portal-task-row-title">
            <Link to={taskInfoPath(lang, row.taskId)}>{row.title}</Link>
          </h2>
          <TaskStatusTag statusLabel={row.statusLabel} />
        </div>
        <p className="portal-task-row-meta">
          <span>{enumLabel('taskType', row.taskType, lang)}</span>
          <span>{format(t.window, { from: dateTime(row.startsAt), to: dateTime(row.endsAt) })}</span>
          <span>{format(t.percent, { percent: row.progressPercent })}</span>
          {row.completedAt && <span>{format(t.completedAt, { time: dateTime(row.completedAt) })}</span>}
          {(row.earnedCreditTenths > 0 || row.earnedPoints > 0) && (
            <span>
              {format(hours ? t.earned : t.earnedCredits, {
                hours: hoursOf(row.earnedCreditTenths),
                points: row.earnedPoints,
              })}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * The project records (`user/study/task/relation/project/page`): the projects the learner is
 * enrolled in with their label, tasks done, completion and what it earned, each to its page; the
 * XLSX export of the list as filtered.
 */
export function ProjectRecords() {
  const t = useMessages(taskMessages);
  const lang = useLang();
  return (
    <div className="portal-task-records">
      <FilteredPagedList<ProjectRecord, ProjectFilter>
        filters={{
          values: PROJECT_FILTERS,
          all: 0,
          ariaLabel: t.filter,
          label: (s) => (s === 0 ? t.all : enumLabel('statusLabel', s, lang)),
        }}
        load={(q, signal) =>
          request(findProjectRecords, { ...filterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize }, { signal })
        }
        pageSize={TASK_PAGE_SIZE}
        rowKey={(row) => row.projectId}
        renderRow={(row) => <ProjectRow row={row} />}
        texts={{
          keyword: t.projectKeyword,
          keywordPlaceholder: t.projectKeywordPlaceholder,
          list: t.projectList,
          empty: t.emptyProjects,
        }}
        export={{ label: t.export, done: t.exported, run: (q) => request(exportProjectRecords, filterOf(q)) }}
      />
    </div>
  );
}

function ProjectRow({ row }: { row: ProjectRecord }) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const { website } = useSite();
  const hours = website.studyScoreType === 2;
  return (
    <li className="portal-task-row" data-project-id={row.projectId}>
      {row.coverUrl && <img className="portal-task-row-cover" src={row.coverUrl} alt="" />}
      <div className="portal-task-row-text">
        <div className="portal-task-row-head">
          <h2 className="portal-task-row-title">
            <Link to={projectInfoPath(lang, row.projectId)}>{row.title}</Link>
          </h2>
          <TaskStatusTag statusLabel={row.statusLabel} />
        </div>
        <p className="portal-task-row-meta">
          <span>{format(t.window, { from: dateTime(row.startsAt), to: dateTime(row.endsAt) })}</span>
          <span>{format(t.projectTasks, { done: row.completedTaskCount, total: row.taskCount })}</span>
          <span>{format(t.percent, { percent: row.progressPercent })}</span>
          {row.completedAt && <span>{format(t.completedAt, { time: dateTime(row.completedAt) })}</span>}
          {(row.creditHour > 0 || row.points > 0) && (
            <span>
              {format(hours ? t.earned : t.earnedCredits, { hours: String(row.creditHour), points: row.points })}
            </span>
          )}
          {row.certificateEarned && <span>{t.certificateEarned}</span>}
        </p>
      </div>
    </li>
  );
}
