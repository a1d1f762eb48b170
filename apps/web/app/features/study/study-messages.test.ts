import { describe, expect, it } from 'vitest';
import { pick } from '../../lib/i18n.ts';
import { quoted, studiedTime, studyMessages } from './study-messages.ts';

describe('studiedTime', () => {
  const zh = pick(studyMessages, 'zh');
  const en = pick(studyMessages, 'en');

  it('says minutes, hours and minutes, or under a minute', () => {
    expect(studiedTime(0, zh)).toBe('不到1分钟');
    expect(studiedTime(59, zh)).toBe('不到1分钟');
    expect(studiedTime(300, zh)).toBe('5分钟');
    expect(studiedTime(3900, zh)).toBe('1小时5分钟');
    expect(studiedTime(3900, en)).toBe('1 h 5 min');
    expect(studiedTime(-5, en)).toBe('under a minute');
  });

  it('quotes a course title in the language’s marks', () => {
    expect(quoted('安全生产', 'zh')).toBe('《安全生产》');
    expect(quoted('Safety', 'en')).toBe('“Safety”');
  });
});
