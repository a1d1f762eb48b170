import { describe, expect, it } from 'vitest';
import { examPagePath, fromTaskOf } from './exam-paths.ts';

describe('an exam opened from a study task', () => {
  it('keeps the task item through the exam pages’ addresses', () => {
    const fromTask = { taskId: 12, itemId: 34 };
    expect(examPagePath('info', 'zh', { id: 5, fromTask })).toBe('/account/exam/info?id=5&taskId=12&itemId=34');
    expect(examPagePath('examSuccess', 'en', { attemptId: 9, fromTask })).toBe(
      '/en/account/exam/examSuccess?attemptId=9&taskId=12&itemId=34',
    );
    expect(examPagePath('examQuestion', 'zh', { attemptId: 9, fromTask: null })).toBe(
      '/account/exam/examQuestion?attemptId=9',
    );
  });

  it('reads it back only when both ids are valid', () => {
    expect(fromTaskOf(new URLSearchParams('id=5&taskId=12&itemId=34'))).toEqual({ taskId: 12, itemId: 34 });
    expect(fromTaskOf(new URLSearchParams('id=5&taskId=12'))).toBeNull();
    expect(fromTaskOf(new URLSearchParams('taskId=0&itemId=34'))).toBeNull();
    expect(fromTaskOf(new URLSearchParams('taskId=12&itemId=2147483648'))).toBeNull();
    expect(fromTaskOf(new URLSearchParams('taskId=1e3&itemId=34'))).toBeNull();
  });
});
