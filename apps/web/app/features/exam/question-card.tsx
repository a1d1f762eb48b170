import { memo, useCallback } from 'react';
import { Button, Checkbox, Input, Radio, Select } from 'antd';
import FlagFilled from '@ant-design/icons/FlagFilled';
import FlagOutlined from '@ant-design/icons/FlagOutlined';
import { EXAM_BLANK_MAX, EXAM_SHORT_ANSWER_MAX, type ExamPaperQuestion } from '@portal/contract/calls/exam';
import { enumLabel } from '@portal/contract/enums';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { trueFalseText } from './answer-text.ts';
import { blankMarker, examMessages, optionLetter, scoreText } from './exam-messages.ts';
import { StemContent } from '../rich-content/stem-content.tsx';
import { QuestionType, withPart, type AnswerState } from './paper-answers.ts';

/** The ids of a question's parts on the page (the answer sheet jumps to its title). */
export const questionIds = (questionId: number) => {
  const base = `exam-q-${questionId}`;
  return { item: base, title: `${base}-title`, stem: `${base}-stem` };
};

/** The true/false options: T and F, whatever the question's own options say. */
const TRUE_FALSE = [
  { key: 'T', text: '' },
  { key: 'F', text: '' },
];

/**
 * The stem as sanitised rich content (decision 054); a fill-in's blanks shown as numbered gaps:
 * 隔离法、（1）和（2）。
 */
export function QuestionStem({ q, id }: { q: Pick<ExamPaperQuestion, 'questionType' | 'stem'>; id?: string }) {
  const lang = useLang();
  const fillIn = q.questionType === QuestionType.FILL_IN;
  const blank = useCallback((n: number) => blankMarker(n, lang), [lang]);
  return <StemContent stem={q.stem} id={id} className="portal-exam-stem" blank={fillIn ? blank : undefined} />;
}

/** The question's title: its number, type and points. */
export function QuestionTitle({
  q,
  n,
  id,
  level = 2,
}: {
  q: Pick<ExamPaperQuestion, 'questionType' | 'score'>;
  n: number;
  id?: string;
  level?: 2 | 3;
}) {
  const t = useMessages(examMessages);
  const lang = useLang();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <Heading id={id} className="portal-exam-question-title" tabIndex={id ? -1 : undefined}>
      <span className="portal-exam-question-no">{n}.</span>
      <span className="portal-exam-question-type">{enumLabel('questionType', q.questionType, lang)}</span>
      <span className="portal-exam-question-score">{format(t.points, { n: scoreText(q.score) })}</span>
    </Heading>
  );
}

/**
 * One question of the paper to answer, accessibly: single choice and true/false as radios
 * (正确/错误), multiple and indefinite choice as checkboxes, one input per blank of a fill-in, a
 * textarea with a counter for a short answer, one select per item of a matching question; each
 * group named by the question's title and stem. The flag marks it for review.
 */
/** What a question does with the learner's input (the page's ExamSession). */
export interface QuestionActions {
  change(questionId: number, answer: string[]): void;
  toggleFlag(questionId: number): void;
  focus(questionId: number): void;
}

export const QuestionCard = memo(function QuestionCard({
  q,
  n,
  state,
  disabled,
  actions,
}: {
  q: ExamPaperQuestion;
  n: number;
  state: AnswerState;
  disabled: boolean;
  /** Stable across renders: a question renders again only when its own answer changes. */
  actions: QuestionActions;
}) {
  const onChange = (answer: string[]) => actions.change(q.questionId, answer);
  const onFlag = () => actions.toggleFlag(q.questionId);
  const onFocus = () => actions.focus(q.questionId);
  const t = useMessages(examMessages);
  const ids = questionIds(q.questionId);
  const named = `${ids.title} ${ids.stem}`;
  const { answer } = state;
  const words = { true: t.true, false: t.false };

  let input;
  switch (q.questionType) {
    case QuestionType.SINGLE:
    case QuestionType.TRUE_FALSE: {
      const tf = q.questionType === QuestionType.TRUE_FALSE;
      const options = tf ? TRUE_FALSE : q.options;
      input = (
        <Radio.Group
          aria-labelledby={named}
          className="portal-exam-options"
          value={answer[0] ?? null}
          disabled={disabled}
          onChange={(e) => onChange([String(e.target.value)])}
        >
          {options.map((o, i) => (
            <Radio key={o.key} value={o.key}>
              {tf ? trueFalseText(o.key, words) : `${optionLetter(i)}. ${o.text}`}
            </Radio>
          ))}
        </Radio.Group>
      );
      break;
    }
    case QuestionType.MULTIPLE:
    case QuestionType.INDEFINITE:
      input = (
        <Checkbox.Group
          aria-labelledby={named}
          className="portal-exam-options"
          value={answer}
          disabled={disabled}
          // In the paper's order, whatever order they were ticked in.
          onChange={(values) => onChange(q.options.map((o) => o.key).filter((k) => values.includes(k)))}
        >
          {q.options.map((o, i) => (
            <Checkbox key={o.key} value={o.key}>
              {`${optionLetter(i)}. ${o.text}`}
            </Checkbox>
          ))}
        </Checkbox.Group>
      );
      break;
    case QuestionType.FILL_IN:
      input = (
        <div role="group" aria-labelledby={named} className="portal-exam-blanks">
          {Array.from({ length: Math.max(1, q.blankCount) }, (_, i) => (
            <label key={i} className="portal-exam-blank">
              <span className="portal-exam-blank-label">{format(t.blank, { n: i + 1 })}</span>
              <Input
                value={answer[i] ?? ''}
                maxLength={EXAM_BLANK_MAX}
                disabled={disabled}
                autoComplete="off"
                onChange={(e) => onChange(withPart(answer, i, Math.max(1, q.blankCount), e.target.value))}
              />
            </label>
          ))}
        </div>
      );
      break;
    case QuestionType.SHORT_ANSWER:
      input = (
        <Input.TextArea
          aria-labelledby={named}
          className="portal-exam-short"
          value={answer[0] ?? ''}
          maxLength={EXAM_SHORT_ANSWER_MAX}
          showCount
          autoSize={{ minRows: 4, maxRows: 14 }}
          disabled={disabled}
          onChange={(e) => onChange([e.target.value])}
        />
      );
      break;
    case QuestionType.MATCHING:
      input = (
        <div role="group" aria-labelledby={named} className="portal-exam-matching">
          <ul className="portal-exam-matching-options">
            {q.options.map((o, i) => (
              <li key={o.key}>{`${optionLetter(i)}. ${o.text}`}</li>
            ))}
          </ul>
          <ol className="portal-exam-matching-items">
            {q.items.map((item, i) => {
              const itemId = `${ids.item}-item-${i}`;
              return (
                <li key={item.key}>
                  <span id={itemId} className="portal-exam-matching-item">
                    {item.text}
                  </span>
                  <Select<string>
                    aria-labelledby={itemId}
                    className="portal-exam-matching-select"
                    placeholder={t.choose}
                    value={answer[i] || undefined}
                    allowClear
                    disabled={disabled}
                    options={q.options.map((o, j) => ({
                      value: o.key,
                      label: `${optionLetter(j)}. ${o.text}`,
                      title: `${optionLetter(j)}. ${o.text}`,
                    }))}
                    onChange={(v) => onChange(withPart(answer, i, q.items.length, v ?? ''))}
                  />
                </li>
              );
            })}
          </ol>
        </div>
      );
      break;
    default:
      input = null;
  }

  return (
    <li
      id={ids.item}
      className={`portal-exam-question${state.flagged ? ' is-flagged' : ''}`}
      data-question-id={q.questionId}
      data-question-type={q.questionType}
      onFocus={onFocus}
    >
      <div className="portal-exam-question-head">
        <QuestionTitle q={q} n={n} id={ids.title} />
        <Button
          size="small"
          className="portal-exam-flag"
          aria-pressed={state.flagged}
          icon={state.flagged ? <FlagFilled aria-hidden="true" /> : <FlagOutlined aria-hidden="true" />}
          disabled={disabled}
          onClick={onFlag}
        >
          {t.flag}
        </Button>
      </div>
      <QuestionStem q={q} id={ids.stem} />
      {input}
    </li>
  );
});
