import { describe, expect, it } from 'vitest';
import { markAnswer, normalBlank, type MarkedQuestion } from './marking.ts';
import { MarkResult, QuestionType } from './question-kinds.ts';

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

describe('fill-in blanks in any order (issue 19 item 11)', () => {
  // "灭火的基本方法有隔离法、__和__": 冷却法；窒息法 and 窒息法；冷却法 are both right.
  const anyOrder: MarkedQuestion = { ...q(QuestionType.FILL_IN, [], [['冷却法'], ['窒息法']]), blanksAnyOrder: true };
  const inOrder = q(QuestionType.FILL_IN, [], [['冷却法'], ['窒息法']]);

  it('takes the texts in either order where the question says its blanks are order-free', () => {
    expect(markAnswer(anyOrder, ['冷却法', '窒息法'], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
    expect(markAnswer(anyOrder, ['窒息法', '冷却法'], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
    expect(markAnswer(anyOrder, [' 窒息法', ''], strict)).toEqual({ result: PARTLY, scoreTenths: 20 });
  });

  it('fills one blank with one text only: the same text twice is right once', () => {
    expect(markAnswer(anyOrder, ['冷却法', '冷却法'], strict)).toEqual({ result: PARTLY, scoreTenths: 20 });
    // A text that two blanks accept goes where it leaves room for the other.
    const overlap: MarkedQuestion = { ...q(QuestionType.FILL_IN, [], [['甲', '乙'], ['甲']]), blanksAnyOrder: true };
    expect(markAnswer(overlap, ['甲', '乙'], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
  });

  it('keeps blanks in order where the question does not say otherwise', () => {
    expect(markAnswer(inOrder, ['窒息法', '冷却法'], strict)).toEqual({ result: WRONG, scoreTenths: 0 });
    expect(markAnswer(inOrder, ['冷却法', '窒息法'], strict)).toEqual({ result: RIGHT, scoreTenths: 40 });
  });
});
