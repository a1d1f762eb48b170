import { describe, expect, it } from 'vitest';
import type { StudyTaskItem } from '@portal/contract/calls/task';
import { pick } from '../../lib/i18n.ts';
import { taskMessages } from './task-messages.ts';
import { itemState, nextItemOf } from './task-parts.tsx';

const item = (over: Partial<StudyTaskItem>): StudyTaskItem => ({
  id: 1,
  position: 1,
  resourceType: 4,
  resourceId: 9,
  title: '讲义',
  required: true,
  locked: false,
  done: false,
  progressPercent: 0,
  completedAt: null,
  scoreTenths: null,
  minScoreTenths: null,
  examTaskId: null,
  waitingForMarking: false,
  attemptsLeft: false,
  checkInsMade: null,
  checkInsRequired: null,
  confirmed: null,
  downloadable: false,
  downloadCount: 0,
  previewUrl: '',
  fileName: '',
  ...over,
});

describe('the items of a task', () => {
  const zh = pick(taskMessages, 'zh');
  const en = pick(taskMessages, 'en');

  it('goes on with the first open item not done, else the first', () => {
    const items = [item({ id: 1, done: true }), item({ id: 2 }), item({ id: 3, locked: true })];
    expect(nextItemOf({ items })?.id).toBe(2);
    expect(nextItemOf({ items: [item({ id: 1, done: true }), item({ id: 2, done: true })] })?.id).toBe(1);
    expect(nextItemOf({ items: [] })).toBeUndefined();
  });

  it('says a locked item is locked whatever else it has', () => {
    expect(itemState(item({ locked: true, progressPercent: 40 }), false, zh)).toBe('未解锁');
    expect(itemState(item({ locked: true }), false, en)).toBe('Locked');
  });

  it('shows done, the share, the score, the check-ins and the mentor’s confirmation', () => {
    expect(itemState(item({ done: true }), false, zh)).toBe('已完成');
    expect(itemState(item({ progressPercent: 40 }), false, zh)).toBe('40%');
    expect(itemState(item({}), false, en)).toBe('Not done');
    expect(itemState(item({ resourceType: 7, done: true, scoreTenths: 855 }), false, zh)).toBe('已完成 · 成绩 85.5 分');
    expect(itemState(item({ resourceType: 11, checkInsMade: 3, checkInsRequired: 10 }), false, en)).toBe(
      'Checked in 3 of 10',
    );
    expect(itemState(item({ done: true, confirmed: false }), true, zh)).toBe('已完成 · 待导师确认');
    expect(itemState(item({ done: true, confirmed: true }), true, en)).toBe('Done · Confirmed by the mentor');
  });
});
