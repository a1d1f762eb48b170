import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Empty, Tag } from 'antd';
import {
  answerPractice,
  finishPractice,
  type ErrorBookState,
  type PracticeMark,
  type PracticeQuestion,
  type PracticeRound,
} from '@portal/contract/calls/practice';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { useAction } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { StemContent } from '../rich-content/stem-content.tsx';
import { Q, answerText, rightAnswerText } from './answer-text.ts';
import { QuestionInput, answerReady, answerToSend } from './question-input.tsx';
import { practiceMessages } from './practice-messages.ts';
import { practiceSetsPath, practiceSuccessPath } from './practice-paths.ts';
import './practice.css';

type State = 'right' | 'wrong' | 'answered' | 'open';

const stateOf = (mark: PracticeMark | undefined): State =>
  !mark ? 'open' : mark.correct === null ? 'answered' : mark.correct ? 'right' : 'wrong';

/**
 * /account/practice/detail: a round, one question at a time. Each answer is marked by the server
 * at once: right or wrong with the right answer and the analysis (a short answer: its reference
 * answer), and where the question stands in the error book. Previous and next, an answer sheet of
 * every question's state, and finishing (a confirmation while questions are open) to the summary.
 * A finished round is shown with its answers, read-only.
 */
export function PracticeRoundPage({ round }: { round: PracticeRound }) {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { questions, recordId } = round;
  const [marks, setMarks] = useState(() => new Map(round.marks.map((m) => [m.questionId, m])));
  const [books, setBooks] = useState(() => new Map<number, ErrorBookState | null>());
  const [drafts, setDrafts] = useState(() => new Map<number, string[]>());
  const [counts, setCounts] = useState({ answered: round.summary.answered, correct: round.summary.correct });
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      questions.findIndex((q) => !marks.has(q.questionId)),
    ),
  );
  const finished = round.finishedAt !== null;
  const title = round.setId === null ? t.errorRound : round.title;

  const submit = useAction(async (q: PracticeQuestion, answer: string[]) => {
    const res = await request(answerPractice, { recordId, questionId: q.questionId, answer });
    setMarks((m) => new Map(m).set(res.questionId, res));
    setBooks((b) => new Map(b).set(res.questionId, res.errorBook));
    setCounts({ answered: res.answered, correct: res.correctCount });
    return res;
  });
  const finish = useAction(async () => {
    await request(finishPractice, { recordId });
    void navigate(practiceSuccessPath(recordId, lang));
  });
  const askFinish = () => {
    const left = questions.length - marks.size;
    if (left === 0) return void finish.run();
    modal.confirm({
      title: format(t.finishConfirm, { n: left }),
      okText: t.finishOk,
      cancelText: t.cancel,
      onOk: () => finish.run(),
    });
  };

  if (questions.length === 0) {
    return (
      <section className="portal-page portal-practice">
        <h1 className="portal-page-title">{title}</h1>
        <Empty description={t.noQuestions} />
      </section>
    );
  }
  const q = questions[Math.min(index, questions.length - 1)]!;
  const mark = marks.get(q.questionId);
  const draft = drafts.get(q.questionId) ?? [];
  const stemId = `practice-stem-${q.questionId}`;
  const last = index === questions.length - 1;

  return (
    <section className="portal-page portal-practice">
      <h1 className="portal-page-title">{title}</h1>
      {finished && <Alert className="portal-practice-note" type="info" showIcon title={t.finishedNote} />}
      <div className="portal-practice-layout">
        <article className="portal-practice-question" data-question-id={q.questionId} aria-labelledby={stemId}>
          <h2 className="portal-practice-number">
            {format(t.questionOf, { n: index + 1, total: questions.length })}
            <Tag className="portal-practice-tag">{enumLabel('questionType', q.questionType, lang)}</Tag>
            <span className="portal-practice-difficulty">
              {format(t.difficulty, { label: enumLabel('difficulty', q.difficulty, lang) })}
            </span>
          </h2>
          <StemContent stem={q.stem} className="portal-practice-stem" id={stemId} />
          <QuestionInput
            key={q.questionId}
            question={q}
            labelledBy={stemId}
            value={mark ? mark.answer : draft}
            disabled={Boolean(mark) || finished || submit.running}
            onChange={(next) => setDrafts((d) => new Map(d).set(q.questionId, next))}
          />
          {mark ? (
            <MarkPanel question={q} mark={mark} book={books.get(q.questionId)} />
          ) : (
            !finished && (
              <Button
                type="primary"
                className="portal-practice-submit"
                disabled={!answerReady(q, draft)}
                loading={submit.running}
                onClick={() => void submit.run(q, answerToSend(q, draft))}
              >
                {t.submit}
              </Button>
            )
          )}
          <div className="portal-practice-nav">
            <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
              {t.previous}
            </Button>
            <Button disabled={last} type={mark && !last ? 'primary' : 'default'} onClick={() => setIndex(index + 1)}>
              {t.next}
            </Button>
            {finished ? (
              <LinkButton to={practiceSuccessPath(recordId, lang)}>{t.result}</LinkButton>
            ) : (
              <Button
                type={marks.size === questions.length ? 'primary' : 'default'}
                danger={marks.size < questions.length}
                loading={finish.running}
                onClick={askFinish}
              >
                {t.finish}
              </Button>
            )}
          </div>
        </article>
        <AnswerSheet questions={questions} marks={marks} current={index} counts={counts} onPick={setIndex} />
      </div>
      <p className="portal-practice-back">
        <LinkButton type="link" to={practiceSetsPath(lang)}>
          {t.backToSets}
        </LinkButton>
      </p>
    </section>
  );
}

/** The mark of an answered question: right, wrong or answered, the answers, the analysis and the error book. */
function MarkPanel({
  question: q,
  mark,
  book,
}: {
  question: PracticeQuestion;
  mark: PracticeMark;
  book: ErrorBookState | null | undefined;
}) {
  const t = useMessages(practiceMessages);
  const state = stateOf(mark);
  const short = q.questionType === Q.SHORT_ANSWER;
  const bookNote =
    book == null
      ? null
      : book.cleared
        ? format(t.cleared, { n: book.clearStreak })
        : !book.inBook
          ? null
          : book.rightStreak > 0
            ? format(t.streak, { streak: book.rightStreak, left: book.clearStreak - book.rightStreak })
            : t.addedToBook;
  return (
    <Alert
      className="portal-practice-mark"
      role="status"
      type={state === 'right' ? 'success' : state === 'wrong' ? 'error' : 'info'}
      showIcon
      title={state === 'right' ? t.right : state === 'wrong' ? t.wrong : t.answered}
      description={
        <dl className="portal-practice-explain">
          <div>
            <dt>{t.yourAnswer}</dt>
            <dd>{answerText(q, mark.answer, t)}</dd>
          </div>
          <div>
            <dt>{short ? t.referenceAnswer : t.rightAnswer}</dt>
            <dd className="portal-practice-right-answer">{rightAnswerText(q, mark, t)}</dd>
          </div>
          <div>
            <dt>{t.analysisLabel}</dt>
            <dd>{mark.analysis || t.noAnalysis}</dd>
          </div>
          {bookNote && (
            <div>
              <dt className="portal-visually-hidden">{t.errorBook}</dt>
              <dd className="portal-practice-book-note">{bookNote}</dd>
            </div>
          )}
        </dl>
      }
    />
  );
}

/** 答题卡: every question's number and state (right, wrong, answered, open); the current one marked. */
function AnswerSheet({
  questions,
  marks,
  current,
  counts,
  onPick,
}: {
  questions: PracticeQuestion[];
  marks: Map<number, PracticeMark>;
  current: number;
  counts: { answered: number; correct: number };
  onPick: (index: number) => void;
}) {
  const t = useMessages(practiceMessages);
  const stateText: Record<State, string> = {
    right: t.stateRight,
    wrong: t.stateWrong,
    answered: t.stateAnswered,
    open: t.stateOpen,
  };
  return (
    <aside className="portal-practice-sheet" aria-labelledby="practice-sheet-title">
      <h2 id="practice-sheet-title" className="portal-practice-sheet-title">
        {t.sheet}
      </h2>
      <p className="portal-practice-sheet-summary">
        {format(t.sheetSummary, { answered: counts.answered, total: questions.length, correct: counts.correct })}
      </p>
      <ol className="portal-practice-sheet-grid">
        {questions.map((q, i) => {
          const state = stateOf(marks.get(q.questionId));
          return (
            <li key={q.questionId}>
              <button
                type="button"
                className={`portal-practice-cell is-${state}`}
                aria-current={i === current ? 'step' : undefined}
                aria-label={`${format(t.questionButton, { n: i + 1 })} ${stateText[state]}`}
                data-state={state}
                onClick={() => onPick(i)}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="portal-practice-legend">
        <li>
          <span className="portal-practice-swatch is-right" aria-hidden="true" />
          {t.legendRight}
        </li>
        <li>
          <span className="portal-practice-swatch is-wrong" aria-hidden="true" />
          {t.legendWrong}
        </li>
        <li>
          <span className="portal-practice-swatch is-answered" aria-hidden="true" />
          {t.legendAnswered}
        </li>
        <li>
          <span className="portal-practice-swatch is-open" aria-hidden="true" />
          {t.legendOpen}
        </li>
      </ul>
    </aside>
  );
}
