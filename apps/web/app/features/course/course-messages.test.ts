import { describe, expect, it } from 'vitest';
import { pick } from '../../lib/i18n.ts';
import { courseMessages, periodCountText } from './course-messages.ts';

describe("the course page's lesson count", () => {
  it('says how many lessons are required when some are optional, as the progress beside it counts them', () => {
    const zh = pick(courseMessages, 'zh');
    const en = pick(courseMessages, 'en');
    // px courses 54 and 58: four lessons, the summary optional; the progress reads 已完成 0/3 课时.
    expect(periodCountText(zh, 4, 3)).toBe('共 4 课时（必修 3）');
    expect(periodCountText(en, 4, 3)).toBe('4 lessons (3 required)');
    expect(periodCountText(zh, 3, 3)).toBe('共 3 课时');
    expect(periodCountText(en, 3, 3)).toBe('3 lessons');
  });
});
