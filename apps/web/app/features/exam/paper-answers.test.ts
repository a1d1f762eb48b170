import { describe, expect, it } from 'vitest';
import { isAnswered, isTyped, toSaved, withPart } from './paper-answers.ts';

describe('answers on the exam page', () => {
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
