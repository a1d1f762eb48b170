import { Checkbox, Input, Radio } from 'antd';
import type { PracticeQuestion } from '@portal/contract/calls/practice';
import { format, useMessages } from '../../lib/i18n.ts';
import { Q, optionLabel, optionsOf } from './answer-text.ts';
import { practiceMessages } from './practice-messages.ts';

interface Props {
  question: PracticeQuestion;
  /** The answer so far: keys, one text per blank, one text, or one option key per item. */
  value: string[];
  onChange: (next: string[]) => void;
  disabled: boolean;
  /** The id of the element that holds the stem (the group's name). */
  labelledBy: string;
}

/**
 * The answer of one question, by its type: one choice (single, true/false), several (multiple,
 * indefinite), one text per blank (fill-in), a text (short answer), or one option per item
 * (matching, as a row of option buttons for each item).
 */
export function QuestionInput({ question: q, value, onChange, disabled, labelledBy }: Props) {
  const t = useMessages(practiceMessages);
  const options = optionsOf(q).map((o) => ({ value: o.key, label: optionLabel(o, q.questionType, t) }));
  switch (q.questionType) {
    case Q.SINGLE:
    case Q.TRUE_FALSE:
      return (
        <Radio.Group
          className="portal-practice-choices"
          aria-labelledby={labelledBy}
          disabled={disabled}
          value={value[0]}
          onChange={(e) => onChange([String(e.target.value)])}
          options={options}
        />
      );
    case Q.MULTIPLE:
    case Q.INDEFINITE:
      return (
        <Checkbox.Group
          className="portal-practice-choices"
          aria-labelledby={labelledBy}
          disabled={disabled}
          value={value}
          // Kept in the options' order, whatever order they were ticked in.
          onChange={(keys) => onChange(options.map((o) => o.value).filter((k) => keys.includes(k)))}
          options={options}
        />
      );
    case Q.FILL_IN:
      return (
        <div className="portal-practice-blanks" role="group" aria-labelledby={labelledBy}>
          {Array.from({ length: q.blankCount }, (_, i) => (
            <Input
              key={i}
              aria-label={format(t.blank, { n: i + 1 })}
              placeholder={format(t.blank, { n: i + 1 })}
              maxLength={200}
              disabled={disabled}
              value={value[i] ?? ''}
              onChange={(e) => {
                const next = Array.from({ length: q.blankCount }, (_, j) => value[j] ?? '');
                next[i] = e.target.value;
                onChange(next);
              }}
            />
          ))}
        </div>
      );
    case Q.SHORT_ANSWER:
      return (
        <Input.TextArea
          aria-labelledby={labelledBy}
          placeholder={t.shortPlaceholder}
          autoSize={{ minRows: 4, maxRows: 10 }}
          maxLength={2000}
          showCount
          disabled={disabled}
          value={value[0] ?? ''}
          onChange={(e) => onChange([e.target.value])}
        />
      );
    case Q.MATCHING:
      return (
        <div className="portal-practice-matching" role="group" aria-labelledby={labelledBy}>
          {q.items.map((item, i) => (
            <div key={item.key} className="portal-practice-match">
              <span className="portal-practice-match-item" id={`${labelledBy}-item-${i}`}>
                {item.text}
              </span>
              <Radio.Group
                aria-label={format(t.item, { item: item.text })}
                optionType="button"
                disabled={disabled}
                value={value[i] || undefined}
                onChange={(e) => {
                  const next = q.items.map((_, j) => value[j] ?? '');
                  next[i] = String(e.target.value);
                  onChange(next);
                }}
                options={options}
              />
            </div>
          ))}
        </div>
      );
    default:
      return null;
  }
}

/** Whether an answer may be submitted: something chosen or written, every item matched. */
export function answerReady(q: PracticeQuestion, value: readonly string[]): boolean {
  switch (q.questionType) {
    case Q.FILL_IN:
      return value.some((v) => v.trim() !== '');
    case Q.SHORT_ANSWER:
      return (value[0] ?? '').trim() !== '';
    case Q.MATCHING:
      return q.items.length > 0 && q.items.every((_, i) => Boolean(value[i]));
    default:
      return value.length > 0;
  }
}

/** The answer as sent: one text per blank, one key per item. */
export function answerToSend(q: PracticeQuestion, value: readonly string[]): string[] {
  if (q.questionType === Q.FILL_IN) return Array.from({ length: q.blankCount }, (_, i) => value[i] ?? '');
  if (q.questionType === Q.MATCHING) return q.items.map((_, i) => value[i] ?? '');
  return [...value];
}
