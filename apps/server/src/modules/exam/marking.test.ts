import { describe, expect, it } from 'vitest';
import { markAnswer, MarkResult, normalBlank, QuestionType, type MarkedQuestion } from './marking.ts';

const q = (questionType: number, answer: string[], blanks: string[][] = []): MarkedQuestion => ({
  questionType,
  answer,
  blanks,
  scoreTenths: 40,
});
const strict = { partialMultiple: false };
const partial = { partialMultiple: true };
const { RIGHT, WRONG, PARTLY } = MarkResult;

describe('marking every question type', () => {
  it('single choice and true/false: the one key', () => {
    for (const type of [QuestionType.SINGLE, QuestionType.TRUE_FALSE]) {
      const key = type === QuestionType.SINGLE ? 'B' : 'T';
      expect(markAnswer(q(type, [key]), [key], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
      expect(markAnswer(q(type, [key]), ['A'], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
      expect(markAnswer(q(type, [key]), [key, 'A'], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
      expect(markAnswer(q(type, [key]), [], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
    }
  });

  it('multiple and indefinite choice: all or nothing, or half for a right subset where the task says so', () => {
    for (const type of [QuestionType.MULTIPLE, QuestionType.INDEFINITE]) {
      const question = q(type, ['A', 'B', 'D']);
      expect(markAnswer(question, ['D', 'A', 'B'], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
      expect(markAnswer(question, ['A', 'B'], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
      expect(markAnswer(question, ['A', 'B'], partial)).toEqual({ result: PARTLY, scoreTenths: 20 });
      // A wrong key earns nothing, even with partial marking.
      expect(markAnswer(question, ['A', 'C'], partial)).toEqual({ result: WRONG, scoreTenths: 0 });
      expect(markAnswer(question, [], partial)).toEqual({ result: WRONG, scoreTenths: 0 });
    }
  });

  it('fill-in: blank by blank, any accepted answer, case, width and spaces ignored', () => {
    const question = q(QuestionType.FILL_IN, [], [['窒息法', '窒息'], ['Cooling']]);
    expect(markAnswer(question, [' 窒息 ', 'ＣＯＯＬＩＮＧ'], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
    expect(markAnswer(question, ['窒息法', '冷'], strict)).toEqual({ result: PARTLY, scoreTenths: 20 });
    expect(markAnswer(question, ['', ''], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
    expect(markAnswer(question, [], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
    expect(normalBlank('  Ａ１  b ')).toBe('a1 b');
  });

  it('matching: item by item, the score shared', () => {
    const question = q(QuestionType.MATCHING, ['B', 'A', 'C', 'D']);
    expect(markAnswer(question, ['B', 'A', 'C', 'D'], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
    expect(markAnswer(question, ['B', 'C', 'A', 'D'], strict)).toEqual({ result: PARTLY, scoreTenths: 20 });
    expect(markAnswer(question, ['A', 'B', 'D', 'C'], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
  });

  it('short answer: left for the marker', () => {
    expect(markAnswer(q(QuestionType.SHORT_ANSWER, []), ['先断电'], strict)).toEqual({ result: null, scoreTenths: 0 });
  });
});
