import { Link, useSearchParams } from 'react-router';
import { App, Button, Empty, Input, Pagination, Segmented, Spin } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
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
import { useAction, useLoad } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
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
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('status'));
  const status: Filter = FILTERS.find((s) => s === asked) ?? 0;
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 50);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filter = { ...(status ? { statusLabel: status } : {}), ...(keyword ? { keyword } : {}) };

  const { data } = useLoad(
    (signal) => request(findExamTasks, { ...filter, pageCurrent: page, pageSize: EXAM_PAGE_SIZE }, { signal }),
    [status, keyword, page],
  );
  const { data: counts } = useLoad((signal) => request(countExamTasks, {}, { signal, quiet: true }), []);

  const go = (next: { status?: Filter; keyword?: string; page?: number }) => {
    const q = new URLSearchParams(params);
    const s = next.status ?? status;
    const k = next.keyword ?? keyword;
    const p = next.page ?? 1;
    if (s === 0) q.delete('status');
    else q.set('status', String(s));
    if (k) q.set('keyword', k);
    else q.delete('keyword');
    if (p === 1) q.delete('page');
    else q.set('page', String(p));
    setParams(q);
  };

  const exporting = useAction(async () => {
    const record = await request(exportExamTasks, filter);
    void message.success(t.exported);
    return record;
  });

  const label = (s: Filter) => (s === 0 ? t.all : enumLabel('statusLabel', s, lang));

  return (
    <div className="portal-exam-tasks">
      <div className="portal-exam-tasks-bar">
        <Segmented<Filter>
          aria-label={t.filter}
          value={status}
          onChange={(s) => go({ status: s })}
          options={FILTERS.map((s) => ({
            value: s,
            label: (
              <span className="portal-exam-filter">
                <span className="portal-exam-filter-label">{label(s)}</span>
                {counts && <span className="portal-exam-count">{counts[COUNT_OF[s]]}</span>}
              </span>
            ),
          }))}
        />
        <div role="search" className="portal-exam-tasks-search">
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
        <Empty description={t.empty} />
      ) : (
        <ul className="portal-exam-task-list" aria-label={t.list}>
          {data.list.map((task) => (
            <TaskRow key={task.taskId} task={task} />
          ))}
        </ul>
      )}
      {data && data.totalCount > EXAM_PAGE_SIZE && (
        <Pagination
          className="portal-exam-pager"
          current={page}
          pageSize={EXAM_PAGE_SIZE}
          total={data.totalCount}
          showSizeChanger={false}
          onChange={(p) => go({ page: p })}
        />
      )}
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
