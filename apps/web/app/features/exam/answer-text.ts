import type { ExamPaperQuestion } from '@portal/contract/calls/exam';
import type { Lang } from '../../lib/navigation.ts';
import { blankMarker, optionLetter } from './exam-messages.ts';
import { QuestionType } from './paper-answers.ts';

/**
 * Answers as the result shows them in words: options by their letter on the paper (the order the
 * learner saw, not their keys), 正确/错误 for true/false, each blank after its number, each matched
 * item with the option it took, the short answer as written. '' for no answer.
 */
export interface AnswerWords {
  true: string;
  false: string;
}

const listSeparator = (lang: Lang) => (lang === 'en' ? ', ' : '、');
const partSeparator = (lang: Lang) => (lang === 'en' ? '; ' : '；');

function letterOf(q: Pick<ExamPaperQuestion, 'options'>, key: string): string {
  const i = q.options.findIndex((o) => o.key === key);
  return i < 0 ? key : optionLetter(i);
}

/** True/false keys in words. */
export function trueFalseText(key: string, words: AnswerWords): string {
  return key === 'T' ? words.true : key === 'F' ? words.false : key;
}

/** The learner's (or the right) keys or texts of one question in words. */
export function answerText(
  q: Pick<ExamPaperQuestion, 'questionType' | 'options' | 'items'>,
  answer: readonly string[],
  lang: Lang,
  words: AnswerWords,
): string {
  if (!answer.some((a) => a.trim() !== '')) return '';
  switch (q.questionType) {
    case QuestionType.TRUE_FALSE:
      return trueFalseText(answer[0] ?? '', words);
    case QuestionType.SINGLE:
    case QuestionType.MULTIPLE:
    case QuestionType.INDEFINITE:
      return answer
        .map((k) => letterOf(q, k))
        .sort()
        .join(listSeparator(lang));
    case QuestionType.FILL_IN:
      return answer.map((text, i) => `${blankMarker(i + 1, lang)}${text.trim() || '—'}`).join(' ');
    case QuestionType.MATCHING:
      return q.items
        .map((item, i) => `${item.text} → ${answer[i] ? letterOf(q, answer[i]) : '—'}`)
        .join(partSeparator(lang));
    default:
      return answer.join('\n');
  }
}

/** The accepted answers of each blank: （1）窒息法 / 窒息 （2）冷却法 / 冷却. */
export function blanksText(blanks: ReadonlyArray<readonly string[]>, lang: Lang): string {
  return blanks.map((accepted, i) => `${blankMarker(i + 1, lang)}${accepted.join(' / ')}`).join(' ');
}
