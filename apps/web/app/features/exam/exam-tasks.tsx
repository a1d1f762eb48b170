import { Link } from 'react-router';
import {
  EXAM_PAGE_SIZE,
  ExamStatusLabel,
  countExamTasks,
  exportExamTasks,
  findExamTasks,
  type ExamTaskCounts,
  type ExamTaskItem,
} from '@portal/contract/calls/exam';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useLoad } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { FilteredPagedList, type ListQuery } from '../paging/filtered-paged-list.tsx';
import { StatusTag } from './exam-info.tsx';
import { examMessages, scoreText } from './exam-messages.ts';
import { examPagePath } from './exam-paths.ts';
import './exam.css';

/** The filter's tabs: all, then the status labels in the order a learner cares about them. */
const FILTERS = [
  0,
  ExamStatusLabel.WAITING_FOR_EXAM,
  ExamStatusLabel.NOT_STARTED,
  ExamStatusLabel.PASSED,
  ExamStatusLabel.FAILED,
  ExamStatusLabel.WAITING_FOR_MARKING,
  ExamStatusLabel.ABSENT,
] as const;
type Filter = (typeof FILTERS)[number];

const COUNT_OF: Record<Filter, keyof ExamTaskCounts> = {
  0: 'total',
  [ExamStatusLabel.WAITING_FOR_EXAM]: 'waitingForExam',
  [ExamStatusLabel.NOT_STARTED]: 'notStarted',
  [ExamStatusLabel.PASSED]: 'passed',
  [ExamStatusLabel.FAILED]: 'failed',
  [ExamStatusLabel.WAITING_FOR_MARKING]: 'waitingForMarking',
  [ExamStatusLabel.ABSENT]: 'absent',
};

/**
 * The exam tasks of the training records (/account?change=2; issue 13 item 2): the learner's exam
 * tasks by status label, the count of each as a badge, by keyword, 10 a page (status, keyword and
 * page in the address), each to its page /account/exam/info (or back into the attempt under way);
 * the export of the list (a background job whose file the header's download list offers).
 */
export function ExamTasks() {
  const t = useMessages(examMessages);
  const lang = useLang();
  const { data: counts } = useLoad((signal) => request(countExamTasks, {}, { signal, quiet: true }), []);
  const label = (s: Filter) => (s === 0 ? t.all : enumLabel('statusLabel', s, lang));
  const filterOf = ({ filter, keyword }: ListQuery<Filter>) => ({
    ...(filter ? { statusLabel: filter } : {}),
    ...(keyword ? { keyword } : {}),
  });

  return (
    <div className="portal-exam-tasks">
      <FilteredPagedList<ExamTaskItem, Filter>
        filters={{
          values: FILTERS,
          all: 0,
          ariaLabel: t.filter,
          label: (s) => (
            <span className="portal-exam-filter">
              <span className="portal-exam-filter-label">{label(s)}</span>
              {counts && <span className="portal-exam-count">{counts[COUNT_OF[s]]}</span>}
            </span>
          ),
        }}
        load={(q, signal) =>
          request(findExamTasks, { ...filterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize }, { signal })
        }
        pageSize={EXAM_PAGE_SIZE}
        rowKey={(task) => task.taskId}
        renderRow={(task) => <TaskRow task={task} />}
        texts={{ keyword: t.keyword, keywordPlaceholder: t.keywordPlaceholder, list: t.list, empty: t.empty }}
        export={{ label: t.export, done: t.exported, run: (q) => request(exportExamTasks, filterOf(q)) }}
      />
    </div>
  );
}

function TaskRow({ task }: { task: ExamTaskItem }) {
  const t = useMessages(examMessages);
  const lang = useLang();
  const info = examPagePath('info', lang, { id: task.taskId });
  return (
    <li className="portal-exam-task" data-task-id={task.taskId}>
      <div className="portal-exam-task-text">
        <div className="portal-exam-task-head">
          <h2 className="portal-exam-task-title">
            <Link to={info}>{task.title}</Link>
          </h2>
          <StatusTag task={task} />
        </div>
        <p className="portal-exam-task-meta">
          <span>{format(t.window, { from: dateTime(task.startsAt), to: dateTime(task.endsAt) })}</span>
          <span>{format(t.duration, { n: task.durationMinutes })}</span>
          <span>{format(t.attempts, { used: task.attemptsUsed, allowed: task.attemptsAllowed })}</span>
          <span>{task.bestScore !== null ? format(t.best, { score: scoreText(task.bestScore) }) : t.noScore}</span>
        </p>
      </div>
      {task.openAttemptId !== null ? (
        <LinkButton type="primary" to={examPagePath('examQuestion', lang, { attemptId: task.openAttemptId })}>
          {t.continue}
        </LinkButton>
      ) : (
        <LinkButton type={task.canStart ? 'primary' : 'default'} to={info}>
          {task.canStart ? t.start : t.view}
        </LinkButton>
      )}
    </li>
  );
}
