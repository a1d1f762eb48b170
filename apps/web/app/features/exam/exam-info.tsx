import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { App, Button, Modal } from 'antd';
import {
  startExam,
  viewAdmissionTicket,
  type viewExamTaskRecord,
  type ExamTaskItem,
} from '@portal/contract/calls/exam';
import type { CallResponse } from '@portal/contract/call';
import { errorText } from '@portal/contract/errors';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import { useAction } from '../../lib/use-call.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { examMessages, scoreText, type ExamTexts } from './exam-messages.ts';
import { examListPath, examPagePath, fromTaskOf } from './exam-paths.ts';
import './exam.css';

export type ExamTaskRecord = CallResponse<typeof viewExamTaskRecord>;
type Ticket = CallResponse<typeof viewAdmissionTicket>;

/** A task's status label as a coloured tag (colours readable on their background, WCAG AA). */
export function StatusTag({ task }: { task: Pick<ExamTaskItem, 'statusLabel'> }) {
  const lang = useLang();
  return (
    <span className={`portal-exam-status is-status-${task.statusLabel}`} data-status-label={task.statusLabel}>
      {enumLabel('statusLabel', task.statusLabel, lang)}
    </span>
  );
}

/** What passing earns: points, hours (or credits, by the site's studyScoreType), a certificate. */
function rewardText(task: ExamTaskItem, t: ExamTexts, hours: boolean, sep: string): string {
  return [
    task.points > 0 ? format(t.rewardPoints, { points: task.points }) : '',
    task.creditHour > 0 ? format(hours ? t.rewardHours : t.rewardCredits, { hours: task.creditHour }) : '',
    task.grantsCertificate ? t.rewardCertificate : '',
  ]
    .filter(Boolean)
    .join(sep);
}

/**
 * /account/exam/info?id= (issue 13 item 2): one exam task — its introduction, window, time allowed,
 * attempts used and allowed, pass score, the rule on leaving the page, status and best score; 开始考试
 * (after a confirmation of the time and the rule) or 继续考试 the attempt under way; a start the
 * server would refuse shows its reason (7601 before the window, 7602 after, 7604 no attempts left);
 * the admission ticket where the task has one (7005 before its print time: on the SFJ site the
 * request layer's 温馨提示 dialog with the site's admissionTicketPrintTime text); the attempts.
 */
export function ExamInfo({ task }: { task: ExamTaskRecord }) {
  const t = useMessages(examMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromTask = fromTaskOf(params);
  const { modal } = App.useApp();
  const { website } = useSite();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const sep = lang === 'en' ? ', ' : '，';

  const start = useAction(async () => {
    const started = await request(startExam, { taskId: task.taskId, clientAt: new Date().toISOString() });
    await navigate(examPagePath('examQuestion', lang, { attemptId: started.attemptId, fromTask }));
    return started;
  });

  const confirmStart = () =>
    modal.confirm({
      title: t.startConfirmTitle,
      content: [
        format(t.startConfirm, { n: task.durationMinutes }),
        task.screenSwitchLimit > 0 ? format(t.startConfirmSwitch, { n: task.screenSwitchLimit }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      okText: t.start,
      cancelText: t.cancel,
      onOk: () => start.run(),
    });

  const openTicket = useAction(async () => {
    const tk = await request(viewAdmissionTicket, { taskId: task.taskId });
    setTicket(tk);
    return tk;
  });

  const reward = rewardText(task, t, website.studyScoreType === 2, sep);

  return (
    <div className="portal-exam-page portal-exam-info">
      <p className="portal-exam-back">
        <Link to={examListPath(lang)}>{t.backToList}</Link>
      </p>
      <div className="portal-exam-info-head">
        <h1 className="portal-page-title">{task.title}</h1>
        <StatusTag task={task} />
      </div>
      {task.intro && (
        <section aria-labelledby="exam-intro-title" className="portal-exam-intro">
          <h2 id="exam-intro-title">{t.intro}</h2>
          <p>{task.intro}</p>
        </section>
      )}
      <section aria-labelledby="exam-facts-title">
        <h2 id="exam-facts-title">{t.facts}</h2>
        <dl className="portal-exam-facts">
          <div>
            <dt>{t.windowLabel}</dt>
            <dd>
              {dateTime(task.startsAt)} – {dateTime(task.endsAt)}
            </dd>
          </div>
          <div>
            <dt>{t.durationLabel}</dt>
            <dd>{format(t.minutes, { n: task.durationMinutes })}</dd>
          </div>
          <div>
            <dt>{t.attemptsLabel}</dt>
            <dd data-testid="exam-attempts">
              {format(t.attemptsValue, { used: task.attemptsUsed, allowed: task.attemptsAllowed })}
            </dd>
          </div>
          <div>
            <dt>{t.passLabel}</dt>
            <dd>{format(t.passValue, { pass: scoreText(task.passScore), total: scoreText(task.totalScore) })}</dd>
          </div>
          <div>
            <dt>{t.switchLabel}</dt>
            <dd>{task.screenSwitchLimit > 0 ? format(t.switchRule, { n: task.screenSwitchLimit }) : t.switchFree}</dd>
          </div>
          <div>
            <dt>{t.bestLabel}</dt>
            <dd>{task.bestScore !== null ? scoreText(task.bestScore) : t.noScore}</dd>
          </div>
          {reward && (
            <div>
              <dt>{t.rewardLabel}</dt>
              <dd>{reward}</dd>
            </div>
          )}
          {task.admissionTicket && (
            <div>
              <dt>{t.ticketLabel}</dt>
              <dd>
                {task.admissionPrintable || !task.admissionPrintAt
                  ? t.ticketPrintable
                  : format(t.ticketFrom, { time: dateTime(task.admissionPrintAt) })}
              </dd>
            </div>
          )}
          {task.certificate && (
            <div>
              <dt>{t.certificateLabel}</dt>
              <dd>{task.certificate.number}</dd>
            </div>
          )}
        </dl>
      </section>
      <div className="portal-exam-actions">
        {task.openAttemptId !== null ? (
          <LinkButton
            type="primary"
            to={examPagePath('examQuestion', lang, { attemptId: task.openAttemptId, fromTask })}
          >
            {t.continue}
          </LinkButton>
        ) : (
          <Button
            type="primary"
            disabled={!task.canStart}
            loading={start.running}
            onClick={confirmStart}
            aria-describedby={task.cannotStartCode ? 'exam-refusal' : undefined}
          >
            {t.start}
          </Button>
        )}
        {task.admissionTicket && (
          <Button loading={openTicket.running} onClick={() => void openTicket.run()}>
            {t.admissionTicket}
          </Button>
        )}
        <LinkButton to={examPagePath('detail', lang, { id: task.taskId })}>{t.records}</LinkButton>
      </div>
      {task.openAttemptId === null && task.cannotStartCode !== null && (
        <p id="exam-refusal" className="portal-exam-refusal">
          {errorText(task.cannotStartCode, lang)}
        </p>
      )}
      <AdmissionTicket ticket={ticket} onClose={() => setTicket(null)} />
    </div>
  );
}

/** The admission ticket (准考证) in a dialog, printed alone (exam.css hides the rest when printing). */
function AdmissionTicket({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const t = useMessages(examMessages);
  // While printing, only the ticket is shown (exam.css).
  useEffect(() => {
    const done = () => document.documentElement.classList.remove('portal-printing-ticket');
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  const print = () => {
    document.documentElement.classList.add('portal-printing-ticket');
    window.print();
  };
  return (
    <Modal
      open={ticket !== null}
      title={t.ticketTitle}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t.close}
        </Button>,
        <Button key="print" type="primary" onClick={print}>
          {t.print}
        </Button>,
      ]}
    >
      {ticket && (
        <div className="portal-exam-ticket">
          <h2 className="portal-exam-ticket-title">{ticket.taskTitle}</h2>
          <dl className="portal-exam-facts">
            <div>
              <dt>{t.ticketNumber}</dt>
              <dd>{ticket.ticketNumber}</dd>
            </div>
            <div>
              <dt>{t.ticketName}</dt>
              <dd>{ticket.name}</dd>
            </div>
            <div>
              <dt>{t.ticketPhone}</dt>
              <dd>{ticket.phone}</dd>
            </div>
            <div>
              <dt>{t.ticketWindow}</dt>
              <dd>
                {dateTime(ticket.startsAt)} – {dateTime(ticket.endsAt)}
              </dd>
            </div>
            <div>
              <dt>{t.ticketDuration}</dt>
              <dd>{format(t.minutes, { n: ticket.durationMinutes })}</dd>
            </div>
          </dl>
        </div>
      )}
    </Modal>
  );
}
