import { describe, expect, it } from 'vitest';
import { stemDisplayHtml } from './stem-html.ts';

describe('a stem as the pages show it (decision 054)', () => {
  const picture = '<img class="rich-image" style="content: url(/demo/question-electric-sign.svg)">';

  it('names each picture for screen readers in the page’s language', () => {
    expect(stemDisplayHtml(`<p>看图</p>${picture}`, 'zh')).toBe(
      `<p>看图</p><img alt="题干图片" class="rich-image" style="content: url(/demo/question-electric-sign.svg)">`,
    );
    expect(stemDisplayHtml(picture, 'en')).toContain('<img alt="Picture in the question" class="rich-image"');
  });

  it('numbers a fill-in’s blanks in its text where asked, not in its markup', () => {
    const stem = '<p class="a__b">隔离法、<strong>____</strong>和____。</p>';
    expect(stemDisplayHtml(stem, 'zh', (n) => `（${n}）`)).toBe(
      '<p class="a__b">隔离法、<strong><span class="portal-exam-gap">（1）</span></strong>和<span class="portal-exam-gap">（2）</span>。</p>',
    );
    expect(stemDisplayHtml(stem, 'zh')).toBe(stem);
  });

  it('shows a plain stem as its escaped lines', () => {
    expect(stemDisplayHtml('a < b\n<script>x</script>', 'en')).toBe(
      '<p>a &lt; b</p><p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
  });
});
