import { EXAM_BLANK_MAX, EXAM_SHORT_ANSWER_MAX } from '@portal/contract';
import type { AttemptQuestion } from '@portal/db';
import { QuestionType } from './marking.ts';

/** What checking an answer needs of a question: its type, its keys' names, its items and blanks. */
export interface AnswerShape {
  questionType: number;
  optionKeys: ReadonlySet<string>;
  optionCount: number;
  itemCount: number;
  blankCount: number;
}

/** Why an answer does not fit its question, in both languages. */
export interface AnswerProblem {
  zh: string;
  en: string;
}

export function answerShapeOf(q: AttemptQuestion): AnswerShape {
  const keys = q.options.map((o) => o.key);
  // A true/false question answers T or F, whatever its options say.
  const optionKeys = new Set(q.questionType === QuestionType.TRUE_FALSE ? ['T', 'F', ...keys] : keys);
  return {
    questionType: q.questionType,
    optionKeys,
    optionCount: optionKeys.size,
    itemCount: q.items.length,
    blankCount: q.blanks.length,
  };
}

/**
 * Checks an answer against its question's type (DESIGN.md section 9: bad input gets a clear error
 * and nothing is stored): choices name keys the question has (single and true/false one at most,
 * multiple and indefinite each once); fill-in has at most one text per blank, each at most
 * EXAM_BLANK_MAX characters; a short answer is one text of at most EXAM_SHORT_ANSWER_MAX; matching
 * gives at most one key per item ('' leaves an item unmatched). An empty answer clears the question.
 */
export function checkAnswer(shape: AnswerShape, answer: readonly string[]): AnswerProblem | null {
  if (answer.length === 0) return null;
  const unknownKey = answer.find((k) => k !== '' && !shape.optionKeys.has(k));
  switch (shape.questionType) {
    case QuestionType.SINGLE:
    case QuestionType.TRUE_FALSE:
      if (answer.length > 1) return { zh: '单选题和判断题只能选择一个选项', en: 'choose one option only' };
      if (!shape.optionKeys.has(answer[0]!)) return { zh: '所选选项不存在', en: 'the option chosen does not exist' };
      return null;
    case QuestionType.MULTIPLE:
    case QuestionType.INDEFINITE:
      if (answer.some((k) => !shape.optionKeys.has(k)))
        return { zh: '所选选项不存在', en: 'an option chosen does not exist' };
      if (new Set(answer).size !== answer.length) return { zh: '选项不能重复', en: 'an option is chosen twice' };
      return null;
    case QuestionType.FILL_IN:
      if (answer.length > shape.blankCount)
        return {
          zh: `该题只有${shape.blankCount}个空`,
          en: `the question has ${shape.blankCount} blank${shape.blankCount === 1 ? '' : 's'}`,
        };
      if (answer.some((t) => t.length > EXAM_BLANK_MAX))
        return { zh: `每个空最多${EXAM_BLANK_MAX}个字`, en: `a blank takes at most ${EXAM_BLANK_MAX} characters` };
      return null;
    case QuestionType.SHORT_ANSWER:
      if (answer.length > 1) return { zh: '简答题只能有一个答案', en: 'a short answer is one text' };
      if (answer[0]!.length > EXAM_SHORT_ANSWER_MAX)
        return {
          zh: `简答题最多${EXAM_SHORT_ANSWER_MAX}个字`,
          en: `a short answer takes at most ${EXAM_SHORT_ANSWER_MAX} characters`,
        };
      return null;
    case QuestionType.MATCHING:
      if (answer.length > shape.itemCount)
        return { zh: `该题只有${shape.itemCount}项需要配对`, en: `the question has ${shape.itemCount} items to match` };
      if (unknownKey !== undefined) return { zh: '所选选项不存在', en: 'an option chosen does not exist' };
      return null;
    default:
      return { zh: '未知题型', en: 'unknown question type' };
  }
}
