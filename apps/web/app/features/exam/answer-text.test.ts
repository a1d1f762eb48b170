import { describe, expect, it } from 'vitest';
import { answerText, blanksText } from './answer-text.ts';

const words = { true: '正确', false: '错误' };
// Shuffled options: the letters are the positions the learner saw, not the keys.
const choice = (questionType: number) => ({
  questionType,
  options: [
    { key: 'C', text: 'c' },
    { key: 'A', text: 'a' },
    { key: 'B', text: 'b' },
  ],
  items: [],
});

describe('answers in words', () => {
  it('names chosen options by their letter on the paper', () => {
    expect(answerText(choice(1), ['A'], 'zh', words)).toBe('B');
    expect(answerText(choice(2), ['B', 'C'], 'zh', words)).toBe('A、C');
    expect(answerText(choice(7), ['B', 'C'], 'en', words)).toBe('A, C');
  });

  it('true/false, blanks, matching and a short answer', () => {
    expect(answerText({ questionType: 3, options: [], items: [] }, ['F'], 'zh', words)).toBe('错误');
    expect(answerText({ questionType: 4, options: [], items: [] }, ['窒息法', ''], 'zh', words)).toBe(
      '（1）窒息法 （2）—',
    );
    const matching = {
      questionType: 6,
      options: [
        { key: 'A', text: '警告' },
        { key: 'B', text: '禁止' },
      ],
      items: [
        { key: '1', text: '红色' },
        { key: '2', text: '黄色' },
      ],
    };
    expect(answerText(matching, ['B', ''], 'zh', words)).toBe('红色 → B；黄色 → —');
    expect(answerText({ questionType: 5, options: [], items: [] }, ['先断电'], 'zh', words)).toBe('先断电');
  });

  it('no answer is empty', () => {
    expect(answerText(choice(1), [], 'zh', words)).toBe('');
    expect(answerText({ questionType: 4, options: [], items: [] }, ['', ''], 'zh', words)).toBe('');
  });

  it('lists the accepted answers of each blank', () => {
    expect(blanksText([['smothering', 'smother'], ['cooling']], 'en')).toBe('(1)smothering / smother (2)cooling');
  });
});
