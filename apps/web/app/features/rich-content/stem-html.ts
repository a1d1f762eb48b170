import { escapeHtml, markStemBlanks, stemHtml } from '@portal/contract/rich-stem';

/** What a screen reader says of a picture in a stem (the stored HTML keeps no alt text, decision 005). */
const IMAGE_ALT = { zh: '题干图片', en: 'Picture in the question' } as const;

/**
 * The HTML a stem shows as: the gateway's sanitised HTML (a plain stem converted, should one come),
 * a fill-in's blanks shown as `blank(n)` where given, and each picture named for screen readers.
 * Only markup of our own is added, so the HTML stays what the server sanitised.
 */
export function stemDisplayHtml(stem: string, lang: 'zh' | 'en', blank?: (n: number) => string): string {
  const html = stemHtml(stem);
  const marked = blank
    ? markStemBlanks(html, (n) => `<span class="portal-exam-gap">${escapeHtml(blank(n))}</span>`)
    : html;
  return marked.replace(/<img\b/gi, `<img alt="${escapeHtml(IMAGE_ALT[lang])}"`);
}
