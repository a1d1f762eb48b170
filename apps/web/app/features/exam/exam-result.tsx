import { Link, useSearchParams } from 'react-router';
import { AttemptStatus, type ExamResult, type ExamResultQuestion } from '@portal/contract/calls/exam';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { useSite } from '../../lib/root-data.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { answerText, blanksText } from './answer-text.ts';
import { examMessages, optionLetter, scoreText, spentTime, type ExamTexts } from './exam-messages.ts';
import { taskPlayerPath } from '../task/task-paths.ts';
import { certificatesPath, examPagePath, fromTaskOf } from './exam-paths.ts';
import { QuestionType } from './paper-answers.ts';
import { QuestionStem, QuestionTitle } from './question-card.tsx';
import './exam.css';

/** The result's verdict: passed, failed, or waiting for a marker (等待批阅). */
export function verdictOf(r: Pick<ExamResult, 'status' | 'passed'>): 'passed' | 'failed' | 'waiting' | 'answering' {
  if (r.status === AttemptStatus.ANSWERING) return 'answering';
  if (r.status === AttemptStatus.WAITING_FOR_MARKING) return 'waiting';
  return r.passed ? 'passed' : 'failed';
}

const reasonText = (reason: number | null, t: ExamTexts) =>
  reason === 1 ? t.reason1 : reason === 2 ? t.reason2 : reason === 3 ? t.reason3 : reason === 4 ? t.reason4 : '';

/**
 * An attempt's result (/account/exam/examSuccess?attemptId=; issue 13 item 4): the score out of the
 * total against the pass score, passed, not passed or 等待批阅, the time used, how it was submitted,
 * the points earned and the certificate number with the way to my certificates; where the task
 * shows answers (and no attempt is left, or the exam has closed), each question with the learner's
 * answer, its mark, the right answer and the analysis.
 */
export function ExamResultView({ result: r }: { result: ExamResult }) {
  const t = useMessages(examMessages);
  const lang = useLang();
  const { website } = useSite();
  const [params] = useSearchParams();
  // Opened from a study task (the task player): back to its item, where the next one opens.
  const fromTask = fromTaskOf(params);
  const taskPath = fromTask ? taskPlayerPath(lang, fromTask.taskId, fromTask.itemId) : null;
  const verdict = verdictOf(r);
  const verdictText =
    verdict === 'passed'
      ? t.passed
      : verdict === 'failed'
        ? t.failed
        : verdict === 'waiting'
          ? t.waitingForMarking
          : t.answering;
  return (
    <div className="portal-exam-page portal-exam-result">
      <p className="portal-exam-back">
        {taskPath ? (
          <Link to={taskPath}>‹ {t.backToTask}</Link>
        ) : (
          <Link to={examPagePath('info', lang, { id: r.taskId })}>{t.backToInfo}</Link>
        )}
      </p>
      <h1 className="portal-page-title">{t.resultTitle}</h1>
      <p className="portal-exam-subtitle">{format(t.attemptOf, { title: r.taskTitle, n: r.attemptNo })}</p>
      <section className={`portal-exam-verdict is-${verdict}`} aria-labelledby="exam-verdict">
        <div className="portal-exam-score">
          <span className="portal-exam-score-label">{t.score}</span>
          <strong className="portal-exam-score-value" data-testid="exam-score">
            {r.score !== null ? scoreText(r.score) : r.objectiveScore !== null ? scoreText(r.objectiveScore) : '—'}
          </strong>
          <span className="portal-exam-score-of">
            {format(t.scoreOf, { total: scoreText(r.totalScore), pass: scoreText(r.passScore) })}
          </span>
        </div>
        <h2 id="exam-verdict" className="portal-exam-verdict-text">
          {verdictText}
        </h2>
        {verdict === 'waiting' && (
          <p className="portal-exam-note">
            {t.waitingNote}
            {r.objectiveScore !== null && ` · ${format(t.objectivePart, { score: scoreText(r.objectiveScore) })}`}
          </p>
        )}
      </section>
      <dl className="portal-exam-facts">
        <div>
          <dt>{t.usedTime}</dt>
          <dd>{r.usedSeconds !== null ? spentTime(r.usedSeconds, t) : '—'}</dd>
        </div>
        <div>
          <dt>{t.submittedAt}</dt>
          <dd>{dateTime(r.submittedAt) || '—'}</dd>
        </div>
        <div>
          <dt>{t.submitReason}</dt>
          <dd data-testid="exam-submit-reason">{reasonText(r.submitReason, t) || '—'}</dd>
        </div>
        <div>
          <dt>{t.screenSwitches}</dt>
          <dd>{r.screenSwitches}</dd>
        </div>
        {r.earned && (
          <div>
            <dt>{t.earned}</dt>
            <dd>
              {[
                r.earned.points > 0 ? format(t.earnedPoints, { points: r.earned.points }) : '',
                r.earned.creditHour > 0
                  ? format(website.studyScoreType === 2 ? t.rewardHours : t.rewardCredits, {
                      hours: r.earned.creditHour,
                    })
                  : '',
              ]
                .filter(Boolean)
                .join(lang === 'en' ? ', ' : '，') || '—'}
            </dd>
          </div>
        )}
        {r.certificate && (
          <div>
            <dt>{t.certificate}</dt>
            <dd>
              <span data-testid="exam-certificate-number">{r.certificate.number}</span>{' '}
              <Link to={certificatesPath(lang)}>{t.certificateLink}</Link>
            </dd>
          </div>
        )}
      </dl>
      <div className="portal-exam-actions">
        {taskPath && (
          <LinkButton type="primary" to={taskPath}>
            {t.backToTask}
          </LinkButton>
        )}
        <LinkButton type={taskPath ? 'default' : 'primary'} to={examPagePath('info', lang, { id: r.taskId, fromTask })}>
          {t.toInfo}
        </LinkButton>
        <LinkButton to={examPagePath('detail', lang, { id: r.taskId })}>{t.toRecords}</LinkButton>
      </div>
      {r.answersShown ? (
        <section aria-labelledby="exam-review-title" className="portal-exam-review">
          <h2 id="exam-review-title">{t.review}</h2>
          <ol className="portal-exam-questions">
            {r.questions.map((q, i) => (
              <ResultQuestion key={q.questionId} q={q} n={i + 1} />
            ))}
          </ol>
        </section>
      ) : (
        verdict !== 'answering' && <p className="portal-exam-note">{t.answersHidden}</p>
      )}
    </div>
  );
}

const markText = (result: number | null, t: ExamTexts) =>
  result === 1 ? t.result1 : result === 2 ? t.result2 : result === 0 ? t.result0 : t.resultPending;

/** One question of the review: what the learner answered, the mark, the right answer and the analysis. */
function ResultQuestion({ q, n }: { q: ExamResultQuestion; n: number }) {
  const t = useMessages(examMessages);
  const lang = useLang();
  const words = { true: t.true, false: t.false };
  const mine = answerText(q, q.answer, lang, words);
  const right =
    q.questionType === QuestionType.SHORT_ANSWER
      ? (q.referenceAnswer ?? '')
      : q.questionType === QuestionType.FILL_IN
        ? blanksText(q.blanks ?? [], lang)
        : answerText(q, q.rightAnswer ?? [], lang, words);
  const mark = q.result === 1 ? 'right' : q.result === 2 ? 'partly' : q.result === 0 ? 'wrong' : 'pending';
  return (
    <li className={`portal-exam-question is-${mark}`} data-question-id={q.questionId}>
      <div className="portal-exam-question-head">
        <QuestionTitle q={q} n={n} level={3} />
        <p className="portal-exam-mark">
          <span className={`portal-exam-mark-label is-${mark}`}>{markText(q.result, t)}</span>
          {q.gotScore !== null && (
            <span className="portal-exam-mark-score">
              {format(t.got, { got: scoreText(q.gotScore), score: scoreText(q.score) })}
            </span>
          )}
        </p>
      </div>
      <QuestionStem q={q} />
      {q.options.length > 0 && q.questionType !== QuestionType.TRUE_FALSE && (
        <ul className="portal-exam-review-options">
          {q.options.map((o, i) => (
            <li key={o.key}>{`${optionLetter(i)}. ${o.text}`}</li>
          ))}
        </ul>
      )}
      <dl className="portal-exam-review-answers">
        <div>
          <dt>{t.yourAnswer}</dt>
          <dd className="portal-exam-answer-text">{mine || t.noAnswer}</dd>
        </div>
        {right && (
          <div>
            <dt>{q.questionType === QuestionType.SHORT_ANSWER ? t.referenceAnswer : t.rightAnswer}</dt>
            <dd className="portal-exam-answer-text">{right}</dd>
          </div>
        )}
        {q.analysis && (
          <div>
            <dt>{t.analysis}</dt>
            <dd>{q.analysis}</dd>
          </div>
        )}
        {q.markerComment && (
          <div>
            <dt>{t.markerComment}</dt>
            <dd>{q.markerComment}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}
