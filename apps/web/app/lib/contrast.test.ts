import { describe, expect, it } from 'vitest';
import {
  accessibleThemeColor,
  contrastRatio,
  hoverThemeColor,
  lightThemeTint,
  readableShade,
  readableText,
} from './contrast.ts';

describe('contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#999999', '#ffffff')).toBeCloseTo(2.85, 2);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('red', '#fff')).toBeNaN();
  });

  it('keeps a readable colour and darkens or lightens one that is not', () => {
    expect(readableShade('#333333', '#ffffff')).toBe('#333333');
    const darker = readableShade('#999999', '#ffffff');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darker, '#ffffff')).toBeLessThan(5);
    const lighter = readableShade('#777777', '#222222');
    expect(contrastRatio(lighter, '#222222')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(lighter, '#ffffff')).toBeLessThan(contrastRatio('#777777', '#ffffff'));
  });

  it('turns text that cannot move far enough to black or white, whichever reads best', () => {
    expect(readableText('#ffffff', '#d4600b')).toBe('#000000');
    expect(readableText('#333333', '#b4232a')).toBe('#ffffff');
    expect(readableText('#ffd591', '#8f1c22')).toBe('#ffd591');
    const moved = readableText('#999999', '#ffffff');
    expect(contrastRatio(moved, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(moved).not.toBe('#000000');
  });

  it.each(['#2468f2', '#b4232a', '#0b7d60', '#6b3fc9', '#d4600b', '#1668dc', '#ffd591'])(
    'gives every demo theme colour (%s) a shade readable on white and light tints and under white text',
    (color) => {
      const shade = accessibleThemeColor(color);
      expect(contrastRatio(shade, '#f0f0f0')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // Hovered (a primary button under the mouse): darker still, never the lighter shade.
      const hover = hoverThemeColor(color);
      expect(contrastRatio(hover, '#ffffff')).toBeGreaterThan(contrastRatio(shade, '#ffffff'));
    },
  );

  it('leaves a theme colour that is already readable as the tenant set it', () => {
    expect(accessibleThemeColor('#b4232a')).toBe('#b4232a');
    expect(accessibleThemeColor('#1668dc')).toBe('#1668dc');
  });

  it('gives every theme colour a tint it stays readable on (an orange one too)', () => {
    for (const color of ['#1668dc', '#d4600b', '#b4232a', '#00a870', '#faad14', '#722ed1']) {
      const tint = lightThemeTint(color);
      expect(contrastRatio(accessibleThemeColor(color), tint)).toBeGreaterThanOrEqual(4.5);
      expect(tint).not.toBe('#ffffff');
    }
  });
});
