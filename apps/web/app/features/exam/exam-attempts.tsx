import { Link } from 'react-router';
import { Empty, Table } from 'antd';
import { AttemptStatus, type ExamAttemptItem } from '@portal/contract/calls/exam';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import type { ExamTaskRecord } from './exam-info.tsx';
import { StatusTag } from './exam-info.tsx';
import { examMessages, scoreText, spentTime } from './exam-messages.ts';
import { examPagePath } from './exam-paths.ts';
import './exam.css';

/** Attempts a page of the table shows. */
const PAGE_SIZE = 10;

/**
 * /account/exam/detail?id= (issue 13 item 4): the learner's attempts of one task, newest first —
 * when, time used, score, passed or not, 等待批阅 while a short answer waits for its mark, the page
 * leaves counted — each with its result (or the way back into the one under way).
 */
export function ExamAttempts({ task }: { task: ExamTaskRecord }) {
  const t = useMessages(examMessages);
  const lang = useLang();
  const status = (a: ExamAttemptItem) =>
    a.status === AttemptStatus.ANSWERING
      ? t.answering
      : a.status === AttemptStatus.WAITING_FOR_MARKING
        ? t.waitingForMarking
        : t.marked;
  return (
    <div className="portal-exam-page portal-exam-detail">
      <p className="portal-exam-back">
        <Link to={examPagePath('info', lang, { id: task.taskId })}>{t.backToInfo}</Link>
      </p>
      <div className="portal-exam-info-head">
        <h1 className="portal-page-title">{t.attemptsTitle}</h1>
        <StatusTag task={task} />
      </div>
      <p className="portal-exam-subtitle">
        {task.title}
        {' · '}
        {format(t.attemptsValue, { used: task.attemptsUsed, allowed: task.attemptsAllowed })}
        {task.bestScore !== null && ` · ${format(t.best, { score: scoreText(task.bestScore) })}`}
      </p>
      <Table<ExamAttemptItem>
        className="portal-exam-attempts"
        rowKey="attemptId"
        dataSource={task.attempts}
        pagination={task.attempts.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty description={t.noAttempts} /> }}
        columns={[
          { title: t.colAttempt, key: 'no', render: (_, a) => format(t.attemptNo, { n: a.attemptNo }) },
          { title: t.colStarted, key: 'started', render: (_, a) => dateTime(a.startedAt) },
          { title: t.colSubmitted, key: 'submitted', render: (_, a) => dateTime(a.submittedAt) || '—' },
          {
            title: t.colUsed,
            key: 'used',
            render: (_, a) => (a.usedSeconds !== null ? spentTime(a.usedSeconds, t) : '—'),
          },
          {
            title: t.colScore,
            key: 'score',
            render: (_, a) => (a.score !== null ? scoreText(a.score) : '—'),
          },
          {
            title: t.colPassed,
            key: 'passed',
            render: (_, a) =>
              a.status === AttemptStatus.MARKED ? (
                <span className={`portal-exam-status ${a.passed ? 'is-status-5' : 'is-status-6'}`}>
                  {a.passed ? t.yes : t.no}
                </span>
              ) : (
                '—'
              ),
          },
          {
            title: t.colStatus,
            key: 'status',
            render: (_, a) => (
              <span className={`portal-exam-status is-attempt-${a.status}`} data-attempt-status={a.status}>
                {status(a)}
              </span>
            ),
          },
          { title: t.colSwitches, key: 'switches', render: (_, a) => a.screenSwitches },
          {
            title: t.colAction,
            key: 'action',
            render: (_, a) =>
              a.status === AttemptStatus.ANSWERING ? (
                <Link to={examPagePath('examQuestion', lang, { attemptId: a.attemptId })}>{t.continueAnswering}</Link>
              ) : (
                <Link
                  to={examPagePath('examSuccess', lang, { attemptId: a.attemptId })}
                  aria-label={`${t.viewResult} ${format(t.attemptNo, { n: a.attemptNo })}`}
                >
                  {t.viewResult}
                </Link>
              ),
          },
        ]}
      />
    </div>
  );
}
