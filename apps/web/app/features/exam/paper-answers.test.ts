import { describe, expect, it } from 'vitest';
import { isAnswered, isTyped, stemParts, toSaved, withPart } from './paper-answers.ts';

describe('answers on the exam page', () => {
  it('splits a fill-in stem at its blanks (two or more underscores)', () => {
    expect(stemParts('灭火的三种基本方法是隔离法、____和____。')).toEqual(['灭火的三种基本方法是隔离法、', '和', '。']);
    expect(stemParts('A __ B')).toEqual(['A ', ' B']);
    expect(stemParts('snake_case stays')).toEqual(['snake_case stays']);
  });

  it('an answer of empty parts is no answer and is saved as none', () => {
    expect(isAnswered(['', '  '])).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(toSaved(['', ''])).toEqual([]);
    expect(isAnswered(['', 'A'])).toBe(true);
    expect(toSaved(['', 'A'])).toEqual(['', 'A']);
  });

  it('changes one blank or item and keeps the others in place', () => {
    expect(withPart([], 1, 3, 'x')).toEqual(['', 'x', '']);
    expect(withPart(['a', 'b'], 0, 2, 'c')).toEqual(['c', 'b']);
  });

  it('only fill-in and short answers are typed', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(isTyped)).toEqual([4, 5]);
  });
});
