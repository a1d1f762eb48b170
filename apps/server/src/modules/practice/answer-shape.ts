import { ErrorCode, PRACTICE_BLANK_MAX, PRACTICE_SHORT_ANSWER_MAX } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { QuestionType } from '../exam/marking.ts';

/** What the check needs of a question: its type and the keys and blanks an answer may name. */
export interface ShapedQuestion {
  questionType: number;
  options: ReadonlyArray<{ key: string }>;
  items: ReadonlyArray<{ key: string }>;
  blanks: ReadonlyArray<unknown>;
}

const TEXTS = {
  empty: ['请先作答', 'Please answer the question first'],
  oneKey: ['该题只能选择一个选项', 'Choose exactly one option'],
  unknownKey: ['答案中含有题目没有的选项', 'The answer names an option the question does not have'],
  twice: ['同一选项只能选择一次', 'An option is chosen twice'],
  blankCount: ['答案的填空数量与题目不符', 'The answer must give one text for each blank'],
  blankTooLong: [`每个填空最多${PRACTICE_BLANK_MAX}个字符`, `A blank holds at most ${PRACTICE_BLANK_MAX} characters`],
  oneText: ['简答题的答案是一段文字', 'A short answer is one text'],
  textTooLong: [
    `简答最多${PRACTICE_SHORT_ANSWER_MAX}个字符`,
    `A short answer holds at most ${PRACTICE_SHORT_ANSWER_MAX} characters`,
  ],
  itemCount: ['答案的匹配数量与题目不符', 'The answer must give one option for each item'],
} as const;

const refuse = (key: keyof typeof TEXTS) => {
  const [zh, en] = TEXTS[key];
  return new AppError(ErrorCode.BAD_INPUT, {
    message: { zh, en },
    data: { fields: [{ field: 'answer', message: zh }] },
  });
};

/** True/false questions may be stored without options; their keys are T and F. */
const keysOf = (q: ShapedQuestion) =>
  new Set(
    q.options.length === 0 && q.questionType === QuestionType.TRUE_FALSE ? ['T', 'F'] : q.options.map((o) => o.key),
  );

/**
 * Refuses (400, with the field `answer`) an answer that does not fit its question's type, so that
 * nothing malformed is marked or stored: one existing key for a single choice and true/false, one
 * or more distinct existing keys for a multiple or indefinite choice, one text per blank (not all
 * empty) for a fill-in, one non-empty text for a short answer, one existing option key (or '' for
 * none) per item for a matching question, not all empty.
 */
export function checkAnswerShape(q: ShapedQuestion, answer: readonly string[]): void {
  switch (q.questionType) {
    case QuestionType.SINGLE:
    case QuestionType.TRUE_FALSE: {
      if (answer.length !== 1) throw refuse('oneKey');
      if (!keysOf(q).has(answer[0]!)) throw refuse('unknownKey');
      return;
    }
    case QuestionType.MULTIPLE:
    case QuestionType.INDEFINITE: {
      if (answer.length === 0) throw refuse('empty');
      const keys = keysOf(q);
      if (answer.some((k) => !keys.has(k))) throw refuse('unknownKey');
      if (new Set(answer).size !== answer.length) throw refuse('twice');
      return;
    }
    case QuestionType.FILL_IN: {
      if (answer.length !== q.blanks.length) throw refuse('blankCount');
      if (answer.some((text) => text.length > PRACTICE_BLANK_MAX)) throw refuse('blankTooLong');
      if (answer.every((text) => text.trim() === '')) throw refuse('empty');
      return;
    }
    case QuestionType.SHORT_ANSWER: {
      if (answer.length !== 1) throw refuse('oneText');
      if (answer[0]!.trim() === '') throw refuse('empty');
      if (answer[0]!.length > PRACTICE_SHORT_ANSWER_MAX) throw refuse('textTooLong');
      return;
    }
    case QuestionType.MATCHING: {
      if (answer.length !== q.items.length) throw refuse('itemCount');
      const keys = keysOf(q);
      if (answer.some((k) => k !== '' && !keys.has(k))) throw refuse('unknownKey');
      if (answer.every((k) => k === '')) throw refuse('empty');
      return;
    }
    default:
      throw refuse('unknownKey');
  }
}
