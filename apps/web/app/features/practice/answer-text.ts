import type { PracticeMark, PracticeQuestion } from '@portal/contract/calls/practice';
import { QuestionType } from '@portal/contract/enums';

/** The question types (account-area.md section 3), by a short name in this feature. */
export const Q = QuestionType;

type Texts = { true: string; false: string; noAnswer: string };

/** An option as shown: `A. 保护头部`; true/false without text: 正确 / 错误. */
export function optionLabel(option: { key: string; text: string }, questionType: number, t: Texts): string {
  if (questionType === Q.TRUE_FALSE && !option.text) return option.key === 'T' ? t.true : t.false;
  if (questionType === Q.TRUE_FALSE) return option.text;
  return `${option.key}. ${option.text}`;
}

/** The options a question offers (true/false stored without options: T and F). */
export function optionsOf(q: Pick<PracticeQuestion, 'questionType' | 'options'>) {
  if (q.questionType === Q.TRUE_FALSE && q.options.length === 0) {
    return [
      { key: 'T', text: '' },
      { key: 'F', text: '' },
    ];
  }
  return q.options;
}

/** An answer in words: chosen options, the blanks' texts, the matches, or the short answer's text. */
export function answerText(
  q: Pick<PracticeQuestion, 'questionType' | 'options' | 'items'>,
  answer: readonly string[],
  t: Texts,
): string {
  if (answer.every((a) => a.trim() === '')) return t.noAnswer;
  const options = optionsOf(q);
  const option = (key: string) => options.find((o) => o.key === key);
  switch (q.questionType) {
    case Q.FILL_IN:
      return answer.map((a) => a || '＿').join('；');
    case Q.SHORT_ANSWER:
      return answer.join('\n');
    case Q.MATCHING:
      return q.items
        .map((item, i) => {
          const o = option(answer[i] ?? '');
          return `${item.text} → ${o ? optionLabel(o, q.questionType, t) : '＿'}`;
        })
        .join('；');
    default:
      return answer.map((key) => (option(key) ? optionLabel(option(key)!, q.questionType, t) : key)).join('；');
  }
}

/** The right answer in words (fill-in: each blank's accepted answers). */
export function rightAnswerText(q: PracticeQuestion, mark: PracticeMark, t: Texts): string {
  if (q.questionType === Q.FILL_IN) return mark.blanks.map((accepted) => accepted.join(' / ')).join('；');
  if (q.questionType === Q.SHORT_ANSWER) return mark.referenceAnswer;
  return answerText(q, mark.rightAnswer, t);
}
