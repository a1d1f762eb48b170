import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button } from 'antd';
import {
  finishExam,
  getExamDuration,
  saveExamAnswer,
  saveExamAnswers,
  type viewExamPaper,
} from '@portal/contract/calls/exam';
import type { CallResponse } from '@portal/contract/call';
import { ErrorCode, errorText } from '@portal/contract/errors';
import { ApiError, handleErrorEnvelope, request } from '../../lib/api.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { forgetRootData } from '../../lib/root-data.ts';
import type { SaveAnswer } from './answer-saver.ts';
import type { PendingAnswer } from './answer-store.ts';
import { clockText } from './exam-clock.ts';
import { examMessages } from './exam-messages.ts';
import { examPagePath, fromTaskOf } from './exam-paths.ts';
import { ExamSession, type DurationAnswer, type EndReason, type ExamApi, type ExamSnapshot } from './exam-session.ts';
import { isAnswered } from './paper-answers.ts';
import { QuestionCard, questionIds } from './question-card.tsx';
import './exam.css';

export type ExamPaperData = CallResponse<typeof viewExamPaper>;

const UNANSWERED = { answer: [], flagged: false };

/** localStorage where the browser allows it. */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const toInput = (p: PendingAnswer) => ({
  questionId: p.questionId,
  answer: p.answer,
  flagged: p.flagged,
  seq: p.seq,
  clientAt: p.clientAt,
});

/**
 * The gateway calls of one attempt. Saves and the clock are quiet (no loading bar); the request
 * layer shows what it always shows (7603 and 7610 are silent there). Where the page may be closing
 * (a leave, the unsent answers at pagehide) the call goes with keepalive and its envelope is read
 * here: its answer may come to no page.
 */
function gatewayApi(attemptId: number): ExamApi {
  const envelopeData = <T,>(env: { code: number; message: string; data: T }): T => {
    if (env.code === 200) return env.data;
    throw new ApiError(env.code, env.message, env.data);
  };
  return {
    async save(list, { keepalive }): Promise<SaveAnswer> {
      if (keepalive) {
        const env = await request(
          saveExamAnswers,
          { attemptId, answers: list.map(toInput), _No_dispose: true },
          { quiet: true, keepalive: true },
        );
        const d = envelopeData(env);
        return { results: d.results, lastSeq: d.lastSeq, clock: d };
      }
      if (list.length === 1) {
        const d = await request(saveExamAnswer, { attemptId, ...toInput(list[0]!) }, { quiet: true });
        return { results: [{ questionId: d.questionId, seq: d.seq }], lastSeq: d.lastSeq, clock: d };
      }
      const d = await request(saveExamAnswers, { attemptId, answers: list.map(toInput) }, { quiet: true });
      return { results: d.results, lastSeq: d.lastSeq, clock: d };
    },
    async duration(event, { keepalive }): Promise<DurationAnswer> {
      const input = { attemptId, clientAt: new Date().toISOString(), ...(event ? { event } : {}) };
      const env = await request(getExamDuration, { ...input, _No_dispose: true }, { quiet: true, keepalive });
      // The attempt's own refusals are the session's to act on; the others are the catalogue's
      // (signed out: to sign in; any message: a toast).
      if (env.code === 200 || [7603, 7605, 7610, 404].includes(env.code)) return envelopeData(env);
      return handleErrorEnvelope(env);
    },
    finish: () => request(finishExam, { attemptId, clientAt: new Date().toISOString() }),
  };
}

/**
 * The exam page (/account/exam/examQuestion?attemptId=, blank layout; issue 13 item 3): the
 * paper's questions, the timer on the server's clock, leaves of the page counted by the server,
 * the answer sheet, saves that survive the network and a reload, 交卷 with its confirmation, and
 * the notices of an attempt the server ended (switch limit, time over). ExamSession holds the
 * attempt; this renders it and feeds it the page's events.
 */
export function ExamTaking({ paper }: { paper: ExamPaperData }) {
  const t = useMessages(examMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { modal, message } = App.useApp();
  const [session] = useState(
    () =>
      new ExamSession({
        paper,
        api: gatewayApi(paper.attemptId),
        storage: browserStorage,
        online: () => navigator.onLine,
      }),
  );
  const snap = useSyncExternalStore(session.subscribe, session.snapshot, session.snapshot);
  const resultPath = examPagePath('examSuccess', lang, { attemptId: paper.attemptId, fromTask: fromTaskOf(params) });

  // The latest callbacks, for the session's notices.
  const ui = useRef({ t, lang, navigate, modal, message, resultPath });
  useEffect(() => {
    ui.current = { t, lang, navigate, modal, message, resultPath };
  });

  useEffect(() => {
    const onEnd = (reason: EndReason) => {
      const { t: texts, lang: l, navigate: go, modal: m, resultPath: to } = ui.current;
      // Points, hours and the certificate count of the header come fresh on the next page.
      forgetRootData();
      const toResult = () => void go(to, { replace: true });
      if (reason === 'submitted') return toResult();
      const code = reason === 'switchLimit' ? ErrorCode.EXAM_SCREEN_SWITCH_LIMIT : ErrorCode.EXAM_TIME_OVER;
      m.warning({
        title: texts.timeOverTitle,
        content: errorText(code, l),
        okText: texts.ok,
        closable: false,
        maskClosable: false,
        keyboard: false,
        onOk: toResult,
      });
    };
    const onReturn = (switches: number, limit: number) => {
      const { t: texts, message: msg } = ui.current;
      if (limit > 0) void msg.warning(format(texts.switchWarning, { n: switches, limit }));
    };
    session.start({ onEnd, onReturn });
    const onVisibility = () => (document.visibilityState === 'hidden' ? session.left() : session.returned());
    const onBlur = () => session.left();
    const onFocus = () => {
      if (document.visibilityState === 'visible') session.returned();
    };
    const onPageHide = () => session.pageHide();
    const onNetwork = () => session.networkChanged();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      session.stop();
    };
  }, [session]);

  const total = paper.questions.length;
  const answered = paper.questions.filter((q) => isAnswered(snap.answers.get(q.questionId)?.answer)).length;

  const submit = () => {
    const unanswered = total - answered;
    modal.confirm({
      title: t.submitTitle,
      content: unanswered > 0 ? format(t.submitUnanswered, { n: unanswered }) : t.submitConfirm,
      okText: t.submit,
      cancelText: t.cancel,
      onOk: async () => {
        const out = await session.submit();
        if (!out.ok && out.unsent > 0) void message.error(format(t.submitOffline, { n: out.unsent }));
      },
    });
  };

  const jump = (questionId: number) => {
    session.focus(questionId);
    const title = document.getElementById(questionIds(questionId).title);
    title?.scrollIntoView({ block: 'start' });
    title?.focus({ preventScroll: true });
  };

  // Toasts (the switch warning on return, errors) open below the bar, never over the timer (issue 19
  // item 11): the bar's bottom, wherever it sits (stuck at the top, or lower before scrolling),
  // is kept in a CSS variable that exam.css gives antd's message container while this page is open.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const place = () =>
      root.style.setProperty('--portal-exam-toast-top', `${Math.ceil(el.getBoundingClientRect().bottom) + 8}px`);
    root.classList.add('portal-exam-taking');
    place();
    const resized = new ResizeObserver(place);
    resized.observe(el);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      resized.disconnect();
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      root.classList.remove('portal-exam-taking');
      root.style.removeProperty('--portal-exam-toast-top');
    };
  }, []);

  const disabled = !snap.ready || snap.ended || snap.finishing;
  const offline = !snap.online || snap.save.failed;

  return (
    <div className="portal-exam">
      <div className="portal-exam-bar" ref={bar}>
        <h1 className="portal-exam-title">{paper.title}</h1>
        <Timer snap={snap} />
        <p className="portal-exam-switches">
          <span>{t.switches}</span>{' '}
          <strong data-testid="exam-switches">
            {paper.screenSwitchLimit > 0
              ? format(t.switchesValue, { n: snap.switches, limit: paper.screenSwitchLimit })
              : snap.switches}
          </strong>
        </p>
        <SaveStatus snap={snap} />
        <Button type="primary" onClick={submit} disabled={disabled} loading={snap.finishing}>
          {t.submit}
        </Button>
      </div>
      {offline && <Alert className="portal-exam-offline" type="warning" showIcon role="alert" title={t.offline} />}
      <div className="portal-exam-body">
        <ol className="portal-exam-questions">
          {paper.questions.map((q, i) => (
            <QuestionCard
              key={q.questionId}
              q={q}
              n={i + 1}
              state={snap.answers.get(q.questionId) ?? UNANSWERED}
              disabled={disabled}
              actions={session}
            />
          ))}
        </ol>
        <aside className="portal-exam-sheet" aria-labelledby="exam-sheet-title">
          <h2 id="exam-sheet-title">{t.sheet}</h2>
          <p className="portal-exam-sheet-count">{format(t.answeredCount, { n: answered, total })}</p>
          <ol className="portal-exam-sheet-grid">
            {paper.questions.map((q, i) => {
              const state = snap.answers.get(q.questionId);
              const done = isAnswered(state?.answer);
              const flagged = state?.flagged ?? false;
              const current = snap.current === q.questionId;
              const sep = lang === 'en' ? ', ' : '，';
              const label = [
                format(t.sheetItem, { n: i + 1 }),
                done ? t.sheetAnswered : t.sheetUnanswered,
                ...(flagged ? [t.sheetFlagged] : []),
              ].join(sep);
              return (
                <li key={q.questionId}>
                  <button
                    type="button"
                    className={[
                      'portal-exam-sheet-item',
                      done ? 'is-answered' : '',
                      flagged ? 'is-flagged' : '',
                      current ? 'is-current' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    aria-label={label}
                    aria-current={current ? 'step' : undefined}
                    onClick={() => jump(q.questionId)}
                  >
                    {i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
          <ul className="portal-exam-sheet-legend" aria-hidden="true">
            <li>
              <span className="portal-exam-sheet-swatch is-answered" />
              {t.answered}
            </li>
            <li>
              <span className="portal-exam-sheet-swatch" />
              {t.unanswered}
            </li>
            <li>
              <span className="portal-exam-sheet-swatch is-flagged" />
              {t.flagged}
            </li>
            <li>
              <span className="portal-exam-sheet-swatch is-current" />
              {t.current}
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}

/** The time left; five and one minute before the end a screen reader hears it once. */
function Timer({ snap }: { snap: ExamSnapshot }) {
  const t = useMessages(examMessages);
  const time = clockText(snap.secondsLeft);
  const warning = snap.warning === 60 ? t.oneMinute : snap.warning === 300 ? t.fiveMinutes : '';
  return (
    <div className={`portal-exam-timer${snap.warning ? ' is-ending' : ''}`}>
      <span>{t.timeLeft}</span>{' '}
      <strong role="timer" aria-label={format(t.timerLabel, { time })} data-testid="exam-timer">
        {time}
      </strong>
      <span className="portal-visually-hidden" aria-live="assertive">
        {warning}
      </span>
    </div>
  );
}

/** Saved, saving, or how many answers wait (offline). */
function SaveStatus({ snap }: { snap: ExamSnapshot }) {
  const t = useMessages(examMessages);
  const { unsent, sending } = snap.save;
  const offline = !snap.online || snap.save.failed;
  const text =
    offline && unsent > 0
      ? `${t.offlineShort} · ${format(t.unsaved, { n: unsent })}`
      : offline
        ? t.offlineShort
        : sending
          ? t.saving
          : unsent > 0
            ? format(t.unsaved, { n: unsent })
            : t.saved;
  return (
    <p className={`portal-exam-save${offline ? ' is-offline' : ''}`} data-testid="exam-save-status">
      {text}
    </p>
  );
}
